"""The flow of a game: the first dealer, dealing each round, whose canoe moves next, and
the round stone moving on.
"""
from __future__ import annotations

from tutor.core.seeding import rng

from .canoes import in_current
from .cards import DECK, Card
from .rounds import cards_in_round, movement_points, next_counter
from .state import CanyonState


def first_dealer(seats: int, seed: int) -> tuple[tuple[Card, ...], int]:
    """Everyone draws a card; the highest deals. Our reading: on a tie for highest, the
    tied players draw again from the cards left."""
    deck = list(DECK)
    rng(seed, "draw").shuffle(deck)
    draws = [deck.pop() for _ in range(seats)]
    tied = list(range(seats))
    final = list(draws)
    while True:
        top = max(final[i].value for i in tied)
        tied = [i for i in tied if final[i].value == top]
        if len(tied) == 1:
            return tuple(draws), tied[0]
        for i in tied:
            final[i] = deck.pop()


def deal(state: CanyonState, round_no: int, counter: int) -> CanyonState:
    """Shuffle (seeded per round), deal as many cards as the round counter says, turn up
    the next card for trump; the rest is not used this round."""
    deck = list(DECK)
    rng(state.seed, "deal", round_no).shuffle(deck)
    n, seats = cards_in_round(counter), state.seats
    hands = tuple(tuple(sorted(deck[i * n:(i + 1) * n])) for i in range(seats))
    rest = deck[seats * n:]
    return state.but(phase="tempo", round_no=round_no, counter=counter, hands=hands,
                   trump=rest[0], stock=tuple(rest[1:]), played=(), table=(), last_trick=(),
                   last_winner=-1, tempo=((),) * seats, tricks=(0,) * seats,
                   moved=(False,) * seats, turn=state.start_player, pushed=(), points=())


def next_mover(state: CanyonState) -> CanyonState:
    """The next canoe to move (start player first, the dealer last); after the last one,
    the game ends if a canoe reached the village, else the next round is dealt."""
    for k in range(state.seats):
        p = (state.start_player + k) % state.seats
        if not state.moved[p]:
            return state.but(turn=p)
    if any(left >= 0 for left in state.left_over):
        return state.but(phase="over")
    dealer = state.start_player  # the last start player deals
    state = state.but(dealer=dealer, start_player=(dealer + 1) % state.seats)
    return deal(state, state.round_no + 1, next_counter(state.counter, state.skip))


def start_moves(state: CanyonState) -> CanyonState:
    """All tricks are played: fix every canoe's points and let the start player move first."""
    fixed = tuple(movement_points(state.tempo_of(p), state.tricks[p], in_current(state, p))
                  if state.tempo[p] else 0 for p in range(state.seats))
    return next_mover(state.but(phase="move", turn=state.start_player, last_path=(),
                              points=fixed))
