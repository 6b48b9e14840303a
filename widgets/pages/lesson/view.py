"""The lesson view: a walkthrough on the page (``widgets/static/lesson.js`` draws it).

* The steps go as :class:`~widgets.parts.step.StepView` data, the one shown and its
  neighbours first (trait ``initial``: the first paint needs no round trip), later ones in
  ``{"type": "steps"}`` messages as the learner moves: the page keeps them, so Next paints at
  once from what it holds and tells the kernel the step it shows (``go``). The trait
  ``index`` is the kernel's record of the step shown (a new view of the page opens there;
  the keep-alive reads it), never a way to move the page: the
  :class:`~widgets.pages.lesson.model.Lesson` owns the index.
* The page reports ``ready`` when a view opens (its neighbours are sent again), ``switch``
  when a view switch changes (the steps are composed again) and ``lang`` from the language
  menu (the walkthrough made again in that language by ``remake``, set by the app, at the
  same step).
* Learning by doing (try-it steps, questions, playing on from a step): the messages of
  :mod:`widgets.pages.lesson.learning`, decided by the widget-free ``Lesson``; a class
  taught from this page: :mod:`widgets.pages.lesson.teach`.

>>> from tutor.core.walkthrough import by_id, replay
>>> from widgets.games import drawer_for
>>> replayed = replay(by_id("trapper/green-turn"))
>>> page = LessonPage(replayed, drawer_for("trapper")(replayed.game))
>>> page.index, sorted(int(i) for i in page.initial)
(0, [0, 1, 2])
>>> page.handle({"type": "go", "index": 1, "seq": "a:1"})  # the page moved on and says so
>>> page.index, page.lesson.index, page.sent_indexes()
(1, 1, [0, 1, 2, 3])
"""
from __future__ import annotations

from typing import Any

import traitlets

from tutor.core.errors import MalformedInput
from tutor.core.i18n import N_, current, walkthrough_text

from widgets.pages.lesson.learning import LearnMessages
from widgets.pages.lesson.model import Lesson, words_language
from widgets.pages.lesson.steps import StepComposer
from widgets.pages.lesson.teach import ClassMessages
from widgets.parts.drawing import BoardDrawer
from widgets.parts.messages import LESSON, Language, Ready, Switch
from widgets.parts.step import AHEAD, BEHIND
from widgets.parts.texts import T
from widgets.parts.view import View
from widgets.parts.words import words
from widgets.serving.language import Speaking, switch


#: what follows a lesson the course does not list (:attr:`LessonPage.next_lesson`)
UNLISTED = {"unlisted": True}

#: what a page says of a lesson whose own words are in another language than the page's
#: (an author's own lesson), one sentence per language the words are in
WORDS_NOTES = {
    "en": N_("This lesson's own words are in English, as its author wrote them; the rules, "
             "the board and the buttons are in the page's language."),
    "nl": N_("This lesson's own words are in Dutch, as its author wrote them; the rules, "
             "the board and the buttons are in the page's language."),
    "it": N_("This lesson's own words are in Italian, as its author wrote them; the rules, "
             "the board and the buttons are in the page's language."),
}


def words_traits(walk: Any) -> dict[str, str]:
    """``words_lang`` (the language of the lesson's own words when it is not the page's, else
    "") and ``words_note`` (saying so in the page's language)."""
    lang = words_language(walk)
    if lang == current():
        return {"words_lang": "", "words_note": ""}
    return {"words_lang": lang, "words_note": T._(WORDS_NOTES[lang]) if lang in WORDS_NOTES
            else ""}


