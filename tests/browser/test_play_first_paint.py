"""Free play's first paint (widgets/app.py play_view, widgets/parts/firstpaint.py) against the
live page that replaces it: the board painted is the one the live page opens with, the same
size in the same place, at 390x844, 1024x768 and 1280x800.

Trigger's free play opens with a roll of the dice (chance, before the learner's first turn).
The first paint showed the board before that roll (its banner "Opening roll: ...", on a phone
its folded board 39 px taller) and the live page the board after it: the page jumped when the
kernel's page came. On a projector the live page also widened the board to keep its smallest
words readable (frame.js fitBoard, wordsWidth), which the first paint did not.

The app is held back (its module ``app.js`` is not answered) while the test measures the first
paint, then let through.
"""
from __future__ import annotations

import pytest

from .test_course_first_paint import HeldApp

pytestmark = pytest.mark.browser

FIRST = ".tp-first"
LIVE = ".tutor-app .tp-page:not(.tp-first)"
#: a person may move now (the computers and the dice are done)
PERSON_JS = "() => { const b = document.querySelector('.tp-hint-button'); return b && !b.disabled; }"

#: the boxes that frame the board (relative to the screen) and what the board shows
BOXES = """(selector) => {
  const page = document.querySelector(selector);
  const box = (part) => {
    const found = page.querySelector(part);
    if (!found || !found.getClientRects().length) return null;
    const b = found.getBoundingClientRect();
    return [b.left, b.top, b.width, b.height];
  };
  const svg = page.querySelector(".tp-board svg");
  const story = box(".tp-story");
  return {head: box(".tp-head"), controls: box(".tp-controls"), board: box(".tp-board"),
          svg: box(".tp-board svg"), fold: box(".tp-switches.tp-fold"),
          story: story && story.slice(0, 3),  // (its height: the live page's controls are in it)
          viewBox: svg.getAttribute("viewBox"), at: svg.getAttribute("data-fold-at")};
}"""


def settled(page, selector: str) -> dict:
    """The boxes once two frames have passed with nothing changed (the first paint's fitting
    runs in an animation frame)."""
    last = None
    for _ in range(40):
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        now = page.evaluate(BOXES, selector)
        if now == last:
            return now
        last = now
    return last


def moved(first: dict, live: dict) -> dict:
    out = {}
    for name, painted in first.items():
        there = live[name]
        if isinstance(painted, list) and isinstance(there, list):
            if any(abs(a - b) > 1 for a, b in zip(painted, there)):
                out[name] = (painted, there)
        elif painted != there:
            out[name] = (painted, there)
    return out


@pytest.mark.parametrize("size", [(390, 844), (1024, 768), (1280, 800)])
def test_trigger_s_first_paint_is_the_board_the_live_page_opens_with(tab, voila, size):
    page = tab.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    held = HeldApp(page)
    page.goto(voila.render_url("trigger-play.ipynb", "lang=en"))
    page.wait_for_selector(f"{FIRST} .tp-board svg", state="visible", timeout=90_000)
    assert page.locator(LIVE).count() == 0, "the app came before its first paint was looked at"
    painted = settled(page, FIRST)

    held.release()
    page.wait_for_selector(f"{LIVE} .tp-board svg", state="visible", timeout=90_000)
    page.wait_for_function("() => !document.querySelector('.tp-first')", timeout=30_000)
    page.wait_for_function(PERSON_JS, timeout=60_000)  # the opening roll made
    live = settled(page, LIVE)
    changed = moved(painted, live)
    assert not changed, f"the board moved when the live page came: {changed}"
    tab.assert_clean("the live free play")


#: the status (whose turn, what to do, what happened since) and where a phone's step bar begins
STATUS_JS = """() => {
  const page = document.querySelector('.tutor-app .tp-page:not(.tp-first)');
  const status = page.querySelector('.tp-status').getBoundingClientRect();
  const since = page.querySelector('.tp-status .tp-since');
  return {top: status.top, bottom: status.bottom, bar: page.querySelector('.tp-controls').getBoundingClientRect().top,
          since: since ? since.textContent : null, narrow: page.classList.contains('tp-narrow')};
}"""


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_trigger_s_opening_is_told_whole_above_a_phone_s_bar(tab, voila, lang):
    """Trigger's free play opens after its opening roll and first throw (made at once): the
    status says who rolled what (widgets/games/trigger.py describe) and whose turn it is, on
    a phone whole above the step bar, under the board, without scrolling (in Dutch its last
    line, "beëindig dan de beurt", stood under the bar)."""
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(voila.render_url("trigger-play.ipynb", f"lang={lang}"))
    page.wait_for_selector(f"{LIVE} .tp-status .tp-turn", timeout=90_000)
    page.wait_for_function(PERSON_JS, timeout=60_000)
    shown = page.evaluate(STATUS_JS)
    assert shown["narrow"] and shown["since"], shown  # what happened is told
    assert shown["top"] >= 0 and shown["bottom"] <= shown["bar"] + 0.5, f"the status is not above the bar: {shown}"
    tab.assert_clean("the live free play on a phone")
