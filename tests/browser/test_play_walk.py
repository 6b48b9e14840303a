"""Free play walked with the keys only (Tab, Enter, arrow keys): after Play or Undo pressed by
keys the focus stays with the move controls. Play is disabled while the computers move and
Undo when nothing is left to take back: the focus fell to the page's body, and the next Tab
started again at the top of the page.

Voila, Debian's Chromium, real keys."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1024, "height": 768}

#: the focused element: its first class, or its tag
FOCUS_JS = "() => { const e = document.activeElement; return (e.classList && [...e.classList].find((c) => c !== 'tp-button')) || e.tagName; }"
#: a person may move now (the computers are done)
PERSON_JS = "() => { const b = document.querySelector('.tp-hint-button'); return b && !b.disabled; }"


def open_play(page, voila, game: str) -> None:
    page.set_viewport_size(PROJECTOR)
    page.goto(voila.render_url(f"{game}-play.ipynb", "lang=en"))
    page.wait_for_selector(".tp-status .tp-turn", timeout=90_000)
    page.wait_for_function(PERSON_JS, timeout=60_000)


def log_length(page) -> int:
    return page.eval_on_selector(".tp-log", "(log) => log.start - 1 + log.children.length")


def test_play_by_keys_keeps_the_focus_on_play_while_the_computers_move(tab, voila):
    page = tab.page
    open_play(page, voila, "canyon")  # four canoes: three computers move after the learner
    page.focus(".tp-moves")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS_JS) == "tp-play"
    before = log_length(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => !({PERSON_JS})()", timeout=10_000)  # the computers move
    page.wait_for_function(PERSON_JS, timeout=60_000)
    assert log_length(page) > before + 1  # the learner's move and the computers'
    assert page.evaluate(FOCUS_JS) == "tp-play"
    page.keyboard.press("Shift+Tab")  # back to the list, to pick the next move
    assert page.evaluate(FOCUS_JS) == "tp-moves"
    tab.assert_clean("after a move by keys")


def test_undo_by_keys_of_the_only_move_puts_the_focus_on_the_moves(tab, voila):
    page = tab.page
    open_play(page, voila, "trapper")  # the learner moves first; a turn takes several tiles
    assert page.is_disabled(".tp-undo")
    page.focus(".tp-moves")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.tp-undo').disabled", timeout=30_000)
    page.wait_for_function(PERSON_JS, timeout=60_000)
    page.focus(".tp-undo")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.tp-undo').disabled", timeout=30_000)
    page.wait_for_function("() => document.activeElement !== document.body", timeout=5_000)
    assert page.evaluate(FOCUS_JS) == "tp-moves"
    # a typed move: one that cannot be read is not played, its text stays to be corrected;
    # one played empties the box for the next
    page.fill(".tp-typed", "take nowhere")
    page.press(".tp-typed", "Enter")
    page.wait_for_selector(".tp-status .tp-problem")
    assert page.input_value(".tp-typed") == "take nowhere"
    legal = page.eval_on_selector(".tp-moves", "(list) => list.options[0].text")
    page.fill(".tp-typed", legal)
    page.press(".tp-typed", "Enter")
    page.wait_for_function("() => !document.querySelector('.tp-undo').disabled", timeout=30_000)
    page.wait_for_function("() => document.querySelector('.tp-typed').value === ''")
    tab.assert_clean("after undo by keys")


PHONE = {"width": 390, "height": 844}
#: on a phone, the status, the hand under it and the step bar: where each is on the screen
HAND_JS = """() => {
  const box = (s) => { const e = document.querySelector(s); if (!e || !e.getClientRects().length) return null;
                       const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const hand = document.querySelector('.tp-hand-now');
  return { status: box('.tp-status'), hand: box('.tp-hand-now'), bar: box('.tp-controls'),
           phase: hand && !hand.hidden ? hand.dataset.phase : '',
           cards: document.querySelectorAll('.tp-hand-now .cy-card').length,
           playable: document.querySelectorAll('.tp-hand-now .cy-card[data-target]').length,
           lang: document.documentElement.lang };
}"""


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_phone_sees_its_hand_with_the_status_when_it_plays_a_card(tab, voila, lang):
    """Canyon on a phone (390x844): the status said "click a card in the hand" (and, laying
    tempo cards, "pick a move"), but the hand was in the players' panel under the board,
    ~950 px down, under the step bar. The hand now stands under the status, the two on the
    screen above the bar without scrolling, its cards played by a tap there."""
    page = tab.page
    page.set_viewport_size(PHONE)
    page.goto(voila.render_url("canyon-play.ipynb", f"lang={lang}"))
    page.wait_for_selector(".tp-status .tp-turn", timeout=90_000)
    seen_phases = set()
    for _ in range(6):
        page.wait_for_function(PERSON_JS, timeout=60_000)
        page.wait_for_timeout(400)  # fitted, and brought on the screen, within a few frames
        seen = page.evaluate(HAND_JS)
        if seen["phase"]:
            seen_phases.add(seen["phase"])
            assert seen["lang"] == lang and seen["cards"] >= 1, seen
            # the status and the hand wholly on the screen, above the step bar
            assert 0 <= seen["status"][0] < seen["status"][1] <= seen["hand"][0], seen
            assert seen["hand"][1] <= seen["bar"][0], seen
            if seen["phase"] == "tricks":
                assert seen["playable"] == seen["cards"], seen
                # the coach's card (one the rules allow) is marked in the hand shown too
                page.click(".tp-hint-button")
                page.wait_for_selector(".tp-hand-now .cy-card[data-mark]")
                before = log_length(page)
                page.click(".tp-hand-now .cy-card[data-mark]")  # a tap on the hand shown
                page.wait_for_function(f"() => document.querySelector('.tp-log').start - 1"
                                       f" + document.querySelector('.tp-log').children.length > {before}")
                break
        else:
            assert seen["hand"] is None, seen  # launching: no hand line
        # a move from the list, as by keys (no scrolling by the test)
        page.eval_on_selector(".tp-moves", "(list) => { list.selectedIndex = 0; list.dispatchEvent(new Event('change')); }")
        page.eval_on_selector(".tp-play", "(play) => play.click()")
        page.wait_for_function(f"() => !({PERSON_JS})()", timeout=10_000)
    assert seen_phases == {"tempo", "tricks"}, seen_phases
    tab.assert_clean(f"a phone playing its hand ({lang})")
