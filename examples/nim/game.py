"""Nim on the core contract: each method hands its job to the module that does it.

>>> from examples.nim import GAME
>>> s = GAME.initial_state({"heap": 5, "variant": "misere"})
>>> s = GAME.apply(s, GAME.parse_move(s, "take 3"))
>>> GAME.facts(s)["heap"], GAME.players(s)[GAME.to_move(s)]
(2, 'P2')
>>> print(GAME.position_text(s), end="")
heap: 2
turn: P2
variant: misere
taken P1: 3
taken P2: 0
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from tutor.core.game import Fact, Game, Outcome, Violation

from . import computer, facts, notation, position, rules
from .hints import NimHints
from .moves import Take
from .options import read_options
from .state import NimState, Phase
from .variants import VARIANTS


class NimGame(Game[NimState, Take]):
    name = "nim"
    title = "Nim"
    hints = NimHints
    fact_labels = facts.LABELS

    # ---- states -------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, object] | None = None, seed: int = 0) -> NimState:
        players, heap, variant = read_options(options)
        return NimState(players, heap, variant=variant)

    def example_options(self) -> list[dict[str, object]]:
        return [{"heap": 10}, {"heap": 7, "variant": "misere", "players": ["Ann", "Bob"]}]

    def players(self, state: NimState) -> tuple[str, ...]:
        return state.players

    def to_move(self, state: NimState) -> int | None:
        return None if state.heap == 0 else state.turn

    def phase(self, state: NimState) -> Phase:
        return Phase.OVER if state.heap == 0 else Phase.PLAY

    def outcome(self, state: NimState) -> Outcome | None:
        if state.heap:
            return None
        winner = VARIANTS[state.variant].winner(1 - state.turn)  # 1 - turn took the last
        return Outcome(scores=tuple(float(i == winner) for i in range(2)), winners=(winner,))

    # ---- moves --------------------------------------------------------------------------
    def candidate_moves(self, state: NimState) -> Iterable[Take]:
        return (Take(n) for n in range(1, rules.MOST + 2))  # one too many: drills refuse it

    def violation(self, state: NimState, move: Take) -> Violation | None:
        return rules.violation(state, move)

    def play(self, state: NimState, move: Take) -> NimState:
        return rules.play(state, move)

    def move_rules(self, state: NimState, move: Take) -> tuple[str, ...]:
        decides = VARIANTS[state.variant].rule
        if move.count == state.heap and decides != "nim.take":
            return ("nim.take", decides)
        return ("nim.take",)

    def best_move(self, state: NimState) -> Take:
        """The computer player's choice."""
        return computer.choose(state)

    # ---- text, saving -------------------------------------------------------------------
    def move_text(self, state: NimState, move: Take) -> str:
        return notation.text(move)

    def parse_move(self, state: NimState, text: str) -> Take:
        return notation.parse(text)

    def parse_position(self, text: str, options: Mapping[str, object] | None = None,
                       seed: int = 0) -> NimState:
        return position.parse_position(text, options)

    def position_text(self, state: NimState) -> str:
        return position.position_text(state)

    # ---- facts --------------------------------------------------------------------------
    def facts(self, state: NimState) -> dict[str, Fact]:
        return facts.facts(state)

    def problems(self, state: NimState) -> list[str]:
        problems = []
        if len(state.players) != 2 or len(state.taken) != 2:
            problems.append(f"two players, not {list(state.players)}")
        elif state.heap < 0 or min(state.taken) < 0:
            problems.append(f"a count below zero: heap {state.heap}, taken {state.taken}")
        if state.turn not in (0, 1):
            problems.append(f"turn {state.turn} is no player")
        if state.variant not in VARIANTS:
            problems.append(f"no variant {state.variant!r}")
        return problems
