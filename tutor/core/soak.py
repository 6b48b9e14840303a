"""The soak: many random games per game and variant, checking invariants at every ply.

At every ply of a seeded random game: a state that is not over has a legal move (or chance
outcomes), the game's own :meth:`~tutor.core.game.Game.invariants` hold, and the JSON round
trip gives the same state; the game ends within :data:`MAX_PLIES`. A failure names the game,
the option set, the seed and the ply, so one command replays it.

>>> from examples.nim import GAME as nim
>>> [problem for _, problem in soak(nim, {"heap": 9}, seeds=range(3))]
[None, None, None]
"""
from __future__ import annotations

import json
import random
import traceback
from typing import Any, Iterable, Iterator, Mapping

from .game import CHANCE, Game, random_move

#: plies after which a game that has not ended is a failure
MAX_PLIES = 20_000


def problem_of(game: Game[Any, Any], options: Mapping[str, object], seed: int,
               max_plies: int = MAX_PLIES) -> str | None:
    """The first thing wrong in the random game of this seed ("ply 12: ..."), or None."""
    rnd = random.Random(seed)
    ply = 0
    try:
        state = game.initial_state(dict(options), seed)
        for ply in range(max_plies):
            found = _check(game, state)
            if found:
                return f"ply {ply}: {found}"
            move = random_move(game, state, rnd)
            if move is None:
                return None  # over: _check made sure a player to move has a move
            state = game.apply(state, move)
    except Exception as exc:  # a crash is a failure to report, with where it happened
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return (f"ply {ply}: {type(exc).__name__}: {exc} "
                f"({where.filename.rpartition('/')[2]}:{where.lineno})")
    return f"not over after {max_plies} plies"


def _check(game: Game[Any, Any], state: Any) -> str | None:
    problems = game.invariants(state)
    if problems:
        return "; ".join(problems)
    mover = game.to_move(state)
    if mover == CHANCE and not game.chance_outcomes(state):
        return "chance is to move but has no outcomes"
    if mover is not None and mover != CHANCE and next(iter(game.legal_moves(state)), None) is None:
        return f"{game.players(state)[mover]} is to move but has no legal move"
    if mover is None and game.outcome(state) is None:
        return "nobody is to move but the game has no outcome"
    data = json.loads(json.dumps(game.to_json(state)))
    if game.from_json(data) != state:
        return "the JSON round trip gives another state"
    return None


def soak(game: Game[Any, Any], options: Mapping[str, object],
         seeds: Iterable[int]) -> Iterator[tuple[int, str | None]]:
    """(seed, problem or None) for each seed's random game."""
    for seed in seeds:
        yield seed, problem_of(game, options, seed)
