"""The class relay: Tornado websockets that carry a class between the teacher's page and the
students' pages, and the student page itself, which needs no kernel.

Under ``<relay>/`` (``tutor/class/`` in the app server; a JupyterHub service's prefix on a hub):

* ``teacher`` (websocket): the teacher's lesson page, sending the :data:`.model.TEACHER`
  messages: ``start`` makes a class (the page gets the code, the join link and its QR code,
  and the teacher key, which it keeps for itself), ``resume`` with the key comes back to it
  (a reload). The relay says ``counts`` (who follows, how many answered, the tally and its
  chart after the reveal), ``need`` (steps to render, in the languages the class reads) and
  ``answer`` (a student's answer, for the kernel to judge), each naming the lesson's number;
* ``student`` (websocket): a student's page, sending the :data:`.model.STUDENT` messages:
  ``join`` by code (wrong codes limited per page, then per client: :mod:`.limits`; the page
  keeps the id it gets, to come back after a drop; a wrong code keeps the socket). The relay
  sends ``step`` (what the class shows now, the same for every student of a language: made
  and gzipped once per language and sent as one binary message to each; ``choosing`` while
  the teacher chooses the next lesson), ``you`` (the student's own answer and, after the
  reveal, what the engine said of it), ``late`` (an answer that came after the class closed
  its question: not counted; ``counted`` says whether this student's answer, or an earlier
  one, was in before: :class:`.model.Late`), ``teacher`` (whether the teacher's page is
  connected), ``ended``;
* ``join``, ``join/<code>``: the student page (``static/follow.js``; its words in the
  student's language), with a content security policy that lets no script run but the
  relay's own files;
* ``static/<file>``: the page's scripts and stylesheets (``widgets/static``).

Every message is checked (:func:`widgets.serving.classroom.model.parse`, then whose turn it is); one
that fails is dropped with one log line and never reaches the teacher's kernel, and a page
that keeps sending them is disconnected. Nothing about students is logged or written.
"""
from __future__ import annotations

import gzip
import json
import logging
from typing import Any, Callable

from tornado import web, websocket
from tornado.ioloop import IOLoop, PeriodicCallback

from tutor.core.i18n import using

from widgets.parts.frame import frame_html, step_html
from widgets.parts.frontend import STATIC
from widgets.parts.step import AHEAD, BEHIND
from widgets.parts.texts import T
from widgets.parts.words import words
from widgets.serving.classroom.chart import tally_svg
from widgets.serving.classroom.limits import PageGuesses, client_address
from widgets.serving.classroom.links import join_link, qr_svg
from widgets.serving.classroom.model import (Away, Choosing, Class, Classes, End, Forget, Give,
                                             Join, Judged, Late, LookBack, Name, OpenLesson,
                                             Phase, Poll,
                                             Refused, RelayPing, Rendered, Resume, Start,
                                             StudentLang, TeacherGo, WrongCode, clean_name, parse,
                                             shown_code)
from widgets.serving.jinja import render

log = logging.getLogger("tutor.classroom")

#: messages a page may get refused before it is disconnected
MOST_REFUSED = 30
#: the teacher's page hears counts at most this often (seconds): 30 answers in a burst are
#: one message
COUNTS_EVERY = 0.05
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self' ws: wss:; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'self'")


