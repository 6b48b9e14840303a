"""The class model without widgets or a network: join, follow, step away, rejoin, poll,
reveal, end, expiry, and every message it refuses."""
from __future__ import annotations

import json

import pytest

from tests.classroom.clock import Clock
from widgets.serving.classroom.model import (
    CODE_ALPHABET, CODE_LENGTH, IDLE_LIMIT, JOIN_ATTEMPTS, JOIN_WINDOW, MAX_ANSWERS,
    STUDENT_BYTES, Classes, Phase, Refused, asking_form, new_code, parse,
)

STEP = {"index": 2, "label": "Step 2 of 4", "title": "Leave four", "board": "<svg>after</svg>",
        "alt": "P1 took 3", "panel": "<p>panel</p>", "legend": "", "move": "take 3",
        "narration": "<p>P1 takes three</p>", "said": "P1 takes three", "rules": "<p>rule</p>",
        "switches": [], "task": {"phases": ["try", "ask", "done"], "example": "take 3",
                                 "prompt": "Your turn", "ask": {"prompt": "How many?"},
                                 "scene": {"board": "<svg>before</svg>"}}}


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def classes(clock):
    return Classes(clock=clock)


@pytest.fixture
def klass(classes):
    return classes.start("nim/first-game", title="Nim", lang="en", last=4, client="teacher")


def test_codes_use_an_unambiguous_alphabet_and_keys_are_long_secrets(classes):
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("01OIL") & set(CODE_ALPHABET)
    a = classes.start("nim/first-game", lang="en")
    b = classes.start("nim/first-game", lang="en")
    assert a.code != b.code and a.key != b.key and len(a.key) >= 40
    assert a.key not in a.link_path() and a.code in a.link_path()
    assert a.is_teacher(a.key) and not a.is_teacher(b.key) and not a.is_teacher(None)
    assert classes.by_key(b.key) is b and classes.by_key("nope") is None


def test_students_join_by_code_in_any_case_and_come_back_with_their_id(classes, klass):
    typed = f" {klass.code[:3].lower()}-{klass.code[3:]} "
    ada = classes.join(typed, client="1.1.1.1", lang="nl", name="Ada")
    bert = classes.join(klass.code, client="1.1.1.2", lang="it")
    assert ada.sid != bert.sid and ada.lang == "nl" and bert.name == ""
    assert klass.counts()["following"] == 2 and klass.counts()["names"] == ["Ada"]
    klass.left(ada.sid)  # the connection dropped
    assert klass.counts()["following"] == 1 and klass.counts()["joined"] == 2
    again = classes.join(klass.code, client="1.1.1.1", lang="en", sid=ada.sid)
    assert again is ada and ada.connected and ada.lang == "en" and ada.name == "Ada"
    stranger = classes.join(klass.code, client="1.1.1.3", lang="en", sid="made-up")
    assert stranger.sid != "made-up"  # an unknown id is a new student, never a chosen id
    assert klass.languages() == ["en", "it"]


def test_the_class_follows_the_teacher_and_may_look_back_only_at_what_it_saw(classes, klass):
    ada = classes.join(klass.code, client="c", lang="en")
    for step in range(3):
        klass.rendered(step, "en", {**STEP, "index": step}, lesson=1)
    klass.go(1, "done")
    view = klass.view("en")
    assert (view["step"], view["phase"], view["data"]["index"]) == (1, "show", 1)
    assert klass.view("nl") is None  # not rendered in Dutch yet
    assert klass.missing([1, 2]) == []  # the class reads English only
    assert klass.may_see(1) and not klass.may_see(2)
    with pytest.raises(Refused):
        klass.looked_back(2, "en", 1)  # ahead of the teacher
    klass.student(ada.sid).away = True
    assert klass.counts()["following"] == 0 and klass.counts()["away"] == 1
    assert klass.looked_back(1, "en", 1)["data"]["board"] == "<svg>after</svg>"
    klass.student(ada.sid).away = False
    assert klass.counts()["following"] == 1


def test_missing_renders_are_every_language_the_class_reads(classes, klass):
    classes.join(klass.code, client="c", lang="nl")
    klass.rendered(0, "en", {**STEP, "index": 0}, lesson=1)
    assert klass.missing([0, 1]) == [(0, "nl"), (1, "en"), (1, "nl")]


