"""The class relay over real websockets (Tornado's test server and client): a teacher's page
and students' pages, with the teacher's kernel played by :class:`ClassTeacher` as the lesson
page's kernel would."""
from __future__ import annotations

import asyncio
import gzip
import json
import logging

import pytest
from tornado import web
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.testing import AsyncHTTPTestCase, gen_test
from tornado.websocket import websocket_connect

from tutor.core.i18n import SOURCE, current, localize, using
from tests.classroom.clock import Clock
from tutor.core.walkthrough import by_id, replay
from widgets.serving.classroom.limits import PAGE_FREE
from widgets.serving.classroom.model import IDLE_LIMIT
from widgets.serving.classroom.relay import Relay, handlers
from widgets.pages.lesson.teach import ClassTeacher

LESSON, NEXT = "trapper/green-turn", "trapper/colour-swap"


def remaker(lesson: str):
    def remake():
        walk = by_id(lesson)
        return replay(localize(walk) if current() != SOURCE else walk)
    return remake


remake = remaker(LESSON)
KERNEL = ClassTeacher(remake, "en")
NEXT_KERNEL = ClassTeacher(remaker(NEXT), "en")  # the next lesson's, in the same kernel


def klass_of(case):
    """The one class the relay of ``case`` holds."""
    (klass,) = case.relay.classes.classes.values()
    return klass


class Page:
    """A page's websocket: what it was sent, read in order (binary messages are gzipped
    JSON)."""

    def __init__(self, connection):
        self.connection = connection
        self.seen: list[dict] = []

    async def say(self, message: dict | str) -> None:
        await self.connection.write_message(message if isinstance(message, str) else json.dumps(message))

    async def next(self, kind: str | None = None, timeout: float = 5.0) -> dict:
        """The next message (of ``kind``), skipping others."""
        while True:
            raw = await asyncio.wait_for(self.connection.read_message(), timeout)
            if raw is None:
                raise ConnectionError("closed")
            found = json.loads(gzip.decompress(raw) if isinstance(raw, bytes) else raw)
            self.seen.append(found)
            if kind is None or found["type"] == kind:
                return found

    async def until(self, kind: str, test, timeout: float = 5.0) -> dict:
        """The next message of ``kind`` for which ``test(message)`` holds."""
        while True:
            found = await self.next(kind, timeout)
            if test(found):
                return found

    async def quiet(self, seconds: float = 0.3) -> list[dict]:
        """What arrives within ``seconds``."""
        got = []
        try:
            while True:
                got.append(await self.next(timeout=seconds))
        except asyncio.TimeoutError:
            return got


