"""A learner's walk by keys only (Tab, Enter, typing), on a phone (390 × 844, one column, the
step bar fixed at the bottom) and at a laptop: after each key, what the learner must see is on
the screen and the focus is somewhere seen.

- Next pressed in the phone's step bar, the page scrolled down to it (Tab goes through the
  story to the bar): the next step's board is on the screen. The page stayed where it was, the
  new step's board and narration above the screen.
- A question answered at a lesson's last step: the verdict on the screen with the focus, on
  the next lesson's link. Both were below the fold on a phone, the link focused off screen.
- A verdict (a wrong answer, a refused move) wholly above the phone's step bar (it fell half
  under it).
- Next pressed to a lesson's last step (Next then disabled): the focus on the next lesson's
  link, on the screen; it fell to the page's body, at a laptop and on a phone.

Checked on geometry, the focus and ``data-*`` (``data-verdict``), not on words.
"""
from __future__ import annotations

import pytest

from .stepping import open_in_place
from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)
from .test_phone import PHONE, SETTLED_JS, TO_TOP_JS

pytestmark = pytest.mark.browser

LIVE = ".tp-page:not(.tp-first)"
LAPTOP = (1280, 800)

#: The focus (its class, "BODY" for the page's body) and its box; the board's, the verdicts'
#: (with data-verdict) and where the screen ends for the reader (above a phone's step bar)
SEEN_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const bar = live.querySelector('.tp-controls');
  const end = live.classList.contains('tp-narrow')
    ? Math.min(innerHeight, bar.getBoundingClientRect().top) : innerHeight;
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const a = document.activeElement;
  return { end, focus: a === document.body ? 'BODY' : String(a.className), focusBox: box(a),
           inBar: bar.contains(a), board: box(live.querySelector('.tp-board svg')),
           step: live.querySelector('select.tp-step-list').selectedIndex,
           phase: live.querySelector('.tp-task').dataset.phase,
           verdicts: [...live.querySelectorAll('.tp-feedback [data-verdict]')].map((v) => [v.dataset.verdict, box(v)]) };
}"""

#: The window and every box in it scrolled to their ends (as Tab to a phone's step bar leaves it)
TO_END_JS = """() => {
  for (const box of document.querySelectorAll('*')) if (box.scrollHeight > box.clientHeight + 1) box.scrollTop = box.scrollHeight;
  window.scrollTo(0, document.documentElement.scrollHeight);
}"""


def seen(page) -> dict:
    page.wait_for_timeout(150)
    page.evaluate(SETTLED_JS)
    return page.evaluate(SEEN_JS)


def on_screen(box, end) -> bool:
    return box[0] >= -0.5 and box[1] <= end + 0.5


def wait_step(page, step: int) -> None:
    page.wait_for_function(f"(i) => document.querySelector('{LIVE} select.tp-step-list').selectedIndex === i",
                           arg=step)


def wait_verdict(page) -> None:
    page.wait_for_selector(f"{LIVE} .tp-feedback [data-verdict]")


def test_next_in_the_phone_s_step_bar_shows_the_next_step_s_board(page, voila):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_in_place(page, voila, "intrappola-turn-d-refused.ipynb", "lang=nl&step=1")
    page.focus(f"{LIVE} .tp-next")
    for step in (2, 3):
        page.evaluate(TO_END_JS)  # read down to the end, the focus in the bar
        assert seen(page)["board"][1] < 0, "the test's page is not scrolled below the board"
        page.keyboard.press("Enter")
        wait_step(page, step)
        shown = seen(page)
        assert -0.5 <= shown["board"][0] < shown["end"] - 100, \
            f"step {step}: the board at {shown['board']}, the screen ends at {shown['end']}"
        assert shown["inBar"] and "tp-next" in shown["focus"], shown


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_a_question_answered_at_the_last_step_shows_verdict_and_focus_together(page, voila, lang):  # noqa: F811
    """Canyon's trick lesson ends with a question; answered by keys, the verdict and the next
    lesson's link (which has the focus) are both on the screen, above the step bar."""
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_in_place(page, voila, "canyon-trick.ipynb", f"lang={lang}&step=4")
    page.focus(f"{LIVE} .tp-next")
    page.evaluate(TO_END_JS)
    page.keyboard.press("Enter")  # the try-it step: Next shows the book's move
    page.wait_for_function(f"() => document.querySelector('{LIVE} .tp-task').dataset.phase === 'done'")
    page.keyboard.press("Enter")  # the last step: a question
    wait_step(page, 5)
    page.wait_for_selector(f"{LIVE} .tp-answer-choice")
    page.evaluate(TO_TOP_JS)
    page.focus(f"{LIVE} .tp-home")
    for _ in range(30):  # Tab from the top to the first answer: the page scrolls as little as it takes
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('tp-answer-choice')"):
            break
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    wait_verdict(page)
    shown = seen(page)
    assert shown["phase"] == "done", shown
    assert "tp-next-lesson" in shown["focus"], f"the focus went to {shown['focus']}"
    assert on_screen(shown["focusBox"], shown["end"]), shown
    assert shown["verdicts"] and all(on_screen(box, shown["end"]) for _v, box in shown["verdicts"]), shown


def test_a_wrong_answer_s_verdict_is_whole_above_the_phone_s_step_bar(page, voila):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_in_place(page, voila, "canyon-movement-points.ipynb", "lang=it&step=1")
    page.focus(f"{LIVE} .tp-next")
    page.keyboard.press("Enter")  # the try-it step: the book's move shown
    page.wait_for_function(f"() => document.querySelector('{LIVE} .tp-task').dataset.phase === 'done'")
    page.keyboard.press("Enter")  # step 2 asks a number
    wait_step(page, 2)
    page.wait_for_selector(f"{LIVE} .tp-answer:visible")
    page.focus(f"{LIVE} .tp-answer")
    page.keyboard.type("99")
    page.keyboard.press("Enter")
    wait_verdict(page)
    shown = seen(page)
    assert [v for v, _box in shown["verdicts"]] == ["wrong"], shown
    assert all(on_screen(box, shown["end"]) for _v, box in shown["verdicts"]), shown
    assert shown["inBar"] and "tp-next" in shown["focus"], shown


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_next_pressed_to_the_last_step_gives_the_focus_to_the_next_lesson(page, voila, size):  # noqa: F811
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_in_place(page, voila, "trapper-to-market.ipynb", "lang=en&step=4")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .tp-task').dataset.phase === 'ask'")
    page.focus(f"{LIVE} .tp-next")
    page.keyboard.press("Enter")  # the question answered by Next: the answer told
    page.wait_for_function(f"() => document.querySelector('{LIVE} .tp-task').dataset.phase === 'done'")
    page.keyboard.press("Enter")  # the last step: Next is disabled
    wait_step(page, 5)
    shown = seen(page)
    assert page.evaluate(f"() => document.querySelector('{LIVE} .tp-next').disabled")
    assert "tp-next-lesson" in shown["focus"], f"the focus went to {shown['focus']}"
    assert on_screen(shown["focusBox"], shown["end"]), shown
    assert not page.script_errors, page.script_errors
