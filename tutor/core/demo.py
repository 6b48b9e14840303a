"""Nim with one heap: the smallest game that fills the whole contract.

It is not offered to learners; it lets the core, the step player and the contract test be
exercised on something a reader understands at a glance.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping

from .errors import BadMoveText, BadOption, BadState
from .game import Game, Outcome, Violation
from .rules import RuleCatalogue

_RULES = '''
["nim.take"]
title = "Take from the heap"
text = "On your turn take 1, 2 or 3 counters. Whoever takes the last counter wins."
refusal = "you may take 1, 2 or 3, not {count}"

["nim.take.heap"]
title = "Only what is there"
text = "You cannot take more counters than the heap holds."
refusal = "only {left} left on the heap"

["nim.over"]
title = "The game is over"
text = "No move is made once the heap is empty."
refusal = "the heap is empty: the game is over"
'''


@dataclass(frozen=True)
class NimState:
    players: tuple[str, ...]
    heap: int
    turn: int = 0


@dataclass(frozen=True)
class Take:
    count: int


class Nim(Game):
    name = "nim"
    title = "Nim (demo)"
    rules = RuleCatalogue.from_toml_text(_RULES, source="nim rules")

    def initial_state(self, options: Mapping[str, object] | None = None, seed: int = 0) -> NimState:
        heap = (options or {}).get("heap", 10)
        if not isinstance(heap, int) or heap < 1:
            raise BadOption(f"heap must be a whole number of at least 1, not {heap!r}", where="heap")
        return NimState(players=("P1", "P2"), heap=heap)

    def to_move(self, state: NimState) -> int | None:
        return None if state.heap == 0 else state.turn

    def outcome(self, state: NimState) -> Outcome | None:
        if state.heap:
            return None
        winner = 1 - state.turn  # the player who took the last counter
        return Outcome(scores=tuple(int(i == winner) for i in range(2)), winners=(winner,))

    def candidate_moves(self, state: NimState):
        return (Take(n) for n in (1, 2, 3))

    def violation(self, state: NimState, move: Take) -> Violation | None:
        if state.heap == 0:
            return Violation("nim.over")
        if move.count not in (1, 2, 3):
            return Violation("nim.take", {"count": move.count})
        if move.count > state.heap:
            return Violation("nim.take.heap", {"left": state.heap})
        return None

    def play(self, state: NimState, move: Take) -> NimState:
        return replace(state, heap=state.heap - move.count, turn=1 - state.turn)

    def move_text(self, state: NimState, move: Take) -> str:
        return f"take {move.count}"

    def parse_move(self, state: NimState, text: str) -> Take:
        found = re.fullmatch(r"\s*take\s+(\d+)\s*", text)
        if not found:
            raise BadMoveText(f"expected 'take N', got {text!r}")
        return Take(int(found.group(1)))

    def to_json(self, state: NimState) -> dict:
        return {"players": list(state.players), "heap": state.heap, "turn": state.turn}

    def from_json(self, data: Mapping) -> NimState:
        try:
            state = NimState(tuple(data["players"]), int(data["heap"]), int(data["turn"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadState(f"not a Nim state: {exc!r}") from None
        if state.heap < 0 or state.turn not in (0, 1):
            raise BadState("heap must be >= 0 and turn 0 or 1")
        return state

    def parse_position(self, text, options=None, seed=0) -> NimState:
        found = re.fullmatch(r"\s*heap\s+(\d+)(?:\s+turn\s+([12]))?\s*", text)
        if not found:
            raise BadState(f"expected 'heap N [turn 1|2]', got {text!r}")
        return NimState(("P1", "P2"), int(found.group(1)), int(found.group(2) or 1) - 1)

    def facts(self, state: NimState) -> dict[str, object]:
        return {"heap": state.heap, "turn": state.players[state.turn]}

    def move_rules(self, state, move) -> tuple[str, ...]:
        return ("nim.take",)
