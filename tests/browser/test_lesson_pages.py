"""Every lesson page as learners meet it, at the three screens the tutor is for: a laptop
(1280 × 800), a projector (1024 × 768) and a phone (390 × 844).

One Voila server and one browser context for the module; each walkthrough is opened ONCE and
looked at in all three sizes (the page is resized), at its first and its last step. The
walkthroughs are opened in place, as the course app opens a link (one kernel for all of them:
tests/browser/test_course_app.py checks that a lesson opened so is the lesson its address opens). axe-core
(from axe-playwright-python, injected here, never by the page) checks every walkthrough.
Keys are pressed with no pointer over the page; presenter mode is driven by keys only.
"""
from __future__ import annotations

import re
from functools import cache

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import forget, record_console
from widgets.pages.course import walkthrough_links

from .stepping import BOARD_SVG, axe_serious, axe_violations, open_in_place

pytestmark = pytest.mark.browser

SIZES = {"laptop": (1280, 800), "projector": (1024, 768), "phone": (390, 844)}
NOTEBOOKS = [link[3] for link in walkthrough_links()]
HALF = len(NOTEBOOKS) // 2  # the rest: test_lesson_pages_2.py

#: Where the parts of a step are, in viewport pixels, and the smallest board label in px.
LAYOUT_JS = """
() => {
  const box = (sel) => { const e = document.querySelector(sel);
    if (!e) return null; const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width}; };
  const svg = document.querySelector(".tp-board svg");
  const vb = svg ? svg.viewBox.baseVal : null;
  const scale = svg && vb ? svg.getBoundingClientRect().width / vb.width : 0;
  // the words drawn (not those a folded board shows only on a phone: display none here)
  const sizes = svg ? [...svg.querySelectorAll("text")].filter((t) => getComputedStyle(t).display !== "none")
    .map((t) => Number(t.getAttribute("font-size"))) : [];
  const bar = document.querySelector(".tp-narrow .tp-controls");
  const narration = document.querySelector(".tp-narration p, .tp-narration");
  return {
    width: window.innerWidth, height: window.innerHeight,
    bottom: bar ? bar.getBoundingClientRect().top : window.innerHeight,
    scroll: document.documentElement.scrollWidth,
    board: box(".tp-board svg"), narration: narration ? box(".tp-narration") : null,
    rule: box(".tp-rule-title"), label: document.querySelector(".tp-step-label")?.textContent,
    panel: box(".tp-panel-box:not([hidden])"),
    ask: document.querySelector(".tp-ask-box")?.getClientRects().length ? box(".tp-ask-box") : null,
    minLabel: sizes.length ? Math.min(...sizes) * scale : 99,
    sideways: [...document.querySelectorAll(".tp-page *")].filter((e) =>
      ["auto", "scroll"].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.className),
  };
}
"""


#: Resolves once the page has refitted after a resize: a frame, an idle callback (the page
#: fits there), two frames more (a fixed wait was too short on a loaded machine).
SETTLED_JS = """
async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const idle = () => new Promise((done) => requestIdleCallback(() => done(), {timeout: 500}));
  await frame(); await idle(); await frame(); await frame();
}
"""


@pytest.fixture(scope="module")
def page(warm_context, voila):
    opened = warm_context.new_page()
    opened.set_default_timeout(30_000)
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.script_errors = errors
    yield opened
    forget(warm_context)


def open_lesson(page, voila, notebook: str, query: str = "") -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    # the page streams while its kernel runs the notebook: on a loaded machine that takes
    # longer than a page load's default 30 s, so wait for the board, not the load event
    page.goto(voila.render_url(notebook, query), wait_until="commit", timeout=90_000)
    try:
        page.wait_for_selector(BOARD_SVG, timeout=90_000)
    except PlaywrightTimeout:
        pytest.fail(f"no board at {notebook}: {page.inner_text('body')[:1500]}", pytrace=False)
    page.wait_for_timeout(150)


