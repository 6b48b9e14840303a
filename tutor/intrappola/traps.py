"""Which traps a hunter can set.

A prey place is closed when each of its four sides is closed: by a card on the table, by a
card played now, or by the table's edge. Every card played must touch the prey, so the
cards of a trap are exactly the prey's open sides: one prey (or one pair) gives one trap.

>>> from tutor.intrappola.cards import cards_text, read_card
>>> table = {read_card(n, 1) for n in ("5", "8")}
>>> hand = {read_card(n, 1) for n in ("2", "3", "6")}
>>> [(cards_text(t.cards, 1), cards_text(t.prey, 1)) for t in traps(hand, table, 1)]
[('2', '1'), ('3', '4')]
"""
from __future__ import annotations

from typing import Iterator

from .cards import all_cards, neighbours
from .state import Trap


def open_sides(prey: tuple[int, ...], table, pictures: int) -> tuple[int, ...]:
    """The empty places touching the prey: the cards a trap on it must play."""
    around = {n for p in prey for n in neighbours(p, pictures)} - set(prey)
    return tuple(sorted(n for n in around if n not in table))


def prey_choices(table, pictures: int, exclude=()) -> Iterator[tuple[int, ...]]:
    """Every single empty place, then every pair of empty places side by side."""
    empty = [c for c in all_cards(pictures) if c not in table and c not in exclude]
    for card in empty:
        yield (card,)
    empty_set = set(empty)
    for card in empty:
        for other in neighbours(card, pictures):
            if other > card and other in empty_set:
                yield (card, other)


def traps(hand, table, pictures: int) -> Iterator[Trap]:
    """Every trap the hand can set: prey not held by the hunter, all open sides in hand.

    >>> from tutor.intrappola.cards import cards_text, read_card as r
    >>> [(cards_text(t.cards, 1), cards_text(t.prey, 1)) for t in traps({r("2", 1), r("5", 1)}, set(), 1)]
    [('2 5', '1')]
    """
    hand, table = set(hand), set(table)
    for prey in prey_choices(table, pictures, exclude=hand):
        cards = open_sides(prey, table, pictures)
        if cards and hand.issuperset(cards):
            yield Trap(cards, prey)


def can_trap(hand, table, pictures: int) -> bool:
    return next(traps(hand, table, pictures), None) is not None
