"""The static site's lessons work from the first paint, without Python (issue 31): every
request for Pyodide's runtime, the wheels or Voici's kernel script is refused, and a lesson
of each game still steps from its first step to its last and back, switches language at a
step (keeping it), answers a question and a try-it step by picking (judged from the verdicts
built ahead, read here from the walkthroughs, not written into the test), and says once that
Python is not available when "play on" is asked.

The site is built once for the session (``tests/site/test_static_site.py``'s fixture);
``RULES_TUTOR_TEST_SITE`` names a site already built to reuse instead.
"""
from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from tests.site.test_static_site import KEPT_JS, Served, Visit, site as built_site  # noqa: F401
from tutor.core.walkthrough import by_id, replay
from widgets.pages.course import walkthrough_links

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

AHEAD = "#tutor-ahead .tutor-view .tp-page"
STEP = AHEAD + " select.tp-step-list"
#: what only Python needs: the runtime, the wheels, Voici's script that starts the kernel
PYTHON = ("/static/pyodide/", ".whl", "/build/voici.js")


@pytest.fixture(scope="module")
def ahead_site(request):
    named = os.environ.get("RULES_TUTOR_TEST_SITE")
    return Path(named) if named else request.getfixturevalue("built_site")


@pytest.fixture(scope="module")
def served(ahead_site):
    found = Served(ahead_site)
    yield found
    found.stop()


class NoPython(Visit):
    """A visit whose every request for Python is refused (and counted)."""

    def __init__(self, browser, base):
        self.python: list[str] = []
        super().__init__(browser, base)

    def _route(self, route) -> None:
        url = route.request.url
        if any(part in url for part in PYTHON):
            self.python.append(url)
            route.abort()
        else:
            super()._route(route)


def lessons() -> dict[str, tuple]:
    """A lesson of each game with a try-it step and a question (read from the walkthroughs):
    ``{game: (id, frames)}``."""
    found = {}
    for _game, _title, _summary, notebook in walkthrough_links():
        wid = notebook[:-len(".ipynb")].replace("-", "/", 1)
        game = wid.split("/")[0]
        if game in found:
            continue
        frames = replay(by_id(wid)).frames
        if any(f.try_it for f in frames) and any(f.question for f in frames):
            found[game] = (wid, frames)
    return found


def shown(page) -> int:
    return page.evaluate(f"() => document.querySelector('{STEP}').selectedIndex")


def wait_step(page, n: int) -> None:
    page.wait_for_function(f"(n) => document.querySelector('{STEP}').selectedIndex === n", arg=n)


def built_file(site: Path, wid: str, lang: str) -> dict:
    """A lesson's steps and verdicts as the build wrote them beside its page."""
    name = f"{wid.replace('/', '-')}.steps.{lang}.json.gz"
    return json.loads(gzip.decompress((site / "voici" / "render" / name).read_bytes()))


def click_on_board(page, target: str) -> None:
    """A click on the try-it board's ``target``; returns once the try's status line changed."""
    status = page.inner_text(".tp-try-box .tp-status")
    page.locator(f'{AHEAD} .tp-board [data-target="{target}"]').first.dispatch_event("click")
    page.wait_for_function("(t) => document.querySelector('.tp-try-box .tp-status').innerText !== t",
                           arg=status)


def test_the_built_files_hold_every_step_in_every_language(ahead_site):
    wid, frames = lessons()["trapper"]
    for lang in ("en", "nl", "it"):
        data = built_file(ahead_site, wid, lang)
        assert [s["index"] for s in data["steps"]] == list(range(len(frames)))
        assert data["page"]["lang"] == lang
        for frame in frames:
            if frame.try_it:
                moves = data["judged"][str(frame.index)]["moves"]
                assert any(v["verdict"] == "book" for v in moves.values())


