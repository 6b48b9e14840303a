"""A page kernel started ordinarily (a new Python) beside one forked from the app server's warm
process (widgets/serving/forks.py), in the same run: seconds from asking for the kernel to the
green turn's lesson made in it, and the kernel's CPU seconds by then. Kernels alternate
between the two ways; medians, and the ratio forked / ordinary.

    python benchmarks/kernel_start.py [--kernels 8]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from jupyter_client.manager import KernelManager

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from widgets.serving import forks  # noqa: E402

CELL = "from widgets.app import walkthrough_app\nw = walkthrough_app('trapper/green-turn')"


def cpu(pid: int) -> float:
    """CPU seconds of a process so far (user + system)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one(folder: str, forked: bool, number: int) -> tuple[float, float]:
    specs = forks.spec_manager_class()() if forked else None
    manager = KernelManager(kernel_name="python3", transport="ipc",
                            connection_file=os.path.join(folder, f"k{number}.json"),
                            **({"kernel_spec_manager": specs} if specs else {}))
    manager.ip = os.path.join(folder, f"k{number}-ipc")
    began = time.perf_counter()
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        reply = client.execute_interactive(CELL, timeout=60)
        assert reply["content"]["status"] == "ok", reply["content"]
        took = time.perf_counter() - began
        launcher = manager.provisioner.process.pid
        pid = forks.kernel_of(launcher) if forked else launcher
        return took, cpu(pid)
    finally:
        client.stop_channels()
        manager.shutdown_kernel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", type=int, default=8, help="kernels each way (default 8)")
    args = parser.parse_args()
    if not forks.available():
        sys.exit("kernels are forked on Linux only")
    folder = tempfile.mkdtemp(prefix="kstart-")
    path, warm = forks.start(folder)
    os.environ["TUTOR_FORKS_AT"] = path
    found: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
    try:
        one(folder, True, 0)  # the warm process has warmed up
        for number in range(1, args.kernels + 1):
            for forked in (False, True):
                found[forked].append(one(folder, forked, number * 2 + forked))
    finally:
        warm.terminate()
    rows = {way: (statistics.median(t for t, _ in found[way]), statistics.median(c for _, c in found[way]))
            for way in found}
    for way, name in ((False, "ordinary"), (True, "forked")):
        print(f"{name:9} {rows[way][0]:.2f} s to the lesson made, {rows[way][1]:.2f} CPU-s in the kernel")
    print(f"forked / ordinary: time {rows[True][0] / rows[False][0]:.2f}, "
          f"CPU {rows[True][1] / rows[False][1]:.2f} ({args.kernels} kernels each, medians)")


if __name__ == "__main__":
    main()
