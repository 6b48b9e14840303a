"""(canyon) Legal end fields: our search beside a naive enumeration of every simple path.

For every field a canoe can start from on the default board (water, current, start docks,
the rock cave) and every point count 1-11, :func:`tutor.canyon.movement.plan_move` lists
the legal end fields (cache cleared before each call; the board's own tables - neighbours,
distances - are made once per map and warmed first). The best of ``--repeat`` calls counts,
so another process on the machine does not decide the figure.

The naive way (``tests/canyon/brute.py``: enumerate every simple path, then apply the
reading) runs on the same positions in the same run: on every position for 1 to
``--naive-all`` points, and on ``--naive-sample`` seeded positions for every count up to 11,
each capped at ``--cap`` seconds (a capped run counts as the cap: the true ratio is higher).

The worst case is also set against a bare ipywidgets round trip (click -> label changed in
the page): measured with ``--measure-bare`` (Voila + Chromium), otherwise read from the
newest ``benchmarks/results/roundtrip-*.json``.

    python benchmarks/canyon_movement.py [--repeat 3] [--naive-all 7] [--naive-sample 4] [--cap 20]
"""
from __future__ import annotations

import argparse
import json
import random
import time

from common import (
    BARE_FOLDER, BARE_LABEL, BARE_NOTEBOOK, RESULTS, Row, VoilaServer, launch_chromium, median,
    report, save,
)
from tests.canyon import brute
from tutor.canyon.board import ARROWS, CAVE, START, WATER, Board
from tutor.canyon.movement import plan_move

POINTS = range(1, 12)


class TooSlow(Exception):
    pass


def positions(board: Board) -> list[int]:
    return [i for i, k in enumerate(board.kinds) if k in (WATER, START, CAVE, *ARROWS)]


def ours(board: Board, start: int, points: int, repeat: int) -> tuple[float, dict]:
    best, plan = float("inf"), None
    for _ in range(repeat):
        plan_move.cache_clear()
        t0 = time.perf_counter()
        plan = plan_move(board, start, points, frozenset())
        best = min(best, time.perf_counter() - t0)
    ends = {} if plan.blocked else {e: plan.used(e) for e in plan.ends}
    return best, ends


def naive(board: Board, start: int, points: int, cap: float) -> tuple[float, dict | None]:
    """The brute force, stopped once it has run ``cap`` seconds (then: (cap, None))."""
    deadline = time.perf_counter() + cap
    original = brute.all_paths

    def watched(*args):
        for k, path in enumerate(original(*args)):
            if k % 4096 == 0 and time.perf_counter() > deadline:
                raise TooSlow
            yield path

    brute.all_paths = watched
    try:
        t0 = time.perf_counter()
        found = brute.brute_ends(board, start, points, frozenset())
        took = time.perf_counter() - t0
    except TooSlow:
        return cap, None
    finally:
        brute.all_paths = original
    return took, ({} if found == {start: 0} else found)


