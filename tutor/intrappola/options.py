"""Reading InTrappola's options: the players' names and how many pictures lie side by side.

>>> read_options({"pictures": 2})
(('Anna', 'Bruno'), 2)
>>> read_options({"pictures": 9})
Traceback (most recent call last):
...
tutor.core.errors.BadOption: pictures: the number of pictures must be a whole number from 1 to 4, not 9

A refusal says the options in the learner's words, as the other games do ("the players must
be ..."; "pictures must be" was the option's code); ``where`` names the option.
"""
from __future__ import annotations

import re
from typing import Mapping

from tutor.core import options as read
from tutor.core.options import table
from tutor.core.errors import BadOption
from tutor.core.i18n import translator

T = translator("intrappola")

DEFAULT_PLAYERS = ("Anna", "Bruno")
#: the most pictures a game may lay side by side (the rulebook says "two or more")
MAX_PICTURES = 4
#: the most discard turns in a row a state may count (a position text or a saved game)
MOST_QUIET = 10_000
#: a player's name: one word
NAME = re.compile(r"[A-Za-z][\w-]*")



def read_options(options: Mapping[str, object] | None) -> tuple[tuple[str, str], int]:
    """(players, pictures), checked; BadOption names the option that is wrong."""
    given = table(options)
    read.unknown(given, ("pictures", "players"), "InTrappola")
    pictures = given.get("pictures", 1)
    if (not isinstance(pictures, int) or isinstance(pictures, bool)
            or not 1 <= pictures <= MAX_PICTURES):
        raise BadOption(T._("the number of pictures must be a whole number from 1 to {most}, "
                            "not {value}", most=MAX_PICTURES, value=repr(pictures)[:60]),
                        where="pictures")
    players = given.get("players", DEFAULT_PLAYERS)
    if (not isinstance(players, (list, tuple)) or len(players) != 2
            or not all(isinstance(p, str) and NAME.fullmatch(p) for p in players)
            or players[0] == players[1]):
        raise BadOption(T._("the players must be two different one-word names, not {value}",
                            value=repr(players)[:60]), where="players")
    return (players[0], players[1]), pictures
