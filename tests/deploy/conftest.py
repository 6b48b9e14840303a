"""The deploy tests drive the same Debian Chromium as the browser tests."""
from tests.browser.conftest import browser  # noqa: F401  (the session's Chromium fixture)
