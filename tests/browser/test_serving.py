"""Serving for a class and a hosted demo, as a browser meets it (widgets/serving/server.py, voila.json,
widgets/serving/keepalive.py, widgets/serving/params.py).

One Voila serves these tests with a preheated pool for the green turn, as `run.py app` would;
the cap has its own server with room for one page. A page's kernel is found from the page
itself (Voila writes its id into the page's config).
"""
from __future__ import annotations

import time
from pathlib import Path
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .harness import POOL_FILLED, VoilaServer
from .stepping import BOARD_SVG, NEXT, STEP_LIST, read_shown

#: The lesson page's own message line (a bad ?step=, an unknown ?lang=), and free play's parts.
MESSAGE = ".tp-page > .tp-message"
PLAY_MOVES, PLAY_BUTTON, SAVE, SAVED, LOG = (
    "select.tp-moves", "button.tp-play", "button.tp-save", "textarea.tp-saved", "ol.tp-log")

pytestmark = pytest.mark.browser

APP = "trapper-green-turn.ipynb"
PLAY = "trapper-play.ipynb"
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


@pytest.fixture(scope="module")
def served():
    """Voila as run.py starts it, with one preheated kernel kept ready for the green turn."""
    with VoilaServer("notebooks", args=["--pool=1", f"--preheat={APP}"]) as server:
        server.wait_logged(POOL_FILLED)  # a page asked for sooner gets a kernel of its own
        yield server


def open_page(tab, url: str, ready: str = BOARD_SVG) -> str:
    """Open ``url``, wait for ``ready``; the id of the page's kernel."""
    tab.page.goto(url)
    try:
        tab.page.wait_for_selector(ready, state="visible", timeout=90_000)
    except PlaywrightTimeout:
        pytest.fail(f"{url}: {ready} not shown; the page says:\n"
                    f"{tab.page.inner_text('body')[:1500]}", pytrace=False)
    return tab.page.evaluate(KERNEL_ID_JS)


def wait_until(condition, seconds: float, step: float = 0.25) -> float | None:
    """Seconds until ``condition()`` held, or None if it did not within ``seconds``."""
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if condition():
            return time.monotonic() - began
        time.sleep(step)
    return None


