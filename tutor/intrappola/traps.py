"""Which traps a hunter can set.

A prey place is closed when each of its four sides is closed: by a card on the table, by a
card played now, or by the table's edge. Every card played must touch the prey, so the
cards of a trap are exactly the prey's open sides: one prey (or one pair) gives one trap.

The search never builds subsets of the hand, nor looks at one place after another: the table
is a grid of bits (:class:`~tutor.intrappola.cards.Geometry`), and a few shifts of the
cards' masks say at once, for every place, which of its sides are closed and whether a card
in hand touches it. A prey is trappable when all its sides are closed, at least one of them
by the hand, and its own places are empty; the trap plays the prey's neighbours that are not
on the table. A hand and a table give the same traps every time they meet, so the answer is
kept (:func:`traps_of`).

>>> from tutor.intrappola.cards import cards_text, read_card
>>> table = tuple(read_card(n, 1) for n in ("5", "8"))
>>> hand = tuple(read_card(n, 1) for n in ("2", "3", "6"))
>>> [(cards_text(t.cards, 1), cards_text(t.prey, 1)) for t in traps_of(hand, table, 1)]
[('2', '1'), ('3', '4')]
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Iterator

from .cards import geometry, neighbours
from .moves import Trap


@lru_cache(maxsize=8192)
def traps_of(hand: tuple[int, ...], table: tuple[int, ...], pictures: int) -> tuple[Trap, ...]:
    """Every trap ``hand`` can set on ``table``, in the order they are listed: by prey,
    single places first (see :class:`~tutor.intrappola.cards.Geometry`).

    >>> from tutor.intrappola.cards import cards_text, read_card as r
    >>> [(cards_text(t.cards, 1), cards_text(t.prey, 1)) for t in traps_of((r("2", 1), r("5", 1)), (), 1)]
    [('2 5', '1')]
    """
    g = geometry(pictures)
    W = g.width
    laid = g.grid(table)
    held = g.grid(hand)
    taken = laid | held
    empty = g.full & ~taken  # a prey is an empty place the hunter does not hold
    # each place whose side is closed (by a card, or by the edge), one mask per side
    above = (taken << W) & g.full | g.top
    below = taken >> W | g.bottom
    left = (taken << 1) & g.inner_left | g.left
    right = (taken >> 1) & g.inner_right | g.right
    # each place with a card of the hand beside it: a trap plays at least one
    near = held << W | held >> W | (held << 1) & g.inner_left | (held >> 1) & g.inner_right
    found: list[tuple[int, tuple[int, ...]]] = []
    singles = empty & above & below & left & right & near
    sides_lr = above & below  # the sides a pair side by side leaves to its own places
    across = (empty & (empty >> 1) & g.inner_right & sides_lr & left
              & ((sides_lr & right) >> 1) & (near | near >> 1))
    sides_ab = left & right
    down = (empty & (empty >> W) & g.upper & sides_ab & above
            & ((sides_ab & below) >> W) & (near | near >> W))
    card, index = g.card, g.index
    for bits, step in ((singles, 0), (across, 1), (down, W)):
        while bits:
            low = bits & -bits
            bits ^= low
            at = low.bit_length() - 1
            prey = (card[at], card[at + step]) if step else (card[at],)
            found.append((index[prey], prey))
    if not found:
        return ()
    found.sort()
    bit, around = g.bit, g.around
    return tuple(Trap.make(tuple(c for c in around[i] if not bit[c] & laid), prey)
                 for i, prey in found)


def traps(hand: Iterable[int], table: Iterable[int], pictures: int) -> Iterator[Trap]:
    """Every trap the hand can set: prey not held by the hunter, all open sides in hand."""
    return iter(traps_of(tuple(sorted(hand)), tuple(sorted(table)), pictures))


def open_sides(prey: tuple[int, ...], table: Iterable[int], pictures: int) -> tuple[int, ...]:
    """The empty places touching the prey: the cards a trap on it must play."""
    laid = set(table)
    around = {n for p in prey for n in neighbours(p, pictures)} - set(prey)
    return tuple(sorted(n for n in around if n not in laid))