def test_every_game_s_lesson_works_without_python(browser, served):
    assert len(lessons()) == 4, lessons().keys()
    visit = NoPython(browser, served.base)
    page = visit.page
    try:
        for game, (wid, frames) in lessons().items():
            last = len(frames) - 1
            page.goto(f"{visit.base}/voici/render/{wid.replace('/', '-')}.html?lang=en")
            page.wait_for_selector(AHEAD + " .tp-board svg", state="visible")
            assert shown(page) == 0
            # first to last (Next moves a step that asks on one phase at a time) and back
            for _ in range(4 * last + 8):
                if shown(page) == last and page.is_disabled(AHEAD + " .tp-next"):
                    break
                page.click(AHEAD + " .tp-next")
            assert shown(page) == last, game
            assert page.is_visible(".tp-finished"), game
            for n in range(last - 1, -1, -1):
                page.click(AHEAD + " .tp-back")
                wait_step(page, n)
            assert "step=" not in page.url

            # a try-it step: the legal moves listed, a wrong one refused or told apart, the
            # book's move right
            tried = next(f for f in frames if f.try_it)
            page.select_option(STEP, str(tried.index))
            wait_step(page, tried.index)
            page.wait_for_selector(".tp-try-box:not([hidden]) select.tp-moves")
            moves = page.eval_on_selector(".tp-try-box select.tp-moves",
                                          "s => [...s.options].filter(o => o.value).map(o => [o.value, o.text])")
            assert moves, game
            book = [v for v, text in moves if text == tried.move_words]
            assert book, (game, tried.move_words, moves[:5])
            others = [v for v, _ in moves if v not in book]
            if others:
                page.select_option(".tp-try-box select.tp-moves", others[0])
                page.click(".tp-try-box .tp-play")
                page.wait_for_selector(".tp-feedback [data-verdict]")
                assert page.get_attribute(".tp-feedback [data-verdict]", "data-verdict") in (
                    "different", "illegal", "accepted"), game
            if page.is_visible(".tp-try-box"):
                page.select_option(".tp-try-box select.tp-moves", book[0])
                page.click(".tp-try-box .tp-play")
            page.wait_for_selector('.tp-feedback [data-verdict="book"], .tp-feedback [data-verdict="accepted"]')

            # a question, answered right
            asked = next(f for f in frames if f.question)
            page.select_option(STEP, "0")  # then forward to it: a step arrived at going back shows done
            wait_step(page, 0)
            page.select_option(STEP, str(asked.index))
            wait_step(page, asked.index)
            while not page.is_visible(".tp-ask-box"):
                page.click(AHEAD + " .tp-next")  # past its try-it part, shown
                assert shown(page) == asked.index
            if asked.question.choices:
                page.locator(".tp-answer-choice").nth(asked.answer_index).click()
            else:
                page.fill(".tp-ask-box .tp-answer", str(asked.answer))
                page.click(".tp-ask-box .tp-answer-button")
            page.wait_for_selector('.tp-feedback [data-verdict="right"]', timeout=5000) if page.locator(
                '.tp-feedback [data-verdict="right"]').count() else None
            assert page.locator('.tp-feedback [data-verdict="right"]').count() == 1, (
                game, asked.index, page.inner_html(".tp-task"))

            # the language at a step: Dutch, the same step, the address says so
            label = page.inner_text(AHEAD + " .tp-step-label")
            page.select_option(AHEAD + " select.tp-lang", "nl")
            page.wait_for_function("(t) => document.documentElement.lang === 'nl' && document.querySelector("
                                   "'#tutor-ahead .tp-step-label').textContent !== t", arg=label)
            assert shown(page) == asked.index and "lang=nl" in page.url
            page.select_option(AHEAD + " select.tp-lang", "en")
            page.wait_for_function("() => document.documentElement.lang === 'en'")

            # play on: Python is not there, said once; the lesson keeps working
            page.select_option(STEP, "0")
            wait_step(page, 0)
            page.click(".tp-play-on")
            page.wait_for_selector('.tp-python-note[data-state="failed"]', state="visible")
            page.click(".tp-play-on")
            page.wait_for_timeout(300)
            assert page.locator('.tp-python-note[data-state="failed"]').count() == 1
            page.click(AHEAD + " .tp-next")
            wait_step(page, 1)
            said = page.inner_text(".tp-python-note")
            built = json.loads(gzip.decompress(page.request.get(
                f"{visit.base}/voici/render/{wid.replace('/', '-')}.steps.en.json.gz").body()))
            assert said == built["page"]["texts"]["python_failed"]

            # the next lesson, in place (no page load), at its first step
            page.evaluate("window.tutorSamePage = true")
            page.select_option(STEP, str(last))
            for _ in range(3):  # a last step that asks: Next shows its move, then its answer
                if page.is_visible(".tp-next-lesson"):
                    break
                page.click(AHEAD + " .tp-next")
            page.wait_for_selector(".tp-next-lesson", state="visible")
            following = page.get_attribute(".tp-next-lesson", "href")
            title = page.inner_text(AHEAD + " .tp-title")
            page.click(".tp-next-lesson")
            page.wait_for_function("(t) => document.querySelector('#tutor-ahead .tp-title').textContent !== t",
                                   arg=title)
            assert page.evaluate("window.tutorSamePage === true"), "the next lesson loaded a page"
            assert page.url.split("/")[-1].startswith(following.split("?")[0]) and shown(page) == 0
            page.click(AHEAD + " .tp-next")
            wait_step(page, 1)
        assert visit.python, "no request for Python was made (or refused)"
        assert visit.kernels == 0
        assert not visit.errors, visit.errors
    finally:
        visit.close()
    assert visit.refused == []


