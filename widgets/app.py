"""The apps a notebook shows: ``walkthrough_app("trapper/green-turn")``, ``play_app("trapper")``.

A walkthrough app loads and replays the walkthrough, picks the game's board drawer
(:func:`widgets.boards.drawer_for`), reads ``?step=N`` from the page's address (in Voila) and
returns the lesson page (:class:`widgets.lesson.LessonPage`) inside a box, beside the
server's keep-alive widget (:mod:`widgets.keepalive`: a page whose kernel is gone says so and
offers to reload at the same step, or in free play from the last saved position). The page's
request (``?step=``, ``?lang=``) is read after the heavy work, so that a preheated kernel waits
there for its page (:func:`widgets.params.request`); the kernel then speaks the page's language
(:func:`widgets.language.choose`) and what was prepared in English is made again in it. Nothing here shows a
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
from tutor.core.i18n import SOURCE, current, localize
from tutor.core.walkthrough import Replay, by_id, load, replay

from .boards import drawer_for
from .lesson import LessonPage
from .keepalive import keepalive, texts as keepalive_texts
from .language import choose
from .params import choose_step, request
from .preview import in_voila, play_step, preview_html
from .texts import T


def lesson_for(replayed: Replay, step: str | int | None = None,
               query: str | None = None) -> LessonPage:
    """The lesson page over a replayed walkthrough, opened at the step the address
    (``query``, by default the page's request) asks for, else at ``step``, else at the setup."""
    from .course import next_link

    drawer = drawer_for(replayed.game.name)(replayed.game)
    last = len(replayed.frames) - 1
    wid = getattr(replayed.walkthrough, "id", "")
    following = next_link(f"{replayed.game.name}/{wid}" if "/" not in wid else wid)
    # the request is read after the heavy work: a preheated kernel waits here for its page
    choice = request().step_choice(last, default=step) if query is None \
        else choose_step(query, last=last, default=step)
    return LessonPage(replayed, drawer, index=choice.index, message=choice.message,
                      next_lesson=following)


def app_box(*children: widgets.Widget) -> widgets.Box:
    """The root of every app: a box, so one more child (the server's) fits in it."""
    box = widgets.VBox(list(children), layout=widgets.Layout(width="100%"))
    box.add_class("tutor-app")
    return box


def walkthrough_app(walkthrough_id: str, step: str | int | None = None, *,
                    file: str | Path | None = None) -> widgets.Widget:
    """The app for a shipped walkthrough (id ``<game>/<stem>``), as one widget; with
    ``file``, the walkthrough in that TOML file instead (an author trying out the file being
    written, beside the notebook)."""
    def made() -> Replay:  # the walkthrough with its texts in the current language
        walk = load(file) if file is not None else by_id(walkthrough_id)
        return replay(localize(walk) if current() != SOURCE else walk)

    try:
        replayed = made()  # the heavy work, before the request
    except MalformedInput as exc:
        choose()
        return message_widget(T._("This walkthrough cannot be shown: {problem}",
                                  problem=str(exc)))
    asked = choose()  # a preheated kernel waits here for its page
    if current() != SOURCE:
        try:
            replayed = made()
        except MalformedInput as exc:
            return message_widget(T._("This walkthrough cannot be shown: {problem}",
                                      problem=str(exc)))
    page = lesson_for(replayed, step)
    page.remake = made
    page.speak(asked)
    show_preview(page.initial[str(page.index)], page.title, page.game)
    return with_keepalive(page, keepalive(step=(page, "index")))


def show_preview(step: dict, title: str, game: str, loading: str | None = None) -> bool:
    """In Voila, the page's first paint (``widgets.preview``) as a plain HTML output before
    the page widget; whether one was shown."""
    if not in_voila():
        return False
    shown = preview_html(step, title, game, loading)
    if shown is None:
        return False
    from IPython.display import HTML, display
    display(HTML(shown), metadata={"tutor-preview": True})
    return True


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
        choose()
        return message_widget(T._("This game cannot be started: {problem}", problem=str(exc)))
    try:
        page = build(**options)  # the heavy work, before the request
    except (MalformedInput, TypeError, ValueError) as exc:
        choose()
        return message_widget(T._("This game cannot be started: {problem}", problem=str(exc)))
    asked = choose()  # a preheated kernel waits here for its page
    page.relocalize(asked)
    show_preview(play_step(page.scene), page.title, page.game, T._("The game is loading…"))
    return with_keepalive(page, keepalive(saved=(page, "saved"), restore=page.restore))


def with_keepalive(page: widgets.Widget, alive: widgets.Widget) -> widgets.Box:
    """The app's box: the page and its keep-alive, whose sentences follow the page's
    language menu."""
    page.observe(lambda _change: setattr(alive, "texts", keepalive_texts()), names="lang")
    return app_box(page, alive)


def drills_app(game_name: str, seed: int | None = None, kinds=None) -> widgets.Widget:
    """Practice drills of a game, endless and seeded (a new seed each time unless given):
    ``widgets.drillpage.DrillsPage``. Notebooks ``<game>-drills.ipynb`` call it; the index
    lists them. An unknown game or kind of drill gives a plain message."""
    import random

    from .drillpage import DrillsPage

    asked = choose()  # drills are quick to make: made in the page's language at once
    try:
        game = registry.get(game_name)
        page = DrillsPage(game, random.randrange(10 ** 6) if seed is None else seed, kinds)
    except (MalformedInput, KeyError, RuntimeError) as exc:
        return message_widget(T._("These drills cannot be started: {problem}", problem=str(exc)))
    page.speak(asked)
    return with_keepalive(page, keepalive())


def message_widget(message: str) -> widgets.HTML:
    """A plain message in place of an app."""
    box = widgets.HTML(f'<p class="tp-message" style="font-size:20px">{html.escape(message)}</p>')
    box.add_class("tutor-message")
    return box


def walkthrough_index(folder: Path | None = None) -> widgets.Widget:
    """The index page (the course): see :mod:`widgets.course`."""
    from .course import course_page

    return course_page(folder, choose())


def walkthrough_links(folder: Path | None = None):
    from .course import walkthrough_links as links

    return links(folder)


def play_links(folder: Path | None = None):
    from .course import play_links as links

    return links(folder)
