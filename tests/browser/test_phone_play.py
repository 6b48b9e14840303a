"""A learner's phone (390 × 844), lesson pages and free play, walked again.

- The line naming the step's rules under its title ("Rules:", the cards below the fold) cut the
  names to one line ("Een…", "Una carta muove il…"): each name is now whole, the line wrapping;
  where the wrapped line would push the narration's start under the step bar, the board gives it
  the room, down to its floors (InTrappola's "Che cosa può sapere il cacciatore" lost the line),
  and the first paint does the same (nothing moves when the live page comes).
- Canyon's free play: laying tempo cards, the moves list and Play stood under the step bar.
- Trigger's free play: after a move made by keys the page stayed scrolled at Play, the board
  (what happened) above the screen; the focus now waits on the status, on the screen.

Checked on geometry, ``data-*`` and the focus, not on words.
"""
from __future__ import annotations

import pytest

from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)
from .test_phone import PHONE, SETTLED_JS
from .test_phone_questions import FIRST_BOXES_JS, open_step

pytestmark = pytest.mark.browser

LIVE = ".tp-page:not(.tp-first)"

#: The rules line's names (each cut or whole, inside the line), the line, the narration, the bar
RULES_LINE_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const line = live.querySelector('.tp-reading-links');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return { hidden: !line || line.hidden, line: line ? box(line) : null,
           names: line ? [...line.querySelectorAll('[data-rule]')].map((b) => ({ rule: b.dataset.rule,
             cut: b.scrollWidth > b.clientWidth + 1, box: box(b) })) : [],
           cards: [...live.querySelectorAll('.tp-rules .tp-rule')].map((c) => ({
             rule: c.querySelector('.tp-rule-id').textContent,
             below: c.querySelector('.tp-rule-title').getBoundingClientRect().bottom > live.querySelector('.tp-controls').getBoundingClientRect().top })),
           narration: box(live.querySelector('.tp-narration')),
           bar: live.querySelector('.tp-controls').getBoundingClientRect().top };
}"""

#: (notebook, step, language): long names (Trapper's in Dutch and Italian, three rules), and a
#: step whose one long name the wrapped line hid (InTrappola, Italian)
LONG_NAMES = [("trapper-green-turn.ipynb", 0, "nl"), ("trapper-green-turn.ipynb", 0, "it"),
              ("trapper-green-turn.ipynb", 7, "nl"), ("intrappola-begin-setup.ipynb", 2, "it")]


@pytest.mark.parametrize("notebook,step,lang", LONG_NAMES)
def test_the_phone_s_rules_line_names_each_rule_whole(page, voila, notebook, step, lang):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.add_init_script(f"({FIRST_BOXES_JS})()")
    open_step(page, voila, notebook, step, lang)
    page.wait_for_timeout(300)
    page.evaluate(SETTLED_JS)
    seen = page.evaluate(RULES_LINE_JS)
    where = f"{notebook} step {step} in {lang}"
    below = [card["rule"] for card in seen["cards"] if card["below"]]
    assert below, f"{where}: no rule card below the bar (nothing to name): {seen}"
    assert not seen["hidden"], f"{where}: the rules below the bar are not named: {seen}"
    assert [name["rule"] for name in seen["names"]] == below, seen
    for name in seen["names"]:
        assert not name["cut"], f"{where}: {name['rule']} is cut: {seen}"
        left, top, right, bottom = name["box"]
        assert seen["line"][0] - 0.5 <= left and right <= seen["line"][2] + 0.5, f"{where}: {name} out of the line"
    assert 0 <= seen["line"][1] and seen["line"][3] <= seen["bar"], f"{where}: the line is not on the screen: {seen}"
    assert seen["narration"][1] + 48 <= seen["bar"] + 0.5, f"{where}: the narration's start is off the screen: {seen}"
    # the first paint fitted the same: the board, the titles and the narration did not move
    first = page.evaluate("() => window.__firstBoxes || null")
    assert first, f"{where}: no first paint was seen on the phone"
    live = page.evaluate(f"() => window.__readBoxes(document.querySelector('{LIVE}'))")
    moved = {part: [round(b - a) for a, b in zip(first[part], live[part])]
             for part in first if first[part] and live[part]
             and any(abs(b - a) > 2 for a, b in zip(first[part], live[part]))}
    assert not moved, f"{where}: moved when the live page came (left, top, width, height): {moved}"
    assert not page.script_errors, page.script_errors


#: a person may move now (the computers are done)
PERSON_JS = "() => { const b = document.querySelector('.tp-hint-button'); return b && !b.disabled; }"

#: free play on a phone: the board, the status, the moves list, Play, the hand line, the focus
PLAY_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const box = (e) => { if (!e || !e.getClientRects().length) return null;
                       const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const focus = document.activeElement;
  return { board: box(live.querySelector('.tp-board svg')), status: box(live.querySelector('.tp-status')),
           moves: box(live.querySelector('.tp-moves')), play: box(live.querySelector('.tp-play')),
           hand: box(live.querySelector('.tp-hand-now:not([hidden])')),
           phase: (live.querySelector('.tp-hand-now') || {dataset: {}}).dataset.phase || '',
           bar: live.querySelector('.tp-controls').getBoundingClientRect().top,
           focus: live.contains(focus) ? [focus.className, box(focus)] : null,
           done: live.querySelector('.tp-log').start - 1 + live.querySelector('.tp-log').children.length,
           narrow: live.classList.contains('tp-narrow') };
}"""


