"""The Jupyter way to start it: plain ``voila notebooks/`` from the repo root shows the lessons
as ``run.py app`` does.

Voila finds the ``tutor`` page template (``voila.json`` asks for it) in the Jupyter data
folders; the package installs it there (``<prefix>/share/jupyter/voila/templates/tutor``) and
run.py copies it there for the editable install it makes. Without it the page stays blank.
Nothing here sets ``JUPYTER_PATH``: the template must be found where Voila looks by itself.
JupyterLab's Voila preview uses the same server extension and template:
``tests/browser/test_jupyterlab.py`` opens a lesson through it.
"""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from .conftest import APP_NOTEBOOK
from .harness import ROOT, VoilaServer
from .stepping import BOARD_SVG, STEP_LIST

pytestmark = pytest.mark.browser


def open_lesson(browser, url: str, server) -> list[str]:
    """Open ``url``; wait until the lesson page widget shows its board and step list; the
    hosts other than the server the page asked for anything (a CDN: our template has none)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    outside: list[str] = []
    try:
        page = context.new_page()
        page.on("request", lambda request: outside.append(request.url)
                if urlsplit(request.url).hostname not in ("127.0.0.1", None) else None)
        page.goto(url, wait_until="commit", timeout=90_000)
        try:
            page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
        except Exception:
            shown = page.evaluate("() => document.documentElement.outerHTML.slice(0, 800)")
            pytest.fail(f"{url}: no lesson page; the page is:\n{shown}\n--- the server's "
                        f"log:\n{server.log()}", pytrace=False)
        assert page.locator(STEP_LIST).count() == 1
        assert page.evaluate("() => document.documentElement.lang") == "nl"
    finally:
        context.close()
    return outside


def test_plain_voila_on_the_notebooks_folder_shows_a_lesson(browser):
    with VoilaServer("notebooks/", module="voila", cwd=ROOT, env={"JUPYTER_PATH": ""}) as voila:
        outside = open_lesson(browser, voila.render_url(APP_NOTEBOOK, "lang=nl"), voila)
    assert outside == [], f"the page fetched from other servers: {outside}"
