"""The static site (issue 21) beside Voila, measured in the same run on the same machine.

The site is built (``python3 run.py site``'s build, into a temporary folder; or ``--site DIR``,
one built already) and served on 127.0.0.1 by its own server (gzip as most static hosts send
it); Voila serves ``notebooks/`` as ``run.py app`` does, without preheated kernels. One
Chromium; each trial opens a lesson in a fresh browser context (an empty cache: a first
visit), alternating the site and Voila. Timed inside the page (``performance.now()`` from
the navigation's start, a MutationObserver installed before the page's own scripts):

* **first board seen** - the lesson's board on screen (the first paint written into the page);
* **lesson live** - the live lesson drawn by the app (its Next answers);
* **lesson → next lesson live** - the finished lesson's "next lesson" link clicked, until the
  next lesson's board is drawn by the app (in place, the same kernel), once per trial;
* **Next → step painted** - Next clicked on the live lesson, until the board and the narration
  have changed and the frame holding them is painted (``common.time_change``), at a
  learner's pace, clicks alternating between the two pages.

Printed too: the whole site's size (raw and gzipped) and the bytes a first visit downloads
(every answer of the site's server during one cold visit, raw and as sent). Nothing asserts.

    python benchmarks/static_site.py [--trials 3] [--clicks 10] [--site DIR]

``--ahead`` (issue 31; with ``--site``): the lesson drawn from its steps built ahead, beside
Voila's, cold, and once with the link throttled to 10 Mbit/s and the CPU slowed 4x through the
DevTools protocol (a phone on school Wi-Fi): link -> Next changed the board (Next clicked as
soon as it is there), the bytes before the lesson is steppable, Python ready for play on after
the first board and the bytes its start fetched, a question judged without Python, lesson ->
next lesson in place.
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path

from common import NEXT, ROOT, RESULTS, VoilaServer, launch_chromium, time_change
from playwright.sync_api import sync_playwright

from tests.browser.stepping import finish_lesson
from sitebuild import build, fetch
from sitebuild.serve import server

LESSON = "trapper-setup"  # its next lesson is trapper-display
FIRST_BOARD = ".tp-board svg"  # the first paint's or the app's
LIVE_BOARD = ".tutor-view .tp-page:not(.tp-first) .tp-board svg"
BOARD, NARRATION = ".tutor-view .tp-board", ".tutor-view .tp-narration"

#: Installed before the page's scripts: the times (ms from the navigation's start) at which the
#: first board and the live board were first in the page.
WATCH_JS = """
(() => {
  window.__tutorSeen = {};
  const look = () => {
    const seen = window.__tutorSeen;
    if (!seen.first && document.querySelector(%r)) seen.first = performance.now();
    if (!seen.live && document.querySelector(%r)) seen.live = performance.now();
  };
  new MutationObserver(look).observe(document, {childList: true, subtree: true});
  document.addEventListener("DOMContentLoaded", look);
})();
""" % (FIRST_BOARD, LIVE_BOARD)

#: the next lesson's link clicked; ms until the next lesson's board is drawn by the app
NEXT_LESSON_JS = """
async () => {
  const title = document.querySelector('.tutor-view .tp-title').textContent;
  const link = document.querySelector('.tp-next-lesson');
  const t0 = performance.now();
  link.click();
  while (true) {
    const shown = document.querySelector('.tutor-view .tp-title');
    if (shown && shown.textContent !== title && document.querySelector(%r)) return performance.now() - t0;
    if (performance.now() - t0 > 60000) return -1;
    await new Promise((r) => requestAnimationFrame(r));
  }
}
""" % LIVE_BOARD


class Site:
    """The built site, served in a thread; ``sent`` lists (path, bytes) of every answer."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.sent: list[tuple[str, int]] = []
        self.httpd = server(folder, 0, sent=self.sent)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def url(self, page: str) -> str:
        return f"{self.base}/voici/render/{page}.html"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def open_cold(browser, url: str) -> tuple:
    """A lesson opened in a fresh context; (page, first board ms, live ms)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(WATCH_JS)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(LIVE_BOARD, state="visible", timeout=180_000)
    seen = page.evaluate("window.__tutorSeen")
    return page, seen.get("first", seen["live"]), seen["live"]


def to_next_lesson(page) -> float:
    """Finish the lesson (End, then → through what it asks) and follow its next-lesson link."""
    finish_lesson(page)
    return page.evaluate(NEXT_LESSON_JS)


def next_painted(page) -> float:
    page.bring_to_front()
    button = page.query_selector(NEXT)
    if button.is_disabled():
        page.keyboard.press("Home")
        page.wait_for_timeout(400)
    watched = [page.evaluate_handle("(s) => document.querySelector(s)", s) for s in (BOARD, NARRATION)]
    return time_change(page, page.query_selector(NEXT), watched)["painted"]


def first_visit_bytes(answered: list[tuple[str, int]], folder: Path) -> dict:
    """What the site's server sent for one visit: answers, bytes of the files, bytes sent."""
    files = [folder / path.lstrip("/") for path, _ in answered]
    return {"answers": len(answered), "raw": sum(f.stat().st_size for f in files if f.is_file()),
            "sent": sum(n for _, n in answered)}


