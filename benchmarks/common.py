"""What the benchmark scripts share: paths, the apps they open, and the result table.

Every benchmark returns :class:`Row` objects: our figure, the yardstick's figure measured in
the same run (trials interleaved), their ratio and the target ratio. Nothing here asserts;
the figures are printed, and written to ``benchmarks/results/`` (not kept in git).

>>> row = Row("(x) demo", "ours", 6.0, "base", 4.0, "ms", 1.25)
>>> row.ratio, row.met
(1.5, False)
>>> table([row]).splitlines()[2].split()[-3:]
['1.50', '1.25', 'missed']
"""
from __future__ import annotations

import argparse
import inspect
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # scripts run as `python benchmarks/x.py` import the repo
    sys.path.insert(0, str(ROOT))

from tests.browser.harness import VoilaServer, launch_chromium  # noqa: E402, F401  (re-exported)
from tests.browser.stepping import BOARD_SVG as BOARD_DRAWN, NEXT, STEP_LIST  # noqa: E402, F401

RESULTS = ROOT / "benchmarks" / "results"

#: The green-turn app, served like `run.py app` serves it (Voila on notebooks/).
APP_FOLDER, APP_NOTEBOOK = "notebooks", "trapper-green-turn.ipynb"
#: The trivial notebook: one button, one label.
BARE_FOLDER, BARE_NOTEBOOK = "benchmarks/notebooks", "bare_widget.ipynb"

