"""One app per visit (issue 21): following a link inside the course switches the view in the
same kernel, the address follows (Back, reload, a shared link), and the view left is closed.

Voila, Debian's Chromium, real clicks and keys. The page's kernel is read from the page itself
(Voila writes its id into the page's config) and counted on the server's side (its kernel
processes and ``api/kernels``).
"""
from __future__ import annotations

import re
import time

import psutil
import pytest

from .stepping import BOARD_SVG, STEP_LIST, finish_lesson

pytestmark = pytest.mark.browser

KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
LABEL = ".tp-step-label"


def kernels(server) -> set[str]:
    """The ids of the kernels the server runs now, from their processes' connection files (a
    page of an earlier test may still be letting its kernel go: a switch must start none, so
    none may be new)."""
    found = set()
    for process in server.kernels():
        try:
            found |= {m for part in process.cmdline() for m in KERNEL_FILE.findall(part)}
        except psutil.Error:
            continue
    return found


def open_page(page, server, notebook: str, query: str = "", ready: str = BOARD_SVG) -> str:
    page.goto(server.render_url(notebook, query))
    page.wait_for_selector(ready, state="visible", timeout=90_000)
    return page.evaluate(KERNEL_ID_JS)


def shown_title(page) -> str:
    return page.inner_text(".tutor-view .tp-title")


def wait_label(page, step: int) -> None:
    page.wait_for_function("(n) => document.querySelector('.tp-step-label').textContent.startsWith(`Step ${n} `)",
                           arg=step, timeout=30_000)


def test_the_next_lesson_and_all_lessons_open_in_the_same_kernel(tab, voila):
    page = tab.page
    kernel = open_page(page, voila, "trapper-setup.ipynb")
    before = kernels(voila)
    assert page.get_attribute(".tutor-app-root", "data-frontend") == "voila"
    first = shown_title(page)
    finish_lesson(page)
    page.click(".tp-next-lesson")
    page.wait_for_url("**/voila/render/trapper-display.ipynb", timeout=30_000)
    page.wait_for_function("(t) => { const h = document.querySelector('.tutor-view .tp-title');"
                           " return h && h.textContent !== t; }", arg=first, timeout=60_000)
    page.wait_for_selector(BOARD_SVG, state="visible")
    assert page.evaluate(KERNEL_ID_JS) == kernel
    assert kernels(voila) <= before, "a second kernel was started for the next lesson"
    assert "display" in page.title().lower() or "display" in shown_title(page).lower()
    wait_label(page, 0)
    page.keyboard.press("ArrowRight")  # the keys work in the view switched to
    wait_label(page, 1)
    assert "step=1" in page.url, "the address follows the step shown"

    page.click(".tp-home")  # All lessons
    page.wait_for_selector(".tutor-course .tc-contents", timeout=60_000)
    assert page.url.endswith("/voila/render/index.ipynb")
    assert kernels(voila) <= before and page.evaluate(KERNEL_ID_JS) == kernel
    assert page.locator(".tp-page").count() == 0, "the lesson left is still on the page"

    page.go_back()  # Back: the lesson, at the step it was left at
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=60_000)
    wait_label(page, 1)
    assert page.url.endswith("trapper-display.ipynb?step=1")
    page.go_back()
    page.wait_for_function("(t) => document.querySelector('.tutor-view .tp-title').textContent === t",
                           arg=first, timeout=60_000)
    assert kernels(voila) <= before and kernel in before
    tab.assert_clean("after switching views in place")


def test_a_reload_at_the_new_address_opens_that_lesson_at_that_step(tab, voila):
    page = tab.page
    open_page(page, voila, "index.ipynb", "lang=it", ready=".tutor-app .tutor-course .tc-contents")
    page.click('a.tc-lesson[data-lesson="trapper/green-turn"]')
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=60_000)
    assert page.url.endswith("trapper-green-turn.ipynb?lang=it")
    page.select_option(STEP_LIST, "3")
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 3")
    page.wait_for_timeout(300)
    assert "step=3" in page.url and "lang=it" in page.url
    kernel = page.evaluate(KERNEL_ID_JS)
    page.reload()  # a new page, a new kernel: the address names the lesson, its step, its language
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    assert page.evaluate(f"() => document.querySelector('{STEP_LIST}').selectedIndex") == 3
    assert page.inner_text(LABEL).startswith("Passo 3 ")
    assert page.evaluate(KERNEL_ID_JS) != kernel
    tab.assert_clean("a reload at the address a switch made")


