"""A class following its teacher, without widgets and without a network.

:class:`Classes` holds the classes one relay serves: each started by a teacher's page (it gets
the join code, for the students, and the teacher key, which only that page holds), joined by
code, ended by the teacher or after :data:`IDLE_LIMIT` with nothing happening. A
:class:`Class` knows the lesson and where the teacher is (the step and its :class:`Phase`),
the steps the class has seen done (a student stepping away may look back at those, never
ahead), each step as the teacher's kernel rendered it per language (students are served these
and need no kernel), its students (in memory only) and the poll of the step shown
(:class:`Poll`: who answered, not what, until the teacher reveals; then the tally). A teacher
walks a class through a course: the class follows to another lesson (:meth:`Class.open`) and
waits while the teacher chooses one (:meth:`Class.choose`).

Every message from a page is checked by :func:`parse` (its type, its size, its fields) and
the class checks whose turn it is (only the teacher moves the class or reveals; a student
changes only their own answer, to the poll open now). A message that fails raises
:class:`Refused`: the relay drops it with one log line and it never reaches the engine.

>>> classes = Classes(codes=iter(["K7MQ4P"]))
>>> klass = classes.start("trapper/green-turn", title="The green turn", lang="en", last=7)
>>> klass.code, len(klass.key) > 30, klass.key in klass.link_path()
('K7MQ4P', True, False)
>>> ada = classes.join("k7m-q4p", client="10.0.0.5", lang="nl", name="Ada")
>>> klass.go(2, "ask").kind, klass.phase
('ask', <Phase.ASKING: 'ask'>)
>>> klass.answer(ada.sid, klass.poll.id, {"choice": 1}) is not None
True
>>> klass.counts()["answered"], klass.counts()["tally"]  # how many, not what, until revealed
(1, None)
>>> klass.judged(klass.poll.id, ada.sid, "choice:1", "4", True, "<p>Right</p>") is klass.poll
True
>>> klass.go(2, "done"), klass.phase
(None, <Phase.REVEALED: 'revealed'>)
>>> [(bar["label"], bar["count"], bar["right"]) for bar in klass.counts()["tally"]]
[('4', 1, True)]
>>> klass.choose(), klass.view("nl")["type"]  # the teacher is on the course page
(True, 'choosing')
>>> klass.open("trapper/first-auction", title="The first auction", last=9), klass.number
(True, 2)
>>> klass.students[ada.sid].lang, klass.step, klass.poll, klass.view("nl")  # nothing made yet
('nl', 0, None, None)
"""
from __future__ import annotations

import hmac
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, Callable, Iterator

from tutor.core.i18n import LANGUAGES

from widgets.parts.messages import Family, Lang, Message, Most, OneOf, Span, Unread, message
from widgets.parts.step import Phase as StepPhase, asking_form
from widgets.serving.classroom.limits import Limiter

#: Join codes: no 0/O, 1/I/L (read from a projector and typed on a phone).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: A class with nothing happening for this long ends (seconds).
IDLE_LIMIT = 3 * 3600
#: Failed join attempts a client (an address, a hub user) may make in :data:`JOIN_WINDOW`
#: seconds; past that every attempt is refused until the window has passed (a right code
#: too). High enough for a class's typos behind one address: each page is slowed on its own
#: long before (:mod:`.limits`).
JOIN_ATTEMPTS = 100
JOIN_WINDOW = 300.0
#: Classes a client may start in :data:`START_WINDOW` seconds.
STARTS = 20
START_WINDOW = 3600.0
#: Classes one relay holds, students one class holds.
MAX_CLASSES = 200
MAX_STUDENTS = 500
#: Times a student may send an answer to one poll (changing it before the reveal).
MAX_ANSWERS = 20
#: closed polls whose answers a class remembers, to tell a student whose answer came late
#: whether it counted (:class:`Late`)
CLOSED_KEPT = 64
#: Largest message a student's page may send, and a teacher's (rendered steps), in bytes.
STUDENT_BYTES = 2048
TEACHER_BYTES = 8 * 1024 * 1024
NAME_CHARS = 40
TEXT_CHARS = 200
#: Evidence items one answer may carry (a try-it step's rules and the rule a move broke).
EVIDENCE_ITEMS = 100


