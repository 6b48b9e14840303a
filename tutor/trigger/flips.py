"""Flips: the sets of face-up number tiles whose total is at most what is left of the roll.

There can be very many (a full board and a double 6 allow millions), so they are never listed
to check one: :meth:`Trigger.violation` checks a proposed flip directly. This module offers
them lazily, in a fixed order (by compartment, like a dictionary), and counts them without
listing them.

>>> from .board import Board
>>> board = Board.fresh((5, 3, 2, 1) + (12,) * 32)
>>> [tuple(board.values[c] for c in f) for f in flips(board, 4)]
[(3,), (3, 1), (2,), (2, 1), (1,)]
>>> count_flips(board, 4)
5
"""
from __future__ import annotations

from typing import Iterator

from .board import Board


def flips(board: Board, budget: int) -> Iterator[tuple[int, ...]]:
    """Every non-empty set of face-up number tiles with total <= ``budget``, lazily.

    Sets come as sorted tuples of compartments, in dictionary order of those tuples.
    """
    tiles = board.numbers()

    def extend(start: int, chosen: tuple[int, ...], left: int) -> Iterator[tuple[int, ...]]:
        for i in range(start, len(tiles)):
            cell, value = tiles[i]
            if value <= left:
                found = chosen + (cell,)
                yield found
                yield from extend(i + 1, found, left - value)

    return extend(0, (), budget)


def count_flips(board: Board, budget: int) -> int:
    """How many flips :func:`flips` would give, counted by totals (no listing)."""
    if budget <= 0:
        return 0
    ways = [1] + [0] * budget  # ways[t]: sets of the tiles seen so far totalling t
    for _, value in board.numbers():
        for total in range(budget, value - 1, -1):
            ways[total] += ways[total - value]
    return sum(ways) - 1  # the empty set is no flip
