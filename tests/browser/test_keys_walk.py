"""A learner's walk with the keys only (Tab, Enter, arrow keys), at a laptop's 1280 × 800:
what a key does keeps the focus where the learner is, and the page where it was.

One page for the module, its lessons opened in place (one kernel), as in test_lesson_pages.py.
"""
from __future__ import annotations

import pytest

from tests.conftest import forget

from .stepping import open_in_place

pytestmark = pytest.mark.browser

LESSON = "trapper-green-turn.ipynb"

#: Resolves once the page has refitted: a frame, an idle callback (the page fits there), two
#: frames more.
SETTLED_JS = """
async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const idle = () => new Promise((done) => requestIdleCallback(() => done(), {timeout: 500}));
  await frame(); await idle(); await frame(); await frame();
}
"""

#: Where the focus is (its class, or its tag), the board's width and where the players' panel is.
SHOWN_JS = """
() => { const e = document.activeElement;
  return {focus: e.closest('.tp-panel-box') && e.tagName === 'SUMMARY' ? 'panel summary'
                 : (e.className || e.tagName),
          open: document.querySelector('.tp-panel-box').open,
          board: document.querySelector('.tp-main').style.getPropertyValue('--board-w'),
          panel: document.querySelector('.tp-panel-box').parentElement.className,
          lang: document.documentElement.lang,
          step: document.querySelector('.tp-page:not(.tp-first) select.tp-step-list').selectedIndex}; }
"""


@pytest.fixture(scope="module")
def page(warm_context, voila):
    opened = warm_context.new_page()
    opened.set_default_timeout(30_000)
    opened.set_viewport_size({"width": 1280, "height": 800})
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.script_errors = errors
    yield opened
    forget(warm_context)
    assert not errors, f"script errors: {errors}"


def test_folding_the_players_panel_by_keys_keeps_the_focus_and_the_board(page, voila):
    """Tab to the players' panel (the page scrolls to it), Enter folds it, Enter opens it:
    the focus stays on its summary and the board keeps its size. The refit after Enter read
    the page as if unscrolled by the window only (Voila scrolls a box of its own): the board
    grew, the panel moved under it and the focus fell to the page's body."""
    open_in_place(page, voila, LESSON, "lang=nl&step=2")
    page.evaluate(SETTLED_JS)
    before = page.evaluate(SHOWN_JS)
    page.focus(".tp-controls .tp-next")
    for _ in range(40):  # Tab on until the panel's summary: the page scrolls down to it
        page.keyboard.press("Tab")
        if page.evaluate(SHOWN_JS)["focus"] == "panel summary":
            break
    assert page.evaluate(SHOWN_JS)["focus"] == "panel summary", "Tab never reached the players' panel"
    for _ in range(2):
        page.keyboard.press("Enter")
        page.evaluate(SETTLED_JS)
        shown = page.evaluate(SHOWN_JS)
        assert shown["focus"] == "panel summary", f"the focus went to {shown['focus']}"
        assert shown["panel"] == before["panel"], "the players' panel moved"
        assert abs(float(shown["board"][:-2]) - float(before["board"][:-2])) <= 2, \
            f"the board went from {before['board']} to {shown['board']}"
    assert shown["open"] == before["open"]


def test_switching_the_language_by_keys_keeps_the_focus_on_the_menu(page, voila):
    """The language menu changed with an arrow key: the page comes back in Italian, at the
    same step, the focus still on the menu (it fell to the page's body: a learner on keys
    started again from the top)."""
    open_in_place(page, voila, LESSON, "lang=nl&step=1")
    page.focus("select.tp-lang")
    page.keyboard.press("ArrowDown")  # Nederlands -> Italiano
    page.wait_for_function("() => document.documentElement.lang === 'it'"
                           " && !!document.querySelector('.tp-page:not(.tp-first) select.tp-lang:not([disabled])')",
                           timeout=60_000)
    page.evaluate(SETTLED_JS)
    shown = page.evaluate(SHOWN_JS)
    assert shown["step"] == 1
    assert shown["focus"] == "tp-lang", f"the focus went to {shown['focus']}"
    assert page.eval_on_selector("select.tp-lang", "s => s.value") == "it"
