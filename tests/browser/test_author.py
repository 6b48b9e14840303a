"""Writing a lesson by playing it (issue 33), in a real browser: a three-step Trapper lesson
written in Dutch (a move, a refused move kept as a step, a try-it), tried as a learner, saved
(downloaded, and kept in the server's lessons folder), the saved file passing ``tutor check``
and opening on the lesson page from the course's "Your lessons".

Voila started as ``run.py app --lessons DIR`` starts it (``TUTOR_LESSONS``), Debian's Chromium.
"""
from __future__ import annotations

import io
from contextlib import contextmanager

import pytest

from tutor.__main__ import check
from tutor.core.i18n import using
from widgets.parts.texts import T
from tutor.core.walkthrough import load

from .conftest import Tab
from .harness import VoilaServer
from .stepping import BOARD_SVG, axe_serious

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lessons(tmp_path_factory):
    return tmp_path_factory.mktemp("lessons")


@pytest.fixture(scope="module")
def server(lessons):
    with VoilaServer("notebooks", env={"TUTOR_LESSONS": str(lessons)}) as running:
        yield running


def steps_shown(page) -> int:
    return int(page.get_attribute(".ta-writing .tp-page", "data-steps"))


def wait_steps(page, count: int) -> None:
    page.wait_for_function(
        "(n) => document.querySelector('.ta-writing .tp-page').dataset.steps === String(n)",
        arg=count, timeout=30_000)


def write(page, title: str, narration: str) -> None:
    if title:
        page.fill(".ta-title", title)
    page.fill(".ta-narration", narration)
    page.click(".ta-apply")


@contextmanager
def writing_page(browser, server, query: str, size: tuple[int, int] | None = None):
    """A tab on the "Write a lesson" page (``query``: its address's, the language), at ``size``
    if given, its board drawn; closed after."""
    tab = Tab(browser)
    page = tab.page
    if size:
        page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        page.goto(server.render_url("author.ipynb", query))
        page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
        yield tab
    finally:
        tab.close()


def test_a_three_step_trapper_lesson_written_in_dutch(browser, server, lessons, tmp_path):
    with writing_page(browser, server, "lang=nl") as tab:
        page = tab.page
        assert page.inner_text(".ta-try-learner") == "Probeer het als leerling"
        # the lesson's title, on the setup
        write(page, "Eén beurt van blauw", "Het begin van een spel voor twee.")
        # 1. a move, typed in the game's notation as the Dutch page writes it
        page.fill(".tp-typed", "blauw: neem f5")
        page.click(".tp-try")
        wait_steps(page, 1)
        # the move made: its box is emptied for the next one
        page.wait_for_function("() => document.querySelector('.tp-typed').value === ''")
        write(page, "Blauw neemt f5", "P1 zet de blauwe trapper op f5.")
        page.wait_for_selector(".ta-rules input[data-rule]")
        # 2. a move the rules refuse, kept as a refused step
        page.fill(".tp-typed", "groen: neem d6")
        page.click(".tp-try")
        page.wait_for_selector(".ta-refusal[data-rule='trapper.turn.one-trapper']")
        # refused: the text stays, to be corrected
        assert page.input_value(".tp-typed") == "groen: neem d6"
        page.click(".ta-keep")
        wait_steps(page, 2)
        assert page.get_attribute(".ta-step[data-step='2']", "data-refused") == \
            "trapper.turn.one-trapper"
        write(page, "", "Eén trapper per beurt: groen mag niet meer.")
        # 3. a move picked from the board's list, made a try-it
        page.select_option(".tp-moves", index=0)
        page.click(".tp-play")
        wait_steps(page, 3)
        write(page, "Nu jij", "Welke zet speelt P1 nu?")
        page.check(".ta-task input[value='try']")
        page.wait_for_selector(".ta-step[data-step='3'][data-task='try']")
        tab.assert_clean("after writing three steps")
        assert axe_serious(page, ".ta-writing") == []  # serious accessibility problems: none

        # try it as a learner: the lesson page on the draft, at the step shown
        page.click(".ta-try-learner")
        page.wait_for_selector(".ta-learner:not([hidden]) .tp-page .tp-board svg", timeout=60_000)
        label = page.inner_text(".ta-learner .tp-step-label")
        assert "3" in label
        assert page.locator(".ta-learner .tp-typed, .ta-learner .tp-moves").count() > 0
        # every pattern the learner's board paints with (herb, mushroom) is found in a box
        # that shows: the first element of an id decides, and a hidden one paints nothing
        hidden = page.evaluate("""() => [...document.querySelectorAll('.ta-learner .tp-board [fill^="url(#"]')]
          .map((e) => e.getAttribute('fill').slice(5, -1))
          .filter((id) => { const found = document.getElementById(id); return !found || found.closest('[hidden]'); })""")
        assert page.locator(".ta-learner .tp-board [fill^='url(#']").count() > 0
        assert hidden == []
        page.click(".ta-back-writing")
        page.wait_for_selector(".ta-writing:not([hidden])")

        # save: checked, downloaded, and kept in the lessons folder
        with page.expect_download() as caught:
            page.click(".ta-save")
            page.wait_for_selector(".ta-download", timeout=30_000)
            page.click(".ta-download")
        downloaded = tmp_path / caught.value.suggested_filename
        caught.value.save_as(downloaded)
        kept = lessons / downloaded.name
        assert kept.read_text(encoding="utf-8") == downloaded.read_text(encoding="utf-8")
        assert check([str(downloaded)], out=io.StringIO()) == 0
        walk = load(downloaded)
        assert walk.title == "Eén beurt van blauw"
        assert [s.refused for s in walk.steps] == [None, "trapper.turn.one-trapper", None]
        assert walk.steps[2].try_it is not None and walk.steps[1].narration.startswith("Eén")
        tab.assert_clean("after saving")

        # the course lists it under "Your lessons"; it opens on the lesson page
        page.goto(server.render_url("index.ipynb", "lang=nl"))
        link = page.locator(f".tc-yours [data-yours='{kept.stem}'] a")
        link.wait_for(timeout=90_000)
        link.click()
        page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
        assert "Eén beurt van blauw" in page.inner_text(".tutor-view .tp-title")
        page.keyboard.press("End")
        page.wait_for_function("() => /3/.test(document.querySelector('.tp-step-label').textContent)",
                               timeout=30_000)
        tab.assert_clean("the saved lesson on the lesson page")


