"""Someone opening the demo from a link, on a phone: what the page Voila sends shows before the
page's scripts have run (its first paint, widgets/parts/firstpaint.py) against the live page.

The board's view switches under it (InTrappola's "Knowledge:", the switch between Trigger's
two boards on a phone) were drawn only by the live page: the first paint had no such row, so
on a phone the step's title and narration jumped down by one or two rows of buttons (46-90 px)
when the page came. The first paint draws the row as the page will (its buttons disabled
until then), with the same words in the same place.
"""
from __future__ import annotations

import pytest

from .harness import Held
from .stepping import BOARD_SVG
from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)
from .test_phone import PHONE, SETTLED_JS

pytestmark = pytest.mark.browser

#: the board's box and each row of switches under it (their words, their top), in the first
#: paint (``first``) or the live page
SWITCHES_JS = """(first) => {
  const root = document.querySelector(first ? '.tp-page.tp-first' : '.tp-page:not(.tp-first)');
  if (!root) return null;
  const box = (node) => { const b = node.getBoundingClientRect();
                          return [Math.round(b.left), Math.round(b.top), Math.round(b.width)]; };
  const rows = [...root.querySelectorAll('.tp-board-box .tp-switches')]
    .filter((row) => !row.hidden && row.childElementCount)
    .map((row) => ({ words: [...row.querySelectorAll('.tp-switch-label, .tp-switch-option')]
                       .map((part) => part.textContent.trim()),
                     pressed: [...row.querySelectorAll('[aria-pressed="true"]')]
                       .map((part) => part.textContent.trim()),
                     top: box(row)[1] }));
  return { board: box(root.querySelector('.tp-board svg')), rows };
}"""


