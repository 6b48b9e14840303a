"""Reading Nim's options: the heap, the variant, the players' names."""
from __future__ import annotations

from typing import Mapping

from tutor.core import options as read
from tutor.core.errors import BadOption

from .variants import VARIANTS


def read_options(options: Mapping[str, object] | None) -> tuple[tuple[str, ...], int, str]:
    """(players, heap, variant), checked; BadOption names the option that is wrong."""
    given = read.known(options, ("heap", "variant", "players"))
    heap = read.whole_number(given, "heap", 1, 1000, default=10)
    variant = read.choice(given, "variant", VARIANTS, default="normal")
    players = given.get("players", ["P1", "P2"])
    if (not isinstance(players, (list, tuple)) or len(players) != 2 or players[0] == players[1]
            or not all(isinstance(p, str) and p.isidentifier() for p in players)):
        raise BadOption(f"players are two different one-word names, not {players!r}",
                        where="players")
    return tuple(players), heap, variant
