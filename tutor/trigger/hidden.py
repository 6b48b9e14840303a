"""What the table shows of a Trigger match, and what there is to deal again (nothing).

A face-down tile hides its value from the table, and the bags stay closed. Nothing is dealt
again to play on from here: every tile lay face up in full view when the round began (a
face-down tile hides its value from the table, not from the player who watched it turned),
the bags hold what the layouts left of each colour's set, and the dice are rolled as play
goes on (chance moves, not part of the state).
"""
from __future__ import annotations

from tutor.core.frozen import evolve
from tutor.core.inputs import seat

from .board import Board
from .state import TriggerState


#: the value a hidden tile shows in an observation
HIDDEN = -1



def observation(state: TriggerState, player: int) -> TriggerState:
    """What the table shows: face-down tiles hide their values, the bags stay closed."""
    seat(player, len(state.players))
    boards = tuple(Board(tuple(HIDDEN if d else v for v, d in zip(b.values, b.down)), b.down)
                   for b in state.boards)
    return evolve(state, boards=boards, layouts=boards, bags=((),) * len(state.bags))


def resample(state: TriggerState, player: int, seed: int) -> TriggerState:
    """The state itself: nothing is hidden from the player (see the module docstring)."""
    seat(player, len(state.players))
    return state
