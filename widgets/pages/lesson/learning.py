"""The lesson page's learning-by-doing messages: what the page reports about try-it steps,
questions and playing on, handed to the widget-free :class:`~widgets.pages.lesson.model.Lesson`
(which decides), and what the kernel answers.

From the page: the learning messages of :data:`widgets.parts.messages.LESSON`. Each carries
``seq``, the page's name for it, and is answered with a ``task`` naming that ``seq``, so the
page shows only the answer to its latest message.

To the page: ``{"type": "task", "seq", "index", "phase", "scene", "feedback", "offer",
"said", "record"}`` after each of them, and ``{"type": "play", "scene", "notes"}`` while the
learner plays on. The messages reach the kernel in the order the page sent them, so nothing
here is dropped as late: a try sent before a ``go`` is judged at the step it was made at.
"""
from __future__ import annotations

from typing import Any

from tutor.core.lesson import Answer, Attempt

from widgets.games.freeplay import PACE
from widgets.pages.lesson.model import Lesson, Phase, PlayOn
from widgets.pages.lesson.steps import asking_scene
from widgets.parts.html import answer_html, attempt_html, attempt_said
from widgets.parts.messages import (AnswerGiven, BackToLesson, Click, Go, PlayAction, PlayOnHere,
                                    Reveal, ShowMe, Try)


class LearnMessages:
    """The learning-by-doing messages of one lesson page (see the module's docs)."""

    def __init__(self, page: Any):
        self.page = page
        self.lesson: Lesson = page.lesson
        self.playing: PlayOn | None = None
        # a fact's value in the page's words (a legal but different move's facts)
        composer = getattr(page, "composer", None)
        drawer = composer.drawer if composer is not None else self.lesson.kit.drawer(self.lesson.game)
        self.worded = drawer.fact_value

    # ---- from the page ---------------------------------------------------------------------------
    def handle(self, message: Any) -> bool:
        """Handle a learning message (True), or leave it to the page (False)."""
        lesson = self.lesson
        match message:
            case Go(index=index):
                lesson.arrive(index)
                # the kernel's record of the step shown (the page never moves by it)
                self.page.index = lesson.index
                self.page.send_window(lesson.index)
            case PlayAction(content=content):
                if self.playing is not None:
                    self.playing.session.handle(content)
                return True
            case PlayOnHere():
                self.play_on()
                return True
            case BackToLesson():
                self.stop_playing()
                return True
            case Click() | Try() | ShowMe() | Reveal() | AnswerGiven():
                try:
                    self.judge(message)
                except ValueError:
                    pass  # not asked now (a click on a step that shows, Show me after a right try)
            case _:
                return False
        self.send_task(message.seq)
        return True

    def judge(self, message: Any) -> None:
        """The learner's try, click, "show me", Next while asking, or answer."""
        lesson = self.lesson
        match message:
            case Click(target=target):
                lesson.board_action({"type": "click", "target": target})
            case Try(how="typed", text=text):
                lesson.attempt(text)
            case Try(how="move" | "choice" as how, index=index):
                lesson.board_action({"type": how, "index": index})
            case Try(how="action", id=action):
                lesson.board_action({"type": "action", "id": action})
            case ShowMe():
                lesson.show_me()
            case Reveal():
                lesson.reveal()
            case AnswerGiven(text=text):
                lesson.answer(text)

    # ---- to the page ------------------------------------------------------------------------------
    def task(self, seq: str | None = None) -> dict:
        """The step shown now, as the page needs it after its message ``seq``."""
        lesson = self.lesson
        visit = lesson.visit
        attempts = [s for s in visit.said if isinstance(s, Attempt)]
        answers = [s for s in visit.said if isinstance(s, Answer)]
        shown = []
        worded = self.worded
        if attempts:
            shown.append(attempt_html(attempts[-1], lesson.game, worded,
                                      cards=lesson.frame.rule_ids))
        if answers and lesson.phase is not Phase.TRY:
            shown.append(answer_html(answers[-1]))
        last = visit.said[-1] if visit.said else None
        said = attempt_said(last, worded) if isinstance(last, Attempt) else last.message if last else ""
        session = visit.session
        return {"type": "task", "seq": seq, "index": lesson.index,
                "phase": visit.phase.value,
                "scene": asking_scene(session.scene) if session is not None else None,
                "feedback": "".join(shown), "offer": lesson.show_me_offered, "said": said,
                "record": lesson.record(), "evidence": lesson.evidence.tail()}

    def send_task(self, seq: str | None = None) -> None:
        self.page.send(self.task(seq))

    # ---- play on from here ------------------------------------------------------------------------
    def play_on(self) -> None:
        self.stop_playing()
        self.playing = self.lesson.play_on(pace=PACE, publish=self._scene)
        self._scene(self.playing.session.scene)

    def stop_playing(self) -> None:
        if self.playing is not None:
            self.playing.close()
            self.playing = None

    def _scene(self, scene: dict) -> None:
        if self.playing is None:
            return  # the first scene, made while the game is set up: sent once it is
        self.page.send({"type": "play", "scene": scene, "notes": list(self.playing.notes),
                        "index": self.playing.index})
