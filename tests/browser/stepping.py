"""Stepping through a walkthrough app in the page, the same in Voila and in JupyterLab.

The selectors are the lesson page's stable CSS classes (``widgets/static/frame.js``, ``lesson.js``); the
scripts read what the app shows and wait, inside the page, until a step has really arrived.
"""
from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

BOARD_SVG = ".tp-page:not(.tp-first) .tp-board svg"  # the live page's, not the first paint's
STEP_LIST = "select.tp-step-list"
NEXT = ".tp-next"


def open_in_place(page, voila, notebook: str, query: str = "") -> None:
    """Open ``notebook`` (with ``query``: ``lang=it&step=3``) in the course app of the page, as
    a link of the course opens it (the app's address changes, the view is switched in the same
    kernel): from the index when the page shows no course app yet. Returns once the lesson is
    shown, in the query's language and at its step when it names them. Fails, with what the
    page shows, when no lesson comes."""
    if not page.evaluate("() => !!document.querySelector('.tp-page:not(.tp-first), .tutor-app .tutor-course')"):
        page.goto(voila.render_url("index.ipynb"))
        page.wait_for_selector(".tutor-app a.tc-lesson", timeout=90_000)  # the live course's, not its first paint's
    address = notebook + (f"?{query}" if query else "")
    asked = {name: values[0] for name, values in parse_qs(query).items()}
    page.evaluate("(u) => { history.pushState({}, '', u);"
                  " dispatchEvent(new PopStateEvent('popstate')); }", address)
    try:
        page.wait_for_function(
            "([n, lang, step]) => { const list = document.querySelector("
            "'.tp-page:not(.tp-first) select.tp-step-list');"
            " return location.pathname.endsWith(n) && !document.querySelector('.tutor-app-busy')"
            " && document.querySelectorAll('.tp-page').length === 1 && !!list"
            " && (lang === null || document.documentElement.lang === lang)"
            " && (step === null || list.selectedIndex === step); }",
            arg=[notebook, asked.get("lang"), int(asked["step"]) if "step" in asked else None],
            timeout=90_000)
    except PlaywrightTimeout:
        pytest.fail(f"no lesson at {address}: {page.inner_text('body')[:1500]}", pytrace=False)

#: What the app shows now: the step list's choice, narration and board (as HTML), Next's state.
SHOWN_JS = """
() => {
  const html = (sel) => { const e = document.querySelector(sel); return e ? e.innerHTML : null; };
  const list = document.querySelector("%s");
  const next = document.querySelector("%s");
  return {step: list ? list.selectedIndex : -1, steps: list ? list.options.length : 0,
          narration: html(".tp-narration"), board: html(".tp-board"),
          next_disabled: next ? next.disabled : null};
}
""" % (STEP_LIST, NEXT)

#: True once the app shows step ``step`` with a narration and a board unlike the given ones.
MOVED_ON_JS = """
([step, narration, board]) => {
  const list = document.querySelector("%s");
  const n = document.querySelector(".tp-narration"), b = document.querySelector(".tp-board");
  return list && list.selectedIndex === step && n && b
         && n.innerHTML !== narration && b.innerHTML !== board && b.querySelector("svg") !== null;
}
""" % STEP_LIST


def read_shown(page) -> dict:
    return page.evaluate(SHOWN_JS)


#: True once the app shows step ``step``, or the same step with another narration (a phase of a
#: try-it step or a question: Next without trying plays the book's move, then asks, then shows).
CHANGED_JS = """
([step, narration]) => {
  const list = document.querySelector("%s"), n = document.querySelector(".tp-narration");
  return list && n && (list.selectedIndex === step || n.innerHTML !== narration);
}
""" % STEP_LIST

#: presses of Next that a step may take: its try-it phase, its question, its reveal, the next step
PRESSES = 4


def step_forward(page, step: int, before: dict, by_key: bool, settle_ms: int = 600) -> dict:
    """Go from step ``step - 1`` to ``step`` with Next or the → key; what the app shows then.

    A step that asks the learner (a try-it step, a question) takes more than one press: each
    press shows its next phase (the book's move played, the question, the answer) until the next
    step arrives; every press must change what is shown. After a key press it waits
    ``settle_ms`` more: a key press heard twice would show one step too far only a moment later."""
    shown = before
    for _ in range(PRESSES):
        if by_key:  # the page listens on the whole document: no pointer over the app needed
            page.keyboard.press("ArrowRight")
        else:
            page.click(NEXT)
        try:
            page.wait_for_function(CHANGED_JS, arg=[step, shown["narration"]], timeout=30_000)
        except PlaywrightTimeout:
            break  # nothing changed: assert_moved_on says what
        shown = read_shown(page)
        if shown["step"] == step:
            break
    try:
        page.wait_for_function(MOVED_ON_JS, arg=[step, before["narration"], before["board"]],
                               timeout=15_000)
    except PlaywrightTimeout:
        pass  # assert_moved_on says what did not change
    if by_key:
        page.wait_for_timeout(settle_ms)
    return read_shown(page)


def assert_moved_on(now: dict, before: dict, step: int, by_key: bool) -> None:
    """The app shows ``step``, with a new narration and a new board drawn."""
    how = "the → key" if by_key else "Next"
    assert now["step"] == step, f"{how} at step {step - 1} showed step {now['step']}"
    assert now["narration"] != before["narration"], f"step {step}: narration unchanged"
    assert now["board"] != before["board"], f"step {step}: board unchanged"
    assert "<svg" in now["board"], f"step {step}: no board drawn"


def finish_lesson(page) -> None:
    """Go to the lesson's last step (End, no pointer over the page) and through what it asks
    (Next moves a step that asks on, as a teacher presenting would), until it is finished."""
    page.mouse.move(0, 0)
    # keys go to the page, not to a control that keeps the focus (the language menu keeps it
    # after a switch: End there would choose its last language)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("End")
    for _ in range(8):
        if page.is_visible(".tp-finished"):
            return
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(300)
    assert page.is_visible(".tp-finished"), "the lesson is not finished at its last step"


def axe_violations(page, context: str | None = None) -> list[dict]:
    """axe-core's violations on ``page`` (within ``context``, a selector), every rule.

    axe-core (from axe-playwright-python) is injected into a document once, by the test, never
    by the page: a page that opens lesson after lesson in place is checked many times, and
    re-parsing axe's half a megabyte of script each time was a third of each check's CPU."""
    from axe_playwright_python.sync_playwright import Axe

    if not page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(Axe().axe_script)
    return page.evaluate("(context) => axe.run(context === null ? document : context,"
                         " {resultTypes: ['violations']}).then((found) => found.violations)", context)


def axe_serious(page, context: str | None = ".tp-page") -> list:
    """The serious and critical violations: (rule, help, the first three places)."""
    return [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3])
            for v in axe_violations(page, context) if v["impact"] in ("serious", "critical")]
