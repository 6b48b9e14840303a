"""The walkthrough app a notebook shows: ``walkthrough_app("trapper/green-turn")``.

It loads and replays the walkthrough, picks the game's board view, reads ``?step=N`` from
the page's address (in Voila), and returns the assembled step player widget. Nothing here
shows a traceback to a learner: a walkthrough that cannot be replayed, or a bad ``?step=``,
becomes a plain message.

A game's board view is found by looking: the module ``widgets/<game>.py`` exposing
``VIEW``; a game without one is shown as a table of its facts.

>>> view_class("no-such-game").__name__
'FactsView'
"""
from __future__ import annotations

import html
import importlib
from itertools import groupby
from pathlib import Path
from urllib.parse import quote

import ipywidgets as widgets

from tutor.core import registry
from tutor.core.errors import MalformedInput
from tutor.core.walkthrough import Replay, by_id, library, load, replay

from .board import BoardView, FactsView
from .keepalive import keepalive
from .params import choose_step, request
from .player import StepPlayer
from .texts import text


def view_module_name(game_name: str) -> str:
    """The module of a game's views (board view, free play): ``widgets/<game>.py``.

    >>> view_module_name("my-game")
    'widgets.my_game'
    """
    return f"{__package__}.{game_name.replace('-', '_')}"


def view_class(game_name: str) -> type[BoardView]:
    """The board view class of a game: ``widgets.<game>.VIEW``, else :class:`FactsView`."""
    module_name = view_module_name(game_name)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:  # the view exists but something it imports is missing
            raise
        return FactsView
    view = getattr(module, "VIEW", None)
    return view if isinstance(view, type) and issubclass(view, BoardView) else FactsView


def player_for(replayed: Replay, step: str | int | None = None, query: str | None = None) -> StepPlayer:
    """A step player over a replayed walkthrough, opened at the step the address (``query``,
    by default the page's request) asks for, else at ``step``, else at the setup."""
    view = view_class(replayed.game.name)(replayed.game)
    last = len(replayed.frames) - 1
    # the request is read after the heavy work: a preheated kernel waits here for its page
    choice = request().step_choice(last, default=step) if query is None \
        else choose_step(query, last=last, default=step)
    return StepPlayer(replayed, view, index=choice.index, message=choice.message)


def walkthrough_app(walkthrough_id: str, step: str | int | None = None) -> widgets.Widget:
    """The app for a shipped walkthrough (id ``<game>/<stem>``), as one widget."""
    try:
        replayed = replay(by_id(walkthrough_id))
    except MalformedInput as exc:
        return message_widget(text("cannot_show", problem=str(exc)))
    player = player_for(replayed, step)
    # a page whose kernel is gone says so, and offers to reload at the step shown
    player.widget.children += (keepalive(step=(player.step_list, "value")),)
    return player.widget


def play_app(game_name: str, **options) -> widgets.Widget:
    """The free-play app of a game: ``widgets.<game>.play_app(**options)``.

    Notebooks ``<game>-play.ipynb`` call it; the index lists them under "Play a game".
    A game without free play, or options it refuses, give a plain message.
    """
    try:
        registry.get(game_name)
        module = importlib.import_module(view_module_name(game_name))
        build = getattr(module, "play_app")
    except (MalformedInput, ModuleNotFoundError, AttributeError) as exc:
        return message_widget(text("cannot_play", problem=str(exc)))
    try:
        return build(**options)
    except (MalformedInput, TypeError, ValueError) as exc:
        return message_widget(text("cannot_play", problem=str(exc)))


def message_widget(message: str) -> widgets.HTML:
    """A plain message in place of an app."""
    box = widgets.HTML(f'<p style="font-size:20px">{html.escape(message)}</p>')
    box.add_class("tutor-message")
    return box


# ---- the index page ---------------------------------------------------------------------------
def notebooks_folder() -> Path:
    """The notebooks folder: beside the ``widgets`` package in the repository, else the
    folder the kernel runs in (Voila and JupyterLab start it in the notebook's folder)."""
    beside = Path(__file__).resolve().parent.parent / "notebooks"
    return beside if beside.is_dir() else Path.cwd()


def walkthrough_links(folder: Path | None = None) -> list[tuple[str, str, str, str]]:
    """(game title, walkthrough title, summary, notebook file name) of every walkthrough app.

    An app is a notebook ``<game>-<stem>.ipynb`` for the walkthrough ``<game>/<stem>``;
    found by looking, so adding a notebook never means editing the index. A walkthrough
    file that cannot be read is still listed, by its id, rather than breaking the index.
    """
    folder = folder or notebooks_folder()
    found = []
    for wid, path in library().items():
        notebook = f"{wid.replace('/', '-')}.ipynb"
        if not (folder / notebook).is_file():
            continue
        game = registry.get(wid.split("/")[0])
        try:
            walk = load(path)
            title, summary, order = walk.title, walk.summary, walk.order
        except MalformedInput:
            title, summary, order = wid, "", 10_000
        found.append((order, (game.title, title, summary, notebook)))
    # by game, then in the order the rulebook teaches them (each file's ``order``)
    return [link for _, link in sorted(found, key=lambda item: (item[1][0], item[0]))]


def play_links(folder: Path | None = None) -> list[tuple[str, str]]:
    """(game title, notebook file name) of every free-play app ``<game>-play.ipynb``."""
    folder = folder or notebooks_folder()
    return [(game.title, f"{name}-play.ipynb") for name, game in registry.games().items()
            if (folder / f"{name}-play.ipynb").is_file()]


def walkthrough_index(folder: Path | None = None) -> widgets.HTML:
    """The index page: every walkthrough app, by game, as relative links to the sibling
    notebooks. They open in the same tab in Voila (``voila/render/<name>.ipynb``, also under
    Binder's ``voila/render/notebooks/``) and in JupyterLab (``lab/tree/notebooks/<name>``).
    An HTML widget, not an HTML output: outputs get ``target="_blank"`` on their links."""
    links = walkthrough_links(folder)
    parts = [f"<style>{_INDEX_CSS}</style>", '<div class="tutor-index">']
    for game_title, game_links in groupby(links, key=lambda link: link[0]):  # sorted by game
        parts.append(f"<h2>{html.escape(game_title)}</h2><ul>")
        for _, title, summary, notebook in game_links:
            parts.append(f'<li><a href="{quote(notebook)}">{html.escape(title)}</a>'
                         + (f"<br><span>{html.escape(summary)}</span>" if summary else "")
                         + "</li>")
        parts.append("</ul>")
    if not links:
        parts.append(f"<p>{html.escape(text('no_walkthroughs'))}</p>")
    plays = play_links(folder)
    if plays:
        parts.append(f"<h2>{html.escape(text('play_heading'))}</h2><ul>")
        for game_title, notebook in plays:
            parts.append(f'<li><a href="{quote(notebook)}">{html.escape(game_title)}</a></li>')
        parts.append("</ul>")
    parts.append("</div>")
    return widgets.HTML("".join(parts))


_INDEX_CSS = """
.tutor-index { font-size: 20px; line-height: 1.5; }
.tutor-index h2 { font-size: 26px; margin: 18px 0 6px 0; }
.tutor-index li { margin: 8px 0; }
.tutor-index a { font-size: 22px; font-weight: bold; }
.tutor-index span { color: #444; font-size: 18px; }
"""
