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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3, help="cold visits of each (default 3)")
    parser.add_argument("--clicks", type=int, default=10, help="Next clicks on each (default 10)")
    parser.add_argument("--site", type=Path, default=None, help="a site built already")
    args = parser.parse_args()
    result = run(args.trials, args.clicks, args.site)
    show(result)
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"static_site-{time.strftime('%Y%m%dT%H%M%S')}.json"
    path.write_text(json.dumps(result, indent=1))
    print("saved", path)


if __name__ == "__main__":
    main()
