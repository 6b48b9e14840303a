"""A step that plays a weaker move on purpose shows the stronger move and the lesson's reason
under its narration (issue 34.3): on the lesson page, the first paint and the class follower
alike, since all three paint the step's ``narration``; ``data-stronger`` names the move."""
from __future__ import annotations

import re

import pytest

from examples.nim import GAME as NIM
from tutor.core import registry
from tutor.core import walkthrough as wt
from tutor.core.i18n import using
from widgets.parts.drawing import FactsDrawer
from widgets.pages.lesson.steps import StepComposer
from widgets.parts.firstpaint import preview_html
from widgets.parts.texts import T

TEXT = '''game = "nim"
title = "t"
[setup]
position = "heap: 6"
narration = "Six counters."
[[steps]]
move = "take 1"
narration = "P1 takes one."
stronger = "take 2"
why = "The lesson wants a heap of five."
[[steps]]
move = "take 1"
narration = "P2 takes one."
'''


@pytest.fixture(autouse=True)
def nim_known():
    registry.register(NIM)


def composed(lang: str = "en") -> StepComposer:
    with using(lang):
        composer = StepComposer(wt.replay(wt.parse(TEXT, "s.toml")), FactsDrawer(NIM))
        composer.view(1), composer.view(2)
    return composer


def stronger_of(narration: str) -> list[tuple[str, str]]:
    return re.findall(r'<p class="tp-stronger" data-stronger="([^"]*)">(.*?)</p>', narration)


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_stronger_move_and_the_reason_are_shown_under_the_narration(lang):
    shown = composed(lang).view(1)
    found = stronger_of(shown.narration)
    assert [move for move, _ in found] == ["take 2"]
    assert shown.narration.index("P1 takes one.") < shown.narration.index("tp-stronger")
    assert "The lesson wants a heap of five." in found[0][1] and "<code>take 2</code>" in found[0][1]
    with using(lang):
        label = T._("A stronger play was")
    assert label in found[0][1] and label in shown.said and "heap of five" in shown.said
    if lang != "en":
        assert label != "A stronger play was"  # the page's words are translated


def test_a_step_without_one_shows_none():
    shown = composed().view(2)
    assert stronger_of(shown.narration) == [] and "data-stronger" not in shown.narration


def test_the_first_paint_shows_it_too():
    painted = preview_html(composed().view(1).data(), "t", "nim")
    assert [move for move, _ in stronger_of(painted)] == ["take 2"]
