"""The bonus chain reaction, link by link.

A line with exactly one face-up number tile gives a bonus: that tile is turned free. Turning
it may leave another line through it with a single number tile: the next link. The reaction
is followed like a wave: the bonuses open now, in line order, then each line the last turned
tile opened, so a view can replay it one line at a time in the order it spread.

Which tiles end face down does not depend on the order (bonuses only ever open, never close),
so the result is the fixed point of "turn every lone number tile".

>>> from .board import Board, cell_name
>>> values = [9] * 36
>>> board = Board.fresh(values).turned(c for c in range(36) if c not in (0, 1, 7))
>>> board, links = chain_reaction(board)
>>> [(line, cell_name(cell)) for line, cell in links]
[('row 2', 'b2'), ('col a', 'a1'), ('col b', 'b1')]
>>> board.count_up()
0
"""
from __future__ import annotations

from .board import LINES_THROUGH, Board, Line
from .state import Link


def chain_reaction(board: Board) -> tuple[Board, tuple[Link, ...]]:
    """Take every bonus, and every bonus those open, until none is left."""
    pending: list[Line] = [line for line, _ in board.bonus_lines()]
    links: list[Link] = []
    while pending:
        line = pending.pop(0)
        up = board.up_numbers(line.cells)
        if len(up) != 1:  # already taken through another line
            continue
        cell = up[0]
        board = board.turned([cell])
        links.append((line.name, cell))
        for opened in LINES_THROUGH[cell]:
            if opened not in pending and len(board.up_numbers(opened.cells)) == 1:
                pending.append(opened)
        # a line elsewhere cannot open: only the lines through the turned tile changed
    return board, tuple(links)


def has_bonus(board: Board) -> bool:
    return bool(board.bonus_cells())
