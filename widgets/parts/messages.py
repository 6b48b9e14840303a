"""The messages a page sends, as named types: each one a frozen dataclass, defined once, read
(validated) on arrival by :func:`read` and then dispatched by its type (``match``).

A message on the wire is a JSON object whose ``type`` names it (the keep-alive's heartbeat
names it ``kind``). A family (:class:`Family`) is what one receiver takes: the lesson page, free
play, the drills, the app, a class's student or teacher page at the relay. :func:`read` gives
the family's dataclass for the message, or raises :class:`Unread` with one line saying why (no
content of the message in it: it goes to a log); the receiver drops such a message.

A field's annotation says what it may hold: ``int`` (never a bool), ``str``, ``bool``,
``dict``, ``list``, ``Any``, a ``Literal``, ``X | None``; bounds ride along with
``Annotated``: :class:`Most` (a text's or a list's length), :class:`Span` (an int's range),
:class:`OneOf`. A field with a default may be left out.

>>> LESSON.read({"type": "go", "index": 3, "seq": "a:1"})
Go(index=3, seq='a:1')
>>> LESSON.read({"type": "go", "index": "3"})
Traceback (most recent call last):
...
widgets.parts.messages.Unread: go: bad index
>>> LESSON.read({"type": "jump"})
Traceback (most recent call last):
...
widgets.parts.messages.Unread: no 'jump' message here
"""
from __future__ import annotations

import types
import typing
from dataclasses import MISSING, dataclass, fields
from typing import Annotated, Any, Callable, ClassVar, Literal, Union

from tutor.core.i18n import LANGUAGES


class Unread(ValueError):
    """A message that is not one of the family's, or not as its type says (one line, for a
    log: never the message's content)."""


# ---- bounds ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Most:
    """At most ``n`` characters (a text) or items (a list)."""

    n: int

    def __call__(self, value: Any) -> bool:
        return len(value) <= self.n


@dataclass(frozen=True)
class Span:
    """An int from ``low`` to ``high``."""

    low: int = 0
    high: int = 10_000

    def __call__(self, value: Any) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class OneOf:
    values: tuple

    def __call__(self, value: Any) -> bool:
        return value in self.values


#: a language the tutor speaks
Lang = Annotated[str, OneOf(tuple(LANGUAGES))]
#: the page's name for a message it waits an answer to (echoed back)
Seq = Annotated[str, Most(40)] | None


def _check(kind: Any) -> Callable[[Any], bool]:
    """A test of a value against the annotation ``kind``."""
    origin = typing.get_origin(kind)
    if origin is Annotated:
        base, *marks = typing.get_args(kind)
        check = _check(base)
        return lambda v: check(v) and all(mark(v) for mark in marks)
    if origin in (Union, types.UnionType):
        checks = [_check(k) for k in typing.get_args(kind)]
        return lambda v: any(c(v) for c in checks)
    if origin is Literal:
        allowed = typing.get_args(kind)
        return lambda v: isinstance(v, str | int) and v in allowed
    if kind is Any:
        return lambda v: True
    if kind is int:
        return lambda v: isinstance(v, int) and not isinstance(v, bool)
    origin = origin or kind  # str, bool, dict, list, None's type...
    return lambda v: isinstance(v, origin)


class Family:
    """The messages one receiver takes, by name. ``strict``: a field the type does not have
    refuses the message (the relay's pages); else it is left aside (a page's ``seq``...)."""

    def __init__(self, name: str, tag: str = "type", strict: bool = False):
        self.name, self.tag, self.strict = name, tag, strict
        self.types: dict[str, type] = {}
        self._fields: dict[type, list[tuple[str, Callable[[Any], bool], bool]]] = {}

    def __call__(self, cls: type) -> type:
        """Register a message dataclass (class decorator); its name is ``cls.NAME``."""
        self.types[cls.NAME] = cls
        return cls

    def schema(self, cls: type) -> list[tuple[str, Callable[[Any], bool], bool]]:
        """Each field of ``cls``: its name, its check, whether the message must give it."""
        if cls not in self._fields:
            hints = typing.get_type_hints(cls, include_extras=True)
            self._fields[cls] = [(f.name, _check(hints[f.name]),
                                  f.default is MISSING and f.default_factory is MISSING)
                                 for f in fields(cls)]
        return self._fields[cls]

    def read(self, content: Any) -> Any:
        """The message ``content`` (a decoded JSON object) as its dataclass, or :class:`Unread`."""
        if not isinstance(content, dict) or not isinstance(content.get(self.tag), str):
            raise Unread(f"not a message (an object with a {self.tag})")
        name = content[self.tag]
        cls = self.types.get(name)
        if cls is None:
            raise Unread(f"no {name[:20]!r} message here")
        schema = self.schema(cls)
        known = {field for field, _, _ in schema} | {self.tag}
        unknown = [key for key in content if key not in known] if self.strict else []
        if unknown:
            raise Unread(f"{name}: unknown field {str(unknown[0])[:20]!r}")
        given = {}
        for field, check, required in schema:
            if field not in content:
                if required:
                    raise Unread(f"{name}: {field} is missing")
                continue
            if not check(content[field]):
                raise Unread(f"{name}: bad {field}")
            given[field] = content[field]
        return cls(**given)


