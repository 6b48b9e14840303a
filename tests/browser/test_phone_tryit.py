"""A lesson's try-it step on a phone (390 × 844, one column, the step bar fixed at the bottom).

At a try-it step the board is how the move is made, and the try-it box's first line says whose
move it is and what to do. Both are on the screen above the step bar: the whole board and that
line, whether the step was opened by its address (``?step=N``) or reached with → from the step
before. The line started under the bar (Trigger's round-end step 4: the box at 753 px, the bar
at 783; 48 of the 129 try-it steps in en, nl and it). The page is scrolled (the header first),
down to the board's top; only what that cannot give is taken from the board, whose smallest
words stay at least 12 px and whose places stay big enough to tap
(widgets/static/frame.js, tryLine, showAsking).

Checked on geometry and ``data-*`` (the task's phase), not on words.
"""
from __future__ import annotations

import pytest

from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)
from .test_phone import PHONE
from .test_phone_questions import open_step, settle

pytestmark = pytest.mark.browser

#: The try-it box's first line (its status's first words' first line), the board (and the least
#: size of its words and of its places to tap, in px), the step, the phase, where the screen ends
TRY_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const box = (e) => { if (!e || !e.getClientRects().length) return null;
    const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const status = live.querySelector('.tp-try-box .tp-status');
  let first = null;
  if (status && status.getClientRects().length) {
    const walk = document.createTreeWalker(status, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t && !first; t = walk.nextNode()) {
      if (!t.textContent.trim()) continue;
      const range = document.createRange(); range.selectNodeContents(t);
      const line = [...range.getClientRects()].find((r) => r.width > 0 && r.height > 0);
      if (line) first = [line.top, line.bottom];
    }
  }
  const svg = live.querySelector('.tp-board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  let words = Infinity, tap = Infinity;
  for (const t of svg.querySelectorAll('text')) {
    if (getComputedStyle(t).display === 'none' || !t.textContent.trim() || !t.getClientRects().length) continue;
    words = Math.min(words, parseFloat(getComputedStyle(t).fontSize) * scale);
  }
  for (const t of svg.querySelectorAll('[data-target]')) {
    const r = t.getBoundingClientRect(); if (r.width > 0) tap = Math.min(tap, r.width, r.height);
  }
  return { end: Math.min(innerHeight, live.querySelector('.tp-controls').getBoundingClientRect().top),
           first, board: box(svg), words, tap: tap === Infinity ? null : tap,
           phase: live.querySelector('.tp-task').dataset.phase,
           step: live.querySelector('select.tp-step-list').selectedIndex };
}"""

#: (notebook, try-it step, language, the least size of a place to tap on its board before, px):
#: steps whose first line was under the bar: Trigger's (the round-end star, a solo step),
#: Canyon's (its river boards the tallest: the line ~50 px under the bar)
TRIES = [("trigger-round-end.ipynb", 4, "nl", 49.4), ("trigger-round-end.ipynb", 4, "it", 49.4),
         ("trigger-solo-malus.ipynb", 6, "en", 49.4), ("trigger-solo-reroll.ipynb", 9, "nl", 49.4),
         ("canyon-movement-pictures.ipynb", 2, "it", 57.1), ("canyon-narrow-pass.ipynb", 3, "en", 57.1),
         ("canyon-movement-points.ipynb", 1, "nl", 41.7), ("canyon-setup.ipynb", 3, "it", 41.7)]


def at_try(page, step: int) -> dict:
    settle(page)
    shown = page.evaluate(TRY_JS)
    assert shown["step"] == step and shown["phase"] == "try", f"not at the try-it of step {step}: {shown}"
    return shown


def assert_try_seen(shown: dict, tap_before: float, where: str) -> None:
    assert shown["first"], f"{where}: no try-it box shown: {shown}"
    top, bottom = shown["first"]
    assert top >= 0 and bottom <= shown["end"] + 0.5, \
        f"{where}: the try-it box's first line {top:.0f}-{bottom:.0f} is not above the step bar at {shown['end']:.0f}"
    board_top, board_bottom = shown["board"]
    assert board_top >= -0.5 and board_bottom <= shown["end"] + 0.5, \
        f"{where}: the board {board_top:.0f}-{board_bottom:.0f} is not all on the screen above {shown['end']:.0f}"
    assert shown["words"] >= 12 - 0.05, f"{where}: the board's words are {shown['words']:.1f} px"
    if shown["tap"] is not None:
        assert shown["tap"] >= tap_before - 0.5, \
            f"{where}: a place to tap on the board is {shown['tap']:.1f} px, it was {tap_before:.1f}"


@pytest.mark.parametrize("notebook,step,lang,tap", TRIES)
def test_a_try_it_step_s_first_line_and_board_are_above_the_phone_s_bar_opened_by_address(
        page, voila, notebook, step, tap, lang):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_step(page, voila, notebook, step, lang)
    assert_try_seen(at_try(page, step), tap, f"{notebook} ?step={step} in {lang}")


@pytest.mark.parametrize("notebook,step,lang,tap", TRIES[::2])
def test_a_try_it_step_s_first_line_and_board_are_above_the_phone_s_bar_reached_by_keys(
        page, voila, notebook, step, tap, lang):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_step(page, voila, notebook, step - 1, lang)
    for _ in range(4):  # → through the step before (its question, its book's move, if any)
        settle(page)
        if page.evaluate(TRY_JS)["step"] == step:
            break
        page.keyboard.press("ArrowRight")
    assert_try_seen(at_try(page, step), tap, f"{notebook} step {step} by → in {lang}")


def test_a_learner_who_scrolled_away_from_the_try_it_is_not_brought_back(page, voila):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_step(page, voila, "trigger-round-end.ipynb", 4, "nl")
    assert_try_seen(at_try(page, 4), 49.4, "at the try-it")
    page.evaluate("() => document.querySelector('.tp-page:not(.tp-first) .tp-rules').scrollIntoView({ block: 'start' })")
    settle(page)
    rules = "() => document.querySelector('.tp-page:not(.tp-first) .tp-rules').getBoundingClientRect().top"
    before = page.evaluate(rules)
    page.evaluate("() => dispatchEvent(new Event('resize'))")
    settle(page)
    after = page.evaluate(rules)
    assert abs(after - before) <= 1, f"the page moved back to the try-it: the rules {before:.0f} → {after:.0f}"
