"""The pages' language in a real browser (issue 13): ``?lang=``, the browser's language, the
menu that switches in place and keeps the step, ``<html lang>``, the notice of an unknown
``?lang=``. Voila runs as ``run.py app`` with a preheated pool for the green turn, so the
first page also shows that a kernel prepared before its request speaks the page's language.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import Tab
from .harness import POOL_FILLED, VoilaServer
from .stepping import BOARD_SVG, NEXT, STEP_LIST, open_in_place

pytestmark = pytest.mark.browser

APP = "trapper-green-turn.ipynb"
MENU = "select.tp-lang"
NOTICE = ".tp-lang-notice"
BACK = "button.tp-back"


@pytest.fixture(scope="module")
def served():
    with VoilaServer("notebooks", args=["--pool=1", f"--preheat={APP}"]) as server:
        server.wait_logged(POOL_FILLED)  # a page asked for sooner gets a kernel of its own
        yield server


@pytest.fixture(scope="module")
def course(browser, served):
    """One tab of the course app for the module's tests that open lessons in place (a page
    load costs a kernel and ~3 s of Chromium's CPU; an in-place switch a fraction of that)."""
    opened = Tab(browser)
    yield opened
    opened.close()
    assert not opened.script_errors, f"script errors in the course page: {opened.script_errors}"


def open_page(page, url: str, ready: str = BOARD_SVG) -> None:
    page.goto(url)
    try:
        page.wait_for_selector(ready, state="visible", timeout=90_000)
    except PlaywrightTimeout:
        pytest.fail(f"{url}: {ready} not shown; the page says:\n"
                    f"{page.inner_text('body')[:1500]}", pytrace=False)


def step_shown(page) -> int:
    return page.evaluate(f"() => document.querySelector('{STEP_LIST}').selectedIndex")


def test_the_menu_switches_the_language_in_place_and_keeps_the_step(tab, served):
    page = tab.page
    open_page(page, served.render_url(APP, "lang=nl&step=2"))
    assert page.evaluate("() => document.documentElement.lang") == "nl"
    assert "Volgende" in page.inner_text(NEXT) and step_shown(page) == 2
    assert "Stap 2 van 7" in page.inner_text(".tp-step-label")
    assert "Using pre-heated kernel" in served.whole_log(), "the page did not use the pool"

    page.select_option(MENU, "it")
    page.wait_for_function(f"() => document.querySelector('{NEXT}').textContent.includes('Avanti')",
                           timeout=30_000)
    assert step_shown(page) == 2, "the language menu lost the step"
    assert "Passo 2 di 7" in page.inner_text(".tp-step-label")
    assert page.evaluate("() => document.documentElement.lang") == "it"
    assert "lang=it" in page.url
    assert "lang=it" in page.get_attribute("a.tp-home", "href")
    assert page.eval_on_selector(MENU, "s => s.value") == "it"

    page.click(BACK)  # the page goes on in Italian (back: step 2 asks the learner to try)
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 1")
    page.wait_for_function("() => document.querySelector('.tp-step-label').textContent"
                           ".includes('Passo 1 di 7')", timeout=15_000)
    tab.assert_clean("after switching to Italian")

    page.reload()  # the address keeps the language
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    assert "Avanti" in page.inner_text(NEXT)


def test_a_clicker_s_arrows_step_on_after_the_language_menu_was_used(tab, served):
    """A teacher picks Nederlands in the menu, then presses → on the clicker: the menu kept the
    focus (so that keys go on from it) and → chose the next language, Italiano, instead of the
    next step. The clicker's keys (→ ←, Page Down / Up) step on from the menu; ↑ ↓ still choose."""
    page = tab.page
    open_page(page, served.render_url(APP, "lang=en&step=0"))
    page.focus(MENU)
    page.select_option(MENU, "nl")
    page.wait_for_function(f"() => document.querySelector('{NEXT}').textContent.includes('Volgende')",
                           timeout=30_000)
    page.wait_for_function(f"() => document.activeElement === document.querySelector('{MENU}')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 1",
                           timeout=15_000)
    page.keyboard.press("PageUp")
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 0",
                           timeout=15_000)
    page.wait_for_timeout(300)  # a language chosen by the key would be asked for by now
    assert page.eval_on_selector(MENU, "s => s.value") == "nl"
    assert page.evaluate("() => document.documentElement.lang") == "nl" and "lang=nl" in page.url
    tab.assert_clean("the clicker after the language menu")


