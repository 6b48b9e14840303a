"""Small helpers for the InTrappola tests: positions and moves by their texts."""
from __future__ import annotations

from tutor.core import IllegalMove
from tutor.intrappola import GAME
from tutor.intrappola.cards import read_card

from .. import contract


def position(text: str, **options):
    return GAME.parse_position(text, options)


def play(state, text: str):
    return GAME.apply(state, GAME.parse_move(state, text))


def refusal(state, text: str) -> IllegalMove:
    """The refusal of a move; fails the test if the move is legal."""
    return contract.refusal(GAME, state, text)


def legal(state) -> list[str]:
    return [GAME.move_text(state, m) for m in GAME.legal_moves(state)]


def cards(text: str, pictures: int = 1) -> tuple[int, ...]:
    return tuple(sorted(read_card(w, pictures) for w in text.split()))
