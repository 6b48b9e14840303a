"""An answer that comes after the class closed its question (the teacher showed the answer or
moved on while it was on its way, or while a phone held it without a connection) is not
counted, and the class says what it holds of the student's answers to that question
(:class:`widgets.serving.classroom.model.Late`, the relay's "late" message): the student's page
tells them only what is true."""
from __future__ import annotations

import pytest

from tests.classroom.clock import Clock
from widgets.serving.classroom.model import CLOSED_KEPT, Classes, Late, Refused


@pytest.fixture
def klass():
    return Classes(clock=Clock()).start("nim/first-game", title="Nim", lang="en", last=4,
                                        client="teacher")


def late(klass, sid: str, poll: int, value: dict) -> str:
    with pytest.raises(Late) as refused:
        klass.answer(sid, poll, value)
    assert refused.value.poll == poll
    return refused.value.counted


def test_an_answer_after_the_reveal_or_another_step_is_late_and_says_what_counted(klass):
    ada, bert, cleo = (klass.join("en") for _ in range(3))
    poll = klass.go(2, "ask")
    klass.answer(ada.sid, poll.id, {"choice": 1})
    klass.answer(bert.sid, poll.id, {"choice": 0})
    klass.go(2, "done")  # revealed
    assert late(klass, ada.sid, poll.id, {"choice": 1}) == "yes"  # a copy of what came in
    assert late(klass, bert.sid, poll.id, {"choice": 2}) == "earlier"  # a change, too late
    assert late(klass, cleo.sid, poll.id, {"choice": 2}) == "no"
    klass.go(3, "done")  # another step: the poll dropped, its answers remembered
    assert late(klass, cleo.sid, poll.id, {"choice": 2}) == "no"
    assert late(klass, bert.sid, poll.id, {"choice": 0}) == "yes"
    # a poll dropped unrevealed (the teacher moved on while asking), or by another lesson
    asked = klass.go(4, "try")
    klass.answer(ada.sid, asked.id, {"move": 1})
    klass.open("nim/second-game", title="Nim 2", last=3)
    assert late(klass, ada.sid, asked.id, {"move": 2}) == "earlier"
    assert late(klass, bert.sid, asked.id, {"move": 2}) == "no"
    klass.go(1, "ask")
    klass.choose()
    assert late(klass, ada.sid, asked.id, {"move": 1}) == "yes"
    assert klass.poll is None and all(not p.answers for p in klass.revealed)


def test_a_poll_never_asked_or_long_closed_is_refused_plainly_and_nothing_is_kept_after_the_end(klass):
    ada = klass.join("en")
    first = klass.go(1, "ask")
    klass.answer(ada.sid, first.id, {"choice": 0})
    for step in range(CLOSED_KEPT + 1):  # a long class: only the latest polls are remembered
        klass.go(2 + step % 2, "ask")
    with pytest.raises(Refused) as refused:
        klass.answer(ada.sid, first.id, {"choice": 0})
    assert not isinstance(refused.value, Late)
    with pytest.raises(Refused) as refused:
        klass.answer(ada.sid, 10 ** 6, {"choice": 0})  # no such poll
    assert not isinstance(refused.value, Late)
    assert len(klass.closed) == CLOSED_KEPT
    klass.end()
    assert not klass.closed
