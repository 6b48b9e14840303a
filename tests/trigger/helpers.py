"""Small helpers for the Trigger tests: positions written the way walkthrough authors write them."""
from __future__ import annotations

from tutor.trigger import GAME

from ..contract import refusal

#: a board of 12s everywhere: nothing fits a small roll, no line gives a bonus
TWELVES = "\n".join(["12 12 12 12 12 12"] * 6)


def block(rows: str) -> str:
    """Six rows of tiles indented below their ``board NAME:`` line."""
    return "\n".join("  " + row for row in rows.splitlines())


def position(anna: str = TWELVES, ben: str = TWELVES, head: str = "turn: Anna\nroll: 5 6",
             options: dict | None = None):
    """A two-player position (Anna on turn by default, a 5 and a 6 rolled)."""
    text = f"{head}\nboard Anna:\n{block(anna)}\nboard Ben:\n{block(ben)}\n"
    return GAME.parse_position(text, options or {})


def solo(board: str, head: str = "turn: Solo\nroll: 5 6", options: dict | None = None):
    return GAME.parse_position(f"{head}\nboard Solo:\n{block(board)}\n",
                               {"mode": "solo", **(options or {})})


def play(state, *texts: str):
    """Apply moves given as texts, one after another."""
    for text in texts:
        state = GAME.apply(state, GAME.parse_move(state, text))
    return state


def refused(state, text: str) -> str:
    """The rule id a move is refused by (the state is checked to be untouched)."""
    return refusal(GAME, state, text).rule_id
