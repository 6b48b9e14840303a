"""A lesson's words about where things lie are true of the board as drawn. The full river is
drawn across the page (start docks in column 1, the village at columns 28-29) on every screen:
Canyon's setup and end lessons said the start docks were "at the top of the river", the
village "far below" and "at the bottom left", and Carl "above the current"."""
from __future__ import annotations

import re

import pytest

from tutor.canyon import GAME
from tutor.canyon.board import DOCK, START
from tutor.core.walkthrough import by_id, replay

#: words that place a thing on the screen's up-down axis
UP_DOWN = re.compile(r"\b(top|bottom|above|below|upper|lower|uphill|downhill)\b", re.I)


@pytest.mark.parametrize("wid", ["canyon/setup", "canyon/the-end", "canyon/tempo", "canyon/trick",
                                 "canyon/round-counter", "canyon/current-push",
                                 "canyon/movement-points", "canyon/narrow-pass"])
def test_on_a_river_drawn_across_the_page_no_narration_says_up_or_down(wid):
    walk = replay(by_id(wid))
    board = walk.frames[0].state.board
    across = board.cols > board.rows
    said = [walk.walkthrough.intro, walk.walkthrough.summary,
            *(s.narration for s in walk.walkthrough.steps)]
    wrong = [text for text in said if across and UP_DOWN.search(text)]
    assert not wrong, wrong


def test_the_river_s_rule_cards_say_no_up_or_down():
    for rule in ("canyon.board", "canyon.move.start-dock"):
        assert not UP_DOWN.search(GAME.rules[rule].text), rule


def test_the_setup_lesson_names_the_start_docks_and_the_landing_docks_as_they_are():
    walk = replay(by_id("canyon/setup"))
    board = walk.frames[0].state.board
    assert sorted(board.field_name(i) for i, k in enumerate(board.kinds) if k == START) \
        == ["c1", "d1", "e1", "f1", "g1", "h1"]
    assert sorted(board.field_name(i) for i, k in enumerate(board.kinds) if k == DOCK) \
        == ["e28", "e29", "f29"]
    step = walk.walkthrough.steps[2]
    assert "(c1 to h1)" in step.narration and "(e28, e29, f29)" in step.narration
