"""The green trapper turn as a learner meets it: Voila, Debian's Chromium, real clicks and keys.

Each test opens its own page (Voila starts one kernel per page). The lesson page's stable
CSS classes are used (``tp-board``, ``tp-narration``, ``tp-next``, ...), and the
number of steps is read from the page (the step list), never written down here.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import APP_NOTEBOOK, INDEX_NOTEBOOK
from .stepping import (
    BOARD_SVG, NEXT, STEP_LIST, assert_moved_on, read_shown, step_forward,
)

pytestmark = pytest.mark.browser

MESSAGE = ".tp-message"


#: True once the page shows a board, or something that says no board is coming.
SETTLED_JS = """
() => document.querySelector("%s") !== null
      || /There was an error|Traceback|Error displaying widget|cannot be shown/.test(document.body.innerText)
""" % BOARD_SVG


def open_app(tab, url: str) -> dict:
    """Open the app at ``url``, wait for its board, check the page is clean; what it shows."""
    page = tab.page
    page.goto(url)
    try:
        page.wait_for_function(SETTLED_JS, timeout=60_000, polling=100)
    except PlaywrightTimeout:
        pass  # the check below reports what the page shows
    if page.query_selector(BOARD_SVG) is None:
        pytest.fail(f"no board drawn at {url}; the page says:\n{page.inner_text('body')[:2000]}",
                    pytrace=False)
    page.wait_for_selector(STEP_LIST)
    tab.assert_clean(f"opening {url}")
    return read_shown(page)


def message_text(page) -> str:
    """The app's plain message, or "" when it is hidden."""
    message = page.locator(MESSAGE).first
    return message.inner_text().strip() if message.count() and message.is_visible() else ""


def test_every_step_changes_narration_and_board(tab, voila):
    page = tab.page
    shown = open_app(tab, voila.render_url(APP_NOTEBOOK))
    last = shown["steps"] - 1
    assert shown["step"] == 0 and last >= 2, f"expected the setup and 2+ steps, got {shown}"
    assert not shown["next_disabled"]
    key_step = 2  # this step is taken with the → key, the others with the Next button
    for step in range(1, last + 1):
        before, by_key = shown, step == key_step
        shown = step_forward(page, step, before, by_key)
        assert_moved_on(shown, before, step, by_key)
        tab.assert_clean(f"step {step}")
    try:  # the player changes the buttons after the step, in a later message
        page.wait_for_function("(s) => document.querySelector(s).disabled", arg=NEXT,
                               timeout=15_000)
    except PlaywrightTimeout:
        pass  # the assertion below says so
    assert read_shown(page)["next_disabled"], "Next is still enabled at the last step"


def test_step_in_the_address_opens_at_that_step(tab, voila):
    shown = open_app(tab, voila.render_url(APP_NOTEBOOK, "step=3"))
    assert shown["step"] == min(3, shown["steps"] - 1)
    assert message_text(tab.page) == "", "a valid ?step= should show no message"


def test_bad_step_in_the_address_shows_a_plain_message(tab, voila):
    shown = open_app(tab, voila.render_url(APP_NOTEBOOK, "step=abc"))
    assert shown["step"] == 0, "a step that is not a number opens at the setup"
    message = message_text(tab.page)
    assert "abc" in message, f"expected a plain message naming 'abc', got {message!r}"
    tab.assert_clean("?step=abc")


def test_index_links_to_the_green_turn_app(tab, voila):
    page = tab.page
    page.goto(voila.render_url(INDEX_NOTEBOOK))
    link = page.locator(f'a[href$="{APP_NOTEBOOK}"]')
    try:
        link.first.wait_for(state="visible", timeout=60_000)
    except PlaywrightTimeout:
        pytest.fail(f"the index has no visible link to {APP_NOTEBOOK}; it says:\n"
                    f"{page.inner_text('body')[:2000]}", pytrace=False)
    tab.assert_clean("the index")
    target = link.first.evaluate("a => a.href")  # the address the browser will open
    assert target == voila.render_url(APP_NOTEBOOK), f"the link leads to {target}"
    if link.first.get_attribute("target") == "_blank":  # opens beside the index
        with tab.context.expect_page(timeout=30_000) as opened:
            link.first.click()
        tab.watch(opened.value)
    else:
        link.first.click()
    try:
        tab.page.wait_for_url(target, wait_until="commit", timeout=30_000)
    except PlaywrightTimeout:
        pytest.fail(f"the link to {target} opened {tab.page.url}", pytrace=False)
    tab.page.wait_for_selector(BOARD_SVG, state="visible", timeout=60_000)
    tab.assert_clean("the app, opened from the index")
