"""The course as a static site in a real browser (issue 21): built once for the session (the
downloads come from the cache ``python3 run.py site`` uses), served on 127.0.0.1 by the site's
own server, Debian's Chromium with every request to another address refused and counted.

One visit, one kernel: the index, a lesson of each game opened from it in place, Next and the
keys, a try-it step made and a question answered (read from the walkthroughs themselves, so
the shipped lessons may change), the language switched, the next lesson followed, free play
and drills. Then a second visit, on a phone: an address with ``?step=`` and ``?lang=`` loaded
as a page (its first paint before Python, then the live lesson there); then the server stopped
and a lesson that visit never opened loaded offline.
"""
from __future__ import annotations

import fcntl
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from tests.browser.stepping import NEXT, STEP_LIST, finish_lesson, read_shown, step_forward
from tutor.core.walkthrough import by_id, replay
from widgets.pages.course import walkthrough_links
from sitebuild import build, fetch
from sitebuild.serve import server

# the site's build (Pyodide, wheels) is the first test's setup: minutes on a cold machine
pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parents[2]
LIVE = ".tutor-app .tutor-view .tp-page:not(.tp-first)"  # the live lesson (not the first paint)
LIVE_BOARD = LIVE + " .tp-board svg"
COURSE = ".tutor-app .tutor-view .tutor-course"
#: how the kernel's worker is named (JupyterLite's Pyodide kernel): one per page load
KERNEL_WORKER = "pyodide-kernel-extension"


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The static site, built from this clone (the download cache is the usual one) once for
    the whole run: the workers that need it (this file's, test_ahead.py's) share one build,
    under a lock in the run's own folder. Two builds at once would take twice the CPU and race
    on the download cache (a worker found the project's wheel gone from it, copied away by the
    other's build)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # this run's
    out, done = shared / "static-site" / "site", shared / "static-site" / "built"
    with open(shared / "static-site.lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other worker waits, then takes the same site
        if not done.exists():
            started = time.monotonic()
            shutil.rmtree(out, ignore_errors=True)
            try:
                build.build(out, ROOT / "notebooks", fetch.default_cache(), quiet=True)
            except build.BuildFailed as exc:
                pytest.fail(str(exc), pytrace=False)
            done.write_text(f"{time.monotonic() - started:.1f}")
            with open(out.parent / "builds", "a") as builds:  # one line a build, by whom
                builds.write(os.environ.get("PYTEST_XDIST_WORKER", "main") + "\n")
            print(f"\nstatic site built in {done.read_text()} s")
    return out


def test_the_site_is_built_once_for_the_whole_run(site):
    """Every worker that needs the site takes the one build (two at once raced on the download
    cache: the project's wheel was gone when the other build copied it)."""
    assert len((site.parent / "builds").read_text().splitlines()) == 1


class Served:
    """The site on a free port of 127.0.0.1, in a thread; ``stop()`` takes it off the network."""

    def __init__(self, folder: Path):
        self.httpd = server(folder, 0)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def served(site):
    found = Served(site)
    yield found
    found.stop()


class Visit:
    """A browser context on the site: every request elsewhere is refused (and noted), script
    errors and the kernels started (the kernel's web workers) are counted."""

    def __init__(self, browser, base: str, block: bool = True, size=(1280, 800)):
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.kernels = 0
        self.base = base
        if block:
            self.context.route("**/*", self._route)
        else:  # Playwright's routing takes requests before the service worker: only watched
            self.context.on("request", lambda request: self._elsewhere(request.url))
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("worker", self._worker)

    def _elsewhere(self, url: str) -> bool:
        if url.startswith((self.base + "/", "data:", "blob:")):
            return False
        self.refused.append(url)
        return True

    def _route(self, route) -> None:
        if self._elsewhere(route.request.url):
            route.abort()
        else:
            route.continue_()

    def _worker(self, worker) -> None:
        if KERNEL_WORKER in worker.url:
            self.kernels += 1

    def open(self, path: str, ready: str = LIVE_BOARD) -> None:
        self.page.goto(self.base + path)
        self.page.wait_for_selector(ready, state="visible", timeout=180_000)

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def visit(browser, served):
    opened = Visit(browser, served.base)
    yield opened
    opened.close()
    assert opened.refused == [], "requests left the site's origin"


#: whether the site's service worker keeps ``path`` (a cache of a build of the site)
KEPT_JS = """async (path) => {
  for (const name of await caches.keys()) {
    if (!name.startsWith('rules-tutor-site-')) continue;
    const kept = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    if (kept.includes(path)) return true;
  }
  return false;
}"""
#: What the page loaded from the site that the worker has not kept yet (the worker keeps it
#: once the page says it is live: after the course's first pages, it may still be at it)
UNKEPT_JS = """async () => {
  const kept = new Set();
  for (const name of await caches.keys())
    if (name.startsWith('rules-tutor-site-'))
      for (const request of await (await caches.open(name)).keys()) kept.add(new URL(request.url).pathname);
  return performance.getEntriesByType('resource').map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && !u.pathname.includes('/api/') && !kept.has(u.pathname))
    .map((u) => u.pathname);
}"""


def lesson_with_try_and_question() -> tuple[str, object, object]:
    """A shipped lesson with a try-it step and a question (each at the first step asking so),
    and those two frames; read from the walkthroughs, not written into the test."""
    for _game, _title, _summary, notebook in walkthrough_links():
        wid = notebook[:-len(".ipynb")].replace("-", "/", 1)
        frames = replay(by_id(wid)).frames
        tried = [f for f in frames if f.try_it and not f.question]
        asked = [f for f in frames if f.question and not f.try_it]
        if tried and asked:
            return wid, tried[0], asked[0]
    pytest.fail("no shipped lesson has a try-it step and a question on steps of their own")


def open_from_index(page, wid: str) -> None:
    """Back to the course (the way home, in place) and into the lesson ``wid`` (in place)."""
    if not page.is_visible(COURSE):
        page.click(".tutor-view .tp-home")
        page.wait_for_selector(COURSE + " .tc-contents", state="visible")
    page.click(f'a.tc-lesson[data-lesson="{wid}"]')
    page.wait_for_function(
        "(name) => location.pathname.endsWith('/' + name + '.html')", arg=wid.replace("/", "-"))
    page.wait_for_selector(LIVE_BOARD, state="visible")
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 0")


def go_to_step(page, step: int) -> None:
    page.select_option(STEP_LIST, str(step))
    page.wait_for_function(f"(n) => document.querySelector('{STEP_LIST}').selectedIndex === n", arg=step)


#: frames in which a page that had painted first shows neither that paint nor its live page
BLANK_JS = """(() => {
  const gaps = []; let painted = false; window.tutorBlank = gaps;
  const tick = () => {
    const first = document.getElementById('tutor-first-paint');
    painted = painted || !!first;
    const live = [...document.querySelectorAll('.tutor-app, .tutor-course, .tutor-message')]
      .some((e) => !(first && first.contains(e)) && e.getBoundingClientRect().height > 0);
    if (painted && !first && !live) gaps.push(Math.round(performance.now()));
    if (!live) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()"""


def test_one_visit_one_kernel_every_game_try_it_question_language_next_lesson_play_drills(visit):
    page = visit.page
    page.add_init_script(BLANK_JS)
    visit.open("/", ready=COURSE + " .tc-contents")  # the start page leads to the course
    # the course's first paint stays until the live course is there (it gave way at once)
    assert page.evaluate("() => window.tutorBlank") == []
    assert page.url.endswith("/voici/render/index.html")
    assert page.get_attribute(".tutor-app-root", "data-frontend") == "voici"
    hrefs = page.eval_on_selector_all(f"{COURSE} a.tc-lesson", "links => links.map(a => a.getAttribute('href'))")
    assert hrefs and all(h.split("?")[0].endswith(".html") for h in hrefs), hrefs[:3]
    assert visit.kernels == 1

    # a lesson of each game, opened in place: Next and the → key move it on
    firsts = {}
    for _game, _title, _summary, notebook in walkthrough_links():
        firsts.setdefault(notebook.split("-")[0], notebook[:-len(".ipynb")].replace("-", "/", 1))
    assert len(firsts) == 4, firsts
    for number, wid in enumerate(firsts.values()):
        open_from_index(page, wid)
        before = read_shown(page)
        page.mouse.move(0, 0)
        after = step_forward(page, 1, before, by_key=bool(number % 2))
        assert after["step"] == 1 and after["narration"] != before["narration"], wid
        assert "<svg" in after["board"], wid
        page.wait_for_function("() => location.search.includes('step=1')")
    assert visit.kernels == 1, "a lesson opened from the course started a kernel of its own"

    # a try-it step made (typed) and a question answered, right
    wid, tried, asked = lesson_with_try_and_question()
    open_from_index(page, wid)
    go_to_step(page, tried.index)
    page.wait_for_selector(".tp-try-box:not([hidden]) .tp-typed")
    page.fill(".tp-try-box .tp-typed", tried.move_text)
    page.press(".tp-try-box .tp-typed", "Enter")
    page.wait_for_selector(".tp-feedback .tp-right")
    go_to_step(page, asked.index)
    page.wait_for_selector(".tp-ask-box:not([hidden])")
    if asked.question.choices:
        page.locator(".tp-answer-choice").nth(asked.answer_index).click()
    else:
        page.fill(".tp-answer", str(asked.answer))
        page.click(".tp-answer-button")
    page.wait_for_selector(".tp-feedback .tp-right")

    # the language menu: the page speaks Dutch, the address says so, the links keep it
    title = page.inner_text(".tutor-view .tp-title")
    page.select_option(".tutor-view select.tp-lang", "nl")
    page.wait_for_function("(t) => document.documentElement.lang === 'nl' && document.querySelector("
                           "'.tutor-view .tp-title') && document.querySelector('.tutor-view .tp-title')"
                           ".textContent !== t", arg=title)
    page.wait_for_selector(LIVE_BOARD, state="visible")
    assert "lang=nl" in page.url
    following = page.get_attribute(".tp-next-lesson", "href")
    assert following and ".html?" in following and "lang=nl" in following, following

    # the next lesson, followed in place: live at once, no second kernel
    finish_lesson(page)
    title = page.inner_text(".tutor-view .tp-title")
    page.click(".tp-next-lesson")
    page.wait_for_function("(t) => { const h = document.querySelector('.tutor-view .tp-title');"
                           " return h && h.textContent !== t; }", arg=title)
    page.wait_for_selector(LIVE_BOARD, state="visible")
    assert page.url.split("/")[-1].startswith(following.split("?")[0])
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert visit.kernels == 1, "the next lesson started a second kernel"

    # free play and drills, from the course
    for kind, ready in (("play", ".tutor-view .tp-page .tp-board svg"), ("drills", ".tutor-view .tp-drill-prompt")):
        page.click(".tutor-view .tp-home")
        page.wait_for_selector(COURSE + " .tc-contents", state="visible")
        page.click(f'{COURSE} a[href^="trapper-{kind}.html"]')
        page.wait_for_function(f"() => location.pathname.endsWith('/trapper-{kind}.html')")
        page.wait_for_selector(ready, state="visible")
    assert visit.kernels == 1
    assert not visit.errors, visit.errors


def paints_first_then_lives(visit: Visit) -> None:
    """On a phone, an address with ``?step=`` and ``?lang=``: the first paint before Python, in
    Italian, with the page's one column (its board as wide as the screen, not squeezed beside the
    story), then the live lesson there, at that step, whose → key moves it on."""
    page = visit.page
    wid = "trapper/green-turn"
    page.goto(f"{visit.base}/voici/render/{wid.replace('/', '-')}.html?step=0&lang=it",
              wait_until="domcontentloaded")
    # before Python: the lesson's first paint, in Italian, with a quiet line where the controls
    # go, or already the lesson drawn from its steps built ahead (issue 31: ahead.js replaces
    # the first paint as soon as its steps have come, often before the page has loaded)
    assert page.evaluate("document.documentElement.lang") == "it"
    # read in one go: ahead.js may take the first paint away between two reads
    first = page.evaluate("""() => {
        const all = document.querySelectorAll('#tutor-first-paint .tutor-first-paint');
        if (!all.length) return null;
        const svg = all[0].querySelector('.tp-board svg');
        return {count: all.length, lang: all[0].dataset.lang,
                board: svg ? svg.getBoundingClientRect().width : 0,
                loading: !!all[0].querySelector('.tp-loading')};
    }""")
    if first is not None:
        assert first["count"] == 1 and first["lang"] == "it" and first["loading"], first
        assert first["board"] > 300, f"the first paint's board is {first['board']:.0f} px wide on a phone"
    page.wait_for_selector(LIVE_BOARD, state="visible", timeout=180_000)
    board = page.locator(LIVE_BOARD).bounding_box()
    assert board["width"] > 300, f"the lesson's board is {board['width']:.0f} px wide on a phone"
    # the lesson drawn ahead keeps the first paint's margin (it stood at the screen's edge)
    home = page.locator(".tp-page:not(.tp-first) .tp-home").bounding_box()
    assert home["x"] == 15, f"the way home is {home['x']:.0f} px from the screen's edge"
    assert page.locator("#tutor-first-paint").count() == 0, "the first paint stays under the live page"
    assert page.inner_text(".tp-step-label").startswith("Passo 0 ")
    # Python starts in the background once the lesson is steppable, and answers the page
    page.wait_for_function("() => document.documentElement.dataset.tutorPython === 'ready'", timeout=180_000)
    assert visit.kernels == 1
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 1")
    assert "step=1" in page.url and "lang=it" in page.url
    assert not visit.errors, visit.errors


def test_a_phone_s_first_visit_paints_first_and_then_works_offline(browser, site):
    """The first visit, on a phone, to an address with a step and a language: painted before
    Python, then live there (:func:`paints_first_then_lives`). Once a page has been live, the
    service worker has kept the site: with the server gone, a lesson the visit never opened
    loads and runs. (One visit for both: each page load boots Pyodide, the suite's dearest step.)"""
    online = Served(site)
    visit = Visit(browser, online.base, block=False, size=(390, 844))
    try:
        paints_first_then_lives(visit)
        # the worker keeps the course's pages once the page is live (a few seconds)
        page = visit.page
        for _ in range(120):
            # the course's pages, and all this page loaded (Python's files: a run went offline
            # while the worker still kept them, and Voici's start failed on a chunk)
            if page.evaluate(KEPT_JS, "/voici/render/trigger-star.html") and not page.evaluate(UNKEPT_JS):
                break
            page.wait_for_timeout(1000)
        else:
            pytest.fail("the service worker did not keep the course's pages and what the page loaded "
                        f"within 2 minutes: {page.evaluate(UNKEPT_JS)[:8]}")
        online.stop()
        visit.open("/voici/render/trigger-star.html?lang=nl")
        assert page.evaluate("document.documentElement.lang") == "nl"
        page.click(NEXT)
        page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 1")
        assert not visit.errors, visit.errors
        assert visit.refused == []
    finally:
        visit.close()