class Phase(str, Enum):
    SHOWING = "show"  # a step that shows (or is shown done, nothing asked)
    TRYING = "try"  # a try-it step asks each student for the move
    ASKING = "ask"  # a question asks each student
    REVEALED = "revealed"  # the teacher revealed: the answer on every screen, the tally
    CHOOSING = "choosing"  # the teacher left the lessons (the course, free play, drills)


class Refused(ValueError):
    """A message or a request that is not taken, and why (one line for the log; never a
    student's name or answer)."""


class WrongCode(Refused):
    """A join code no class has (counted against the page and the client)."""


class Late(Refused):
    """An answer to a poll the class has closed (the teacher showed the answer or moved on
    before it came): not counted. ``counted`` says what the class holds of this student for
    that poll: ``"yes"`` (this very answer: it came before, and this is a copy), ``"earlier"``
    (another answer they gave before) or ``"no"`` (nothing)."""

    def __init__(self, poll: int, counted: str):
        super().__init__(f"answer: not to the poll open now ({poll}: closed; "
                         f"counted: {counted})")
        self.poll, self.counted = poll, counted


# ---- messages ----------------------------------------------------------------------------------
#: What a student's page and a teacher's page may send the relay, a named type each
#: (:mod:`widgets.parts.messages`); a field the type does not have refuses the message.
STUDENT = Family("student", strict=True)
TEACHER = Family("teacher", strict=True)
Text = lambda n: Annotated[str, Most(n)]  # noqa: E731


@message(STUDENT, "join")
class Join(Message):
    code: Text(16)
    lang: Lang
    name: Text(NAME_CHARS) = ""
    sid: Text(64) | None = None
    gz: bool = False


@message(STUDENT, "answer")
class Give(Message):
    """A student's answer to poll ``poll``: a choice, a number or text, or a listed move."""

    poll: Annotated[int, Span(1, 10 ** 9)]
    choice: Annotated[int, Span(0, 50)] | None = None
    text: Text(TEXT_CHARS) | None = None
    move: Annotated[int, Span(0, 5000)] | None = None

    def value(self) -> dict:
        return {k: v for k, v in (("choice", self.choice), ("text", self.text),
                                  ("move", self.move)) if v is not None}


@message(STUDENT, "lang")
class StudentLang(Message):
    lang: Lang


@message(STUDENT, "name")
class Name(Message):
    name: Text(NAME_CHARS)


@message(STUDENT, "away")
class Away(Message):
    away: bool


@message(STUDENT, "get")
class LookBack(Message):
    """A step the class has seen, looked at again."""

    step: Annotated[int, Span()]
    lesson: Annotated[int, Span(1, 10 ** 6)]


@message(STUDENT, "ping")
class RelayPing(Message):
    pass


TEACHER(RelayPing)


@message(TEACHER, "lesson")
class OpenLesson(Message):
    """The lesson the teacher's page shows (its notebook ``page``, ``last``: its last step)."""

    lesson: Text(100)
    page: Text(300) = ""
    title: Text(200) = ""
    lang: Lang | None = None
    last: Annotated[int, Span()] = 0


@message(TEACHER, "start")
class Start(OpenLesson):
    """A new class of the lesson the page shows (the page sends what it sends for ``lesson``)."""


@message(TEACHER, "resume")
class Resume(Message):
    key: Text(100)
    lang: Lang | None = None


@message(TEACHER, "choosing")
class Choosing(Message):
    pass


@message(TEACHER, "go")
class TeacherGo(Message):
    step: Annotated[int, Span()]
    phase: Annotated[str, OneOf(tuple(p.value for p in StepPhase))]


@message(TEACHER, "steps")
class Rendered(Message):
    items: Annotated[list, Most(64)]
    lesson: Annotated[int, Span(1, 10 ** 6)]


@message(TEACHER, "judged")
class Judged(Message):
    results: Annotated[list, Most(MAX_STUDENTS * 2)]


@message(TEACHER, "forget")
class Forget(Message):
    pass


@message(TEACHER, "end")
class End(Message):
    pass


