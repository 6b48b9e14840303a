"""Reading Nim's options: the heap, the variant, the players' names."""
from __future__ import annotations

from typing import Mapping

from tutor.core.errors import BadOption

from .variants import VARIANTS

KNOWN = ("heap", "variant", "players")


def read_options(options: Mapping[str, object] | None) -> tuple[tuple[str, ...], int, str]:
    """(players, heap, variant), checked; BadOption names the option that is wrong."""
    options = dict(options or {})
    for key in options:
        if key not in KNOWN:
            raise BadOption(f"unknown option; Nim knows {', '.join(KNOWN)}", where=key)
    heap = options.get("heap", 10)
    if not isinstance(heap, int) or isinstance(heap, bool) or not 1 <= heap <= 1000:
        raise BadOption(f"heap must be a whole number of at least 1, not {heap!r}", where="heap")
    variant = options.get("variant", "normal")
    if variant not in VARIANTS:
        raise BadOption(f"variant is one of {', '.join(VARIANTS)}, not {variant!r}",
                        where="variant")
    players = options.get("players", ["P1", "P2"])
    if (not isinstance(players, (list, tuple)) or len(players) != 2 or players[0] == players[1]
            or not all(isinstance(p, str) and p.isidentifier() for p in players)):
        raise BadOption(f"players are two different one-word names, not {players!r}",
                        where="players")
    return tuple(players), heap, str(variant)