def median(values) -> float:
    values = [v for v in values if v is not None and v >= 0]
    return statistics.median(values) if values else float("nan")


def run(trials: int, clicks: int, folder: Path | None) -> dict:
    made = None
    if folder is None:
        made = Path(tempfile.mkdtemp(prefix="rules-tutor-site-"))
        started = time.monotonic()
        folder = build.build(made / "site", ROOT / "notebooks", fetch.default_cache(), quiet=True)
        print(f"site built in {time.monotonic() - started:.1f} s", flush=True)
    site = Site(folder)
    found = {"static": {"first": [], "live": [], "next_lesson": [], "next": []},
             "voila": {"first": [], "live": [], "next_lesson": [], "next": []}}
    with VoilaServer("notebooks") as voila, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        urls = {"static": site.url(LESSON), "voila": voila.render_url(f"{LESSON}.ipynb")}
        open_cold(browser, urls["voila"])[0].context.close()  # warm-up: Voila's first render
        visit_bytes = None
        pages = {}
        for trial in range(trials):
            for kind in ("static", "voila"):
                before = len(site.sent)
                page, first, live = open_cold(browser, urls[kind])
                if kind == "static" and visit_bytes is None:
                    page.wait_for_timeout(2000)  # what the page still fetches once live
                    visit_bytes = first_visit_bytes(site.sent[before:], folder)
                found[kind]["first"].append(first)
                found[kind]["live"].append(live)
                print(f"  {kind:6} trial {trial + 1}: first board {first / 1000:.2f} s, "
                      f"live {live / 1000:.2f} s", flush=True)
                if trial == trials - 1:
                    pages[kind] = page  # kept for the clicks
                else:
                    found[kind]["next_lesson"].append(to_next_lesson(page))
                    page.context.close()
        for _ in range(clicks):  # learner's pace, alternating
            for kind in ("static", "voila"):
                found[kind]["next"].append(next_painted(pages[kind]))
                pages[kind].wait_for_timeout(400)
        for kind in ("static", "voila"):
            found[kind]["next_lesson"].append(to_next_lesson(pages[kind]))
            pages[kind].context.close()
        browser.close()
    site.stop()
    pages = sorted((folder / "voici" / "render").glob("*.html"))
    sizes = {"site_raw": build.size(folder), "site_gzipped": build.gzipped(folder),
             "files": sum(1 for p in folder.rglob("*") if p.is_file()),
             "pages": len(pages), "pages_gzipped": sum(build.gzipped(p) for p in pages)}
    return {"found": found, "first_visit": visit_bytes, "sizes": sizes}


def show(result: dict) -> None:
    s, v = result["found"]["static"], result["found"]["voila"]
    rows = [
        ("first board seen (cold)", median(s["first"]) / 1000, median(v["first"]) / 1000, "s", "≤ 1.5 s"),
        ("lesson live (cold)", median(s["live"]) / 1000, median(v["live"]) / 1000, "s", "aim ≤ 6 s"),
        ("lesson → next lesson live", median(s["next_lesson"]) / 1000, median(v["next_lesson"]) / 1000,
         "s", "≤ 0.5 s"),
        ("Next → step painted", median(s["next"]), median(v["next"]), "ms", "ratio ≤ 1.25"),
    ]
    print(f"\n{'':28} {'static site':>12} {'Voila':>10} {'ratio':>7}  target")
    for name, ours, theirs, unit, target in rows:
        print(f"{name:28} {ours:>9.2f} {unit:<2} {theirs:>7.2f} {unit:<2} {ours / theirs:>7.2f}  {target}")
    b, z = result["first_visit"], result["sizes"]
    mb = 1024 * 1024
    print(f"\nfirst visit to a lesson: {b['answers']} files, {b['raw'] / mb:.1f} MB raw, "
          f"{b['sent'] / mb:.1f} MB as sent (gzip; aim ≤ 10 MB)")
    print(f"then, in the background once live, the service worker keeps the course's "
          f"{z['pages']} pages for offline visits: {z['pages_gzipped'] / mb:.1f} MB gzipped at most")
    print(f"whole site: {z['files']} files, {z['site_raw'] / mb:.1f} MB raw, "
          f"{z['site_gzipped'] / mb:.1f} MB gzipped")


