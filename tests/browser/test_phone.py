"""A phone (390 × 844, and a small one, 390 × 600): what a learner must read or touch is never
under the step bar fixed at the bottom, and every word drawn on a board is at least 12 px
(Trigger's: its first paint one board at a time, as the live page; a long refusal's narrowed
board; the folded header line), the number box's placeholder whole, in every language.

Checked on positions in pixels (bounding boxes, computed font sizes, ``data-*``), not on
words. ``TUTOR_SCREENSHOTS=docs/screenshots`` writes the pictures of the pages looked at
(Italian and Dutch, 390 × 844).
"""
from __future__ import annotations

import os

import pytest

from .harness import Held
from .stepping import BOARD_SVG
from .test_learn_by_doing import page, screenshot  # noqa: F401 (page: the fixture)

pytestmark = pytest.mark.browser

PHONE, SMALL = (390, 844), (390, 600)
DRILLS, SOLO = "trigger-drills.ipynb", "trigger-solo.ipynb"
SOLO_TRY = 12  # solo's try-it step
#: refused moves whose long refusal narrowed the board on a phone, to keep the narration's start
#: on screen, until the two boards' folded header line ("▶ Ben · giallo: …") and the dice's line
#: were ~10 px: the words' size comes first now (the narration may start lower)
REFUSED = [("trigger-malus.ipynb", 10), ("trigger-solo-reroll.ipynb", 2)]

#: Resolves once the page has refitted after a resize (a frame, an idle callback, two frames).
#: Bounded: an idle callback without a timeout may wait for ever on a busy page (likely where a
#: CI run's worker hung until its 300 s were up), and a page that draws no frame goes on too
SETTLED_JS = """() => new Promise((done) => {
  setTimeout(done, 5000);
  requestAnimationFrame(() => requestIdleCallback(() =>
    requestAnimationFrame(() => requestAnimationFrame(done)), { timeout: 1000 }));
})"""

#: The window and every box in it scrolled to their tops
TO_TOP_JS = """() => { for (const box of document.querySelectorAll('*')) if (box.scrollTop) box.scrollTop = 0;
  window.scrollTo(0, 0); }"""

#: Where ``selectors``' elements are against the step bar: each one's top and bottom, the bar's top
ABOVE_BAR_JS = """(selectors) => {
  const bar = document.querySelector('.tp-page:not(.tp-first) .tp-controls').getBoundingClientRect();
  const boxes = selectors.map((s) => { const r = document.querySelector(s).getBoundingClientRect();
    return [s, Math.round(r.top), Math.round(r.bottom)]; });
  return { bar: Math.round(bar.top), height: window.innerHeight, boxes,
           fixed: getComputedStyle(document.querySelector('.tp-page:not(.tp-first) .tp-controls')).position };
}"""

#: Scrolled to the end: the bottom of the page's last thing against the bar's top
PAGE_END_JS = """() => {
  for (const box of document.querySelectorAll('*')) if (box.scrollHeight > box.clientHeight + 1) box.scrollTop = box.scrollHeight;
  window.scrollTo(0, document.documentElement.scrollHeight);
  const page = document.querySelector('.tp-page:not(.tp-first)');
  const bar = page.querySelector('.tp-controls').getBoundingClientRect();
  const story = [...page.querySelectorAll('.tp-story > *')].filter((e) => e.offsetParent);
  const last = Math.max(...story.map((e) => e.getBoundingClientRect().bottom));
  return { bar: Math.round(bar.top), last: Math.round(last), barHeight: Math.round(bar.height) };
}"""