def play_by_keys(page) -> None:
    """The list's move played by keys: the list focused (as Tab reaches it), Tab to Play, Enter."""
    page.focus(f"{LIVE} .tp-moves")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('tp-play')")
    page.keyboard.press("Enter")


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_canyon_s_moves_and_play_are_above_the_phone_s_bar_at_each_turn(tab, voila, lang):
    page = tab.page
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(voila.render_url("canyon-play.ipynb", f"lang={lang}"))
    page.wait_for_selector(f"{LIVE} .tp-status .tp-turn", timeout=90_000)
    phases = set()
    for turn in range(5):
        page.wait_for_function(PERSON_JS, timeout=60_000)
        page.wait_for_timeout(400)
        page.evaluate(SETTLED_JS)
        seen = page.evaluate(PLAY_JS)
        phases.add(seen["phase"])
        where = f"turn {turn} ({lang}, {seen['phase'] or 'launching'})"
        assert seen["narrow"], seen
        for part in ("moves", "play"):
            assert seen[part] and 0 <= seen[part][0] and seen[part][1] <= seen["bar"] + 0.5, \
                f"{where}: {part} is not above the step bar: {seen}"
        assert 0 <= seen["board"][0], f"{where}: the board's top is off the screen: {seen}"
        if seen["hand"]:
            assert seen["hand"][1] <= seen["bar"] + 0.5, f"{where}: the hand is under the bar: {seen}"
        before = seen["done"]
        play_by_keys(page)
        page.wait_for_function(f"() => ({PLAY_JS})().done > {before}", timeout=30_000)
    assert "tempo" in phases, phases  # laying tempo cards: where Play stood under the bar
    tab.assert_clean(f"Canyon's free play by keys on a phone ({lang})")


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_trigger_shows_the_board_after_a_move_by_keys_on_a_phone(tab, voila, lang):
    page = tab.page
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(voila.render_url("trigger-play.ipynb", f"lang={lang}"))
    page.wait_for_selector(f"{LIVE} .tp-status .tp-turn", timeout=90_000)
    page.wait_for_function(PERSON_JS, timeout=60_000)
    for move in range(2):
        before = page.evaluate(PLAY_JS)["done"]
        board = page.inner_html(f"{LIVE} .tp-board")
        play_by_keys(page)
        page.wait_for_function(f"(was) => ({PLAY_JS})().done > {before}"
                               f" && document.querySelector('{LIVE} .tp-board').innerHTML !== was",
                               arg=board, timeout=30_000)
        page.wait_for_function(PERSON_JS, timeout=60_000)
        page.wait_for_timeout(400)
        page.evaluate(SETTLED_JS)
        seen = page.evaluate(PLAY_JS)
        where = f"move {move} ({lang})"
        top, bottom = seen["board"]
        assert 0 <= top and bottom <= seen["bar"] + 0.5, f"{where}: the board is not on the screen: {seen}"
        assert seen["status"][0] < seen["bar"], f"{where}: what happened is not on the screen: {seen}"
        # the focus where it is seen (not left on Play under the bar)
        assert seen["focus"] and seen["focus"][1], f"{where}: the focus left the page: {seen}"
        ftop, fbottom = seen["focus"][1]
        assert 0 <= ftop and fbottom <= seen["bar"] + 0.5, f"{where}: the focus is under the bar: {seen}"
    # Tab goes on from there to the controls, each brought above the bar
    for _ in range(8):
        page.keyboard.press("Tab")
        page.wait_for_timeout(150)
        seen = page.evaluate(PLAY_JS)
        if seen["focus"] and "tp-moves" in seen["focus"][0]:
            break
    else:
        pytest.fail(f"Tab did not reach the moves list: {seen}")
    page.evaluate(SETTLED_JS)
    seen = page.evaluate(PLAY_JS)
    assert seen["moves"][1] <= seen["bar"] + 0.5, f"the moves list reached by Tab is under the bar: {seen}"
    tab.assert_clean(f"Trigger's free play by keys on a phone ({lang})")


def test_intrappola_s_end_by_keys_on_a_phone_shows_the_result_with_the_focus(tab, voila):
    """Played to its end by keys: the focus fell on the status, empty at the end (a ring round
    nothing), the result under it. Now the focus waits on the result, on the screen above the
    step bar, after the moves that ended the game (the status, when a computer ended it)."""
    page = tab.page
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(voila.render_url("intrappola-play.ipynb", "lang=it"))
    page.wait_for_selector(f"{LIVE} .tp-status .tp-turn", timeout=90_000)
    over = f"document.querySelector('{LIVE} .tp-over-box').childElementCount > 0"
    for _ in range(40):
        page.wait_for_function(f"() => ({PERSON_JS})() || {over}", timeout=60_000)
        if page.evaluate(f"() => {over}"):
            break
        before = page.evaluate(PLAY_JS)["done"]
        play_by_keys(page)
        page.wait_for_function(f"() => ({PLAY_JS})().done > {before}", timeout=30_000)
    else:
        pytest.fail("the game did not end in 40 moves")
    page.wait_for_timeout(400)
    page.evaluate(SETTLED_JS)
    seen = page.evaluate(PLAY_JS)
    assert seen["focus"] and "tp-over-box" in seen["focus"][0], f"the focus is not on the result: {seen}"
    top, bottom = seen["focus"][1]
    assert 0 <= top < seen["bar"], f"the result is not on the screen: {seen}"
    assert 0 <= seen["status"][0], f"what ended the game is above the screen: {seen}"
    page.keyboard.press("Shift+Tab")  # the focus goes on from there
    assert page.evaluate("() => document.activeElement !== document.body")
    tab.assert_clean("InTrappola played to its end by keys on a phone")