# ---- issue 31: the lesson from its steps built ahead -------------------------------------------
#: Installed before the page's scripts: the first board; the moment Next is there on a lesson that
#: can step (the steps built ahead, or Voila's live app), where it is clicked at once; the moment
#: the board changed after it. ms from the navigation's start.
AHEAD_JS = """
(() => {
  performance.setResourceTimingBufferSize(5000); // Voici's ~120 scripts, the runtime, the wheels
  const s = window.__ahead = {};
  const look = () => {
    if (!s.first && document.querySelector(".tp-board svg")) s.first = performance.now();
    const next = document.querySelector(".tutor-view .tp-page:not(.tp-first) .tp-next");
    if (!next || s.steppable || next.disabled) return;
    s.steppable = performance.now();
    const board = next.closest(".tp-page").querySelector(".tp-board");
    const before = board.innerHTML;
    const seen = new MutationObserver(() => {
      if (s.changed || board.innerHTML === before) return;
      s.changed = performance.now();
      seen.disconnect();
    });
    seen.observe(board, {childList: true, subtree: true, attributes: true, characterData: true});
    next.click();
  };
  new MutationObserver(look).observe(document, {childList: true, subtree: true});
  document.addEventListener("DOMContentLoaded", look);
})();
"""

#: bytes (as sent: transferSize, headers included) fetched by the page up to ``until`` ms, and
#: from then to ``then`` ms (null: to now), by the page itself (the kernel's worker fetches
#: nothing the page has not fetched before it: ahead.js fetches the runtime itself)
BYTES_JS = """
([until, then]) => {
  const all = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
  let before = 0, after = 0;
  for (const e of all) {
    if (e.responseEnd <= until) before += e.transferSize;
    else if (then === null || e.startTime <= then) after += e.transferSize;
  }
  return [before, after];
}
"""

QUESTION = "trapper-to-market"  # step 3 asks a number (its answer read from the walkthrough)
THROTTLE = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8,
            "uploadThroughput": 10_000_000 / 8}


def python_bytes(answered: list[tuple[str, int]]) -> int:
    """Bytes as sent of Python's start during a visit (the site's server counts them): the
    runtime, the wheels, Voici's scripts and extensions, each file once; not the pages, the
    page's modules or the steps built ahead (the service worker keeps those for offline)."""
    seen: dict[str, int] = {}
    for path, sent in answered:
        if "/voici/render/" in path or "/static/tutor/" in path or path in seen:
            continue
        seen[path] = sent
    return sum(seen.values())


