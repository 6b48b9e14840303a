"""The set-up of a game of Trapper: where the trappers start, the hand size, the water."""
from __future__ import annotations

from tutor.core.seeding import rng

from .tiles import NEIGHBOURS, SIDES

#: Reading: where each trapper starts on the four centre squares (green d5, blue e5,
#: beige e4, purple d4: clockwise from the top left).
START = (35, 36, 28, 27)
HAND_SIZE = 6


def shuffled_water(seed: int) -> tuple[str, ...]:
    """Reading: each tile's water side, 16 tiles per side, fixed by the seed."""
    sides = [side for side in SIDES for _ in range(16)]
    rng(seed, "water").shuffle(sides)
    return tuple(sides)


def reveal_around(board, face_up: list, squares) -> None:
    """Turn up every tile orthogonally next to ``squares`` (``trapper.take.reveal``)."""
    for square in squares:
        for n in NEIGHBOURS[square].values():
            if board[n] is not None:
                face_up[n] = True