def parse(raw: str | bytes, role: str) -> Message:
    """A message from a page (``role``: "student" or "teacher"), read as its type
    (:data:`STUDENT`, :data:`TEACHER`); :class:`Refused` otherwise.

    >>> parse('{"type": "answer", "poll": 3, "choice": 1}', "student")
    Give(poll=3, choice=1, text=None, move=None)
    >>> parse('{"type": "go", "step": 1, "phase": "done"}', "student")
    Traceback (most recent call last):
    ...
    widgets.serving.classroom.model.Refused: a student may not send 'go'
    """
    family, limit = (STUDENT, STUDENT_BYTES) if role == "student" else (TEACHER, TEACHER_BYTES)
    if len(raw) > limit:
        raise Refused(f"{len(raw)} bytes, more than the {limit} a {role} may send")
    try:
        content = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Refused("not JSON") from None
    if isinstance(content, dict) and isinstance(content.get("type"), str) \
            and content["type"] not in family.types:
        raise Refused(f"a {role} may not send {content['type'][:20]!r}")
    try:
        return family.read(content)
    except Unread as why:
        raise Refused(str(why)) from None


# ---- codes and keys ----------------------------------------------------------------------------
def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: str) -> str:
    """A code as typed (any case, spaces or dashes) as the class knows it.

    >>> normal_code(" k7m-q4p "), normal_code("k7m q4p")
    ('K7MQ4P', 'K7MQ4P')
    """
    return re.sub(r"[\s\-_.]", "", typed).upper()


def shown_code(code: str) -> str:
    """A code as a projector shows it: in two halves.

    >>> shown_code("K7MQ4P")
    'K7M-Q4P'
    """
    half = (len(code) + 1) // 2
    return f"{code[:half]}-{code[half:]}"


# ---- students and polls ------------------------------------------------------------------------
@dataclass
class Student:
    """One student, in memory only."""

    sid: str  # the student page's own id (kept in that page to rejoin); never shown
    lang: str
    name: str = ""  # optional; shown to the teacher only
    connected: bool = True
    away: bool = False  # stepped away (looking back, trying, playing on)

    @property
    def following(self) -> bool:
        return self.connected and not self.away


@dataclass
class Given:
    """A student's answer to a poll: what they sent, then what the teacher's kernel judged."""

    value: dict  # {"choice": i} | {"text": "..."} | {"move": i}
    group: str | None = None  # "choice:1", "number:4", "book", "other", "refused:<rule>", ...
    label: str = ""  # the group as the teacher's page names it
    right: bool = False
    message: str = ""  # what the student's page shows after the reveal (their language)
    times: int = 1
    #: what this answer says of each rule (the teacher's kernel: ``{"rule", "right",
    #: "from"}``), kept for the student's own record: what counts only at the first answer
    #: is kept from the first answer only
    evidence: list = field(default_factory=list)
    #: what the student's earlier answers to the poll said (a changed answer keeps it)
    earlier: list = field(default_factory=list)
    #: the language the answer was given in (a move typed is read in it)
    lang: str = ""


@dataclass
class Poll:
    """A try-it step or a question asked of the class."""

    id: int
    step: int
    kind: str  # "try" | "ask"
    answers: dict[str, Given] = field(default_factory=dict)
    revealed: bool = False

    def tally(self) -> list[dict]:
        """The judged answers per group: right first, then by count."""
        groups: dict[str, dict] = {}
        for given in self.answers.values():
            if given.group is None:
                continue
            bar = groups.setdefault(given.group, {"group": given.group, "label": given.label,
                                                  "count": 0, "right": given.right})
            bar["count"] += 1
        return sorted(groups.values(), key=lambda b: (not b["right"], -b["count"], b["group"]))


