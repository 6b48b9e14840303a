"""The whole suite's shape: which tests are slow, which run first, and how long the long runs are.

``python3 run.py test`` runs every test on every core (pytest-xdist, ``--dist loadgroup``
with a group per test file: a file's tests stay on one worker, so its served app, Lab or hub
starts once; the 39 lessons of the lesson-pages test are two groups, each a worker's). The
slowest groups are handed out first (``--no-loadscope-reorder`` keeps this order instead of
xdist's most-tests-first), so no worker is left with a long one at the end.

``-m "not slow"`` leaves out what starts a server, a browser, a kernel or a build (the browser,
site and deploy tests, the notebooks run by nbval, the package builds and the soak): the engine
and model tests, about a minute.

``--long`` runs the soak and the property and fuzz tests at their full size (ten times the
examples, 200 games per variant): sized for a nightly run, not for every change.
"""
from __future__ import annotations

import os
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent

#: What starts a server, a browser, a kernel or a build: marked ``slow``. Folders and files
#: relative to the root; every notebook is slow too (nbval runs it in a fresh kernel).
SLOW = ("tests/browser/", "tests/site/", "tests/deploy/", "tests/serving/test_package.py",
        "tests/serving/test_run_py.py", "tests/test_soak.py", "notebooks/")

#: Handed out first (the longest files first), measured with --durations on 2 cores.
FIRST = ("tests/site/test_static_site.py", "tests/browser/test_serving.py",
         "tests/browser/test_lesson_pages.py", "tests/deploy/test_binder.py",
         "tests/browser/test_language.py", "tests/browser/test_learn_by_doing.py",
         "tests/browser/test_jupyterlab.py", "tests/test_soak.py",
         "tests/browser/test_session_ended.py", "tests/deploy/test_hub.py",
         "tests/browser/test_course_app.py", "tests/browser/test_readings.py",
         "tests/test_contract.py", "tests/core/test_goldens.py", "tests/trapper/test_property.py",
         "tests/serving/test_run_py.py", "tests/browser/test_green_turn.py",
         "tests/browser/test_class.py", "tests/site/test_build_fails.py",
         "tests/browser/test_plain_voila.py")


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


#: Files split into groups of their tests (by a parameter), each group one worker's.
SPLIT = {"tests/browser/test_lesson_pages.py": "notebook"}


def group(item: pytest.Item) -> str:
    """The xdist group of ``item``: its file; half of a split file's parametrised tests."""
    where = place(item)
    split = SPLIT.get(where)
    params = getattr(getattr(item, "callspec", None), "params", {})
    if split in params:
        return f"{where}:{'ab'[zlib.crc32(str(params[split]).encode()) % 2]}"
    return where


@pytest.hookimpl(tryfirst=True)  # before xdist's own, which names each test's group
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = pytest.mark.slow
    for item in items:
        if place(item).startswith(SLOW) or item.get_closest_marker("browser"):
            item.add_marker(slow)
        item.add_marker(pytest.mark.xdist_group(group(item)))

    def rank(item: pytest.Item) -> int:
        where = place(item)
        return FIRST.index(where) if where in FIRST else len(FIRST)

    items.sort(key=rank)  # stable: within a file, and for the rest, the order stays
