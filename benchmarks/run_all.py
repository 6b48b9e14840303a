"""Every benchmark of issue 2 in one run, ending with one table of all the figures.

    .venv/bin/python benchmarks/run_all.py            # the figures in BENCHMARKS.md (3-6 min)
    .venv/bin/python benchmarks/run_all.py --quick    # fewer trials, to try it out (2-3 min)

(a)/(b) in-page round trips, (c) navigation to first paint (one server, preheated and cold), (d) engine speed per ply,
(e) kernel memory. Each item compares ours with its yardstick measured in the same run, trials
interleaved, medians; the ratio is ours / yardstick and the target is the largest acceptable
ratio. Nothing is asserted: the figures are printed, and saved under benchmarks/results/.
Needs Debian's chromium (as the browser tests do) and the venv with the [bench] extra.
"""
from __future__ import annotations

import argparse
import os
import platform
import time

import engine
import memory
import roundtrip
import startup
from common import report, save


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer trials")
    quick = parser.parse_args().quick
    began = time.perf_counter()
    plan = (
        ("(d) engine: random playouts, time per ply", lambda: engine.run(10 if quick else 40)),
        ("(a)/(b) round trips in the page", lambda: roundtrip.run(10 if quick else 30)),
        ("(c) navigation to first paint (one server, preheated and cold)", lambda: startup.run(2 if quick else 5)),
        ("(e) kernel memory", lambda: memory.run(1 if quick else 3)),
    )
    rows = []
    for title, run in plan:
        found = run()
        report(title, found)
        rows += found
    machine = (f"{platform.python_implementation()} {platform.python_version()}, "
               f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    report(f"all figures ({machine}; {time.perf_counter() - began:.0f} s)", rows)
    print("saved", save("all", rows, {"machine": machine, "quick": quick}))


if __name__ == "__main__":
    main()
