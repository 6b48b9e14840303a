"""What a learner met walking the static site on a phone and a projector (a walk of the built
site, as a learner: the course page, a lesson's try-it step, Python's start). The site is
built once for the session (``tests/site/test_static_site.py``'s fixture);
``RULES_TUTOR_TEST_SITE`` names a site already built to reuse instead."""
from __future__ import annotations

import pytest

from tests.site.test_ahead import AHEAD, NoPython, ahead_site, lessons, served  # noqa: F401
from tests.site.test_static_site import Served, Visit, site as built_site  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

PHONE = (390, 844)

#: where ``selector``'s first element is on the screen: {top, bottom, seen (not under the
#: phone's step bar, nor above the screen), shown}
SEEN_JS = """(selector) => {
  const node = document.querySelector(selector);
  if (!node) return null;
  const box = node.getBoundingClientRect();
  const bar = document.querySelector('#tutor-ahead .tp-narrow .tp-controls');
  const end = bar ? bar.getBoundingClientRect().top : innerHeight;
  return {top: box.top, bottom: box.bottom, end, shown: box.height > 0,
          seen: box.height > 0 && box.top >= 0 && box.bottom <= end};
}"""


class PythonHeld(Visit):
    """A visit whose requests for Python are held, never answered (a slow network's Python
    that has not come yet): Python stays "starting"."""

    def __init__(self, browser, base, size=PHONE):
        self.held: list = []
        super().__init__(browser, base, size=size)

    def _route(self, route) -> None:
        if "/static/pyodide/" in route.request.url or route.request.url.endswith("/build/voici.js"):
            self.held.append(route)  # never answered
        else:
            super()._route(route)


class PhoneNoPython(NoPython):
    def __init__(self, browser, base):
        self.python: list[str] = []
        Visit.__init__(self, browser, base, size=PHONE)


def open_try(visit) -> tuple[str, object]:
    wid, frames = lessons()["trapper"]
    tried = next(f for f in frames if f.try_it)
    visit.page.goto(f"{visit.base}/voici/render/{wid.replace('/', '-')}.html?step={tried.index}")
    visit.page.wait_for_selector(".tp-try-box:not([hidden]) .tp-typed")
    return wid, tried


def type_move(page, text: str) -> None:
    page.fill(".tp-try-box .tp-typed", text)
    page.focus(".tp-try-box .tp-typed")
    page.keyboard.press("Enter")


def test_the_course_page_s_first_paint_has_the_course_s_look(browser, served):
    """The course page is Python's (not built ahead): until Python runs it, a learner reads its
    first paint, offline or on a slow link for a minute. It had none of the course's
    stylesheet: the language links a bulleted list, each lesson's picture the screen's width,
    the first lesson below the fold on a projector."""
    visit = NoPython(browser, served.base)
    visit.context.close()
    visit.context = browser.new_context(viewport={"width": 1024, "height": 768})
    visit.context.route("**/*", visit._route)
    page = visit.page = visit.context.new_page()
    try:
        page.goto(f"{visit.base}/voici/render/index.html?lang=nl")
        first = "#tutor-first-paint .tutor-course"
        page.wait_for_selector(first + " .tc-contents", state="visible")
        look = page.evaluate("""(first) => {
          const course = document.querySelector(first);
          const lesson = course.querySelector('a.tc-lesson');
          const thumb = lesson.querySelector('.tc-thumb');
          const contents = course.querySelector('.tc-contents');
          return {border: getComputedStyle(contents).borderTopWidth,
                  thumb: thumb.getBoundingClientRect().width,
                  lesson: lesson.querySelector('.tc-name').getBoundingClientRect().bottom};
        }""", first)
        assert look["border"] == "1px", look
        assert look["thumb"] < 200, f"a lesson's picture is {look['thumb']:.0f} px wide"
        assert look["lesson"] < 768, f"the first lesson's name is {look['lesson']:.0f} px down a 768 px screen"
    finally:
        visit.close()
    assert visit.refused == []


def test_a_move_waiting_for_python_says_so_where_its_verdict_comes(browser, served):
    """On a phone, a move typed in one's own words waits for Python: the page said how far its
    start was only in a line at the page's top, out of sight, while the verdict of the move
    before stood where this one's would come. Now that place says it. A move judged without
    Python meanwhile (the book's, picked from the list) is the one answered: nothing is said
    to wait any more."""
    visit = PythonHeld(browser, served.base)
    page = visit.page
    try:
        _wid, tried = open_try(visit)
        page.select_option(".tp-try-box select.tp-moves", index=2)  # a legal move, not the book's
        page.click(".tp-try-box .tp-play")
        page.wait_for_selector(".tp-feedback [data-verdict]")
        type_move(page, "not a move at all")
        wait = ".tp-feedback .tp-python-wait"
        page.wait_for_selector(wait + '[data-state="loading"]', state="visible")
        assert page.locator(".tp-feedback [data-verdict]").count() == 0, "the move before's verdict stands"
        page.wait_for_timeout(500)
        where = page.evaluate(SEEN_JS, wait)
        assert where["seen"], f"the word that Python is starting is out of sight: {where}"
        # the book's move, picked: judged at once; nothing waits for Python any more
        page.select_option(".tp-try-box select.tp-moves", label=tried.move_text)
        page.click(".tp-try-box .tp-play")
        page.wait_for_selector('.tp-feedback [data-verdict="book"], .tp-feedback .tp-right')
        assert page.locator(wait).count() == 0
        assert not page.is_visible(".tp-python-note")
        assert visit.held, "no request for Python was held"
        assert not visit.errors, visit.errors
    finally:
        visit.close()