class Relay:
    """The classes of one server and their pages' connections."""

    def __init__(self, classes: Classes | None = None, *,
                 lan: Callable[[], str | None] = lambda: None, trust_proxy: bool = False):
        self.classes = classes or Classes()
        #: a client's address is the one a proxy in front gives (``--trust-proxy``, .limits)
        self.trust_proxy = trust_proxy
        #: this server's network address when it listens on the network (for join links)
        self.lan = lan
        self.teachers: dict[str, TeacherSocket] = {}
        self.students: dict[str, dict[str, StudentSocket]] = {}
        self._counts_due: set[str] = set()
        self._asked: dict[str, set] = {}  # code -> (step, lang) asked of the teacher's kernel
        self._packed: dict[tuple, bytes] = {}
        self._culler: PeriodicCallback | None = None

    # ---- life ----------------------------------------------------------------------------
    def ensure_culling(self) -> None:
        if self._culler is None:
            self._culler = PeriodicCallback(self.expire, 60_000)
            self._culler.start()

    def expire(self) -> None:
        for klass in self.classes.expire():
            log.info("class %s ended: idle for %d minutes", klass.code, klass.idle_for() // 60)
            self._ended(klass.code)

    def end(self, klass: Class) -> None:
        self.classes.end(klass.code)
        log.info("class %s ended by the teacher", klass.code)
        self._ended(klass.code)

    def _ended(self, code: str) -> None:
        for socket in list(self.students.pop(code, {}).values()):
            socket.say({"type": "ended"})
            socket.close(1000, "the class has ended")
        teacher = self.teachers.pop(code, None)
        if teacher is not None:
            teacher.say({"type": "ended"})
        self._asked.pop(code, None)
        self._counts_due.discard(code)
        for key in [k for k in self._packed if k[0] == code]:
            del self._packed[key]

    # ---- to the students ------------------------------------------------------------------------
    def packed(self, klass: Class, lang: str) -> tuple[str, bytes] | None:
        """What every student reading ``lang`` is sent now: the JSON, and it gzipped (made
        once per version and language)."""
        key = (klass.code, klass.version, lang)
        if key not in self._packed:
            view = klass.view(lang)
            if view is None:
                return None
            if len(self._packed) > 400:
                self._packed.clear()
            text = json.dumps(view, separators=(",", ":"))
            self._packed[key] = (text, gzip.compress(text.encode(), compresslevel=6, mtime=0))
        return self._packed[key]

    def pages(self, klass: Class) -> list[StudentSocket]:
        """The students' pages connected to ``klass``."""
        return list(self.students.get(klass.code, {}).values())

    def show(self, klass: Class, only: str | None = None) -> None:
        """Send every student (of language ``only``) what the class shows now; ask the
        teacher's kernel for what is not rendered yet."""
        for socket in self.pages(klass):
            if only is None or socket.lang == only:
                socket.show()
        self.ask_renders(klass)

    def tell_each(self, klass: Class) -> None:
        for socket in self.pages(klass):
            socket.mine()

    def moved(self, klass: Class) -> None:
        """The class went to another lesson, or to the teacher choosing one: every page
        anew, and what is missing asked for again."""
        self._asked.pop(klass.code, None)
        self.show(klass)
        self.tell_each(klass)
        self.counts_soon(klass)

    def ask_renders(self, klass: Class, also: list[tuple[int, str]] = ()) -> None:
        """Ask the teacher's page for the steps near the teacher's (and ``also``) in the
        languages the class reads, that the relay does not hold and has not asked for."""
        teacher = self.teachers.get(klass.code)
        if teacher is None or klass.phase is Phase.CHOOSING:
            return  # no lesson on the teacher's page to make them
        near = [i for i in range(klass.step - BEHIND, klass.step + AHEAD + 1) if 0 <= i <= klass.last]
        near.sort(key=lambda i: abs(i - klass.step))  # the step shown first
        asked = self._asked.setdefault(klass.code, set())
        wanted = [pair for pair in [*klass.missing(near), *also]
                  if pair not in asked and pair not in klass.steps]
        if wanted:
            asked.update(wanted)
            teacher.say({"type": "need", "lesson": klass.number,
                         "items": [list(pair) for pair in wanted]})

    # ---- to the teacher --------------------------------------------------------------------------
    def counts_soon(self, klass: Class) -> None:
        if klass.code in self._counts_due:
            return
        self._counts_due.add(klass.code)
        IOLoop.current().call_later(COUNTS_EVERY, self._send_counts, klass.code)

    def _send_counts(self, code: str) -> None:
        self._counts_due.discard(code)
        klass = self.classes.classes.get(code)
        teacher = self.teachers.get(code)
        if klass is None or teacher is None:
            return
        teacher.say(self.counts(klass))

    def counts(self, klass: Class) -> dict:
        found = {"type": "counts", **klass.counts()}
        if found["tally"] is not None:
            with using(klass.lang):
                title = (T._("The class’s moves") if found["tally_kind"] == "try"
                         else T._("The class’s answers"))
                # a tally is drawn once the poll is revealed, when no one may answer any more
                found["chart"] = tally_svg(found["tally"], title, T._("Nobody answered."))
        return found


# ---- who is asking -------------------------------------------------------------------------------
class Client:
    """How a handler knows who asks: the address (the app server); a JupyterHub service
    mixes in the hub's login and names the user instead (:mod:`.service`)."""

    def initialize(self, relay: Relay) -> None:
        self.relay = relay

    def client_key(self) -> str | None:
        """The client, for the join and start limits; None: not allowed here."""
        return client_address(self.request, self.relay.trust_proxy)

    def lessons_url(self) -> str:
        """Where this client's own lesson pages are (stepping away to try or play on)."""
        return self.settings.get("base_url", "/")

    def refuse(self) -> None:
        """A page request from a client not allowed here (a hub service: to the login)."""
        raise web.HTTPError(403)


# ---- the sockets ---------------------------------------------------------------------------------
class Socket(Client, websocket.WebSocketHandler):
    role = ""

    def initialize(self, relay: Relay):
        super().initialize(relay)
        self.klass: Class | None = None
        self.refused = 0
        self.client = ""

    def prepare(self) -> None:
        self.client = self.client_key()
        if self.client is None:
            raise web.HTTPError(403)

    def say(self, message: dict) -> None:
        self.send(json.dumps(message, separators=(",", ":")))

    def send(self, data: str | bytes) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(data, binary=isinstance(data, bytes))
        except websocket.WebSocketClosedError:
            pass

    def drop(self, why: str) -> None:
        """One log line for a message not taken (never its content); a page that keeps
        sending such messages is disconnected."""
        code = self.klass.code if self.klass is not None else "-"
        log.warning("class %s: dropped a %s message: %s", code, self.role, why)
        self.refused += 1
        if self.refused > MOST_REFUSED:
            log.warning("class %s: disconnected a %s page that sent %d refused messages",
                        code, self.role, self.refused)
            self.close(1008, "too many refused messages")

    def on_message(self, raw: str | bytes) -> None:
        """A message read as its type: one that opens a class goes to :meth:`begin`, every
        other (but a ping) to :meth:`handle` with this page's class."""
        try:
            message = parse(raw, self.role)
            if isinstance(message, self.opening):
                self.begin(message)
            elif not isinstance(message, RelayPing):
                if self.klass is None:
                    raise Refused(f"{message.NAME}: start, resume or join a class first")
                self.handle(message, self.klass)
        except Refused as refused:
            self.drop(str(refused))


class TeacherSocket(Socket):
    role = "teacher"
    opening = (Start, Resume)
    recount = False

    def handle(self, message: Any, klass: Class) -> None:
        relay = self.relay
        match message:
            case OpenLesson():
                # the teacher picked another language: the tally's labels are the kernel's words
                relabel = message.lang is not None and message.lang != klass.lang
                if message.lang is not None:
                    klass.lang = message.lang
                moved = klass.open(message.lesson, page=message.page, title=message.title,
                                   last=message.last)
                self.say({"type": "lesson", "lesson": klass.lesson, "number": klass.number})
                if moved:
                    log.info("class %s: lesson %d (%s)", klass.code, klass.number, klass.lesson)
                    relay.moved(klass)
                else:  # told again (a reload): what this page's kernel still has to do
                    if self.recount:  # a new kernel: the first answers, for what the class missed
                        self.resend_firsts(before=True)
                    self.resend_answers(judged=relabel or self.recount)
                    if self.recount:
                        self.resend_firsts(before=False)
                    relay.ask_renders(klass)
                self.recount = False
            case Choosing():
                if klass.choose():
                    log.info("class %s: the teacher is choosing the next lesson", klass.code)
                    relay.moved(klass)
            case TeacherGo(step=step, phase=phase):
                polls = (klass.poll.id if klass.poll else None, len(klass.revealed))
                klass.go(step, phase)
                relay.show(klass)
                if polls != (klass.poll.id if klass.poll else None, len(klass.revealed)):
                    relay.tell_each(klass)  # a poll opened or revealed: each student's own part
                relay.counts_soon(klass)
            case Rendered(items=items, lesson=lesson):
                fresh = set()
                for item in items:
                    if not isinstance(item, dict):
                        raise Refused("steps: an item is not an object")
                    klass.rendered(item.get("index"), item.get("lang"), item.get("data"),
                                   item.get("reveal"), item.get("title"), lesson=lesson)
                    if item["index"] == klass.step:
                        fresh.add(item["lang"])
                for lang in fresh:
                    relay.show(klass, only=lang)
                for socket in relay.pages(klass):
                    socket.serve_back()
            case Judged(results=results):
                for result in results:
                    if not isinstance(result, dict) or not isinstance(result.get("sid"), str):
                        raise Refused("judged: a result names no student")
                    poll = klass.judged(result.get("poll"), result["sid"], result.get("group"),
                                        result.get("label", ""), result.get("right") is True,
                                        result.get("message", ""), result.get("evidence", ()))
                    if poll is not None and poll.revealed:  # late: the student sees it at once
                        socket = relay.students.get(klass.code, {}).get(result["sid"])
                        if socket is not None:
                            socket.mine()
                relay.counts_soon(klass)
            case Forget():
                klass.forget()
                relay._asked.pop(klass.code, None)
                relay.ask_renders(klass)
            case End():
                relay.end(klass)
                self.klass = None

    def begin(self, message: Start | Resume) -> None:
        """Start a class, or resume one by its key (a reload of the teacher's page)."""
        relay = self.relay
        fresh = isinstance(message, Start)
        if self.klass is not None:
            raise Refused(f"{message.NAME}: this page has a class already")
        if fresh:
            klass = relay.classes.start(
                message.lesson, client=self.client, page=message.page, title=message.title,
                lang=message.lang or "en", last=message.last)
            relay.ensure_culling()
            log.info("class %s started (%s)", klass.code, klass.lesson)
        else:
            found = relay.classes.by_key(message.key)
            if found is None:
                self.say({"type": "ended"})
                raise Refused("resume: no class has that key")
            klass = found
            klass.lang = message.lang or klass.lang  # the teacher's menu may have changed it
        self.klass = klass
        #: a page resuming a class (loaded again: a new kernel) has the lesson's first answers
        #: judged again once it names the lesson (what the class missed is counted there)
        self.recount = not fresh
        old = relay.teachers.get(klass.code)
        relay.teachers[klass.code] = self
        if old is not None and old is not self:
            old.klass = None
            old.close(1000, "the class is taught from another page")
        relay._asked.pop(klass.code, None)  # a new kernel: ask again for what is missing
        self.say(self.welcome(klass, fresh=fresh))
        self.say(relay.counts(klass))
        for socket in relay.pages(klass):
            socket.say({"type": "teacher", "here": True})
        if fresh:
            relay.ask_renders(klass)
        # resumed: the page says next which lesson it shows (or that it shows none), and
        # what it still has to make or judge is asked for then

    def welcome(self, klass: Class, fresh: bool) -> dict:
        base = self.relay_url()
        link, unreachable = join_link(base, klass.code, self.relay.lan())
        found = {"type": "class", "code": klass.code, "shown": shown_code(klass.code),
                 "link": link, "qr": qr_svg(link), "unreachable": unreachable,
                 "step": klass.step, "lesson": klass.lesson, "number": klass.number}
        if fresh:
            found["key"] = klass.key
        else:  # a reload of the teacher's page: where the class is within its step (a
            # revealed answer is not asked again)
            found["phase"] = klass.phase.value
        return found

    def relay_url(self) -> str:
        """The relay's address as the teacher's browser reached it."""
        request = self.request
        proto = request.headers.get("X-Forwarded-Proto", request.protocol).split(",")[0].strip()
        proto = "https" if proto in ("https", "wss") else "http"
        path = request.path.rsplit("/", 1)[0] + "/"
        return f"{proto}://{request.host}{path}"

    def resend_answers(self, judged: bool = False) -> None:
        """Answers not judged yet (the teacher's page was away): to its kernel again; with
        ``judged``, the judged ones of the step shown too (the teacher changed language: the
        tally's labels were in the one before, beside the page's own words)."""
        klass = self.klass
        if klass is None:
            return
        polls = {p.id: p for p in (*klass.revealed, klass.poll) if p is not None}
        for poll in polls.values():
            for sid, given in poll.answers.items():
                if (given.group is None or judged) and sid in klass.students:
                    self.say(answer_message(klass, klass.judging_lang(poll, sid), sid, given.value, poll))

    def resend_firsts(self, before: bool) -> None:
        """The lesson's first answers, to a new kernel (a page loaded again) that counts what
        the class missed from them. ``before`` the answers of the step shown are sent again:
        the first ones of the step shown where a student changed theirs since (the kernel counts
        the first it judges); after them: those of the steps before."""
        klass = self.klass
        if klass is None:
            return
        polls = [p for p in (*klass.revealed, klass.poll) if p is not None]
        for first in klass.first_answers():
            poll = next((p for p in polls if (p.step, p.kind) == (first["step"], first["kind"])), None)
            given = poll.answers.get(first["sid"]) if poll is not None else None
            if before and given is not None and given.value != first["value"] \
                    or not before and given is None:
                self.say(first)

    def on_close(self) -> None:
        klass = self.klass
        if klass is not None and self.relay.teachers.get(klass.code) is self:
            del self.relay.teachers[klass.code]
            for socket in self.relay.pages(klass):
                socket.say({"type": "teacher", "here": False})


def answer_message(klass: Class, lang: str, sid: str, value: dict, poll: Poll | None = None) -> dict:
    """A student's answer to ``poll`` (the one open now) for the teacher's kernel to judge."""
    poll = poll if poll is not None else klass.poll
    if poll is None:
        raise Refused("answer: no poll is open")
    return {"type": "answer", "poll": poll.id, "step": poll.step, "kind": poll.kind,
            "sid": sid, "lang": lang, "value": value, "lesson": klass.number}


class StudentSocket(Socket):
    role = "student"
    opening = (Join,)
    ping_interval = 25.0  # seconds: a phone that went away is noticed
    max_message_size = 64 * 1024

    def initialize(self, relay: Relay):
        super().initialize(relay)
        self.sid = ""
        self.lang = "en"
        self.gz = False
        self.wants_back: tuple[int, int] | None = None  # (lesson number, step)
        self.told_late: set[int] = set()  # the polls this page was told it answered late
        self.guesses = PageGuesses(relay.classes.clock)  # this page's wrong codes (.limits)

    def handle(self, message: Any, klass: Class) -> None:
        relay = self.relay
        match message:
            case Give(poll=poll):
                try:
                    given = klass.answer(self.sid, poll, message.value())
                except Late as late:
                    self.late(late)
                    return
                teacher = relay.teachers.get(klass.code)
                if teacher is not None:
                    teacher.say(answer_message(klass, self.lang, self.sid, given.value))
                self.mine()
                relay.counts_soon(klass)
            case StudentLang(lang=lang):
                was = klass.student(self.sid).lang
                klass.student(self.sid).lang = lang
                self.lang = lang
                self.show()
                if lang != was:
                    self.judged_again(klass)
                relay.ask_renders(klass, [(s, self.lang) for s in sorted(klass.seen)[-40:]])
            case Name(name=name):
                klass.student(self.sid).name = clean_name(name)
                relay.counts_soon(klass)
            case Away(away=away):
                klass.student(self.sid).away = away
                relay.counts_soon(klass)
                if not away:
                    self.wants_back = None
                    self.show()
            case LookBack(step=step, lesson=lesson):
                if not klass.may_see(step, lesson):
                    raise Refused("get: a step the class has not seen (or of another lesson)")
                self.wants_back = (lesson, step)
                if not self.serve_back():
                    relay.ask_renders(klass, [(step, self.lang)])

    def late(self, late: Late) -> None:
        """An answer that came after the class closed its question (the teacher moved on
        while it was on its way, or it was kept on a phone without a connection): the student
        is told whether it counted (their page says it in their language). Once per poll: a
        page that sends more late answers to it is refused as for any bad message."""
        if late.poll in self.told_late:
            raise late
        if len(self.told_late) > 200:
            self.told_late.clear()
        self.told_late.add(late.poll)
        code = self.klass.code if self.klass is not None else "-"
        log.info("class %s: a student's answer came late: %s", code, late)
        self.say({"type": "late", "poll": late.poll, "counted": late.counted})

    def begin(self, message: Join) -> None:
        """Join the class whose code the student typed (refused: said to the page)."""
        relay = self.relay
        if self.klass is not None:
            raise Refused("join: joined already")
        try:
            if self.guesses.wait() > 0:
                raise Refused("join: too many wrong codes from this page; wait")
            klass = relay.classes.find(message.code, self.client)
            was = klass.students.get(message.sid or "")
            was_lang = was.lang if was is not None else message.lang
            student = klass.join(message.lang, message.name, message.sid)
        except Refused as refused:
            if isinstance(refused, WrongCode):
                self.guesses.wrong()
            reason = str(refused)
            self.say({"type": "refused", "why": "wait" if "too many" in reason else
                      "full" if "full" in reason else "code"})
            raise
        self.klass, self.sid, self.lang = klass, student.sid, student.lang
        self.gz = message.gz
        sockets = relay.students.setdefault(klass.code, {})
        old = sockets.get(student.sid)
        sockets[student.sid] = self
        if old is not None and old is not self:  # the same student on a new connection
            old.klass = None
            old.close(1000, "joined again")
        self.say({"type": "joined", "sid": student.sid, "code": klass.code,
                  "shown": shown_code(klass.code), "title": klass.title_in(student.lang),
                  "lesson": klass.lesson, "number": klass.number, "page": klass.page,
                  "last": klass.last,
                  "lessons": self.lessons_url(),
                  "teacher": klass.code in relay.teachers})
        self.show()
        self.mine()
        if student.lang != was_lang:  # back in another language (the page's menu): its verdicts too
            self.judged_again(klass)
        relay.ask_renders(klass)
        relay.counts_soon(klass)

    def judged_again(self, klass: Class) -> None:
        """This student reads another language now: their answers to the step shown judged
        again by the teacher's kernel, in it (the verdicts their page shows after the reveal
        came in the language they answered in)."""
        teacher = self.relay.teachers.get(klass.code)
        if teacher is None:
            return
        polls = {p.id: p for p in (*klass.revealed, klass.poll) if p is not None}
        for poll in polls.values():
            given = poll.answers.get(self.sid)
            # a move typed is read in the language it was typed in (judged in another, it was
            # "not a move I can read"): its verdict stays in that language
            if given is not None and klass.judging_lang(poll, self.sid) == self.lang:
                teacher.say(answer_message(klass, self.lang, self.sid, given.value, poll))

    def show(self) -> None:
        """What the class shows now, in this student's language (or that it is coming)."""
        klass = self.klass
        if klass is None:
            return
        packed = self.relay.packed(klass, self.lang)
        if packed is None:
            self.say({"type": "wait", "step": klass.step, "lesson": klass.number,
                      "title": klass.title_in(self.lang), "page": klass.page, "last": klass.last})
        else:
            self.send(packed[1] if self.gz else packed[0])

    def mine(self) -> None:
        if self.klass is not None and self.sid in self.klass.students:
            self.say(self.klass.mine(self.sid))

    def serve_back(self) -> bool:
        """The step this student asked to look back at, once it is rendered."""
        klass, wanted = self.klass, self.wants_back
        if klass is None or wanted is None:
            return False
        lesson, step = wanted
        if not klass.may_see(step, lesson):  # the class moved on to another lesson meanwhile
            self.wants_back = None
            return False
        found = klass.looked_back(step, self.lang, lesson)
        if found is None:
            return False
        self.wants_back = None
        self.say(found)
        return True

    def on_close(self) -> None:
        klass = self.klass
        if klass is None:
            return
        sockets = self.relay.students.get(klass.code, {})
        if sockets.get(self.sid) is self:
            del sockets[self.sid]
            klass.left(self.sid)
            self.relay.counts_soon(klass)


# ---- the student page ----------------------------------------------------------------------------


def student_page(lang: str, code: str, static: str) -> str:
    """The student page's HTML in ``lang``: a join form (the code filled in from the link),
    the texts as data, and the page's script (``static``: the relay's static folder URL)."""
    from widgets.serving.language import menu

    with using(lang):
        texts = words("follow")
        frame = frame_html(texts, story=step_html(texts), languages=menu(lang))
    data = json.dumps({"texts": texts, "lang": lang, "code": code, "frame": frame},
                      separators=(",", ":")).replace("</", "<\\/")
    return render("student.html.j2", lang=lang, texts=texts, static=static, code=code,
                  data=data, join=static[:-len("static/")] + "join")


class JoinPage(Client, web.RequestHandler):
    """``join``, ``join/<code>``: the student page."""

    def get(self, code: str = "") -> None:
        if self.client_key() is None:
            return self.refuse()
        from widgets.serving.params import page_language

        lang = page_language(self.request.query, self.request.headers.get("Accept-Language", ""))
        code = (code or self.get_argument("code", ""))[:16]
        prefix = self.request.path.split("/join")[0] + "/"
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy", CSP)
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(student_page(lang, code, prefix + "static/"))


class Hello(Client, web.RequestHandler):
    """``hello``: the teacher's page asks it before it connects (on a JupyterHub service this
    is where the hub's login happens, by redirects, which a websocket cannot follow)."""

    def get(self) -> None:
        if self.client_key() is None:
            return self.refuse()
        self.set_header("Cache-Control", "no-store")
        self.finish({"ok": True})


class Static(web.StaticFileHandler):
    """The page's scripts and stylesheets, as they are in ``widgets/static``."""

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        if not absolute_path.endswith((".js", ".css")):
            raise web.HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)

    def set_extra_headers(self, path: str) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Cache-Control", "no-cache")


def handlers(prefix: str, relay: Relay, mixin: type | None = None) -> list[tuple]:
    """The relay's routes below ``prefix`` (ending in "/"); ``mixin``: a login to put in
    front of every handler (a JupyterHub service's)."""
    def made(handler: type) -> type:
        return type(handler.__name__, (mixin, handler), {}) if mixin is not None else handler

    return [
        (f"{prefix}teacher", made(TeacherSocket), {"relay": relay}),
        (f"{prefix}student", made(StudentSocket), {"relay": relay}),
        (f"{prefix}join/?", made(JoinPage), {"relay": relay}),
        (f"{prefix}join/([A-Za-z0-9-]{{1,16}})", made(JoinPage), {"relay": relay}),
        (f"{prefix}hello", made(Hello), {"relay": relay}),
        (f"{prefix}static/(.*)", Static, {"path": str(STATIC)}),
    ]
