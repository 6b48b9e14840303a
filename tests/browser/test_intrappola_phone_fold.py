"""InTrappola's pictures on a phone (390 × 844), one part at a time: a prey closed across the
border between two pictures is shown whole with what closes it - the several-pictures lesson's
"A4 is closed" showed picture A alone, B1 cut away, until the learner tapped picture B. At a
laptop the board is drawn whole, as before."""
from __future__ import annotations

import pytest

from .harness import Held
from .stepping import BOARD_SVG, open_in_place
from .test_learn_by_doing import page, screenshot  # noqa: F401 (page: the fixture)
from .test_phone import PHONE, settle, words_at_least_12_px
from .test_phone_boards import FIRST_SVG, PROJECTOR

pytestmark = pytest.mark.browser

LESSON = "intrappola-variant-several-pictures.ipynb"
LAPTOP = (1280, 800)

#: Each named place: whether it is wholly on the screen inside the board's box, and the board's
#: box, its folded state and the fold switch's buttons (pressed first)
SEEN_JS = """([board, names]) => {
  const svg = document.querySelector(board), box = svg.getBoundingClientRect();
  const seen = {};
  for (const name of names) {
    const r = svg.querySelector(`rect.it-hit[data-target="${name}"]`).getBoundingClientRect();
    seen[name] = r.width > 20 && r.left >= box.left - 1 && r.right <= box.right + 1
                 && r.left >= -1 && r.right <= window.innerWidth + 1;
  }
  const options = [...document.querySelectorAll('.tp-page:not(.tp-first) .tp-fold:not([hidden]) .tp-fold-option')];
  const fold = document.querySelector('.tp-page:not(.tp-first) .tp-fold');
  return { seen, viewBox: svg.getAttribute('viewBox'), folded: svg.hasAttribute('data-folded'),
           pressed: options.map((o) => o.getAttribute('aria-pressed') === 'true'),
           names: options.map((o) => o.textContent),
           spoken: options.map((o) => o.getAttribute('aria-label') || o.textContent),
           partNames: (svg.getAttribute('data-fold-names') || '').split('|'),
           switchHeight: fold.getBoundingClientRect().height,
           heights: options.map((o) => o.getBoundingClientRect().height),
           rows: new Set(options.map((o) => Math.round(o.getBoundingClientRect().top))).size };
}"""


def shown(page, *names: str) -> dict:
    return page.evaluate(SEEN_JS, [BOARD_SVG, list(names)])


@pytest.mark.parametrize("lang", ["it"])
def test_a_prey_closed_from_the_next_picture_is_seen_with_its_closer_on_a_phone(page, voila, lang):
    # step 3: Anna's trap on A4 is refused: B1, right of A4 in picture B, is still open; the
    # first paint (the page's scripts held back) shows the same part
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    held = Held(page, "**/app.js")
    page.goto(voila.render_url(LESSON, f"lang={lang}&step=3"), wait_until="commit")
    page.wait_for_selector(f"{FIRST_SVG}[data-folded]", timeout=90_000)
    assert page.get_attribute(FIRST_SVG, "viewBox").split() == ["200", "0", "400", "400"]
    held.release()
    page.wait_for_selector(BOARD_SVG, timeout=90_000)
    page.wait_for_timeout(200)  # the kernel hears the page is ready
    settle(page, PHONE)
    found = shown(page, "A3", "A4", "A8", "B1")
    assert found["folded"] and all(found["seen"].values()), found
    assert found["viewBox"] == "200 0 400 400", found  # where A meets B: half of each
    assert found["pressed"] == [False, False, True] and len(found["names"]) == 3, found
    # the switch is one row (its three full names took three rows, ~147 px, pushing the
    # narration down), each button tall enough to tap, each named in full for a screen reader
    assert found["rows"] == 1 and found["switchHeight"] < 2 * 44, found
    assert all(h >= 44 for h in found["heights"]), found
    assert found["spoken"] == found["partNames"] and found["names"] != found["spoken"], found
    words_at_least_12_px(page, f"{LESSON} step 3 in {lang}")
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, f"intrappola-where-pictures-meet-{lang}-phone.png")
    # step 4: A3 and B1 close A4: the same part, all of the trap seen at once
    open_in_place(page, voila, LESSON, f"lang={lang}&step=4")
    settle(page, PHONE)
    found = shown(page, "A3", "A4", "A8", "B1")
    assert all(found["seen"].values()) and found["viewBox"] == "200 0 400 400", found
    # step 2 points at A4 and A8, both in picture A: picture A, with its caption
    open_in_place(page, voila, LESSON, f"lang={lang}&step=2")
    settle(page, PHONE)
    found = shown(page, "A4", "A8")
    assert all(found["seen"].values()) and found["viewBox"] == "0 0 400 446", found
    assert found["pressed"] == [True, False, False], found
    # a laptop: the whole board, no fold switch (as before)
    open_in_place(page, voila, LESSON, f"lang={lang}&step=3")
    settle(page, LAPTOP)
    found = shown(page, "A1", "A4", "B1", "B16")
    assert not found["folded"] and found["viewBox"] == "0 0 800 446" and not found["names"], found
    assert all(found["seen"].values()), found
    assert not page.script_errors, page.script_errors


