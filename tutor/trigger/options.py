"""Reading Trigger's options: the mode (two players, teams, solo), the scoring, the doubles,
the rounds and the players' names. Every problem is a BadOption naming the option.

>>> read_options({"mode": "2v1"})[1:]
(('Anna', 'Ben', 'Cleo'), ((0, 1), (2,)))
>>> read_options({"mode": "3v3"})
Traceback (most recent call last):
...
tutor.core.errors.BadOption: mode: Game: choose one of “two players”, “teams, 2 against 1”, “teams, 2 against 2”, “solo”, not '3v3'

A refusal says the options in the learner's words: the mode as free play's setup menu "Game"
names it (widgets/games/trigger.py), the others as the rulebook does ("mode moet een van two,
2v1, 2v2, solo zijn" was the option's code); ``where`` names the option.
"""
from __future__ import annotations

from typing import Mapping

from tutor.core import options as read
from tutor.core.options import table
from tutor.core.errors import BadOption
from tutor.core.i18n import translator

from . import scoring
from .dice import DOUBLINGS
from .state import Setup

T = translator("trigger")

Sides = tuple[tuple[int, ...], ...]

MODES: dict[str, tuple[tuple[str, ...], Sides]] = {
    # mode: (default player names, sides as player indices)
    "two": (("Anna", "Ben"), ((0,), (1,))),
    "2v1": (("Anna", "Ben", "Cleo"), ((0, 1), (2,))),
    "2v2": (("Anna", "Ben", "Cleo", "Dirk"), ((0, 1), (2, 3))),
    "solo": (("Solo",), ((0,),)),
}
SCORINGS = tuple(scoring.SCORINGS)
DOUBLES = tuple(DOUBLINGS)
BAD_ROLLS = ("reroll", "keep")
NAMES = ("mode", "scoring", "doubles", "rounds", "bad_rolls", "players")


def mode_names() -> dict[str, str]:
    """Each mode as the setup menu "Game" names it, in the learner's language."""
    return {"two": T._("two players"), "2v1": T._("teams, 2 against 1"),
            "2v2": T._("teams, 2 against 2"), "solo": T._("solo")}


def good_names(given: list[object] | tuple[object, ...], count: int) -> bool:
    """Whether ``given`` is ``count`` different names without spaces, '+', ':' or '#'."""
    return (len(given) == count
            and all(isinstance(n, str) and n.strip() and "+" not in n and " " not in n
                    and ":" not in n and "#" not in n for n in given)
            and len(set(given)) == len(given))



def read_options(options: Mapping[str, object] | None) -> tuple[Setup, tuple[str, ...], Sides]:
    """Check the options; the setup, the player names and the sides."""
    given = table(options)
    # an option's name as given, which may be no text at all (a table read from JSON or code)
    read.unknown(given, NAMES, "Trigger", where=None)  # where: the first unknown one
    mode = read.choice(given, "mode", MODES, "two", T._("Game"), mode_names())
    scoring = read.choice(given, "scoring", SCORINGS, "points", T._("The winner"),
                          {"points": T._("the fewest points"), "rounds": T._("the most rounds won")})
    doubles = read.choice(given, "doubles", DOUBLES, "double", T._("A double on the dice"),
                          {"double": T._("counts double"), "multiply": T._("the dice multiplied")})
    rounds = given.get("rounds", 2)
    if (not isinstance(rounds, int) or isinstance(rounds, bool)
            or not 1 <= rounds <= (9 if mode == "solo" else 2)):
        raise BadOption(T._("the number of rounds must be 1 or 2 (a solo game: 1 to 9 tries), "
                            "not {rounds}", rounds=repr(rounds)[:60]), where="rounds")
    bad_rolls = read.choice(given, "bad_rolls", BAD_ROLLS, "reroll", T._("A roll too bad to use"),
                            {"reroll": T._("rolled again"), "keep": T._("kept")})
    names, sides = MODES[mode]
    if "players" in given:
        players = given["players"]
        if not isinstance(players, (list, tuple)) or not good_names(players, len(names)):
            raise BadOption(T.n_("the player must be {count} name without spaces for the game "
                                 "“{mode}”, not {players}",
                                 "the players must be {count} different names without spaces "
                                 "for the game “{mode}”, not {players}", len(names),
                                 count=len(names), mode=mode_names()[mode],
                                 players=repr(players)[:60]), where="players")
        names = tuple(str(n) for n in players)
    return Setup(mode, scoring, doubles, rounds, bad_rolls), names, sides