class LessonPage(Speaking, View):
    """A walkthrough on the page (see the module's docs)."""

    kind = traitlets.Unicode("lesson").tag(sync=True)
    MESSAGES = LESSON
    title = traitlets.Unicode("").tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    STEPS = True
    initial = traitlets.Dict().tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    #: the walkthrough's id: the key of its progress in the browser
    lesson_id = traitlets.Unicode("").tag(sync=True)
    #: the lesson after this one in the course: ``{"title", "href"}``; empty after a game's
    #: last lesson; :data:`UNLISTED` for a lesson the course does not list (a draft, an
    #: author's own: no game's last, lesson.js says nothing there)
    next_lesson = traitlets.Dict().tag(sync=True)
    #: the language of the lesson's own words (title, narrations, questions) when it is not the
    #: page's: an author's own lesson written in another language ("" when they are the page's);
    #: ``words_note`` says so in the page's language (lesson.js marks those words ``lang``)
    words_lang = traitlets.Unicode("").tag(sync=True)
    words_note = traitlets.Unicode("").tag(sync=True)
    #: makes the walkthrough's replay again in the current language (set by the app; the
    #: language menu needs it: refusal texts are made during the replay)
    remake = None

    def __init__(self, replayed: Any, drawer: BoardDrawer, index: int = 0, message: str = "",
                 home: str = "index.ipynb", next_lesson: dict | None = None):
        self._sent: set[tuple] = set()
        shown = self._open(replayed, drawer, index)
        wid = getattr(replayed.walkthrough, "id", "") or ""
        if wid and "/" not in wid:
            wid = f"{replayed.game.name}/{wid}"
        super().__init__(home=home, message=message, index=self.lesson.index, lesson_id=wid,
                         next_lesson=next_lesson or {}, **shown)
        self.classroom = ClassMessages(self)  # a class following this page (widgets/classroom)

    def _open(self, replayed: Any, drawer: BoardDrawer, index: int) -> dict:
        """The lesson of ``replayed`` at step ``index``; its traits, in the current language."""
        self.composer = StepComposer(replayed, drawer)
        self.lesson = Lesson(replayed, index, kit=self.composer.kit)
        self.learning = LearnMessages(self)
        self._sent.clear()
        return {"title": getattr(replayed.walkthrough, "title", "") or replayed.game.title,
                "game": replayed.game.title, "names": self.composer.names(),
                "texts": words("lesson"), **words_traits(replayed.walkthrough),
                "initial": {str(i): self._data(i) for i in self._window(self.lesson.index)}}

    # ---- what is sent ------------------------------------------------------------------------
    def _window(self, index: int) -> list[int]:
        """The step shown first, then the ones ahead, then the ones behind."""
        near = [index] + [index + k for k in range(1, AHEAD + 1)] + [
            index - k for k in range(1, BEHIND + 1)]
        return [i for i in near if 0 <= i <= self.lesson.last]

    def _data(self, index: int) -> dict:
        self._sent.add((index, self.composer.setting_key()))
        return self.composer.view(index).data()

    def sent_indexes(self) -> list[int]:
        key = self.composer.setting_key()
        return sorted(i for i, k in self._sent if k == key)

    def send_window(self, index: int) -> None:
        """Send the steps near ``index`` that the page does not hold yet."""
        key = self.composer.setting_key()
        missing = [i for i in self._window(index) if (i, key) not in self._sent]
        if missing:
            self.send({"type": "steps", "steps": [self._data(i) for i in missing]})

    # ---- what the page reports ------------------------------------------------------------------
    def dropped(self, content: Any) -> None:
        seq = content.get("seq") if isinstance(content, dict) else None
        if isinstance(seq, str) and len(seq) <= 40:  # the page waits for its answer
            self.learning.send_task(seq)

    def act(self, message: Any) -> None:
        if self.learning.handle(message) or self.classroom.handle(message):
            return
        match message:
            case Ready():  # a new view of the page holds nothing yet
                self._sent.clear()
                self.send_window(self.lesson.index)
            case Language(lang=lang):
                self.change_language(lang)
            case Switch(name=name, value=value):
                self.composer.drawer.setting[name] = value
                self.composer.forget()
                self._sent.clear()
                self.send({"type": "reset"})
                self.send_window(self.lesson.index)
                self.classroom.switched()

    # ---- the language menu (widgets/serving/language.py) ----------------------------------------------------
    def change_language(self, lang: object) -> None:
        """The menu asked for ``lang``: make the page again in it, at the same step."""
        before = current()
        if self.remake is None or switch(lang) is None:
            return
        try:
            replayed = self.remake()
        except MalformedInput:  # cannot be made in that language: the page stays as it is
            switch(before)
        else:
            self.relocalize(replayed)

    def relocalize(self, replayed: Any) -> None:
        """Show ``replayed`` (this walkthrough made again in the current language) at the step
        shown now; every text is made again and the page draws itself anew (trait ``lang``).
        A try-it step starts again (its phase is the page's to keep; free play from here
        ends)."""
        self.release()
        shown = self._open(replayed, self.composer.drawer, self.lesson.index)
        following = self.next_lesson
        if following.get("lesson"):  # the next lesson's title in the new language too
            shown["next_lesson"] = {**following, "title": walkthrough_text(following["lesson"],
                                                                           following["source"])}
        with self.hold_sync():
            for name, value in shown.items():
                setattr(self, name, value)
            self.message = ""
            self.speak()

    def release(self) -> None:
        """The learner left the lesson: free play from a step ends, a step's board closes."""
        self.learning.stop_playing()
        self.lesson.close()
