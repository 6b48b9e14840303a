"""A class on one server: N browser visitors each open 3 lessons, step through them, and leave;
then the same visitors do the same with the trivial widget notebook, in the same server and run.

One server (``python -m widgets.serving.server`` over the repository root, settings as ``run.py app``:
preheated kernels for the lessons' notebooks and the trivial one, a kernel cap) and one
Chromium; each visitor is a browser context (its own cookies and tabs). At most
``--concurrency`` visitors are in the class at once (2 cores: the default lets 6 in), the
next one comes in as one leaves. A visitor opens a lesson, waits for its board, clicks Next
through its steps (up to ``--steps``), and leaves the page (its kernel is shut down), then the
next lesson. The trivial notebook's visitors open it 3 times and click its button as often.

Printed: first board (navigation → board) and click → board (Next → the new board drawn) p50
and p95, pages refused by the cap, peak kernels and peak memory (the kernels' RSS together,
sampled every 0.5 s; beside it, what the class added to the idle pool's), and the kernels left 60 s after the last visitor left (the pool's
preheated kernels are counted apart: they are meant to stay).

Then one visitor opens five lessons in a row (issue 21: one kernel per visit), on a server of
its own with no preheated kernel, twice: following each finished lesson's "Next lesson" link
(the course app opens it in place) and, as every page did before the app, loading each
lesson's address as a page. Printed: the kernels started for the visit, the most running at
once, those left when the fifth lesson is shown (and their memory, beside the first lesson's
kernel), and link (or address) → the next lesson's board drawn, p50.

    python benchmarks/classroom.py [--visitors 30] [--concurrency 6] [--steps 6] [--visitor-only]
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import threading
import time

from common import (
    APP_FOLDER, BARE_BUTTON, BARE_LABEL, BARE_PATH, BOARD, BOARD_DRAWN, KERNEL_ID_JS, NEXT, SAME_SERVER,
    STEP_LIST, Row, VoilaServer, kernels_rss, report, save, wait_quiet,
)
from playwright.async_api import async_playwright

from tests.browser.harness import CHROMIUM_ARGS, chromium_path

LESSONS = ("notebooks/trapper-setup.ipynb", "notebooks/trapper-green-turn.ipynb",
           "notebooks/canyon-tempo.ipynb", "notebooks/intrappola-es1-corner.ipynb",
           "notebooks/trigger-roll-and-flip.ipynb")
AFTER_S = 60  # the kernels left this long after the last visitor left

#: Next clicked, then the page waits until the step list shows the next step and the board
#: changed and holds an SVG; milliseconds, measured in the page.
CLICK_TO_BOARD_JS = """
async ([next, list, board]) => {
  const step = document.querySelector(list).selectedIndex;
  const before = document.querySelector(board).innerHTML;
  const t0 = performance.now();
  document.querySelector(next).click();
  while (true) {
    const b = document.querySelector(board);
    if (document.querySelector(list).selectedIndex === step + 1 && b.innerHTML !== before
        && b.querySelector("svg")) return performance.now() - t0;
    if (performance.now() - t0 > 30000) return -1;
    await new Promise((r) => requestAnimationFrame(r));
  }
}
"""

CLICK_TO_LABEL_JS = """
async ([button, label]) => {
  const before = document.querySelector(label).innerText;
  const t0 = performance.now();
  document.querySelector(button).click();
  while (document.querySelector(label).innerText === before) {
    if (performance.now() - t0 > 30000) return -1;
    await new Promise((r) => requestAnimationFrame(r));
  }
  return performance.now() - t0;
}
"""


def percentile(values, q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Sampler(threading.Thread):
    """Samples the server's kernels (count, RSS together) every half second."""

    def __init__(self, server):
        super().__init__(daemon=True)
        self.server, self.stop_at = server, threading.Event()
        self.peak_kernels, self.peak_mb = 0, 0.0

    def run(self):
        while not self.stop_at.wait(0.5):
            count, mb = kernels_rss(self.server)
            self.peak_kernels, self.peak_mb = max(self.peak_kernels, count), max(self.peak_mb, mb)