def test_free_play_and_drills_say_once_that_python_cannot_start(browser, served):
    """Pages whose every control needs Python: their first paint, in the page's language, then
    the sentence that Python cannot start in this browser where the loading line was."""
    visit = NoPython(browser, served.base)
    page = visit.page
    try:
        for name in ("trapper-drills", "canyon-play"):
            page.goto(f"{visit.base}/voici/render/{name}.html?lang=it")
            page.wait_for_selector("#tutor-first-paint .tp-first .tp-title", state="visible")
            line = "#tutor-first-paint .tp-loading"
            page.wait_for_selector(line + '[data-state="failed"]', timeout=60_000)
            assert page.locator(line).count() == 1
            assert page.inner_text(line) == page.get_attribute(line, "data-python-failed")
            assert page.get_attribute("#tutor-first-paint .tutor-first-paint", "data-lang") == "it"
        assert visit.kernels == 0 and visit.python
        assert not visit.errors, visit.errors
    finally:
        visit.close()
    assert visit.refused == []



class NoVoiciChunks(Visit):
    """A visit whose requests for Voici's script chunks are refused (offline before the
    service worker kept them): Python's runtime comes, Voici's start cannot."""

    def __init__(self, browser, base):
        self.chunks: list[str] = []
        super().__init__(browser, base)

    def _route(self, route) -> None:
        url = route.request.url.split("?")[0]
        if "/voici/build/" in url and url.endswith(".js") and not url.endswith("/voici.js"):
            self.chunks.append(url)
            route.abort()
        else:
            super()._route(route)


def test_voici_s_scripts_that_cannot_be_had_are_said_at_once(browser, served):
    """Offline before the service worker kept Voici's chunks, free play said "Python is
    starting: 90%" for four minutes (webpack's "Loading chunk N failed" went to no one): now
    the loading line says at once, in the page's words, that Python cannot start."""
    visit = NoVoiciChunks(browser, served.base)
    page = visit.page
    try:
        page.goto(f"{visit.base}/voici/render/trigger-play.html?lang=nl")
        line = "#tutor-first-paint .tp-loading"
        page.wait_for_selector(line + '[data-state="failed"]', timeout=60_000)
        assert visit.chunks and visit.kernels == 0
        assert page.inner_text(line) == page.get_attribute(line, "data-python-failed")
        assert page.get_attribute("html", "data-tutor-python") == "failed"
    finally:
        visit.close()
    assert visit.refused == []

