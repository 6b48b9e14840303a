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
from tutor.core.i18n import translator
from tutor.core.options import table

from .board import Board

#: default names: the rulebook's four, then two more
NAMES = ("Anne", "Carl", "Marc", "Herman", "Lies", "Tom")
OPTIONS = {"players", "skip", "map"}

T = translator("canyon")


def read_options(options: Mapping[str, object] | None) -> tuple[tuple[str, ...], bool, Board]:
    """Players (3-6: a number or names), skip (bool), map (a built-in map's name)."""
    options = table(options)
    unknown = set(options) - OPTIONS
    if unknown:
        raise BadOption(T.n_("unknown option {names}; Canyon knows {known}",
                             "unknown options {names}; Canyon knows {known}", len(unknown),
                             names=", ".join(sorted(map(str, unknown))),
                             known=", ".join(sorted(OPTIONS))),
                        where=sorted(map(str, unknown))[0])
    chosen = options.get("players", 4)
    if isinstance(chosen, int) and not isinstance(chosen, bool):
        if not 3 <= chosen <= 6:
            raise BadOption(T._("Canyon is for 3 to 6 players, not {count}", count=chosen),
                            where="players")
        players = NAMES[:chosen]
    elif isinstance(chosen, (list, tuple)) and all(isinstance(n, str) for n in chosen):
        players = tuple(n.strip() for n in chosen)
        if not 3 <= len(players) <= 6:
            raise BadOption(T._("Canyon is for 3 to 6 players, not {count}", count=len(players)),
                            where="players")
        # one word each, as the position text writes them ("players: Anne Carl Marc"), and
        # no ':' or '#' (they end a move's name and start a comment)
        if any(not n or len(n.split()) != 1 or set(n) & set(":#") for n in players) or len(
                set(map(str.lower, players))) < len(players):
            raise BadOption(T._("player names must be different, not empty, one word each, "
                                "without ':' or '#'"), where="players")
    else:
        raise BadOption(T._("players is a number 3-6 or a list of names, not {value}",
                            value=repr(chosen)), where="players")
    skip = options.get("skip", False)
    if not isinstance(skip, bool):
        raise BadOption(T._("skip is true or false, not {value}", value=repr(skip)), where="skip")
    name = options.get("map", "default")
    if not isinstance(name, str):
        raise BadOption(T._("map is the name of a built-in map, not {value}", value=repr(name)),
                        where="map")
    try:
        board = Board.builtin(name)
    except BadState as exc:  # re-raised as an option problem
        raise BadOption(exc.problem, where="map") from None
    return players, skip, board
