"""The static site's course page: its first paint (sitebuild/paint.py, Voila's own:
widgets/parts/firstpaint.py course_preview_html) hands the learner's place on to the live course
when Python has drawn it. A learner who tabbed to a lesson link on the first paint (or opened a
rule map, or scrolled) lost it all when the live course replaced the paint: the focus fell to
the page's body, the next Tab started again at the top of the page.

The page's app is held back (Voici's script, ``build/voici.js``, is not answered) while the
test works on the first paint, then let through. The site is built once for the session
(``tests/site/test_static_site.py``'s fixture); ``RULES_TUTOR_TEST_SITE`` names a site already
built to reuse instead.
"""
from __future__ import annotations

import pytest

from tests.site.test_ahead import ahead_site, served  # noqa: F401
from tests.site.test_static_site import Visit, site as built_site  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

FIRST = "#tutor-first-paint .tc-first .tutor-course"
LIVE = ".tutor-app .tutor-course"
#: the focused control: where it is (the first paint or the live course) and which it is
FOCUSED = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  return {first: !!a.closest('#tutor-first-paint'), live: !!a.closest('.tutor-app'), tag: a.tagName,
          href: a.getAttribute('href'), cls: a.classList[0] || '', lesson: a.getAttribute('data-lesson'),
          top: Math.round(a.getBoundingClientRect().top)};
}"""
#: every box of a course, relative to the screen (where the reader sees it)
BOXES = """(selector) => {
  const root = document.querySelector(selector);
  return [...root.querySelectorAll("h1, h2, p, li, section, a[href], button, summary")].map((e) => {
    const box = e.getBoundingClientRect();
    return [e.tagName, e.classList[0] || "", box.left, box.top, box.width, box.height];
  });
}"""
WHICH = ("tag", "href", "cls", "lesson")


class AppHeld(Visit):
    """A visit whose page script (Voici's, which starts Python and draws the live page) is
    held back until :meth:`release`."""

    def __init__(self, browser, base, size):
        self.held: list = []
        self.holding = True
        super().__init__(browser, base, size=size)

    def _route(self, route) -> None:
        if self.holding and route.request.url.endswith("/build/voici.js"):
            self.held.append(route)
        else:
            super()._route(route)

    def release(self) -> None:
        assert self.held, "the page never asked for its script"
        self.holding = False
        for route in self.held:
            route.continue_()


def open_first_paint(visit: AppHeld, query: str) -> None:
    page = visit.page
    page.goto(f"{visit.base}/voici/render/index.html?{query}", wait_until="commit")  # (its script held)
    page.wait_for_selector(FIRST, state="visible")
    # the course's own script has drawn into it (the learner's record, the title's tab stop)
    page.wait_for_function("() => document.querySelector('.tc-first h1').tabIndex === -1")
    assert page.locator(LIVE).count() == 0, "the live course came before its first paint was looked at"


def live_course(visit: AppHeld) -> None:
    page = visit.page
    visit.release()
    page.wait_for_selector(LIVE, state="visible", timeout=180_000)
    page.wait_for_function("() => !document.getElementById('tutor-first-paint')", timeout=60_000)
    page.wait_for_timeout(300)  # (the hand-over waits for the live course on the screen)


def tab_to_lesson(page, nth: int) -> dict:
    """Tab from the top to the ``nth`` lesson link (0: the first)."""
    seen = 0
    for _ in range(200):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused and focused["cls"] == "tc-lesson":
            if seen == nth:
                return focused
            seen += 1
    pytest.fail(f"Tab never reached lesson link {nth}")


@pytest.mark.parametrize("size, query, nth", [((1280, 800), "lang=nl", 6), ((390, 844), "", 3),
                                              ((1024, 768), "lang=it", 1)])
def test_the_focus_and_the_place_in_the_tab_order_go_on_to_the_live_course(browser, served, size, query, nth):
    visit = AppHeld(browser, served.base, size)
    page = visit.page
    try:
        open_first_paint(visit, query)
        tab_to_lesson(page, nth + 1)
        following = page.evaluate(FOCUSED)  # the control after the one the learner is on
        page.keyboard.press("Shift+Tab")
        before = page.evaluate(FOCUSED)
        assert before and before["first"] and before["cls"] == "tc-lesson", before
        assert 0 <= before["top"] < size[1], f"the focused lesson is off the screen: {before}"

        live_course(visit)
        after = page.evaluate(FOCUSED)
        assert after and after["live"], f"the focus was lost when the live course came: {after}"
        assert {k: after[k] for k in WHICH} == {k: before[k] for k in WHICH}
        assert abs(after["top"] - before["top"]) <= 1, f"the page scrolled away from the focused link: {before} {after}"
        page.keyboard.press("Tab")
        went = page.evaluate(FOCUSED)
        assert went and went["live"]
        assert {k: went[k] for k in WHICH} == {k: following[k] for k in WHICH}
        assert not visit.errors, visit.errors
    finally:
        visit.close()
    assert visit.refused == []


def test_the_rule_maps_opened_and_the_place_scrolled_to_go_on_and_nothing_moves(browser, served):
    visit = AppHeld(browser, served.base, (1024, 768))
    page = visit.page
    try:
        open_first_paint(visit, "lang=en")
        maps = page.locator(f"{FIRST} details")
        assert maps.count() > 1, "the course has no rule maps to open"
        opened = maps.count() - 1
        maps.nth(opened).locator("summary").click()
        assert page.evaluate(f"(n) => document.querySelectorAll('{FIRST} details')[n].open", opened)
        page.mouse.move(500, 400)
        page.mouse.wheel(0, 1500)
        page.wait_for_timeout(300)
        painted = page.evaluate(BOXES, FIRST)
        assert painted[0][3] < -1000, "the first paint did not scroll"

        live_course(visit)
        there = page.evaluate(f"() => [...document.querySelectorAll('{LIVE} details')].map((d) => d.open)")
        assert there == [i == opened for i in range(len(there))], there
        live = page.evaluate(BOXES, LIVE)
        assert len(live) == len(painted)
        moved = [(a, b) for a, b in zip(painted, live)
                 if a[:2] != b[:2] or any(abs(x - y) > 1 for x, y in zip(a[2:], b[2:]))]
        assert not moved, f"{len(moved)} boxes moved when the live course came: {moved[:5]}"
        assert not visit.errors, visit.errors
    finally:
        visit.close()
    assert visit.refused == []
