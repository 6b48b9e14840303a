"""The teacher's kernel in a class: steps made in each student's language, answers judged by
the engine (labelled for the teacher, explained to the student in their own language), and
the lesson page's class messages."""
from __future__ import annotations

import html
import re

import pytest

from tutor.core.i18n import SOURCE, current, localize, set_language, using
from tutor.core.lesson import evaluate
from tutor.core.walkthrough import by_id, replay
from widgets.app import lesson_for
from widgets.pages.lesson.teach import ClassMessages, ClassTeacher
from widgets.parts.html import fact_text
from widgets.parts.words import class_texts
from widgets.parts.messages import LESSON
from widgets.parts.texts import T


def remake():
    walk = by_id("trapper/green-turn")
    return replay(localize(walk) if current() != SOURCE else walk)


@pytest.fixture(scope="module")
def teacher():
    return ClassTeacher(remake, "en")


def test_a_step_is_made_in_the_students_language_with_what_its_reveal_shows(teacher):
    english, dutch = teacher.render(2, "en"), teacher.render(2, "nl")
    assert english["data"]["index"] == dutch["data"]["index"] == 2
    assert english["data"]["narration"] != dutch["data"]["narration"]
    assert dutch["data"]["task"]["ask"]["choices"] == ["eland 1", "beer 2", "zalm 3"]
    assert "groen: neem d3" in dutch["reveal"]["try"] and "eland 1" in dutch["reveal"]["ask"]
    assert "green: take d3" in english["reveal"]["try"]
    assert teacher.render(1, "it")["reveal"] == {}  # a step that asks nothing


def test_a_try_it_move_is_judged_by_the_engine_in_the_students_words(teacher):
    book = teacher.judge(2, "try", {"text": "groen: neem d3"}, "nl")
    assert (book["group"], book["right"]) == ("book", True)
    assert book["label"] == "the book’s move"  # the teacher reads English
    other = teacher.judge(2, "try", {"text": "blue: take h7"}, "en")
    assert (other["group"], other["right"]) == ("other", False)
    refused = teacher.judge(2, "try", {"text": "green: take a1"}, "en")
    assert refused["group"].startswith("refused:trapper.") and not refused["right"]
    assert refused["label"].startswith("refused: ")
    unread = teacher.judge(2, "try", {"text": "jump around"}, "it")
    assert unread["group"] == "unreadable"
    listed = teacher.judge(2, "try", {"move": 0}, "en")  # the first listed move
    assert listed["group"] == "book"
    assert teacher.judge(2, "try", {"move": 999}, "en") is None
    assert teacher.judge(3, "try", {"text": "green: take d3"}, "en") is None  # asks no move


def test_what_a_different_move_changes_is_said_in_the_students_words(teacher):
    """A walk: an Italian student picked a legal move that is not the book's; the table of what
    differs said "green 2, blue 0, beige 1, purple 0" (the engine's words) on her Italian page,
    where her own lesson says "verde 2, blu 0, ...". Worded now as the lesson words it."""
    tried = "verde: prendi d3 pagando blu blu"
    judged = teacher.judge(2, "try", {"text": tried}, "it")
    assert judged["group"] == "other"
    with using("it"):
        composer = teacher.composer("it")
        attempt = evaluate(composer.game, composer.frames[2], tried)
        pairs = [(composer.drawer.fact_value(d.yours, d.key), fact_text(d.yours))
                 for d in attempt.differences]
    assert pairs and any(worded != raw for worded, raw in pairs)
    cells = re.findall(r"<td>(.*?)</td>", judged["message"])
    assert [html.escape(worded) for worded, _ in pairs] == cells[::2]


def test_a_refusal_by_a_rule_the_steps_cards_show_does_not_say_the_rule_again():
    """The student's verdict is shown with the step's rule cards (after the reveal): a move
    refused by a rule they show names it and does not say its text again, as in a lesson (on a
    phone it pushed the narration down)."""
    from pathlib import Path

    from examples.nim import GAME as nim, __file__ as nim_file
    from tutor.core.walkthrough import load

    walk = load(Path(nim_file).parent / "walkthroughs" / "first-game.toml", nim)
    teacher = ClassTeacher(lambda: replay(walk, nim), "en")
    assert "nim.take" in teacher.replay("en").frames[2].rule_ids
    refused = teacher.judge(2, "try", {"text": "take 7"}, "en")
    assert refused["group"] == "refused:nim.take"
    assert 'data-rule="nim.take"' in refused["message"]
    assert "tp-verdict-rule" not in refused["message"] and "tp-verdict-reading" not in refused["message"]


