"""A computer player: leave the heap a multiple of 4 when it can (misère: one more)."""
from __future__ import annotations

from .moves import Take
from .state import NimState


def choose(state: NimState) -> Take:
    spare = 1 if state.variant == "misere" else 0
    count = (state.heap - spare) % 4
    return Take(count if 1 <= count <= min(3, state.heap) else 1)
