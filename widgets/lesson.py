"""The lesson page: ONE anywidget (``widgets/static/page.js`` and ``page.css``) for a walkthrough.

Python sends content, the page lays it out and reports actions:

* the steps as :class:`~widgets.compose.StepView` data, the one shown and its neighbours
  first (trait ``initial``, so the first paint needs no round trip), later ones in custom
  messages ``{"type": "steps", "steps": [...]}`` as the learner moves: the page keeps them,
  so Next paints at once from what it holds (rendering ahead) and tells the kernel the step
  it shows (trait ``index``, synced both ways: later features read it);
* the page's texts (buttons, headings) translated here, in ``texts``;
* the page reports ``{"type": "ready"}`` when a view opens (its neighbours are sent again),
  ``{"type": "switch", "name": ..., "value": ...}`` when a view switch changes (the steps are
  composed again with the new setting) and ``{"type": "click", "target": ...}`` for a click
  on a board element with ``data-target``;
* the language menu (:mod:`widgets.language`): ``{"type": "lang", "lang": "nl"}`` makes the
  walkthrough again in that language (``remake``, set by the app) at the same step.

Learning by doing (:mod:`widgets.learn`, the widget-free :class:`~widgets.learn.Lesson`
behind this page; :mod:`widgets.learnpage` the messages):

* a step that asks (a try-it step, a question) carries ``task`` in its data: the page paints
  it at once, before the move, when the learner arrives going forward, and tells the kernel
  ``{"type": "go", "index", "phase", "visit"}``; the learner's tries (``try`` with a board
  click, a listed move, a choice, a game button or typed text), ``show`` (show me),
  ``reveal`` (Next while the step asks) and ``answer`` are judged by the engine and answered
  with ``{"type": "task", ...}`` (the phase, the feedback, the board's new scene, the
  progress record the page keeps in the browser);
* ``playon`` turns the board into free play from the position shown (scenes come back as
  ``{"type": "play", ...}``; the page sends the learner's actions as ``{"type": "play",
  "content": ...}``); ``unplay`` returns to the lesson, untouched.

The :class:`~widgets.learn.Lesson` (its :class:`~widgets.controller.StepController`) owns
the index; this widget only moves it.

>>> from tutor.core.walkthrough import by_id, replay
>>> from widgets.boards import drawer_for
>>> replayed = replay(by_id("trapper/green-turn"))
>>> page = LessonPage(replayed, drawer_for("trapper")(replayed.game))
>>> page.index, sorted(int(i) for i in page.initial)
(0, [0, 1, 2])
>>> page.index = 1  # the page moved on: the kernel hears it and sends what comes next
>>> page.steps.index, page.sent_indexes()
(1, [0, 1, 2, 3])
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from tutor.core.errors import MalformedInput
from tutor.core.i18n import current

from .boards import BoardDrawer
from .classroom.teach import ClassMessages
from .compose import StepComposer
from .learn import Lesson
from .language import Speaking, switch
from .learnpage import LearnMessages, learn_texts
from .texts import T

STATIC = Path(__file__).resolve().parent / "static"
#: Steps sent ahead of the one shown, and behind it.
AHEAD, BEHIND = 2, 1


def page_texts() -> dict[str, str]:
    """The page's own words, translated now (the JS has no translator)."""
    return {
        "back": T._("Back"), "next": T._("Next"), "restart": T._("Restart"),
        "end": T._("Last step"), "steps": T._("Steps"), "present": T._("Present"),
        "leave": T._("Leave presenter mode"), "home": T._("All lessons"),
        "rules": T._("Rules in this step"), "legend": T._("What the marks mean"),
        "panel": T._("Players and cards"), "loading": T._("Loading the step…"),
        "keys": T._("Keys: → or space next, ← back, Home first, End last."),
        "board": T._("Board"), "controls": T._("Step controls"), "language": T._("Language"),
        "numbering": T._("Step 0 is the setup; step k shows the position after the "
                         "walkthrough's k-th step."),
    }