def test_python_that_cannot_start_is_said_to_each_move_that_needs_it(browser, served):
    """Python cannot start (offline before it was kept): each move typed in one's own words
    is told so where its verdict would be (the second one was met with nothing), and play on
    says so beside it, in sight on a phone."""
    visit = PhoneNoPython(browser, served.base)
    page = visit.page
    try:
        open_try(visit)
        wait = '.tp-feedback .tp-python-wait[data-state="failed"]'
        for text in ("not a move at all", "nor this one"):
            type_move(page, text)
            page.wait_for_selector(wait, state="visible", timeout=60_000)
            assert page.evaluate(SEEN_JS, wait)["seen"], text
            # a legal move that is not the book's, picked: judged here, its verdict shown
            page.select_option(".tp-try-box select.tp-moves", index=2)
            page.click(".tp-try-box .tp-play")
            page.wait_for_selector(".tp-feedback [data-verdict]")
        page.select_option(AHEAD + " select.tp-step-list", "0")
        page.click(".tp-play-on")
        note = '.tp-python-note[data-state="failed"]'
        page.wait_for_selector(note, state="visible")
        page.wait_for_timeout(500)
        assert page.evaluate(SEEN_JS, note)["seen"], page.evaluate(SEEN_JS, note)
        assert visit.kernels == 0 and visit.python
        assert not visit.errors, visit.errors
    finally:
        visit.close()
    assert visit.refused == []


def test_offline_before_python_was_kept_says_so_not_that_the_browser_cannot(browser, served):
    """Offline after a first visit too short to keep Python: free play and a lesson's move in
    one's own words said "Python cannot start in this browser", which is false of the browser
    and tells the learner nothing to do. They now say there is no connection and Python is not
    kept yet (in the page's language), and the page waits no more."""
    visit = PythonHeld(browser, served.base)
    page = visit.page
    try:
        page.goto(f"{visit.base}/voici/render/trapper-play.html?lang=nl")
        line = "#tutor-first-paint .tp-loading"
        page.wait_for_selector(line + '[data-state="loading"]')
        visit.context.set_offline(True)
        for route in visit.held:
            route.abort()
        page.wait_for_selector(line + '[data-state="failed"]', timeout=60_000)
        assert page.get_attribute(line, "data-why") == "offline"
        assert page.inner_text(line) == page.get_attribute(line, "data-python-offline")
        assert page.inner_text(line) != page.get_attribute(line, "data-python-failed")
    finally:
        visit.close()


def test_the_lesson_says_when_the_whole_course_is_kept_for_offline_use(browser, ahead_site):
    """A first visit keeps the course for offline use in the background (the pages, the lessons
    built ahead, Python once it has come): nothing said when that was done, and a learner who
    went offline too soon found free play and drills waiting. The lesson now says it once all
    is kept; and then, offline, the drills (Python's own page, never opened) work."""
    online = Served(ahead_site)  # a first visit: an origin of its own
    visit = Visit(browser, online.base, block=False, size=PHONE)
    page = visit.page
    try:
        wid = lessons()["trapper"][0]
        page.goto(f"{visit.base}/voici/render/{wid.replace('/', '-')}.html?lang=it")
        page.wait_for_selector(AHEAD + " .tp-board svg", state="visible")
        assert page.locator(".tp-course-kept").count() == 0
        page.wait_for_function("() => document.documentElement.dataset.tutorPython === 'ready'", timeout=240_000)
        page.wait_for_selector(".tp-course-kept", state="attached", timeout=240_000)
        built = page.evaluate("() => fetch('%s.steps.it.json.gz').then(r => r.arrayBuffer()).then(b =>"
                              " new Response(new Blob([b]).stream().pipeThrough(new DecompressionStream('gzip')))"
                              ".json())" % wid.replace("/", "-"))
        assert page.inner_text(".tp-course-kept") == built["page"]["texts"]["course_kept"]
        online.stop()
        page.goto(f"{visit.base}/voici/render/canyon-drills.html?lang=it")
        page.wait_for_selector(".tutor-view .tp-drill-prompt", state="visible", timeout=240_000)
        assert not visit.errors, visit.errors
    finally:
        visit.close()
        online.stop()
    assert visit.refused == []


class NoExtensions(Visit):
    """A visit whose requests for Voici's extensions' scripts (the kernel's, anywidget's) are
    refused: offline after a first visit of a few seconds, which kept Python's runtime (fetched
    at once) but not those (Voici loads them once the kernel's script runs)."""

    def __init__(self, browser, base):
        self.extensions: list[str] = []
        super().__init__(browser, base, size=PHONE)

    def _route(self, route) -> None:
        url = route.request.url.split("?")[0]
        if "/extensions/" in url and url.endswith(".js"):
            self.extensions.append(url)
            route.abort()
        else:
            super()._route(route)


def test_voici_s_extensions_that_cannot_be_had_are_said_at_once(browser, served):
    """Drills (Python's own page): Voici only warns that it cannot create an extension's module,
    and the page said "Python is starting: 90%" until the start stalled, four minutes later."""
    visit = NoExtensions(browser, served.base)
    page = visit.page
    try:
        page.goto(f"{visit.base}/voici/render/canyon-drills.html?lang=nl")
        line = "#tutor-first-paint .tp-loading"
        page.wait_for_selector(line + '[data-state="failed"]', timeout=90_000)
        assert page.inner_text(line) == page.get_attribute(line, "data-python-failed")
        assert visit.extensions and visit.kernels == 0
    finally:
        visit.close()
    assert visit.refused == []
