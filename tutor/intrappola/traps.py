"""Which traps a hunter can set.

A prey place is closed when each of its four sides is closed: by a card on the table, by a
card played now, or by the table's edge. Every card played must touch the prey, so the
cards of a trap are exactly the prey's open sides: one prey (or one pair) gives one trap.

The search never builds subsets of the hand. A trap's cards are all in the hand and touch
its prey, so only the prey touched by a card in hand can be trapped (``Geometry.helps``);
for each of those, the open sides are the prey's neighbours not on the table, one mask
operation away. A hand and a table give the same traps every time they meet, so the
answer is kept (:func:`traps_of`).

>>> from tutor.intrappola.cards import cards_text, read_card
>>> table = tuple(read_card(n, 1) for n in ("5", "8"))
>>> hand = tuple(read_card(n, 1) for n in ("2", "3", "6"))
>>> [(cards_text(t.cards, 1), cards_text(t.prey, 1)) for t in traps_of(hand, table, 1)]
[('2', '1'), ('3', '4')]
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Iterator

from .cards import geometry, mask, neighbours
from .moves import Trap


@lru_cache(maxsize=8192)
def traps_of(hand: tuple[int, ...], table: tuple[int, ...], pictures: int) -> tuple[Trap, ...]:
    """Every trap ``hand`` can set on ``table``, in the order they are listed: by prey,
    single places first (see :class:`~tutor.intrappola.cards.Geometry`).

    >>> from tutor.intrappola.cards import cards_text, read_card as r
    >>> [(cards_text(t.cards, 1), cards_text(t.prey, 1)) for t in traps_of((r("2", 1), r("5", 1)), (), 1)]
    [('2 5', '1')]
    """
    shape = geometry(pictures)
    held, laid = mask(hand), mask(table)
    taken = held | laid
    candidates: set[int] = set()
    for card in hand:
        candidates.update(shape.helps[card])
    found = []
    for index in sorted(candidates):
        if shape.prey_mask[index] & taken:
            continue  # the prey is on the table or in the hunter's own hand
        if shape.around_mask[index] & ~laid & ~held:
            continue  # an open side the hand cannot close
        found.append(Trap(tuple(c for c in shape.around[index] if not laid >> c & 1),
                          shape.preys[index]))
    return tuple(found)


def traps(hand: Iterable[int], table: Iterable[int], pictures: int) -> Iterator[Trap]:
    """Every trap the hand can set: prey not held by the hunter, all open sides in hand."""
    return iter(traps_of(tuple(sorted(hand)), tuple(sorted(table)), pictures))


def can_trap(hand: tuple[int, ...], table: tuple[int, ...], pictures: int) -> bool:
    return bool(traps_of(hand, table, pictures))


def open_sides(prey: tuple[int, ...], table: Iterable[int], pictures: int) -> tuple[int, ...]:
    """The empty places touching the prey: the cards a trap on it must play."""
    laid = set(table)
    around = {n for p in prey for n in neighbours(p, pictures)} - set(prey)
    return tuple(sorted(n for n in around if n not in laid))
