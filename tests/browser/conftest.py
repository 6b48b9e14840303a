"""Fixtures of the real-browser tests: one Voila server and one Chromium for the session.

Voila is started as ``run.py app`` starts it (from the repo root, on ``notebooks/``) but on
a free loopback port, and stopped with its kernels at the end even when a test fails.
Chromium is Debian's: without it the tests FAIL with a message saying how to install it.
"""
from __future__ import annotations

import pytest

from tests.conftest import forget, record_console

from .harness import ROOT, VoilaServer, page_problems

APP_NOTEBOOK = "trapper-green-turn.ipynb"
INDEX_NOTEBOOK = "index.ipynb"


@pytest.fixture(scope="session")
def voila():
    """Voila serving notebooks/ on a free 127.0.0.1 port; it and its kernels end afterwards."""
    missing = [n for n in (APP_NOTEBOOK, INDEX_NOTEBOOK) if not (ROOT / "notebooks" / n).exists()]
    if missing:
        pytest.fail(f"notebooks/ lacks {', '.join(missing)}: nothing to open", pytrace=False)
    with VoilaServer("notebooks") as server:
        yield server


# ``browser`` (one Chromium for the session) is in tests/conftest.py: the deploy tests use it too.


class Tab:
    """A browser page plus what went wrong on it: uncaught script errors are collected."""

    def __init__(self, browser, shared=None):
        """A page in a new context of its own, or in the ``shared`` one (``warm_context``:
        left as a first visit but for the caches when the tab closes)."""
        self.shared = shared
        self.context = shared or browser.new_context(viewport={"width": 1400, "height": 1000})
        self.script_errors: list[str] = []
        self.watch(self.context.new_page())
        self.page.set_viewport_size({"width": 1400, "height": 1000})

    def watch(self, page) -> None:
        """Make ``page`` the one the checks look at (a link may open a new one)."""
        self.page = page
        page.set_default_timeout(30_000)
        page.on("pageerror", lambda error: self.script_errors.append(str(error)))
        record_console(page)

    def assert_clean(self, when: str, shown: str = "body", outputs: str = "") -> None:
        """No traceback or error text in what ``shown`` selects (the whole page, or Lab's
        output areas), no error output (``outputs``: the selector it must match too), no
        script error."""
        text = "\n".join(self.page.locator(shown).all_inner_texts())
        problems = page_problems(text)
        assert not problems, f"{when}: error text in {shown}: {problems}\n{text[:2000]}"
        stderr = self.page.locator(f'{outputs}[data-mime-type="application/vnd.jupyter.stderr"], '
                                   f'{outputs}[data-mime-type="application/vnd.jupyter.error"]')
        assert stderr.count() == 0, f"{when}: error output: {stderr.all_inner_texts()}"
        assert not self.script_errors, f"{when}: script errors in the page: {self.script_errors}"

    def close(self) -> None:
        if self.shared is not None:
            forget(self.shared)
        else:
            self.context.close()  # Voila ends the page's kernel when the page goes


@pytest.fixture
def tab(browser, warm_context):
    opened = Tab(browser, warm_context)
    yield opened
    opened.close()
