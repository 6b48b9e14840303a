"""Trapper's options: the players (2-4, a number or names), the variant, and the two
simplifications for young players, each on its own (``bonus_tiles``, ``water_rule``)."""
from __future__ import annotations

from typing import Mapping

from tutor.core.errors import BadOption
from tutor.core.i18n import translator
from tutor.core.options import table, unknown

from .state import VARIANTS

T = translator("trapper")


#: the options Trapper reads
OPTIONS = ("players", "variant", "bonus_tiles", "water_rule")
#: the young players' simplifications as options: (option, its variant alone)
SIMPLER = (("bonus_tiles", "no-bonus"), ("water_rule", "no-water"))


# A refusal says the options as free play's setup menu does (widgets/games/trapper.py: its
# "Rules" menu; the "Players" one): a learner loading a hand-edited saved game read "variant
# must be one of standard, young, ..." ("players moet een getal (2-4)" in Dutch).
def variant_names() -> dict[str, str]:
    """Each variant as the setup menu's "Rules" names it, in the learner's language."""
    return {"standard": T._("standard"), "no-bonus": T._("young players: no bonus tiles"),
            "no-water": T._("young players: no water rule"), "young": T._("young players: both"),
            "tactical": T._("tactical (auction)")}


def simplification_names() -> dict[str, str]:
    """The young players' two simplifications, as options, in the learner's words."""
    return {"bonus_tiles": T._("the bonus tiles"), "water_rule": T._("the water rule")}


def read_options(options: Mapping[str, object] | None) -> tuple[tuple[str, ...], str]:
    """Players (2-4, a number or a list of names) and variant; BadOption otherwise.

    The variant for young players is two simplifications the rulebook offers separately
    (Dutch line 335, Italian line 254): ``bonus_tiles = false`` (variant ``no-bonus``) and
    ``water_rule = false`` (variant ``no-water``); ``variant = "young"`` means both.

    >>> read_options({"players": 3, "variant": "young"})
    (('P1', 'P2', 'P3'), 'young')
    >>> [read_options(o)[1] for o in ({"water_rule": False}, {"bonus_tiles": False},
    ...                               {"bonus_tiles": False, "water_rule": False})]
    ['no-water', 'no-bonus', 'young']
    >>> read_options({"players": 5})
    Traceback (most recent call last):
    ...
    tutor.core.errors.BadOption: players: Trapper is for 2 to 4 players, not 5
    >>> read_options({"variant": "kids"})
    Traceback (most recent call last):
    ...
    tutor.core.errors.BadOption: variant: Rules: choose one of “standard”, “young players: no bonus tiles”, “young players: no water rule”, “young players: both”, “tactical (auction)”, not 'kids'
    """
    options = table(options)
    unknown(options, OPTIONS, "Trapper")  # in the learner's words (a saved game's setup)
    players = options.get("players", 2)
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 4:
            raise BadOption(T._("Trapper is for 2 to 4 players, not {n}", n=players),
                            where="players")
        names = tuple(f"P{i + 1}" for i in range(players))
    elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        names = tuple(" ".join(p.split()) for p in players)  # spaces as a position writes them
        if not 2 <= len(names) <= 4:
            raise BadOption(T._("Trapper is for 2 to 4 players, not {n}", n=len(names)),
                            where="players")
        if len(set(names)) != len(names) or not all(names) or any(  # as a position writes them
                set(p) & set(".:,|#") or not p.isprintable() for p in names):
            raise BadOption(T._("player names must be different, not empty, without . : , | #"),
                            where="players")
    else:
        raise BadOption(T._("Players: a number from 2 to 4 or the players’ names, not {value}",
                            value=repr(players)[:60]),
                        where="players")
    variant = options.get("variant", "standard")
    if variant not in VARIANTS:
        menu = variant_names()
        raise BadOption(T._("Rules: choose one of {choices}, not {value}",
                            choices=", ".join(f"“{menu[v]}”" for v in menu if v in VARIANTS),
                            value=repr(variant)[:60]),
                        where="variant")
    return names, _simpler(options, str(variant))


def _simpler(options: Mapping[str, object], variant: str) -> str:
    """The variant once ``bonus_tiles`` and ``water_rule`` are read: each one left out (false)
    is that simplification; both make ``young``."""
    given = [(key, alone) for key, alone in SIMPLER if key in options]
    if not given:
        return variant
    left_out = {alone for _, alone in SIMPLER if variant in (alone, "young")}
    for key, alone in given:
        value = options[key]
        option = simplification_names()[key]
        if not isinstance(value, bool):
            raise BadOption(T._("Play with {option}: yes or no, not {value}",
                                option=option, value=repr(value)[:60]), where=key)
        if variant == "tactical" and not value:
            names = variant_names()
            raise BadOption(T._("the simplifications for young players go with the rules "
                                "“{standard}”, not “{tactical}”", standard=names["standard"],
                                tactical=names["tactical"]), where=key)
        if value and alone in left_out:
            raise BadOption(T._("the rules “{variant}” are played without {option}",
                                variant=variant_names()[variant], option=option), where=key)
        if not value:
            left_out.add(alone)
    if left_out == {"no-bonus", "no-water"}:
        return "young"
    return next(iter(left_out), variant)