def switch_to(page, voila, notebook: str) -> None:
    """``notebook`` opened in place (stepping.open_in_place) at the laptop's size."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_in_place(page, voila, notebook)
    page.wait_for_timeout(150)


def layout_at(page, size: str) -> dict:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.evaluate(SETTLED_JS)  # the board refits on the next frame, the story on an idle one
    return page.evaluate(LAYOUT_JS)


def check_layout(shown: dict, size: str, where: str) -> None:
    bottom = shown["bottom"]
    board = shown["board"]
    assert board and board["top"] >= 0 and board["left"] >= 0, f"{where}: board {board}"
    assert board["bottom"] <= bottom + 1 and board["right"] <= shown["width"] + 1, \
        f"{where}: the whole board is not in the viewport: {board} in {shown['width']}×{bottom}"
    assert shown["narration"]["top"] + 24 <= bottom, f"{where}: narration starts at {shown['narration']}"
    assert shown["scroll"] <= shown["width"] + 1, f"{where}: {shown['scroll']} px wide page"
    if size != "phone":
        assert shown["rule"] and shown["rule"]["bottom"] <= bottom + 1, \
            f"{where}: the first rule's title is below the fold: {shown['rule']}"
    else:
        aspect = board["width"] / max(1, board["bottom"] - board["top"])
        tall, least = 0.58 * shown["height"] * aspect, 0.4 * shown["height"] * aspect
        # the whole width (58% of the height for a tall board), narrower only as far as the
        # narration needs to start on the screen, and never under 40% of the height
        # (or, at a question, as far as its box needs to stand above the bar: frame.js)
        if board["width"] < min(shown["width"] - 40, tall - 2) and shown["ask"]:
            assert shown["ask"]["bottom"] <= bottom + 1, f"{where}: the question's box under the bar: {shown['ask']}"
        elif board["width"] < min(shown["width"] - 40, tall - 2):
            assert board["width"] >= least - 2 and \
                shown["narration"]["top"] + 24 >= bottom - 48 - 24 - 2, \
                f"{where}: board narrower than it need be: {board}, narration {shown['narration']}"
        # under the board: only the step's title and move (or refusal) between them
        assert 0 <= shown["narration"]["top"] - board["bottom"] < 300, f"{where}: narration not under the board"
        # nothing to scroll sideways (Canyon's players' table once hid the hands past the
        # right edge of a phone: now a list, one player a block)
        assert not shown["sideways"], f"{where}: scrolls sideways: {shown['sideways']}"
    panel = shown["panel"]
    if size != "phone" and panel and bottom - board["bottom"] > 300:
        # a wide, low board (Canyon's river) left its column half empty once, the players'
        # cards below the fold of the story column: the panel now fills that room
        assert panel["left"] < board["right"] and 0 <= panel["top"] - board["bottom"] < 120, \
            f"{where}: {bottom - board['bottom']:.0f} px empty under the board, panel at {panel}"
        assert panel["top"] + 40 <= bottom, f"{where}: the panel under the board is off-screen"
    if size == "laptop":
        assert shown["minLabel"] >= 11.9, f"{where}: a board label is {shown['minLabel']:.1f} px"


@pytest.mark.parametrize("notebook", NOTEBOOKS[:HALF])
def test_first_and_last_step_fit_every_screen_and_pass_axe(page, voila, notebook):
    fit_every_screen_and_pass_axe(page, voila, notebook)


#: scrolled to the end (the window and the box Voila's page scrolls in): where the phone's
#: step bar is, and the window's height
SCROLLED_BAR_JS = """() => {
  for (const box of document.querySelectorAll('*')) if (box.scrollHeight > box.clientHeight + 1) box.scrollTop = box.scrollHeight;
  window.scrollTo(0, document.body.scrollHeight);
  const bar = document.querySelector('.tp-page:not([hidden]) .tp-controls').getBoundingClientRect();
  const at = [Math.round(bar.bottom), window.innerHeight];
  for (const box of document.querySelectorAll('*')) if (box.scrollTop) box.scrollTop = 0;
  window.scrollTo(0, 0);
  return at;
}"""


def fit_every_screen_and_pass_axe(page, voila, notebook):
    """The lesson's first and last step at the three sizes, and axe; test_lesson_pages_2.py
    looks at the second half of the lessons (a second worker's file)."""
    switch_to(page, voila, notebook)
    for size in SIZES:
        check_layout(layout_at(page, size), size, f"{notebook} step 0 on the {size}")
    bottom, height = page.evaluate(SCROLLED_BAR_JS)  # the phone's size, the last above
    assert bottom == height, f"{notebook}: scrolled on a phone, the step bar is at {bottom}, not {height}"
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not axe_serious(page), notebook
    page.keyboard.press("End")  # no pointer over the page
    last = len(page.query_selector_all("select.tp-step-list option")) - 1
    page.wait_for_function("(n) => document.querySelector('.tp-step-label').textContent.startsWith(`Step ${n} `)",
                           arg=last, timeout=30_000)
    for size in SIZES:
        check_layout(layout_at(page, size), size, f"{notebook} last step on the {size}")
    assert not page.script_errors, page.script_errors


def test_keys_work_wherever_focus_is_and_the_focus_ring_shows(page, voila):
    open_lesson(page, voila, "trapper-green-turn.ipynb")
    page.mouse.move(0, 0)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.tp-step-label').textContent.startsWith('Step 1 ')")
    assert "Step 1 " in page.inner_text(".tp-live")  # the live region announces it
    page.focus(".tp-present-toggle")
    ring = page.evaluate("() => parseFloat(getComputedStyle(document.activeElement).outlineWidth)")
    page.keyboard.press("Tab")
    ring = max(ring, page.evaluate("() => parseFloat(getComputedStyle(document.activeElement).outlineWidth)"))
    assert ring >= 2, f"focus ring {ring} px"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.tp-step-label').textContent.startsWith('Step 2 ')")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('.tp-step-label').textContent.startsWith('Step 0 ')")
    title = page.title()
    assert "green trapper turn" in title and "Trapper" in title and ".ipynb" not in title


def test_next_paints_from_what_the_page_holds_without_waiting_for_the_kernel(page, voila):
    open_lesson(page, voila, "trigger-chain-reaction.ipynb")
    page.wait_for_timeout(300)  # the neighbours arrive
    label = page.evaluate("""() => { document.querySelector('.tp-next').click();
        return document.querySelector('.tp-step-label').textContent; }""")
    assert label.startswith("Step 1 "), "Next did not paint at once from the page's own copy"


def test_presenter_mode_by_keys_only(page, voila):
    open_lesson(page, voila, "trapper-green-turn.ipynb", "present=1")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.mouse.move(0, 0)
    page.wait_for_timeout(150)
    shown = page.evaluate("""() => ({
        present: document.querySelector('.tp-page').classList.contains('tp-present'),
        size: parseFloat(getComputedStyle(document.querySelector('.tp-narration')).fontSize),
        words: document.querySelector('.tp-page').dataset.presentWords || '0',
        list: getComputedStyle(document.querySelector('.tp-step-pick')).display,
        board: document.querySelector('.tp-board svg').getBoundingClientRect().right,
        story: document.querySelector('.tp-narration').getBoundingClientRect().left })""")
    # a presenter's large words: 30 px, a size smaller at a time where the step is long
    # (data-present-words, page.css), always larger than a laptop's 19 px
    assert shown["present"] and shown["list"] == "none"
    assert shown["size"] == {"0": 30, "1": 26, "2": 23, "3": 20}[shown["words"]] > 19, shown
    assert shown["board"] <= shown["story"], "board and narration side by side"
    for key, step in (("PageDown", 1), ("space", 2), ("PageUp", 1), ("End", None), ("Home", 0),
                      ("ArrowRight", 1)):
        page.keyboard.press(key if key != "space" else " ")
        if step is not None:
            page.wait_for_function("(n) => document.querySelector('.tp-step-label').textContent.startsWith(`Step ${n} `)",
                                   arg=step, timeout=15_000)
    page.keyboard.press("Escape")
    # End, Home, → in quick succession once set the page and its kernel answering each other:
    # the step label flickered between 0 and 1 for ever. The page is still after the keys.
    shown = page.evaluate("""() => new Promise((done) => { const label = document.querySelector('.tp-step-label');
        const texts = [label.textContent];
        const seen = new MutationObserver(() => texts.push(label.textContent));
        seen.observe(label, {childList: true, characterData: true, subtree: true});
        setTimeout(() => { seen.disconnect(); done(texts); }, 600); })""")
    assert all(text.startswith("Step 1 ") for text in shown), f"the step label after the keys: {shown}"
    assert not page.evaluate("() => document.querySelector('.tp-page').classList.contains('tp-present')")
    assert page.inner_text(".tp-step-label").startswith("Step 1 "), f"leaving keeps the step: {page.inner_text('.tp-step-label')} {page.url}"


@cache
def _plays():
    return ["trapper-play.ipynb", "canyon-play.ipynb", "intrappola-play.ipynb", "trigger-play.ipynb"]


@pytest.mark.parametrize("notebook", _plays())
def test_free_play_every_place_is_on_screen_and_a_refusal_never_moves_the_board(page, voila, notebook):
    open_lesson(page, voila, notebook)
    page.wait_for_timeout(400)
    boxes = page.evaluate("""() => [...document.querySelectorAll('.tp-board [data-target]')].map((e) => {
        const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })""")
    assert boxes
    off = [b for b in boxes if b[0] < 0 or b[1] > 801 or b[2] < 0 or b[3] > 1281]
    assert not off, f"{len(off)} places off the screen"
    before = page.evaluate("() => document.querySelector('.tp-board svg').getBoundingClientRect().top")
    page.fill(".tp-typed", "no such move")
    page.click(".tp-try")
    page.wait_for_selector(".tp-status .tp-problem, .tp-status .tp-refusal", timeout=30_000)
    after = page.evaluate("() => document.querySelector('.tp-board svg').getBoundingClientRect().top")
    assert after == before, "the message pushed the board"
    assert not page.script_errors, page.script_errors


def test_the_index_is_a_course_with_contents_and_links_that_look_like_links(page, voila):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila.render_url("index.ipynb"))
    page.wait_for_selector(".tutor-app .tc-contents", timeout=90_000)  # the live course, not its first paint
    assert page.locator(".tc-game:not(.tc-yours)").count() == 4  # the games; then "Your lessons"
    assert page.locator(".tc-yours a[href^='author.ipynb']").count() == 1
    assert page.locator(".tc-lesson .tc-thumb svg").count() == len(NOTEBOOKS)
    decoration = page.evaluate("() => getComputedStyle(document.querySelector('.tc-name')).textDecorationLine")
    assert "underline" in decoration
    order = page.evaluate("() => [...document.querySelectorAll('.tc-lesson')].map((a) => a.getAttribute('href'))")
    assert order == NOTEBOOKS
    assert not axe_serious(page, ".tutor-course")
    # the whole page: every part of the course inside a landmark (the title, the intro and
    # "Join a class" were outside any: axe's "region", two findings)
    outside = [n["target"] for v in axe_violations(page) if v["id"] == "region"
               for n in v["nodes"]]
    assert not outside, outside