def test_while_asked_a_student_sees_the_question_not_the_move(classes, klass):
    ada = classes.join(klass.code, client="c", lang="en")
    klass.rendered(2, "en", STEP, {"try": "<p>The book plays take 3.</p>", "ask": "<p>4</p>"}, lesson=1)
    poll = klass.go(2, "try")
    view = klass.view("en")
    assert view["phase"] == "try" and view["poll"] == poll.id
    shown = json.dumps(view["data"])
    assert "take 3" not in shown and "after" not in shown and "P1 takes three" not in shown
    assert view["data"]["task"]["scene"]["board"] == "<svg>before</svg>"
    assert view["reveal"] == {}
    assert klass.looked_back(2, "en", 1)["data"] == asking_form(STEP)  # nor by looking back
    klass.answer(ada.sid, poll.id, {"move": 1})
    klass.go(2, "ask")  # the try revealed, the question asked
    assert klass.view("en")["reveal"] == {"try": "<p>The book plays take 3.</p>"}
    assert "take 3" not in json.dumps(klass.view("en")["data"])
    klass.go(2, "done")
    view = klass.view("en")
    assert view["phase"] == "revealed" and view["data"]["move"] == "take 3"
    assert set(view["reveal"]) == {"try", "ask"}


def test_a_poll_counts_who_answered_until_the_reveal_then_tallies_by_group(classes, klass):
    students = [classes.join(klass.code, client=f"c{i}", lang="en") for i in range(4)]
    poll = klass.go(4, "ask")
    assert klass.phase is Phase.ASKING and klass.counts()["poll"] == poll.id
    for student, choice in zip(students[:3], (0, 1, 0)):
        klass.answer(student.sid, poll.id, {"choice": choice})
    klass.answer(students[2].sid, poll.id, {"choice": 1})  # changed before the reveal
    counts = klass.counts()
    assert (counts["answered"], counts["tally"]) == (3, None)
    for student, choice in zip(students[:3], (0, 1, 1)):
        klass.judged(poll.id, student.sid, f"choice:{choice}", ["P1", "P2"][choice],
                     choice == 0, f"<p>{choice}</p>")
    assert klass.counts()["tally"] is None and klass.counts()["judged"] == 3
    assert klass.mine(students[0].sid)["verdicts"] == []  # nothing told before the reveal
    assert klass.mine(students[0].sid)["answered"]
    klass.go(4, "done")
    tally = klass.counts()["tally"]
    assert [(b["label"], b["count"], b["right"]) for b in tally] == [("P1", 1, True), ("P2", 2, False)]
    assert klass.mine(students[1].sid)["verdicts"] == ["<p>1</p>"]
    assert klass.mine(students[3].sid)["verdicts"] == []  # did not answer
    with pytest.raises(Refused):  # revealed: no more answers
        klass.answer(students[3].sid, poll.id, {"choice": 0})


def test_how_many_answered_is_out_of_the_students_here_not_the_ones_who_left(classes, klass):
    """A walk: four students; one answered and went (her phone's tab closed: the answer
    counts), one closed his tab without answering (he cannot answer: not counted), one
    stepped away (he may come back and answer), one follows. The teacher's bar said "1 of 3
    answered" beside "2 following" once a student who never answered had closed his tab."""
    ada, bert, cleo, dan = (classes.join(klass.code, client=f"c{i}", lang="en") for i in range(4))
    poll = klass.go(4, "ask")
    assert klass.counts()["asked"] == 4
    klass.answer(ada.sid, poll.id, {"choice": 0})
    klass.left(ada.sid)
    klass.left(bert.sid)
    klass.students[cleo.sid].away = True
    counts = klass.counts()
    assert (counts["answered"], counts["asked"], counts["following"]) == (1, 3, 1)
    klass.join("en", sid=bert.sid)  # his page came back
    assert klass.counts()["asked"] == 4


def test_a_try_it_poll_groups_moves_by_verdict_and_refusing_rule(classes, klass):
    students = [classes.join(klass.code, client=f"c{i}", lang="en") for i in range(5)]
    poll = klass.go(2, "try")
    groups = ["book", "other", "refused:nim.take", "refused:nim.take", "refused:nim.turn"]
    for student, group in zip(students, groups):
        klass.answer(student.sid, poll.id, {"text": "take 9"})
        klass.judged(poll.id, student.sid, group, group, group == "book", "")
    klass.go(2, "done")
    tally = {b["group"]: b["count"] for b in klass.counts()["tally"]}
    assert tally == {"book": 1, "refused:nim.take": 2, "other": 1, "refused:nim.turn": 1}
    assert klass.counts()["tally"][0]["group"] == "book"  # the right one first