# ---- a class -----------------------------------------------------------------------------------
class Class:
    """One class (see the module's docs). The relay checks the teacher key before calling
    the teacher's methods (:meth:`is_teacher`)."""

    def __init__(self, code: str, key: str, lesson: str, clock: Callable[[], float], *,
                 page: str = "", title: str = "", lang: str = "en", last: int = 0):
        self.code, self.key, self.lang = code, key, lang
        self.clock = clock
        self.active = clock()
        self.ended = False
        #: the lesson's number in this class: 1 for the first, one more for each lesson the
        #: teacher opens after it (what was made for a lesson names its number)
        self.number = 0
        self.students: dict[str, Student] = {}
        #: bumped whenever what students see changes (their pages ask again after a drop)
        self.version = 0
        self._polls = 0
        #: the name of this class's evidence log in the students' pages (a new class, even
        #: one given the same code later, is a new log)
        self.log = "class-" + secrets.token_hex(4)
        #: the answers of the polls closed lately (poll id -> sid -> value), newest last
        self.closed: dict[int, dict[str, dict]] = {}
        self.poll: Poll | None = None
        self.revealed: list[Poll] = []
        self._begin(lesson, page, title, last)

    def _begin(self, lesson: str, page: str, title: str, last: int) -> None:
        """A lesson opens at its setup: nothing made, seen or asked yet."""
        self.lesson, self.page, self.title, self.last = lesson, page, title, last
        self.number += 1
        self.step = 0
        self.phase = Phase.SHOWING
        self._close_polls()
        #: the poll open now, or the last one revealed at the step shown
        self.poll = None
        #: polls revealed at the step shown (a try-it then its question)
        self.revealed = []
        self.seen: set[int] = set()  # steps the class has seen done
        #: (step, lang) -> {"data": step data, "reveal": {"try": html, "ask": html}}
        self.steps: dict[tuple[int, str], dict] = {}
        self.titles: dict[str, str] = {}  # the lesson's title per language
        #: each student's first answer to each step's try-it part and question of this lesson
        #: ((step, kind, sid) -> (value, language)): what the class missed counts first answers,
        #: and a teacher's page loaded again (a new kernel) has them judged again
        self.firsts: dict[tuple[int, str, str], tuple[dict, str]] = {}

    # ---- who ---------------------------------------------------------------------------------
    def is_teacher(self, key: object) -> bool:
        return isinstance(key, str) and hmac.compare_digest(key.encode(), self.key.encode())

    def touch(self) -> None:
        self.active = self.clock()

    def idle_for(self) -> float:
        return self.clock() - self.active

    def link_path(self) -> str:
        """The join link's path below the relay (the code; never the key)."""
        return f"join/{self.code}"

    # ---- the teacher ---------------------------------------------------------------------------
    def go(self, step: int, phase: str) -> Poll | None:
        """The teacher's page shows ``step`` in ``phase`` ("try", "ask", "done"). A step
        arrived at asking opens a poll; moving on within the step reveals the poll open
        (every screen shows the answer, the teacher the tally); another step, or the same
        one asked again from the start, drops what was asked. Returns the poll opened."""
        self._live()
        if self.phase is Phase.CHOOSING:
            raise Refused("go: no lesson is open (the teacher is choosing one)")
        if step > self.last:
            raise Refused("go: no such step")
        self.touch()
        order = {"try": 0, "ask": 1, "done": 2}
        now = {Phase.TRYING: 0, Phase.ASKING: 1}.get(self.phase, 2)
        if step == self.step and order[phase] == now:
            return None  # told again
        self.version += 1
        if step != self.step or order[phase] < now:  # arrived (again): nothing asked yet
            self._close_polls()
            self.step, self.poll, self.revealed = step, None, []
        elif self.poll is not None and not self.poll.revealed:  # moved on: the poll revealed
            self.poll.revealed = True
            self.revealed.append(self.poll)
        if phase == "done":
            self.seen.add(step)
            self.phase = Phase.REVEALED if self.revealed else Phase.SHOWING
            return None
        self._polls += 1
        self.poll = Poll(self._polls, step, phase)
        self.phase = Phase.TRYING if phase == "try" else Phase.ASKING
        return self.poll

    def rendered(self, step: int, lang: str, data: dict, reveal: dict | None = None,
                 title: str | None = None, *, lesson: int) -> None:
        """The teacher's kernel rendered ``step`` in ``lang`` for the class's lesson number
        ``lesson``: its data as the lesson page gets it, and what a reveal shows (``{"try":
        html, "ask": html}``)."""
        self._live()
        if lesson != self.number:
            raise Refused("steps: made for another lesson")
        if not (isinstance(step, int) and 0 <= step <= max(self.last, step) and lang in LANGUAGES
                and isinstance(data, dict) and data.get("index") == step
                and (reveal is None or isinstance(reveal, dict))):
            raise Refused("steps: a rendered step must name its index and language")
        reveal = {k: v for k, v in (reveal or {}).items()
                  if k in ("try", "ask") and isinstance(v, str)}
        if isinstance(title, str) and title:
            self.titles[lang] = title[:200]
        self.steps[(step, lang)] = {"data": data, "reveal": reveal}
        self.version += 1

    def judged(self, poll: int, sid: str, group: str, label: str, right: bool,
               message: str, evidence: object = ()) -> Poll | None:
        """The teacher's kernel judged ``sid``'s answer to ``poll``: the poll, or None when the
        judgement is not taken (a student who changed the answer since is judged again).
        ``evidence``: what the answer says of each rule (:func:`read_evidence`), kept for the
        student's own record."""
        self._live()
        polls = [p for p in (self.poll, *self.revealed) if p is not None]
        found = next((p for p in polls if p.id == poll), None)
        given = found.answers.get(sid) if found is not None else None
        if given is None or not isinstance(group, str) or len(group) > 120:
            return None
        given.group, given.label, given.right = group, str(label)[:200], bool(right)
        given.message = str(message)[:20_000]
        given.evidence = read_evidence(evidence, first=given.times == 1)
        return found

    def forget(self) -> None:
        """Drop every rendered step (the teacher changed how the board is drawn): they are
        made again."""
        self._live()
        self.steps.clear()
        self.version += 1

    def open(self, lesson: str, *, page: str = "", title: str = "", last: int = 0) -> bool:
        """The teacher's page shows ``lesson`` (a walkthrough id; ``page``: its notebook,
        ``last``: its last step): the class follows, with the same code and students, each
        reading their own language. Another lesson (or any lesson after choosing) starts
        afresh at its setup: nothing made, seen or asked yet, and the next :attr:`number`;
        the lesson shown already is told again (a reload, a language change): nothing
        changes. Whether the class moved."""
        self._live()
        if lesson == self.lesson and self.phase is not Phase.CHOOSING:
            return False
        self._begin(lesson, page, title, last)
        self.version += 1
        self.touch()
        return True

    def choose(self) -> bool:
        """The teacher left the lessons (the course page, free play, drills): the class stays
        open and waits for the next lesson; what was asked is dropped, and the students may
        still look back at the lesson they saw. Whether this changed anything."""
        self._live()
        if self.phase is Phase.CHOOSING:
            return False
        self.phase = Phase.CHOOSING
        self._close_polls()
        self.poll, self.revealed = None, []
        self.version += 1
        self.touch()
        return True

    def end(self) -> None:
        self.ended = True
        self.students.clear()
        self.steps.clear()
        self.poll, self.revealed = None, []
        self.closed.clear()

    # ---- the students -------------------------------------------------------------------------
    def join(self, lang: str, name: str = "", sid: str | None = None) -> Student:
        """A student joins (or comes back: ``sid`` is the id their page kept)."""
        self._live()
        if lang not in LANGUAGES:
            raise Refused("join: unknown language")
        if sid and sid in self.students:
            student = self.students[sid]
            student.connected, student.away, student.lang = True, False, lang
            if name:
                student.name = clean_name(name)
            return student
        if len(self.students) >= MAX_STUDENTS:
            raise Refused("join: the class is full")
        student = Student(secrets.token_urlsafe(18), lang, clean_name(name))
        self.students[student.sid] = student
        self.touch()
        return student

    def student(self, sid: str) -> Student:
        found = self.students.get(sid)
        if found is None:
            raise Refused("not a student of this class")
        return found

    def answer(self, sid: str, poll: int, value: dict) -> Given:
        """A student's answer to the poll open now (it replaces their earlier one); what
        goes to the teacher's kernel to be judged."""
        self._live()
        student = self.student(sid)
        if self.poll is None or self.poll.revealed or poll != self.poll.id:
            raise self._late(sid, poll, value)
        kinds = [k for k in ("choice", "text", "move") if k in value]
        if len(kinds) != 1:
            raise Refused("answer: one of choice, text or move")
        kind = kinds[0]
        if self.poll.kind == "ask" and kind == "move" or self.poll.kind == "try" and kind == "choice":
            raise Refused(f"answer: a {kind} to a {self.poll.kind} poll")
        if kind == "text" and not value["text"].strip():
            raise Refused("answer: empty")
        before = self.poll.answers.get(sid)
        times = before.times + 1 if before is not None else 1
        if times > MAX_ANSWERS:
            raise Refused("answer: too many changes")
        given = Given({kind: value[kind]}, times=times,
                      earlier=[*before.earlier, *before.evidence] if before is not None else [],
                      lang=student.lang)
        self.poll.answers[student.sid] = given
        self.firsts.setdefault((self.poll.step, self.poll.kind, student.sid), (given.value, student.lang))
        self.touch()
        return given

    def judging_lang(self, poll: Poll, sid: str) -> str:
        """The language ``sid``'s answer to ``poll`` is judged in: the student's now (their
        verdict is shown in it), but a move typed in the language it was typed in."""
        given = poll.answers[sid]
        if poll.kind == "try" and "text" in given.value and given.lang:
            return given.lang
        return self.student(sid).lang

    def first_answers(self) -> list[dict]:
        """Each student's first answer to each step's parts of this lesson, as the teacher's
        kernel is sent an answer to judge (``poll`` 0: to no poll, only counted), in the order
        given."""
        return [{"type": "answer", "poll": 0, "step": step, "kind": kind, "sid": sid,
                 "lang": lang, "value": value, "lesson": self.number}
                for (step, kind, sid), (value, lang) in self.firsts.items()]

    def left(self, sid: str) -> None:
        """A student's page went (its connection dropped): kept, to come back."""
        if sid in self.students:
            self.students[sid].connected = False

    def may_see(self, step: int, lesson: int | None = None) -> bool:
        """A student stepping away may look at the steps the class has seen done of the
        lesson it is on (number ``lesson``; None: that one), and at the step shown now."""
        if lesson is not None and lesson != self.number:
            return False
        return step in self.seen or step == self.step

    # ---- what the pages show -------------------------------------------------------------------
    def languages(self) -> list[str]:
        """The languages steps are needed in: the teacher's and each student's."""
        found = {self.lang} | {s.lang for s in self.students.values()}
        return [lang for lang in LANGUAGES if lang in found]

    def missing(self, steps: list[int]) -> list[tuple[int, str]]:
        """The (step, language) pairs of ``steps`` not rendered yet."""
        return [(i, lang) for i in steps for lang in self.languages()
                if (i, lang) not in self.steps]

    def counts(self) -> dict:
        """What the teacher's page shows: who follows, who answered (not what) until the
        reveal, then the tally."""
        poll = self.poll
        students = list(self.students.values())
        shown = self.revealed[-1] if self.revealed else None  # a poll revealed is the last one
        return {
            "joined": len(students),
            "following": sum(s.following for s in students),
            "away": sum(s.connected and s.away for s in students),
            "names": sorted((s.name for s in students if s.name and s.connected), key=str.casefold),
            "poll": poll.id if poll is not None and not poll.revealed else None,
            "kind": poll.kind if poll is not None else None,
            "answered": len(poll.answers) if poll is not None else 0,
            # out of how many: the students here now (following or stepped away, who may
            # come back and answer) and any who answered and left since, not the ones who
            # closed their page without answering
            "asked": len({s.sid for s in students if s.connected}
                         | (set(poll.answers) if poll is not None else set())),
            "judged": sum(g.group is not None for g in poll.answers.values()) if poll else 0,
            "tally": shown.tally() if shown is not None else None,
            "tally_kind": shown.kind if shown is not None else None,
            "lesson": self.lesson, "number": self.number,
            "choosing": self.phase is Phase.CHOOSING,
        }

    def title_in(self, lang: str) -> str:
        """The lesson's title in ``lang``: as rendered in it, the teacher's where that is the
        teacher's language, else none yet (a student's page showed the teacher's English
        title over the wait until its own language's step came)."""
        return self.titles.get(lang) or (self.title if lang == self.lang else "")

    def view(self, lang: str) -> dict | None:
        """What every student reading ``lang`` sees now (the same for all of them): the
        step's data (without what tells the answer while the class is asked), what the
        reveal showed; None while the step is not rendered in that language yet."""
        if self.phase is Phase.CHOOSING:
            return {"type": "choosing", "lesson": self.number, "version": self.version}
        held = self.steps.get((self.step, lang))
        if held is None:
            return None
        asking = self.phase in (Phase.TRYING, Phase.ASKING)
        reveal = {p.kind: held["reveal"].get(p.kind, "") for p in self.revealed}
        return {"type": "step", "step": self.step, "phase": self.phase.value, "last": self.last,
                "lesson": self.number, "page": self.page,
                "title": self.title_in(lang),
                "poll": self.poll.id if asking and self.poll is not None else None,
                "data": asking_form(held["data"]) if asking else held["data"],
                "reveal": reveal, "version": self.version}

    def looked_back(self, step: int, lang: str, lesson: int) -> dict | None:
        """A step of the lesson numbered ``lesson`` a student looks back at (stepping away),
        as it is shown done; None while it is not rendered in ``lang``."""
        if lesson != self.number:
            raise Refused("get: a step of another lesson")
        if not self.may_see(step):
            raise Refused("get: the class has not seen that step")
        held = self.steps.get((step, lang))
        if held is None:
            return None
        data = held["data"]
        if step == self.step and (self.phase in (Phase.TRYING, Phase.ASKING)
                                  or self.phase is Phase.CHOOSING and step not in self.seen):
            data = asking_form(data)  # asked, and not revealed (nor after, the teacher leaving)
        return {"type": "back", "step": step, "lesson": lesson, "data": data}

    def mine(self, sid: str) -> dict:
        """What one student's page shows of their own: their answer to the poll open now,
        and after a reveal what the engine said of it."""
        student = self.student(sid)
        poll = self.poll
        given = poll.answers.get(sid) if poll is not None else None
        told = [p.answers[sid].message for p in self.revealed if sid in p.answers]
        return {"type": "you", "poll": poll.id if poll is not None and not poll.revealed else None,
                "answered": given is not None and not (poll.revealed if poll else True),
                "value": given.value if given is not None else None,
                "verdicts": told, "name": student.name, "away": student.away,
                "evidence": self.evidence(sid)}

    def evidence(self, sid: str) -> dict:
        """What the student's answers to the polls revealed at the step shown say of each
        rule, for their page to keep in its browser's record (``widgets/static/mastery.js``
        ``recorder``: ``{"log", "items": [{"n", "rule", "right", "from"}]}``; ``n`` grows
        with the poll, so the page keeps each item once). Only after the reveal, with the
        verdicts: before, it would tell whether an answer is right."""
        items = []
        for revealed in self.revealed:
            given = revealed.answers.get(sid)
            if given is None:
                continue
            for i, item in enumerate([*given.earlier, *given.evidence][:EVIDENCE_ITEMS]):
                items.append({"n": revealed.id * EVIDENCE_ITEMS + i + 1, **item})
        return {"log": self.log, "items": items}

    # ---- internals -------------------------------------------------------------------------
    def _late(self, sid: str, poll: int, value: dict) -> Refused:
        """Why an answer to ``poll``, not the one open now, is refused: :class:`Late` for a
        poll this class asked and closed (what it holds of the student's answers to it), a
        plain refusal for one it never asked (or closed too long ago to remember)."""
        held = {p.id: {s: g.value for s, g in p.answers.items()}
                for p in (*self.revealed, self.poll) if p is not None and p.revealed}
        answers = held.get(poll, self.closed.get(poll))
        if answers is None:
            return Refused("answer: not to the poll open now")
        given = answers.get(sid)
        return Late(poll, "no" if given is None else "yes" if given == value else "earlier")

    def _close_polls(self) -> None:
        """The polls of the step shown are dropped: their answers kept a while (:meth:`_late`)."""
        for poll in (*self.revealed, self.poll):
            if poll is not None:
                self.closed[poll.id] = {s: g.value for s, g in poll.answers.items()}
        while len(self.closed) > CLOSED_KEPT:
            del self.closed[next(iter(self.closed))]

    def _live(self) -> None:
        if self.ended:
            raise Refused("the class has ended")