class KernelFails(Visit):
    """A visit whose kernel fails inside its worker once the runtime has come: Pyodide's
    runtime and the other wheels are served, the kernel's own wheel (``pyodide_kernel``, which
    the worker's ``initialize`` installs and imports) comes as bytes that are no wheel."""

    def __init__(self, browser, base):
        self.broken: list[str] = []
        self.runtime: list[str] = []
        super().__init__(browser, base)

    def _route(self, route) -> None:
        url = route.request.url
        name = url.split("?")[0].rsplit("/", 1)[-1]
        if "/static/pyodide/" in url and name.startswith("pyodide_kernel-") and name.endswith(".whl"):
            self.broken.append(url)
            route.fulfill(status=200, content_type="application/octet-stream", body=b"PK\x03\x04 no wheel " * 512)
            return
        if name in ("pyodide.asm.wasm", "python_stdlib.zip"):
            self.runtime.append(url)
        super()._route(route)


def test_a_kernel_failing_inside_its_worker_is_said_once(browser, served):
    """Python downloads, but the kernel's start fails inside its worker (a wheel that does not
    load): "play on", asked while Python starts, says once, in the page's language, that Python
    cannot start, instead of saying it is starting for ever; the lesson keeps stepping."""
    visit = KernelFails(browser, served.base)
    page = visit.page
    try:
        wid = lessons()["trapper"][0]
        stem = wid.replace("/", "-")
        page.goto(f"{visit.base}/voici/render/{stem}.html?lang=nl")
        page.wait_for_selector(AHEAD + " .tp-board svg", state="visible")
        page.click(".tp-play-on")
        page.wait_for_selector('.tp-python-note[data-state="loading"]', state="visible")
        # told by the worker, not by the start's stall (240 s after the download)
        page.wait_for_selector('.tp-python-note[data-state="failed"]', state="visible", timeout=120_000)
        assert visit.broken and visit.runtime, (visit.broken, visit.runtime)
        assert visit.kernels == 1  # the kernel's worker was started: it failed in there
        assert page.get_attribute("html", "data-tutor-python") == "failed"
        page.click(".tp-play-on")
        page.wait_for_timeout(300)
        assert page.locator(".tp-python-note").count() == 1
        assert page.locator('.tp-python-note[data-state="failed"]').count() == 1
        built = json.loads(gzip.decompress(page.request.get(
            f"{visit.base}/voici/render/{stem}.steps.nl.json.gz").body()))
        assert page.inner_text(".tp-python-note") == built["page"]["texts"]["python_failed"]
        page.click(AHEAD + " .tp-next")
        wait_step(page, 1)
        page.select_option(STEP, "3")
        wait_step(page, 3)
        assert page.inner_text(".tp-python-note") == built["page"]["texts"]["python_failed"]
    finally:
        visit.close()
    assert visit.refused == []


class NoApp(Visit):
    """A visit with no service worker whose requests for the app's module (``app.js``, its
    widget's front end, which the page loads once Python runs the app) are refused: offline
    after a short first visit, Python's runtime had come and the app's module had not."""

    def __init__(self, browser, base):
        self.refused_app: list[str] = []
        super().__init__(browser, base)

    def _route(self, route) -> None:
        if route.request.url.split("?")[0].endswith("/static/tutor/app.js"):
            self.refused_app.append(route.request.url)
            route.abort()
        else:
            super()._route(route)


