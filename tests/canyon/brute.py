"""An independent, exhaustive reading of the movement rules, for checking the engine.

It enumerates every simple path (exponential: small maps and few points only) and applies
the project's reading of ``canyon.move.optimal`` literally.
"""
from __future__ import annotations

from tutor.canyon.board import DOCK, ENTERABLE, Board


def all_paths(board: Board, start: int, points: int, canoes: frozenset[int]):
    """Every simple path from ``start`` of 1..points steps (a dock ends a path)."""
    def free(f):
        return board.kinds[f] in ENTERABLE and f not in canoes

    def grow(path):
        yield path
        if len(path) - 1 == points or board.kinds[path[-1]] == DOCK:
            return
        for n in board.neighbours[path[-1]]:
            if free(n) and n not in path:
                yield from grow(path + (n,))

    yield from grow((start,))


def brute_ends(board: Board, start: int, points: int, canoes: frozenset[int]) -> dict[int, int]:
    """Legal end field -> points used, by the reading, from every simple path."""
    paths = list(all_paths(board, start, points, canoes))
    docked = {}
    for p in paths:
        if board.kinds[p[-1]] == DOCK:
            docked[p[-1]] = min(docked.get(p[-1], 99), len(p) - 1)
    if docked:
        return docked
    longest = max(len(p) - 1 for p in paths)
    ends = {p[-1] for p in paths if len(p) - 1 == longest}
    best = min(board.village_distance[e] for e in ends)
    return {e: longest for e in ends if board.village_distance[e] == best}