#: Every word drawn on the board, the part of it on screen (a folded board's other half is not):
#: its size in px (font size × the picture's scale), the smallest first
WORDS_JS = """(selector) => {
  const svg = document.querySelector(selector);
  const view = svg.viewBox.baseVal, shown = svg.getBoundingClientRect();
  const scale = shown.width / view.width;
  const words = [];
  for (const text of svg.querySelectorAll('text')) {
    if (!text.textContent.trim() || getComputedStyle(text).display === 'none') continue;
    const box = text.getBBox();
    if (box.x + box.width <= view.x || box.x >= view.x + view.width
        || box.y + box.height <= view.y || box.y >= view.y + view.height) continue;
    // a long line squeezed to its room (textLength) draws its letters narrower: counted so
    let squeeze = 1;
    if (text.hasAttribute('textLength')) {
      const free = text.cloneNode(true);
      free.removeAttribute('textLength');
      free.removeAttribute('lengthAdjust');
      text.parentNode.append(free);
      squeeze = Math.min(1, text.textLength.baseVal.value / free.getComputedTextLength());
      free.remove();
    }
    words.push([parseFloat(getComputedStyle(text).fontSize) * scale * squeeze, text.textContent.trim(),
                text.getAttribute('class') || '']);
  }
  words.sort((a, b) => a[0] - b[0]);
  return { words, folded: svg.hasAttribute('data-folded'), width: shown.width };
}"""

#: The number box's placeholder: its width as drawn in the box's font, and the room inside it
PLACEHOLDER_JS = """() => {
  const box = document.querySelector('.tp-answer');
  const style = getComputedStyle(box);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return { text: box.placeholder, needs: pen.measureText(box.placeholder).width,
           room: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
}"""


def open_at(page, voila, notebook: str, query: str, size=PHONE) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(voila.render_url(notebook, query))
    page.wait_for_selector(BOARD_SVG, timeout=90_000)
    page.wait_for_timeout(200)  # the kernel hears the page is ready
    settle(page, size)


def settle(page, size) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate(SETTLED_JS)


def switch_language(page, lang: str, size) -> None:
    """The page's language menu set to ``lang`` (switched in place, as a learner does), then
    the board drawn again in it and the page settled at ``size``."""
    page.select_option("select.tp-lang", lang)
    page.wait_for_function(f"""() => document.documentElement.lang === '{lang}'
        && document.querySelector('{BOARD_SVG}')""", timeout=30_000)
    settle(page, size)


def numeric_question(page) -> None:
    """Next question until one asks for a number (most of Trigger's do)."""
    for _ in range(15):
        if page.is_visible(".tp-answer"):
            return
        label = page.inner_text(".tp-step-label")
        page.click(".tp-next-question")
        page.wait_for_function("(was) => document.querySelector('.tp-step-label').textContent !== was",
                               arg=label)
    pytest.fail("no number question in 15 drills questions")


def focus_above_the_bar(page, field: str, button: str, where: str) -> None:
    """The page at its top, then ``field`` takes focus (a tap, Tab): it and its ``button`` come
    wholly on screen above the step bar."""
    page.evaluate(TO_TOP_JS)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.focus(field)
    try:
        page.wait_for_function("""([field, button]) => {
          const bar = document.querySelector('.tp-page:not(.tp-first) .tp-controls').getBoundingClientRect();
          return [field, button].every((s) => { const r = document.querySelector(s).getBoundingClientRect();
                                                 return r.top >= 0 && r.bottom <= bar.top + 0.5; }); }""",
                               arg=[field, button], timeout=3_000)
    except Exception:
        shown = page.evaluate(ABOVE_BAR_JS, [field, button])
        pytest.fail(f"{where}: {field} and {button} not above the step bar after focus: {shown}",
                    pytrace=False)


#: Where the focus is: the page's header, its board and story (``main``), the step bar, or else
REGION_JS = """() => { const at = document.activeElement;
  const page = document.querySelector('.tp-page:not(.tp-first)');
  if (!at || !page.contains(at)) return 'outside';
  for (const [name, sel] of [['head', '.tp-head'], ['main', '.tp-main'], ['bar', '.tp-controls']])
    if (at.closest(sel)) return name;
  return 'other'; }"""


def tab_order_as_seen(page, where: str) -> None:
    """Keys only, from the header's first link: Tab reaches the board and the story (the task)
    before the step bar fixed at the bottom, as the learner sees them (the bar came second)."""
    page.evaluate(TO_TOP_JS)
    page.focus(".tp-page:not(.tp-first) .tp-home")
    seen = ["head"]
    for _ in range(60):
        page.keyboard.press("Tab")
        region = page.evaluate(REGION_JS)
        if region != seen[-1]:
            seen.append(region)
        if region == "bar":
            break
    assert seen[:3] == ["head", "main", "bar"], f"{where}: Tab goes {' → '.join(seen)}"


