"""The "Write a lesson" page and the course, as an author coming back finds them: the lesson
this browser kept is offered in a box of its own (it looked like a line of the story), a step
without narration says so in the list (it looked like any other), both passing axe; and the
course's contents lead to the author's own lessons, by keys, from the top (they are listed
after every game: an author had to scroll the whole course to find them)."""
from __future__ import annotations

import pytest

from tutor.core.i18n import using
from widgets.pages.author.model import Draft
from widgets.parts.texts import T

from .conftest import Tab
from .stepping import BOARD_SVG, axe_serious
from .test_author import lessons, opened, server, steps_shown, wait_steps  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

LOOK_JS = """(selector) => { const e = document.querySelector(selector); const s = getComputedStyle(e);
  return {border: parseFloat(s.borderTopWidth), style: s.borderTopStyle, background: s.backgroundColor,
          shown: e.checkVisibility()}; }"""


def test_a_kept_lesson_and_a_step_without_narration_are_seen_and_said(browser, server):
    tab = Tab(browser)
    page = tab.page
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        opened(page, server, "lang=nl")
        page.fill(".ta-title", "Een beurt")
        page.click(".ta-apply")
        page.fill(".tp-typed", "blauw: neem f5")
        page.press(".tp-typed", "Enter")
        wait_steps(page, 1)
        # the step has no narration: its line in the list says so, in the page's language
        item = ".ta-step[data-step='1'][data-narrated='no']"
        page.wait_for_selector(item)
        with using("nl"):
            said = T._("no narration yet")
        assert said != "no narration yet"
        assert page.inner_text(f"{item} .ta-silent-tag").strip(" ·") == said
        assert page.evaluate(LOOK_JS, f"{item} .ta-go")["style"] == "dashed"
        assert page.locator(".ta-step[data-step='0'] .ta-silent-tag").count() == 0
        # the lesson kept by this browser, offered after a reload: a box, not plain text
        page.reload()
        page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
        page.locator(".ta-kept:not([hidden])").wait_for(timeout=30_000)
        look = page.evaluate(LOOK_JS, ".ta-kept")
        assert look["shown"] and look["border"] >= 2, look
        assert look["background"] not in ("rgba(0, 0, 0, 0)", "transparent"), look
        assert axe_serious(page, ".ta-writing") == []
        # the narration written: the tag goes
        page.click(".ta-go-on")
        wait_steps(page, 1)
        page.fill(".ta-narration", "Blauw neemt f5.")
        page.click(".ta-apply")
        page.wait_for_selector(".ta-step[data-step='1']:not([data-narrated])")
        assert page.locator(".ta-silent-tag").count() == 0
        tab.assert_clean("after the kept lesson")
    finally:
        tab.close()