#: Where the writing page's parts are on screen: the step bar, the board, the page's width
PHONE_GEOMETRY_JS = """() => {
  const root = document.querySelector('.ta-writing .tp-page');
  const box = (s) => { const r = root.querySelector(s).getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const bar = root.querySelector('.tp-controls');
  const buttons = [...bar.querySelectorAll('button')].map((b) => { const r = b.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height,
             cut: b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1 }; });
  return { narrow: root.classList.contains('tp-narrow'), fixed: getComputedStyle(bar).position,
           bar: box('.tp-controls'), board: box('.tp-board svg'), boardBox: box('.tp-board-box'),
           story: box('.tp-story'), buttons, wide: document.documentElement.scrollWidth,
           height: window.innerHeight };
}"""

#: ``selector``'s element focused as a key would (the page scrolls it into view): its box
FOCUSED_JS = """(selector) => { const e = document.querySelector(selector); e.focus();
  const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; }"""


#: after a move on a phone: the new step's narration box, and the box the move was typed in,
#: whole between the window's top and the bar, the narration before the players' panel
STEP_WORDS_IN_VIEW_JS = """() => {
  const root = document.querySelector('.ta-writing .tp-page');
  if (root.dataset.cursor !== '1') return false;
  const bar = root.querySelector('.tp-controls').getBoundingClientRect().top;
  const seen = (s) => { const r = root.querySelector(s).getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= bar + 1; };
  const panel = root.querySelector('.tp-panel-box').getBoundingClientRect();
  return seen('.ta-narration') && seen('.tp-typed')
    && root.querySelector('.ta-narration').getBoundingClientRect().bottom <= panel.top;
}"""

#: the story column's controls that Tab reaches, in Tab (document) order, each above the one
#: before it on the screen: [] when the order seen and the order of the keys agree
TAB_ORDER_JS = """() => {
  const shown = [...document.querySelectorAll('.ta-writing .tp-story :is(input, select, textarea, button, summary, a[href])')]
    .filter((n) => !n.disabled && n.tabIndex >= 0 && n.getClientRects().length)
    .map((n) => [n.className || n.tagName, n.getBoundingClientRect().top]);
  return shown.filter((n, i) => i > 0 && n[1] < shown[i - 1][1] - 2);
}"""