def test_presenter_mode_and_the_keep_alive_follow_the_view(tab, voila):
    page = tab.page
    kernel = open_page(page, voila, "trapper-setup.ipynb", "present=1")
    before = kernels(voila)
    assert page.evaluate("() => document.querySelector('.tp-page').classList.contains('tp-present')")
    first = shown_title(page)
    finish_lesson(page)
    page.click(".tp-next-lesson")
    page.wait_for_url("**/trapper-display.ipynb?present=1", timeout=30_000)
    page.wait_for_function("(t) => { const p = document.querySelector('.tutor-view .tp-page');"
                           " return p && p.querySelector('.tp-title').textContent !== t"
                           " && p.classList.contains('tp-present'); }", arg=first, timeout=60_000)
    page.keyboard.press("PageDown")
    wait_label(page, 1)
    page.wait_for_selector('.tutor-keepalive-anchor[data-step="1"]', state="attached", timeout=30_000)
    page.keyboard.press("Escape")  # presenter mode off: the address says so too
    page.wait_for_function("() => !location.search.includes('present')")
    assert kernels(voila) <= before and page.evaluate(KERNEL_ID_JS) == kernel


def test_a_link_to_a_page_the_app_cannot_open_loads_it(tab, voila):
    """The way home from a notebook outside the course's folder is an ordinary page load."""
    page = tab.page
    kernel = open_page(page, voila, "trapper-green-turn.ipynb")
    page.evaluate("""() => { const a = document.createElement('a'); a.href = 'no-such-page.ipynb';
        a.id = 'elsewhere'; a.textContent = 'elsewhere';
        document.querySelector('.tutor-view .tp-head').append(a); }""")
    with page.expect_navigation(timeout=60_000):
        page.click("#elsewhere")
    assert page.url.endswith("no-such-page.ipynb")
    started = time.monotonic()
    while kernel in kernels(voila) and time.monotonic() - started < 15:
        time.sleep(0.25)
    assert kernel not in kernels(voila), "the page left kept its kernel"


def test_after_a_switch_the_keep_alive_reloads_the_view_shown_at_its_step(tab, voila):
    page = tab.page
    open_page(page, voila, "index.ipynb", ready=".tutor-app .tutor-course .tc-contents")
    page.click('a.tc-lesson[data-lesson="trapper/display"]')
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=60_000)
    kernel = page.evaluate(KERNEL_ID_JS)
    page.mouse.move(0, 0)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('.tutor-keepalive-anchor[data-step="1"]', state="attached", timeout=30_000)
    voila.kernel_process(kernel).kill()
    reload = page.locator("a.tutor-keepalive-reload-step")
    reload.wait_for(state="visible", timeout=30_000)
    href = reload.get_attribute("href")
    assert "/trapper-display.ipynb?" in href and "step=1" in href, href
    tab.script_errors.clear()  # the dead kernel's own connection errors are not the page's
    reload.click()
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    assert page.evaluate(f"() => document.querySelector('{STEP_LIST}').selectedIndex") == 1
    assert "display" in page.title().lower()


def test_a_lesson_switched_to_on_a_phone_opens_at_its_top(tab, voila):
    """Voila's page scrolls in a box of its own: the lesson switched to once opened as far down
    as the one left was scrolled (the learner had scrolled to its Next lesson link)."""
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, voila, "trapper-setup.ipynb")
    first = shown_title(page)
    finish_lesson(page)
    page.locator(".tp-next-lesson").scroll_into_view_if_needed()
    page.click(".tp-next-lesson")
    page.wait_for_function("(t) => { const h = document.querySelector('.tutor-view .tp-title');"
                           " return h && h.textContent !== t; }", arg=first, timeout=60_000)
    page.wait_for_timeout(300)
    title = page.locator(".tutor-view .tp-title").bounding_box()
    assert 0 <= title["y"] < 120, f"the new lesson's title is at {title['y']:.0f} px"
