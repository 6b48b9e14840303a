"""Where a canoe may end its move: the legal end fields and one path to each.

The rules (``canyon.move.*``): one field per point in any of 8 directions, water only, no
field twice, never through another canoe, all points used unless the way is blocked, and
the canoe ends as near the village as it can. Our reading of "optimal": the legal ends are
the ends of moves that use as many points as possible and, among those, are nearest the
village (``Board.village_distance``). A landing dock within reach ends the move at once;
the points not needed are left over.

Enumerating every simple path grows exponentially in open water, so this module never
does. It asks two questions with a depth-first search that forgets the part of the
visited set that no longer matters (fields further away than the steps left) and
remembers every question already answered:

* how many points can be used at all (stop as soon as all of them can), and
* for each field, nearest the village first, whether a simple path of exactly that many
  steps ends there (pruned by the plain distance to it).

>>> from tutor.canyon.board import Board
>>> board = Board.parse('''
... #S##
... #..#
... #.o#
... #..#
... #DD#
... ''')
>>> plan = plan_move(board, board.field("b2"), 2, frozenset())
>>> {board.field_name(end): [board.field_name(f) for f in path] for end, path in plan.ends.items()}
{'b4': ['b2', 'b3', 'b4'], 'c4': ['b2', 'b3', 'c4']}
>>> plan_move(board, board.field("b2"), 3, frozenset()).left_over(board.field("b5"))
0
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Mapping

from .board import DOCK, ENTERABLE, Board


@dataclass(frozen=True)
class Plan:
    """The legal moves of one canoe: ``ends`` maps each legal end field to a path to it
    (start first). ``used`` is the points a move uses (for a dock: the fewest needed)."""

    start: int
    points: int
    ends: Mapping[int, tuple[int, ...]]
    docked: bool = False
    #: the fields of the other canoes
    canoes: frozenset[int] = frozenset()
    #: True when the canoe cannot move at all (its points lapse)
    blocked: bool = field(default=False, init=False, compare=False)
    #: distances round the canoes, worked out once when a refusal needs them
    memo: dict[str, dict[int, int]] = field(default_factory=dict, init=False, compare=False,
                                            repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "blocked", tuple(self.ends) == (self.start,))

    def used(self, end: int) -> int:
        return len(self.ends[end]) - 1

    def left_over(self, end: int) -> int:
        return self.points - self.used(end)


@lru_cache(maxsize=4096)
def plan_move(board: Board, start: int, points: int, canoes: frozenset[int]) -> Plan:
    """The legal ends for a canoe on ``start`` with ``points``; ``canoes`` are the fields
    of the other canoes (the rock cave never blocks)."""
    if points <= 0:
        return Plan(start, points, {start: (start,)}, canoes=canoes)
    docks = _docks_within(board, start, points, _free(board, canoes, docks=True))
    if docks:
        return Plan(start, points, docks, docked=True, canoes=canoes)
    water = _free(board, canoes, docks=False)
    search = _Search(board, water)
    usable = search.longest(start, points, 1 << start)
    if usable == 0:
        return Plan(start, points, {start: (start,)}, canoes=canoes)
    reach = _distances(board, start, water, usable)
    candidates = sorted((board.village_distance[v], v) for v, d in reach.items()
                        if 0 < d <= usable)
    ends: dict[int, tuple[int, ...]] = {}
    level: int | None = None
    for distance, v in candidates:
        if level is not None and distance > level:
            break
        path = search.exact(start, v, usable)
        if path is not None:
            ends[v] = path
            level = distance
    return Plan(start, points, dict(sorted(ends.items())), canoes=canoes)


@lru_cache(maxsize=4096)
def exact_path(board: Board, start: int, end: int, steps: int,
               canoes: frozenset[int]) -> tuple[int, ...] | None:
    """A simple path of exactly ``steps`` over water from ``start`` to ``end``, or None."""
    water = _free(board, canoes, docks=False)
    if not 0 <= end < len(water) or not water[end]:
        return None
    return _Search(board, water).exact(start, end, steps)


@lru_cache(maxsize=4096)
def reach_map(board: Board, start: int, canoes: frozenset[int],
              limit: int = 10**6) -> dict[int, int]:
    """Fewest steps from ``start`` to every field it can reach round the ``canoes`` within
    ``limit`` steps (landing docks not crossed, and not listed: a dock is one step from a
    field next to it)."""
    return _distances(board, start, _free(board, canoes, docks=False), limit)


# ---- the searches ----------------------------------------------------------------------------
class _Search:
    """Depth-first searches over simple paths on the fields in ``water`` (one byte per
    field, 1 for open water), memoised on (field, steps left, the visited fields within
    reach; visited fields are a bit mask)."""

    def __init__(self, board: Board, water: bytes):
        self.board = board
        self.water = water
        self.neighbours = board.neighbours
        self._longest: dict[tuple[int, int, int], int] = {}

    def longest(self, cur: int, rem: int, visited: int) -> int:
        """The most steps (at most ``rem``) a simple path can go on from ``cur``."""
        if rem == 0:
            return 0
        key = (cur, rem, visited & _ball(self.board, cur, rem))
        if key in self._longest:
            return self._longest[key]
        best = 0
        water = self.water
        for n in self.neighbours[cur]:
            bit = 1 << n
            if water[n] and not visited & bit:
                got = 1 + self.longest(n, rem - 1, visited | bit)
                if got > best:
                    best = got
                    if best == rem:
                        break
        self._longest[key] = best
        return best

    def exact(self, start: int, target: int, steps: int) -> tuple[int, ...] | None:
        """A simple path of exactly ``steps`` from ``start`` to ``target``, or None."""
        board, neighbours = self.board, self.neighbours
        # distances to the target ignoring canoes: a bound that is cheap (made once per
        # field of the map) and nearly as tight as a search round the canoes
        to_target = _static_distances(board, target)
        first = to_target[start] if to_target[start] != _FAR else 1 + min(
            (to_target[n] for n in neighbours[start]), default=_FAR)
        if first > steps:
            return None
        water = self.water
        failed: set[tuple[int, int, int]] = set()
        path = [start]

        def go(cur: int, rem: int, visited: int) -> bool:
            if rem == 0:
                return cur == target
            key = (cur, rem, visited & _ball(board, cur, rem))
            if key in failed:
                return False
            # spend the spare steps first: try the neighbours furthest from the target
            options = sorted(
                (n for n in neighbours[cur]
                 if water[n] and not visited & (1 << n)
                 and to_target[n] <= rem - 1 and (n != target or rem == 1)),
                key=lambda n: -to_target[n])
            for n in options:
                path.append(n)
                if go(n, rem - 1, visited | (1 << n)):
                    return True
                path.pop()
            failed.add(key)
            return False

        return tuple(path) if go(start, steps, 1 << start) else None


_FAR = 255


@lru_cache(maxsize=8192)
def _static_distances(board: Board, target: int) -> bytes:
    """Steps from every field to ``target`` over water (landing docks not crossed),
    ignoring canoes; 255 where there is no way (or it is further)."""
    allowed = bytearray(_open(board, docks=False))
    allowed[target] = 1
    found = _distances(board, target, allowed, _FAR - 1)
    return bytes(found.get(i, _FAR) for i in range(len(board.kinds)))


def _docks_within(board: Board, start: int, points: int,
                  free: bytes) -> dict[int, tuple[int, ...]]:
    """The free landing docks within ``points`` steps, each with a shortest path."""
    parent: dict[int, int | None] = {start: None}
    queue = deque([(start, 0)])
    found: dict[int, tuple[int, ...]] = {}
    while queue:
        cur, d = queue.popleft()
        if board.kinds[cur] == DOCK:
            found[cur] = _unwind(parent, cur)
            continue  # a dock ends the move: never paddle on through it
        if d == points:
            continue
        for n in board.neighbours[cur]:
            if free[n] and n not in parent:
                parent[n] = cur
                queue.append((n, d + 1))
    return dict(sorted(found.items()))


def _unwind(parent: dict[int, int | None], end: int) -> tuple[int, ...]:
    path = [end]
    step = parent[end]
    while step is not None:
        path.append(step)
        step = parent[step]
    return tuple(reversed(path))


def _distances(board: Board, source: int, allowed: bytes | bytearray,
               limit: int = 10**6) -> dict[int, int]:
    """Breadth-first distances from ``source`` over the fields ``allowed`` (1 per field),
    up to ``limit``."""
    dist = {source: 0}
    open_ = bytearray(allowed)  # 1: not reached yet
    open_[source] = 0
    neighbours = board.neighbours
    frontier = [source]
    step = 0
    while frontier and step < limit:
        step += 1
        following = []
        for cur in frontier:
            for n in neighbours[cur]:
                if open_[n]:
                    open_[n] = 0
                    dist[n] = step
                    following.append(n)
        frontier = following
    return dist


@lru_cache(maxsize=256)
def _open(board: Board, docks: bool) -> bytes:
    """One byte per field: 1 where a canoe may paddle (landing docks only if ``docks``)."""
    return bytes(int(k in ENTERABLE and (docks or k != DOCK)) for k in board.kinds)


@lru_cache(maxsize=4096)
def _free(board: Board, canoes: frozenset[int], docks: bool) -> bytes:
    """:func:`_open` with the fields of the ``canoes`` closed."""
    free = bytearray(_open(board, docks))
    for f in canoes:
        free[f] = 0
    return bytes(free)


@lru_cache(maxsize=65536)
def _ball(board: Board, cell: int, radius: int) -> int:
    """The fields within ``radius`` king-steps of ``cell`` as a bit mask."""
    r, c = divmod(cell, board.cols)
    lo, hi = max(0, c - radius), min(board.cols - 1, c + radius)
    span = ((1 << (hi - lo + 1)) - 1) << lo
    mask = 0
    for row in range(max(0, r - radius), min(board.rows - 1, r + radius) + 1):
        mask |= span << (row * board.cols)
    return mask
