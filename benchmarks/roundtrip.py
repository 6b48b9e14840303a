"""(a) bare ipywidgets round trip and (b) Next → board repainted, timed inside the page.

The lesson page (``widgets/static/lesson.js``) holds the steps next to the one
shown, so Next paints from the page's own copy and only tells the kernel where it is; a step
the page does not hold yet waits for the kernel (a rapid burst may outrun what was sent
ahead).

Two Voila servers run side by side, both started from the repo root (so both read its
``voila.json``): one serves the green-turn app (``notebooks/``), one the trivial notebook
(``benchmarks/notebooks/``). Rounds alternate between the two pages so that machine noise
hits both alike. At the last step the app is restarted (not timed).

Timed in the page (``performance.now()`` and a MutationObserver): from the click to the
first change of the label / the board, and to the paint of the frame that holds the change
(for the app: once both the board and the narration have changed, i.e. the whole step).

Two paces: a learner's (one click, then 400 ms to read) and rapid clicking (bursts of 5
clicks, each as soon as the last one's change is seen). Both run twice: with Voila as
configured (``voila.json``: Nagle's algorithm off on the kernel websocket, see
``widgets/serving/server.py``), and with jupyter_server's own connection (Nagle's algorithm on),
which only matters when a click follows the previous answer within the browser's
delayed-ACK time (~40 ms).

    python benchmarks/roundtrip.py [--trials 30]
"""
from __future__ import annotations

from common import (
    APP, APP_FOLDER, APP_NOTEBOOK, BARE_BUTTON, BARE_FOLDER, BARE_LABEL, BARE_NOTEBOOK,
    BOARD_DRAWN, NAGLE, NEXT, Row, VoilaServer, launch_chromium, command_line, median,
    time_change,
)

#: The lesson page's board and narration (their content is replaced at each step).
BOARD, NARRATION, RESTART = ".tp-board", ".tp-narration", ".tp-restart"
from playwright.sync_api import sync_playwright

CONFIGS = (("as configured (TCP_NODELAY)", []), ("with Nagle's algorithm", [NAGLE]))
#: (name, clicks per burst, ms before each click)
PACES = (("learner pace", 1, 400), ("rapid clicks", 5, 0))
VIEWPORT = {"width": 1400, "height": 1000}


def open_page(browser, url: str, ready: str):
    """A page in its own browser context (its own window: never a throttled background tab)."""
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(url)
    page.wait_for_selector(ready, state="visible", timeout=120_000)
    return page


#: The element to watch for a selector (the page replaces its content at each step).
WATCHED_JS = "(s) => document.querySelector(s)"


def click_next(page) -> dict:
    """Click Next and time the board's and the narration's change; restart (untimed) at the end."""
    page.bring_to_front()
    next_button = page.query_selector(NEXT)
    watched = [page.evaluate_handle(WATCHED_JS, s) for s in (BOARD, NARRATION)]
    if next_button.is_disabled():
        time_change(page, page.query_selector(RESTART), watched)
        page.wait_for_timeout(200)
    return time_change(page, next_button, watched)


def click_bare(page) -> dict:
    page.bring_to_front()
    return time_change(page, page.query_selector(BARE_BUTTON), [page.query_selector(BARE_LABEL)])


def measure(browser, args: list[str], trials: int) -> dict[str, dict[str, list]]:
    """For each pace: interleaved bursts of clicks on the bare notebook and on the app."""
    with VoilaServer(APP_FOLDER, args=args) as app, VoilaServer(BARE_FOLDER, args=args) as bench:
        pages = {
            "bare": (open_page(browser, bench.render_url(BARE_NOTEBOOK), BARE_LABEL), click_bare),
            "app": (open_page(browser, app.render_url(APP_NOTEBOOK), BOARD_DRAWN), click_next),
        }
        pages["app"][0].hover(APP)  # the pointer rests over the app, as a learner's would
        pages["app"][0].wait_for_timeout(500)  # the steps ahead arrive
        times = {}
        for pace, burst, pause_ms in PACES:
            times[pace] = {name: [] for name in pages}
            # the first 2 rounds warm up; at least one burst is timed, even for trials < burst
            for round_ in range(max(1, trials // burst) + 2):
                for name, (page, click) in pages.items():
                    for _ in range(burst):
                        page.wait_for_timeout(pause_ms)
                        timed = click(page)
                        if round_ >= 2:
                            times[pace][name].append(timed)
        for page, _ in pages.values():
            page.context.close()
    return times


def rows_for(config: str, pace: str, times: dict[str, list]) -> list[Row]:
    bare, app = times["bare"], times["app"]
    note = (f"{pace}, Voila {config}; {len(app)} clicks each; "
            f"Next→narration changed {median(t['changed'][1] for t in app):.1f} ms")
    return [
        Row("(b)/(a)", "Next→board changed", median(t["changed"][0] for t in app),
            "click→label changed", median(t["changed"][0] for t in bare), "ms", 1.25,
            note=note, samples=times),
        Row("(b)/(a)", "Next→step painted", median(t["painted"] for t in app),
            "click→label painted", median(t["painted"] for t in bare), "ms", 1.25),
    ]


def run(trials: int = 30) -> list[Row]:
    rows = []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for config, args in CONFIGS:
                for pace, times in measure(browser, args, trials).items():
                    rows += rows_for(config, pace, times)
        finally:
            browser.close()
    return rows


if __name__ == "__main__":
    command_line(__doc__, "roundtrip",
                 "(a) bare widget round trip, (b) Next → board repainted (in-page, median)", run,
                 help="clicks per pace and page")