class LessonPage(Speaking, anywidget.AnyWidget):
    """A walkthrough on the page (see the module's docs)."""

    _esm = STATIC / "page.js"
    _css = STATIC / "page.css"

    mode = traitlets.Unicode("lesson").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    home = traitlets.Unicode("index.ipynb").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    initial = traitlets.Dict().tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    #: the walkthrough's id: the key of its progress in the browser
    lesson_id = traitlets.Unicode("").tag(sync=True)
    #: the lesson after this one in the course: ``{"title", "href"}``, or empty
    next_lesson = traitlets.Dict().tag(sync=True)
    #: makes the walkthrough's replay again in the current language (set by the app; the
    #: language menu needs it: refusal texts are made during the replay)
    remake = None

    def __init__(self, replayed: Any, drawer: BoardDrawer, index: int = 0, message: str = "",
                 title: str | None = None, home: str = "index.ipynb",
                 next_lesson: dict | None = None):
        self.composer = StepComposer(replayed, drawer)
        self.lesson = Lesson(replayed, index, kit=self.composer.kit)
        self.steps = self.lesson.steps
        self._sent: set[tuple] = set()
        walk = replayed.walkthrough
        start = self.steps.index
        initial = {str(i): self._data(i) for i in self._window(start)}
        wid = getattr(walk, "id", "") or ""
        if wid and "/" not in wid:
            wid = f"{replayed.game.name}/{wid}"
        super().__init__(
            title=title or getattr(walk, "title", "") or replayed.game.title,
            game=replayed.game.title, home=home, message=message,
            names=self.composer.names(), texts={**page_texts(), **learn_texts()},
            initial=initial, index=start, lesson_id=wid, next_lesson=next_lesson or {})
        self.learning = LearnMessages(self)
        self.classroom = ClassMessages(self)  # a class following this page (widgets/classroom)
        self.observe(self._moved, names="index")
        self.on_msg(self._message)

    # ---- what is sent ------------------------------------------------------------------------
    def _window(self, index: int) -> list[int]:
        """The step shown first, then the ones ahead, then the ones behind."""
        near = [index] + [index + k for k in range(1, AHEAD + 1)] + [
            index - k for k in range(1, BEHIND + 1)]
        return [i for i in near if 0 <= i <= self.steps.last]

    def _data(self, index: int) -> dict:
        self._sent.add((index, self.composer.setting_key()))
        return self.composer.view(index).data()

    def sent_indexes(self) -> list[int]:
        key = self.composer.setting_key()
        return sorted(i for i, k in self._sent if k == key)

    def _send_window(self, index: int) -> None:
        key = self.composer.setting_key()
        missing = [i for i in self._window(index) if (i, key) not in self._sent]
        if missing:
            self.send({"type": "steps", "steps": [self._data(i) for i in missing]})

    # ---- what the page reports ------------------------------------------------------------------
    def _moved(self, change: dict) -> None:
        shown = self.steps.jump(change["new"])
        if shown != change["new"]:  # out of range: the page shows the nearest step
            self.index = shown
        self._send_window(shown)

    def _message(self, _widget: Any, content: dict, _buffers: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if self.learning.handle(content) or self.classroom.handle(content):
            return
        if kind == "ready":  # a new view of the page holds nothing yet
            self._sent.clear()
            self._send_window(self.steps.index)
        elif kind == "lang":
            self.change_language(content.get("lang"))
        elif kind == "switch":
            self.composer.drawer.setting[str(content.get("name"))] = str(content.get("value", ""))
            self.composer.forget()
            self._sent.clear()
            self.send({"type": "reset"})
            self._send_window(self.steps.index)

    # ---- the language menu (widgets/language.py) ----------------------------------------------------
    def change_language(self, lang: object) -> bool:
        """The menu asked for ``lang``: make the page again in it, at the same step."""
        before = current()
        if self.remake is None or switch(lang) is None:
            return False
        try:
            replayed = self.remake()
        except MalformedInput:  # cannot be made in that language: the page stays as it is
            switch(before)
            return False
        self.relocalize(replayed)
        return True

    def relocalize(self, replayed: Any) -> None:
        """Show ``replayed`` (this walkthrough made again in the current language) at the step
        shown now; every text is made again and the page draws itself anew (trait ``lang``).
        A try-it step starts again (its phase is the page's to keep; free play from here
        ends)."""
        index = self.steps.index
        self.learning.stop_playing()
        self.composer = StepComposer(replayed, self.composer.drawer)
        self.lesson = Lesson(replayed, index, kit=self.composer.kit)
        self.steps = self.lesson.steps
        self.learning = LearnMessages(self)
        self._sent.clear()
        walk = replayed.walkthrough
        with self.hold_sync():
            self.title = getattr(walk, "title", "") or replayed.game.title
            self.game = replayed.game.title
            self.names = self.composer.names()
            self.texts = {**page_texts(), **learn_texts()}
            self.message = ""
            self.initial = {str(i): self._data(i) for i in self._window(index)}
            self.speak()
