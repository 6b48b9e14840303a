"""Named facts of a Nim state (walkthrough expectations, questions, lessons) and their
labels for learners."""
from __future__ import annotations

from tutor.core.game import Fact
from tutor.core.i18n import N_

from .state import NimState
from .variants import VARIANTS

LABELS = {
    "heap": N_("counters on the heap"),
    "turn": N_("whose turn it is"),
    "taken.{player}": N_("counters {player} has taken"),
    "winner": N_("the winner"),
}


def facts(state: NimState) -> dict[str, Fact]:
    found: dict[str, Fact] = {"heap": state.heap, "turn": state.players[state.turn],
                              "over": state.heap == 0, "variant": state.variant}
    for player, count in zip(state.players, state.taken):
        found[f"taken.{player}"] = count
    if state.heap == 0:
        found["winner"] = state.players[VARIANTS[state.variant].winner(1 - state.turn)]
    return found
