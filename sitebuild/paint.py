"""First paints of the static site's pages, made at build time.

A page of the static site has no server to run its notebook: the browser starts Python
itself (~5-10 s on a first visit). So that the learner reads the lesson at once, the build
writes each page's first view into its HTML, in every language (the page shows the one the
address or the browser asks for, ``<html lang>``, before anything else runs): the lesson's
first step (board, narration, rule: :func:`widgets.parts.firstpaint.preview_html`, the same first
paint Voila writes), free play's first position, or the course index. The live page replaces
it when it renders.

The notebook's one call (``walkthrough_app("trapper/green-turn")``, ``play_app("trapper")``,
``walkthrough_index()``) says what to paint; anything else gets no first paint.
"""
from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path

from tutor.core.i18n import LANGUAGES, SOURCE, set_language, using

#: px under which the page has one column (widgets/static/frame.js, PHONE)
PHONE = 640

#: the notebooks' calls that have a first paint, and their module
CALLS = {"walkthrough_app", "play_app", "walkthrough_index", "drills_app", "author_app"}
#: the pages whose every control needs Python (free play, drills, writing a lesson): their
#: loading line says how far Python's start is, or that it cannot start (widgets/static/ahead.js)
WAITING = {"play_app", "drills_app", "author_app"}



def python_line(shown: str) -> str:
    """The first paint's loading line with what it says about Python (in the paint's
    language): its start (``{percent}``), that it cannot start, and that it cannot for want of
    a connection (offline before this browser kept it)."""
    from widgets.parts.words import python_texts

    words = python_texts()
    said = (f' data-python-loading="{html.escape(words["python_loading"])}"'
            f' data-python-failed="{html.escape(words["python_page_failed"])}"'
            f' data-python-offline="{html.escape(words["python_page_offline"])}"')
    return shown.replace('class="tp-loading" role="status"', 'class="tp-loading" role="status"' + said, 1)


def drills_paint(game_name: str, lang: str) -> str:
    """The drills page's first paint: its frame and loading line (the questions are drawn at
    random when the page is live, so none is painted ahead)."""
    from widgets.app import drills_view
    from widgets.parts.frame import frame_html
    from widgets.parts.frontend import stylesheet
    from widgets.parts.words import page_texts, python_texts
    from widgets.serving.language import menu
    from widgets.serving.params import parse_request

    page = drills_view(game_name, seed=0, asked=parse_request(f"lang={lang}"))
    esc = html.escape
    title, game = (page.title, page.game) if not isinstance(page, str) else (page, "")
    loading = f'<span class="tp-loading" role="status">{esc(python_texts()["drills_loading"])}</span>'
    return (f'<div class="tp-first-wrap"><style>{stylesheet(("page.css",))}</style>'
            + frame_html(page_texts(), title=title, game="" if game in title else game,
                         first=f' aria-busy="true" lang="{esc(lang)}"', controls=loading,
                         languages=menu(lang))
            + "</div>")


