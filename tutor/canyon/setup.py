"""Setting up (Voorbereidingen) and dealing (Fase 1): the first dealer, a new game, and each
round's deal.

>>> draws, dealer = first_dealer(4, seed=1)
>>> draws[dealer].value == max(card.value for card in draws)
True
"""
from __future__ import annotations

from tutor.core.seeding import rng

from .board import Board
from .cards import DECK, Card
from .state import OFF, CanyonState, Phase
from .variants import cards_in_round


def first_dealer(seats: int, seed: int) -> tuple[tuple[Card, ...], int]:
    """Everyone draws a card; the highest deals. A reading (``canyon.setup.draw``): on a tie
    for highest, the tied players draw again from the cards left."""
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


def new_game(players: tuple[str, ...], skip: bool, board: Board, seed: int) -> CanyonState:
    """The table before the canoes are placed: the first dealer drawn, the round stone on 1."""
    n = len(players)
    draws, dealer = first_dealer(n, seed)
    start = (dealer + 1) % n
    return CanyonState(
        players=players, board=board, seed=seed, skip=skip, phase=Phase.LAUNCH, round_no=0,
        counter=1, dealer=dealer, start_player=start, turn=start, draws=draws,
        hands=((),) * n, trump=None, stock=DECK, played=(), table=(), last_trick=(),
        last_winner=-1, tempo=((),) * n, tricks=(0,) * n, canoes=(OFF,) * n,
        moved=(False,) * n, left_over=(-1,) * n)


def deal(state: CanyonState, round_no: int, counter: int) -> CanyonState:
    """Shuffle (seeded per round), deal as many cards as the round counter says, turn up
    the next card for trump; the rest is not used this round."""
    deck = list(DECK)
    rng(state.seed, "deal", round_no).shuffle(deck)
    n, seats = cards_in_round(counter), state.seats
    hands = tuple(tuple(sorted(deck[i * n:(i + 1) * n])) for i in range(seats))
    rest = deck[seats * n:]
    return state.but(phase=Phase.TEMPO, round_no=round_no, counter=counter, hands=hands,
                     trump=rest[0], stock=tuple(rest[1:]), played=(), table=(), last_trick=(),
                     last_winner=-1, tempo=((),) * seats, tricks=(0,) * seats,
                     moved=(False,) * seats, turn=state.start_player, pushed=(), points=())