def test_on_a_phone_the_board_and_the_step_controls_are_in_view_and_usable(browser, server):
    """390 × 844, in Italian: one column, the board whole and in view, Undo / Try it as a
    learner / Save in the bar fixed at the bottom, each whole and big enough to touch; a move
    typed with keys only becomes a step, its narration box on the screen at once (it was a
    screen down, under the players' panel) and the keys' order the order seen; the step's
    words, the lesson's steps and where it starts, focused, are never under the bar; a step
    picked in the list and Undo work by touch."""
    with writing_page(browser, server, "lang=it", size=(390, 844)) as tab:
        page = tab.page
        page.wait_for_timeout(500)  # the frame fitted to the phone
        shown = page.evaluate(PHONE_GEOMETRY_JS)
        assert shown["narrow"] and shown["fixed"] == "fixed"
        assert shown["wide"] <= 390  # nothing to scroll sideways
        bar, board = shown["bar"], shown["board"]
        assert abs(bar["bottom"] - shown["height"]) < 1 and bar["left"] >= 0 and bar["right"] <= 390
        assert board["left"] >= 0 and board["right"] <= 390 and board["right"] - board["left"] > 300
        assert board["top"] >= 0 and board["bottom"] <= bar["top"]  # whole, above the bar
        # one column: the story under the board, not beside it
        assert shown["story"]["top"] >= shown["boardBox"]["bottom"] - 1
        assert len(shown["buttons"]) == 3
        for button in shown["buttons"]:
            assert button["left"] >= 0 and button["right"] <= 390 and button["height"] >= 44, button
            assert button["top"] >= bar["top"] - 1 and button["bottom"] <= shown["height"] + 1, button
            assert not button["cut"], button  # its words whole

        # keys only: a move typed and Enter makes the first step
        page.focus(".tp-typed")
        page.keyboard.type("blu: prendi f5")
        page.keyboard.press("Enter")
        wait_steps(page, 1)
        # the box to write what the move teaches is on the screen at once, above the bar, with
        # the box the move was typed in (it was a screen down, under the players' panel)
        page.wait_for_function(STEP_WORDS_IN_VIEW_JS, timeout=10_000)
        assert page.evaluate(TAB_ORDER_JS) == [], "the story's Tab order follows what is seen"
        for selector in (".ta-title", ".ta-narration", ".ta-step[data-step='1'] .ta-go",
                         ".ta-start summary", ".tp-typed"):
            box = page.evaluate(FOCUSED_JS, selector)
            bar_top = page.evaluate(PHONE_GEOMETRY_JS)["bar"]["top"]
            assert box["top"] >= 0 and box["bottom"] <= bar_top + 1, (selector, box, bar_top)
        write(page, "Un passo", "Il Trapper blu prende f5.")
        page.wait_for_selector(".ta-step[data-step='1'] .ta-go:has-text('Un passo')")
        # touch: the setup in the list, then back to the step, then Undo in the bar
        page.click(".ta-step[data-step='0'] .ta-go")
        page.wait_for_selector(".ta-writing .tp-page[data-cursor='0']")
        page.click(".ta-step[data-step='1'] .ta-go")
        page.wait_for_selector(".ta-writing .tp-page[data-cursor='1']")
        page.click(".ta-writing .tp-controls .tp-undo")
        wait_steps(page, 0)
        tab.assert_clean("writing on a phone")


