"""The authors' own lessons: the folder the server keeps them in (``python3 run.py app
--lessons DIR``, ``TUTOR_LESSONS``), listed on the course page under "Your lessons" and shown
by the lesson page like any other (``yours.ipynb?lesson=<name>``); and the course page's way
to the "Write a lesson" page (``author.ipynb``).

A file of that folder is read as every lesson file is (:func:`tutor.core.walkthrough.load`:
the same bounds, the same errors); one that cannot be read is listed by its name with the
problem, and the page of a name that is not a file of the folder says so.
"""
from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qs, quote

from tutor.core import registry
from tutor.core.errors import MalformedInput
from tutor.core.i18n import N_, SOURCE
from tutor.core.walkthrough import Walkthrough, load

from widgets.pages.author.view import lessons_folder
from widgets.parts.texts import T

#: most lessons listed from the folder
MOST_LESSONS = 200
#: the language a lesson is written in, as "Your lessons" says it beside its game
WRITTEN_IN = {"en": N_("written in English"), "nl": N_("written in Dutch"),
              "it": N_("written in Italian")}
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,80}")


def your_lessons(folder: Path | None = None) -> list[tuple[str, Walkthrough | str]]:
    """(name, the walkthrough or why it cannot be read) of each ``*.toml`` in the folder."""
    folder = folder or lessons_folder()
    if folder is None:
        return []
    found: list[tuple[str, Walkthrough | str]] = []
    for path in sorted(folder.glob("*.toml"))[:MOST_LESSONS]:
        if not _NAME.fullmatch(path.stem):
            continue
        try:
            found.append((path.stem, load(path)))
        except MalformedInput as exc:
            found.append((path.stem, str(exc)))
    return found


def lesson_file(query: str, folder: Path | None = None) -> Path | None:
    """The file ``?lesson=<name>`` names in the folder, if it is one of its lessons."""
    folder = folder or lessons_folder()
    names = parse_qs(query or "").get("lesson", [])
    if folder is None or not names or not _NAME.fullmatch(names[0]):
        return None
    path = folder / f"{names[0]}.toml"
    return path if path.is_file() else None


def yours_html(asked=None, folder: Path | None = None,
               found: list[tuple[str, Walkthrough | str]] | None = None) -> str:
    """The course page's section: the way to "Write a lesson" and, when the server keeps a
    lessons folder, "Your lessons" in it (``found``: as :func:`your_lessons` read them)."""
    from widgets.serving.language import with_lang

    items = []
    for name, walk in found if found is not None else your_lessons(folder):
        href = html.escape(with_lang(f"yours.ipynb?lesson={quote(name)}", asked))
        if isinstance(walk, str):
            items.append(f'<li class="tc-item tc-yours-bad" data-yours="{html.escape(name)}">'
                         f"{html.escape(name)}: {html.escape(walk)}</li>")
            continue
        game = registry.get(walk.game).title if walk.game in registry.names() else walk.game
        # the language it is written in (its title and narrations stay as written): said, and
        # its title marked with it
        lang = walk.lang or SOURCE
        written = T._(WRITTEN_IN[lang]) if lang in WRITTEN_IN else lang
        items.append(f'<li class="tc-item" data-yours="{html.escape(name)}" '
                     f'data-lang="{html.escape(lang)}"><a class="tc-lesson" '
                     f'href="{href}"><span class="tc-text"><span class="tc-name" '
                     f'lang="{html.escape(lang)}">'
                     f"{html.escape(walk.title)}</span><span class=\"tc-summary\">"
                     f"{html.escape(game)} · {html.escape(written)}</span></span></a></li>")
    write = html.escape(with_lang("author.ipynb", asked))
    return (f'<section class="tc-game tc-yours" id="course-yours" aria-labelledby="course-yours-h">'
            f'<h2 id="course-yours-h">{html.escape(T._("Your lessons"))}</h2>'
            + (f'<ol class="tc-lessons">{"".join(items)}</ol>' if items else "")
            + f'<p class="tc-author"><a href="{write}">'
            f'{html.escape(T._("Write a lesson by playing it"))}</a></p></section>')