def room_for_the_bar(page, where: str) -> None:
    """Scrolled to the end, the page's last part ends above the bar (the room kept is the bar's
    height as drawn, not a guess: a longer language's bar is taller)."""
    end = page.evaluate(PAGE_END_JS)
    assert end["last"] <= end["bar"] + 0.5, f"{where}: the page ends under the step bar: {end}"
    page.evaluate(TO_TOP_JS)


def words_at_least_12_px(page, where: str) -> dict:
    found = page.evaluate(WORDS_JS, BOARD_SVG)
    small = [w for w in found["words"] if w[0] < 11.95]
    assert not small, f"{where}: words under 12 px on the board ({found['width']:.0f} px wide): {small[:6]}"
    return found


def test_the_drills_answer_row_is_above_the_step_bar_on_a_phone(page, voila):
    open_at(page, voila, DRILLS, "lang=it")
    numeric_question(page)
    for size in (PHONE, SMALL):
        settle(page, size)
        where = f"the Italian drills at {size[0]}×{size[1]}"
        focus_above_the_bar(page, ".tp-answer", ".tp-answer-button", where)
        room_for_the_bar(page, where)
    settle(page, PHONE)
    page.evaluate(TO_TOP_JS)
    page.evaluate("() => document.activeElement.blur()")
    page.focus(".tp-answer")
    page.evaluate(SETTLED_JS)
    screenshot(page, "trigger-it-drills-phone.png")
    assert not page.script_errors, page.script_errors


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_a_try_it_step_s_move_field_is_above_the_step_bar_on_a_phone(page, voila, lang):
    open_at(page, voila, SOLO, f"lang={lang}&step={SOLO_TRY - 1}")
    page.keyboard.press("ArrowRight")  # arrived at going forward, the step asks
    page.wait_for_selector(".tp-try-box:not([hidden]) .tp-typed")
    for size in (PHONE, SMALL):
        settle(page, size)
        where = f"the try-it step in {lang} at {size[0]}×{size[1]}"
        focus_above_the_bar(page, ".tp-try-box .tp-typed", ".tp-try-box .tp-try", where)
        room_for_the_bar(page, where)
    settle(page, PHONE)
    tab_order_as_seen(page, f"the try-it step in {lang} on a phone")
    page.evaluate(TO_TOP_JS)
    page.evaluate("() => document.activeElement.blur()")
    page.focus(".tp-try-box .tp-typed")
    page.evaluate(SETTLED_JS)
    screenshot(page, f"trigger-{lang}-try-phone.png")
    assert not page.script_errors, page.script_errors


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_every_word_on_trigger_s_boards_is_12_px_and_the_placeholder_whole_on_a_phone(page, voila, lang):
    # a long refusal narrows the board on a phone (the narration's start kept on screen): its
    # words, the folded header line first, were ~10 px
    for notebook, step in REFUSED:
        open_at(page, voila, notebook, f"lang={lang}&step={step}")
        page.wait_for_selector(".tp-refusal")
        found = words_at_least_12_px(page, f"{notebook} step {step} (refused) in {lang}")
        assert found["folded"], "Trigger's boards not folded on a phone"
        assert any("tg-title" in w[2] for w in found["words"]), "the folded board's header is not drawn"
        room_for_the_bar(page, f"{notebook} step {step} in {lang}")  # the narration, under it
        if lang != "en" and notebook == REFUSED[0][0]:
            screenshot(page, f"trigger-{lang}-refused-phone.png")
    open_at(page, voila, DRILLS, f"lang={lang}")
    numeric_question(page)
    words_at_least_12_px(page, f"the drills in {lang}")
    shown = page.evaluate(PLACEHOLDER_JS)
    assert shown["needs"] <= shown["room"] + 1, f"the placeholder is cut in {lang}: {shown}"
    if lang == "nl":
        page.evaluate("() => document.activeElement.blur()")
        page.focus(".tp-answer")
        page.evaluate(SETTLED_JS)
        screenshot(page, "trigger-nl-drills-phone.png")
    assert not page.script_errors, page.script_errors


