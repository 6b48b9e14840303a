"""The class tests run with no event loop marked running: a browser test earlier in the same
session (Playwright's sync API) leaves the main thread marked as running its loop, and Tornado's
test server could then not run its own (tests/widgets/conftest.py does the same for free play)."""
from __future__ import annotations

import asyncio.events

import pytest


@pytest.fixture(autouse=True)
def no_running_loop():
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    yield
    asyncio.events._set_running_loop(running)