class RelayCase(AsyncHTTPTestCase):
    def get_app(self):
        self.relay = Relay()
        return web.Application(handlers("/tutor/class/", self.relay))

    async def connect(self, who: str, **headers) -> Page:
        url = f"ws://127.0.0.1:{self.get_http_port()}/tutor/class/{who}"
        return Page(await websocket_connect(HTTPRequest(url, headers=headers)))

    async def teacher(self) -> tuple[Page, dict]:
        page = await self.connect("teacher")
        await page.say({"type": "start", "lesson": LESSON, "page": "trapper-green-turn.ipynb",
                        "title": "The green turn", "lang": "en", "last": 7})
        return page, await page.next("class")

    async def kernel(self, teacher: Page, kernel: ClassTeacher = KERNEL, answers: int = 0) -> None:
        """Play the teacher's page with its kernel: render what the relay needs and judge
        the answers it forwards, until nothing more comes (and, on a loaded machine, until
        ``answers`` answers were judged: the relay may forward them after a quiet spell)."""
        judged = 0
        while True:
            waiting = [] if judged >= answers else [await teacher.next(timeout=10)]
            for message in waiting + await teacher.quiet():
                if message["type"] == "need":
                    items = [kernel.render(step, lang) for step, lang in message["items"]]
                    await teacher.say({"type": "steps", "lesson": message["lesson"], "items": items})
                elif message["type"] == "answer":
                    found = kernel.judge(message["step"], message["kind"], message["value"], message["lang"])
                    await teacher.say({"type": "judged", "results": [
                        {"poll": message["poll"], "sid": message["sid"], **found}]})
                    judged += 1
            if judged >= answers:
                return

    async def counts(self, teacher: Page, ready=lambda counts: True) -> dict:
        """The last counts the teacher's page was sent, once they settle (and, on a loaded
        machine, once they are ``ready``: sent after what the test did last)."""
        await teacher.quiet()
        last = [m for m in teacher.seen if m["type"] == "counts"][-1]
        return last if ready(last) else await teacher.until("counts", ready, timeout=10)

    async def student(self, code: str, lang: str = "en", **more) -> tuple[Page, dict]:
        page = await self.connect("student")
        await page.say({"type": "join", "code": code, "lang": lang, "gz": True, **more})
        return page, await page.next()

    @gen_test(timeout=60)
    async def test_a_class_follows_the_teacher_answers_are_judged_once_and_revealed(self):
        teacher, made = await self.teacher()
        assert "key" in made and made["key"] not in made["link"]
        assert made["link"].endswith(f"/tutor/class/join/{made['code']}")
        assert made["qr"].startswith("<svg") and made["unreachable"]  # 127.0.0.1 only
        need = await teacher.next("need")
        assert need["items"] == [[0, "en"], [1, "en"], [2, "en"]]
        await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(s, "en") for s in (0, 1, 2)]})

        ada, joined = await self.student(made["code"], "nl", name="Ada")
        assert joined["type"] == "joined" and joined["title"] == ""  # not in Dutch yet
        assert (await ada.next())["type"] == "wait"  # not in Dutch yet
        need = await teacher.next("need")
        assert need["items"] == [[0, "nl"], [1, "nl"], [2, "nl"]]
        await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(s, l) for s, l in need["items"]]})
        bert, _ = await self.student(made["code"], "en")
        step = await bert.next("step")
        assert (step["step"], step["phase"]) == (0, "show")
        await self.kernel(teacher)
        dutch = await ada.next("step")
        assert dutch["step"] == 0 and dutch["data"]["narration"] == KERNEL.render(0, "nl")["data"]["narration"]
        counts = await self.counts(teacher)
        assert counts["following"] == 2 and counts["names"] == ["Ada"]

        # the teacher moves on: everyone follows, the relay asks for what lies ahead
        await teacher.say({"type": "go", "step": 1, "phase": "done"})
        assert (await ada.next("step"))["step"] == 1 and (await bert.next("step"))["step"] == 1
        await self.kernel(teacher)

        # a try-it step: asked without the move, answered, judged once by the kernel
        await teacher.say({"type": "go", "step": 2, "phase": "try"})
        asked = await ada.next("step")
        assert asked["phase"] == "try" and "move" not in asked["data"] and asked["poll"]
        poll = asked["poll"]
        await ada.say({"type": "answer", "poll": poll, "text": "groen: neem d3"})
        await bert.say({"type": "answer", "poll": poll, "text": "green: take a1"})
        await ada.until("you", lambda m: m["answered"])
        await self.kernel(teacher, answers=2)
        counts = await self.counts(teacher, lambda m: m["judged"] == 2)
        assert counts["answered"] == 2 and counts["judged"] == 2 and counts["tally"] is None

        # Next: the book's move revealed on every screen, the question asked
        await teacher.say({"type": "go", "step": 2, "phase": "ask"})
        revealed = await ada.next("step")
        assert revealed["phase"] == "ask" and "groen: neem d3" in revealed["reveal"]["try"]
        mine = await ada.until("you", lambda m: m["verdicts"])
        assert len(mine["verdicts"]) == 1 and "✓" in mine["verdicts"][0]
        # with the verdict, what her answer says of each rule, for her own record in her browser
        rules = KERNEL.replay("en").frames[2].rule_ids
        assert [(i["rule"], i["right"], i["from"]) for i in mine["evidence"]["items"]] == [
            (rule, True, "try") for rule in rules]
        counts = await self.counts(teacher, lambda m: m["tally"] is not None)
        assert [b["count"] for b in counts["tally"]] == [1, 1] and counts["tally"][0]["group"] == "book"
        assert any(b["group"].startswith("refused:") for b in counts["tally"])
        assert counts["chart"].startswith("<svg")
        ask_poll = revealed["poll"]
        await ada.say({"type": "answer", "poll": ask_poll, "choice": 0})
        await bert.say({"type": "answer", "poll": ask_poll, "choice": 2})
        await self.kernel(teacher, answers=2)
        await teacher.say({"type": "go", "step": 2, "phase": "done"})
        done = await bert.until("step", lambda m: m["phase"] == "revealed")
        assert done["phase"] == "revealed" and done["data"]["move"]
        counts = await self.counts(teacher, lambda m: m["tally"] and m["tally"][0]["group"].startswith("choice:"))
        assert [(b["group"], b["count"], b["right"]) for b in counts["tally"]] == [
            ("choice:0", 1, True), ("choice:2", 1, False)]

        # the teacher ends the class: every student is told
        await teacher.say({"type": "end"})
        assert (await ada.next("ended"))["type"] == "ended"
        assert made["code"] not in self.relay.classes.classes

    @gen_test(timeout=60)
    async def test_the_class_follows_the_teacher_to_the_next_lesson_and_waits_while_they_choose(self):
        teacher, made = await self.teacher()
        ada, _ = await self.student(made["code"], "nl")
        bert, _ = await self.student(made["code"], "it")
        cleo, left = await self.student(made["code"], "en")
        cleo.connection.close()  # Cleo tries it on her own lesson page meanwhile
        await self.kernel(teacher)
        await teacher.say({"type": "go", "step": 1, "phase": "done"})
        await self.kernel(teacher)
        await teacher.say({"type": "go", "step": 2, "phase": "try"})
        old_poll = (await ada.until("step", lambda m: m["step"] == 2))["poll"]
        await ada.say({"type": "away", "away": True})  # Ada looks back at step 1 meanwhile
        klass = self.relay.classes.classes[made["code"]]

        # the teacher opens the course page: the class stays open and waits
        await teacher.quiet()
        before = len(teacher.seen)
        await teacher.say({"type": "choosing"})
        for student in (ada, bert):
            assert (await student.next("choosing"))["lesson"] == 1
        counts = await self.counts(teacher)
        assert counts["choosing"] and counts["joined"] == 3 and counts["following"] == 1 and counts["poll"] is None
        await ada.say({"type": "get", "step": 1, "lesson": 1})  # the lesson left, still seen
        assert (await ada.next("back"))["data"]["index"] == 1
        await ada.say({"type": "lang", "lang": "it"})  # not made while no lesson is open
        await ada.say({"type": "lang", "lang": "nl"})
        await teacher.quiet()
        assert not [m for m in teacher.seen[before:] if m["type"] == "need"]

        # ... then the next lesson: the same code and students, each in their own language
        await teacher.say({"type": "lesson", "lesson": NEXT, "page": "trapper-colour-swap.ipynb",
                           "title": "Trapper — the colour swap", "last": 7})
        assert (await teacher.next("lesson"))["number"] == 2
        waiting = await bert.next("wait")
        assert (waiting["lesson"], waiting["page"], waiting["step"]) == (2, "trapper-colour-swap.ipynb", 0)
        need = await teacher.next("need")
        assert need["lesson"] == 2 and {lang for _, lang in need["items"]} == {"en", "nl", "it"}
        with self.assertLogs("tutor.classroom", logging.WARNING) as logged:
            # steps made for the lesson left, a look back at it: dropped
            await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(0, "nl")]})
            await ada.say({"type": "get", "step": 1, "lesson": 1})
            # an answer to its poll: not counted, and Bert is told (once: again, it is dropped)
            await bert.say({"type": "answer", "poll": old_poll, "text": "green: take d3"})
            assert await bert.next("late") == {"type": "late", "poll": old_poll, "counted": "no"}
            await bert.say({"type": "answer", "poll": old_poll, "text": "green: take d3"})
            await asyncio.sleep(0.3)
        assert len(logged.records) == 3
        assert not [m for m in await bert.quiet() if m["type"] == "late"]
        assert not [m for m in teacher.seen if m["type"] == "answer"]
        assert not klass.steps and klass.number == 2
        await teacher.say({"type": "steps", "lesson": 2,
                           "items": [NEXT_KERNEL.render(s, l) for s, l in need["items"]]})
        dutch = await ada.until("step", lambda m: m["lesson"] == 2)
        assert dutch["step"] == 0 and dutch["page"] == "trapper-colour-swap.ipynb"
        assert dutch["data"]["narration"] == NEXT_KERNEL.render(0, "nl")["data"]["narration"]
        assert dutch["title"] == NEXT_KERNEL.render(0, "nl")["title"] != NEXT_KERNEL.render(0, "en")["title"]
        assert (await bert.until("step", lambda m: m["lesson"] == 2))["step"] == 0
        await ada.say({"type": "away", "away": False})
        assert (await self.counts(teacher, lambda m: m["following"] == 2))["following"] == 2
        # "Back to the class" from her own page: the teacher's lesson and step now
        cleo, again = await self.student(made["code"], "en", sid=left["sid"])
        assert (again["sid"], again["number"], again["lesson"]) == (left["sid"], 2, NEXT)
        back = await cleo.next("step")
        assert (back["lesson"], back["step"], back["page"]) == (2, 0, "trapper-colour-swap.ipynb")
        assert (await self.counts(teacher, lambda m: m["following"] == 3))["following"] == 3

        # the new lesson's poll: asked, answered, judged by its kernel, revealed
        await teacher.say({"type": "go", "step": 4, "phase": "ask"})
        await self.kernel(teacher, NEXT_KERNEL)
        asked = await bert.until("step", lambda m: m["step"] == 4)
        assert asked["phase"] == "ask" and asked["poll"] != old_poll
        await bert.say({"type": "answer", "poll": asked["poll"], "text": "6"})  # a number question
        forwarded = await teacher.until("answer", lambda m: True)
        assert (forwarded["lesson"], forwarded["step"]) == (2, 4)
        found = NEXT_KERNEL.judge(4, "ask", forwarded["value"], forwarded["lang"])
        await teacher.say({"type": "judged", "results": [{"poll": forwarded["poll"], "sid": forwarded["sid"], **found}]})
        await teacher.say({"type": "go", "step": 4, "phase": "done"})
        counts = await self.counts(teacher, lambda m: m["lesson"] == NEXT and m["tally"] is not None)
        assert [(b["group"], b["right"]) for b in counts["tally"]] == [("number:6", True)]
        assert (await bert.until("you", lambda m: m["verdicts"]))["verdicts"]

    @gen_test(timeout=30)
    async def test_a_student_may_not_move_the_class_or_reveal_and_is_logged_once(self):
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(s, "en") for s in (0, 1, 2)]})
        ada, _ = await self.student(made["code"])
        await ada.next("step")
        klass = self.relay.classes.classes[made["code"]]
        with self.assertLogs("tutor.classroom", logging.WARNING) as logged:
            for bad in ({"type": "go", "step": 2, "phase": "done"}, {"type": "end"},
                        {"type": "steps", "lesson": 1, "items": []}, {"type": "answer", "poll": 1, "choice": 0},
                        "x" * 5000, "{nope"):
                await ada.say(bad)
            await ada.say({"type": "ping"})
            await asyncio.sleep(0.3)
        assert len(logged.records) == 6
        assert klass.step == 0 and not klass.ended
        assert all("Ada" not in r.getMessage() for r in logged.records)
        assert [m["type"] for m in await teacher.quiet() if m["type"] in ("answer", "go")] == []
        # nor can a page holding no key resume the class
        other = await self.connect("teacher")
        await other.say({"type": "resume", "key": "guessed"})
        assert (await other.next())["type"] == "ended"

    @gen_test(timeout=30)
    async def test_a_page_that_keeps_sending_bad_messages_is_disconnected(self):
        teacher, made = await self.teacher()
        ada, _ = await self.student(made["code"])
        logging.getLogger("tutor.classroom").disabled = True
        try:
            for _ in range(40):
                await ada.say({"type": "go", "step": 1, "phase": "done"})
            with pytest.raises(ConnectionError):
                while True:
                    await ada.next(timeout=5)
        finally:
            logging.getLogger("tutor.classroom").disabled = False

    @gen_test(timeout=30)
    async def test_a_dropped_student_comes_back_to_the_current_step_as_the_same_student(self):
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(s, "en") for s in range(4)]})
        ada, joined = await self.student(made["code"], name="Ada")
        await teacher.say({"type": "go", "step": 2, "phase": "try"})
        poll = (await ada.until("step", lambda m: m["step"] == 2))["poll"]
        await ada.say({"type": "answer", "poll": poll, "move": 0})
        await ada.until("you", lambda m: m["answered"])
        ada.connection.close()
        await asyncio.sleep(0.2)
        klass = self.relay.classes.classes[made["code"]]
        assert klass.counts()["following"] == 0 and klass.counts()["answered"] == 1
        back, again = await self.student(made["code"], sid=joined["sid"])
        assert again["sid"] == joined["sid"]
        step = await back.next("step")
        assert (step["step"], step["phase"], step["poll"]) == (2, "try", poll)
        assert (await back.next("you"))["answered"]
        assert klass.counts()["following"] == 1 and len(klass.students) == 1

    @gen_test(timeout=30)
    async def test_a_student_is_not_shown_the_teacher_s_title_in_another_language(self):
        """An Italian student joining a class taught in English saw "The green turn" over the
        wait until the Italian step came: the title is said in the student's language, or
        not yet."""
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(s, "en") for s in (0, 1, 2)]})
        _, joined = await self.student(made["code"], lang="it")
        assert joined["type"] == "joined" and joined["title"] == ""
        _, english = await self.student(made["code"], lang="en")
        assert english["title"].startswith("Trapper")  # as the kernel rendered it in English

    @gen_test(timeout=30)
    async def test_the_teacher_page_reloads_and_resumes_with_its_key(self):
        teacher, made = await self.teacher()
        ada, _ = await self.student(made["code"])
        teacher.connection.close()
        assert (await ada.next("teacher"))["here"] is False
        again = await self.connect("teacher")
        await again.say({"type": "resume", "key": made["key"]})
        resumed = await again.next("class")
        assert resumed["code"] == made["code"] and "key" not in resumed
        assert (await ada.next("teacher"))["here"] is True
        # where the class stands within its step: the reloaded page goes on to it (a revealed
        # answer is not asked again)
        assert (resumed["step"], resumed["phase"]) == (0, "show") and "phase" not in made

    @gen_test(timeout=30)
    async def test_answers_given_while_the_teacher_page_is_away_are_judged_when_it_comes_back(self):
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(s, "en") for s in range(4)]})
        ada, _ = await self.student(made["code"])
        await teacher.say({"type": "go", "step": 2, "phase": "try"})
        poll = (await ada.until("step", lambda m: m["step"] == 2))["poll"]
        teacher.connection.close()
        await ada.until("teacher", lambda m: m["here"] is False)
        await ada.say({"type": "answer", "poll": poll, "text": "green: take d3"})
        await ada.until("you", lambda m: m["answered"])
        again = await self.connect("teacher")
        await again.say({"type": "resume", "key": made["key"]})
        await again.say({"type": "lesson", "lesson": LESSON, "page": "trapper-green-turn.ipynb",
                         "title": "The green turn", "last": 7})  # the same lesson, reloaded
        assert (await again.next("lesson"))["number"] == 1
        forwarded = await again.next("answer")
        assert (forwarded["poll"], forwarded["value"], forwarded["lesson"]) == (
            poll, {"text": "green: take d3"}, 1)
        assert (await ada.next("teacher"))["here"] and klass_of(self).poll.id == poll  # nothing lost

    @gen_test(timeout=30)
    async def test_a_board_drawn_otherwise_is_made_again_for_the_class(self):
        teacher, made = await self.teacher()
        first = await teacher.next("need")
        await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(s, l) for s, l in first["items"]]})
        await teacher.say({"type": "forget"})
        again = await teacher.next("need")
        assert again["items"] == first["items"]
        assert not self.relay.classes.classes[made["code"]].steps

    @gen_test(timeout=30)
    async def test_a_class_idle_for_three_hours_ends_on_every_page(self):
        clock = Clock()
        self.relay.classes.clock = clock
        self.relay.classes.joins.clock = self.relay.classes.starts.clock = clock
        teacher, made = await self.teacher()
        self.relay.classes.classes[made["code"]].clock = clock
        self.relay.classes.classes[made["code"]].touch()
        ada, _ = await self.student(made["code"])
        clock.now += IDLE_LIMIT + 1
        self.relay.expire()
        assert (await ada.next("ended"))["type"] == "ended"
        assert (await teacher.next("ended"))["type"] == "ended"
        assert not self.relay.classes.classes

    @gen_test(timeout=30)
    async def test_stepping_away_looks_back_only_at_steps_the_class_saw(self):
        teacher, made = await self.teacher()
        await teacher.say({"type": "steps", "lesson": 1, "items": [KERNEL.render(s, "en") for s in range(4)]})
        await teacher.say({"type": "go", "step": 1, "phase": "done"})
        ada, _ = await self.student(made["code"])
        await ada.say({"type": "away", "away": True})
        await ada.say({"type": "get", "step": 1, "lesson": 1})
        back = await ada.next("back")
        assert back["step"] == 1 and back["data"]["index"] == 1
        with self.assertLogs("tutor.classroom", logging.WARNING):
            await ada.say({"type": "get", "step": 3, "lesson": 1})
            await asyncio.sleep(0.2)
        assert not [m for m in await ada.quiet() if m["type"] == "back"]
        klass = self.relay.classes.classes[made["code"]]
        assert klass.counts()["away"] == 1
        await ada.say({"type": "away", "away": False})
        assert (await ada.next("step"))["step"] == 1
        assert klass.counts()["following"] == 1

    @gen_test(timeout=30)
    async def test_ten_wrong_codes_on_one_page_never_keep_another_page_of_the_address_out(self):
        """A school behind one address: one student's typos (ten, on their page) slow their
        page, while a classmate's page with the right code joins (it was refused: every join
        of the address was, for a minute, after ten wrong codes)."""
        teacher, made = await self.teacher()
        logging.getLogger("tutor.classroom").disabled = True
        try:
            typos = await self.connect("student")
            refused = []
            for _ in range(10):
                await typos.say({"type": "join", "code": "ZZZZZZ", "lang": "en"})
                refused.append(await typos.next("refused"))
            assert refused[:PAGE_FREE] == [{"type": "refused", "why": "code"}] * PAGE_FREE
            assert refused[-1] == {"type": "refused", "why": "wait"}  # that page is slowed
            classmate, joined = await self.student(made["code"])
            assert joined["type"] == "joined" and joined["code"] == made["code"]
            assert klass_of(self).counts()["following"] == 1
        finally:
            logging.getLogger("tutor.classroom").disabled = False

    def test_the_student_page_runs_no_inline_script_and_serves_only_scripts_and_styles(self):
        found = self.fetch("/tutor/class/join/K7MQ4P?lang=nl")
        assert found.code == 200
        policy = found.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("style-src")[0]
        body = found.body.decode()
        assert '<html lang="nl"' in body and 'value="K7MQ4P"' in body
        assert '"code":"K7MQ4P"' in body
        assert self.fetch("/tutor/class/static/follow.js").code == 200
        assert self.fetch("/tutor/class/static/page.css").code == 200
        assert self.fetch("/tutor/class/static/../server.py").code in (403, 404)
        assert self.fetch("/tutor/class/static/x.py").code in (403, 404)

    def test_a_page_from_another_site_cannot_open_a_socket(self):
        with pytest.raises(HTTPClientError) as refused:
            self.io_loop.run_sync(lambda: websocket_connect(HTTPRequest(
                f"ws://127.0.0.1:{self.get_http_port()}/tutor/class/teacher",
                headers={"Origin": "http://evil.example"})))
        assert refused.value.code == 403


def test_a_revealed_poll_nobody_answered_says_so_without_a_yet():
    """A walk: the teacher revealed a step nobody answered; the tally said "Nobody has
    answered yet." though a revealed poll takes no more answers. In the teacher's language."""
    from widgets.serving.classroom.model import Classes
    from widgets.parts.texts import T

    klass = Classes().start(LESSON, lang="nl", last=7)
    klass.join("it")
    klass.go(2, "try")
    klass.go(2, "ask")  # revealed, nobody answered
    counts = Relay().counts(klass)
    assert counts["tally"] == [] and counts["tally_kind"] == "try"
    with using("nl"):
        said = T._("Nobody answered.")
    assert said != "Nobody answered." and said in counts["chart"]
