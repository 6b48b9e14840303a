"""A lesson's question on a phone (390 × 844, one column, the step bar fixed at the bottom), and
the first paint that comes before the live page there.

- A question step ("how many movement points?", "who is the start player?"): the box to answer
  in is on the screen above the step bar, with the question (the narration's start), whether
  the step was opened by its address (``?step=N``) or reached with → from the step before. It
  started under the bar, or below it: the learner had to scroll or Tab to find what was asked.
  The board is made smaller for it (never under its words' 12 px), then the page scrolled as
  little as it takes (widgets/static/frame.js showQuestion).
- The first paint (widgets/parts/firstpaint.py) fitted as the live page fits: the board as
  wide, the line naming the step's rules under the title drawn; the board, the title and the
  narration do not move when the live page replaces it. They moved (the rules line, ~31 px; a
  Canyon board 360 → 346 px).

Checked on geometry and ``data-*`` (the task's phase), not on words.
"""
from __future__ import annotations

import pytest

from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)
from .test_phone import PHONE, SETTLED_JS

pytestmark = pytest.mark.browser

LIVE = ".tp-page:not(.tp-first)"

#: The question's box, the narration, the board and where the screen ends (the bar's top)
QUESTION_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const box = (s) => { const e = live.querySelector(s); if (!e || !e.getClientRects().length) return null;
    const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  return { end: Math.min(innerHeight, live.querySelector('.tp-controls').getBoundingClientRect().top),
           ask: box('.tp-ask-box'), narration: box('.tp-narration'), board: box('.tp-board svg'),
           phase: live.querySelector('.tp-task').dataset.phase,
           step: live.querySelector('select.tp-step-list').selectedIndex };
}"""

#: (notebook, the question's step): Canyon's (a number, then choices), the one the page had to
#: scroll for in Italian (a verdict of the try came above the box after the fitting), Trigger's
QUESTIONS = [("canyon-movement-points.ipynb", 2), ("canyon-setup.ipynb", 1),
             ("canyon-current-push.ipynb", 5), ("trigger-solo.ipynb", 14)]


def settle(page) -> None:
    page.wait_for_timeout(300)
    page.evaluate(SETTLED_JS)


def at_question(page) -> dict:
    """The step moved on (→) to its question when it opens on a try, then what is shown."""
    for _ in range(3):
        settle(page)
        shown = page.evaluate(QUESTION_JS)
        if shown["phase"] == "ask":
            return shown
        page.keyboard.press("ArrowRight")
    pytest.fail(f"no question at step {shown['step']}: phase {shown['phase']}", pytrace=False)


def open_step(page, voila, notebook: str, step: int, lang: str) -> None:
    page.goto(voila.render_url(notebook) + f"?lang={lang}&step={step}")
    page.wait_for_function(f"(i) => {{ const l = document.querySelector('{LIVE} select.tp-step-list');"
                           " return l && l.selectedIndex === i; }", arg=step, timeout=90_000)


def assert_question_seen(shown: dict, where: str) -> None:
    top, bottom = shown["ask"]
    assert top >= 0 and bottom <= shown["end"] + 0.5, \
        f"{where}: the question's box {top:.0f}-{bottom:.0f} is not above the step bar at {shown['end']:.0f}"
    assert 0 <= shown["narration"][0] < top, f"{where}: the question's start is off the screen: {shown}"
    assert shown["board"][1] > 0, f"{where}: the board is off the screen: {shown}"


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("notebook,step", QUESTIONS)
def test_a_question_s_box_is_above_the_phone_s_bar_opened_by_address(page, voila, notebook, step, lang):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_step(page, voila, notebook, step, lang)
    assert_question_seen(at_question(page), f"{notebook} ?step={step} in {lang}")


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("notebook,step", QUESTIONS[:2])
def test_a_question_s_box_is_above_the_phone_s_bar_reached_by_keys(page, voila, notebook, step, lang):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_step(page, voila, notebook, step - 1, lang)
    for _ in range(4):  # → through the step before (a try-it step: its book's move first)
        settle(page)
        if page.evaluate(QUESTION_JS)["step"] == step:
            break
        page.keyboard.press("ArrowRight")
    assert_question_seen(at_question(page), f"{notebook} step {step} by → in {lang}")


def test_a_learner_who_scrolled_away_from_the_question_is_not_brought_back(page, voila):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_step(page, voila, "canyon-movement-points.ipynb", 2, "en")
    assert_question_seen(at_question(page), "at the question")
    # read down to the rules, then a rule's text opened (the page fits again)
    page.evaluate("() => { const r = document.querySelector('.tp-page:not(.tp-first) .tp-rules');"
                  " r.scrollIntoView({ block: 'start' }); }")
    settle(page)
    before = page.evaluate("() => document.querySelector('.tp-page:not(.tp-first) .tp-rules')"
                           ".getBoundingClientRect().top")
    page.evaluate("() => dispatchEvent(new Event('resize'))")
    settle(page)
    after = page.evaluate("() => document.querySelector('.tp-page:not(.tp-first) .tp-rules')"
                          ".getBoundingClientRect().top")
    assert abs(after - before) <= 1, f"the page moved back to the question: the rules {before:.0f} → {after:.0f}"


#: The first paint's boxes (the board, the page's title, the step's title, the narration), read
#: in the frame it is painted (before the live page comes), kept in window.__firstBoxes
FIRST_BOXES_JS = """() => {
  const read = (page) => { const box = (s) => { const e = page.querySelector(s);
      if (!e || !e.getClientRects().length) return null;
      const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
    return { board: box('.tp-board svg'), title: box('.tp-title'), step: box('.tp-step-title'),
             narration: box('.tp-narration') }; };
  window.__readBoxes = read;
  const watch = new MutationObserver(() => {
    const first = document.querySelector('.tp-first.tp-narrow');
    if (!first || window.__firstBoxes) return;
    watch.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => {
      if (first.isConnected) window.__firstBoxes = read(first);
    }));
  });
  watch.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
}"""

#: (notebook, step, language): a step of each game that the first paint paints, with rule cards
FIRST_PAINTS = [("canyon-movement-points.ipynb", 3, "en"), ("canyon-movement-points.ipynb", 3, "nl"),
                ("canyon-movement-points.ipynb", 3, "it"), ("trapper-setup.ipynb", 1, "nl"),
                ("intrappola-es1-corner.ipynb", 1, "it"), ("trigger-roll-and-flip.ipynb", 1, "en")]
#: steps whose narration started under the step bar at their arrival, the board at its floors
#: (its words' 12 px, 40% of the screen's height): a refused move's box (120-190 px) between
#: the title and the narration, InTrappola's pictures' switch (three rows); the page (and its
#: first paint) is now scrolled at the arrival, the header first
HEADER_SCROLLED = [("canyon-setup.ipynb", 4, "nl"), ("intrappola-turn-d-refused.ipynb", 2, "it"),
                   ("trigger-solo-malus.ipynb", 5, "nl"),
                   ("intrappola-variant-several-pictures.ipynb", 4, "it")]

#: The narration's first line, the board and the step bar's top, on the live page
START_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const told = live.querySelector('.tp-narration');
  const words = document.createTreeWalker(told, NodeFilter.SHOW_TEXT);
  let line = null;
  for (let text = words.nextNode(); text && !line; text = words.nextNode()) {
    if (!text.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    line = [...range.getClientRects()].find((r) => r.width > 0 && r.height > 0) || null;
  }
  return { line: line && [line.top, line.bottom], board: live.querySelector('.tp-board svg').getBoundingClientRect().top,
           bar: Math.min(innerHeight, live.querySelector('.tp-controls').getBoundingClientRect().top) };
}"""