def test_another_step_drops_the_poll_and_arriving_again_asks_afresh(classes, klass):
    ada = classes.join(klass.code, client="c", lang="en")
    first = klass.go(2, "try")
    klass.answer(ada.sid, first.id, {"move": 0})
    klass.go(3, "done")
    assert klass.phase is Phase.SHOWING and klass.poll is None and klass.counts()["tally"] is None
    second = klass.go(2, "try")
    assert second.id != first.id and klass.counts()["answered"] == 0
    with pytest.raises(Refused):
        klass.answer(ada.sid, first.id, {"move": 0})  # the old poll
    assert klass.go(2, "try") is None  # told again: the same poll stays
    assert klass.poll is second


def test_a_late_judgement_after_the_reveal_still_counts(classes, klass):
    ada = classes.join(klass.code, client="c", lang="en")
    poll = klass.go(4, "ask")
    klass.answer(ada.sid, poll.id, {"choice": 0})
    klass.go(4, "done")
    assert klass.counts()["tally"] == []
    assert klass.judged(poll.id, ada.sid, "choice:0", "P1", True, "<p>right</p>")
    assert klass.counts()["tally"][0]["count"] == 1


def test_the_teacher_ends_the_class_and_nothing_about_students_is_kept(classes, klass):
    ada = classes.join(klass.code, client="c", lang="en", name="Ada")
    klass.rendered(0, "en", {**STEP, "index": 0}, lesson=1)
    classes.end(klass.code)
    assert klass.ended and not klass.students and not klass.steps
    with pytest.raises(Refused):
        classes.join(klass.code, client="c", lang="en", sid=ada.sid)
    with pytest.raises(Refused):
        klass.go(1, "done")


def test_a_class_idle_for_three_hours_ends(classes, clock):
    quiet = classes.start("nim/first-game", lang="en", last=4)
    busy = classes.start("nim/first-game", lang="en", last=4)
    clock.now += IDLE_LIMIT - 60
    busy.go(1, "done")
    clock.now += 120
    assert classes.expire() == [quiet]
    assert quiet.ended and busy.code in classes.classes and quiet.code not in classes.classes


def test_join_attempts_are_limited_per_client_even_with_the_right_code(classes, klass, clock):
    for _ in range(JOIN_ATTEMPTS):
        with pytest.raises(Refused, match="no class"):
            classes.join("ZZZZZZ", client="guesser", lang="en")
    with pytest.raises(Refused, match="too many"):
        classes.join(klass.code, client="guesser", lang="en")
    assert classes.join(klass.code, client="someone else", lang="en")
    clock.now += JOIN_WINDOW + 1
    assert classes.join(klass.code, client="guesser", lang="en")


def test_starting_classes_is_limited_per_client(classes):
    with pytest.raises(Refused, match="too many classes"):
        for _ in range(100):
            classes.start("nim/first-game", lang="en", client="spammer")
    assert classes.start("nim/first-game", lang="en", client="teacher")


@pytest.mark.parametrize("raw, role, why", [
    ("x" * (STUDENT_BYTES + 1), "student", "bytes"),
    ("{not json", "student", "not JSON"),
    ("[1, 2]", "student", "not a message"),
    ('{"type": 3}', "student", "not a message"),
    ('{"type": "go", "step": 1, "phase": "done"}', "student", "may not send 'go'"),
    ('{"type": "end"}', "student", "may not send 'end'"),
    ('{"type": "steps", "items": []}', "student", "may not send"),
    ('{"type": "judged", "results": []}', "student", "may not send"),
    ('{"type": "answer", "poll": "1", "choice": 0}', "student", "bad poll"),
    ('{"type": "answer", "poll": 1, "choice": true}', "student", "bad choice"),
    ('{"type": "answer", "choice": 0}', "student", "poll is missing"),
    ('{"type": "answer", "poll": 1, "text": "' + "9" * 500 + '"}', "student", "bad text"),
    ('{"type": "answer", "poll": 1, "choice": 0, "sid": "someone-else"}', "student", "unknown field"),
    ('{"type": "join", "code": "ABC", "lang": "fr"}', "student", "bad lang"),
    ('{"type": "join", "code": "ABC", "lang": "en", "name": "' + "n" * 99 + '"}', "student", "bad name"),
    ('{"type": "away", "away": "yes"}', "student", "bad away"),
    ('{"type": "get", "step": -1, "lesson": 1}', "student", "bad step"),
    ('{"type": "get", "step": 1}', "student", "lesson is missing"),
    ('{"type": "lesson", "lesson": "nim/first-game"}', "student", "may not send 'lesson'"),
    ('{"type": "choosing"}', "student", "may not send 'choosing'"),
    ('{"type": "go", "step": 1, "phase": "jump"}', "teacher", "bad phase"),
    ('{"type": "go", "phase": "done"}', "teacher", "step is missing"),
    ('{"type": "answer", "poll": 1, "choice": 0}', "teacher", "may not send 'answer'"),
    ('{"type": "steps", "items": {}, "lesson": 1}', "teacher", "bad items"),
    ('{"type": "steps", "items": []}', "teacher", "lesson is missing"),
    ('{"type": "steps", "items": [], "lesson": "1"}', "teacher", "bad lesson"),
    ('{"type": "lesson", "page": "x.ipynb"}', "teacher", "lesson is missing"),
    ('{"type": "lesson", "lesson": "' + "x" * 101 + '"}', "teacher", "bad lesson"),
    ('{"type": "lesson", "lesson": "nim/first-game", "last": -1}', "teacher", "bad last"),
    ('{"type": "lesson", "lesson": "nim/first-game", "key": "k"}', "teacher", "unknown field"),
    ('{"type": "choosing", "lesson": "nim/first-game"}', "teacher", "unknown field"),
])
def test_every_malformed_oversized_or_out_of_role_message_is_refused(raw, role, why):
    with pytest.raises(Refused, match=why):
        parse(raw, role)


