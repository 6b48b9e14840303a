"""A Nim state as JSON and back; every problem names the field."""
from __future__ import annotations

from typing import Any, Mapping

from tutor.core.errors import BadState

from .state import NimState
from .variants import VARIANTS


def to_json(state: NimState) -> dict[str, Any]:
    return {"players": list(state.players), "heap": state.heap, "turn": state.turn,
            "taken": list(state.taken), "variant": state.variant}


def from_json(data: Mapping[str, Any]) -> NimState:
    if not isinstance(data, Mapping):
        raise BadState("not a Nim state: expected an object")
    try:
        state = NimState(tuple(data["players"]), data["heap"], data["turn"],
                         tuple(data.get("taken", (0, 0))), data.get("variant", "normal"))
    except (KeyError, TypeError) as exc:
        raise BadState(f"not a Nim state: {exc!r}") from None
    numbers = (state.heap, state.turn, *state.taken)
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in numbers):
        raise BadState("heap, turn and taken are whole numbers of at least 0", where="heap")
    if state.turn not in (0, 1) or len(state.players) != 2 or len(state.taken) != 2:
        raise BadState("two players, turn 0 or 1", where="turn")
    if state.variant not in VARIANTS:
        raise BadState(f"no variant {state.variant!r}", where="variant")
    return state
