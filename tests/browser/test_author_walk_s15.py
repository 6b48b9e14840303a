"""The "Write a lesson" page when a teacher slips (walk s15), in a real browser: a reload
halfway (a new kernel, an empty draft) offers the lesson being written back, and it goes on
where it was; on a phone, what Save answers (a title missing, the lesson saved) comes into view
instead of staying a screen above the bar's Save.

Voila started as ``run.py app --lessons DIR`` starts it (``TUTOR_LESSONS``), Debian's Chromium.
"""
from __future__ import annotations

import pytest

from .conftest import Tab
from .harness import VoilaServer
from .stepping import BOARD_SVG

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
IN_VIEW_JS = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
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
        box = page.evaluate(IN_VIEW_JS, ".ta-problem")
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
        box = page.evaluate(IN_VIEW_JS, ".ta-saved")
        assert box["top"] >= 0 and box["bottom"] <= box["bar"] + 1, box
        assert (lessons / "trapper-il-blu-al-telefono.toml").is_file()
        tab.assert_clean("after saving on a phone")
    finally:
        tab.close()


def test_a_lesson_begun_over_an_unanswered_offer_does_not_lose_the_kept_one(browser, server):
    tab = Tab(browser)
    page = tab.page
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        opened(page, server, "lang=en")
        page.fill(".ta-title", "The first one")
        page.click(".ta-apply")
        page.fill(".tp-typed", "blue: take f5")
        page.press(".tp-typed", "Enter")
        wait_steps(page, 1)
        page.reload()
        page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
        page.locator(".ta-kept:not([hidden])").wait_for(timeout=30_000)
        # the offer left unanswered: another lesson written on this page
        page.fill(".ta-title", "The second one")
        page.click(".ta-apply")
        page.fill(".tp-typed", "blue: take f5")
        page.press(".tp-typed", "Enter")
        wait_steps(page, 1)
        page.reload()
        page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
        page.locator(".ta-kept:not([hidden])").wait_for(timeout=30_000)
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
