"""A class student's own record (issue 32.1 in a live class): the teacher's kernel says what
each answer says of each rule, as a lesson's try-it step or question records it; the class
model keeps it with the student's answer (the step's rules from the first answer only) and
hands it to that student's page with the verdicts, after the reveal, numbered so the page
keeps each item once."""
from __future__ import annotations

import pytest

from tests.classroom.clock import Clock
from tests.classroom.test_teach import remake, teacher  # noqa: F401 (teacher: the fixture)
from widgets.serving.classroom.model import Classes

STEP = 2  # trapper/green-turn: a try-it step, then a question


@pytest.fixture(scope="module")
def frame():
    return remake().frames[STEP]


def facts(items) -> list[tuple[str, bool, str]]:
    return [(i["rule"], i["right"], i["from"]) for i in items]


def test_the_kernel_s_verdict_carries_what_the_answer_says_of_each_rule(teacher, frame):
    book = teacher.judge(STEP, "try", {"text": "groen: neem d3"}, "nl")
    assert facts(book["evidence"]) == [(rule, True, "try") for rule in frame.rule_ids]
    assert all(item["first"] for item in book["evidence"])  # the step's rules: a first answer's
    refused = teacher.judge(STEP, "try", {"text": "green: take a1"}, "en")
    broken = refused["group"].removeprefix("refused:")
    assert facts(refused["evidence"]) == [(broken, False, "try")] + [
        (rule, False, "try") for rule in frame.rule_ids]
    assert [item["first"] for item in refused["evidence"]] == [False] + [True] * len(frame.rule_ids)
    other = teacher.judge(STEP, "try", {"text": "blue: take h7"}, "en")
    assert facts(other["evidence"]) == [(rule, False, "try") for rule in frame.rule_ids]
    right = teacher.judge(STEP, "ask", {"choice": 0}, "it")
    wrong = teacher.judge(STEP, "ask", {"choice": 1}, "it")
    assert facts(right["evidence"]) == [(frame.answer_rule, True, "ask")]
    assert facts(wrong["evidence"]) == [(frame.answer_rule, False, "ask")]


def test_the_verdict_to_a_student_carries_their_evidence_after_the_reveal_only(teacher, frame):
    classes = Classes(clock=Clock())
    klass = classes.start("trapper/green-turn", title="The green turn", lang="en", last=5)
    ada = classes.join(klass.code, client="a", lang="nl")
    bert = classes.join(klass.code, client="b", lang="en")
    poll = klass.go(STEP, "try")

    def answer(student, value, lang):
        klass.answer(student.sid, poll.id, value)
        found = teacher.judge(STEP, "try", value, lang)
        assert klass.judged(poll.id, student.sid, found["group"], found["label"], found["right"],
                            found["message"], found["evidence"])

    answer(ada, {"text": "groen: neem d3"}, "nl")  # right at the first answer
    answer(bert, {"text": "green: take a1"}, "en")  # refused, then changed to the book's move
    answer(bert, {"text": "green: take d3"}, "en")
    # before the reveal the page is told nothing of right or wrong
    assert klass.mine(ada.sid)["evidence"]["items"] == []
    klass.go(STEP, "ask")  # revealed
    mine = klass.mine(ada.sid)
    assert mine["type"] == "you" and mine["verdicts"]
    batch = mine["evidence"]
    assert batch["log"] == klass.log and batch["log"].startswith("class-")
    assert facts(batch["items"]) == [(rule, True, "try") for rule in frame.rule_ids]
    numbers = [item["n"] for item in batch["items"]]
    assert numbers == sorted(set(numbers)) and numbers[0] > 0
    # Bert: the rule his first move broke, and the step's rules not right at the first answer;
    # his changed answer adds nothing for the step's rules
    broken = teacher.judge(STEP, "try", {"text": "green: take a1"}, "en")["group"].split(":", 1)[1]
    assert facts(klass.mine(bert.sid)["evidence"]["items"]) == [(broken, False, "try")] + [
        (rule, False, "try") for rule in frame.rule_ids]

    # the question: Ada answers wrong; after its reveal her batch holds both polls, the first
    # one's numbers unchanged (her page keeps each item once)
    ask = klass.poll
    found = teacher.judge(STEP, "ask", {"choice": 1}, "nl")
    klass.answer(ada.sid, ask.id, {"choice": 1})
    klass.judged(ask.id, ada.sid, found["group"], found["label"], found["right"], found["message"],
                 found["evidence"])
    klass.go(STEP, "done")
    again = klass.mine(ada.sid)["evidence"]["items"]
    assert again[:len(numbers)] == batch["items"]
    assert facts(again[len(numbers):]) == [(frame.answer_rule, False, "ask")]
    assert again[-1]["n"] > numbers[-1]


def test_evidence_the_kernel_did_not_make_is_not_kept():
    classes = Classes(clock=Clock())
    klass = classes.start("trapper/green-turn", lang="en", last=5)
    ada = classes.join(klass.code, client="a", lang="en")
    poll = klass.go(STEP, "try")
    klass.answer(ada.sid, poll.id, {"move": 0})
    klass.judged(poll.id, ada.sid, "book", "", True, "", [
        {"rule": "trapper.take", "right": True, "from": "try", "first": True},
        {"rule": 7, "right": True, "from": "try"}, {"rule": "x", "right": "yes", "from": "try"},
        {"rule": "x", "right": True, "from": "drill"}, "not an item"])
    klass.go(STEP, "done")
    assert facts(klass.mine(ada.sid)["evidence"]["items"]) == [("trapper.take", True, "try")]
