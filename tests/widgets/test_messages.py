"""The messages the pages send are named types, defined once (widgets/parts/messages.py): read
(validated) on arrival, dispatched by type, a malformed one dropped with a log line."""
from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from tutor.core.walkthrough import by_id, replay
from widgets.parts import messages as m
from widgets.games import drawer_for
from widgets.pages.lesson.view import LessonPage
from widgets.games import kit_for
from widgets.games.session import PlaySession

STATIC = Path(m.__file__).resolve().parents[1] / "static"
FAMILIES = (m.LESSON, m.PLAY, m.DRILLS, m.COURSE, m.APP, m.KEEPALIVE)
FAMILIES += (m.AUTHOR,)  # the "Write a lesson" page


def test_every_message_the_front_end_sends_a_kernel_is_a_named_type():
    """Each ``type`` (``kind``: the heartbeat) a module of the page sends to its kernel or the
    relay is defined once; none of the kernel's families is left unsent but the record's
    ``mastery``, which no page sends."""
    sent: set[str] = set()
    for path in STATIC.glob("*.js"):
        sent |= set(re.findall(r'\b(?:type|kind): "([a-z-]+)"', path.read_text(encoding="utf-8")))
    defined = {name for family in FAMILIES for name in family.types}
    from widgets.serving.classroom.model import STUDENT, TEACHER
    relay = set(STUDENT.types) | set(TEACHER.types)
    # what the page sends and no kernel or relay takes: only local names (a button's type,
    # the app's own "navigate" to the page, the controls' kinds of entry, what the static
    # site's page tells its service worker and the worker's answer)
    assert sent - defined - relay <= {"button", "navigate", "text", "keep-course", "kept"}
    # the one left unsent on purpose: "mastery" carries the learner's record, which stays in
    # the browser (the page works levels out itself: levels.js); the kernel keeps it only as
    # the reference way (widgets/parts/mastery.py) its tests use, and no page may send it
    assert defined - sent == {"mastery"}


@pytest.mark.parametrize("content, why", [
    ({"type": "go"}, "go: index is missing"),
    ({"type": "go", "index": True}, "go: bad index"),
    ({"type": "try", "how": "teleport"}, "try: bad how"),
    ({"type": "answer", "text": "9" * 201}, "answer: bad text"),
    ({"type": "go", "index": 1, "seq": "s" * 41}, "go: bad seq"),
    ({"kind": "go"}, "not a message (an object with a type)"),
    (["go", 1], "not a message (an object with a type)"),
])
def test_a_malformed_message_is_not_read_and_says_why(content, why):
    with pytest.raises(m.Unread, match=re.escape(why)):
        m.LESSON.read(content)


def test_a_strict_family_refuses_a_field_the_type_does_not_have():
    family = m.Family("test", strict=True)

    @m.message(family, "hello")
    class Hello(m.Message):
        n: int = 0

    assert family.read({"type": "hello", "n": 2}) == Hello(2)
    with pytest.raises(m.Unread, match="unknown field 'x'"):
        family.read({"type": "hello", "x": 1})
    assert m.LESSON.read({"type": "ready", "extra": 1}) == m.Ready()  # a page's family is not


def test_the_lesson_page_drops_a_malformed_message_with_a_log_line_and_changes_nothing(caplog):
    replayed = replay(by_id("trapper/green-turn"))
    page = LessonPage(replayed, drawer_for("trapper")(replayed.game))
    sent = []
    page.send = sent.append
    page.handle({"type": "go", "index": 2})
    with caplog.at_level(logging.WARNING):
        page.handle({"type": "switch", "name": 3})
        page.handle({"type": "teleport", "to": 5})
    assert page.index == page.lesson.index == 2
    assert not any(s.get("type") == "reset" for s in sent)  # the switch was not made
    assert [r.getMessage() for r in caplog.records] == [
        "lesson page: dropped a message: switch: bad name",
        "lesson page: dropped a message: no 'teleport' message here"]


def test_free_play_takes_its_messages_by_type_and_drops_the_rest(caplog):
    replayed = replay(by_id("trapper/green-turn"))
    game = replayed.game
    kit = kit_for(game)
    play = kit.new_play()
    play.start_at(replayed.frames[0].state, ("person",) * len(game.players(replayed.frames[0].state)))
    session = PlaySession(play, kit.drawer(game), kit.extras(), pace=0)
    start = play.state
    with caplog.at_level(logging.WARNING):
        session.handle({"type": "move", "index": "0"})  # not an int: nothing played
    assert play.state == start
    assert "free play: dropped a message: move: bad index" in caplog.text
    session.handle({"type": "move", "index": 0})
    assert play.state != start
    session.handle({"type": "undo"})
    assert play.state == start
    session.close()