def message(family: Family, name: str) -> Callable[[type], type]:
    """Define a message of ``family`` called ``name`` (a frozen dataclass)."""

    def define(cls: type) -> type:
        cls.NAME = name
        return family(dataclass(frozen=True)(cls))

    return define


class Message:
    NAME: ClassVar[str] = ""


# ---- the lesson page -> its kernel (widgets/pages/lesson/view.py, learnpage.py, classroom/teach.py) ------
LESSON = Family("lesson")


@message(LESSON, "go")
class Go(Message):
    """The page shows step ``index`` (it painted it from what it holds)."""

    index: int
    seq: Seq = None


@message(LESSON, "try")
class Try(Message):
    """The learner's move at a try-it step: typed ``text``, a listed move or a choice among
    what a click meant (``index``), a game button (``id``)."""

    how: Literal["typed", "move", "choice", "action"]
    text: Annotated[str, Most(200)] = ""
    index: int | None = None
    id: Annotated[str, Most(100)] = ""
    seq: Seq = None


@message(LESSON, "click")
class Click(Message):
    """A click on a board element with ``data-target``."""

    target: Annotated[str, Most(200)] = ""
    seq: Seq = None


@message(LESSON, "show")
class ShowMe(Message):
    seq: Seq = None


@message(LESSON, "reveal")
class Reveal(Message):
    """Next while the step asks."""

    seq: Seq = None


@message(LESSON, "answer")
class AnswerGiven(Message):
    text: Annotated[str, Most(200)] = ""
    seq: Seq = None


@message(LESSON, "playon")
class PlayOnHere(Message):
    seq: Seq = None


@message(LESSON, "play")
class PlayAction(Message):
    """Free play's own message, while playing on from a step."""

    content: dict
    seq: Seq = None


@message(LESSON, "unplay")
class BackToLesson(Message):
    seq: Seq = None


@message(LESSON, "ready")
class Ready(Message):
    """A new view of the page opened: it holds no steps yet."""


@message(LESSON, "switch")
class Switch(Message):
    """A view switch changed (how the board is drawn)."""

    name: Annotated[str, Most(40)]
    value: Annotated[str, Most(100)] = ""


@message(LESSON, "lang")
class Language(Message):
    """The language menu (a language the tutor does not speak leaves the page as it is)."""

    lang: Annotated[str, Most(20)]


@message(LESSON, "class-hello")
class ClassHello(Message):
    """The teacher's page opened its class panel."""


@message(LESSON, "class-render")
class ClassRender(Message):
    """Steps the class needs, ``[step, lang]`` each, for its lesson number ``lesson``."""

    items: list
    lesson: int


@message(LESSON, "class-judge")
class ClassJudge(Message):
    """Students' answers to judge (dicts: poll, sid, step, kind, value, lang)."""

    answers: list


# ---- free play -> its kernel (widgets/games/session.py, page.py) --------------------------------
PLAY = Family("play")


@message(PLAY, "click")
class BoardClick(Message):
    """A click on a board element with ``data-target``."""

    target: Annotated[str, Most(200)] = ""


@message(PLAY, "move")
class PickMove(Message):
    """A move picked from the list of legal moves."""

    index: int


@message(PLAY, "choice")
class PickChoice(Message):
    """One of the moves a click may mean."""

    index: int


@message(PLAY, "typed")
class Typed(Message):
    text: Annotated[str, Most(200)] = ""


@message(PLAY, "action")
class GameButton(Message):
    id: Annotated[str, Most(100)] = ""


@message(PLAY, "undo")
class Undo(Message):
    pass


@message(PLAY, "hint")
class AskHint(Message):
    """The coach: a good move for the person to move, its rules and what it changes."""


@message(PLAY, "new")
class NewGame(Message):
    values: dict | None = None


@message(PLAY, "save")
class Save(Message):
    pass


@message(PLAY, "load")
class Load(Message):
    text: Annotated[str, Most(100_000)] = ""


PLAY(Switch)
PLAY(Language)


# ---- the "Write a lesson" page -> its kernel (widgets/pages/author/view.py) ---------------------
#: the board's messages are free play's (click, move, choice, typed, action, switch; undo takes
#: back the step shown, save checks and saves the lesson); the rest are the author's
AUTHOR = Family("author")
for _kind in (BoardClick, PickMove, PickChoice, Typed, GameButton, Undo, Save, Switch, Language):
    AUTHOR(_kind)
#: a step's place: 0 is the setup
StepIndex = Annotated[int, Span(0, 500)]


