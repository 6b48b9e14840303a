"""The course app: what every notebook shows (``walkthrough_app("trapper/green-turn")``,
``play_app``, ``drills_app``, ``author_app``, ``yours_app``, ``walkthrough_index()``), one
:class:`CourseApp` opened at that view.

The app is one widget for the whole visit (``widgets/static/app.js``). It shows one view at a
time (:mod:`widgets.parts.view`) and, in Voila, switches views in the same kernel when the
learner follows a link inside the course: the page asks for the link's view (``{"type":
"open", "page", "query"}``), :meth:`CourseApp.open_page` makes it as the link's notebook would
(:func:`view_for`) and closes the view left, so five lessons in a row cost one kernel. A link
it cannot open in place is loaded as a page (``{"type": "navigate"}``). In JupyterLab a link
stays a link.

For the notebook's first view the page's request (its ``?step=``, ``?lang=``) is read after
the heavy work, so that a preheated kernel waits there for its page
(:func:`widgets.serving.params.request`), and in Voila the step's first paint is written into
the served page (:mod:`widgets.parts.firstpaint`). The app also keeps the server's keep-alive
(:mod:`widgets.serving.keepalive`). Nothing here shows a learner a traceback: a walkthrough
that cannot be replayed, or a bad ``?step=``, becomes a plain message.

>>> app = walkthrough_index()
>>> app.view.kind, app.alive.step
('course', None)
>>> app.open_page("trapper-green-turn.ipynb", "step=2")
True
>>> app.view.kind, app.view.index, app.alive.step
('lesson', 2, 2)
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable

import anywidget
import ipywidgets as widgets
import traitlets
from ipywidgets import widget_serialization

from tutor.core import registry
from tutor.core.errors import MalformedInput
from tutor.core.i18n import SOURCE, current, localize, set_language
from tutor.core.walkthrough import Replay, by_id, load, replay

from widgets.games import drawer_for
from widgets.pages.lesson.view import LessonPage
from widgets.pages.play import play_app as free_play
from widgets.parts import frontend
from widgets.parts.env import where
from widgets.parts.firstpaint import play_step, preview_html
from widgets.parts.messages import APP, OpenPage, Unread
from widgets.parts.texts import T
from widgets.parts.view import View
from widgets.serving.keepalive import KeepAlive
from widgets.serving.language import choose, with_lang
from widgets.serving.params import Request, choose_step, parse_request, request


class CourseApp(anywidget.AnyWidget):
    """The course app (see the module's docs)."""

    _esm = frontend.app_esm()
    _css = frontend.app_css()

    #: the view shown (its model: ``widgets/static/app.js`` draws it); None with a message
    view = traitlets.Instance(View, allow_none=True).tag(sync=True, **widget_serialization)
    #: a plain sentence shown instead of a view (a walkthrough that cannot be shown), and the
    #: words of its way back to the course page, in the page's language
    message = traitlets.Unicode("").tag(sync=True)
    home_text = traitlets.Unicode("").tag(sync=True)
    alive = traitlets.Instance(KeepAlive).tag(sync=True, **widget_serialization)

    def __init__(self, view: View | str, folder: Path | None = None):
        super().__init__(alive=KeepAlive(), layout=widgets.Layout(width="100%"))
        self.add_class("tutor-app")
        #: the folder of the page's notebook: a link to a notebook not there is loaded as a page
        self.folder = folder or served_folder()
        self.show(view)
        self.on_msg(lambda _widget, content, _buffers: self.handle(content))

    def show(self, view: View | str) -> None:
        """Show ``view`` (or a plain message) and close the view shown before, with all it
        holds; the keep-alive follows the new view."""
        left = self.view
        if left is not None:
            left.unobserve(self._speak, names="lang")
        with self.hold_sync():
            if isinstance(view, View):
                self.view, self.message = view, ""
            else:
                self.view, self.message = None, str(view)
                self.home_text = T._("All lessons")
        self._speak()
        if isinstance(view, View):
            view.observe(self._speak, names="lang")
        if left is not None and left is not view:
            left.close()

    def _speak(self, _change: dict | None = None) -> None:
        """The keep-alive follows the view shown (a lesson's step, free play's last save), its
        sentences in the view's language."""
        view = self.view
        if isinstance(view, LessonPage):
            self.alive.follow(step=(view, "index"))
        elif view is not None and view.kind == "play":
            self.alive.follow(saved=(view, "saved"), restore=view.restore)
        else:
            self.alive.follow()

    def open_page(self, page: str, query: str = "") -> bool:
        """Show the view of the course page ``page`` (a notebook's file name) with the address's
        ``query``, in place; False (and the page is told to load it) when it is not one."""
        target = view_for(page, self.folder)
        if target is None:
            self.send({"type": "navigate", "page": page, "query": query})
            return False
        asked = parse_request(query, request().accept_language)
        try:
            made = target(asked)
        except Exception:  # never a traceback on the page: the page loads the address instead
            self.log.exception("could not open %s?%s in place", page, query)
            self.send({"type": "navigate", "page": page, "query": query})
            return False
        if getattr(made, "kind", "") == "author" and "from=play" in query.split("&"):
            made.start_from_play(self.view)  # free play's link: its game in progress
        self.show(made)
        return True

    def handle(self, content: Any) -> None:
        """The page asks to open another page in place (:data:`widgets.parts.messages.APP`)."""
        try:
            message = APP.read(content)
        except Unread:
            return  # not the app's: the page shown takes its own messages
        if isinstance(message, OpenPage):
            self.open_page(message.page, message.query)


def served_folder() -> Path:
    """The folder of the notebook being served: Voila (and Jupyter) start its kernel there;
    elsewhere (a script, a test) the notebooks folder."""
    from widgets.pages.course import notebooks_folder

    return Path.cwd() if where() in ("voila", "jupyter") else notebooks_folder()


def view_for(page: str, folder: Path) -> Callable[[Request], View | str] | None:
    """What makes the view of the course page ``page`` (a notebook's name:
    :func:`widgets.pages.course.page_target`) from the address's request; None when ``page``
    is not a notebook of the course in ``folder``."""
    from widgets.pages.course import page_target

    found = page_target(page, folder)
    if found is None:
        return None
    kind, name = found
    if kind == "course":
        return lambda asked: course_view(folder, asked)
    if kind == "play":
        return lambda asked: play_view(name, asked)
    if kind == "drills":
        return lambda asked: drills_view(name, asked=asked)
    if kind == "author":
        return lambda asked: author_view(asked=asked)
    if kind == "yours":
        return lambda asked: yours_view(asked)
    return lambda asked: lesson_view(name, asked=asked)


# ---- the views ------------------------------------------------------------------------------------
def _asked(asked: Request | None) -> Request:
    """The request a quick view is made for, its language spoken: the page's own (None: the
    notebook's first view), else the address opened in place."""
    if asked is None:
        return choose()
    set_language(asked.lang)
    return asked


def lesson_for(replayed: Replay, step: str | int | None = None,
               query: str | None = None) -> LessonPage:
    """The lesson view over a replayed walkthrough, opened at the step the address (``query``,
    by default the page's request) asks for, else at ``step``, else at the setup."""
    from widgets.pages.course import next_link

    drawer = drawer_for(replayed.game.name)(replayed.game)
    last = len(replayed.frames) - 1
    wid = getattr(replayed.walkthrough, "id", "")
    following = next_link(f"{replayed.game.name}/{wid}" if "/" not in wid else wid)
    # the request is read after the heavy work: a preheated kernel waits here for its page
    choice = request().step_choice(last, default=step) if query is None \
        else choose_step(query, last=last, default=step)
    return LessonPage(replayed, drawer, index=choice.index, message=choice.message,
                      next_lesson=following)


def lesson_view(walkthrough_id: str, step: str | int | None = None, *,
                file: str | Path | None = None, asked: Request | None = None) -> View | str:
    """The lesson of a shipped walkthrough (id ``<game>/<stem>``; with ``file``, the
    walkthrough in that TOML file instead), or a sentence saying why it cannot be shown.
    ``asked``: the address it is opened with in place (None: the notebook's first view)."""
    def made() -> Replay:  # the walkthrough with its texts in the current language
        walk = load(file) if file is not None else by_id(walkthrough_id)
        return replay(localize(walk) if current() != SOURCE else walk)

    first = asked is None
    if not first:
        set_language(asked.lang)
    try:
        replayed = made()  # the heavy work, before the request
        if first:
            asked = choose()  # a preheated kernel waits here for its page
            if current() != SOURCE:
                replayed = made()
    except MalformedInput as exc:
        if asked is None:
            choose()
        return T._("This walkthrough cannot be shown: {problem}", problem=str(exc))
    page = lesson_for(replayed, step, query=None if first else asked.query)
    page.remake = made
    page.speak(asked)
    if first:
        show_preview(page.initial[str(page.index)], page.title, page.game,
                     home=with_lang(page.home, asked))
    return page


def play_view(game_name: str, asked: Request | None = None, **options) -> View | str:
    """The free play of a game (:func:`widgets.pages.play.play_app`), or a sentence saying
    why it cannot be started."""
    if asked is not None:
        set_language(asked.lang)
    try:
        registry.get(game_name)
        page = free_play(game_name, **options)  # the heavy work, before the request
    except (MalformedInput, LookupError, TypeError, ValueError) as exc:
        if asked is None:
            choose()
        # the problem itself, in the page's words: str() puts the option's name before it
        # ("players: Trapper is voor 2 tot 4 spelers, niet 9")
        problem = exc.problem if isinstance(exc, MalformedInput) else str(exc)
        return T._("This game cannot be started: {problem}", problem=problem)
    first = asked is None
    if first:
        asked = choose()  # a preheated kernel waits here for its page
    page.relocalize(asked)
    if first:
        show_preview(play_step(page.scene), page.title, page.game, T._("The game is loading…"),
                     with_lang(page.home, asked))
    return page


def drills_view(game_name: str, seed: int | None = None, kinds=None,
                asked: Request | None = None) -> View | str:
    """Practice drills of a game, endless and seeded (a new seed each time unless given), or a
    sentence saying why they cannot be started."""
    from widgets.pages.drills.view import DrillsPage

    asked = _asked(asked)  # drills are quick to make: made in the page's language at once
    try:
        game = registry.get(game_name)
        page = DrillsPage(game, random.randrange(10 ** 6) if seed is None else seed, kinds)
    except (MalformedInput, KeyError, RuntimeError) as exc:
        return T._("These drills cannot be started: {problem}", problem=str(exc))
    page.speak(asked)
    return page


def course_view(folder: Path | None = None, asked: Request | None = None) -> View:
    """The course page (see :mod:`widgets.pages.course`)."""
    from widgets.pages.course import course_page, prepare, show_first_paint

    if asked is None:  # the heavy work before the request, which a preheated kernel waits for
        prepare(folder)
    page = course_page(folder, _asked(asked))
    if asked is None:  # the notebook's first view: in Voila, painted before the app
        show_first_paint(page)
    return page


def show_preview(step: dict, title: str, game: str, loading: str | None = None,
                 home: str = "index.ipynb") -> bool:
    """In Voila, the page's first paint (``widgets.parts.firstpaint``) as a plain HTML output before
    the app; whether one was shown."""
    from widgets.serving.language import menu

    voila = where() == "voila"
    shown = preview_html(step, title, game, loading, home, watch=True, languages=menu(),
                         asked=request_lines(step)) if voila else None
    if shown is not None:
        from IPython.display import HTML, display
        display(HTML(shown), metadata={"tutor-preview": True})
    return shown is not None


def request_lines(step: dict) -> tuple[str, str, bool]:
    """What the live page will say above the board for the page's request (Voila's): the
    notice of a language the address asked for and we lack, and the sentence of a step the
    address asked for and the lesson lacks (``?step=999``, ``?step=abc``); "" each when none;
    and whether a lesson opens presenting (``?present=1``: the live page's large type).
    The step's sentence is the lesson page's (:func:`lesson_for`): the step shown is the one the
    request's step was clamped to, so asking again with it as the last step says the same.

    >>> request_lines({"index": 3})
    ('', '', False)
    """
    asked = request()
    index = step.get("index")
    message = asked.step_choice(index).message \
        if isinstance(index, int) and not isinstance(index, bool) else ""
    return asked.lang_message, message, bool(asked.present and isinstance(index, int))


# ---- what notebooks call: the app opened at a view (a view that cannot be made: a message) --------
def walkthrough_app(walkthrough_id: str, step: str | int | None = None, *,
                    file: str | Path | None = None) -> CourseApp:
    """At a shipped walkthrough (id ``<game>/<stem>``); with ``file``, the walkthrough in that
    TOML file instead (an author trying out the file being written, beside the notebook)."""
    return CourseApp(lesson_view(walkthrough_id, step, file=file))


def play_app(game_name: str, **options) -> CourseApp:
    """At a game's free play (``<game>-play.ipynb``): :func:`widgets.pages.play.play_app`."""
    return CourseApp(play_view(game_name, **options))


def drills_app(game_name: str, seed: int | None = None, kinds=None) -> CourseApp:
    """At a game's practice drills (``<game>-drills.ipynb``)."""
    return CourseApp(drills_view(game_name, seed, kinds))


def author_view(game_name: str = "trapper", asked: Request | None = None) -> View | str:
    """"Write a lesson" (:mod:`widgets.pages.author.view`), starting on a new game of
    ``game_name``, or a sentence saying why it cannot be shown."""
    from widgets.pages.author.view import AuthorPage

    asked = _asked(asked)
    try:
        page = AuthorPage.start(game_name)
    except (MalformedInput, LookupError) as exc:
        return T._("This game cannot be started: {problem}", problem=str(exc))
    page.speak(asked)
    return page


def yours_view(asked: Request | None = None) -> View | str:
    """One of the authors' own lessons (``yours.ipynb?lesson=NAME``, a file of the server's
    lessons folder: :mod:`widgets.pages.author.yours`), shown as every lesson is."""
    from widgets.pages.author.yours import lesson_file

    query = request().query if asked is None else asked.query
    path = lesson_file(query)
    if path is None:  # no lesson named, or none the folder has: what there is, and how to write one
        from widgets.pages.course import show_first_paint, yours_page

        page = yours_page(query, _asked(asked))
        if asked is None:
            show_first_paint(page)
        return page
    return lesson_view(f"yours/{path.stem}", file=path, asked=asked)


def author_app(game_name: str = "trapper") -> CourseApp:
    """At "Write a lesson" (``author.ipynb``)."""
    return CourseApp(author_view(game_name))


def yours_app() -> CourseApp:
    """At one of the authors' own lessons (``yours.ipynb``)."""
    return CourseApp(yours_view())


def walkthrough_index(folder: Path | None = None) -> CourseApp:
    """At the course page (``index.ipynb``): :mod:`widgets.pages.course`."""
    return CourseApp(course_view(folder), folder)
