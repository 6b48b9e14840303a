"""What a live class walk (session 15) found in the relay, played over real websockets with
the teacher's kernel played by :class:`ClassTeacher`:

* the teacher, teaching in English, picked Dutch on the lesson's menu after the class's moves
  were revealed: the tally on the projector kept its bars in English ("the book's move",
  "refused: …") under a Dutch title. The relay now has the answers of the step shown judged
  again by the teacher's kernel, in the teacher's new language;
* the teacher's page reloaded (a projector's laptop) before the lesson's end: "what the class
  missed" at the end counted nothing (the new kernel had judged no answer), its table gone. The
  class keeps each student's first answer per step of the lesson, and a resumed page's kernel
  has them judged again;
* a student who answered in Italian, then picked English on her page's menu, was shown her
  verdict in Italian after the reveal. Her answers to the step shown are judged again in the
  language she reads now.
"""
from __future__ import annotations

from tornado import web
from tornado.testing import AsyncHTTPTestCase, gen_test

from tests.classroom import test_relay as relay_tests
from tests.classroom.test_relay import KERNEL, LESSON, remake
from widgets.pages.lesson.teach import ClassTeacher
from widgets.serving.classroom.model import Classes
from widgets.serving.classroom.relay import Relay, handlers

DUTCH_KERNEL = ClassTeacher(remake, "nl")  # the same kernel after the teacher picked Dutch