def read_evidence(evidence: object, first: bool) -> list[dict]:
    """What an answer says of each rule, as the teacher's kernel sent it, checked: the items
    ``{"rule", "right", "from"}`` of a lesson's try-it step or question; an item marked
    ``first`` (the step's rules) only for a student's first answer to the poll.

    >>> sent = [{"rule": "nim.take", "right": False, "from": "try", "first": False},
    ...         {"rule": "nim.heap", "right": False, "from": "try", "first": True}]
    >>> [i["rule"] for i in read_evidence(sent, True)], [i["rule"] for i in read_evidence(sent, False)]
    (['nim.take', 'nim.heap'], ['nim.take'])
    >>> read_evidence("not a list", True), read_evidence([{"rule": 3}], True)
    ([], [])
    """
    if not isinstance(evidence, (list, tuple)):
        return []
    found = []
    for item in evidence[:EVIDENCE_ITEMS]:
        if not (isinstance(item, dict) and isinstance(item.get("rule"), str)
                and 0 < len(item["rule"]) <= 120 and isinstance(item.get("right"), bool)
                and item.get("from") in ("try", "ask")):
            continue
        if item.get("first") is True and not first:
            continue
        found.append({"rule": item["rule"], "right": item["right"], "from": item["from"]})
    return found


def clean_name(name: str) -> str:
    """A nickname as the teacher sees it: printable, one line, at most 40 characters.

    >>> clean_name("  Ada\\n<b>L</b> ")
    'Ada <b>L</b>'
    """
    return " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())[:NAME_CHARS]


