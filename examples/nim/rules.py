"""The one check (``violation``) shared by listing and applying moves, and what a move does."""
from __future__ import annotations

from tutor.core.frozen import evolve, set_item
from tutor.core.game import Violation

from .moves import Take
from .state import NimState

MOST = 3  # a turn takes 1 to MOST counters


def violation(state: NimState, move: Take) -> Violation | None:
    if state.heap == 0:
        return Violation("nim.over")
    if not isinstance(move, Take) or move.count not in range(1, MOST + 1):
        return Violation("nim.take", {"count": getattr(move, "count", move)})
    if move.count > state.heap:
        return Violation("nim.take.heap", {"left": state.heap})
    return None


def play(state: NimState, move: Take) -> NimState:
    taken = set_item(state.taken, state.turn, state.taken[state.turn] + move.count)
    return evolve(state, heap=state.heap - move.count, turn=1 - state.turn, taken=taken)