def ahead_visit(browser, url: str, throttled: bool = False, python: bool = True,
                site: "Site | None" = None) -> dict:
    """One cold visit: link -> Next changed the board, bytes before steppable, Python ready
    (a play-on could act) after the first board, and the bytes of Python's start."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(AHEAD_JS)
    page = context.new_page()
    if throttled:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", THROTTLE)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    before = len(site.sent) if site is not None else 0
    page.goto(url)
    page.wait_for_function("() => window.__ahead.changed", timeout=300_000)
    seen = page.evaluate("window.__ahead")
    found = {"first": seen["first"], "steppable": seen["steppable"], "next_changed": seen["changed"]}
    if python:
        page.wait_for_function("() => document.documentElement.dataset.tutorPython === 'ready'"
                               " || document.querySelector('.tutor-app-root:not([hidden]) .tp-page')",
                               timeout=600_000)
        ready = page.evaluate("(performance.getEntriesByName('tutor-python-ready')[0] || {}).startTime"
                              " || null")
        found["python_ready"] = ready
        found["bytes_steppable"] = page.evaluate(BYTES_JS, [seen["steppable"], ready])[0]
        if site is not None:
            found["bytes_python"] = python_bytes(site.sent[before:])
    context.close()
    return found


def question_judged(browser, base: str) -> float:
    """ms from the click on Answer to the verdict painted, on a lesson page without Python."""
    from tutor.core.walkthrough import by_id, replay

    frame = next(f for f in replay(by_id(QUESTION.replace("-", "/", 1))).frames if f.question)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route("**/static/pyodide/**", lambda route: route.abort())
    page = context.new_page()
    page.goto(f"{base}/voici/render/{QUESTION}.html?step={frame.index}")
    page.wait_for_selector(".tp-ask-box:not([hidden]) .tp-answer")
    page.fill(".tp-ask-box .tp-answer", str(frame.answer))
    feedback = page.evaluate_handle("() => document.querySelector('.tp-feedback')")
    took = time_change(page, page.query_selector(".tp-ask-box .tp-answer-button"), [feedback])["painted"]
    context.close()
    return took


def run_ahead(trials: int, folder: Path) -> dict:
    site = Site(folder)
    found: dict = {"static": [], "throttled": [], "voila": [], "question": [], "next_lesson": []}
    with VoilaServer("notebooks") as voila, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        voila_url = voila.render_url(f"{LESSON}.ipynb")
        ahead_visit(browser, voila_url, python=False)  # warm-up: Voila's first render
        for trial in range(trials):
            found["static"].append(ahead_visit(browser, site.url(LESSON), site=site))
            found["voila"].append(ahead_visit(browser, voila_url, python=False))
            found["question"].append(question_judged(browser, site.base))
            print(f"  trial {trial + 1}: static {found['static'][-1]}, voila {found['voila'][-1]}, "
                  f"question {found['question'][-1]:.1f} ms", flush=True)
        found["throttled"].append(ahead_visit(browser, site.url(LESSON), throttled=True, site=site))
        print(f"  throttled: {found['throttled'][-1]}", flush=True)
        page, _first, _live = open_cold(browser, site.url(LESSON))
        for _ in range(trials):
            found["next_lesson"].append(to_next_lesson(page))
        page.context.close()
        browser.close()
    site.stop()
    return found


def show_ahead(found: dict) -> None:
    def med(kind, key, scale=1.0):
        return median([v[key] * scale for v in found[kind] if v.get(key) is not None])
    mb = 1024 * 1024
    s_link = med("static", "next_changed") / 1000
    v_link = med("voila", "next_changed") / 1000
    print(f"\n{'':44} {'static':>9} {'throttled':>10} {'Voila':>8}  target")
    print(f"{'link -> Next changed the board':44} {s_link:>7.2f} s {med('throttled', 'next_changed') / 1000:>8.2f} s"
          f" {v_link:>6.2f} s  <= 0.5 s (throttled <= 2 s)")
    print(f"{'first board seen':44} {med('static', 'first') / 1000:>7.2f} s "
          f"{med('throttled', 'first') / 1000:>8.2f} s {med('voila', 'first') / 1000:>6.2f} s")
    print(f"{'bytes before steppable (as sent)':44} {med('static', 'bytes_steppable') / mb:>6.2f} MB "
          f"{med('throttled', 'bytes_steppable') / mb:>7.2f} MB {'':>8}  <= 1 MB")
    ready = [v["python_ready"] - v["first"] for v in found["static"] if v.get("python_ready")]
    ready_t = [v["python_ready"] - v["first"] for v in found["throttled"] if v.get("python_ready")]
    print(f"{'Python ready for play on, after first board':44} {median(ready) / 1000:>7.2f} s "
          f"{median(ready_t) / 1000:>8.2f} s {'':>8}  <= 6 s")
    print(f"{'bytes of Python start (as sent)':44} {med('static', 'bytes_python') / mb:>6.2f} MB "
          f"{med('throttled', 'bytes_python') / mb:>7.2f} MB {'':>8}  <= 10 MB")
    print(f"{'question judged (no Python)':44} {median(found['question']):>6.1f} ms {'':>10} {'':>8}  <= 100 ms")
    print(f"{'lesson -> next lesson (in place)':44} {median(found['next_lesson']) / 1000:>7.2f} s "
          f"{'':>10} {'':>8}  <= 0.5 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3, help="cold visits of each (default 3)")
    parser.add_argument("--clicks", type=int, default=10, help="Next clicks on each (default 10)")
    parser.add_argument("--site", type=Path, default=None, help="a site built already")
    parser.add_argument("--ahead", action="store_true",
                        help="issue 31's figures: the lesson from its steps built ahead (needs --site)")
    args = parser.parse_args()
    if args.ahead:
        result = run_ahead(args.trials, args.site)
        show_ahead(result)
    else:
        result = run(args.trials, args.clicks, args.site)
        show(result)
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"static_site-{time.strftime('%Y%m%dT%H%M%S')}.json"
    path.write_text(json.dumps(result, indent=1))
    print("saved", path)


if __name__ == "__main__":
    main()
