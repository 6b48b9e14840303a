"""Setting up (Voorbereidingen) and dealing (Fase 1): the first dealer, a new game, and each
round's deal.

>>> draws, dealer = first_dealer(4, seed=1)
>>> draws[dealer].value == max(card.value for card in draws)
True
"""
from __future__ import annotations

from tutor.core.seeding import rng

from .board import Board
from .cards import DECK, SUITS, Card, trick_winner
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


# ---- dealing again what a player has not seen (play on from here) ----------------------------
def shown_out(state: CanyonState) -> tuple[frozenset[str], ...]:
    """The colours each player has shown they lack this round: a card of another colour played
    to a trick whose led colour they would have had to follow. Read from the tricks in the
    order played (the start player leads the first, each winner the next) and the trick on
    the table."""
    n = state.seats
    lacking: list[set[str]] = [set() for _ in range(n)]
    if state.trump is None:
        return tuple(frozenset(s) for s in lacking)
    leader = state.start_player
    for k in range(len(state.played) // n):
        trick = tuple(((leader + i) % n, card)
                      for i, card in enumerate(state.played[k * n:(k + 1) * n]))
        _note(trick, lacking)
        leader = trick_winner(trick, state.trump.suit)
    _note(state.table, lacking)
    return tuple(frozenset(s) for s in lacking)


def _note(trick: tuple[tuple[int, Card], ...], lacking: list[set[str]]) -> None:
    if trick:
        led = trick[0][1].suit
        for p, card in trick[1:]:
            if card.suit != led:
                lacking[p].add(led)


def redeal(state: CanyonState, player: int, seed: int) -> CanyonState:
    """The state with what ``player`` has not seen dealt again by ``seed``: the other hands
    (as many cards each, none of a colour its holder has shown out of) and the undealt rest.
    The player's own hand, the trump, the cards played to tricks and the trick on the table
    stay; so does everything open on the table. The shuffles still to come are drawn anew
    (the state's seed is replaced)."""
    rnd = rng(seed, "resample", player)
    if state.phase is Phase.LAUNCH or state.trump is None:
        return state.but(seed=rnd.randrange(2**31))
    seen = {*state.hands[player], *state.played, *(c for _, c in state.table), state.trump}
    unseen = [c for c in DECK if c not in seen]
    rnd.shuffle(unseen)
    others = [q for q in range(state.seats) if q != player]
    room = {q: len(state.hands[q]) for q in others}
    lacking = shown_out(state)
    allowed = {q: frozenset(SUITS) - lacking[q] for q in others}
    if not _feasible(unseen, room, allowed):  # a written position's tricks need not add up
        allowed = {q: frozenset(SUITS) for q in others}
    if all(len(allowed[q]) == len(SUITS) for q in others):  # nobody has shown out: any deal
        dealt_at, new = 0, list(state.hands)
        for q in others:
            new[q] = tuple(sorted(unseen[dealt_at:dealt_at + room[q]]))
            dealt_at += room[q]
        return state.but(hands=tuple(new), stock=tuple(unseen[dealt_at:]),
                         seed=rnd.randrange(2**31))
    dealt: dict[int, list[Card]] = {q: [] for q in others}
    stock: list[Card] = []
    for i, card in enumerate(unseen):
        rest = unseen[i + 1:]
        choices: list[int | None] = [q for q in others
                                     if len(dealt[q]) < room[q] and card.suit in allowed[q]]
        if len(stock) < len(unseen) - sum(room.values()):
            choices.append(None)  # the undealt rest
        rnd.shuffle(choices)
        for choice in choices:
            left = {q: room[q] - len(dealt[q]) - (q == choice) for q in others}
            if _feasible(rest, left, allowed):
                (stock if choice is None else dealt[choice]).append(card)
                break
        else:  # cannot happen: the state itself is a feasible deal
            raise AssertionError("no deal fits what the player has seen")
    hands = tuple(state.hands[q] if q == player else tuple(sorted(dealt[q]))
                  for q in range(state.seats))
    return state.but(hands=hands, stock=tuple(stock), seed=rnd.randrange(2**31))


def _feasible(cards: list[Card], room: dict[int, int], allowed: dict[int, frozenset[str]]) -> bool:
    """Whether ``cards`` can fill every player's ``room`` with colours ``allowed`` to them
    (the rest goes undealt): Hall's condition over every group of players."""
    count = {suit: 0 for suit in SUITS}
    for card in cards:
        count[card.suit] += 1
    players = [q for q in room if room[q] > 0]
    for mask in range(1, 1 << len(players)):
        group = [q for k, q in enumerate(players) if mask >> k & 1]
        suits = frozenset().union(*(allowed[q] for q in group))
        if sum(room[q] for q in group) > sum(count[s] for s in suits):
            return False
    return sum(room.values()) <= len(cards)
