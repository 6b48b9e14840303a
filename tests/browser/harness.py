"""Voila on a free loopback port and Debian's Chromium driven by Playwright.

Shared by the real-browser tests (``tests/browser``) and the benchmarks (``benchmarks/``).
Voila is started the way ``run.py app`` starts it — ``python -m widgets.serving.server`` (Voila with
the tutor's page handler and kernel manager) from the repo root, so that it reads the root's
``voila.json`` — but on a free port, and it is stopped with its kernels afterwards.

>>> 1024 < free_port() < 65536
True
>>> page_problems("Step 3 of 9: bear 4 is taken")
[]
>>> page_problems('Traceback (most recent call last):\\n  ValueError: invalid literal')
['Traceback (most recent call last)', 'ValueError']
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from widgets.serving import forks

ROOT = Path(__file__).resolve().parents[2]

#: Flags checked on these machines: no sandbox (containers), no network chatter, no QUIC.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: What error output looks like on a page: a Python traceback, an exception's name, Voila's
#: note on a failed cell (tracebacks hidden), or ipywidgets' note on a widget it cannot show.
PROBLEM = re.compile(
    r"Traceback \(most recent call last\)|\b[A-Z]\w*(?:Error|Exception)\b"
    r"|There was an error when executing|Error displaying widget|Failed to (?:load|create) (?:model|view)"
)


#: Debian's browsers, the first found is used: its headless shell first (``apt-get install
#: chromium-headless-shell``: the headless-only build Playwright itself uses for headless runs;
#: measured on these machines, a lesson page load costs ~1.9 s less CPU than the full browser,
#: whose headless mode still runs its window's UI), else the full browser.
BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser")


def chromium_path() -> str:
    """Debian's Chromium (``$CHROMIUM`` if set, else the first of :data:`BROWSERS` on PATH);
    a clear error if none is installed (Playwright cannot download)."""
    chosen = os.environ.get("CHROMIUM")
    found = chosen or next(filter(None, map(shutil.which, BROWSERS)), None)
    if not found or not os.access(found, os.X_OK):
        looked = f"$CHROMIUM={chosen!r} is not an executable" if chosen else \
            f"none of {', '.join(BROWSERS)} on PATH"
        raise FileNotFoundError(
            f"Debian's chromium is needed for the browser tests ({looked}). Install it with "
            "`apt-get install chromium-headless-shell chromium` (.ci/run does this); "
            "Playwright's own browser download is not used."
        )
    return found


def launch_chromium(playwright):
    """A headless Chromium from Debian's package, with the flags these machines need."""
    return playwright.chromium.launch(
        executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
    )


