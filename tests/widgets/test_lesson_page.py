"""The lesson page without a browser: what the kernel sends and when (rendering ahead), what it
does with what the page reports, and the app a notebook shows."""
from __future__ import annotations

import pytest

from tutor.core.walkthrough import by_id, replay
from widgets.app import lesson_for, walkthrough_app
from widgets.boards import FactsDrawer, drawer_for
from widgets.keepalive import KeepAlive
from widgets.lesson import LessonPage


@pytest.fixture
def green():
    return replay(by_id("trapper/green-turn"))


def sent_by(page):
    messages = []
    page.send = messages.append  # what would go to the page
    return messages


def test_the_first_paint_needs_no_round_trip_and_next_is_held_ahead(green):
    page = lesson_for(green, query="")
    assert sorted(map(int, page.initial)) == [0, 1, 2]
    first = page.initial["0"]
    assert first["label"] == f"Step 0 of {len(green.frames) - 1}" and first["board"].startswith("<svg")
    assert page.names[0].endswith("Setup") and len(page.names) == len(green.frames)


def test_moving_on_sends_only_the_steps_the_page_does_not_hold(green):
    page = lesson_for(green, query="")
    messages = sent_by(page)
    page.index = 1  # the page painted step 1 from what it held, and tells the kernel
    assert page.steps.index == 1
    assert [[s["index"] for s in m["steps"]] for m in messages] == [[3]]
    page.index = 2
    assert [s["index"] for s in messages[-1]["steps"]] == [4]
    page.index = 1  # back: everything near is held already
    assert len(messages) == 2


def test_a_jump_sends_the_step_first_then_its_neighbours(green):
    page = lesson_for(green, query="")
    messages = sent_by(page)
    page.index = 6
    assert [s["index"] for s in messages[-1]["steps"]] == [6, 7, 5][:len(messages[-1]["steps"])]
    page.index = 99  # out of range: the nearest step
    assert page.index == page.steps.last


def test_a_new_view_of_the_page_gets_the_steps_again(green):
    page = lesson_for(green, query="")
    messages = sent_by(page)
    page._message(page, {"type": "ready"}, None)
    assert [s["index"] for s in messages[-1]["steps"]] == [0, 1, 2]


def test_a_switch_composes_the_steps_again():
    walk = replay(by_id("intrappola/es4-pair-missed"))
    page = LessonPage(walk, drawer_for("intrappola")(walk.game))
    messages = sent_by(page)
    page._message(page, {"type": "switch", "name": "overlay", "value": "Bruno"}, None)
    assert messages[0] == {"type": "reset"}
    step0 = messages[1]["steps"][0]
    assert step0["switches"][0]["value"] == "Bruno" and "what Bruno can know" in step0["panel"]


def test_the_address_opens_a_step_or_says_why_not(green):
    assert lesson_for(green, query="step=3").index == 3
    page = lesson_for(green, query="step=abc")
    assert page.index == 0 and "abc" in page.message


def test_the_app_is_the_page_and_a_keepalive_that_follows_its_step(green):
    app = walkthrough_app("trapper/green-turn")
    page, alive = app.children
    assert isinstance(page, LessonPage) and isinstance(alive, KeepAlive)
    page.index = 3  # the learner moved on: a reload after the kernel is gone opens step 3
    assert alive.step == 3
    broken = walkthrough_app("trapper/no-such-walkthrough")
    assert "cannot be shown" in broken.value and "no walkthrough" in broken.value


def test_a_game_without_a_drawer_shows_its_facts(nim_replay):
    page = LessonPage(nim_replay, FactsDrawer(nim_replay.game))
    step1 = page.composer.view(1)
    assert "heap" in step1.panel and step1.alt.startswith("Move: take 2.")
    refused = page.composer.view(2)
    assert "tp-refusal" in refused.move and "nim.take" in refused.move
    assert refused.alt.startswith("Refused: take 4.")
