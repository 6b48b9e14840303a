"""Stepping through a walkthrough app in the page, the same in Voila and in JupyterLab.

The selectors are the lesson page's stable CSS classes (``widgets/static/page.js``); the
scripts read what the app shows and wait, inside the page, until a step has really arrived.
"""
from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

BOARD_SVG = ".tp-board svg"
STEP_LIST = "select.tp-step-list"
NEXT = ".tp-next"

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


def step_forward(page, step: int, before: dict, by_key: bool, settle_ms: int = 600) -> dict:
    """Go from step ``step - 1`` to ``step`` with Next or the → key; what the app shows then.

    After a key press it waits ``settle_ms`` more: a key press heard twice would show one
    step too far only a moment later."""
    if by_key:  # the page listens on the whole document: no pointer over the app needed
        page.keyboard.press("ArrowRight")
    else:
        page.click(NEXT)
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
