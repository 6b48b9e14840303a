"""Small helpers for the Canyon tests: positions by text, moves by text."""
from __future__ import annotations

from tutor.canyon import GAME

from ..contract import refusal


def position(text: str, seed: int = 0):
    return GAME.parse_position(text, seed=seed)


def play(state, *texts):
    """Apply moves given as texts, one after the other."""
    for text in texts:
        state = GAME.apply(state, GAME.parse_move(state, text))
    return state


def refused(state, text: str) -> str:
    """The rule id that refuses a move; the state is left as it was."""
    return refusal(GAME, state, text).rule_id


def fact(state, name):
    return GAME.facts(state)[name]
