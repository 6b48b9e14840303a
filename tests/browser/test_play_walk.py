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
    tab.assert_clean("after undo by keys")
