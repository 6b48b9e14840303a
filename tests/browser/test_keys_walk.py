"""A learner's walk with the keys only (Tab, Enter, arrow keys), at a laptop's 1280 × 800:
what a key does keeps the focus where the learner is, and the page where it was.

One page for the module, its lessons opened in place (one kernel), as in test_lesson_pages.py.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

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


def open_view(page, voila, address: str, ready: str) -> None:
    """``address`` (a page of the course, with its query) opened in place, as a link of the
    course opens it; from the index when the tab shows no course app yet."""
    if not page.evaluate("() => !!document.querySelector('.tutor-app-root')"):
        page.goto(voila.render_url("index.ipynb"))
        page.wait_for_selector(".tutor-app a.tc-lesson", timeout=90_000)  # the live course's, not its first paint's
    page.evaluate("(u) => { history.pushState({}, '', u); dispatchEvent(new PopStateEvent('popstate')); }",
                  address)
    page.wait_for_selector(ready, timeout=90_000)
    page.wait_for_function("() => !document.querySelector('.tutor-app-busy')")  # no longer inert


#: Where the focus is: the part of the page it is in (the header and controls above the board
#: 0, the board's column 1 - the board, its switches, what stands under it - the story's 2) and
#: its box in the page, as laid out (a column that scrolls on its own, the author's story,
#: counted unscrolled)
FOCUS_AT_JS = """() => { const e = document.activeElement, page = e.closest('.tp-page:not(.tp-first)');
  if (!page) return null;
  const r = e.getBoundingClientRect(), o = page.getBoundingClientRect();
  let down = 0;
  for (let box = e.parentElement; box && box !== page; box = box.parentElement) down += box.scrollTop;
  const part = e.closest('.tp-board-box, .tp-under-board') ? 1 : e.closest('.tp-story') ? 2 : 0;
  return {part, top: r.top - o.top + down, left: r.left - o.left, bottom: r.bottom - o.top + down,
          name: (e.className || e.tagName) + ' ' + (e.textContent || '').trim().slice(0, 30)}; }"""


def tab_order_follows_the_screen(page, where: str) -> list[str]:
    """Tab from the page's first link to its end: the focus goes through the header and the
    controls, then down the board's column (what stands under the board too), then down the
    story's, each part's controls top to bottom (a row's left to right), as seen. The names of
    the controls reached, in order."""
    page.focus(".tp-page:not(.tp-first) .tp-home")
    seen = [page.evaluate(FOCUS_AT_JS)]
    for _ in range(60):
        page.keyboard.press("Tab")
        at = page.evaluate(FOCUS_AT_JS)
        if at is None or at == seen[-1]:
            break
        seen.append(at)
    names = [at["name"] for at in seen]
    assert [at["part"] for at in seen] == sorted(at["part"] for at in seen), \
        f"{where}: Tab goes back to a column before: {[(a['part'], a['name']) for a in seen]}"
    for before, after in zip(seen, seen[1:]):
        if before["part"] == after["part"] and after["part"]:  # down the column; a row across
            assert after["top"] >= before["top"] - 4 and (
                after["top"] >= before["bottom"] - 4 or after["left"] > before["left"]), \
                f"{where}: Tab from {before} up to {after}"
    return names


def phase(page) -> str:
    return page.evaluate("() => document.querySelector('.tp-page:not(.tp-first) .tp-task').dataset.phase")


def focused(page) -> str:
    return page.evaluate("() => document.activeElement.className || document.activeElement.tagName")


def test_a_try_and_a_question_answered_by_keys_leave_the_focus_on_next(page, voila):
    """The move picked from the list and played, the question answered, all by keys: the
    focus goes to the question's first answer, then (the step asks no more, its box hidden)
    to Next. It fell to the page's body once the answer was given."""
    open_in_place(page, voila, LESSON, "lang=nl&step=2")
    assert phase(page) == "try"
    page.focus(".tp-moves")
    page.keyboard.press("ArrowDown")  # the list's first move: the book's (green: take d3)
    page.keyboard.press("Tab")
    assert "tp-play" in focused(page)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.tp-page:not(.tp-first) .tp-task').dataset.phase === 'ask'")
    assert "tp-answer-choice" in focused(page)
    page.keyboard.press("Tab")  # a wrong answer: told, and the step is done
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.tp-page:not(.tp-first) .tp-task').dataset.phase === 'done'")
    page.evaluate(SETTLED_JS)
    assert page.get_attribute(".tp-feedback .tp-verdict:last-child", "data-rule") == "trapper.take.reveal"
    assert "tp-next" in focused(page), f"the focus went to {focused(page)}"
    page.keyboard.press("Enter")  # and Next goes on
    page.wait_for_function("() => document.querySelector('.tp-page:not(.tp-first) select.tp-step-list').selectedIndex === 3")


def test_the_next_drill_by_key_gives_the_focus_to_its_first_answer(page, voila):
    """A drill answered by Enter on an option, → for the next question: the new question's
    first option has the focus (the old options went, and the focus with them to the body)."""
    open_view(page, voila, "trapper-drills.ipynb?lang=it", ".tp-page .tp-drill-option")
    page.evaluate(SETTLED_JS)
    tab_order_follows_the_screen(page, "a drill")
    for question in (2, 3):
        label = page.inner_text(".tp-step-label")
        page.focus(".tp-drill-option, .tp-answer")
        if "tp-answer" in focused(page):
            page.keyboard.type("1")
        page.keyboard.press("Enter")
        page.wait_for_selector(".tp-drill-result .tp-verdict")
        if "tp-answer" in focused(page):  # a number box keeps the arrow keys: Tab to its button
            page.keyboard.press("Tab")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("(l) => document.querySelector('.tp-step-label').textContent !== l", arg=label)
        page.evaluate(SETTLED_JS)
        assert focused(page).split()[-1] in ("tp-drill-option", "tp-answer"), \
            f"question {question}: the focus went to {focused(page)}"


def test_a_game_button_pressed_by_keys_keeps_the_focus_among_the_buttons(page, voila):
    """A try-it step's game buttons (Trapper's cards: pick the trapper a card moves) are drawn
    anew after each press: the focus stays with them, on the one pressed, not on the body."""
    open_in_place(page, voila, LESSON, "lang=it&step=2")
    assert phase(page) == "try"
    status = page.inner_text(".tp-page:not(.tp-first) .tp-try-box .tp-status")
    page.focus(".tp-try-box .tp-action")
    pressed = page.inner_text(".tp-try-box .tp-action")
    page.keyboard.press("Enter")
    page.wait_for_function("(s) => document.querySelector('.tp-page:not(.tp-first) .tp-try-box .tp-status').innerText !== s",
                           arg=status)
    page.evaluate(SETTLED_JS)
    assert page.evaluate("() => document.activeElement.textContent") == pressed, \
        f"the focus went to {focused(page)}"


def test_writing_a_lesson_by_keys_keeps_the_focus_and_the_words_typed(page, voila):
    """"Write a lesson": Tab out of a text box saves it and draws the draft anew; the words
    typed into the next box meanwhile stay, and so does the focus; a step's button pressed by
    Enter keeps it too (each fell to the page's body, and a redraw dropped the words typed
    since)."""
    open_view(page, voila, "author.ipynb?lang=nl", ".tp-page .ta-go")
    redrawn = "() => document.querySelector('.ta-narration') !== window.drawnBefore"
    page.focus(".ta-title")
    page.evaluate("() => { window.drawnBefore = document.querySelector('.ta-narration'); }")
    page.keyboard.type("Mijn les")
    page.keyboard.press("Tab")  # saved: the draft comes back and is drawn anew
    page.keyboard.type("Eerst dit")
    page.wait_for_function(redrawn)
    page.keyboard.type(", dan dat.")
    assert "ta-narration" in focused(page), f"the focus went to {focused(page)}"
    assert page.input_value(".ta-narration") == "Eerst dit, dan dat."
    assert page.input_value(".ta-title") == "Mijn les"
    page.evaluate("() => { window.drawnBefore = document.querySelector('.ta-narration'); }")
    page.keyboard.press("Tab")  # to "Keep the text": the narration saved, the draft drawn anew
    try:  # (unless a save made while typing, a redraw before, already holds these words)
        page.wait_for_function(redrawn, timeout=5_000)
    except PlaywrightTimeout:
        pass
    page.evaluate(SETTLED_JS)
    assert "ta-apply" in focused(page), f"the focus went to {focused(page)}"
    assert page.input_value(".ta-narration") == "Eerst dit, dan dat."
    page.focus(".tp-moves")  # a move played by keys: step 1, shown
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector('.ta-step[data-step="1"] .ta-go[aria-current="step"]')
    page.focus('.ta-step[data-step="0"] .ta-go')
    page.keyboard.press("Enter")  # back to step 0
    page.wait_for_selector('.ta-step[data-step="0"] .ta-go[aria-current="step"]')
    assert "ta-go" in focused(page), f"the focus went to {focused(page)}"
    assert page.input_value(".ta-narration") == "Eerst dit, dan dat."  # kept by the kernel
    # the controls row (Undo, Try it as a learner, Save) drawn over the board: reached before it
    page.evaluate(SETTLED_JS)
    reached = tab_order_follows_the_screen(page, "writing a lesson")
    assert any("ta-save" in name for name in reached), reached


def test_free_play_of_a_wide_board_shows_the_players_table_whole_on_a_projector(page, voila):
    """Canyon's free play at 1024 × 768: the players' panel goes under the river, in the room
    the low board leaves (as a lesson's does); in the story column its table was cut at the
    screen's right edge (its last columns, the hands, only reachable by a sideways scroll)."""
    page.set_viewport_size({"width": 1024, "height": 768})
    try:
        open_view(page, voila, "canyon-play.ipynb?lang=it", ".tp-page:not(.tp-first) .cy-players")
        page.evaluate(SETTLED_JS)
        shown = page.evaluate("""() => ({
            panel: document.querySelector('.tp-panel-box').parentElement.className,
            right: document.querySelector('.cy-players').getBoundingClientRect().right,
            width: innerWidth})""")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    assert shown["panel"] == "tp-under-board"
    assert shown["right"] <= shown["width"], f"the players' table ends at {shown['right']} px"


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_free_play_s_new_game_menus_fit_their_column(page, voila, width, height):
    """Canyon's "Manche" menu in Italian ("tutte le manche (da 8 carte fino a 1 e poi di
    nuovo su)") was as wide as its longest choice, 469 px: cut at the story column's edge
    at every size, its arrow out of sight."""
    page.set_viewport_size({"width": width, "height": height})
    try:
        open_view(page, voila, "canyon-play.ipynb?lang=it", ".tp-page:not(.tp-first) .cy-players")
        page.evaluate("() => { document.querySelector('.tp-setup-box').open = true; }")
        page.evaluate(SETTLED_JS)
        cut = page.evaluate("""() => [...document.querySelectorAll('.tp-setup select, .tp-setup input')]
            .map((c) => [c.getAttribute('aria-label'), c.getBoundingClientRect().right,
                         c.closest('.tp-setup-box').getBoundingClientRect().right])
            .filter(([, right, room]) => right > room + 0.5 || right > innerWidth)""")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    assert not cut, f"controls past their column: {cut}"


def test_the_link_to_write_a_lesson_looks_like_a_link(page, voila):
    """Free play's "Write a lesson" link was drawn as the page's plain text (the notebook's
    theme): underlined, in the links' colour, not the text's."""
    open_view(page, voila, "trapper-play.ipynb?lang=nl", ".tp-page:not(.tp-first) .tp-author a")
    page.evaluate(SETTLED_JS)
    assert "tp-hint-button" in " ".join(tab_order_follows_the_screen(page, "free play"))
    link, text = page.evaluate("""() => [getComputedStyle(document.querySelector('.tp-author a')),
        getComputedStyle(document.querySelector('.tp-page:not(.tp-first) .tp-story'))]
        .map((s) => [s.textDecorationLine, s.color])""")
    assert "underline" in link[0] and link[1] != text[1], f"the link: {link}, the text: {text}"


def test_the_course_page_s_buttons_show_the_focus_ring(page, voila):
    """Tab to "Forget my progress" on the course page: its ring is as clear as the links'
    (3 px; it was the theme's 1 px)."""
    open_view(page, voila, "index.ipynb?lang=nl", ".tutor-course .tc-forget")
    page.focus(".tc-save-record")
    page.keyboard.press("Shift+Tab")
    ring = page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
        return [e.className, s.outlineStyle, parseFloat(s.outlineWidth)]; }""")
    assert ring[0] == "tc-forget" and ring[1] != "none" and ring[2] >= 2, ring


def test_tab_goes_down_the_board_s_column_then_the_story_s(page, voila):
    """A lesson's step whose players' panel stands under the board (InTrappola's, at a
    laptop, its hand clicked in this step): Tab reached it last, after the whole story column
    beside the board, back up and to the left; now it comes after the controls, as the board's
    column is read before the story's."""
    open_in_place(page, voila, "intrappola-turn-c-discard.ipynb", "lang=nl&step=3")
    page.evaluate(SETTLED_JS)
    assert page.evaluate("() => !!document.querySelector("
                         "'.tp-page:not(.tp-first) .tp-under-board .tp-panel-box')")
    reached = tab_order_follows_the_screen(page, "a lesson, its panel under the board")
    assert any("tp-moves" in name for name in reached), reached


def test_a_right_try_at_the_last_step_gives_the_focus_to_the_next_lesson(page, voila):
    """The last step's try made by keys: no Next to go on with (it is disabled), the focus goes
    to the link to the next lesson, shown now (it fell to the page's body)."""
    open_in_place(page, voila, "intrappola-es2-border.ipynb", "lang=it&step=3")
    assert phase(page) == "try"
    page.focus(".tp-moves")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.tp-page:not(.tp-first) .tp-task').dataset.phase === 'done'")
    page.evaluate(SETTLED_JS)
    assert page.get_attribute(".tp-feedback .tp-verdict", "data-verdict") == "book"
    assert "tp-next-lesson" in focused(page), f"the focus went to {focused(page)}"
    assert page.get_attribute(".tp-next-lesson", "href").startswith("intrappola-es3-")
