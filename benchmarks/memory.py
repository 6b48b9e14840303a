"""(e) Memory: the kernel of a walkthrough page and of a free-play page, beside a bare kernel.

All pages are served by one server (``python -m widgets.serving.server`` over the repository root, no
preheating), each page's kernel found from the page itself and measured (psutil: RSS, and USS,
the memory only it holds) after the page was used: the green turn stepped to its last step,
Trapper free play after a few moves. Yardsticks measured in the same run: an idle ipykernel
started with jupyter_client (the issue's "bare kernel") and the trivial widget notebook's
kernel in Voila. Also printed: a preheated green-turn kernel waiting for its page (what the
pool costs per kernel), and what each import adds in a bare kernel.

    python benchmarks/memory.py [--trials 3]
"""
from __future__ import annotations

import time

import psutil
from common import (
    APP, APP_PATH, BARE_LABEL, BARE_PATH, BOARD_DRAWN, MB, NEXT, SAME_SERVER, Row, VoilaServer,
    command_line, launch_chromium, leave, median, page_kernel, wait_quiet,
)
from jupyter_client.manager import start_new_kernel
from playwright.sync_api import sync_playwright

SETTLE_S = 1.0  # let a kernel finish what it is doing before it is measured
PLAY_PATH = "notebooks/trapper-play.ipynb"

#: Imports added one after another in a bare kernel, to see what a page's kernel is made of.
IMPORT_STEPS = (
    ("ipywidgets", "import ipywidgets"),
    ("anywidget + keepalive", "import widgets.serving.keepalive"),
    ("widgets.serving.params", "import widgets.serving.params"),
    ("tutor + trapper", "from tutor.core import registry; registry.get('trapper')"),
    ("widgets.app", "import widgets.app"),
    ("green-turn app built", "from widgets.app import walkthrough_app; "
                             "app = walkthrough_app('trapper/green-turn')"),
    ("matplotlib Figure + Agg", "import matplotlib.figure, matplotlib.backends.backend_agg"),
)


def sizes(process: psutil.Process) -> tuple[float, float]:
    info = process.memory_full_info()
    return info.rss / MB, info.uss / MB


def bare_kernel(imports=()) -> list[tuple[str, float]]:
    """RSS (and USS) of an idle ipykernel, then RSS after each of ``imports`` in turn."""
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        process = psutil.Process(manager.provisioner.process.pid)
        time.sleep(SETTLE_S)
        rss, uss = sizes(process)
        found = [("bare ipykernel", rss), ("bare ipykernel USS", uss)]
        for name, code in imports:
            reply = client.execute_interactive(code, timeout=120, output_hook=lambda msg: None)
            if reply["content"]["status"] != "ok":
                raise RuntimeError(f"{code!r} failed in the kernel: {reply['content']}")
            found.append((name, sizes(process)[0]))
        return found
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def used_page(browser, server, notebook: str, ready: str, use) -> tuple[float, float]:
    """RSS and USS of the kernel of ``notebook``'s page after ``use(page)``."""
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    try:
        page.goto(server.render_url(notebook))
        page.wait_for_selector(ready, state="visible", timeout=120_000)
        use(page)
        time.sleep(SETTLE_S)
        return sizes(page_kernel(server, page))
    finally:
        leave(page)


def step_to_the_end(page) -> None:
    page.hover(APP)
    while not page.locator(NEXT).is_disabled():
        page.click(NEXT)
        page.wait_for_timeout(150)


def play_a_few_moves(page, moves: int = 4) -> None:
    for _ in range(moves):
        page.get_by_role("button", name="Play", exact=True).click()
        page.wait_for_timeout(600)


def pooled_kernel() -> tuple[float, float]:
    """RSS and USS of a preheated green-turn kernel waiting for its page."""
    with VoilaServer(SAME_SERVER, args=["--pool=1", f"--preheat={APP_PATH}"]) as server:
        wait_quiet(server, at_least=1)
        time.sleep(SETTLE_S)
        kernels = server.kernels()
        if len(kernels) != 1:
            raise RuntimeError(f"expected one pooled kernel, found {kernels}")
        return sizes(kernels[0])


def run(trials: int = 3) -> list[Row]:
    walk, play, bare, widget = [], [], [], []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            with VoilaServer(SAME_SERVER) as server:
                for _ in range(trials):
                    bare.append(tuple(size for _, size in bare_kernel()))
                    walk.append(used_page(browser, server, APP_PATH, BOARD_DRAWN, step_to_the_end))
                    play.append(used_page(browser, server, PLAY_PATH, APP, play_a_few_moves))
                    widget.append(used_page(browser, server, BARE_PATH, BARE_LABEL, lambda _: None))
        finally:
            browser.close()
    pooled = pooled_kernel()
    steps = bare_kernel(IMPORT_STEPS)
    growth = ", ".join(f"{name} {size:.0f}" for name, size in steps if "USS" not in name)
    samples = {"walkthrough": walk, "free play": play, "bare": bare, "widget": widget,
               "pooled": pooled, "imports": steps}
    bare_rss, bare_uss = median(s[0] for s in bare), median(s[1] for s in bare)
    return [
        Row("(e)", "walkthrough kernel RSS", median(s[0] for s in walk), "bare ipykernel RSS",
            bare_rss, "MB", 1.3,
            note=f"{trials} trials; trivial widget notebook's kernel in Voila "
                 f"{median(s[0] for s in widget):.0f} MB; a preheated green-turn kernel "
                 f"waiting in the pool {pooled[0]:.0f} MB", samples=samples),
        Row("(e) USS", "walkthrough kernel USS", median(s[1] for s in walk), "bare ipykernel USS",
            bare_uss, "MB", 1.3, note=f"RSS (MB) in one kernel after each import: {growth}"),
        Row("(e) play", "free-play kernel RSS", median(s[0] for s in play), "bare ipykernel RSS",
            bare_rss, "MB", 2.0, note="Trapper free play after 4 moves (no target in the issue: "
                                      "'free play may cost more')"),
    ]


if __name__ == "__main__":
    command_line(__doc__, "memory", "(e) kernel memory, resident size (median)", run)