@message(AUTHOR, "start")
class StartDraft(Message):
    """A new lesson: a new game (``game``, ``seed``, ``players``: 0 the game's default), a step
    of an existing lesson (``lesson`` id, ``step``), a position text or a lesson file
    (``text``)."""

    source: Literal["new", "lesson", "position", "file"]
    game: Annotated[str, Most(40)] = ""
    seed: Annotated[int, Span(0, 10 ** 9)] = 0
    players: Annotated[int, Span(0, 8)] = 0
    lesson: Annotated[str, Most(100)] = ""
    step: StepIndex = 0
    text: Annotated[str, Most(200_000)] = ""


@message(AUTHOR, "keep")
class KeepRefused(Message):
    """Keep the move just refused as a refused step."""


@message(AUTHOR, "step")
class ShowStep(Message):
    index: StepIndex


@message(AUTHOR, "delete")
class DeleteStep(Message):
    index: StepIndex


@message(AUTHOR, "shift")
class ShiftStep(Message):
    """Put step ``index`` at place ``to``."""

    index: StepIndex
    to: StepIndex


@message(AUTHOR, "write")
class WriteStep(Message):
    """The title and narration of a step (0: the lesson's title and the setup's narration)."""

    index: StepIndex
    title: Annotated[str, Most(300)] = ""
    narration: Annotated[str, Most(8000)] = ""


@message(AUTHOR, "rule")
class PickRule(Message):
    index: StepIndex
    id: Annotated[str, Most(100)]
    on: bool = True


@message(AUTHOR, "tick")
class TickFact(Message):
    """A changed fact into the step's ``expect`` (or out)."""

    index: StepIndex
    key: Annotated[str, Most(200)]
    on: bool = True


@message(AUTHOR, "mark")
class MarkSquare(Message):
    """Ring a board element (its ``data-target``) at this step, or take the ring away."""

    index: StepIndex
    target: Annotated[str, Most(200)]


@message(AUTHOR, "task")
class StepTask(Message):
    """What the step asks of the learner: nothing, to find the move, or a question about the
    fact ``fact`` after it."""

    index: StepIndex
    kind: Literal["plain", "try", "ask"]
    fact: Annotated[str, Most(200)] = ""
    prompt: Annotated[str, Most(1000)] = ""


@message(AUTHOR, "why")
class WhyWeaker(Message):
    """The lesson plays a weaker move than the engine's on purpose, and says why (empty: it
    does not)."""

    index: StepIndex
    text: Annotated[str, Most(4000)] = ""


@message(AUTHOR, "deal")
class DealChance(Message):
    """Chance is to move (a roll, a draw): deal it from the seed, as free play would."""


@message(AUTHOR, "learner")
class TryAsLearner(Message):
    """Open the lesson page on the draft, at the step shown."""


@message(AUTHOR, "writing")
class BackToWriting(Message):
    """Leave the learner's view of the draft."""


# ---- the drills page -> its kernel (widgets/pages/drills/view.py) --------------------------------------
DRILLS = Family("drills")
DRILLS(Language)


@message(DRILLS, "choose")
class Choose(Message):
    index: int


@message(DRILLS, "number")
class Number(Message):
    text: Annotated[str, Most(200)] = ""


@message(DRILLS, "next")
class NextQuestion(Message):
    pass


# ---- the course page -> its kernel (widgets/pages/course.py); the drills' practice too ------------
COURSE = Family("course")


@message(COURSE, "mastery")
class Mastery(Message):
    """The learner's evidence as this browser keeps it (widgets/static/mastery.js: a list of
    ``{rule, right, at, from}``), for the kernel to work out each rule's level and due day
    (widgets/parts/mastery.py, the reference); the kernel keeps none of it. No page sends it:
    the record stays in the browser, which works the levels out itself (levels.js)."""

    evidence: Annotated[list, Most(5000)]


DRILLS(Mastery)


@message(DRILLS, "practice")
class Practice(Message):
    """What practice asks about first, worked out in the page from the record it keeps
    (widgets/static/levels.js) so that the record stays in the browser: the game's rules due or
    weakest, in the order practice takes them (``focus``), and of those the ones due, missed or
    practised (``wanted``: one no question asks about is sent to its lesson step)."""

    focus: Annotated[list, Most(1000)]
    wanted: Annotated[list, Most(1000)]


# ---- the app (widgets/app.py) and the keep-alive (widgets/serving/keepalive.py) -------------------------
APP = Family("app")


@message(APP, "open")
class OpenPage(Message):
    """Open another page of the course in place."""

    page: Annotated[str, Most(300)]
    query: Annotated[str, Most(2000)] = ""


KEEPALIVE = Family("keep-alive", tag="kind")


@message(KEEPALIVE, "ping")
class Ping(Message):
    n: Any = None


@message(KEEPALIVE, "restore")
class Restore(Message):
    """The reader reloads from the last saved position."""

    saved: Annotated[str, Most(1_000_000)] = ""