def test_out_of_turn_answers_are_refused(classes, klass):
    ada = classes.join(klass.code, client="c", lang="en")
    with pytest.raises(Refused, match="not to the poll"):
        klass.answer(ada.sid, 1, {"choice": 0})  # nothing asked
    poll = klass.go(4, "ask")
    with pytest.raises(Refused, match="not to the poll"):
        klass.answer(ada.sid, poll.id + 1, {"choice": 0})
    with pytest.raises(Refused, match="not a student"):
        klass.answer("someone", poll.id, {"choice": 0})
    with pytest.raises(Refused, match="a move to a ask"):
        klass.answer(ada.sid, poll.id, {"move": 0})
    with pytest.raises(Refused, match="one of"):
        klass.answer(ada.sid, poll.id, {"choice": 0, "text": "1"})
    with pytest.raises(Refused, match="empty"):
        klass.answer(ada.sid, poll.id, {"text": "   "})
    for _ in range(MAX_ANSWERS):
        klass.answer(ada.sid, poll.id, {"choice": 0})
    with pytest.raises(Refused, match="too many"):
        klass.answer(ada.sid, poll.id, {"choice": 1})
    assert not klass.judged(poll.id, "someone", "choice:0", "P1", True, "")
    with pytest.raises(Refused):
        klass.rendered(9, "en", {"index": 8}, lesson=1)  # a step that does not name itself
    with pytest.raises(Refused):
        klass.go(9, "done")  # past the last step


def test_names_are_cleaned_and_shown_to_the_teacher_only(classes, klass):
    ada = classes.join(klass.code, client="c", lang="en", name="  Ada\n\tL. " + "x" * 80)
    assert ada.name.startswith("Ada L. ") and len(ada.name) == 40
    klass.rendered(0, "en", {**STEP, "index": 0}, lesson=1)
    assert "Ada" not in json.dumps(klass.view("en"))
    assert klass.counts()["names"] == [ada.name]


# ---- a class walked through a course ----------------------------------------------------------------
def test_the_class_follows_the_teacher_to_the_next_lesson_with_its_students_and_languages(classes, klass):
    ada = classes.join(klass.code, client="c1", lang="nl", name="Ada")
    bert = classes.join(klass.code, client="c2", lang="it")
    for step in range(3):
        klass.rendered(step, "nl", {**STEP, "index": step}, lesson=1)
    klass.go(1, "done")
    old = klass.go(2, "try")
    klass.answer(ada.sid, old.id, {"move": 0})
    code, version = klass.code, klass.version
    assert klass.open("nim/second-game", page="nim-second-game.ipynb", title="Nim again", last=6)
    assert (klass.code, klass.number, klass.lesson, klass.page, klass.last) == (
        code, 2, "nim/second-game", "nim-second-game.ipynb", 6)
    assert klass.version > version
    assert klass.students == {ada.sid: ada, bert.sid: bert}  # the same students, their languages
    assert (ada.lang, ada.name, bert.lang) == ("nl", "Ada", "it")
    assert (klass.step, klass.phase, klass.poll, klass.revealed, klass.seen) == (0, Phase.SHOWING, None, [], set())
    assert klass.view("nl") is None and not klass.steps  # nothing of the lesson left made yet
    assert sorted(klass.missing([0])) == [(0, "en"), (0, "it"), (0, "nl")]
    klass.rendered(0, "nl", {**STEP, "index": 0, "title": "Nim opnieuw"}, title="Nim opnieuw", lesson=2)
    view = klass.view("nl")
    assert (view["lesson"], view["page"], view["title"], view["step"]) == (2, "nim-second-game.ipynb", "Nim opnieuw", 0)
    # the polls of the new lesson work
    poll = klass.go(5, "ask")
    assert poll.id != old.id and klass.counts()["poll"] == poll.id
    klass.answer(bert.sid, poll.id, {"choice": 1})
    klass.judged(poll.id, bert.sid, "choice:1", "P2", True, "<p>giusto</p>")
    klass.go(5, "done")
    assert [(b["group"], b["count"]) for b in klass.counts()["tally"]] == [("choice:1", 1)]
    assert klass.mine(bert.sid)["verdicts"] == ["<p>giusto</p>"]
    # the lesson shown told again (a reload, a language change): nothing changes
    version = klass.version
    assert not klass.open("nim/second-game", page="nim-second-game.ipynb", title="Nim again", last=6)
    assert (klass.number, klass.version, klass.step, klass.phase) == (2, version, 5, Phase.REVEALED)