def test_the_lesson_page_fetches_nothing_from_the_web(browser, voila):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    outside = []
    page.on("request", lambda request: outside.append(request.url)
            if not re.match(r"https?://(127\.0\.0\.1|localhost)[:/]|data:|blob:", request.url) else None)
    record_console(page)  # what it said, for a page that shows no board
    page.goto(voila.render_url("canyon-trick.ipynb"))
    try:
        page.wait_for_selector(BOARD_SVG, timeout=90_000)
    except PlaywrightTimeout:
        pytest.fail(f"no board in 90 s; the page said {list(page.console_said)}; it shows "
                    f"{page.inner_text('body')[:1000]!r}", pytrace=False)
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(500)
    context.close()
    # nothing at all: not the page's code, not the template (Voila's lab template links Font
    # Awesome from a CDN; the tutor template served by widgets.serving.server does not)
    assert not outside, outside


#: ipywidgets' words for a widget whose model it gave up on, written where its renderer writes
#: them, at every load of the page (as a loaded server gave them: see the template)
MODEL_NOT_FOUND_JS = """document.addEventListener('DOMContentLoaded', () => {
  const node = document.createElement('div');
  node.className = 'jupyter-widgets';
  node.textContent = 'Error displaying widget: model not found';
  document.body.append(node);
});"""


def test_a_widget_ipywidgets_gave_up_on_loads_the_page_again_once(browser, voila):
    """On a loaded server ipywidgets' renderer once gave up on the lesson's widget ("Error
    displaying widget: model not found": its model was not known 2 s after the kernel's widgets
    were loaded) and the lesson never came, its first paint left "loading" for good. The page
    template loads the page again (a new kernel), once: the same address, the lesson there; a
    second failure within the minute does not load it again (no loop)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    record_console(page)
    page.add_init_script(MODEL_NOT_FOUND_JS)
    loads: list[str] = []
    page.on("domcontentloaded", lambda: loads.append(page.url))
    warned: list[str] = []  # every warning (the kept console's last 40 lines drop early ones)
    page.on("console", lambda m: warned.append(m.text) if m.type == "warning" else None)
    page.goto(voila.render_url("trapper-green-turn.ipynb", "lang=it&step=2"))
    page.wait_for_selector(BOARD_SVG, timeout=90_000)
    page.wait_for_timeout(1500)  # a second load would have started by now
    said = list(page.console_said)
    context.close()
    assert len(loads) == 2, (loads, said)
    assert all(url.endswith("?lang=it&step=2") for url in loads), loads
    assert sum("loads again" in line for line in warned) == 1, said
