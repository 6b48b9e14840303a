"""The set-up of a game of Trapper (``trapper.setup``): the tiles, the trappers, the cards."""
from __future__ import annotations

from tutor.core.seeding import rng

from .state import Display, TrapperState
from .tiles import CENTRE, NEIGHBOURS, SIDES
from .variants import RULES

#: Reading: where each trapper starts on the four centre squares (green d5, blue e5,
#: beige e4, purple d4: clockwise from the top left).
START = (35, 36, 28, 27)


def shuffled_water(seed: int) -> tuple[str, ...]:
    """Reading: each tile's water side, 16 tiles per side, fixed by the seed."""
    sides = [side for side in SIDES for _ in range(16)]
    rng(seed, "water").shuffle(sides)
    return tuple(sides)


def initial_state(players: tuple[str, ...], variant: str, seed: int) -> TrapperState:
    """64 tiles shuffled into 8x8, the centre four to the box unseen, the four trappers there,
    their 8 neighbours turned up; the cards dealt (6 each, 8 in the tactical variant)."""
    board: list[int | None] = list(range(64))
    rng(seed, "tiles").shuffle(board)
    box = tuple(t for t in (board[sq] for sq in CENTRE) if t is not None)
    for sq in CENTRE:
        board[sq] = None
    face_up = [False] * 64
    for sq in START:  # the tiles around the trappers are turned up (trapper.take.reveal)
        for n in NEIGHBOURS[sq].values():
            face_up[n] = board[n] is not None
    deck = [c for c in range(4) for _ in range(16)]
    rng(seed, "cards").shuffle(deck)
    n, size = len(players), RULES[variant].hand_size
    hands = [tuple(deck[p * size:(p + 1) * size].count(c) for c in range(4)) for p in range(n)]
    deck = deck[n * size:]
    return TrapperState(
        players=players, variant=variant, seed=seed, board=tuple(board),
        face_up=tuple(face_up), water=shuffled_water(seed), trappers=START,
        hands=tuple(hands), draw=tuple(deck), discard=(0, 0, 0, 0), aside=(0, 0, 0, 0),
        reshuffles=0, displays=(Display(),) * n, box=box, handed_in=(), ledger=(),
        canoe_bonus=((),) * n, species_bonus=((),) * n, dropped=(False,) * n,
    )