def test_leaving_the_lessons_keeps_the_class_open_waiting_for_the_next_one(classes, klass, clock):
    ada = classes.join(klass.code, client="c1", lang="en")
    for step in range(3):
        klass.rendered(step, "en", {**STEP, "index": step}, lesson=1)
    klass.go(1, "done")
    poll = klass.go(2, "try")
    klass.answer(ada.sid, poll.id, {"move": 0})
    assert klass.choose()  # the teacher opened the course page (or free play, drills)
    assert not klass.ended and klass.phase is Phase.CHOOSING and klass.poll is None
    assert all(klass.view(lang) == {"type": "choosing", "lesson": 1, "version": klass.version}
               for lang in ("en", "nl", "it"))
    counts = klass.counts()
    assert counts["choosing"] and counts["joined"] == 1 and counts["poll"] is None
    assert klass.mine(ada.sid)["poll"] is None
    # the lesson left may still be looked back at, the step asked without its answer
    assert klass.looked_back(1, "en", 1)["data"]["board"] == "<svg>after</svg>"
    assert klass.looked_back(2, "en", 1)["data"] == asking_form(STEP)
    version = klass.version
    assert not klass.choose() and klass.version == version  # told again
    # the same lesson opened again starts afresh: it is another visit
    assert klass.open("nim/first-game", title="Nim", last=4) and klass.number == 2
    assert klass.phase is Phase.SHOWING and not klass.seen
    # a class left waiting still ends when idle for three hours
    klass.choose()
    clock.now += IDLE_LIMIT + 1
    assert classes.expire() == [klass] and klass.ended


def test_every_message_a_lesson_change_brings_is_refused_out_of_turn(classes, klass):
    ada = classes.join(klass.code, client="c1", lang="en")
    klass.rendered(1, "en", {**STEP, "index": 1}, lesson=1)
    klass.go(1, "done")
    old = klass.go(2, "ask")
    klass.answer(ada.sid, old.id, {"choice": 0})
    klass.choose()
    with pytest.raises(Refused, match="choosing"):
        klass.go(0, "done")  # no lesson open to move in
    with pytest.raises(Refused, match="not to the poll"):
        klass.answer(ada.sid, old.id, {"choice": 1})  # the poll left with the lesson
    klass.open("nim/second-game", last=3)
    with pytest.raises(Refused, match="another lesson"):
        klass.rendered(1, "en", {**STEP, "index": 1}, lesson=1)  # made for the lesson left
    assert klass.view("en") is None and not klass.steps
    with pytest.raises(Refused, match="another lesson"):
        klass.looked_back(1, "en", 1)  # a step of the lesson left
    assert not klass.may_see(1, 1) and not klass.may_see(1, 2)  # nor seen in this one
    with pytest.raises(Refused, match="not to the poll"):
        klass.answer(ada.sid, old.id, {"choice": 1})
    assert not klass.judged(old.id, ada.sid, "choice:0", "P1", True, "")  # a late judgement
    with pytest.raises(Refused, match="no such step"):
        klass.go(4, "done")  # past the new lesson's last step
    classes.end(klass.code)
    for told in (lambda: klass.open("nim/first-game"), klass.choose,
                 lambda: klass.rendered(0, "en", {**STEP, "index": 0}, lesson=2)):
        with pytest.raises(Refused, match="ended"):
            told()