TABS_TO_JS = """() => { const a = document.activeElement;
  return a ? [a.getAttribute('href') || '', !!a.closest('.tutor-app'), !!a.closest('.tc-game:not(.tc-yours)')] : null; }"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_course_s_contents_lead_to_your_lessons_by_keys(browser, server, lessons, size):
    draft = Draft.new("trapper", seed=2, title="Mijn eerste les")
    draft.play("pass")
    draft.write(1, narration="P1 past.")
    (lessons / "trapper-mijn-eerste-les.toml").write_text(draft.save(), encoding="utf-8")
    tab = Tab(browser)
    page = tab.page
    try:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(server.render_url("index.ipynb", "lang=nl"))
        page.wait_for_selector(".tutor-app .tutor-course .tc-contents", state="visible", timeout=90_000)
        page.locator(".tutor-app [data-yours='trapper-mijn-eerste-les']").wait_for(state="attached")
        # Tab from the page's top: the way to one's own lessons comes before any game's lessons
        for _ in range(60):
            page.keyboard.press("Tab")
            at = page.evaluate(TABS_TO_JS)
            assert at is not None and not at[2], f"a game's section was reached first: {at}"
            if at[0] == "#course-yours":
                break
        assert at[0] == "#course-yours" and at[1], at
        page.keyboard.press("Enter")
        page.wait_for_function("""() => { const r = document.querySelector('.tutor-app #course-yours h2').getBoundingClientRect();
                                    return r.top >= 0 && r.bottom <= innerHeight; }""", timeout=10_000)
        # the next Tab goes on from there: to the author's lesson
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.closest('[data-yours]')?.dataset.yours") \
            == "trapper-mijn-eerste-les"
        tab.assert_clean("the course")
    finally:
        tab.close()
        (lessons / "trapper-mijn-eerste-les.toml").unlink()


FOCUSED_JS = "() => document.activeElement === document.body ? 'body' : [...document.activeElement.classList].join(' ')"


def test_by_keys_deal_and_keep_leave_the_author_at_a_control(browser, server):
    """Deal from the seed and Keep it as a refused step, pressed by keys: their box is drawn
    anew, and the focus fell to the page's body (the author Tabbed from the page's top again)."""
    tab = Tab(browser)
    page = tab.page
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        opened(page, server, "lang=en")
        page.click(".ta-start summary")
        page.select_option(".ta-game", "trigger")
        page.focus(".ta-begin")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('.ta-writing .tp-page').dataset.game === 'trigger'")
        page.focus(".ta-deal")
        page.keyboard.press("Enter")  # the opening roll: chance is still to move
        wait_steps(page, 1)
        page.wait_for_function(f"() => ({FOCUSED_JS})().includes('ta-deal')", timeout=10_000)
        page.keyboard.press("Enter")  # the player's roll: the player is to move
        wait_steps(page, 2)
        page.wait_for_function(f"() => ({FOCUSED_JS})() !== 'body'", timeout=10_000)
        assert page.locator(".ta-deal").count() == 0
        at = page.evaluate(FOCUSED_JS)
        assert "tp-" in at, at  # one of the game's controls
        # a move the rules refuse (a1 is a star of this seed's board: turned free, not
        # flipped), kept by keys
        page.fill(".tp-typed", "flip a1")
        page.press(".tp-typed", "Enter")
        page.wait_for_selector(".ta-refusal[data-rule='trigger.turn.star.flip']")
        page.focus(".ta-keep")
        page.keyboard.press("Enter")
        wait_steps(page, 3)
        page.wait_for_function(f"() => ({FOCUSED_JS})() !== 'body'", timeout=10_000)
        assert "tp-" in page.evaluate(FOCUSED_JS)
        tab.assert_clean("after dealing and keeping by keys")
    finally:
        tab.close()


IN_VIEW_JS = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight; }"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_trying_the_lesson_as_a_learner_starts_at_its_top_and_comes_back_by_keys(browser, server, size):
    """On a phone the author is far down the writing page when they press "Try it as a
    learner" (in the bar): the lesson came in that place, in the middle of its rule cards,
    "Back to writing" above, out of sight, and the focus fell to the page's body."""
    tab = Tab(browser)
    page = tab.page
    try:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        opened(page, server, "lang=it")
        page.fill(".tp-typed", "blue: take f5")
        page.press(".tp-typed", "Enter")
        wait_steps(page, 1)
        page.fill(".ta-narration", "Il blu prende f5.")
        page.click(".ta-apply")
        page.evaluate("() => document.querySelector('.ta-start').scrollIntoView()")  # far down
        page.focus(".ta-try-learner")
        page.keyboard.press("Enter")
        page.wait_for_selector(".ta-learner:not([hidden]) .tp-page .tp-board svg", timeout=60_000)
        page.wait_for_function("() => document.activeElement.matches('.ta-back-writing')", timeout=10_000)
        assert page.evaluate(IN_VIEW_JS, ".ta-back-writing")
        # at its last step the draft is finished, and it is not called the game's last lesson
        page.wait_for_selector(".ta-learner .tp-finished:not([hidden])")
        assert page.locator(".ta-learner .tp-last-lesson").inner_text() == ""
        page.keyboard.press("Enter")
        page.wait_for_selector(".ta-writing:not([hidden])")
        page.wait_for_function("() => document.activeElement.matches('.ta-try-learner')", timeout=10_000)
        tab.assert_clean("after trying the lesson")
    finally:
        tab.close()
