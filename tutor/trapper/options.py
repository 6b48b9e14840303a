"""Trapper's options: the players (2-4, a number or names) and the variant."""
from __future__ import annotations

from typing import Mapping

from tutor.core.errors import BadOption
from tutor.core.i18n import translator
from tutor.core.options import known

from .state import VARIANTS

T = translator("trapper")


def read_options(options: Mapping[str, object] | None) -> tuple[tuple[str, ...], str]:
    """Players (2-4, a number or a list of names) and variant; BadOption otherwise.

    >>> read_options({"players": 3, "variant": "young"})
    (('P1', 'P2', 'P3'), 'young')
    >>> read_options({"players": 5})
    Traceback (most recent call last):
    ...
    tutor.core.errors.BadOption: players: Trapper is for 2 to 4 players, not 5
    """
    options = known(options, ("players", "variant"))
    players = options.get("players", 2)
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 4:
            raise BadOption(T._("Trapper is for 2 to 4 players, not {n}", n=players),
                            where="players")
        names = tuple(f"P{i + 1}" for i in range(players))
    elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
        names = tuple(p.strip() for p in players)
        if not 2 <= len(names) <= 4:
            raise BadOption(T._("Trapper is for 2 to 4 players, not {n}", n=len(names)),
                            where="players")
        if len(set(names)) != len(names) or not all(names) or any(
                set(p) & set(".:,|") for p in names):
            raise BadOption(T._("player names must be different, not empty, without . : , |"),
                            where="players")
    else:
        raise BadOption(T._("players must be a number (2-4) or a list of names, not {value}",
                            value=repr(players)),
                        where="players")
    variant = options.get("variant", "standard")
    if variant not in VARIANTS:
        raise BadOption(T._("variant must be one of {variants}, not {value}",
                            variants=", ".join(VARIANTS), value=repr(variant)),
                        where="variant")
    return names, variant
