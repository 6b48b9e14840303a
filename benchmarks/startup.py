"""(c) Navigation → first board of the green turn, beside navigation → first widget of a
trivial notebook, in the same server and the same run.

One server (``python -m widgets.serving.server`` at the repository root, as ``run.py app`` serves, but
over the whole repository so that it serves both notebooks) is measured twice: with one
preheated kernel kept ready for each of the two notebooks (``--pool=1``), and with none
(``--pool=0``: a kernel is started for each page). Each trial opens a fresh browser context,
starts the clock, navigates, and stops it when the board's SVG (the label, for the trivial
notebook) is visible; then it leaves the page (its kernel is shut down) and waits until the
server is quiet again (the pool refilled). Trials alternate between the two notebooks.

    python benchmarks/startup.py [--trials 5]
"""
from __future__ import annotations

import time

from common import (
    APP_PATH, BARE_LABEL, BARE_PATH, BOARD_DRAWN, SAME_SERVER, Row, VoilaServer,
    command_line, launch_chromium, leave, median, wait_quiet,
)
from playwright.sync_api import sync_playwright

PREVIEW = ".tp-first svg"  # the board of the served HTML, before the scripts (widgets/parts/firstpaint.py)
CASES = {"app": (APP_PATH, BOARD_DRAWN), "bare": (BARE_PATH, BARE_LABEL)}
MODES = {"preheated": ["--pool=1", f"--preheat={APP_PATH}|{BARE_PATH}"], "cold": ["--pool=0"]}


def first_paint(browser, server, notebook: str, ready: str) -> tuple[float, float]:
    """Seconds from navigating to ``notebook`` to the first board seen (the lesson's first
    paint in the served HTML, ``widgets/parts/firstpaint.py``, or the page's own board, whichever comes
    first), and to ``ready`` visible (the page widget's board: the lesson can be used)."""
    page = browser.new_context().new_page()
    try:
        began = time.perf_counter()
        page.goto(server.render_url(notebook), wait_until="commit")
        try:
            page.wait_for_selector(f"{PREVIEW}, {ready}", state="visible", timeout=120_000)
            seen = time.perf_counter() - began
            page.wait_for_selector(ready, state="visible", timeout=120_000)
        except Exception:
            raise RuntimeError(f"{notebook}: {ready} not shown; the page says "
                               f"{page.inner_text('body')[:500]!r}\nVoila's log:\n{server.log()}")
        return seen, time.perf_counter() - began
    finally:
        leave(page)


def run(trials: int = 5) -> list[Row]:
    rows = []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for mode, args in MODES.items():
                pool = 2 if mode == "preheated" else 0
                times = {name: [] for name in CASES}
                seen = []
                with VoilaServer(SAME_SERVER, args=args) as server:
                    for trial in range(trials + 1):
                        for name, (notebook, ready) in CASES.items():
                            wait_quiet(server, at_least=pool)
                            first, took = first_paint(browser, server, notebook, ready)
                            if trial:  # trial 0 warms the disk caches
                                times[name].append(took)
                                if name == "app":
                                    seen.append(first)
                app, bare = times["app"], times["bare"]
                rows.append(Row(
                    f"(c) {mode}", "nav→first board seen", median(seen), "nav→first widget (bare)",
                    median(bare), "s", 1.3,
                    note=f"the board of the served HTML; {min(seen):.2f}–{max(seen):.2f} s",
                    samples={"seen": seen, "bare": bare}))
                rows.append(Row(
                    f"(c) {mode}", "nav→page widget's board", median(app), "nav→first widget (bare)",
                    median(bare), "s", 1.3,
                    note=f"{trials} trials each, same server; target also ≤ 1.5 s absolute; "
                         f"app {min(app):.2f}–{max(app):.2f} s, bare {min(bare):.2f}–{max(bare):.2f} s",
                    samples=times))
        finally:
            browser.close()
    return rows


if __name__ == "__main__":
    command_line(__doc__, "startup", "(c) navigation → first board / first widget (median)", run)