#: One server for both (startup, memory, classroom): Voila serving the repository root, so
#: that the app and the trivial notebook are measured side by side in the same server.
SAME_SERVER = "."
APP_PATH = f"{APP_FOLDER}/{APP_NOTEBOOK}"
BARE_PATH = f"{BARE_FOLDER}/{BARE_NOTEBOOK}"
KERNEL_ID_JS = ("() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                ".kernelId")
MB = 1024 * 1024

#: Stable CSS classes the step player and the baseline put on their widgets (the step
#: player's NEXT and BOARD_DRAWN are the browser tests' own, imported above).
BOARD, APP = ".tutor-board", ".tutor-app"
BARE_BUTTON, BARE_LABEL = ".bench-button", ".bench-label"

#: Voila option that puts back jupyter_server's own kernel websocket connection, with Nagle's
#: algorithm on (voila.json configures widgets.serving.server.NoDelayConnection, which turns it off).
NAGLE = ("--Voila.kernel_websocket_connection_class="
         "jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection")


@dataclass
class Row:
    """One line of the table: ours against a yardstick, both measured in the same run."""

    item: str
    ours_name: str
    ours: float
    base_name: str
    base: float
    unit: str
    target: float  # the largest acceptable ours / base
    note: str = ""
    samples: dict = field(default_factory=dict, repr=False)

    @property
    def ratio(self) -> float:
        return self.ours / self.base if self.base else float("inf")

    @property
    def met(self) -> bool:
        return self.ratio <= self.target


def median(values) -> float:
    return statistics.median(values)


def table(rows: list[Row]) -> str:
    """The rows as a fixed-width table (medians, ratio, target, met or missed)."""
    head = (f"{'item':<9} {'ours':<26} {'median':>10}  {'yardstick':<26} {'median':>10}  "
            f"{'ratio':>5}  {'target':>6}  result")
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(
            f"{r.item:<9} {r.ours_name:<26} {r.ours:>7.2f} {r.unit:<2}  {r.base_name:<26} "
            f"{r.base:>7.2f} {r.unit:<2}  {r.ratio:>5.2f}  {r.target:>6.2f}  "
            f"{'met' if r.met else 'missed'}"
        )
        if r.note:
            lines.append(f"{'':<10}{r.note}")
    return "\n".join(lines)


def save(name: str, rows: list[Row], extra: dict | None = None) -> Path:
    """Write the rows (with all samples) as JSON under benchmarks/results/."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%S")
    path, copy = RESULTS / f"{name}-{stamp}.json", 1
    while path.exists():  # two runs saved in the same second: keep both
        copy += 1
        path = RESULTS / f"{name}-{stamp}-{copy}.json"
    data = {"rows": [dict(asdict(r), ratio=r.ratio, met=r.met) for r in rows], **(extra or {})}
    path.write_text(json.dumps(data, indent=1))
    return path


def report(title: str, rows: list[Row]) -> None:
    print(f"\n== {title}\n{table(rows)}", flush=True)


def command_line(doc: str, name: str, title: str, run, help: str | None = None) -> None:
    """A benchmark script's command line: ``--<option> N`` for ``run``'s one parameter (its
    default as default), then the table titled ``title``, saved as ``name``."""
    (option, parameter), = inspect.signature(run).parameters.items()
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument(f"--{option}", type=int, default=parameter.default, help=help)
    rows = run(getattr(parser.parse_args(), option))
    report(title, rows)
    print("saved", save(name, rows))


#: In-page timing of one click: performance.now() before it, at the first DOM change under
#: each watched element ("changed", one time per element), and once the frame holding the
#: last of those changes has been painted ("painted": a task queued from the next animation
#: frame runs after that frame's paint). Milliseconds; rejects if some watched element does
#: not change within ``limit`` ms.
TIME_CHANGE_JS = """
([trigger, watched, limit]) => new Promise((resolve, reject) => {
  let t0 = 0, left = watched.length;
  const changed = watched.map(() => null);
  const observers = watched.map((element, i) => {
    const observer = new MutationObserver(() => {
      changed[i] = performance.now() - t0;
      observer.disconnect();
      if (--left > 0) return;
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({changed, painted: performance.now() - t0});
        channel.port2.postMessage(null);
      });
    });
    observer.observe(element, {subtree: true, childList: true, characterData: true, attributes: true});
    return observer;
  });
  const timer = setTimeout(() => {
    observers.forEach((o) => o.disconnect());
    reject(new Error("no change within the limit: " + JSON.stringify(changed)));
  }, limit);
  t0 = performance.now();
  trigger.click();
})
"""


def time_change(page, trigger, watched, limit_ms: int = 10000) -> dict:
    """Milliseconds, measured in the page, from clicking ``trigger`` (an element handle) to
    the first change under each of ``watched`` (element handles), and to the paint of the
    last of them: ``{"changed": [ms, ...], "painted": ms}``."""
    return page.evaluate(TIME_CHANGE_JS, [trigger, list(watched), limit_ms])


def page_kernel(server, page):
    """The kernel process serving ``page`` (Voila writes its id into the page)."""
    kernel_id = page.evaluate(KERNEL_ID_JS)
    found = server.kernel_process(kernel_id)
    if found is None:
        raise RuntimeError(f"no process for kernel {kernel_id}")
    return found


def kernels_rss(server) -> tuple[int, float]:
    """How many kernels the server runs, and their resident memory together (MB)."""
    total, count = 0, 0
    for kernel in server.kernels():
        try:
            total += kernel.memory_info().rss
            count += 1
        except Exception:  # ended meanwhile
            continue
    return count, total / MB


def wait_quiet(server, at_least: int = 0, limit: float = 90.0) -> float:
    """Wait until the server runs ``at_least`` kernels and they all sit idle (the pool is
    refilled and its notebooks have run); seconds waited."""
    import psutil

    began = time.perf_counter()
    while time.perf_counter() - began < limit:
        kernels = server.kernels()
        if len(kernels) >= at_least:
            busy = 0.0
            for kernel in kernels:
                try:
                    kernel.cpu_percent(None)
                except psutil.Error:
                    pass
            time.sleep(0.5)
            for kernel in kernels:
                try:
                    busy += kernel.cpu_percent(None)
                except psutil.Error:
                    pass
            if busy < 5.0:
                return time.perf_counter() - began
        else:
            time.sleep(0.3)
    return time.perf_counter() - began


def leave(page) -> None:
    """Leave a page as a reader does (its kernel is shut down), then close its window."""
    try:
        page.goto("about:blank")
    finally:
        page.context.close()
