"""The whole suite's shape: which tests are slow, how they share the cores, how long the long runs are.

``python3 run.py test`` runs every test on every core (pytest-xdist, ``--dist loadfile``: a
test file's tests stay on one worker, so its served app, Lab or hub starts once; the lesson
pages are two files for two workers). xdist hands out the files with the most tests first: the
engine's many quick tests then run beside the few long browser files, which wait on kernels
and pages (tried: the longest files first, which started four browsers at once, was slower,
8:01 against 7:25–7:44 min on 2 cores).

``-m "not slow"`` leaves out what starts a server, a browser, a kernel or a build (the browser,
site and deploy tests, the notebooks run by nbval, the package builds and the soak): the engine
and model tests, about a minute.

``--long`` runs the soak and the property and fuzz tests at their full size (ten times the
examples, 200 games per variant): sized for a nightly run, not for every change.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent

#: What starts a server, a browser, a kernel or a build: marked ``slow``. Folders and files
#: relative to the root; every notebook is slow too (nbval runs it in a fresh kernel).
SLOW = ("tests/browser/", "tests/site/", "tests/deploy/", "tests/serving/test_package.py",
        "tests/serving/test_run_py.py", "tests/test_soak.py", "notebooks/")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true",
                     help="the soak and the property/fuzz tests at full size (a nightly run)")


def pytest_configure(config: pytest.Config) -> None:
    # read by tests/sizes.py when the test modules are imported (after this, in every worker)
    if config.getoption("--long"):
        os.environ["TUTOR_LONG"] = "1"
    config.addinivalue_line("markers", "slow: starts a server, a browser, a kernel or a build "
                                       "(leave them out with -m 'not slow')")


def place(item: pytest.Item) -> str:
    try:
        return Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(item.path)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = pytest.mark.slow
    for item in items:
        if place(item).startswith(SLOW) or item.get_closest_marker("browser"):
            item.add_marker(slow)

