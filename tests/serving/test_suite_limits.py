"""The suite's own limits: a test that hangs fails, says where it hung, and the run goes on
(CI gives the whole run 90 minutes; one wait without end in one test used to take all of it);
the browser tests use the lighter of Debian's two Chromium builds when it is installed."""
from __future__ import annotations

import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from tests.browser.harness import chromium_path

ROOT = Path(__file__).resolve().parents[2]

HANGS = '''
import time

def test_waits_for_what_never_comes():
    time.sleep(120)

def test_after_it():
    pass
'''


def test_every_test_has_a_time_limit_of_minutes():
    ini = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert 60 <= float(ini["timeout"]) <= 600
    assert ini["timeout_method"] == "thread"


def test_a_hung_test_fails_with_its_stack_and_the_run_goes_on(tmp_path):
    (tmp_path / "test_hangs.py").write_text(HANGS)
    start = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path),
         "-p", "tests.conftest", "-o", "addopts=-p no:cacheprovider", "-o", "timeout=8", "-n", "1",
         str(tmp_path / "test_hangs.py")],
        cwd=ROOT, capture_output=True, text=True, timeout=100)
    assert time.monotonic() - start < 90
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "1 failed, 1 passed" in run.stdout, out
    assert "test_waits_for_what_never_comes is about to run out of time" in run.stderr, out
    assert "in test_waits_for_what_never_comes" in run.stderr, out  # its stack


def test_the_browser_tests_take_the_headless_shell_when_it_is_installed(tmp_path, monkeypatch):
    """Debian's chromium-headless-shell (what Playwright itself runs headless) costs about half
    the full browser's CPU per page: chosen when on PATH, else chromium; $CHROMIUM decides."""
    def installed(*names):
        folder = tmp_path / "-".join(names)
        folder.mkdir()
        for name in names:
            (folder / name).write_text("#!/bin/sh\n")
            (folder / name).chmod(0o755)
        monkeypatch.setenv("PATH", str(folder))
        return folder
    monkeypatch.delenv("CHROMIUM", raising=False)
    both = installed("chromium", "chromium-headless-shell")
    assert chromium_path() == str(both / "chromium-headless-shell")
    only = installed("chromium")
    assert chromium_path() == str(only / "chromium")
    monkeypatch.setenv("CHROMIUM", str(only / "chromium"))
    installed("chromium-headless-shell")
    assert chromium_path() == str(only / "chromium")
    monkeypatch.delenv("CHROMIUM")
    installed("firefox")
    with pytest.raises(FileNotFoundError, match="chromium-headless-shell"):
        chromium_path()


def test_the_longest_files_start_first_and_xdist_keeps_that_order():
    """The suite's order (conftest.py, tests/conftest.py): the static site's build, then the
    browser files, then the rest as given; xdist's own reorder (most tests first) is off."""
    from types import SimpleNamespace

    from tests.conftest import pytest_configure

    given = ["tests/serving/test_suite_limits.py", "tests/browser/test_lesson_pages_2.py",
             "tests/site/test_static_site.py"]
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist",
                          "-p", "no:cacheprovider", *given],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    files = [line.split("::")[0] for line in run.stdout.splitlines() if "::" in line]
    starts = [f for i, f in enumerate(files) if i == 0 or files[i - 1] != f]
    assert starts == [given[2], given[1], given[0]], starts
    config = SimpleNamespace(option=SimpleNamespace(loadscopereorder=True))
    pytest_configure(config)
    assert config.option.loadscopereorder is False


def test_the_run_s_processes_build_no_iri_parser():
    """Every pytest process (the run's and each worker) imported nbformat for nbval, and with it
    rfc3987-syntax's Earley parser: ~1.1 s of CPU each, for a format nothing here checks
    (tests/early_imports.py keeps it out, loaded before the plugins)."""
    assert "nbformat" in sys.modules  # nbval's import happened in this process
    assert sys.modules.get("rfc3987_syntax", "absent") is None
    assert "lark" not in sys.modules