def bare_round_trip(measure: bool) -> tuple[float | None, str]:
    """The bare widget's click -> label changed median, in ms, and where it came from."""
    if measure:
        from playwright.sync_api import sync_playwright  # only with --measure-bare
        from roundtrip import click_bare, open_page

        with sync_playwright() as playwright, VoilaServer(BARE_FOLDER) as server:
            browser = launch_chromium(playwright)
            try:
                page = open_page(browser, server.render_url(BARE_NOTEBOOK), BARE_LABEL)
                times = []
                for round_ in range(23):
                    page.wait_for_timeout(300)
                    timed = click_bare(page)
                    if round_ >= 3:
                        times.append(timed["changed"][0])
            finally:
                browser.close()
        return median(times), "measured now (20 clicks)"
    found = sorted(RESULTS.glob("roundtrip-*.json"))
    for path in reversed(found):
        rows = json.loads(path.read_text())["rows"]
        bare = [r["base"] for r in rows if r["base_name"] == "click→label changed"]
        if bare:
            return min(bare), f"from {path.name}"
    return None, "no roundtrip result: run benchmarks/roundtrip.py or pass --measure-bare"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--naive-all", type=int, default=7, help="naive on every position up to this")
    parser.add_argument("--naive-sample", type=int, default=4, help="positions naive runs on up to 11")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds one naive run may take")
    parser.add_argument("--measure-bare", action="store_true")
    parser.add_argument("--map", default="default")
    options = parser.parse_args()

    board = Board.builtin(options.map)
    starts = positions(board)
    for start in starts:  # the board's tables (made once per map)
        for points in POINTS:
            plan_move(board, start, points, frozenset())
    timings = {}
    for points in POINTS:
        for start in starts:
            timings[start, points] = ours(board, start, points, options.repeat)
    sample = random.Random(1997).sample(starts, options.naive_sample)
    shared, capped, mismatches = [], 0, 0
    for points in POINTS:
        for start in (starts if points <= options.naive_all else sample):
            took, ends = naive(board, start, points, options.cap)
            capped += ends is None
            if ends is not None and ends != timings[start, points][1]:
                mismatches += 1
            shared.append((start, points, took, timings[start, points][0]))

    all_ours = [t for t, _ in timings.values()]
    worst_case = max(timings, key=lambda k: timings[k][0])
    print(f"\n== Canyon legal end fields on the {options.map!r} board: "
          f"{len(starts)} positions x points 1-11 = {len(timings)} cases")
    print(f"{'points':>6} {'ours median':>12} {'ours worst':>11} {'naive cases':>12} "
          f"{'naive median':>13} {'naive worst':>12} {'ratio':>8}")
    for points in POINTS:
        mine = [timings[s, points][0] for s in starts]
        theirs = [(n, o) for s, p, n, o in shared if p == points]
        ratio = median(n / o for n, o in theirs)
        print(f"{points:>6} {median(mine) * 1e3:>9.3f} ms {max(mine) * 1e3:>8.3f} ms "
              f"{len(theirs):>12} {median(n for n, _ in theirs) * 1e3:>10.1f} ms "
              f"{max(n for n, _ in theirs) * 1e3:>9.1f} ms {ratio:>7.0f}x")
    print(f"worst case: {board.field_name(worst_case[0])} with {worst_case[1]} points, "
          f"{timings[worst_case][0] * 1e3:.3f} ms; naive runs capped at {options.cap:g} s: "
          f"{capped}; naive and ours disagree on {mismatches} cases")
    grown = [(n, o) for _, p, n, o in shared if p >= 6]  # where the paths start to multiply
    rows = [
        Row("(canyon)", "ours: worst, shared cases", max(o for *_, o in shared) * 1e3,
            "naive: worst, same cases", max(n for _, _, n, _ in shared) * 1e3, "ms", 0.01,
            note=f"target at least 100x faster; {len(shared)} shared cases"),
        Row("(canyon)", "ours: median, 6-11 points", median(o for _, o in grown) * 1e3,
            "naive: median, same cases", median(n for n, _ in grown) * 1e3, "ms", 0.01,
            note=f"{len(grown)} cases; at 1-5 points a canoe has few paths and both are "
                 f"instant (median of all {len(shared)} shared cases: ours "
                 f"{median(o for *_, o in shared) * 1e3:.3f} ms, naive "
                 f"{median(n for _, _, n, _ in shared) * 1e3:.3f} ms)"),
    ]
    bare, source = bare_round_trip(options.measure_bare)
    if bare is not None:
        rows.append(Row("(canyon)", "ours: worst of all cases", max(all_ours) * 1e3,
                        "bare widget round trip", bare, "ms", 0.2, note=f"round trip {source}"))
    else:
        print(source)
    report("Canyon legal end fields (best of %d calls each)" % options.repeat, rows)
    print("saved", save("canyon_movement", rows, {
        "cases": {f"{board.field_name(s)}/{p}": t for (s, p), (t, _) in timings.items()},
        "shared": [[board.field_name(s), p, n, o] for s, p, n, o in shared]}))


if __name__ == "__main__":
    main()
