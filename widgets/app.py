"""The apps a notebook shows: ``walkthrough_app("trapper/green-turn")``, ``play_app("trapper")``.

A walkthrough app loads and replays the walkthrough, picks the game's board drawer
(:func:`widgets.boards.drawer_for`), reads ``?step=N`` from the page's address (in Voila) and
returns the lesson page (:class:`widgets.lesson.LessonPage`) inside a box (the app's root is
a container, so the server's keep-alive widget fits beside it). Nothing here shows a
traceback to a learner: a walkthrough that cannot be replayed, or a bad ``?step=``, becomes a
plain message.
"""
from __future__ import annotations

import html
import importlib
from pathlib import Path

import ipywidgets as widgets

from tutor.core import registry
from tutor.core.errors import MalformedInput
from tutor.core.walkthrough import Replay, by_id, replay

from .boards import drawer_for
from .lesson import LessonPage
from .params import choose_step, query_string
from .texts import T


def lesson_for(replayed: Replay, step: str | int | None = None,
               query: str | None = None) -> LessonPage:
    """The lesson page over a replayed walkthrough, opened at the step the address
    (``query``, by default Voila's) asks for, else at ``step``, else at the setup."""
    choice = choose_step(query_string() if query is None else query,
                         last=len(replayed.frames) - 1, default=step)
    drawer = drawer_for(replayed.game.name)(replayed.game)
    return LessonPage(replayed, drawer, index=choice.index, message=choice.message)


def app_box(*children: widgets.Widget) -> widgets.Box:
    """The root of every app: a box, so one more child (the server's) fits in it."""
    box = widgets.VBox(list(children), layout=widgets.Layout(width="100%"))
    box.add_class("tutor-app")
    return box


def walkthrough_app(walkthrough_id: str, step: str | int | None = None) -> widgets.Widget:
    """The app for a shipped walkthrough (id ``<game>/<stem>``), as one widget."""
    try:
        replayed = replay(by_id(walkthrough_id))
    except MalformedInput as exc:
        return message_widget(T._("This walkthrough cannot be shown: {problem}",
                                  problem=str(exc)))
    return app_box(lesson_for(replayed, step))


def play_app(game_name: str, **options) -> widgets.Widget:
    """The free-play app of a game: ``widgets.play.<game>.play_app(**options)``.

    Notebooks ``<game>-play.ipynb`` call it; the index lists them under "Play a whole game".
    A game without free play, or options it refuses, give a plain message.
    """
    try:
        registry.get(game_name)
        module = importlib.import_module(f"{__package__}.play.{game_name.replace('-', '_')}")
        build = getattr(module, "play_app")
    except (MalformedInput, ModuleNotFoundError, AttributeError) as exc:
        return message_widget(T._("This game cannot be started: {problem}", problem=str(exc)))
    try:
        return app_box(build(**options))
    except (MalformedInput, TypeError, ValueError) as exc:
        return message_widget(T._("This game cannot be started: {problem}", problem=str(exc)))


def message_widget(message: str) -> widgets.HTML:
    """A plain message in place of an app."""
    box = widgets.HTML(f'<p class="tp-message" style="font-size:20px">{html.escape(message)}</p>')
    box.add_class("tutor-message")
    return box


def walkthrough_index(folder: Path | None = None) -> widgets.Widget:
    """The index page (the course): see :mod:`widgets.course`."""
    from .course import course_page

    return course_page(folder)


def walkthrough_links(folder: Path | None = None):
    from .course import walkthrough_links as links

    return links(folder)


def play_links(folder: Path | None = None):
    from .course import play_links as links

    return links(folder)