async def visit(browser, server, pages, ready, act, found, clicks: int) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        for notebook in pages:
            page = await context.new_page()
            began = time.perf_counter()
            answer = await page.goto(server.render_url(notebook), wait_until="commit")
            if answer is not None and answer.status == 503:
                found["refused"] += 1
                await page.close()
                continue
            try:
                await page.wait_for_selector(ready, state="visible", timeout=120_000)
            except Exception:
                found["failed"] += 1
                await page.close()
                continue
            found["first"].append(time.perf_counter() - began)
            for _ in range(clicks):
                took = await act(page)
                if took is None:
                    break
                if took < 0:
                    found["failed_clicks"] += 1
                    break
                found["click"].append(took)
                await page.wait_for_timeout(300)  # a reader's glance
            await page.goto("about:blank")  # leave: the page's shutdown request goes
            await page.close()
    finally:
        await context.close()


async def next_step(page):
    if await page.locator(NEXT).is_disabled():
        return None
    return await page.evaluate(CLICK_TO_BOARD_JS, [NEXT, STEP_LIST, BOARD])


async def bare_click(page):
    return await page.evaluate(CLICK_TO_LABEL_JS, [BARE_BUTTON, BARE_LABEL])


async def a_class(server, visitors: int, concurrency: int, kind: str, steps: int) -> dict:
    found = {"first": [], "click": [], "refused": 0, "failed": 0, "failed_clicks": 0}
    gate = asyncio.Semaphore(concurrency)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(),
                                                   headless=True, args=CHROMIUM_ARGS)

        async def one(i: int):
            async with gate:
                if kind == "app":
                    pages = [LESSONS[(i + k) % len(LESSONS)] for k in range(3)]
                    await visit(browser, server, pages, BOARD_DRAWN, next_step, found, steps)
                else:
                    await visit(browser, server, [BARE_PATH] * 3, BARE_LABEL, bare_click,
                                found, steps)

        began = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(visitors)))
        found["seconds"] = time.perf_counter() - began
        await browser.close()
    return found


def run(visitors: int, concurrency: int, steps: int, pool: int) -> tuple[list[Row], dict]:
    preheat = "|".join([*LESSONS, BARE_PATH]).replace(".", r"\.")
    args = [f"--pool={pool}", f"--preheat={preheat}"]
    results = {}
    with VoilaServer(SAME_SERVER, args=args) as server:
        pooled = pool * (len(LESSONS) + 1)
        for kind in ("app", "bare"):
            wait_quiet(server, at_least=pooled, limit=180)
            base_kernels, base_mb = kernels_rss(server)  # the pool, before the class comes
            sampler = Sampler(server)
            sampler.start()
            found = asyncio.run(a_class(server, visitors, concurrency, kind, steps))
            time.sleep(AFTER_S)
            sampler.stop_at.set()
            sampler.join()
            left, _ = kernels_rss(server)
            found.update(peak_kernels=sampler.peak_kernels, peak_mb=sampler.peak_mb,
                         class_kernels=sampler.peak_kernels - base_kernels,
                         class_mb=sampler.peak_mb - base_mb, base_mb=base_mb,
                         left=left, pool=pooled, pages_left=max(0, left - pooled))
            results[kind] = found
    app, bare = results["app"], results["bare"]
    note = lambda f: (f"p95 first {percentile(f['first'], .95):.2f} s, click "  # noqa: E731
                      f"{percentile(f['click'], .95):.0f} ms; {len(f['first'])} pages, "
                      f"{len(f['click'])} clicks in {f['seconds']:.0f} s; refused {f['refused']}, "
                      f"failed {f['failed']}; peak {f['peak_kernels']} kernels, "
                      f"{f['peak_mb']:.0f} MB (pool alone {f['base_mb']:.0f} MB); left after {AFTER_S} s: {f['pages_left']} "
                      f"(+{f['pool']} pooled)")
    rows = [
        Row("(k) first", "first board p50", statistics.median(app["first"]),
            "bare first widget p50", statistics.median(bare["first"]), "s", 1.3,
            note="app: " + note(app), samples=results),
        Row("(k) click", "click→board p50", statistics.median(app["click"]),
            "bare click→label p50", statistics.median(bare["click"]), "ms", 1.25,
            note="bare: " + note(bare)),
        Row("(k) peak", "class's peak kernel memory", app["class_mb"], "bare class's peak",
            bare["class_mb"], "MB", 1.3,
            note=f"{visitors} visitors, {concurrency} at once, pool {pool} per preheated "
                 f"notebook; peak memory above the pool's own (the same pool serves both)"),
    ]
    return rows, results


#: five lessons in a row, each the one after the other in the course ("Next lesson")
ROW = ("trapper-setup.ipynb", "trapper-display.ipynb", "trapper-to-market.ipynb",
       "trapper-green-turn.ipynb", "trapper-colour-swap.ipynb")
