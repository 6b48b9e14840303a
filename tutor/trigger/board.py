"""One Trigger board: 6 by 6 compartments, each holding a number tile or a star, face up or down.

Compartments are named like a chess board: columns ``a``-``f`` from the left, rows ``1``-``6``
from the top (the tiles are laid "starting at the top, moving from left to right").
A *line* is a row, a column or one of the two long diagonals ("a square has only two
diagonals"). For lines a star counts as turned: only number tiles matter.

>>> board = Board.fresh((5, 3, 2, 1, STAR, 11) + (4,) * 30)
>>> cell_name(4), board.is_star(4), board.points()
('e1', True, 167)
>>> board.turned([0, 1]).points()
159
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Iterable, Iterator

SIZE = 6
CELLS = SIZE * SIZE
COLUMNS = "abcdef"
#: the value that stands for a star (numbers run 1-12)
STAR = 0
#: what a face-up star costs its owner at the end of a round
STAR_POINTS = 25


def cell_name(cell: int) -> str:
    """``0`` -> ``'a1'``, ``35`` -> ``'f6'``."""
    return f"{COLUMNS[cell % SIZE]}{cell // SIZE + 1}"


def parse_cell(text: str) -> int | None:
    """``'c3'`` -> 14; None when the text names no compartment.

    >>> parse_cell("c3"), parse_cell("g1"), parse_cell("a7")
    (14, None, None)
    """
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "123456":
        return None
    return (int(text[1]) - 1) * SIZE + COLUMNS.index(text[0])


@dataclass(frozen=True)
class Line:
    """A row, a column or a long diagonal, by name and cells."""

    name: str
    cells: tuple[int, ...]


def _lines() -> tuple[Line, ...]:
    rows = [Line(f"row {r + 1}", tuple(r * SIZE + c for c in range(SIZE))) for r in range(SIZE)]
    cols = [Line(f"col {COLUMNS[c]}", tuple(r * SIZE + c for r in range(SIZE))) for c in range(SIZE)]
    falling = Line("diag a1-f6", tuple(i * SIZE + i for i in range(SIZE)))
    rising = Line("diag a6-f1", tuple((SIZE - 1 - i) * SIZE + i for i in range(SIZE)))
    return (*rows, *cols, falling, rising)


#: every line, in a fixed order: rows, columns, then the two diagonals
LINES: tuple[Line, ...] = _lines()
LINE_BY_NAME = {line.name: line for line in LINES}
#: the lines through each compartment
LINES_THROUGH: tuple[tuple[Line, ...], ...] = tuple(
    tuple(line for line in LINES if cell in line.cells) for cell in range(CELLS)
)


def tile_text(value: int) -> str:
    return "*" if value == STAR else str(value)


@dataclass(frozen=True)
class Board:
    """The values of the 36 tiles and which of them are face down."""

    values: tuple[int, ...]
    down: tuple[bool, ...]

    @classmethod
    def fresh(cls, values: Iterable[int]) -> "Board":
        """Every tile face up, as at the start of a round."""
        values = tuple(values)
        return cls(values, (False,) * len(values))

    def is_star(self, cell: int) -> bool:
        return self.values[cell] == STAR

    def is_up(self, cell: int) -> bool:
        return not self.down[cell]

    def up_numbers(self, cells: Iterable[int]) -> list[int]:
        """The face-up number tiles among ``cells`` (stars left out: they count as turned)."""
        return [c for c in cells if not self.down[c] and self.values[c] != STAR]

    def numbers(self) -> list[tuple[int, int]]:
        """Each face-up number tile and its value, by compartment."""
        return [(c, v) for c, v in enumerate(self.values) if v != STAR and not self.down[c]]

    def up_stars(self) -> list[int]:
        """The face-up stars, by compartment."""
        return [c for c, v in enumerate(self.values) if v == STAR and not self.down[c]]

    def blockers(self, star: int) -> list[int]:
        """The face-up number tiles in a star's row and column, by compartment."""
        row, column = LINES_THROUGH[star][:2]
        return sorted({*self.up_numbers(row.cells), *self.up_numbers(column.cells)})

    def bonus_lines(self) -> Iterator[tuple[Line, int]]:
        """Each line with exactly one face-up number tile, and that tile, in line order."""
        return iter(self._lines[0])

    def bonus_cells(self) -> frozenset[int]:
        return self._lines[1]

    def star_free(self, cell: int) -> bool:
        """A star may be turned once its row and its column hold no face-up number tile."""
        clear = self._lines[2]
        return LINES_THROUGH[cell][0].name in clear and LINES_THROUGH[cell][1].name in clear

    @cached_property
    def _lines(self) -> tuple[tuple[tuple[Line, int], ...], frozenset[int], frozenset[str]]:
        """The bonus lines with their lone tiles, the lone tiles, the names of the lines with
        no face-up number: worked out once per board (a board never changes; the cache is
        not a field, so equality and hashing ignore it)."""
        bonus = []
        clear = []
        down, values = self.down, self.values
        for line in LINES:
            up = [c for c in line.cells if not down[c] and values[c] != STAR]
            if len(up) == 1:
                bonus.append((line, up[0]))
            elif not up:
                clear.append(line.name)
        return tuple(bonus), frozenset(c for _, c in bonus), frozenset(clear)

    def points(self) -> int:
        """The face-up tiles counted against their owner: numbers at face value, stars 25."""
        return sum(STAR_POINTS if v == STAR else v for v, d in zip(self.values, self.down) if not d)

    def count_up(self) -> int:
        return self.down.count(False)

    def cleared(self) -> bool:
        return all(self.down)

    def turned(self, cells: Iterable[int], face_down: bool = True) -> "Board":
        """The board with ``cells`` turned face down (or face up again: the malus)."""
        down = list(self.down)
        for cell in cells:
            down[cell] = face_down
        return replace(self, down=tuple(down))
