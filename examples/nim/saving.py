"""A Nim state as JSON and back; every problem names the field."""
from __future__ import annotations

from typing import Any, Mapping

from tutor.core.errors import BadState

from .state import NimState
from .variants import VARIANTS


def to_json(state: NimState) -> dict[str, Any]:
    return {"players": list(state.players), "heap": state.heap, "turn": state.turn,
            "taken": list(state.taken), "variant": state.variant}


def _count(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadState(f"a whole number of at least 0, not {value!r}", where=field)
    return value


def from_json(data: Mapping[str, Any]) -> NimState:
    if not isinstance(data, Mapping):
        raise BadState("not a Nim state: expected an object")
    players, taken = data.get("players"), data.get("taken", [0, 0])
    if not (isinstance(players, list) and len(players) == 2
            and all(isinstance(p, str) for p in players)):
        raise BadState(f"two names, not {players!r}", where="players")
    if not isinstance(taken, list) or len(taken) != 2:
        raise BadState(f"two counts, not {taken!r}", where="taken")
    turn = _count(data.get("turn"), "turn")
    if turn > 1:
        raise BadState(f"0 or 1, not {turn}", where="turn")
    variant = data.get("variant", "normal")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise BadState(f"one of {', '.join(VARIANTS)}, not {variant!r}", where="variant")
    return NimState(tuple(players), _count(data.get("heap"), "heap"), turn,
                    tuple(_count(n, f"taken.{i}") for i, n in enumerate(taken)), variant)