def notebook_call(path: Path) -> tuple[str, list, dict] | None:
    """The app a notebook shows: ``(function name, args, kwargs)`` of its last call of one
    of :data:`CALLS` with literal arguments, or None.

    >>> import tempfile, json
    >>> nb = {"cells": [{"cell_type": "code", "source": "from widgets.app import play_app\\nplay_app('trapper')"}]}
    >>> with tempfile.NamedTemporaryFile("w", suffix=".ipynb", delete=False) as f:
    ...     json.dump(nb, f)
    >>> notebook_call(Path(f.name))
    ('play_app', ['trapper'], {})
    """
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return None
    found = None
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        try:
            tree = ast.parse("".join(source) if isinstance(source, list) else source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in CALLS:
                try:
                    args = [ast.literal_eval(a) for a in node.args]
                    kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
                except ValueError:
                    continue
                found = (node.func.id, args, kwargs)
    return found


def _html_links(text: str) -> str:
    """Links to notebooks as the static site serves them (``NAME.ipynb`` -> ``NAME.html``)."""
    return re.sub(r'href="([^"/:?#]+)\.ipynb([?#"])', r'href="\1.html\2', text)


def paint(call: tuple[str, list, dict], lang: str) -> str | None:
    """The first paint of ``call`` in ``lang`` (HTML), or None when it has none."""
    name, args, kwargs = call
    from widgets.parts.texts import T
    from widgets.serving.language import menu

    set_language(lang)
    try:
        with using(lang):
            if name == "walkthrough_app" and args:
                from tutor.core.walkthrough import by_id, replay
                from tutor.core.i18n import localize
                from widgets.app import lesson_for
                from widgets.parts.firstpaint import preview_html

                walk = by_id(args[0])
                replayed = replay(localize(walk) if lang != SOURCE else walk)
                page = lesson_for(replayed, kwargs.get("step"), query="")
                return preview_html(page.initial[str(page.index)], page.title, page.game,
                                    languages=menu(lang))
            if name == "play_app" and args:
                from widgets.pages.play import play_app
                from widgets.parts.firstpaint import play_step, preview_html
                from widgets.serving.params import parse_request

                page = play_app(args[0], **kwargs)
                page.relocalize(parse_request(f"lang={lang}"))
                return python_line(preview_html(play_step(page.scene), page.title, page.game,
                                                T._("The game is loading…"), languages=menu(lang)))
            if name == "author_app":  # "Write a lesson": its board as free play's
                from widgets.app import author_view
                from widgets.parts.firstpaint import play_step, preview_html
                from widgets.serving.params import parse_request

                page = author_view(*args, asked=parse_request(f"lang={lang}"))
                if isinstance(page, str):
                    return None
                try:
                    return python_line(preview_html(play_step(page.scene), page.title,
                                                    page.model.game.title,
                                                    T._("The game is loading…"),
                                                    languages=menu(lang)))
                finally:
                    page.release()
            if name == "drills_app" and args:
                return python_line(drills_paint(args[0], lang))
            if name == "walkthrough_index":
                from widgets.pages.course import course_page
                from widgets.parts.firstpaint import course_preview_html

                # Voila's first paint of the course: its own look (the page links only
                # page.css and classroom.css: the language links a bulleted list, each
                # lesson's picture the screen's width without it, until Python drew the live
                # course, a minute on a slow link, never offline before Python was kept), the
                # live page's margin and type, the learner's record drawn into it by the
                # course's script, and the focus, the place scrolled to and the rule maps
                # opened going on to the live course when it comes
                page = course_page()
                return course_preview_html(page.value, page.texts, page.levels, lang)
    finally:
        set_language(SOURCE)
    return None


def first_paints(notebook: Path) -> dict[str, str]:
    """``{lang: html}`` of a notebook's first paint in every language (empty: none)."""
    call = notebook_call(notebook)
    if call is None:
        return {}
    out = {}
    for lang in LANGUAGES:
        shown = paint(call, lang)
        if shown:
            out[lang] = _html_links(shown)  # the way home, the lessons of the index
    return out


def block(paints: dict[str, str]) -> str:
    """The HTML the build writes into a page: each language's first paint, marked with its
    language; an inline script right after keeps only the page's (``<html lang>``, set in
    the page's head from ``?lang=`` and the browser's languages)."""
    if not paints:
        return ""
    parts = "".join(f'<div class="tutor-first-paint" data-lang="{html.escape(lang)}" lang="{html.escape(lang)}">'
                    f"{shown}</div>" for lang, shown in paints.items())
    # above Voici's application shell (which covers the page while the kernel starts)
    style = ("<style>#tutor-first-paint { position: fixed; inset: 0; z-index: 1000; "
             "overflow: auto; background: #fff; }</style>")
    return (f'{style}<div id="tutor-first-paint">{parts}</div>'
            "<script>(function () {"
            "var lang = document.documentElement.lang || 'en';"
            "var asked = new URLSearchParams(window.location.search).get('step');"
            "var all = document.querySelectorAll('#tutor-first-paint > .tutor-first-paint');"
            "var keep = null;"
            "for (var i = 0; i < all.length; i++) if (all[i].getAttribute('data-lang') === lang) keep = all[i];"
            "if (!keep) keep = all[0];"
            # a step asked for by the address is not the one painted: paint nothing, not a wrong step
            "if (asked && asked.replace(/^0+/, '') !== '' && keep && keep.querySelector('.tpv')) keep = null;"
            "for (var j = 0; j < all.length; j++) if (all[j] !== keep) all[j].parentNode.removeChild(all[j]);"
            # a phone: the page's one column (frame.js's PHONE px; the Voila template does the same)
            f"var first = keep && keep.querySelector('.tp-first');"
            f"if (first && window.innerWidth <= {PHONE}) first.classList.add('tp-narrow');"
            "var spinner = document.getElementById('loading');"
            "if (keep && spinner) spinner.parentNode.removeChild(spinner);"
            "})();</script>")
