"""(c) Voila start → first board drawn, beside Voila start → first widget of a trivial notebook.

Each trial launches a fresh Voila (from the repo root, as ``run.py app`` does), waits until
it answers, opens the notebook in a fresh browser context and waits until the board's SVG
(the label, for the trivial notebook) is visible. The clock runs in this script from the
launch of the process (the only clock both processes and the page share is the wall's).
Trials alternate between the two notebooks; one untimed warm-up of each comes first (cold
disk caches).

    python benchmarks/startup.py [--trials 5]
"""
from __future__ import annotations

import time

from common import (
    APP_FOLDER, APP_NOTEBOOK, BARE_FOLDER, BARE_LABEL, BARE_NOTEBOOK, BOARD_DRAWN, Row,
    VoilaServer, launch_chromium, command_line, median,
)
from playwright.sync_api import sync_playwright


def first_paint(browser, folder: str, notebook: str, ready: str) -> dict:
    """Seconds from launching Voila to answering HTTP, and to ``ready`` visible in the page."""
    server = VoilaServer(folder)
    try:
        server.start(wait=False)
        server.wait_ready()
        answered = time.perf_counter() - server.started_at
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.render_url(notebook), wait_until="commit")
        try:
            page.wait_for_selector(ready, state="visible", timeout=120_000)
        except Exception:
            raise RuntimeError(f"{notebook}: {ready} not shown; the page says "
                               f"{page.inner_text('body')[:500]!r}\nVoila's log:\n{server.log()}")
        shown = time.perf_counter() - server.started_at
        context.close()
    finally:
        server.stop()
    return {"answered": answered, "shown": shown}


def run(trials: int = 5) -> list[Row]:
    cases = {"app": (APP_FOLDER, APP_NOTEBOOK, BOARD_DRAWN),
             "bare": (BARE_FOLDER, BARE_NOTEBOOK, BARE_LABEL)}
    times = {name: [] for name in cases}
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for trial in range(trials + 1):
                for name, case in cases.items():
                    timed = first_paint(browser, *case)
                    if trial:  # trial 0 warms the disk caches
                        times[name].append(timed)
        finally:
            browser.close()
    app, bare = times["app"], times["bare"]
    return [Row(
        "(c)", "start→first board", median(t["shown"] for t in app),
        "start→first widget", median(t["shown"] for t in bare), "s", 1.3,
        note=f"{trials} trials each; Voila answered HTTP after "
             f"{median(t['answered'] for t in app):.2f} s / {median(t['answered'] for t in bare):.2f} s",
        samples=times,
    )]


if __name__ == "__main__":
    command_line(__doc__, "startup", "(c) Voila start → first board / first widget (median)", run)
