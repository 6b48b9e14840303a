"""The lesson view without a browser: what the kernel sends and when (rendering ahead), what it
does with what the page reports, and the app a notebook shows."""
from __future__ import annotations

import re

import pytest

from tutor.core.walkthrough import by_id, replay
from widgets.app import CourseApp, lesson_for, walkthrough_app
from widgets.games import drawer_for
from widgets.parts.drawing import FactsDrawer
from widgets.serving.keepalive import KeepAlive
from widgets.pages.lesson.view import LessonPage


@pytest.fixture
def green():
    return replay(by_id("trapper/green-turn"))


def sent_by(page):
    messages = []
    page.send = messages.append  # what would go to the page
    return messages


def steps_in(messages):
    return [[s["index"] for s in m["steps"]] for m in messages if m["type"] == "steps"]


def test_the_first_paint_needs_no_round_trip_and_next_is_held_ahead(green):
    page = lesson_for(green, query="")
    assert sorted(map(int, page.initial)) == [0, 1, 2]
    first = page.initial["0"]
    assert first["index"] == 0 and first["board"].startswith("<svg") and first["task"] is None
    assert len(page.names) == len(green.frames) and page.kind == "lesson"


def test_moving_on_sends_only_the_steps_the_page_does_not_hold(green):
    page = lesson_for(green, query="")
    messages = sent_by(page)
    page.handle({"type": "go", "index": 1, "seq": "v:1"})  # painted from what it held
    assert page.lesson.index == page.index == 1
    assert steps_in(messages) == [[3]]
    page.handle({"type": "go", "index": 2, "seq": "v:2"})
    assert steps_in(messages)[-1] == [4]
    page.handle({"type": "go", "index": 1, "seq": "v:3"})  # back: everything near is held already
    assert len(steps_in(messages)) == 2


def test_every_go_is_answered_with_the_state_of_the_step_naming_the_message(green):
    page = lesson_for(green, query="")
    messages = sent_by(page)
    page.handle({"type": "go", "index": 2, "seq": "v:7"})
    answer = [m for m in messages if m["type"] == "task"][-1]
    assert (answer["seq"], answer["index"], answer["phase"]) == ("v:7", 2, page.lesson.phase.value)
    page.handle({"type": "go", "index": "two", "seq": "v:8"})  # nonsense: answered, nothing moves
    assert messages[-1]["seq"] == "v:8" and page.index == 2


def test_a_jump_sends_the_step_first_then_its_neighbours(green):
    page = lesson_for(green, query="")
    messages = sent_by(page)
    page.handle({"type": "go", "index": 6, "seq": "v:1"})
    assert steps_in(messages)[-1] == [6, 7, 5][:len(steps_in(messages)[-1])]
    page.handle({"type": "go", "index": 99, "seq": "v:2"})  # out of range: the nearest step
    assert page.index == page.lesson.last


def test_a_new_view_of_the_page_gets_the_steps_again(green):
    page = lesson_for(green, query="")
    messages = sent_by(page)
    page.handle({"type": "ready"})
    assert steps_in(messages)[-1] == [0, 1, 2]


def test_a_switch_composes_the_steps_again():
    walk = replay(by_id("intrappola/es4-pair-missed"))
    page = LessonPage(walk, drawer_for("intrappola")(walk.game))
    default = page.initial["0"]["panel"]
    messages = sent_by(page)
    page.handle({"type": "switch", "name": "overlay", "value": "Bruno"})
    assert messages[0] == {"type": "reset"}
    step0 = messages[1]["steps"][0]
    assert page.composer.drawer.setting == {"overlay": "Bruno"}
    assert step0["switches"][0]["value"] == "Bruno" and step0["panel"] != default


def test_the_address_opens_a_step_or_says_why_not(green):
    assert lesson_for(green, query="step=3").index == 3
    page = lesson_for(green, query="step=abc")
    assert page.index == 0 and "abc" in page.message


def test_the_app_is_the_view_and_a_keepalive_that_follows_its_step(green):
    app = walkthrough_app("trapper/green-turn")
    page, alive = app.view, app.alive
    assert isinstance(app, CourseApp) and isinstance(page, LessonPage) and isinstance(alive, KeepAlive)
    page.handle({"type": "go", "index": 3, "seq": "v:1"})  # a reload after the kernel is gone opens step 3
    assert alive.step == 3
    broken = walkthrough_app("trapper/no-such-walkthrough")
    assert broken.view is None and "trapper/no-such-walkthrough" in broken.message


def test_a_game_without_a_drawer_shows_its_facts(nim_replay):
    page = LessonPage(nim_replay, FactsDrawer(nim_replay.game))
    step1 = page.composer.view(1)
    assert "heap" in step1.panel and "take 2" in step1.alt
    refused = page.composer.view(2)
    assert re.search(r'class="tp-refusal"[^>]*data-rule="nim.take"', refused.move)
    assert "take 4" in refused.alt and refused.rules.count('class="tp-rule"') == 1