def test_the_pages_scripts_come_compressed(served):
    request = urllib.request.Request(served.url("voila/static/voila.js"),
                                     headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.headers["Content-Encoding"] == "gzip"


def test_the_template_folder_serves_the_pages_modules_and_voilas_own_styles(served):
    """The page's modules come from the package (the server's route); the rest of the
    template's static folder - Voila's own styles and scripts - still from Voila (the route
    once answered the whole folder: Voila's index.css and theme-light.css were 404 and the
    page lost its margins)."""
    for name in ("lesson.js", "page.css", "index.css", "theme-light.css"):
        url = served.url(f"voila/templates/tutor/static/{name}")
        with urllib.request.urlopen(url, timeout=30) as answer:
            assert answer.status == 200 and answer.read(), name


@pytest.mark.parametrize("leave", ["navigate", "close"])
def test_leaving_a_page_frees_its_kernel_within_15_s(tab, served, leave):
    kernel = open_page(tab, served.render_url(APP))
    assert served.kernel_alive(kernel)
    assert "_xsrf" in {c["name"] for c in tab.context.cookies()}, \
        "the page got no _xsrf cookie: its shutdown request would be refused"
    if leave == "navigate":
        tab.page.goto("about:blank")
    else:
        tab.page.close(run_before_unload=True)
    took = wait_until(lambda: not served.kernel_alive(kernel), 15)
    assert took is not None, f"the kernel of a page left by {leave} still runs after 15 s"


def test_a_pages_kernel_is_reached_over_unix_sockets_not_tcp_ports(tab, served):
    """Over TCP a kernel's five ports were picked free and bound a moment later: one taken in
    between (another kernel, another server) killed the kernel before it answered, and its page
    never finished loading (a fresh-clone run: ``Address already in use``, ``Page.goto``
    timed out). On Unix sockets no port can be taken."""
    import json

    kernel = open_page(tab, served.render_url(APP))
    connection = json.loads(served.connection_file(kernel).read_text())
    assert connection["transport"] == "ipc", connection
    for channel in ("shell", "iopub", "stdin", "control", "hb"):
        assert Path(f"{connection['ip']}-{connection[channel + '_port']}").is_socket(), channel


def test_a_slow_link_to_the_apps_modules_is_no_error(tab, served):
    """anywidget gives the widget's module 2 s to load, then logs "[anywidget] Failed to
    initialize model."; the module once awaited the app's ~25 modules before it was loaded, and
    a busy run (or a phone's slow link) took longer: the error came though the page drew. The
    app's modules arrive 2.5 s late here; the page draws, with no error."""
    def late(route):
        time.sleep(2.5)
        route.continue_()

    tab.page.route("**/voila/templates/tutor/static/app.js", late)
    open_page(tab, served.render_url(PLAY))
    tab.page.wait_for_timeout(500)
    tab.assert_clean(PLAY)


def test_xsrf_stays_on_a_shutdown_without_the_token_is_refused(tab, served):
    kernel = open_page(tab, served.render_url(APP))
    request = urllib.request.Request(served.url(f"voila/api/shutdown/{kernel}"), data=b"",
                                     method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403
    assert served.kernel_alive(kernel)


def test_a_preheated_kernel_opens_at_the_step_in_the_address(tab, served):
    wait_until(lambda: len(served.kernels()) >= 1, 60)
    time.sleep(1)
    open_page(tab, served.render_url(APP, "step=3"))
    shown = read_shown(tab.page)
    assert shown["step"] == 3
    assert "Using pre-heated kernel" in served.whole_log(), "the page did not use the pool"


@pytest.mark.parametrize("query, where", [
    ("step=" + "7" * 5000, "last"), ("step=-%00%ff%fe<script>" + "1" * 400, "first"),
])
def test_a_wild_step_in_the_address_gives_a_sentence_not_an_error(tab, served, query, where):
    open_page(tab, served.render_url(APP, query))
    shown = read_shown(tab.page)
    assert shown["step"] == (shown["steps"] - 1 if where == "last" else 0)
    message = tab.page.locator(MESSAGE).inner_text()
    assert "step" in message and len(message) < 300
    tab.assert_clean(f"?{query[:30]}")


def test_a_dead_kernel_says_so_and_reloads_at_the_same_step(tab, served):
    page = tab.page
    kernel = open_page(tab, served.render_url(APP))
    page.click(NEXT)
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 1")
    page.click(NEXT)
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 2")
    # the page shows a step before its kernel has it (it renders ahead): kill the kernel once
    # the kernel has confirmed step 2 to the keep-alive, as any real session would have
    page.wait_for_selector('.tutor-keepalive-anchor[data-step="2"]', state="attached")
    served.kernel_process(kernel).kill()
    sentence = page.locator(".tutor-keepalive-sentence")
    sentence.wait_for(state="visible", timeout=30_000)
    assert "session has ended" in sentence.inner_text()
    reload = page.locator("a.tutor-keepalive-reload-step")
    assert reload.inner_text() == "Reload at step 2"
    assert "step=2" in reload.get_attribute("href")
    tab.script_errors.clear()  # the dead kernel's own connection errors are not the page's
    reload.click()
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    assert read_shown(page)["step"] == 2
    assert not page.locator(".tutor-keepalive-sentence").is_visible()


def test_free_play_reloads_from_the_last_saved_position(tab, served):
    page = tab.page
    kernel = open_page(tab, served.render_url(PLAY))
    page.click(PLAY_BUTTON)  # the first listed move: one move on the board (and the answers)
    page.wait_for_function(f"() => document.querySelectorAll('{LOG} li').length > 0")
    page.click("details.tp-save-box > summary")  # Save and Load are folded away
    page.click(SAVE)
    saved = page.locator(SAVED)
    page.wait_for_function("(e) => e.value.includes('moves')", arg=saved.element_handle())
    saved_game = saved.input_value()
    moves = page.evaluate(f"() => document.querySelector('{LOG}').textContent")
    served.kernel_process(kernel).kill()
    link = page.locator("a.tutor-keepalive-reload-saved")
    link.wait_for(state="visible", timeout=30_000)
    tab.script_errors.clear()
    assert "restore=saved" in link.get_attribute("href")
    with page.expect_navigation(timeout=90_000):  # a new page, with a new kernel
        link.click()
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    assert page.evaluate(KERNEL_ID_JS) != kernel
    page.wait_for_function(f"(text) => document.querySelector('{SAVED}')"
                           f" && document.querySelector('{SAVED}').value === text",
                           arg=saved_game, timeout=30_000)
    # the game on the board is the saved one (a fresh game has no moves yet)
    page.wait_for_function(f"(moves) => document.querySelector('{LOG}').textContent === moves",
                           arg=moves, timeout=30_000)
    assert moves.strip()
    assert "restore=" not in page.url, "the restore was not cleared from the address"


@pytest.fixture
def room_for_one():
    with VoilaServer("notebooks", args=["--pool=0", "--max-kernels=1"]) as server:
        yield server


def test_past_the_cap_a_clear_503_page_then_room_again(tab, room_for_one):
    server = room_for_one
    open_page(tab, server.render_url(APP))
    with pytest.raises(urllib.error.HTTPError) as full:
        urllib.request.urlopen(urllib.request.Request(
            server.render_url(APP), headers={"Accept-Language": "en"}), timeout=30)
    assert full.value.code == 503
    assert full.value.headers["Retry-After"] == "60"
    body = full.value.read().decode()
    assert "The server is full" in body and "Try again in a minute" in body
    with pytest.raises(urllib.error.HTTPError) as full:  # ?lang= wins over the browser's
        urllib.request.urlopen(urllib.request.Request(
            server.render_url(APP, "lang=it"), headers={"Accept-Language": "nl"}), timeout=30)
    body = full.value.read().decode()
    assert '<html lang="it">' in body and "Il server è pieno" in body
    assert len(server.kernels()) == 1, "a refused page must not start a kernel"
    tab.page.goto("about:blank")  # the first reader leaves: the kernel goes, room again
    assert wait_until(lambda: not server.kernels(), 15) is not None

    def served_again() -> bool:  # the server counts the kernel a moment after its process ends
        try:
            with urllib.request.urlopen(server.render_url(APP), timeout=90) as page:
                return page.status == 200
        except urllib.error.HTTPError as refused:
            assert refused.code == 503, refused
            return False
    assert wait_until(served_again, 15, step=1) is not None, "no room again after the reader left"


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_link_to_no_such_lesson_says_so_in_its_language_with_the_way_to_the_course(
        tab, served, lang):
    """A mistyped or old link (``/voila/render/nosuch.ipynb``) got Voila's "404: Not Found" in
    English, with no way on; it says so in the page's language, with a link to the course
    page that keeps ``?lang=``."""
    page = tab.page
    answer = page.goto(served.render_url("nosuch.ipynb", f"lang={lang}&step=3"))
    assert answer is not None and answer.status == 404
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator(".tutor-missing").inner_text().count("nosuch.ipynb") == 1
    home = page.locator("a.tutor-missing-home")
    assert home.get_attribute("href").endswith(f"voila/render/index.ipynb?lang={lang}")
    assert page.evaluate("document.activeElement && document.activeElement.className") \
        == "tutor-missing-home", "keys only: the way back is not focused"
    page.keyboard.press("Enter")  # keys only: the way back
    page.wait_for_selector("a.tc-lesson", state="visible", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == lang
    assert f"lang={lang}" in page.locator("a.tc-lesson").first.get_attribute("href")


#: every text Voila's spinner shows at a frame, from the first byte until the live page is there
SPINNER_WATCH = """(() => {
  const seen = window.tutorSpinner = { said: [], live: false };
  const frame = () => {
    const spinner = document.getElementById('loading');
    const line = document.getElementById('loading_text');
    if (spinner && line && getComputedStyle(spinner).display !== 'none') {
      const said = line.textContent.trim();
      if (seen.said[seen.said.length - 1] !== said) seen.said.push(said);
    }
    seen.live = !!document.querySelector('.tutor-app .tutor-view > *');
    if (!seen.live) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();"""


@pytest.mark.parametrize("notebook, query, lang", [
    ("index.ipynb", "lang=nl", "nl"),  # the course page: no first paint, the spinner until drawn
    ("index.ipynb", "lang=it", "it"),
    ("intrappola-es3-inner.ipynb", "step=2&lang=it", "it"),  # a step that asks: no first paint
])
def test_the_spinner_before_the_page_speaks_the_pages_language(tab, served, notebook, query,
                                                               lang):
    """Until Voila's scripts have drawn a page without a first paint (the course page, a step
    that asks) its spinner said "Running ..." and "Executing 1 of 1" in English, ~1 s on
    every visit of the course page and longer on a busy server; it says the page is loading
    in the page's language."""
    from tutor.core.i18n import using
    from widgets.parts.texts import T

    with using(lang):
        loading = T._("The page is loading…")
    page = tab.page
    page.add_init_script(SPINNER_WATCH)
    page.goto(served.render_url(notebook, query), wait_until="commit")
    page.wait_for_function("() => window.tutorSpinner && window.tutorSpinner.live", timeout=90_000)
    said = [text for text in page.evaluate("() => window.tutorSpinner.said") if text]
    assert said and set(said) == {loading}, said


LOOPBACK = ("127.0.0.1", "localhost", "[::1]", "::1")
#: the Lab extensions a page uses: the widgets' manager (Voila's own and Lab's) and anywidget
WIDGET_EXTENSIONS = {"anywidget", "@jupyter-widgets/jupyterlab-manager",
                     "@voila-dashboards/widgets-manager8"}


@pytest.mark.parametrize("notebook, ready", [
    ("index.ipynb", "a.tc-lesson"), (APP, BOARD_SVG), (PLAY, BOARD_SVG),
])
def test_no_request_leaves_the_server(tab, served, notebook, ready):
    """Every request the page makes goes to the server on loopback; any other is blocked
    (as a classroom without internet would) and counted: none may be attempted. Of the Lab
    extensions installed beside Voila, the page loads only the widgets' (voila.json's
    extension_denylist: a lesson has no code to colour, no Lab preview, no browser kernel)."""
    from urllib.parse import urlsplit

    attempted, extensions = [], set()

    def guard(route):
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or parts.hostname in LOOPBACK:
            if "/voila/labextensions/" in parts.path:
                name = parts.path.split("/voila/labextensions/", 1)[1].split("/static/")[0]
                extensions.add(name)
            route.continue_()
        else:
            attempted.append(url)
            route.abort("internetdisconnected")

    tab.page.route("**/*", guard)  # (routing turns the HTTP cache off)
    open_page(tab, served.render_url(notebook), ready=ready)
    tab.page.wait_for_load_state("networkidle")
    tab.assert_clean(notebook)
    assert attempted == [], f"{notebook} tried to reach other servers: {attempted}"
    assert extensions and extensions <= WIDGET_EXTENSIONS, \
        f"{notebook} loaded Lab extensions it does not use: {sorted(extensions - WIDGET_EXTENSIONS)}"


#: watches a page from its first byte (an init script): what its first paint showed last before
#: the live page came (which may follow within a frame on a warm browser: the test once read
#: the preview a moment after the page had replaced it), whether it was on screen with no
#: spinner, and whether the live page was there first
FIRST_PAINT_WATCH = """(() => {
  const seen = window.tutorFirstPaint = { preview: null, shown: false, spinner: null, liveFirst: false };
  const look = () => {
    const svg = document.querySelector('.tp-first svg');
    const live = document.querySelector('.tp-page:not(.tp-first)');
    if (svg && seen.preview === null) seen.liveFirst = !!live;
    if (svg && !live) seen.preview = svg.textContent; // the parser may still be writing it
    if (svg && !live && !seen.shown) {
      const box = svg.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(svg).visibility !== 'hidden') {
        seen.shown = true;
        seen.spinner = !!document.querySelector('#loading');
      }
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
  const frame = () => { look(); if (!seen.shown) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();"""


@pytest.mark.parametrize("notebook, query, words", [
    (APP, "step=1&lang=nl", ["De les wordt geladen", "trapper.take.water"]),
    (PLAY, "lang=nl", ["Het spel wordt geladen", "aan zet"]),
])
def test_the_page_is_painted_from_the_served_html_before_the_scripts_run(tab, served, notebook,
                                                                          query, words):
    """Voila's scripts (~1.4 MB) take a second or more before the page widget can draw (longer on
    a phone or a hosted demo); the served HTML already holds the board and the step's narration
    and rule, or free play's whose turn (widgets/parts/firstpaint.py), painted at once and replaced by the
    page when it is there."""
    page = tab.page
    page.add_init_script(FIRST_PAINT_WATCH)
    served_html = page.goto(served.render_url(notebook, query), wait_until="commit")
    page.wait_for_function("() => window.tutorFirstPaint && window.tutorFirstPaint.shown",
                           timeout=90_000)
    seen = page.evaluate("() => window.tutorFirstPaint")
    assert not seen["liveFirst"], "the preview came after the app"
    assert seen["spinner"] is False, "Voila's spinner over the preview"
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    page.wait_for_function("() => !document.querySelector('.tp-first-wrap')", timeout=10_000)
    assert page.locator("svg").count() == page.locator(".tp-page svg").count()
    previewed = page.evaluate("() => window.tutorFirstPaint.preview")  # whole by now
    assert page.text_content(BOARD_SVG) == previewed, "the preview showed another board"
    tab.assert_clean(f"{notebook} after its preview")
    body = served_html.text()  # what the server sent (one page load: the same as above)
    assert '<div class="tp-first-wrap">' in body, "the preview is only in Voila's JSON, not HTML"
    assert all(word in body for word in words), [w for w in words if w not in body]
