"""The index page: the course (to be made a course page)."""
from __future__ import annotations

import html
from itertools import groupby
from pathlib import Path
from urllib.parse import quote

import ipywidgets as widgets

from tutor.core import registry
from tutor.core.errors import MalformedInput
from tutor.core.walkthrough import library, load

from .texts import T


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


def course_page(folder: Path | None = None) -> widgets.HTML:
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
        parts.append(f"<p>{html.escape(T._('No walkthrough app is installed yet.'))}</p>")
    plays = play_links(folder)
    if plays:
        parts.append(f"<h2>{html.escape(T._('Play a whole game'))}</h2><ul>")
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
