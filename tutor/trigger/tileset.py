"""The tile set (a data file, ``tiles.toml``: a reconstruction) and drawing a board from a bag.

>>> len(TILES), TILES.count(STAR)
(44, 8)
>>> board, bag = draw(seed=3, colour="blue")
>>> len(board), len(bag), sorted(board + bag) == sorted(TILES)
(36, 8, True)
>>> draw(seed=3, colour="blue") == (board, bag)
True
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from tutor.core import rng

from .board import CELLS, STAR

_DATA = tomllib.loads((Path(__file__).parent / "tiles.toml").read_text(encoding="utf-8"))
#: the 44 tiles of one colour (STAR for a star)
TILES: tuple[int, ...] = tuple(
    STAR if name == "star" else int(name)
    for name, count in _DATA["count"].items()
    for _ in range(count)
)
COLOURS = ("blue", "yellow")


def draw(seed: int, colour: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The 36 tiles drawn blind into the compartments (top left first), and the bag's rest."""
    bag = list(TILES)
    rng(seed, "bag", colour).shuffle(bag)
    return tuple(bag[:CELLS]), tuple(sorted(bag[CELLS:]))
