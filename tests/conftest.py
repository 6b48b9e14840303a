"""Fixtures shared by the test folders that drive a browser (tests/browser, tests/deploy)."""
from __future__ import annotations

import pytest

from tests.browser.harness import chromium_path, launch_chromium


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
