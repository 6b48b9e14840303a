"""A face-down star offered for a flip is refused as a tile already face down.

It was refused by trigger.turn.star.flip, whose refusal sends the player to 'star c3' "once
its row and column are clear" - which is then refused too ("holds no face-up star"). What
the move breaks first is 3. HET SPEL: only face-up tiles are turned (trigger.turn.tile); a
face-up star is still refused as a star that is not paid for (4. STERREN).
"""
from __future__ import annotations

from .helpers import TWELVES, play, position, refused

# row 1: the star on e1 face down (its row and column were clear), the rest 12s
ROW = "(5) (3) (2) (1) (*) 11\n" + TWELVES.split("\n", 1)[1]


def test_a_face_down_star_is_refused_as_a_tile_already_face_down():
    state = position(ROW)
    assert refused(state, "flip e1") == "trigger.turn.tile"
    assert refused(state, "star e1") == "trigger.turn.star.tile"


def test_a_face_up_star_is_still_refused_as_a_star_not_paid_for():
    state = play(position("5 (3) (2) (1) * 11\n" + TWELVES.split("\n", 1)[1]), "flip a1")
    assert refused(state, "flip e1") == "trigger.turn.star.flip"