def test_an_unknown_lang_shows_a_one_line_notice(tab, served):
    page = tab.page
    open_page(page, served.render_url(APP, "lang=xx&step=1"))
    notice = page.locator(NOTICE)
    assert notice.is_visible()
    text = notice.inner_text()
    assert "“xx”" in text and "English" in text and "\n" not in text.strip()
    assert step_shown(page) == 1 and "Next" in page.inner_text(NEXT)
    assert page.evaluate("() => document.documentElement.lang") == "en"
    tab.assert_clean("?lang=xx")


def test_the_browsers_language_is_the_default(browser, served):
    context = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        open_page(page, served.render_url(APP))
        assert "Avanti" in page.inner_text(NEXT)
        assert page.evaluate("() => document.documentElement.lang") == "it"
        assert not page.locator(NOTICE).is_visible()
    finally:
        context.close()


def test_the_index_offers_the_languages_and_its_links_keep_the_choice(tab, served):
    page = tab.page
    open_page(page, served.render_url("index.ipynb", "lang=nl"), ready=".tutor-course")
    assert page.evaluate("() => document.documentElement.lang") == "nl"
    assert page.inner_text(".tc-contents h2") == "Inhoud"
    assert page.get_attribute("a.tc-lesson >> nth=0", "href").endswith("?lang=nl")
    page.click(".tc-languages a[hreflang=it]")
    page.wait_for_selector(".tc-contents h2:has-text('Indice')", timeout=90_000)
    assert "lang=it" in page.url
    tab.assert_clean("the index in Italian")


def test_free_play_switches_language_and_keeps_the_position(tab, served):
    page = tab.page
    open_page(page, served.render_url("trapper-play.ipynb", "lang=en"))
    page.wait_for_selector("select.tp-moves option", state="attached", timeout=30_000)
    page.click("button.tp-play")  # the person's first move
    page.wait_for_function("() => document.querySelectorAll('ol.tp-log li').length > 0",
                           timeout=30_000)
    page.wait_for_function(  # the computers' answers, shown one at a time: the person's turn
        "() => !document.querySelector('button.tp-play').disabled", timeout=60_000)
    board = page.inner_html(".tp-board svg g") if page.locator(".tp-board svg g").count() else ""
    log = page.locator("ol.tp-log li").count()
    page.select_option(MENU, "nl")
    page.wait_for_function("() => document.querySelector('button.tp-play').textContent === 'Spelen'",
                           timeout=30_000)
    assert page.locator("ol.tp-log li").count() == log, "the game changed with the language"
    if board:
        assert page.inner_html(".tp-board svg g") == board
    assert page.evaluate("() => document.documentElement.lang") == "nl" and "lang=nl" in page.url
    tab.assert_clean("free play in Dutch")


