"""The river: an ASCII map read into fields, neighbours and distances to the village.

One character per field, rows from the start docks (row 1, top) down to the village.
Fields are named like ``c12``: the column letter, then the row number from the top.

====  =====================================================================
``.``  water
``#``  mountain (river bank)            ``o``  island
``S``  start dock                       ``D``  landing dock in the village
``v`` ``<`` ``>`` ``^`` ``/`` ``\\``    current; the arrow is where a canoe drifts
                                        (``/`` down-left, ``\\`` down-right)
``W``  waterfall                        ``C``  rock cave
====  =====================================================================

Lines starting with ``;`` are comments; short rows are filled up with mountain.

>>> board = Board.parse('''
... S..
... .o.
... >vv
... DWW
... C##
... ''')
>>> board.rows, board.cols, board.field_name(board.starts[0])
(5, 3, 'a1')
>>> board.village_distance[board.field("a2")], board.field_name(board.drift[board.field("a3")])
(2, 'b3')
>>> board.drift[board.field("b3")]  # -1: over the waterfall
-1
>>> Board.parse("S.x\\n..D")
Traceback (most recent call last):
...
tutor.core.errors.BadState: map row 1, column 3 (c1): unknown symbol 'x'
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from tutor.core.errors import BadState
from tutor.core.i18n import translator
from tutor.core.inputs import whole_number

T = translator("canyon")

WATER, MOUNTAIN, ISLAND, START, DOCK, WATERFALL, CAVE = ".", "#", "o", "S", "D", "W", "C"
#: current arrows and the (row, column) step each one drifts a canoe
ARROWS = {"v": (1, 0), "^": (-1, 0), "<": (0, -1), ">": (0, 1), "/": (1, -1), "\\": (1, 1)}
SYMBOLS = {WATER, MOUNTAIN, ISLAND, START, DOCK, WATERFALL, CAVE, *ARROWS}
#: fields a canoe may paddle onto (a landing dock ends the move)
ENTERABLE = {WATER, DOCK, *ARROWS}
#: fields a canoe may stand on and paddle away from
STANDING = {WATER, START, CAVE, *ARROWS}
MAPS = Path(__file__).parent / "maps"
UNREACHABLE = 10**6


def column_letter(col: int) -> str:
    return chr(ord("a") + col)


@dataclass(frozen=True)
class Board:
    """A parsed map. ``name`` is the built-in map it came from ("" for a map written inline).

    Derived tables (not compared): ``kinds`` per field index (row * cols + column),
    ``neighbours`` (the enterable fields around each field a canoe may stand on),
    ``around`` (every field around each field), ``village_distance`` (fewest
    king-steps over water to a landing dock, ignoring canoes), ``drift`` (for a current
    field: where it drifts a canoe; -1 for the waterfall), ``downstream`` (for a current field:
    the field its arrow points at, the waterfall too), ``starts``, ``docks``, ``cave``.
    """

    text: str
    name: str = ""
    rows: int = field(default=0, compare=False)
    cols: int = field(default=0, compare=False)
    kinds: tuple[str, ...] = field(default=(), compare=False, repr=False)
    neighbours: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    around: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    village_distance: tuple[int, ...] = field(default=(), compare=False, repr=False)
    drift: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    downstream: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    starts: tuple[int, ...] = field(default=(), compare=False)
    docks: tuple[int, ...] = field(default=(), compare=False)
    cave: int | None = field(default=None, compare=False)

    # ---- reading ------------------------------------------------------------------------
    @staticmethod
    def parse(text: str, name: str = "") -> "Board":
        """A board from map text; BadState names the row and column of the first problem."""
        return _parse(text, name)

    @staticmethod
    def builtin(name: str) -> "Board":
        """A map shipped in ``tutor/canyon/maps/<name>.txt`` (read once)."""
        return _builtin(name)

    # ---- naming -------------------------------------------------------------------------
    def field_name(self, index: int) -> str:
        row, col = divmod(index, self.cols)
        return f"{column_letter(col)}{row + 1}"

    def field(self, name: str) -> int:
        """The index of a field named like ``c12``; ValueError if there is none."""
        name = name.strip().lower()
        number = whole_number(name[1:])
        if len(name) < 2 or not name[0].isalpha() or number is None:
            raise ValueError(T._("a field is named by column letter and row number, like c12, "
                                 "not {name}", name=repr(name)))
        col, row = ord(name[0]) - ord("a"), number - 1
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise ValueError(T._("there is no field {name} on this {rows}x{cols} map", name=name,
                                 rows=self.rows, cols=self.cols))
        return row * self.cols + col

    def is_current(self, index: int) -> bool:
        return self.kinds[index] in ARROWS

    def rc(self, index: int) -> tuple[int, int]:
        return divmod(index, self.cols)


@lru_cache(maxsize=16)
def to_json(board: Board) -> str | dict[str, str]:
    """A board in a saved state: a built-in map by its name, any other by its text."""
    return board.name if board.name else {"text": board.text}


def from_json(data: object) -> Board:
    """The board :func:`to_json` wrote; BadState says what is wrong."""
    if isinstance(data, str):
        return Board.builtin(data)
    if isinstance(data, dict) and set(data) == {"text"} and isinstance(data["text"], str):
        return Board.parse(data["text"])
    raise BadState(T._("a map is a built-in map's name or a table with the map's text"))


def _builtin(name: str) -> Board:
    path = MAPS / f"{name}.txt"
    if not name.isidentifier() or not path.exists():
        known = ", ".join(sorted(p.stem for p in MAPS.glob("*.txt")))
        raise BadState(T._("no built-in map {name}; known maps: {known}", name=repr(name), known=known))
    return _parse(path.read_text(encoding="utf-8"), name)


def _fail(problem: str, row: int, col: int) -> BadState:
    return BadState(problem, where=T._("map row {row}, column {column} ({field})", row=row + 1,
                                       column=col + 1, field=f"{column_letter(col)}{row + 1}"),
                    line=row + 1)


@lru_cache(maxsize=32)
def _parse(text: str, name: str) -> Board:
    lines = [line.strip() for line in text.splitlines()]
    grid = [line for line in lines if line and not line.startswith(";")]
    if not grid:
        raise BadState(T._("the map has no rows"), where="map")
    cols = max(map(len, grid))
    if cols > 26:
        raise BadState(T._("a map has at most 26 columns (a-z), this one {n}", n=cols), where="map")
    grid = [row.ljust(cols, MOUNTAIN) for row in grid]
    rows = len(grid)
    for r, row in enumerate(grid):
        for c, symbol in enumerate(row):
            if symbol not in SYMBOLS:
                raise _fail(T._("unknown symbol {symbol}", symbol=repr(symbol)), r, c)
    kinds = tuple("".join(grid))

    def at(r: int, c: int) -> str | None:
        return grid[r][c] if 0 <= r < rows and 0 <= c < cols else None

    drift: dict[int, int] = {}
    downstream: dict[int, int] = {}
    for r, row in enumerate(grid):
        for c, symbol in enumerate(row):
            if symbol in ARROWS:
                dr, dc = ARROWS[symbol]
                target = at(r + dr, c + dc)
                if target is None:
                    raise _fail(T._("the current arrow {symbol} points off the map",
                                    symbol=repr(symbol)), r, c)
                if target not in {WATERFALL, *ARROWS}:
                    onto = {  # the current runs on to the waterfall, over water only
                        MOUNTAIN: T._("the current arrow {symbol} points onto a mountain"),
                        ISLAND: T._("the current arrow {symbol} points onto an island"),
                        START: T._("the current arrow {symbol} points onto a start dock"),
                        DOCK: T._("the current arrow {symbol} points onto a landing dock"),
                        CAVE: T._("the current arrow {symbol} points onto the rock cave"),
                        WATER: T._("the current arrow {symbol} points onto still water (the "
                                   "current runs on to the waterfall)")}[target]
                    raise _fail(onto.replace("{symbol}", repr(symbol)), r, c)
                downstream[r * cols + c] = (r + dr) * cols + c + dc
                drift[r * cols + c] = -1 if target == WATERFALL else downstream[r * cols + c]

    for origin in drift:  # the current carries every canoe to the waterfall, never round
        seen: set[int] = set()
        cur = origin
        while cur != -1:
            if cur in seen:
                raise _fail(T._("following the arrows from here goes round in a circle"),
                            *divmod(origin, cols))
            seen.add(cur)
            cur = drift[cur]

    def cells(kind_set: Iterable[str]) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(kinds) if k in kind_set)

    docks, caves, starts = cells({DOCK}), cells({CAVE}), cells({START})
    if not docks:
        raise BadState(T._("the map has no landing dock 'D' in the village"), where="map")
    if len(caves) > 1:
        raise _fail(T._("a map has one rock cave 'C', this is a second one"), *divmod(caves[1], cols))
    if (drift or cells({WATERFALL})) and not caves:
        raise BadState(T._("a map with a current or waterfall needs a rock cave 'C'"), where="map")
    if not cells({WATER, *ARROWS}):
        raise BadState(T._("the map has no water"), where="map")

    around = tuple(_around(i, rows, cols) for i in range(rows * cols))
    neighbours = tuple(tuple(j for j in around[i] if kinds[j] in ENTERABLE)
                       if kinds[i] in STANDING else () for i in range(rows * cols))

    distance = [UNREACHABLE] * (rows * cols)
    queue: deque[int] = deque(docks)
    for d in docks:
        distance[d] = 0
    while queue:  # water is walked both ways, so search outwards from the docks
        i = queue.popleft()
        for j in neighbours[i] if kinds[i] != DOCK else around[i]:
            if kinds[j] in ENTERABLE and kinds[j] != DOCK and distance[j] == UNREACHABLE:
                distance[j] = distance[i] + 1
                queue.append(j)
    for i in (*starts, *caves):  # paddle away from these, never onto them
        distance[i] = 1 + min((distance[j] for j in neighbours[i]), default=UNREACHABLE)
        if distance[i] >= UNREACHABLE:
            cut_off = (T._("no route over water from this start dock to the village")
                       if kinds[i] == START else
                       T._("no route over water from this rock cave to the village"))
            raise _fail(cut_off, *divmod(i, cols))
    return Board(text=text, name=name, rows=rows, cols=cols, kinds=kinds,
                 neighbours=neighbours, around=around,
                 village_distance=tuple(distance), drift=drift, downstream=downstream,
                 starts=starts, docks=docks, cave=caves[0] if caves else None)


def _around(i: int, rows: int, cols: int) -> tuple[int, ...]:
    r, c = divmod(i, cols)
    return tuple((r + dr) * cols + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols)
