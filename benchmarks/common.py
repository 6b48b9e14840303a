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

import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # scripts run as `python benchmarks/x.py` import the repo
    sys.path.insert(0, str(ROOT))

from tests.browser.harness import (  # noqa: E402  (needs the path above)
    VoilaServer, launch_chromium, time_change,
)

RESULTS = ROOT / "benchmarks" / "results"

#: The green-turn app, served like `run.py app` serves it (Voila on notebooks/).
APP_FOLDER, APP_NOTEBOOK = "notebooks", "trapper-green-turn.ipynb"
#: The trivial notebook: one button, one label.
BARE_FOLDER, BARE_NOTEBOOK = "benchmarks/notebooks", "bare_widget.ipynb"

#: Stable CSS classes the step player and the baseline put on their widgets.
NEXT, BOARD, APP = ".tutor-next", ".tutor-board", ".tutor-app"
BOARD_DRAWN = ".tutor-board svg"
BARE_BUTTON, BARE_LABEL = ".bench-button", ".bench-label"

#: Voila option that puts back jupyter_server's own kernel websocket connection, with Nagle's
#: algorithm on (voila.json configures widgets.server.NoDelayConnection, which turns it off).
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
    path = RESULTS / f"{name}-{time.strftime('%Y%m%dT%H%M%S')}.json"
    data = {"rows": [dict(asdict(r), ratio=r.ratio, met=r.met) for r in rows], **(extra or {})}
    path.write_text(json.dumps(data, indent=1))
    return path


def report(title: str, rows: list[Row]) -> None:
    print(f"\n== {title}\n{table(rows)}", flush=True)
