"""What the table shows of a Trigger match, and what there is to deal again (nothing).

A face-down tile hides its value from the table, and the bags stay closed. Nothing is dealt
again to play on from here: every tile lay face up in full view when the round began (a
face-down tile hides its value from the table, not from the player who watched it turned),
the bags hold what the layouts left of each colour's set, and the dice are rolled as play
goes on (chance moves, not part of the state).
"""
from __future__ import annotations

from tutor.core.errors import MalformedInput
from tutor.core.frozen import evolve
from tutor.core.i18n import translator

from .board import Board
from .state import TriggerState

T = translator("trigger")

#: the value a hidden tile shows in an observation
HIDDEN = -1


def seat(state: TriggerState, player: object) -> int:
    """``player``, a player's number (0 to the number of players - 1), else a MalformedInput
    naming it: what the table shows is the same for every player, but a number that is no
    player's is not read as one."""
    count = len(state.players)
    if type(player) is int and 0 <= player < count:
        return player
    big = isinstance(player, int) and player.bit_length() > 64  # no text of 5,000 digits
    text = "..." if big else repr(player)
    shown = text if len(text) <= 20 else text[:17] + "..."
    raise MalformedInput(T._("a player is a seat number from 0 to {last}, not {value}",
                             last=count - 1, value=shown), where="player", field="player")


def observation(state: TriggerState, player: int) -> TriggerState:
    """What the table shows: face-down tiles hide their values, the bags stay closed."""
    seat(state, player)
    boards = tuple(Board(tuple(HIDDEN if d else v for v, d in zip(b.values, b.down)), b.down)
                   for b in state.boards)
    return evolve(state, boards=boards, layouts=boards, bags=((),) * len(state.bags))


def resample(state: TriggerState, player: int, seed: int) -> TriggerState:
    """The state itself: nothing is hidden from the player (see the module docstring)."""
    seat(state, player)
    return state