@pytest.mark.parametrize("game, lang", [("intrappola", "it"), ("trigger", "nl")])
def test_another_game_written_by_playing_saved_and_checked(browser, server, game, lang, tmp_path):
    """Not only Trapper: the game chosen where the lesson starts, chance dealt from the seed
    when it comes first, a move picked from the board's list made a try-it; saved, the file
    passes ``tutor check`` and is a lesson of that game."""
    with writing_page(browser, server, f"lang={lang}") as tab:
        page = tab.page
        page.click(".ta-start summary")
        page.select_option(".ta-source", "new")
        page.select_option(".ta-game", game)
        page.fill(".ta-seed", "1")
        page.click(".ta-begin")
        page.wait_for_selector(f".ta-writing .tp-page[data-game='{game}'][data-steps='0']")
        write(page, f"{game} 1", "…")
        dealt = 0
        while page.locator(".ta-deal").count() and dealt < 4:  # dice or a draw come first
            dealt += 1
            page.click(".ta-deal")
            wait_steps(page, dealt)
        page.wait_for_selector(".tp-moves option", state="attached")
        page.select_option(".tp-moves", index=0)
        page.click(".tp-play")
        wait_steps(page, dealt + 1)
        # a proposed rule's reading is said as ours, in the page's words ("Our reading of:"
        # stood before it, a label made for the links to a rule's reading)
        with using(lang):
            ours = T._("Our reading") + ": "
        readings = page.eval_on_selector_all(".ta-reading", "ps => ps.map(p => p.textContent)")
        assert all(r.startswith(ours) for r in readings) and (readings or game != "intrappola"), readings
        write(page, "", "…")
        page.check(".ta-task input[value='try']")
        page.wait_for_selector(f".ta-step[data-step='{dealt + 1}'][data-task='try']")
        with page.expect_download() as caught:
            page.click(".ta-save")
            page.wait_for_selector(".ta-download", timeout=30_000)
            page.click(".ta-download")
        downloaded = tmp_path / caught.value.suggested_filename
        caught.value.save_as(downloaded)
        assert check([str(downloaded)], out=io.StringIO()) == 0
        walk = load(downloaded)
        assert walk.game == game and walk.title == f"{game} 1" and walk.lang == lang
        assert len(walk.steps) == dealt + 1 and walk.steps[-1].try_it is not None
        tab.assert_clean(f"a {game} lesson written and saved")


def test_a_lesson_begun_by_keys_starts_at_the_game_s_controls_and_chance_is_typed(browser, server):
    """Enter on "Begin" (Trigger, in Dutch, on a projector): the focus fell to the page's body
    and the story column stayed down at the form, with the opening roll's "type the outcome"
    above it and no box to type it in (the move row was hidden while chance was to move). Now
    the column is at its top, the focus on its first control, and the outcome is typed there."""
    with writing_page(browser, server, "lang=nl", size=(1024, 768)) as tab:
        page = tab.page
        page.click(".ta-start summary")
        page.select_option(".ta-game", "trigger")
        page.focus(".ta-begin")
        page.keyboard.press("Enter")
        page.wait_for_selector(".ta-writing .tp-page[data-game='trigger'][data-steps='0'] .ta-deal")
        page.wait_for_function("() => document.activeElement.classList.contains('tp-typed')",
                               timeout=30_000)
        at = page.evaluate("""() => { const e = document.activeElement, s = document.querySelector('.tp-story');
          const r = e.getBoundingClientRect();
          return {top: r.top, bottom: r.bottom, height: innerHeight, scrolled: s.scrollTop}; }""")
        assert at["scrolled"] == 0 and 0 <= at["top"] and at["bottom"] <= at["height"], at
        page.keyboard.type("opening 3 5")
        page.keyboard.press("Enter")
        wait_steps(page, 1)
        tab.assert_clean("a lesson begun by keys")


IN_VIEW_JS = """(selector) => { const e = document.querySelector(selector);
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right,
           height: window.innerHeight, width: window.innerWidth,
           reached: !!hit && (hit === e || e.contains(hit)) }; }"""


def test_on_a_projector_the_board_and_save_stay_in_view_while_ticking_facts(browser, server):
    """1024 × 768: after a move, the facts list is long; ticking the last facts (far down the
    story column) leaves the board whole in view and Undo / Try it / Save in view and reachable."""
    with writing_page(browser, server, "lang=en", size=(1024, 768)) as tab:
        page = tab.page
        page.fill(".tp-typed", "blue: take f5")
        page.click(".tp-try")
        wait_steps(page, 1)
        page.wait_for_selector(".ta-changed input")
        ticks = page.locator(".ta-changed input")
        assert ticks.count() >= 5
        for index in (ticks.count() - 1, ticks.count() - 2):
            ticks.nth(index).check()
            page.wait_for_timeout(300)
        assert ticks.nth(ticks.count() - 1).is_checked()
        for selector in (".ta-writing .tp-board svg", ".ta-save", ".ta-try-learner",
                         ".ta-writing .tp-controls .tp-undo"):
            box = page.evaluate(IN_VIEW_JS, selector)
            assert box["top"] >= 0 and box["bottom"] <= box["height"] + 1, (selector, box)
            assert box["left"] >= 0 and box["right"] <= box["width"] + 1, (selector, box)
            if selector != ".ta-writing .tp-board svg":
                assert box["reached"], (selector, box)
        # the story column scrolled itself, the page did not: the last tick is in view too
        last = page.evaluate(IN_VIEW_JS, ".ta-changed li:last-child input")
        assert 0 <= last["top"] and last["bottom"] <= last["height"] + 1, last
        page.click(".ta-save")
        page.wait_for_selector(".ta-passes, .ta-problem:not([hidden])", timeout=30_000)
        tab.assert_clean("writing on a projector")


