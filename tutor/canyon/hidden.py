"""What each player cannot see in Canyon, and dealing it again (play on from here).

A player sees their own hand, the trump, the trick on the table and the open board; the
other hands, the undealt cards and the finished tricks (laid face down) are hidden, and so is
the seed of the shuffles (it would tell them). :func:`resample` deals what a player has not
seen again, consistently with what they have seen: who showed out of a colour.
"""
from __future__ import annotations

from tutor.core.inputs import seat
from tutor.core.seeding import rng

from .cards import DECK, HIDDEN, SUITS, Card, trick_winner
from .state import CanyonState, Phase





def observation(state: CanyonState, player: int) -> CanyonState:
    """What ``player`` sees: the other hands, the undealt cards and the finished tricks
    hidden, and the seed of the shuffles."""
    player = seat(player, len(state.players))
    hands = tuple(h if i == player else (HIDDEN,) * len(h) for i, h in enumerate(state.hands))
    return state.but(hands=hands, stock=(HIDDEN,) * len(state.stock),
                     played=(HIDDEN,) * len(state.played), seed=0)


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


def resample(state: CanyonState, player: int, seed: int) -> CanyonState:
    """The state with what ``player`` has not seen dealt again by ``seed``: the other hands
    (as many cards each, none of a colour its holder has shown out of) and the undealt rest.
    The player's own hand, the trump, the cards played to tricks and the trick on the table
    stay; so does everything open on the table. The shuffles still to come are drawn anew
    (the state's seed is replaced)."""
    player = seat(player, len(state.players))
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