def test_a_question_is_judged_once_labelled_for_the_teacher_explained_to_the_student():
    teacher = ClassTeacher(remake, "it")
    right = teacher.judge(2, "ask", {"choice": 0}, "nl")
    assert right["group"] == "choice:0" and right["right"]
    with using("it"):
        italian = remake().frames[2].question.choices[0]
    assert right["label"] == italian  # the teacher's language
    assert "eland 1" in right["message"]  # the student's
    wrong = teacher.judge(2, "ask", {"text": "Beer 2"}, "nl")
    assert wrong["group"] == "choice:1" and not wrong["right"]
    assert teacher.judge(2, "ask", {"choice": 7}, "nl") is None


def test_a_number_question_groups_answers_by_value():
    def made():
        return replay(by_id("trapper/the-end"))

    teacher = ClassTeacher(made, "en")
    frame = made().frames[4]
    right = f"{frame.answer}"
    first = teacher.judge(4, "ask", {"text": right}, "en")
    same = teacher.judge(4, "ask", {"text": f" {right},0 "}, "en")
    assert first["right"] and same["right"] and first["group"] == same["group"]
    assert teacher.judge(4, "ask", {"text": "many"}, "en")["group"] == "unreadable"


def test_the_lesson_page_answers_class_messages():
    page = lesson_for(remake(), query="")
    page.remake = remake
    sent = []
    page.send = sent.append
    messages = ClassMessages(page)
    assert messages.handle(LESSON.read({"type": "class-hello"}))
    assert sent[-1]["type"] == "class-ready" and sent[-1]["last"] == 7
    assert all(key.startswith("class_") for key in class_texts())
    assert set(class_texts()) <= set(page.texts)  # the lesson's texts carry them
    assert messages.handle(LESSON.read({"type": "class-render", "lesson": 3,
                                        "items": [[2, "nl"], [99, "nl"], [1, "xx"], "x"]}))
    assert [(i["index"], i["lang"]) for i in sent[-1]["items"]] == [(2, "nl")]
    assert sent[-1]["lesson"] == 3  # the lesson's number in the class, as the relay asked
    before = len(sent)
    page.handle({"type": "class-render", "items": [[2, "nl"]]})  # for no lesson: not made
    assert len(sent) == before
    page.handle({"type": "class-judge", "answers": [
        {"poll": 3, "sid": "s1", "step": 2, "kind": "try", "value": {"text": "green: take d3"}, "lang": "en"},
        {"poll": 3, "sid": "s2", "step": 2, "kind": "try", "value": {"text": 5}, "lang": "en"},
        {"poll": 3, "sid": "s3", "step": 2, "kind": "nope", "value": {}, "lang": "en"},
        "junk"]})
    assert [(r["sid"], r["group"]) for r in sent[-1]["results"]] == [("s1", "book")]
    assert not messages.handle(LESSON.read({"type": "go", "index": 1}))  # the lesson's own messages
    page.handle({"type": "switch", "name": "view", "value": "other"})  # the board drawn otherwise
    assert {"type": "class-forget"} in sent  # the class's steps are made again


def test_what_the_class_missed_is_said_again_in_the_language_the_teacher_picks():
    """The teacher's table of what the class missed stayed in the old language after the teacher
    picked another one, until the next answer was judged: the page drawn again asks its kernel
    (class-hello), which says the table again, in the new language, with the same counts."""
    before = current()
    try:
        page = lesson_for(remake(), query="")
        page.remake = remake
        sent = []
        page.send = sent.append
        page.handle({"type": "class-hello"})  # no answer yet: no table
        assert [m["type"] for m in sent] == ["class-ready"]
        page.handle({"type": "class-judge", "answers": [
            {"poll": 1, "sid": "s1", "step": 2, "kind": "try", "value": {"text": "green: take d3"}, "lang": "en"}]})
        table = [m for m in sent if m["type"] == "class-missed"][-1]
        page.handle({"type": "lang", "lang": "nl"})
        assert current() == "nl"
        sent.clear()
        page.handle({"type": "class-hello"})
        again = [m for m in sent if m["type"] == "class-missed"]
        assert again, [m["type"] for m in sent]
        rows = again[-1]["rows"]
        assert [(r["rule"], r["answered"], r["right"]) for r in rows] \
            == [(r["rule"], r["answered"], r["right"]) for r in table["rows"]]
        with using("nl"):
            head = T._("Rule")
        assert f">{html.escape(head)}<" in again[-1]["html"] and head != "Rule"
        assert [r["title"] for r in rows] != [r["title"] for r in table["rows"]]  # in Dutch now
    finally:
        set_language(before)
