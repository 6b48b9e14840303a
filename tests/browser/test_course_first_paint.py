"""The course page's first paint on the live app (widgets/parts/firstpaint.py course_preview_html):
someone who opens the course from a link reads it, in the address's language, before Voila's
scripts and the app have come; its links work then; the live course replaces it without a
jump (every box in the course where it was, at 1280x800, 1024x768 and 390x844), and a learner
on keys keeps the control focused and the place in the Tab order.

The app is held back (its module ``app.js`` is not answered) for as long as a test looks at the
first paint, then let through.
"""
from __future__ import annotations

import pytest

from .stepping import BOARD_SVG

pytestmark = pytest.mark.browser

APP_MODULE = "**/voila/templates/tutor/static/app.js"
FIRST = ".tc-first .tutor-course"
LIVE = ".tutor-app .tutor-course"

#: every box of a course, relative to the page's top-left (where the reader sees it)
BOXES = """(selector) => {
  const root = document.querySelector(selector);
  return [...root.querySelectorAll("h1, h2, p, li, section, a[href], button, input, summary")].map((e) => {
    const box = e.getBoundingClientRect();
    return [e.tagName, e.classList[0] || "", box.left, box.top, box.width, box.height];
  });
}"""
#: the focused control: where it is (the first paint or the live app) and which it is
FOCUSED = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  return {first: !!a.closest(".tc-first"), live: !!a.closest(".tutor-app"), tag: a.tagName,
          href: a.getAttribute("href"), cls: a.classList[0] || "", top: Math.round(a.getBoundingClientRect().top)};
}"""
#: a returning learner's record: the course's script draws it into the first paint as well
RECORD = ("localStorage.setItem('rules-tutor-progress', JSON.stringify({'trapper/setup': "
          "{finished: true, tries: {'1': true}}}))")


class HeldApp:
    """The app's module held back until :meth:`release`."""

    def __init__(self, page):
        self.page, self.held = page, []
        page.route(APP_MODULE, self.hold)

    def hold(self, route) -> None:
        if self.holding:
            self.held.append(route)
        else:
            route.continue_()

    holding = True

    def release(self) -> None:
        while not self.held:  # (Voila's scripts may not have asked for it yet)
            self.page.wait_for_timeout(50)
        self.holding = False
        for route in self.held:
            route.continue_()


def open_first_paint(page, voila, query: str) -> HeldApp:
    held = HeldApp(page)
    page.goto(voila.render_url("index.ipynb", query))
    page.wait_for_selector(FIRST, state="visible", timeout=90_000)
    # the course's script has drawn the learner's record into it
    page.wait_for_function("() => document.title && document.querySelector('.tc-first h1').tabIndex === -1",
                           timeout=30_000)
    return held


def boxes(page, selector: str) -> list:
    return page.evaluate(BOXES, selector)


@pytest.mark.parametrize("size, lang", [((1280, 800), "nl"), ((1024, 768), "it"), ((390, 844), "en")])
def test_the_course_is_painted_in_the_readers_language_where_the_live_course_stands(tab, voila, size, lang):
    page = tab.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(RECORD)
    held = open_first_paint(page, voila, f"lang={lang}")
    assert page.locator(LIVE).count() == 0, "the app came before its first paint was looked at"
    assert page.get_attribute(".tc-first", "lang") == lang
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("#loading").count() == 0, "the spinner stays over the course"
    assert page.locator(f"{FIRST} a.tc-lesson").count() > 20
    assert page.get_attribute(f"{FIRST} a.tc-lesson[data-lesson='trapper/setup']", "data-finished") == "true"
    assert page.locator(f"{FIRST} form.tc-join-class").is_visible()
    painted = boxes(page, FIRST)

    held.release()
    page.wait_for_selector(LIVE, state="visible", timeout=90_000)
    page.wait_for_function("() => !document.querySelector('.tc-first')", timeout=30_000)
    live = boxes(page, LIVE)
    assert len(live) == len(painted)
    moved = [(a, b) for a, b in zip(painted, live)
             if a[:2] != b[:2] or any(abs(x - y) > 0.5 for x, y in zip(a[2:], b[2:]))]
    assert not moved, f"{len(moved)} boxes moved when the live course came: {moved[:5]}"
    tab.assert_clean("the live course")


#: the page template's watch loads a page again, once a minute, when ipywidgets gives up on a
#: model a busy kernel sent late ("model not found"); a page whose app is held for the whole test
#: marks itself as just loaded again, so that the watch does not load it under the learner's keys
#: (seen on a loaded CI: the Tab walk's page was destroyed by that reload)
JUST_RELOADED = ("if (location.pathname.endsWith('/index.ipynb')) sessionStorage.setItem("
                 "'tutor-reloaded:' + location.pathname + location.search, String(Date.now()))")


def test_a_lesson_is_opened_from_the_first_paint_by_keys_before_the_app_has_come(tab, voila):
    page = tab.page
    page.add_init_script(JUST_RELOADED)
    held = open_first_paint(page, voila, "lang=nl")  # the app never comes on this page
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused and focused["cls"] == "tc-lesson":
            break
    assert focused and focused["first"] and focused["href"] == "trapper-setup.ipynb?lang=nl", focused
    held.holding = False  # (the lesson's page has its app)
    page.keyboard.press("Enter")
    page.wait_for_url("**/voila/render/trapper-setup.ipynb?lang=nl", timeout=30_000)
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "nl"


@pytest.mark.parametrize("size, tabs", [((1280, 800), 14), ((390, 844), 30)])
def test_the_focus_and_the_place_in_the_tab_order_survive_the_live_course(tab, voila, size, tabs):
    page = tab.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(JUST_RELOADED)  # (its app held while the keys walk: as above)
    held = open_first_paint(page, voila, "lang=it")
    for _ in range(tabs + 1):
        page.keyboard.press("Tab")
    following = page.evaluate(FOCUSED)  # the control after the one the learner is on
    page.keyboard.press("Shift+Tab")
    before = page.evaluate(FOCUSED)
    assert before and before["first"], before

    held.release()
    page.wait_for_selector(LIVE, state="visible", timeout=90_000)
    page.wait_for_function("() => !document.querySelector('.tc-first')", timeout=30_000)
    after = page.evaluate(FOCUSED)
    assert after and after["live"], f"the focus was lost when the live course came: {after}"
    assert {k: after[k] for k in ("tag", "href", "cls")} == {k: before[k] for k in ("tag", "href", "cls")}
    assert abs(after["top"] - before["top"]) <= 1, "the page scrolled away from the focused control"
    page.keyboard.press("Tab")
    went = page.evaluate(FOCUSED)
    assert went and went["live"]
    assert {k: went[k] for k in ("tag", "href", "cls")} == {k: following[k] for k in ("tag", "href", "cls")}
