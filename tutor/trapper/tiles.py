"""The 64 loot tiles of Trapper, as data, and the board's geometry.

Tile ids are fixed: 0-17 canoes (per species, capacities 1, 2, 3), 18-53 animals (per
species, values 1, 2, 2, 3, 3, 4), 54-58 herbs 1-5, 59-63 mushrooms 1-5. Which side of a
tile has water is not printed in the text, so it is part of a game's state (see
:mod:`tutor.trapper.state`), not of the tile.

>>> TILES[0].name, TILES[2].name, TILES[18 + 6 * 3 + 5].name, TILES[63].name
('canoe of 1 mink', 'canoe of 3 minks', 'bear 4', 'mushroom 5')
>>> TILES[11].code, by_code("canoe-bear3") == 11
('canoe-bear3', True)
>>> square_name(0), square_name(63), square_index("d5")
('a1', 'h8', 35)
>>> [square_name(n) for n in NEIGHBOURS[square_index("a1")].values()]
['a2', 'b1']
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

#: The six species, in the rulebook's order (mink, lynx, elk/moose, brown bear, wolf, salmon).
SPECIES = ("mink", "lynx", "elk", "bear", "wolf", "salmon")
PLURAL = {"mink": "minks", "lynx": "lynxes", "elk": "elk", "bear": "bears", "wolf": "wolves",
          "salmon": "salmon"}
#: Values of the six tiles of one species (the digest's reading).
ANIMAL_VALUES = (1, 2, 2, 3, 3, 4)
CAPACITIES = (1, 2, 3)

#: Trapper (and card) colours, in a fixed order; hands count cards in this order.
COLOURS = ("green", "blue", "beige", "purple")
#: Water sides: north (towards rank 8), east (towards file h), south, west.
SIDES = ("N", "E", "S", "W")

CANOE, ANIMAL, HERB, MUSHROOM = "canoe", "animal", "herb", "mushroom"


@dataclass(frozen=True)
class Tile:
    """One loot tile. ``value`` is the capacity for a canoe (animals shown on it)."""

    id: int
    kind: str  # canoe | animal | herb | mushroom
    value: int
    species: str | None = None  # animals and canoes

    @cached_property  # names are asked for on every legal-move listing
    def name(self) -> str:
        """Readable name: ``bear 4``, ``canoe of 3 bears``, ``herb 1``, ``mushroom 5``."""
        if self.kind == CANOE:
            species = self.species or ""
            animals = species if self.value == 1 else PLURAL[species]
            return f"canoe of {self.value} {animals}"
        return f"{self.species or self.kind} {self.value}"

    @cached_property
    def code(self) -> str:
        """Short token used in position texts: ``bear4``, ``canoe-bear3``, ``herb1``."""
        if self.kind == CANOE:
            return f"canoe-{self.species}{self.value}"
        return f"{self.species or self.kind}{self.value}"


_KINDS = ([(CANOE, c, s) for s in SPECIES for c in CAPACITIES]
          + [(ANIMAL, v, s) for s in SPECIES for v in ANIMAL_VALUES]
          + [(kind, v, None) for kind in (HERB, MUSHROOM) for v in range(1, 6)])
TILES: tuple[Tile, ...] = tuple(Tile(i, *kind) for i, kind in enumerate(_KINDS))
assert len(TILES) == 64

_BY_CODE: dict[str, tuple[int, ...]] = {}
_BY_NAME: dict[str, tuple[int, ...]] = {}
for _t in TILES:
    _BY_CODE[_t.code] = _BY_CODE.get(_t.code, ()) + (_t.id,)
    _BY_NAME[_t.name] = _BY_NAME.get(_t.name, ()) + (_t.id,)


def ids_by_code(code: str) -> tuple[int, ...]:
    """Every tile id with that code (two ``bear2`` tiles exist); () if none."""
    return _BY_CODE.get(code, ())


def ids_by_name(name: str) -> tuple[int, ...]:
    """Every tile id with that readable name; () if none."""
    return _BY_NAME.get(name, ())


def by_code(code: str) -> int | None:
    """The first tile id with that code, or None."""
    found = _BY_CODE.get(code)
    return found[0] if found else None


# ---- the board -----------------------------------------------------------------------------
FILES = "abcdefgh"
CENTRE = (27, 28, 35, 36)  # d4, e4, d5, e5


def square_name(square: int) -> str:
    """Chess-like: files a-h left to right, ranks 1-8 bottom to top (rank 8 is north)."""
    return f"{FILES[square % 8]}{square // 8 + 1}"


def square_index(name: str) -> int | None:
    """The index of a square name like ``c5``, or None if it is not one."""
    if len(name) == 2 and name[0] in FILES and name[1] in "12345678":
        return (int(name[1]) - 1) * 8 + FILES.index(name[0])
    return None


def _neighbours(square: int) -> dict[str, int]:
    rank, file = divmod(square, 8)
    steps = (("N", rank < 7, 8), ("E", file < 7, 1), ("S", rank > 0, -8), ("W", file > 0, -1))
    return {side: square + step for side, inside, step in steps if inside}


#: Per square: side -> the orthogonal neighbour on that side.
NEIGHBOURS: tuple[dict[str, int], ...] = tuple(_neighbours(sq) for sq in range(64))