def _connection(process: psutil.Process) -> str:
    """The connection file a kernel's process was started with, or ""."""
    try:
        line = process.cmdline()
    except psutil.Error:
        return ""
    return next((part for part in line if part.endswith(".json") and "kernel-" in part), "")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Held:
    """The page's requests to ``pattern`` held back (what the page shows before its scripts run
    is looked at), until :meth:`release`. Released before the route is taken off: Playwright
    sends a request still held when its handler is removed on by itself, and a ``continue_``
    after that fails ("Route is already handled!", a run with six workers)."""

    def __init__(self, page, pattern: str):
        self.page, self.pattern, self.routes, self.released = page, pattern, [], False
        page.route(pattern, self._hold)

    def _hold(self, route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()
        self.page.unroute(self.pattern, self._hold)


def page_problems(text: str) -> list[str]:
    """The error-looking pieces of a page's visible text (empty when the page is clean)."""
    return [m.group(0) for m in PROBLEM.finditer(text)]


#: what Voila logs once its preheated pool's first kernel has rendered its page (before that
#: Voila gives a page asked for a kernel of its own)
POOL_FILLED = "is filled with"


class VoilaServer:
    """``python -m widgets.serving.server <target> --no-browser --port=<free> --Voila.ip=127.0.0.1``,
    run from ``cwd``.

    Use it as a context manager; :meth:`stop` ends Voila and every kernel it started (kernels
    run in their own sessions, so they are found by parentage and ended by process id).
    ``python`` is the interpreter whose Voila runs; ``args`` are more options (``--pool=1``,
    ``--preheat=REGEX``, ``--max-kernels=N``, any Voila option); ``env`` more environment
    variables. No kernel is preheated unless ``args`` ask for it (``--pool=N``).
    ``module`` is what ``python -m`` runs: ``voila`` for Voila as it comes.
    """

    def __init__(self, target: str = "notebooks", *, cwd: Path = ROOT, args=(),
                 python: str = sys.executable, startup_timeout: float = 90.0,
                 env: dict[str, str] | None = None, module: str = "widgets.serving.server"):
        self.target = target
        self.cwd = Path(cwd)
        self.args = list(args)
        self.env = dict(env or {})
        self.module = module
        self.python = python
        self.startup_timeout = startup_timeout
        self.port = 0
        self.process: subprocess.Popen | None = None
        self.started_at = 0.0  # time.perf_counter() when the process was launched
        self._log = tempfile.NamedTemporaryFile(prefix=f"{self.log_prefix}-", suffix=".log",
                                                delete=False)
        self._kernels: dict[int, psutil.Process] = {}

    # ---- life cycle ------------------------------------------------------------------
    def __enter__(self) -> "VoilaServer":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        """Stop, and remove the log file (a failing test showed its end already)."""
        self.stop()
        self._log.close()
        Path(self._log.name).unlink(missing_ok=True)

    #: what errors call the server, how its log file is named, the path that answers once up
    name, log_prefix = "Voila", "voila"
    ready_path = "voila/static/"

    def command(self) -> list[str]:
        """The command line, run from ``cwd`` (the port is chosen already)."""
        pool = ["--pool=0"] if self.module == "widgets.serving.server" \
            and not any(arg.startswith("--pool") for arg in self.args) else []
        return [self.python, "-m", self.module, self.target, "--no-browser",
                f"--port={self.port}", "--Voila.ip=127.0.0.1", *pool, *self.args]

    def environment(self) -> dict[str, str]:
        return dict(os.environ, PYTHONUNBUFFERED="1", **self.env)

    def start(self, wait: bool = True) -> "VoilaServer":
        """Launch the server on a free port; with ``wait``, return once it answers HTTP."""
        self.port = free_port()
        self.started_at = time.perf_counter()
        self.process = subprocess.Popen(
            self.command(), cwd=self.cwd, env=self.environment(), stdin=subprocess.DEVNULL,
            stdout=self._log, stderr=subprocess.STDOUT,
        )
        if wait:
            self.wait_ready()
        return self

    def wait_ready(self) -> None:
        """Block until the server answers any HTTP request; fail with its log if it dies or
        hangs."""
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with code {self.process.returncode}:\n"
                                   f"{self.log()}")
            try:
                urllib.request.urlopen(self.url(self.ready_path), timeout=2).close()
                return
            except urllib.error.HTTPError:
                return  # any HTTP answer (even 404) means the server is up
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise TimeoutError(f"{self.name} did not answer within {self.startup_timeout:.0f} s:\n"
                           f"{self.log()}")

    def stop(self) -> None:
        """End Voila (politely, then by force) and any kernel it left behind. Idempotent."""
        if self.process is None:
            return
        self.remember_kernels()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        for kernel in self._kernels.values():
            try:
                kernel.kill()
            except psutil.NoSuchProcess:
                pass
        psutil.wait_procs(list(self._kernels.values()), timeout=5)
        self.process = None
        self._kernels.clear()

    # ---- inspection ------------------------------------------------------------------
    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}"

    def render_url(self, notebook: str, query: str = "") -> str:
        """The app URL of ``notebook`` (a path below the served folder)."""
        return self.url(f"voila/render/{notebook}") + (f"?{query}" if query else "")

    def kernels(self) -> list[psutil.Process]:
        """The kernels Voila runs now: the processes Jupyter started for them, each named by
        its connection file (an ordinary kernel, or the launcher of one forked from the
        server's warm process: widgets/serving/forks.py)."""
        self.remember_kernels()
        return [k for k in self._kernels.values() if k.is_running() and _connection(k)]

    def connection_file(self, kernel_id: str) -> Path | None:
        """The connection file of the kernel with this id, as Jupyter started it."""
        return next((Path(_connection(k)) for k in self.kernels() if kernel_id in _connection(k)),
                    None)

    def kernel_process(self, kernel_id: str) -> psutil.Process | None:
        """The process running the kernel with this id (its connection file names the id):
        the forked kernel itself where it was forked."""
        for kernel in self.kernels():
            if kernel_id in _connection(kernel):
                forked = forks.kernel_of(kernel.pid)
                return psutil.Process(forked) if forked is not None else kernel
        return None

    def kernel_alive(self, kernel_id: str) -> bool:
        """Whether the server still has the kernel (``GET api/kernels/<id>``: 200, not 404)."""
        try:
            urllib.request.urlopen(self.url(f"api/kernels/{kernel_id}"), timeout=10).close()
            return True
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return False
            raise

    def remember_kernels(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        try:
            for child in psutil.Process(self.process.pid).children(recursive=True):
                self._kernels.setdefault(child.pid, child)
        except psutil.NoSuchProcess:
            pass

    def log(self) -> str:
        """The end of the server's log (what a failing test shows)."""
        return self.whole_log()[-4000:]

    def whole_log(self) -> str:
        return Path(self._log.name).read_text(errors="replace")

    def wait_logged(self, text: str, timeout: float = 90.0) -> None:
        """Block until the server's log says ``text`` (e.g. Voila's "Kernel pool of … is filled":
        a page asked for before that gets a kernel of its own); fail with the log if it never
        does or the server dies."""
        deadline = time.monotonic() + timeout
        while text not in self.whole_log():
            if self.process is None or self.process.poll() is not None or time.monotonic() > deadline:
                raise TimeoutError(f"{self.name} never logged {text!r}:\n{self.log()}")
            time.sleep(0.1)