#: watches the page from its first byte: the first paint's board as first shown (its box, whether
#: folded), before the live page comes
FIRST_FOLD_WATCH = """(() => {
  const seen = window.tutorFirstFold = { viewBox: null, folded: null, width: 0, words: 99 };
  const look = () => {
    const svg = document.querySelector('.tp-first .tp-board svg');
    if (!svg || seen.viewBox !== null || document.querySelector('.tp-page:not(.tp-first)')) return;
    const box = svg.getBoundingClientRect();
    if (!(box.width > 0) || !svg.querySelector('text')) return;
    seen.viewBox = svg.getAttribute('viewBox');
    seen.folded = svg.hasAttribute('data-folded');
    seen.width = box.width;
    const view = svg.viewBox.baseVal;
    const size = Math.min(...[...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize)));
    seen.words = size * box.width / view.width;
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
  const frame = () => { look(); if (seen.viewBox === null) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();"""


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_trigger_s_first_paint_on_a_phone_shows_one_board_as_the_live_page(page, voila, lang):
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.add_init_script(FIRST_FOLD_WATCH)
    held = None
    if os.environ.get("TUTOR_SCREENSHOTS"):  # the picture of the first paint: the app held back
        held = Held(page, "**/app.js")
    page.goto(voila.render_url(SOLO, f"lang={lang}&step=1"), wait_until="commit")
    page.wait_for_function("() => window.tutorFirstFold && window.tutorFirstFold.viewBox !== null",
                           timeout=90_000)
    first = page.evaluate("() => window.tutorFirstFold")
    if held is not None:
        page.wait_for_timeout(300)
        screenshot(page, f"trigger-{lang}-first-paint-phone.png")
        held.release()
    page.wait_for_selector(BOARD_SVG, timeout=90_000)
    page.evaluate(SETTLED_JS)
    live = page.evaluate(f"() => document.querySelector('{BOARD_SVG}').getAttribute('viewBox')")
    assert first["folded"], f"the first paint shows both boards on a phone: {first}"
    assert first["viewBox"].split() == live.split(), (first, live)
    assert first["words"] >= 11.95, f"the first paint's words are {first['words']:.1f} px"
    assert not page.script_errors, page.script_errors


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_phone_names_the_step_s_rules_on_screen_and_a_tap_opens_one(page, voila, lang):
    """One column: the board, the step's title and the narration's start filled the screen, and
    the step's rule cards came only after the whole narration, below the fold. The rules are
    now named under the title, on screen with the board; Enter on one brings its card, its
    reading opened."""
    open_at(page, voila, "trapper-green-turn.ipynb", f"lang={lang}&step=4")
    page.wait_for_selector(".tp-page:not(.tp-first)[data-step='4'] .tp-rule-links:not([hidden])")
    seen = page.evaluate("""() => {
      const page = document.querySelector('.tp-page:not(.tp-first)');
      const box = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
      return {bar: page.querySelector('.tp-controls').getBoundingClientRect().top,
              line: box(page.querySelector('.tp-rule-links')),
              narration: box(page.querySelector('.tp-narration')),
              board: box(page.querySelector('.tp-board svg')),
              named: [...page.querySelectorAll('.tp-rule-links [data-rule]')].map((b) => b.dataset.rule),
              cards: [...page.querySelectorAll('.tp-rules .tp-rule-id')].map((e) => e.textContent),
              below: [...page.querySelectorAll('.tp-rules .tp-rule-title')].map((e) => e.getBoundingClientRect().top)}; }""")
    assert 0 <= seen["line"][0] and seen["line"][1] <= seen["bar"], seen
    assert seen["board"][0] >= 0 and seen["narration"][0] < seen["bar"], seen  # with the board, before the story
    assert seen["named"] and set(seen["named"]) <= set(seen["cards"]), seen
    page.focus(".tp-page:not(.tp-first) .tp-rule-links [data-rule]")
    page.keyboard.press("Enter")
    first = seen["named"][0]
    page.wait_for_function("""(id) => { const card = [...document.querySelectorAll('.tp-page:not(.tp-first) .tp-rules .tp-rule')]
        .find((c) => c.querySelector('.tp-rule-id').textContent === id);
      const r = card.querySelector('.tp-rule-title').getBoundingClientRect();
      const reading = card.querySelector('.tp-reading');
      return r.top >= 0 && r.bottom <= innerHeight && (!reading || reading.open); }""", arg=first)
    assert not page.script_errors, page.script_errors