def test_a_canyon_trick_written_by_clicking_the_card_in_the_players_panel(browser, server):
    """Writing from a step of Canyon's trick lesson: the players' panel shows the hands (the
    author sees what Marc holds), and a click on his card in it is the move written, a step
    of the draft; a card that does not follow is refused by its rule, kept aside."""
    with writing_page(browser, server, "lang=it") as tab:
        page = tab.page
        page.click(".ta-start summary")
        page.select_option(".ta-source", "lesson")
        page.select_option(".ta-game", "canyon")
        page.select_option(".ta-lesson", "canyon/trick")
        page.fill(".ta-step-number", "3")
        page.click(".ta-begin")
        page.wait_for_selector(".ta-writing .tp-page[data-game='canyon'][data-steps='0']")
        cards = page.eval_on_selector_all(".ta-writing .tp-panel [data-target]",
                                          "els => els.map(e => e.getAttribute('data-target'))")
        assert cards == ["card:blue:3", "card:red:5"], cards
        assert page.is_visible(".ta-writing .tp-panel-box")
        page.click('.ta-writing .tp-panel [data-target="card:red:5"]')
        page.wait_for_selector(".ta-writing .tp-refusal[data-rule='canyon.trick.follow'], "
                               ".ta-writing [data-rule='canyon.trick.follow']", timeout=30_000)
        page.click('.ta-writing .tp-panel [data-target="card:blue:3"]')
        wait_steps(page, 1)
        tab.assert_clean("a Canyon trick written by clicking a card")


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_lesson_of_yours_that_is_not_there_leaves_a_way_back_to_the_course(tab, server, lang):
    """``yours.ipynb`` with no lesson of the folder said only that it cannot be shown: no link,
    no way back but the browser's. It now offers the course page, in the page's language."""
    page = tab.page
    page.goto(server.render_url("yours.ipynb", f"lang={lang}&lesson=nothing-here"))
    page.wait_for_selector(".tutor-message", timeout=90_000)
    home = page.locator(".tutor-view a.tp-home")
    home.wait_for(timeout=30_000)
    assert home.is_visible() and "All lessons" not in home.inner_text()
    assert home.inner_text().strip("← ").strip()
    home.click()
    page.wait_for_selector("a.tc-lesson", timeout=90_000)
    assert page.evaluate("() => location.pathname").endswith("index.ipynb")


# ---- when a teacher slips (walk s15) -------------------------------------------------------------
# A reload halfway (a new kernel, an empty draft) offers the lesson being written back, and it
# goes on where it was; on a phone, what Save answers (a title missing, the lesson saved) comes
# into view instead of staying a screen above the bar's Save.

def opened(page, server, query: str) -> None:
    page.goto(server.render_url("author.ipynb", query))
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)


def test_a_reload_halfway_offers_the_lesson_back_and_goes_on_after_its_last_step(
        browser, server, lessons):
    tab = Tab(browser)
    page = tab.page
    try:
        page.set_viewport_size({"width": 1024, "height": 768})
        opened(page, server, "lang=nl")
        assert page.locator(".ta-kept:not([hidden])").count() == 0  # nothing kept: no offer
        page.fill(".ta-title", "Na het herladen")
        page.fill(".ta-narration", "Het begin.")
        page.click(".ta-apply")
        page.fill(".tp-typed", "blauw: neem f5")
        page.press(".tp-typed", "Enter")
        wait_steps(page, 1)
        page.fill(".ta-narration", "Blauw neemt f5.")
        page.click(".ta-apply")
        page.wait_for_function("() => document.querySelector('.ta-step[data-step=\"1\"]')"
                               ".dataset.narrated !== 'no'")

        page.reload()  # the kernel, and the draft in it, are gone
        page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
        assert steps_shown(page) == 0
        offer = page.locator(".ta-kept:not([hidden]) .ta-go-on")
        offer.wait_for(timeout=30_000)  # before: the lesson was lost without a word
        offer.focus()
        page.keyboard.press("Enter")
        wait_steps(page, 1)
        assert page.get_attribute(".ta-writing .tp-page", "data-cursor") == "1"
        assert page.input_value(".ta-narration") == "Blauw neemt f5."
        page.click(".ta-step[data-step='0'] .ta-go")
        page.wait_for_function("() => document.querySelector('.ta-writing .tp-page')"
                               ".dataset.cursor === '0'")
        assert page.input_value(".ta-title") == "Na het herladen"
        assert page.locator(".ta-kept:not([hidden])").count() == 0  # the offer is taken

        page.click(".ta-save")
        page.wait_for_selector(".ta-saved-in", timeout=30_000)
        assert (lessons / "trapper-na-het-herladen.toml").is_file()
        page.reload()  # saved: nothing is offered back
        page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
        page.wait_for_timeout(500)
        assert page.locator(".ta-kept:not([hidden])").count() == 0
        tab.assert_clean("after a reload and a save")
    finally:
        tab.close()


