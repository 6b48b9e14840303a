"""Hidden information: what one player can see (:func:`observation`), and a game dealt again
that this player cannot tell from the real one (:func:`resample`, play on from here).

A player sees the table, the prey caught, their own hand, how many cards the other holds
and the deck has, and what they have seen for certain: cards seen in the other hand (a hand
shown after a missed trap, a card of their own drawn from the deck by the other) and the
cards they put under the deck - where those lie, as they saw every card go under and every
draw. They do not see the rest of the other hand, the rest of the deck, which card the
other put under it, nor a card the other drew or gained. An observation is a state of the
same kind with those cards :data:`~tutor.intrappola.state.HIDDEN`, so a view or the
computer hunter built on it cannot peek.

>>> from tutor.intrappola.position import parse_position
>>> s = parse_position("table: 1 2 3\\nhand Anna: 4 5 6\\nhand Bruno: 7 8 9\\n"
...                    "deck: 10 11 12 13 14 15 16\\nunder Anna: 16")
>>> seen = observation(s, 0)
>>> seen.hands, seen.deck
(((3, 4, 5), (-1, -1, -1)), (-1, -1, -1, -1, -1, -1, 15))
>>> observation(resample(s, 0, seed=4), 0) == seen
True
"""
from __future__ import annotations

from dataclasses import replace

from tutor.core.frozen import evolve, set_item
from tutor.core.inputs import seat
from tutor.core.seeding import rng

from .state import HIDDEN, InTrappolaState, LastTurn




def _hidden(cards: tuple[int, ...], shown: tuple[int, ...] | set[int]) -> tuple[int, ...]:
    """``cards`` with those not in ``shown`` hidden (sorted, so the hidden come first)."""
    return tuple(sorted(c if c in shown else HIDDEN for c in cards))


def _last_as_seen(last: LastTurn | None, player: int, known: tuple[int, ...]) -> LastTurn | None:
    """The last turn without what ``player`` did not see: the card the other player drew or
    gained from the deck (unless it is one ``player`` knows they hold), the card they put
    under it."""
    if last is None:
        return None

    def seen(card: int | None) -> int | None:
        return card if card is None or card in known else HIDDEN

    if last.hunter == player:
        return replace(last, gained=seen(last.gained))  # B3: the other took it face down
    if last.kind == "discard":
        return replace(last, cards=(HIDDEN,), drawn=seen(last.drawn))
    return replace(last, drawn=seen(last.drawn))


def observation(state: InTrappolaState, player: int) -> InTrappolaState:
    """What ``player`` sees of ``state`` (the hidden cards as HIDDEN)."""
    other = 1 - seat(player, len(state.players))
    known, under = state.known[player], state.under[player]
    return evolve(state, hands=set_item(state.hands, other, _hidden(state.hands[other], known)),
                  deck=tuple(c if c in under else HIDDEN for c in state.deck),
                  under=set_item(state.under, other, (HIDDEN,) * len(state.under[other])),
                  last=_last_as_seen(state.last, player, known))


def resample(state: InTrappolaState, player: int, seed: int) -> InTrappolaState:
    """The cards ``player`` has not seen dealt again by ``seed`` into the places they could
    be - the other hand's unknown cards and the deck's unknown positions - so that
    ``observation(resample(s, p, seed), p) == observation(s, p)``.

    Cards seen in the other hand stay there, cards the player put under the deck stay where
    they lie; which cards the other put under the deck, drew or gained follows the new deal.
    """
    other = 1 - seat(player, len(state.players))
    known, mine_under = set(state.known[player]), set(state.under[player])
    theirs = state.hands[other]
    pool = sorted([*(c for c in theirs if c not in known),
                   *(c for c in state.deck if c not in mine_under)])
    rnd = rng(seed, "resample", player)
    rnd.shuffle(pool)
    free = len(theirs) - len(known)
    new_theirs = tuple(sorted([*known, *pool[:free]]))
    rest = iter(pool[free:])
    deck = tuple(c if c in mine_under else next(rest) for c in state.deck)
    their_under = set(state.under[other])
    new_under = tuple(sorted(deck[i] for i, c in enumerate(state.deck) if c in their_under))
    last = state.last
    if last is not None:
        unknown = sorted(c for c in new_theirs if c not in known)
        if last.hunter == player:
            if last.gained is not None and last.gained not in known:
                last = replace(last, gained=rnd.choice(unknown))
        else:
            if last.drawn is not None and last.drawn not in known:
                last = replace(last, drawn=rnd.choice(unknown))
            if last.kind == "discard":
                last = replace(last, cards=(deck[-1],))
    return evolve(state, hands=set_item(state.hands, other, new_theirs), deck=deck,
                  under=set_item(state.under, other, new_under), last=last)
