"""The page's modules as a server of plain files serves them (the class relay, the static site):
a page that only follows a class paints a step with ``frame.js`` and ``step.js`` from nothing but
the frame's HTML and the step's data, and the module text anywidget loads (from a blob: URL) imports the app from
where the page serves the modules, and renders.

The modules are served from a folder by Python's own HTTP server; the page has no kernel and
no widget model.
"""
from __future__ import annotations

import functools
import http.server
import json
import shutil
import threading

import pytest

from tutor.core.walkthrough import by_id, replay
from widgets.games import drawer_for
from widgets.pages.lesson.steps import StepComposer
from widgets.parts.frame import frame_html, step_html
from widgets.parts.frontend import SERVED_AT, STATIC, app_esm
from widgets.parts.words import page_texts

pytestmark = pytest.mark.browser

PAGE = """<!DOCTYPE html>
<html lang="en" data-tutor-frontend="class"><head><meta charset="utf-8">
<link rel="stylesheet" href="page.css"></head><body>
<script type="module">
import { where } from "./env.js";
import { frame } from "./frame.js";
import { stepPainter, stepParts } from "./step.js";
const parts = frame({ frame: %(frame)s, home: "index.html", lang: "en" });
const step = stepParts(parts.story);
const painter = stepPainter(parts.board, step);
document.body.append(parts.root);
window.steps = %(steps)s;
window.show = (i) => painter.paint(window.steps[i]);
window.show(0);
window.where = where();
</script></body></html>
"""


#: True when the element ``selector`` shows exactly ``html`` (as the browser writes it back)
SHOWS_JS = """([selector, html]) => { const t = document.createElement("div"); t.innerHTML = html;
    return document.querySelector(selector).innerHTML === t.innerHTML; }"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("static")
    for path in STATIC.iterdir():
        shutil.copy(path, folder / path.name)
    # where a Jupyter server with base URL /lab/ serves them (JupyterLab: Voila's extension)
    shutil.copytree(STATIC, folder / "lab" / SERVED_AT)
    (folder / "lab" / "notebook.html").write_text(
        '<!DOCTYPE html><html><head><script id="jupyter-config-data" type="application/json">'
        '{"baseUrl": "/lab/"}</script></head><body></body></html>')
    (folder / "voila.html").write_text(  # as the page template marks it
        '<!DOCTYPE html><html data-tutor-modules="/"><head></head><body></body></html>')
    walk = replay(by_id("trapper/green-turn"))
    composer = StepComposer(walk, drawer_for("trapper")(walk.game))
    steps = [composer.view(i).data() for i in (0, 1)]
    texts = page_texts()
    (folder / "class.html").write_text(PAGE % {"frame": json.dumps(frame_html(texts, story=step_html(texts))),
                                               "steps": json.dumps(steps)})
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", steps
    server.shutdown()


def test_a_class_page_paints_a_step_from_its_data_alone(browser, served):
    url, steps = served
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{url}/class.html")
        page.wait_for_selector(".tp-page .tp-board svg", timeout=30_000)
        assert page.evaluate("() => window.where") == "class"
        assert page.evaluate(SHOWS_JS, [".tp-narration", steps[0]["narration"]])
        page.evaluate("() => window.show(1)")  # the teacher's Next
        for part, key in ((".tp-move-box", "move"), (".tp-rules", "rules"), (".tp-narration", "narration")):
            assert page.evaluate(SHOWS_JS, [part, steps[1][key]]), part
        assert page.inner_text(".tp-step-label") == steps[1]["label"]
        assert page.evaluate("() => getComputedStyle(document.querySelector('.tp-main')).display") == "grid"
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.parametrize("where", ["voila.html", "lab/notebook.html"])
def test_the_text_anywidget_loads_imports_the_app_and_renders(browser, served, where):
    """As anywidget loads it (from a blob: URL), on a page the template marks with where the
    modules are, and on a notebook page of a Jupyter server (its base URL)."""
    url, _ = served
    page = browser.new_page()
    loaded = []
    page.on("request", lambda request: loaded.append(request.url))
    try:
        page.goto(f"{url}/{where}")
        prefix = f"{url}/lab/{SERVED_AT}" if where.startswith("lab/") else f"{url}/"
        # the module starts the app's import and returns (its render waits for it): the app's
        # modules (step.js among them) are fetched from there
        with page.expect_request(f"{prefix}step.js", timeout=30_000):
            kind = page.evaluate("""async (text) => {
                const module = await import(URL.createObjectURL(new Blob([text], {type: "text/javascript"})));
                return typeof module.default.render; }""", app_esm())
        assert kind == "function"
        assert f"{prefix}app.js" in loaded and f"{prefix}step.js" in loaded, loaded
    finally:
        page.close()