#: The live page's board, its players' panel's cards that make a move (``data-target``), its
#: narration and try-it box: each one's box against the window, and the rule cards' titles
IN_VIEW_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const box = (e) => { const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
  const whole = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight + 0.5
                       && r.right <= window.innerWidth + 0.5;
  const parts = { board: live.querySelector('.tp-board svg'), task: live.querySelector('.tp-task'),
                  narration: live.querySelector('.tp-narration') };
  const cards = [...live.querySelectorAll('.tp-panel [data-target]')];
  const titles = [...live.querySelectorAll('.tp-rules .tp-rule-title')];
  return { cards: cards.map((c) => [c.getAttribute('data-target'), whole(box(c))]),
           parts: Object.fromEntries(Object.entries(parts).map(([k, e]) => [k, e && whole(box(e))])),
           titles: titles.map((t) => whole(box(t))),
           board: Math.round(parts.board.getBoundingClientRect().width) };
}"""


@pytest.mark.parametrize("lesson, step, hand, book", [
    ("intrappola-turn-c-discard.ipynb", 3, ["discard:3", "discard:6", "discard:13"], "discard:6"),
    ("canyon-trick.ipynb", 4, ["card:blue:3", "card:red:5"], "card:blue:3"),
], ids=["intrappola-discard", "canyon-trick"])
def test_the_hand_a_try_it_step_clicks_is_on_the_screen_with_board_task_and_rules(
        page, voila, lesson, step, hand, book):  # noqa: F811
    """A try-it step whose move is a card of the hand ("Click the card in the hand"): at a
    laptop and a projector the hand's cards are on the screen with the board, the narration, the
    try-it box and every rule's title. InTrappola's players' panel stood in the story column
    under the rules, below the fold at both sizes (its board, square, filled the height); now
    its board is made smaller and the panel stands under it. Canyon's stood under its wide
    board already. Presenting, the same. On a phone the hand stands right after the try-it box, before the rule
    cards, while the step asks for the move. In Dutch, the longer words."""
    for size in (LAPTOP, PROJECTOR):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        open_in_place(page, voila, lesson, f"lang=nl&step={step}")
        settle(page, size)
        found = page.evaluate(IN_VIEW_JS)
        assert [name for name, _seen in found["cards"]] == hand, found
        assert all(seen for _name, seen in found["cards"]), (size, found)
        assert all(found["parts"].values()) and all(found["titles"]), (size, found)
        words_at_least_12_px(page, f"{lesson} step {step} at {size}")
        page.evaluate("() => window.scrollTo(0, 0)")
        screenshot(page, f"{lesson.removesuffix('.ipynb')}-hand-nl-{size[0]}.png")
    # presenting on a projector (the story's words larger): the same
    open_in_place(page, voila, lesson, f"lang=nl&step={step}&present=1")
    settle(page, PROJECTOR)
    found = page.evaluate(IN_VIEW_JS)
    assert found["cards"] and all(seen for _name, seen in found["cards"]), found
    assert all(found["parts"].values()) and all(found["titles"]), found
    # a phone's one column: the hand right after the try-it box, before the rule cards (it
    # stood after every card: InTrappola's ~900 px under the prompt that names it)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_in_place(page, voila, lesson, f"lang=nl&step={step}")
    settle(page, PHONE)
    order = page.evaluate(ORDER_JS)
    assert order["task"] < order["cards"] < order["rules"], order
    # the move made: the step asks no more, and the panel goes back after the rules
    page.click(f'.tp-page:not(.tp-first) .tp-panel [data-target="{book}"]')
    page.wait_for_selector('.tp-page:not(.tp-first) .tp-feedback [data-verdict="book"]', timeout=30_000)
    settle(page, PHONE)
    order = page.evaluate(ORDER_JS)
    assert order["rules"] < order["panel"], order
    assert not page.script_errors, page.script_errors


#: Where the live page's try-it box ends, its first card of the hand to click and its players'
#: panel start, and its rules start, down the page (px)
ORDER_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const at = (s, end) => { const e = live.querySelector(s); if (!e) return null;
    const r = e.getBoundingClientRect(); return (end ? r.bottom : r.top) + window.scrollY; };
  return { task: at('.tp-task', true), cards: at('.tp-panel [data-target]'),
           panel: at('.tp-panel-box'), rules: at('.tp-rules') };
}"""
