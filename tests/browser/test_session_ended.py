"""A session that ends under the learner (issue 24): the page says so at once, and its reload
link opens the step the page shows (widgets/static/keepalive.js); a first paint whose kernel
ended before the page was drawn says so too, in the page's language, with a link at its step
(widgets/static/firstwait.js, widgets/parts/firstpaint.py).

The kernel is ended the two ways a server ends one: its process killed (an out-of-memory kill:
the server restarts it, without any of the page's widgets) and shut down through the Jupyter
REST API (a cull, a restart of the server). Times are measured inside the page.
"""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

from tutor.core.i18n import using
from widgets.parts.firstpaint import ended_texts

from .stepping import BOARD_SVG, STEP_LIST

pytestmark = pytest.mark.browser

KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
BANNER = "#tutor-keepalive-box:not([hidden])"
#: seconds within which the page must say its session ended: the server notices a killed
#: kernel within ~3 s (its restarter's poll); the heartbeat alone took 12-35 s
PROMPT = 8

#: from now on, the page notes (performance.now()) when ``selector`` first matches
WATCH_JS = """(selector) => {
  window.__began = performance.now(); window.__seen = null;
  const look = () => { if (window.__seen === null && document.querySelector(selector))
                         window.__seen = performance.now() - window.__began; };
  new MutationObserver(look).observe(document.documentElement, {subtree: true, childList: true, attributes: true});
  look();
}"""


def end_kernel(tab, server, kernel: str, how: str) -> None:
    """End the page's kernel: its process killed, or shut down through the REST API."""
    if how == "kill":
        server.kernel_process(kernel).kill()
        return
    cookies = {c["name"]: c["value"] for c in tab.context.cookies()}
    answer = tab.page.request.delete(server.url(f"api/kernels/{kernel}"),
                                     headers={"X-XSRFToken": cookies.get("_xsrf", "")})
    assert answer.status == 204, answer.status


def said_after(page, selector: str, seconds: float) -> float:
    """Seconds (in the page) from WATCH_JS until ``selector`` matched; fails past ``seconds``."""
    page.wait_for_selector(selector, state="attached", timeout=seconds * 1000 + 30_000)
    return page.evaluate("() => window.__seen") / 1000


def step_in(href: str) -> str | None:
    return parse_qs(urlparse(href).query).get("step", [None])[0]


@pytest.mark.parametrize("how", ["kill", "delete"])
def test_a_lesson_whose_kernel_ended_says_so_at_once_with_the_step_it_shows(tab, voila, how):
    """The kernel ends; the learner presses Next at once: the page shows step 1 (it holds it),
    the kernel never heard of it. The sentence comes within seconds, and its link opens step 1,
    and then step 2 when the learner goes on reading."""
    page = tab.page
    page.goto(voila.render_url("trapper-green-turn.ipynb"))
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    page.wait_for_selector('.tutor-keepalive-anchor[data-step="0"]', state="attached")
    kernel = page.evaluate(KERNEL_ID_JS)
    page.evaluate(WATCH_JS, BANNER)
    end_kernel(tab, voila, kernel, how)
    page.mouse.move(0, 0)
    page.keyboard.press("ArrowRight")  # Next, with the kernel gone
    took = said_after(page, BANNER, PROMPT)
    assert took < PROMPT, f"the page said its session ended {took:.1f} s after the kernel did"
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 1")
    shown = page.get_attribute(".tutor-view .tp-page", "data-step")
    link = page.locator(f"{BANNER} a.tutor-keepalive-reload-step")
    assert shown == "1" and link.get_attribute("data-step") == shown
    assert step_in(link.get_attribute("href")) == shown
    assert page.get_attribute(".tutor-keepalive-anchor", "data-step") == "0"  # the kernel's last
    page.keyboard.press("ArrowRight")  # the page goes on from the steps it holds: the link too
    page.wait_for_function("() => document.querySelector('#tutor-keepalive-box a').dataset.step === '2'")
    assert step_in(link.get_attribute("href")) == "2"
    tab.script_errors.clear()  # the dead kernel's own connection errors are not the page's
    link.click()
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 2")
    assert not page.locator(BANNER).count()


def test_in_the_course_app_the_link_opens_the_lesson_and_step_shown(tab, voila):
    """One kernel, several lessons: the lesson switched to, at the step it shows."""
    page = tab.page
    page.goto(voila.render_url("index.ipynb"))
    page.wait_for_selector(".tutor-app .tutor-course .tc-contents", state="visible", timeout=90_000)
    page.click('a.tc-lesson[data-lesson="trapper/display"]')
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=60_000)
    kernel = page.evaluate(KERNEL_ID_JS)
    page.mouse.move(0, 0)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 2")
    page.evaluate(WATCH_JS, BANNER)
    end_kernel(tab, voila, kernel, "delete")
    took = said_after(page, BANNER, PROMPT)
    assert took < PROMPT, f"the page said its session ended {took:.1f} s after the kernel did"
    href = page.get_attribute(f"{BANNER} a.tutor-keepalive-reload-step", "href")
    assert urlparse(href).path.endswith("/trapper-display.ipynb") and step_in(href) == "2", href


@pytest.mark.parametrize("lang, how", [("it", "kill"), ("nl", "delete")])
def test_a_first_paint_whose_kernel_ended_says_so_with_a_link_at_its_step(tab, voila, lang, how):
    """The kernel ends after the first paint was served, before the page was drawn (Voila's
    scripts never arrive here): the first paint says so in the page's language, and its link
    opens the live page at the same step."""
    page = tab.page
    page.route("**/voila/static/voila.js*", lambda route: route.abort())
    page.goto(voila.render_url("trapper-green-turn.ipynb", f"step=1&lang={lang}"), wait_until="commit")
    first = page.wait_for_selector(".tp-first", state="attached", timeout=90_000)
    assert first.get_attribute("lang") == lang and first.get_attribute("data-step") == "1"
    page.evaluate(WATCH_JS, ".tp-first-ended")
    end_kernel(tab, voila, page.evaluate(KERNEL_ID_JS), how)
    took = said_after(page, ".tp-first-ended", 20)
    assert took < 20, f"the first paint said so {took:.1f} s after the kernel ended"
    with using(lang):
        texts = ended_texts()
    assert page.inner_text(".tp-first-ended-sentence") == texts["ended"]
    link = page.locator(".tp-first-ended a.tp-first-reload")
    assert link.get_attribute("data-step") == "1" and step_in(link.get_attribute("href")) == "1"
    assert link.inner_text() == texts["reload-step"].replace("{step}", "1")
    assert page.locator(".tp-first .tp-loading").count() == 0  # no more "loading"
    page.unroute("**/voila/static/voila.js*")
    tab.script_errors.clear()
    link.click()
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
    page.wait_for_function(f"() => document.querySelector('{STEP_LIST}').selectedIndex === 1")
    assert page.evaluate("() => document.documentElement.lang") == lang