@pytest.mark.parametrize("notebook,step,lang", FIRST_PAINTS + HEADER_SCROLLED)
def test_the_phone_s_first_paint_does_not_move_when_the_live_page_comes(page, voila, notebook, step, lang):  # noqa: F811
    """The first paint's board, titles and narration stand where the live page puts them, and
    the step arrives with the narration's first line above the step bar, the board's top on
    the screen (where the page is scrolled for it, the first paint is scrolled alike)."""
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.add_init_script(f"({FIRST_BOXES_JS})()")
    open_step(page, voila, notebook, step, lang)
    settle(page)
    first = page.evaluate("() => window.__firstBoxes || null")
    assert first, "no first paint was seen on the phone"
    live = page.evaluate("() => window.__readBoxes(document.querySelector('.tp-page:not(.tp-first)'))")
    moved = {name: [round(b - a) for a, b in zip(first[name], live[name])]
             for name in first if first[name] and live[name]
             and any(abs(b - a) > 2 for a, b in zip(first[name], live[name]))}
    assert not moved, f"{notebook} step {step} in {lang}: moved when the live page came (left, top, width, height): {moved}"
    start = page.evaluate(START_JS)
    assert start["line"] and start["line"][1] <= start["bar"] + 0.5 and start["board"] >= 0, \
        f"{notebook} step {step} in {lang}: the narration's first line is not above the step bar: {start}"
