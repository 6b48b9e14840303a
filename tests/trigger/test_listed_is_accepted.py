"""The engine accepts exactly what it lists (issue 14.4): over random reachable states of
every mode, moves built directly from every move class, with fields in range and out of
range, are accepted if and only if ``legal_moves`` lists them; a refused move names a rule
of the catalogue and leaves the state as it was; a move text that parses but names an
impossible thing is refused with a rule id, never a crash."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.core import BadMoveText, IllegalMove
from tutor.core.game import random_move
from tutor.trigger import GAME
from tutor.trigger.board import LINES
from tutor.trigger.moves import (Bonus, Chain, End, Flip, Malus, NextRound, Opening, Roll,
                                 Star)

MODES = [{}, {"mode": "solo"}, {"mode": "2v1"}, {"mode": "2v2", "doubles": "multiply"}]

cells = st.integers(min_value=-2, max_value=38)
faces = st.integers(min_value=-1, max_value=8)
lines = st.sampled_from([line.name for line in LINES] + ["row 7", "col g", "diag", ""])
moves = st.one_of(
    st.builds(Opening, st.lists(faces, max_size=3).map(tuple)),
    st.builds(Roll, st.lists(faces, max_size=3).map(tuple)),
    st.builds(Malus, lines, cells),
    st.builds(Flip, st.lists(cells, max_size=4).map(tuple)),
    st.builds(Bonus, cells),
    st.builds(Star, cells),
    st.just(Chain()), st.just(End()), st.just(NextRound()),
)


def reachable(options: dict, seed: int, plies: int):
    """The state after ``plies`` random moves of a seeded game (or its end)."""
    rnd = random.Random(seed)
    state = GAME.initial_state(options, seed)
    for _ in range(plies):
        move = random_move(GAME, state, rnd)
        if move is None:
            break
        state = GAME.apply(state, move)
    return state


def check(state, move, listed=None) -> None:
    listed = set(GAME.legal_moves(state)) if listed is None else listed
    before = GAME.to_json(state)
    try:
        GAME.apply(state, move)
    except IllegalMove as exc:
        assert move not in listed, f"{move} is listed but refused: {exc}"
        assert exc.rule_id in GAME.rules and exc.reason
        assert GAME.to_json(state) == before
    else:
        assert move in listed, f"{move} is accepted but not listed"


@pytest.mark.parametrize("options", MODES, ids=lambda o: o.get("mode", "two"))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 300),
       tried=st.lists(moves, min_size=1, max_size=12))
def test_a_move_is_accepted_exactly_when_it_is_listed(options, seed, plies, tried):
    state = reachable(options, seed, plies)
    listed = set(GAME.legal_moves(state))
    for move in [*tried, *GAME.candidate_moves(state)]:
        check(state, move, listed)


@pytest.mark.parametrize("options", MODES, ids=lambda o: o.get("mode", "two"))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 300), move=moves)
def test_a_move_text_that_parses_is_accepted_exactly_when_listed(options, seed, plies, move):
    state = reachable(options, seed, plies)
    try:
        parsed = GAME.parse_move(state, GAME.move_text(state, move))
    except BadMoveText:
        return  # not a text that reads (a compartment off the board, a die of 8, ...)
    check(state, parsed)
