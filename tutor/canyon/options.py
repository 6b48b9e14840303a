"""Canyon's options: the players (3-6, a number or names), the skip rule, the map.

>>> read_options({"players": 3})[0]
('Anne', 'Carl', 'Marc')
>>> read_options({"players": 7})
Traceback (most recent call last):
...
tutor.core.errors.BadOption: players: Canyon is for 3 to 6 players, not 7
"""
from __future__ import annotations

from typing import Mapping

from tutor.core.errors import BadOption, BadState

from .board import Board

#: default names: the rulebook's four, then two more
NAMES = ("Anne", "Carl", "Marc", "Herman", "Lies", "Tom")
OPTIONS = {"players", "skip", "map"}


def read_options(options: Mapping[str, object] | None) -> tuple[tuple[str, ...], bool, Board]:
    """Players (3-6: a number or names), skip (bool), map (a built-in map's name)."""
    options = dict(options or {})
    unknown = set(options) - OPTIONS
    if unknown:
        raise BadOption(f"unknown option(s) {sorted(unknown)}; Canyon knows {sorted(OPTIONS)}",
                        where=sorted(unknown)[0])
    chosen = options.get("players", 4)
    if isinstance(chosen, int) and not isinstance(chosen, bool):
        if not 3 <= chosen <= 6:
            raise BadOption(f"Canyon is for 3 to 6 players, not {chosen}", where="players")
        players = NAMES[:chosen]
    elif isinstance(chosen, (list, tuple)) and all(isinstance(n, str) for n in chosen):
        players = tuple(n.strip() for n in chosen)
        if not 3 <= len(players) <= 6:
            raise BadOption(f"Canyon is for 3 to 6 players, not {len(players)}", where="players")
        if any(not n or ":" in n for n in players) or len(set(map(str.lower, players))) < len(players):
            raise BadOption("player names must be different, not empty, and without ':'",
                            where="players")
    else:
        raise BadOption(f"players is a number 3-6 or a list of names, not {chosen!r}", where="players")
    skip = options.get("skip", False)
    if not isinstance(skip, bool):
        raise BadOption(f"skip is true or false, not {skip!r}", where="skip")
    name = options.get("map", "default")
    if not isinstance(name, str):
        raise BadOption(f"map is the name of a built-in map, not {name!r}", where="map")
    try:
        board = Board.builtin(name)
    except BadState as exc:  # re-raised as an option problem
        raise BadOption(exc.problem, where="map") from None
    return players, skip, board