def first_and_live(page, voila, notebook: str, query: str, size, measure: str):
    """``measure`` (a script taking ``first``) on the first paint at ``size``, the app's script
    held back, then on the live page once it has replaced the first paint."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    held = Held(page, "**/app.js")
    page.goto(voila.render_url(notebook, query), wait_until="commit")
    page.wait_for_selector(".tp-first .tp-board svg", timeout=90_000)
    page.evaluate(SETTLED_JS)
    first = page.evaluate(measure, True)
    held.release()
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    page.wait_for_function("() => !document.querySelector('.tp-first-wrap')", timeout=30_000)
    page.evaluate(SETTLED_JS)
    live = page.evaluate(measure, False)
    return first, live


@pytest.mark.parametrize("notebook, query, same_board", [
    # Trigger's two boards folded on a phone: the switch between them (Anna | Ben)
    ("trigger-malus.ipynb", "lang=nl&step=2", True),
    # InTrappola's "what is known" switch (off | Anna | Bruno): the live page may then make the
    # board a little smaller to keep the narration's start on the screen
    ("intrappola-es3-inner.ipynb", "lang=it&step=1", False),
])
def test_the_first_paint_on_a_phone_has_the_boards_switches_as_the_live_page(
        page, voila, notebook, query, same_board):  # noqa: F811 (page: the fixture)
    first, live = first_and_live(page, voila, notebook, query, PHONE, SWITCHES_JS)
    where = f"{notebook}?{query}"
    assert live["rows"], f"{where}: the live page has no switches: nothing to compare"
    assert [(r["words"], r["pressed"]) for r in first["rows"]] \
        == [(r["words"], r["pressed"]) for r in live["rows"]], where
    if same_board:  # the same board, its switches in the same place
        assert first["board"] == live["board"], where
        assert [r["top"] for r in first["rows"]] == [r["top"] for r in live["rows"]], where
    else:  # the live page may narrow the board: its switches then come no lower
        assert all(f["top"] >= l["top"] - 2 for f, l in zip(first["rows"], live["rows"])), where
    assert not page.script_errors, page.script_errors


#: the lines above the board (the address's language we lack, its step the lesson lacks): their
#: words and top, and the board's top, in the first paint (``first``) or the live page
LINES_JS = """(first) => {
  const root = document.querySelector(first ? '.tp-page.tp-first' : '.tp-page:not(.tp-first)');
  if (!root) return null;
  const lines = [...root.querySelectorAll('.tp-lang-notice, .tp-message')]
    .filter((line) => !line.hidden && line.textContent.trim())
    .map((line) => [line.className, line.textContent.trim(), Math.round(line.getBoundingClientRect().top)]);
  return { lines, board: Math.round(root.querySelector('.tp-board svg').getBoundingClientRect().top) };
}"""


@pytest.mark.parametrize("notebook, query, size", [
    ("trapper-green-turn.ipynb", "lang=it&step=999", (1280, 800)),
    ("trigger-malus.ipynb", "lang=nl&step=abc", PHONE),
    ("canyon-setup.ipynb", "lang=de&step=2", (1024, 768)),
])
def test_a_links_wrong_step_or_language_is_said_in_the_first_paint_where_the_page_says_it(
        page, voila, notebook, query, size):  # noqa: F811 (page: the fixture)
    """A link with a step the lesson lacks or a language we lack: the live page says so in a
    line above the board, which the first paint lacked: the board and the narration jumped
    down by that line (32-70 px) when the page came."""
    first, live = first_and_live(page, voila, notebook, query, size, LINES_JS)
    where = f"{notebook}?{query} at {size}"
    assert live["lines"], f"{where}: the live page says nothing about the address"
    assert first["lines"] == live["lines"], where
    assert first["board"] == live["board"], where
    assert not page.script_errors, page.script_errors


#: the title's box, the narration's type size and whether "All lessons" shows, in the first
#: paint (``first``) or the live page
PRESENT_JS = """(first) => {
  const root = document.querySelector(first ? '.tp-page.tp-first' : '.tp-page:not(.tp-first)');
  if (!root) return null;
  const title = root.querySelector('h1').getBoundingClientRect();
  return { present: root.classList.contains('tp-present'),
           title: [Math.round(title.left), Math.round(title.top), Math.round(title.width)],
           narration: getComputedStyle(root.querySelector('.tp-narration')).fontSize,
           home: root.querySelector('.tp-home').getBoundingClientRect().width > 0 };
}"""


def test_a_link_that_presents_is_painted_presenting_first(page, voila):  # noqa: F811
    """``?present=1`` (a teacher's link for the projector): the first paint was the laptop's
    page (small type, "All lessons", the title further right) until the live page switched
    to presenter mode a second later; it is painted presenting from the start."""
    first, live = first_and_live(page, voila, "trapper-green-turn.ipynb",
                                 "lang=nl&step=3&present=1", (1280, 800), PRESENT_JS)
    assert live["present"], "the live page does not present: nothing to compare"
    assert first == live
    assert not page.script_errors, page.script_errors


#: presenting: the step-down of the large words (data-present-words), the narration's size, how
#: far its end and each rule card's title are below the screen (> 0: off it)
PRESENT_FIT_JS = """(first) => {
  const root = document.querySelector(first ? '.tp-page.tp-first' : '.tp-page:not(.tp-first)');
  if (!root) return null;
  const told = root.querySelector('.tp-narration'), high = window.innerHeight;
  return { present: root.classList.contains('tp-present'),
           words: root.dataset.presentWords || '0',
           board: Math.round(root.querySelector('.tp-board svg').getBoundingClientRect().width),
           top: Math.round(told.getBoundingClientRect().top),
           narration: parseFloat(getComputedStyle(told).fontSize),
           end: Math.round(told.getBoundingClientRect().bottom - high),
           titles: [...root.querySelectorAll('.tp-rules .tp-rule-title')]
             .map((title) => Math.round(title.getBoundingClientRect().bottom - high)) };
}"""


@pytest.mark.parametrize("notebook, query, size", [
    # a long narration presented without a class: its end 103-324 px below a projector's screen
    # (Trigger's star, its solo malus), a rule card's title 8 px below (Trapper's green turn)
    ("trigger-star.ipynb", "lang=nl&step=0&present=1", (1024, 768)),
    ("trigger-solo-malus.ipynb", "lang=it&step=10&present=1", (1024, 768)),
    ("trapper-green-turn.ipynb", "lang=nl&step=0&present=1", (1280, 800)),
])
def test_a_long_step_presented_without_a_class_keeps_its_rules_on_the_screen(
        page, voila, notebook, query, size):  # noqa: F811 (page: the fixture)
    """Presenting without a class, the large words stayed 30 px however long the step: the
    narration's end or a rule card was below the projector's screen. They step down as with a
    class (never under a laptop's 19 px), and the first paint takes the same step-down."""
    first, live = first_and_live(page, voila, notebook, query, size, PRESENT_FIT_JS)
    where = f"{notebook}?{query} at {size}"
    assert live["present"] and first["present"], where
    assert live["end"] <= 0, f"{where}: the narration's end {live['end']} px below the screen"
    assert all(title <= 0 for title in live["titles"]), f"{where}: rule titles {live['titles']}"
    assert live["narration"] > 19, where
    assert (first["words"], first["narration"]) == (live["words"], live["narration"]), \
        f"{where}: first paint {first} against the live page {live}"
    assert not page.script_errors, page.script_errors
