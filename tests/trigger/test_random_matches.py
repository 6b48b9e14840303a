"""Random full matches for many seeds, with the invariants of the issue checked at every ply."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.contract import choose
from tutor.core import CHANCE
from tutor.trigger import GAME
from tutor.trigger.moves import Chain, Flip, Malus
from tutor.trigger.tileset import TILES

OPTIONS = [{}, {"mode": "solo"}, {"mode": "2v1", "scoring": "rounds"}, {"mode": "2v2", "doubles": "multiply"}]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: o.get("mode", "two"))
def test_random_matches_keep_the_invariants(options):
    for seed in range(25):
        rnd = random.Random(seed)
        state = GAME.initial_state(options, seed)
        for board, bag in zip(state.boards, state.bags):  # 36 drawn + 8 left = the tile set
            assert Counter(board.values) + Counter(bag) == Counter(TILES)
        layouts = state.layouts
        for _ in range(5000):
            if GAME.outcome(state) is not None:
                break
            move = choose(GAME, state, rnd)
            before = state
            state = GAME.apply(state, move)
            assert state.layouts == layouts
            for board in state.boards:
                assert len(board.values) == 36 and len(board.down) == 36
                assert all(isinstance(d, bool) for d in board.down)
            if state.dice and state.phase == "play":
                assert 0 <= state.spent <= state.setup.allowance(state.dice)  # never over the roll
            if before.phase == "play" and state.phase in ("round over", "over") and not state.setup.solo:
                winner, points = state.results[-1]
                assert state.boards[winner].cleared()  # the round ends on a board all face down
                assert points == sum(b.points() for s, b in enumerate(state.boards) if s != winner)
            if GAME.to_move(before) == CHANCE or before.phase != "play":
                continue
            mine, other = before.side, before.opponent(before.side)
            if isinstance(move, Malus):  # one tile of the opponent's face up again
                assert state.boards[other].count_up() == before.boards[other].count_up() + 1
            elif isinstance(move, Flip):
                paid = sum(before.boards[mine].values[c] for c in move.cells)
                assert state.spent == before.spent + paid
            elif isinstance(move, Chain):
                assert before.boards[mine].count_up() - state.boards[mine].count_up() == len(state.chain)
            if not isinstance(move, Malus):  # your own tiles only ever go face down
                assert state.boards[mine].count_up() <= before.boards[mine].count_up()
        outcome = GAME.outcome(state)
        assert outcome is not None, f"seed {seed}: not over"
        assert len(state.results) == state.setup.rounds