class TestTeacherLanguage(AsyncHTTPTestCase):
    # the relay tests' helpers (not their tests: a subclass would run them again)
    connect, teacher, kernel, counts, student = (
        relay_tests.RelayCase.connect, relay_tests.RelayCase.teacher, relay_tests.RelayCase.kernel,
        relay_tests.RelayCase.counts, relay_tests.RelayCase.student)

    def get_app(self):
        self.relay = Relay()
        return web.Application(handlers("/tutor/class/", self.relay))

    @gen_test(timeout=60)
    async def test_the_tally_is_relabelled_in_the_language_the_teacher_picked(self):
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1,
                           "items": [KERNEL.render(s, lang) for s in range(4) for lang in ("en", "nl", "it")]})
        daan, _ = await self.student(made["code"], "nl")
        giulia, _ = await self.student(made["code"], "it")
        await teacher.say({"type": "go", "step": 2, "phase": "try"})
        poll = (await daan.until("step", lambda m: m["step"] == 2))["poll"]
        await daan.say({"type": "answer", "poll": poll, "text": "groen: neem d3"})
        await giulia.say({"type": "answer", "poll": poll, "text": "verde: prendi c4"})
        await self.kernel(teacher, answers=2)
        await teacher.say({"type": "go", "step": 2, "phase": "ask"})  # the moves revealed
        english = await self.counts(teacher, lambda m: m["tally"] is not None)
        labels = {bar["group"]: bar["label"] for bar in english["tally"]}
        assert set(labels) == {"book", "refused:trapper.take.water"}

        # the teacher picks Dutch: the lesson view, drawn again, tells the relay its lesson
        await teacher.say({"type": "lesson", "lesson": LESSON, "page": "trapper-green-turn.ipynb",
                           "title": "De beurt met de groene trapper", "lang": "nl", "last": 7})
        await self.kernel(teacher, DUTCH_KERNEL, answers=2)
        dutch = await self.counts(teacher, lambda m: m["tally"] is not None
                                  and {b["label"] for b in m["tally"]} != set(labels.values()))
        relabelled = {bar["group"]: bar["label"] for bar in dutch["tally"]}
        want = {"book": DUTCH_KERNEL.judge(2, "try", {"text": "groen: neem d3"}, "nl")["label"],
                "refused:trapper.take.water":
                    DUTCH_KERNEL.judge(2, "try", {"text": "verde: prendi c4"}, "it")["label"]}
        assert relabelled == want and want != labels
        # nothing else changed: the same poll open, the same counts per bar, each student's verdict
        assert dutch["poll"] == english["poll"] and dutch["tally"][0]["count"] == 1
        assert [b["count"] for b in dutch["tally"]] == [b["count"] for b in english["tally"]]

    @gen_test(timeout=30)
    async def test_a_reload_in_the_same_language_does_not_judge_again(self):
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(s, "en") for s in range(4)]})
        ada, _ = await self.student(made["code"])
        await teacher.say({"type": "go", "step": 2, "phase": "try"})
        poll = (await ada.until("step", lambda m: m["step"] == 2))["poll"]
        await ada.say({"type": "answer", "poll": poll, "text": "green: take d3"})
        await self.kernel(teacher, answers=1)
        await teacher.say({"type": "lesson", "lesson": LESSON, "page": "trapper-green-turn.ipynb",
                           "title": "The green turn", "lang": "en", "last": 7})
        assert not [m for m in await teacher.quiet(0.5) if m["type"] == "answer"]

    @gen_test(timeout=60)
    async def test_a_reloaded_teacher_page_counts_what_the_class_missed_before_it(self):
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1,
                           "items": [KERNEL.render(s, lang) for s in range(5) for lang in ("en", "nl")]})
        ada, _ = await self.student(made["code"], "nl")
        bert, _ = await self.student(made["code"], "en")
        first = ClassTeacher(remake, "en")  # the page's kernel before the reload
        await teacher.say({"type": "go", "step": 2, "phase": "try"})
        poll = (await ada.until("step", lambda m: m["step"] == 2))["poll"]
        await ada.say({"type": "answer", "poll": poll, "text": "groen: neem d3"})  # right
        await bert.say({"type": "answer", "poll": poll, "text": "green: take c4"})  # refused
        await bert.say({"type": "answer", "poll": poll, "text": "green: take d3"})  # changed: not first
        await self.kernel(teacher, first, answers=3)
        await teacher.say({"type": "go", "step": 2, "phase": "ask"})
        ask = (await ada.until("step", lambda m: m["phase"] == "ask"))["poll"]
        await ada.say({"type": "answer", "poll": ask, "choice": 0})
        await self.kernel(teacher, first, answers=1)
        for found in list(teacher.seen):
            if found["type"] == "answer":
                first.count_first(found["step"], found["kind"], found["sid"],
                                  first.judge(found["step"], found["kind"], found["value"], found["lang"])["right"])
        await teacher.say({"type": "go", "step": 3, "phase": "done"})
        await ada.until("step", lambda m: m["step"] == 3)

        # the page loads again: a new kernel, which has judged nothing
        teacher.connection.close()
        await ada.until("teacher", lambda m: m["here"] is False)
        again = await self.connect("teacher")
        await again.say({"type": "resume", "key": made["key"]})
        await again.say({"type": "lesson", "lesson": LESSON, "page": "trapper-green-turn.ipynb",
                         "title": "The green turn", "lang": "en", "last": 7})
        fresh = ClassTeacher(remake, "en")
        got = []
        while len(got) < 3:
            found = await again.next("answer", timeout=10)
            assert found["lesson"] == 1
            got.append(found)
            fresh.count_first(found["step"], found["kind"], found["sid"],
                              fresh.judge(found["step"], found["kind"], found["value"], found["lang"])["right"])
        assert not [m for m in await again.quiet(0.5) if m["type"] == "answer"]  # once each
        assert fresh.missed() == first.missed()
        rows = {row["rule"]: row for row in fresh.missed()}
        assert any(row["answered"] == 2 and row["right"] == 1 for row in rows.values())  # Bert's first, refused

    @gen_test(timeout=60)
    async def test_a_student_who_picks_another_language_gets_her_verdict_in_it(self):
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1,
                           "items": [KERNEL.render(s, lang) for s in range(4) for lang in ("en", "it")]})
        giulia, joined = await self.student(made["code"], "it")
        await teacher.say({"type": "go", "step": 2, "phase": "try"})
        poll = (await giulia.until("step", lambda m: m["step"] == 2))["poll"]
        await giulia.say({"type": "answer", "poll": poll, "move": 0})  # picked from the list
        await self.kernel(teacher, answers=1)
        await teacher.say({"type": "go", "step": 2, "phase": "ask"})
        ask = (await giulia.until("step", lambda m: m["phase"] == "ask"))["poll"]
        await giulia.say({"type": "answer", "poll": ask, "choice": 0})
        await self.kernel(teacher, answers=1)
        # her page's menu: the page loads again in English, the same student
        giulia.connection.close()
        again, _ = await self.student(made["code"], "en", sid=joined["sid"])
        await self.kernel(teacher, answers=2)
        await teacher.say({"type": "go", "step": 2, "phase": "done"})
        mine = await again.until("you", lambda m: len(m["verdicts"]) == 2)
        want = [KERNEL.judge(2, "try", {"move": 0}, "en")["message"],
                KERNEL.judge(2, "ask", {"choice": 0}, "en")["message"]]
        assert mine["verdicts"] == want
        assert want[0] != KERNEL.judge(2, "try", {"move": 0}, "it")["message"]
        counts = await self.counts(teacher, lambda m: m["tally"] is not None)
        assert [b["count"] for b in counts["tally"]] == [1]  # one answer, counted once

    @gen_test(timeout=30)
    async def test_a_move_typed_in_one_language_is_not_read_in_another(self):
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1,
                           "items": [KERNEL.render(s, lang) for s in range(4) for lang in ("en", "it")]})
        giulia, joined = await self.student(made["code"], "it")
        await teacher.say({"type": "go", "step": 2, "phase": "try"})
        poll = (await giulia.until("step", lambda m: m["step"] == 2))["poll"]
        await giulia.say({"type": "answer", "poll": poll, "text": "verde: prendi c4"})
        await self.kernel(teacher, answers=1)
        giulia.connection.close()
        await self.student(made["code"], "en", sid=joined["sid"])
        assert not [m for m in await teacher.quiet(0.5) if m["type"] == "answer"]
        # the teacher picks Dutch: her move is judged again in the language she typed it in
        await teacher.say({"type": "lesson", "lesson": LESSON, "page": "trapper-green-turn.ipynb",
                           "title": "De beurt", "lang": "nl", "last": 7})
        forwarded = await teacher.next("answer")
        assert (forwarded["value"], forwarded["lang"]) == ({"text": "verde: prendi c4"}, "it")

def test_a_student_s_first_answer_is_kept_when_they_change_it():
    classes = Classes(codes=iter(["K7MQ4P"]))
    klass = classes.start(LESSON, lang="en", last=7)
    ada = klass.join("nl")
    poll = klass.go(2, "try")
    klass.answer(ada.sid, poll.id, {"text": "groen: neem c4"})
    klass.answer(ada.sid, poll.id, {"text": "groen: neem d3"})
    assert [(m["step"], m["kind"], m["value"], m["lang"]) for m in klass.first_answers()] == [
        (2, "try", {"text": "groen: neem c4"}, "nl")]
    klass.open("trapper/colour-swap", last=5)  # another lesson: counted afresh
    assert klass.first_answers() == []