#: ``selector``'s box against the window and the phone's fixed bar
BAR_JS = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  const bar = document.querySelector('.ta-writing .tp-controls').getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, bar: bar.top, height: r.height }; }"""


def test_on_a_phone_save_s_answer_comes_into_view(browser, server, lessons):
    tab = Tab(browser)
    page = tab.page
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        opened(page, server, "lang=it")
        page.fill(".tp-typed", "blu: prendi f5")
        page.press(".tp-typed", "Enter")
        wait_steps(page, 1)
        page.fill(".ta-narration", "Il blu prende f5.")
        page.click(".ta-apply")
        page.wait_for_function("() => document.querySelector('.ta-step[data-step=\"1\"]')"
                               ".dataset.narrated !== 'no'")
        page.evaluate("() => document.querySelector('.ta-task').scrollIntoView()")  # far down
        page.click(".ta-save")  # no title yet: refused, and said where it is seen
        page.wait_for_selector(".ta-problem:not([hidden])", timeout=30_000)
        page.wait_for_timeout(300)
        box = page.evaluate(BAR_JS, ".ta-problem")
        assert box["height"] > 0 and box["top"] >= 0 and box["bottom"] <= box["bar"] + 1, box
        assert not list(lessons.glob("trapper-*blu*.toml"))
        page.click(".ta-step[data-step='0'] .ta-go")
        page.wait_for_function("() => document.querySelector('.ta-writing .tp-page')"
                               ".dataset.cursor === '0'")
        page.fill(".ta-title", "Il blu al telefono")
        page.click(".ta-apply")
        page.wait_for_function("() => document.querySelector('.ta-title').value === 'Il blu al telefono'")
        page.evaluate("() => document.querySelector('.ta-start').scrollIntoView()")
        page.click(".ta-save")
        page.wait_for_selector(".ta-saved-in", timeout=30_000)
        page.wait_for_timeout(300)
        box = page.evaluate(BAR_JS, ".ta-saved")
        assert box["top"] >= 0 and box["bottom"] <= box["bar"] + 1, box
        assert (lessons / "trapper-il-blu-al-telefono.toml").is_file()
        tab.assert_clean("after saving on a phone")
    finally:
        tab.close()


def kept_after_reload(page, title: str) -> None:
    """A one-step lesson titled ``title`` written on the page, then the page reloaded: the
    browser's offer to go on with a kept lesson shown."""
    page.fill(".ta-title", title)
    page.click(".ta-apply")
    page.fill(".tp-typed", "blue: take f5")
    page.press(".tp-typed", "Enter")
    wait_steps(page, 1)
    page.reload()
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    page.locator(".ta-kept:not([hidden])").wait_for(timeout=30_000)


def test_a_lesson_begun_over_an_unanswered_offer_does_not_lose_the_kept_one(browser, server):
    tab = Tab(browser)
    page = tab.page
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        opened(page, server, "lang=en")
        kept_after_reload(page, "The first one")
        # the offer left unanswered: another lesson written on this page
        kept_after_reload(page, "The second one")
        assert "The second one" in page.inner_text(".ta-kept")  # the newest first
        page.click(".ta-forget")
        assert "The first one" in page.inner_text(".ta-kept:not([hidden])")  # still kept
        page.click(".ta-go-on")
        wait_steps(page, 1)
        page.click(".ta-step[data-step='0'] .ta-go")
        page.wait_for_function("() => document.querySelector('.ta-writing .tp-page')"
                               ".dataset.cursor === '0'")
        assert page.input_value(".ta-title") == "The first one"
        tab.assert_clean("after going on with the first lesson")
    finally:
        tab.close()