def test_the_app_s_module_that_cannot_be_had_is_said_at_once(browser, served):
    """A move typed offline after a short first visit said "Python is starting: 90%" for four
    minutes (the browser's failed import of the app's module went to no one): the page now
    says at once that Python cannot start, and the lesson keeps stepping."""
    visit = NoApp(browser, served.base)
    page = visit.page
    try:
        wid = lessons()["trapper"][0]
        page.goto(f"{visit.base}/voici/render/{wid.replace('/', '-')}.html?lang=it")
        page.wait_for_selector(AHEAD + " .tp-board svg", state="visible")
        page.click(".tp-play-on")
        started = page.evaluate("performance.now()")
        # the stall is said 240 s after the download: this is the import's own failure
        page.wait_for_selector('.tp-python-note[data-state="failed"]', state="visible", timeout=90_000)
        assert visit.refused_app and page.get_attribute("html", "data-tutor-python") == "failed"
        assert page.evaluate("performance.now()") - started < 90_000
        page.click(AHEAD + " .tp-next")
        wait_step(page, 1)
    finally:
        visit.close()
    assert visit.refused == []


def test_the_service_worker_keeps_the_app_s_modules_before_python_runs(browser, served, ahead_site):
    """The app's modules are kept as the site's worker installs, on a visit that never runs
    Python (before, only once the page's app had loaded them)."""
    visit = NoPython(browser, served.base)
    page = visit.page
    modules = sorted(f"/static/tutor/{p.name}" for p in (ahead_site / "static" / "tutor").glob("*.js"))
    assert "/static/tutor/app.js" in modules
    try:
        wid = lessons()["canyon"][0]
        page.goto(f"{visit.base}/voici/render/{wid.replace('/', '-')}.html")
        page.wait_for_selector(AHEAD + " .tp-board svg", state="visible")
        for _ in range(60):
            unkept = [m for m in modules if not page.evaluate(KEPT_JS, m)]
            if not unkept:
                break
            page.wait_for_timeout(500)
        else:
            pytest.fail(f"the site's worker did not keep the app's modules within 30 s: {unkept}")
        assert visit.kernels == 0
    finally:
        visit.close()


def test_a_browser_asking_to_save_data_fetches_no_python_until_a_control_needs_it(browser, served):
    """Save-Data: a visitor who only reads the lesson downloads none of Python; "play on" then
    starts it, and the page says how far it is."""
    visit = Visit(browser, served.base)
    asked: list[str] = []
    visit.page.on("request", lambda r: asked.append(r.url) if any(p in r.url for p in PYTHON) else None)
    visit.context.add_init_script(
        "Object.defineProperty(navigator, 'connection', {value: {saveData: true}, configurable: true})")
    page = visit.page
    try:
        wid = lessons()["trapper"][0]
        page.goto(f"{visit.base}/voici/render/{wid.replace('/', '-')}.html")
        page.wait_for_selector(AHEAD + " .tp-board svg", state="visible")
        for n in (1, 2, 3):
            page.select_option(STEP, str(n))
            wait_step(page, n)
        page.wait_for_timeout(3000)  # past the moment Python would start in the background
        assert asked == [], asked
        page.click(".tp-play-on")
        page.wait_for_selector('.tp-python-note[data-state="loading"]', state="visible")
        assert "%" in page.inner_text(".tp-python-note")
        page.wait_for_function("() => performance.getEntriesByType('resource').some("
                               "e => e.name.includes('/static/pyodide/'))")
        assert not visit.errors, visit.errors
    finally:
        visit.close()