NEXT_LESSON = ".tp-next-lesson"
TITLE_JS = "() => (document.querySelector('.tutor-view .tp-title') || {}).textContent || ''"


async def finish_lesson(page) -> None:
    """End, then Next until the lesson is finished and its "Next lesson" link shows."""
    await page.mouse.move(0, 0)
    await page.keyboard.press("End")
    for _ in range(10):
        if await page.is_visible(NEXT_LESSON):
            return
        await page.keyboard.press("ArrowRight")
        await page.wait_for_timeout(250)
    raise RuntimeError(f"no next lesson link at {page.url}")


async def five_lessons(server, in_place: bool) -> dict:
    """One visitor, five lessons in a row: by the links (in place) or by loading each address."""
    from common import KERNEL_ID_JS as kernel_js

    found = {"kernels": set(), "peak": 0, "switch": []}
    stop = asyncio.Event()

    async def sample():
        while not stop.is_set():
            found["peak"] = max(found["peak"], len(server.kernels()))
            await asyncio.sleep(0.2)

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(),
                                                   headless=True, args=CHROMIUM_ARGS)
        sampler = asyncio.create_task(sample())
        context = await browser.new_context(viewport={"width": 1280, "height": 800})
        page = await context.new_page()
        await page.goto(server.render_url(ROW[0]))
        await page.wait_for_selector(BOARD_DRAWN, state="visible", timeout=120_000)
        found["kernels"].add(await page.evaluate(kernel_js))
        found["first_mb"] = kernels_rss(server)[1]
        for notebook in ROW[1:]:
            await finish_lesson(page)
            title = await page.evaluate(TITLE_JS)
            began = time.perf_counter()
            if in_place:
                assert (await page.get_attribute(NEXT_LESSON, "href")).startswith(notebook)
                await page.click(NEXT_LESSON)
                await page.wait_for_function(f"(t) => ({TITLE_JS})() !== t && "
                                             f"document.querySelector('{BOARD_DRAWN}')",
                                             arg=title, timeout=120_000)
            else:
                await page.goto(server.render_url(notebook))
                await page.wait_for_selector(BOARD_DRAWN, state="visible", timeout=120_000)
            found["switch"].append(time.perf_counter() - began)
            found["kernels"].add(await page.evaluate(kernel_js))
        await page.wait_for_timeout(3000)  # a page left lets its kernel go within a few seconds
        found["left"], found["last_mb"] = kernels_rss(server)
        stop.set()
        await sampler
        await context.close()
        await browser.close()
    found["kernels"] = len(found["kernels"])
    return found


def one_visitor() -> dict:
    results = {}
    for way, in_place in (("in place", True), ("page loads", False)):
        with VoilaServer(APP_FOLDER, args=["--pool=0"]) as server:
            results[way] = asyncio.run(five_lessons(server, in_place))
    print(f"\n== one visitor, five lessons in a row ({' → '.join(n[:-6] for n in ROW)})")
    for way, found in results.items():
        print(f"{way:>10}: kernels started {found['kernels']}, most at once {found['peak']}, "
              f"running at the fifth lesson {found['left']} ({found['first_mb']:.0f} MB at the "
              f"first, {found['last_mb']:.0f} MB at the fifth); next lesson's board drawn p50 "
              f"{statistics.median(found['switch']):.2f} s (max {max(found['switch']):.2f} s)")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=30)
    parser.add_argument("--concurrency", type=int, default=6)
    parser.add_argument("--steps", type=int, default=6, help="Next clicks per lesson at most")
    parser.add_argument("--pool", type=int, default=1, help="preheated kernels per notebook")
    parser.add_argument("--visitor-only", action="store_true",
                        help="only the visitor who opens five lessons in a row")
    options = parser.parse_args()
    visitor = one_visitor()
    if options.visitor_only:
        print("saved", save("classroom-visitor", [], {"visitor": visitor}))
        return
    rows, results = run(options.visitors, options.concurrency, options.steps, options.pool)
    report(f"(k) a class of {options.visitors} on one server", rows)
    for kind, found in results.items():
        print(f"{kind}: kernels left {AFTER_S} s after the last visitor: {found['pages_left']} "
              f"(+{found['pool']} pooled, meant to stay); peak {found['peak_kernels']} kernels")
    print("saved", save("classroom", rows, {"results": {k: {x: y for x, y in v.items()}
                                                       for k, v in results.items()},
                                            "visitor": visitor}))


if __name__ == "__main__":
    main()
