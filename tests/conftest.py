"""Fixtures shared by the test folders that drive a browser (tests/browser, tests/deploy), and
the suite's own order and time limits (the longest files first; a hung test says where)."""
from __future__ import annotations

import faulthandler
import sys
import threading
from collections import deque
from urllib.parse import urlsplit

import pytest

from tests.browser.harness import VoilaServer, chromium_path, launch_chromium


#: the test files that take longest, in the order they start (measured on 2 cores: the static
#: site's build and visit 2½ min, Binder's environment 1½ min, a moved checkout's repair ¾ min,
#: then the browser tests' files, ~¼–1 min each): on xdist's workers they start first, and
#: the short files fill the end of the run instead of one long file alone
LONGEST_FIRST = ("tests/site/test_static_site.py", "tests/deploy/test_binder.py",
                 "tests/serving/test_run_py.py", "tests/deploy/", "tests/browser/", "tests/test_soak.py",
                 "tests/site/")


def pytest_configure(config):
    """xdist's loadfile scheduling puts the files with most tests first unless told not to:
    the order below is the suite's, with ``run.py test`` or plain ``pytest -n``."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(session, config, items):
    """The longest test files first (:data:`LONGEST_FIRST`), the rest as collected."""
    def rank(item) -> int:
        where = item.nodeid.split("::")[0]
        return next((i for i, start in enumerate(LONGEST_FIRST) if where.startswith(start)),
                    len(LONGEST_FIRST))
    items.sort(key=rank)


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium driven by Playwright (no browser download), one for the
    whole session: Playwright's sync API allows one running instance per thread."""
    try:
        chromium_path()
        missing = ""
    except FileNotFoundError as exc:
        missing = str(exc)
    if missing:
        pytest.fail(missing, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def warm_context(browser):
    """One browser context for the worker's pages that only look at what a page does: its
    HTTP and compiled-code caches stay warm from test to test (a lesson page costs Chromium
    about a third less CPU than in a new context), while :func:`forget` gives every test the
    cookies, storage and tabs of a first visit. A test about requests (what a page fetches,
    what a first visit costs) takes a context of its own."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.tutor_origins = set()  # where the pages went: whose storage to clear

    def went(request):
        if request.is_navigation_request():
            parts = urlsplit(request.url)
            if parts.scheme in ("http", "https"):
                context.tutor_origins.add(f"{parts.scheme}://{parts.netloc}")

    context.on("request", went)
    yield context
    context.close()


#: what :func:`forget` clears for each origin the pages went to (all but the HTTP cache)
STORAGE = "cookies,local_storage,indexeddb,websql,service_workers,cache_storage,file_systems"


def forget(context) -> None:
    """Close the pages of the shared ``context`` as a reader closes a tab (Voila's page then
    asks its server to shut its kernel down: no kernel lingers until the culler comes) and
    clear what they kept (cookies, local and session storage, databases, service workers) for
    every origin they went to: the next test's page is a first visit but for the caches."""
    for page in [p for p in context.pages if not p.is_closed()]:
        try:
            with page.expect_event("close", timeout=10_000):
                page.close(run_before_unload=True)
        except Exception:  # a page that would not go (a dialog, a hung script): closed below
            pass
    keeper = context.new_page()
    session = context.new_cdp_session(keeper)
    for origin in sorted(context.tutor_origins):
        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE})
    session.detach()
    context.tutor_origins.clear()
    context.clear_cookies()
    for page in context.pages:
        page.close()


def record_console(page) -> None:
    """Keep the last things ``page`` said that tell why it stalled: its console's errors and
    warnings, script errors and failed requests (``page.console_said``); a failing test shows
    them beside its server's log (a page that connected to its kernel and never showed its
    board said only there why: ipywidgets' "widget model not found", see the page template)."""
    said: deque[str] = deque(maxlen=40)
    page.console_said = said
    page.on("console", lambda m: said.append(f"console {m.type}: {m.text[:300]}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: said.append(f"script error: {str(error)[:300]}"))
    page.on("requestfailed", lambda r: said.append(f"request failed: {r.url[:200]} ({r.failure})"))


def page_consoles(item):
    """(fixture name, what its page said) for each page a test used that keeps it."""
    for name, value in list(getattr(item, "funcargs", {}).items()):
        page = getattr(value, "page", value)
        said = getattr(page, "console_said", None)
        if said:
            yield name, "\n".join(said)


def server_logs(item):
    """The end of the log of each server a test used (the harness's ``VoilaServer``, Lab's),
    as (fixture name, text)."""
    for name, value in list(getattr(item, "funcargs", {}).items()):
        if isinstance(value, VoilaServer):
            try:
                yield name, value.log()
            except OSError:
                pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test that used a server shows the end of that server's log beside the
    failure: a page that never loaded on CI says why only there."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and call.when in ("setup", "call"):
        for name, log in server_logs(item):
            report.sections.append((f"{name}: the end of its server's log", log))
        for name, said in page_consoles(item):
            report.sections.append((f"{name}: what its page said", said))


#: a timer per running test: says where the test hangs just before pytest-timeout ends it
_WATCHES: dict[str, threading.Timer] = {}


@pytest.hookimpl(optionalhook=True)
def pytest_timeout_set_timer(item, settings):
    """A test that runs into its time limit (``timeout`` in pyproject.toml) ends its worker
    (pytest-timeout's thread method), and xdist shows nothing a dead worker wrote but its
    stderr: a few seconds before, print there every thread's stack and the end of the test's
    servers' logs. Returns None: pytest-timeout sets its own timer as well."""
    pytest_timeout_cancel_timer(item)
    if settings.timeout and settings.timeout > 5:
        timer = threading.Timer(settings.timeout - 3, _say_where_it_hangs, args=(item,))
        timer.daemon = True
        timer.start()
        _WATCHES[item.nodeid] = timer


@pytest.hookimpl(optionalhook=True)
def pytest_timeout_cancel_timer(item):
    timer = _WATCHES.pop(item.nodeid, None)
    if timer is not None:
        timer.cancel()


def _say_where_it_hangs(item) -> None:
    capture = item.config.pluginmanager.getplugin("capturemanager")
    if capture is not None:  # the test's output is captured: give stderr back first
        capture.suspend_global_capture(in_=True)
    err = sys.stderr
    print(f"\n+++ {item.nodeid} is about to run out of time; where its threads are: +++",
          file=err, flush=True)
    faulthandler.dump_traceback(file=err, all_threads=True)
    for name, log in server_logs(item):
        print(f"+++ {name}: the end of its server's log +++\n{log}", file=err)
    err.flush()
