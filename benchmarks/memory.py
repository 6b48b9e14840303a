"""(e) Memory: a kernel's resident size with the green-turn app shown, beside a bare ipykernel.

The app's kernel is the one Voila starts for the page, measured (psutil RSS) after the app
has been opened and stepped to its last step. The bare kernel is an ipykernel started with
jupyter_client and left idle. Trials alternate. Also printed, for orientation: the kernel of
the trivial widget notebook in Voila, and what each import adds in a bare kernel.

    python benchmarks/memory.py [--trials 3]
"""
from __future__ import annotations

import time

import psutil
from common import (
    APP, APP_FOLDER, APP_NOTEBOOK, BARE_FOLDER, BARE_LABEL, BARE_NOTEBOOK, BOARD_DRAWN, NEXT, Row,
    VoilaServer, launch_chromium, command_line, median,
)
from jupyter_client.manager import start_new_kernel
from playwright.sync_api import sync_playwright

MB = 1024 * 1024
SETTLE_S = 1.0  # let a kernel finish what it is doing before it is measured

#: Imports added one after another in a bare kernel, to see what the app's size is made of.
IMPORT_STEPS = (
    ("ipywidgets", "import ipywidgets"),
    ("matplotlib Figure + Agg", "import matplotlib.figure, matplotlib.backends.backend_agg"),
    ("ipyevents", "import ipyevents"),
    ("tutor + trapper", "from tutor.core import registry; registry.get('trapper')"),
    ("widgets.app", "import widgets.app"),
    ("green-turn app built", "from widgets.app import walkthrough_app; "
                             "app = walkthrough_app('trapper/green-turn')"),
)


def rss(pid: int) -> float:
    return psutil.Process(pid).memory_info().rss / MB


def uss(pid: int) -> float:
    """Memory only this process holds (no shared library pages): what one more tab costs."""
    return psutil.Process(pid).memory_full_info().uss / MB


def bare_kernel(imports=()) -> list[tuple[str, float]]:
    """RSS of an idle ipykernel, then after each of ``imports`` (name, code) in turn."""
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        pid = manager.provisioner.process.pid
        time.sleep(SETTLE_S)
        sizes = [("bare ipykernel", rss(pid)), ("bare ipykernel USS", uss(pid))]
        for name, code in imports:
            reply = client.execute_interactive(code, timeout=120, output_hook=lambda msg: None)
            if reply["content"]["status"] != "ok":
                raise RuntimeError(f"{code!r} failed in the kernel: {reply['content']}")
            sizes.append((name, rss(pid)))
        return sizes
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def voila_kernel(browser, folder: str, notebook: str, ready: str,
                 step_through: bool) -> tuple[float, float]:
    """RSS and USS of the kernel Voila runs for ``notebook`` once it is shown (and stepped through)."""
    with VoilaServer(folder) as server:
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.render_url(notebook))
        page.wait_for_selector(ready, state="visible", timeout=120_000)
        if step_through:
            page.hover(APP)
            while not page.locator(NEXT).is_disabled():
                page.click(NEXT)
                page.wait_for_timeout(150)
        time.sleep(SETTLE_S)
        kernels = server.kernels()
        if len(kernels) != 1:
            raise RuntimeError(f"expected one kernel for one page, found {kernels}")
        sizes = rss(kernels[0].pid), uss(kernels[0].pid)
        context.close()
    return sizes


def run(trials: int = 3) -> list[Row]:
    app, bare, widget = [], [], []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for _ in range(trials):
                bare.append(tuple(size for _, size in bare_kernel()))
                app.append(voila_kernel(browser, APP_FOLDER, APP_NOTEBOOK, BOARD_DRAWN, True))
                widget.append(voila_kernel(browser, BARE_FOLDER, BARE_NOTEBOOK, BARE_LABEL, False))
        finally:
            browser.close()
    steps = bare_kernel(IMPORT_STEPS)
    growth = ", ".join(f"{name} {size:.0f}" for name, size in steps if "USS" not in name)
    samples = {"app": app, "bare": bare, "widget": widget, "imports": steps}
    return [
        Row("(e)", "app kernel RSS", median(s[0] for s in app), "bare ipykernel RSS",
            median(s[0] for s in bare), "MB", 1.8,
            note=f"{trials} trials; the trivial widget notebook's kernel in Voila: "
                 f"{median(s[0] for s in widget):.0f} MB", samples=samples),
        Row("(e) USS", "app kernel USS", median(s[1] for s in app), "bare ipykernel USS",
            median(s[1] for s in bare), "MB", 1.8,
            note=f"not shared with other processes; RSS (MB) in one kernel after each import: "
                 f"{growth}"),
    ]


if __name__ == "__main__":
    command_line(__doc__, "memory", "(e) kernel memory, resident size (median)", run)