class Classes:
    """The classes one relay serves (see the module's docs)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 codes: Iterator[str] | None = None, idle_limit: float = IDLE_LIMIT):
        self.clock = clock
        self.idle_limit = idle_limit
        self._codes = codes
        self.classes: dict[str, Class] = {}
        self.joins = Limiter(JOIN_ATTEMPTS, JOIN_WINDOW, clock)
        self.starts = Limiter(STARTS, START_WINDOW, clock)

    def start(self, lesson: str, *, client: str = "", page: str = "", title: str = "",
              lang: str = "en", last: int = 0) -> Class:
        """A new class of ``lesson`` (a walkthrough id), started by a teacher's page."""
        self.expire()
        if self.starts.blocked(client):
            raise Refused("start: too many classes started from this client")
        if len(self.classes) >= MAX_CLASSES:
            raise Refused("start: the relay holds as many classes as it may")
        self.starts.count(client)
        code = self._code()
        klass = Class(code, secrets.token_urlsafe(32), lesson, self.clock, page=page,
                      title=title, lang=lang, last=last)
        self.classes[code] = klass
        return klass

    def _code(self) -> str:
        while True:
            code = next(self._codes) if self._codes is not None else new_code()
            if code not in self.classes:
                return code

    def find(self, typed: str, client: str) -> Class:
        """The class a code names, for a join; a client making too many failed attempts is
        refused, whatever the code."""
        if self.joins.blocked(client):
            raise Refused("join: too many failed attempts; wait a minute")
        klass = self.classes.get(normal_code(typed))
        if klass is None or klass.ended:
            self.joins.count(client)
            raise WrongCode("join: no class has that code")
        return klass

    def join(self, typed: str, client: str, lang: str, name: str = "",
             sid: str | None = None) -> Student:
        return self.find(typed, client).join(lang, name, sid)

    def by_key(self, key: str) -> Class | None:
        """The class whose teacher key this is (a teacher's page coming back)."""
        for klass in self.classes.values():
            if klass.is_teacher(key) and not klass.ended:
                return klass
        return None

    def end(self, code: str) -> None:
        klass = self.classes.pop(code, None)
        if klass is not None:
            klass.end()

    def expire(self) -> list[Class]:
        """End the classes idle for :data:`IDLE_LIMIT`; the ones ended."""
        gone = [k for k in self.classes.values() if k.ended or k.idle_for() >= self.idle_limit]
        for klass in gone:
            self.end(klass.code)
        self.joins.forget_old()
        self.starts.forget_old()
        return gone
