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
from tutor.core.options import table, unknown

from .board import Board

#: default names: the rulebook's four, then two more
NAMES = ("Anne", "Carl", "Marc", "Herman", "Lies", "Tom")
OPTIONS = {"players", "skip", "map"}

T = translator("canyon")


def skip_names() -> dict[bool, str]:
    """The skip rule's two values as free play's "Rounds" menu names them (widgets/games/
    canyon.py), in the learner's language: a refusal says them so ("skip is true or false"
    was the option's code)."""
    return {False: T._("every round (8 cards down to 1 and back up)"),
            True: T._("skip rounds 6-9 (the short rounds)")}


def read_options(options: Mapping[str, object] | None) -> tuple[tuple[str, ...], bool, Board]:
    """Players (3-6: a number or names), skip (bool), map (a built-in map's name)."""
    options = table(options)
    unknown(options, sorted(OPTIONS), "Canyon", where=None)  # where: the first unknown one
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
        raise BadOption(T._("Players: a number from 3 to 6 or the players’ names, not {value}",
                            value=repr(chosen)[:60]), where="players")
    skip = options.get("skip", False)
    if not isinstance(skip, bool):
        raise BadOption(T._("Rounds: choose one of {choices}, not {value}",
                            choices=", ".join(f"“{n}”" for n in skip_names().values()),
                            value=repr(skip)[:60]), where="skip")
    name = options.get("map", "default")
    try:
        if not isinstance(name, str):
            raise BadState("not a map's name")
        board = Board.builtin(name)
    except BadState:  # re-raised as an option problem, without the maps' file names
        raise BadOption(T._("the map must be one of the game’s own maps, not {value}",
                            value=repr(name)[:60]), where="map") from None
    return players, skip, board