def test_python_answers_what_the_build_did_not_foresee(browser, served, ahead_site):
    """With Python there: a move typed in one's own words at a try-it step is judged by the
    kernel (the page says how far Python's start is until then), which is first handed what
    the learner chose on the board without it (the trapper clicked: still chosen in the
    kernel's answer), and play on from a step turns the board into free play from there, in
    the page's one kernel."""
    visit = Visit(browser, served.base)
    page = visit.page
    try:
        wid, frames = lessons()["trapper"]
        tried = next(f for f in frames if f.try_it)
        data = built_file(ahead_site, wid, "en")
        chose = book_clicks(data, tried.index)[0][0]  # the trapper, before its tile
        page.goto(f"{visit.base}/voici/render/{wid.replace('/', '-')}.html?step={tried.index}")
        page.wait_for_selector(".tp-try-box:not([hidden]) .tp-typed")
        click_on_board(page, chose)
        chosen = page.inner_text(".tp-try-box .tp-status")
        page.fill(".tp-try-box .tp-typed", "not a move at all")
        page.click(".tp-try-box .tp-try")
        page.wait_for_selector('.tp-feedback [data-verdict="unreadable"]', timeout=240_000)
        assert page.get_attribute("html", "data-tutor-python") == "ready"
        assert page.inner_text(".tp-try-box .tp-status") == chosen  # the kernel's board: chosen
        page.select_option(STEP, "0")
        wait_step(page, 0)
        page.click(".tp-play-on")
        page.wait_for_selector(".tp-playon-notes:not([hidden])", timeout=120_000)
        assert page.locator("#tutor-ahead .tp-page").count() == 2  # the lesson kept, hidden
        assert visit.kernels == 1
        assert not visit.errors, visit.errors
    finally:
        visit.close()
    assert visit.refused == []


def book_clicks(data: dict, index: int) -> tuple[list[str], dict]:
    """The fewest clicks on board elements that make the book's move at try-it step ``index``,
    found in the clicks built ahead (sitebuild/ahead.py's ``clicks``: each click's scene, or
    the listed move it makes), and the book's move's verdict."""
    built = data["judged"][str(index)]
    clicks, moves = built["clicks"], built["moves"]
    ways: dict[int, list[str]] = {0: []}
    at = [0]
    while at:
        state = at.pop(0)
        for number, e in enumerate(clicks["states"][state].get("c", [])):
            target = clicks["targets"][number]
            if e is None:
                continue
            if e[0] == 1 and moves[str(e[1])]["verdict"] == "book":
                return [*ways[state], target], moves[str(e[1])]
            if e[0] in (0, 3) and e[1] not in ways:
                ways[e[1]] = [*ways[state], target]
                at.append(e[1])
    return [], {}


def test_board_clicks_at_a_try_it_step_make_the_book_s_move_without_python(browser, served, ahead_site):
    """Python refused: at a Trapper try-it step, the learner clicks the trapper (the board
    shows it chosen, nothing judged yet), then its tile: the book's move, judged at once from
    the clicks built ahead, in the page's language; Python is never asked for."""
    wid, frames = lessons()["trapper"]
    stem = wid.replace("/", "-")
    tried = next(f for f in frames if f.try_it)
    data = built_file(ahead_site, wid, "nl")
    path, book = book_clicks(data, tried.index)
    assert len(path) == 2, path  # a trapper, then the tile it takes
    visit = NoPython(browser, served.base)
    page = visit.page
    try:
        page.goto(f"{visit.base}/voici/render/{stem}.html?lang=nl&step={tried.index}")
        page.wait_for_selector(".tp-try-box:not([hidden]) .tp-status")
        click_on_board(page, path[0])
        assert page.locator(".tp-feedback [data-verdict]").count() == 0
        assert page.is_visible(".tp-try-box")
        page.locator(f'{AHEAD} .tp-board [data-target="{path[1]}"]').first.dispatch_event("click")
        page.wait_for_selector('.tp-feedback [data-verdict="book"]', timeout=5000)
        assert page.is_hidden(".tp-try-box")  # the step moved on: the book's move shown
        assert book["text"] in page.inner_text(".tp-feedback [data-verdict]")  # the move clicked
        assert page.is_hidden(".tp-python-note")  # nothing asked Python
        assert visit.kernels == 0
        assert not visit.errors, visit.errors
    finally:
        visit.close()
    assert visit.refused == []
