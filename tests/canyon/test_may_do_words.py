"""Canyon's may-do drill explains a kind of move the player may not make by a move a canoe
could make: the example of "paddle" was a field that is no water ("Not allowed now: paddle.
For example, “Cleo: paddle to a4” is refused: a4 is not water"), which says why that field is
refused, not why Cleo may not paddle now (no movement points, canoes in the way)."""
from __future__ import annotations

import itertools

from tutor.canyon import GAME, Paddle
from tutor.canyon.board import ENTERABLE
from tutor.core import drills as core_drills
from tutor.core.drills import drills

#: the rules that refuse a field, not a kind of move: no water, a start dock, over the waterfall
NO_FIELD = {"canyon.move.water", "canyon.move.start-dock", "canyon.current.waterfall"}


def test_the_paddling_example_is_a_field_a_canoe_can_enter():
    asked = list(itertools.islice(drills(GAME, seed=3, kinds=["may-do"]), 300))
    refused = [o.rule_id for d in asked for o in d.options if not o.right and o.rule_id]
    assert refused and not NO_FIELD & set(refused), sorted(NO_FIELD & set(refused))
    # paddling is still asked about where it is refused: too far, or every way blocked
    assert {"canyon.move.reach", "canyon.move.through", "canyon.move.one-canoe"} & set(refused)


def test_the_moves_tried_are_the_candidates_less_the_paddles_onto_no_water():
    asked = list(itertools.islice(drills(GAME, seed=3, kinds=["may-do"]), 40))
    left_out = 0
    for drill in asked:
        state = drill.state
        tried = core_drills.candidates(GAME, state)
        every = list(GAME.candidate_moves(state))
        assert tried == [m for m in every if m in tried]  # the game's candidates, in order
        for move in every:
            onto_land = isinstance(move, Paddle) and state.board.kinds[move.end] not in ENTERABLE
            assert (move in tried) != onto_land, move
            left_out += onto_land
    assert left_out