#: the board's words as shown: those that spill out of the picture or out of their own field,
#: and the smallest word's height in screen pixels. A word of a part folded away on a phone
#: (Trigger's other board, outside the picture's box) is not shown and not counted.
WORDS_JS = """
() => {
  const svg = document.querySelector('.tp-board svg');
  const vb = svg.viewBox.baseVal;
  const scale = svg.getBoundingClientRect().width / vb.width;
  const shown = [...svg.querySelectorAll('text')].filter((t) => {
    const b = t.getBBox();
    return b.width > 0 && getComputedStyle(t).display !== 'none'
      && b.x + b.width > vb.x && b.x < vb.x + vb.width && b.y + b.height > vb.y && b.y < vb.y + vb.height;
  });
  // past the picture's edge, or (one word: a field's or a tile's name; or the label of an
  // InTrappola place) wider than a field; a word on a tab of its own (Canyon's cave on the long
  // river, over the mountain beside it) wider than its tab
  const spilled = shown.filter((t) => {
    const b = t.getBBox();
    const tab = t.closest('.cy-cave-word') && t.parentNode.querySelector('rect');
    const r = tab && tab.getBBox();
    return b.x < vb.x - 1 || b.x + b.width > vb.x + vb.width + 1
      || (tab ? b.x < r.x || b.x + b.width > r.x + r.width
          : b.width > 100 && (!t.textContent.trim().includes(' ') || svg.classList.contains('it-board')));
  }).map((t) => t.textContent);
  const smallest = Math.min(...shown.map((t) => Number(t.getAttribute('font-size')))) * scale;
  return {spilled, smallest};
}
"""

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}


@pytest.mark.parametrize("notebook, query, size", [
    ("trigger-chain-reaction.ipynb", "lang=it&step=3", "laptop"),  # the boards' titles are longer
    ("trapper-green-turn.ipynb", "lang=nl&step=1", "laptop"),  # "paddenstoel", "3 elanden" on a tile
    ("canyon-trick.ipynb", "lang=it&step=1", "laptop"),  # "grotta" on the cave's field
    # the knowledge overlay: "dell'altro" was cut on both sides of its place on a phone
    ("intrappola-es4-pair-missed.ipynb", "lang=it&step=2", "phone"),
    ("intrappola-es4-pair-missed.ipynb", "lang=nl&step=2", "laptop"),  # "van de ander"
    ("trigger-chain-reaction.ipynb", "lang=it&step=3", "phone"),
])
def test_longer_words_stay_inside_the_board(course, served, notebook, query, size):
    """Italian board titles ran past the right edge of the Trigger picture ("persi 0" cut);
    words must also stay inside their own field (the cave's name, an overlay's label), on a
    laptop and on a phone. The lessons open in place in one course page (as its links open
    them), each at the address's step and language."""
    page = course.page
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    try:
        open_in_place(page, served, notebook, query)
        page.wait_for_timeout(150)  # fitted to the screen
        words = page.evaluate(WORDS_JS)
        assert words["spilled"] == [], f"{notebook} on the {size}"
        # fitted by narrowing, never by shrinking the type below what a laptop can read
        # (the cave's name once shrank to 28 px in the picture, 9.8 px on the screen)
        assert words["smallest"] >= 11.9, \
            f"a board word is {words['smallest']:.1f} px high on the {size} ({width} px)"
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})


@pytest.mark.parametrize("notebook", ["trigger-drills.ipynb", "trigger-play.ipynb"])
def test_trigger_s_boards_on_a_phone_show_every_word_at_least_12_px(tab, served, notebook):
    """Side by side on a 390 px phone, Trigger's two boards left each tile ~22 px and the line
    over each board ~7 px high: there the page shows one board (or the board and the score
    sheet) at a time, each word at least 12 px, and a switch under it shows the other."""
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        open_page(page, served.render_url(notebook, "lang=it"))
        page.wait_for_timeout(150)  # fitted to the screen
        for part in range(2):
            words = page.evaluate(WORDS_JS)
            assert words["spilled"] == [] and words["smallest"] >= 11.9, \
                f"{notebook}, part {part} on a phone: {words}"
            options = page.locator(".tp-fold-option")
            assert options.count() == 2, "no switch between the folded board's parts"
            box = page.get_attribute(".tp-board svg", "viewBox")
            other = page.locator('.tp-fold-option[aria-pressed="false"]')
            other.click()
            page.wait_for_function("(box) => document.querySelector('.tp-board svg')"
                                   ".getAttribute('viewBox') !== box", arg=box)
        tab.assert_clean(f"{notebook} on a phone")
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})
