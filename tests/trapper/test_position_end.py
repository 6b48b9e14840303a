"""A finished game written as a position text reads back as the same finished game."""
from __future__ import annotations

import pytest

from tests.contract import playout
from tutor.trapper import GAME


@pytest.mark.parametrize("options, seed", [({"players": 2, "water_rule": False}, 0),  # all out
                                           ({"players": 4}, 1)])  # the last tile taken
def test_a_finished_game_s_position_reads_back_finished(options, seed):
    """A game over (everybody dropped out, or the last loot tile taken) was written as a
    position that read back as a game going on (its turn, no winner) or not at all ('the
    player on turn has dropped out')."""
    *_, (end, _) = playout(GAME, options, seed)
    assert end.over
    again = GAME.parse_position(GAME.position_text(end), options, seed)
    assert again.over and GAME.facts(again) == GAME.facts(end)
    assert list(GAME.legal_moves(again)) == [] and GAME.outcome(again) == GAME.outcome(end)
