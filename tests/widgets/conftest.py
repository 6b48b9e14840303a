"""Shared fixtures of the widget tests: Nim (the demo game) as a walkthrough."""
from __future__ import annotations

import asyncio.events

import pytest

from tutor.core import registry
from examples.nim import NimGame as Nim
from tutor.core.walkthrough import parse, replay

NIM_WALK = '''
game = "nim"
title = "Taking the last counter"
[setup]
position = "heap: 5"
narration = "Five counters are on the heap."
[[steps]]
title = "P1 takes two"
move = "take 2"
narration = "P1 takes two counters."
rules = ["nim.take"]
expect = { heap = 3 }
[[steps]]
title = "Too many"
move = "take 4"
narration = "P2 would like four, but that is not allowed."
refused = "nim.take"
[[steps]]
title = "P2 takes three"
move = "take 3"
narration = "P2 takes the last three and wins."
expect = { heap = 0 }
'''


@pytest.fixture
def nim_registered(monkeypatch):
    """Nim registered as a game for the duration of a test (the registry skips tutor.core)."""
    monkeypatch.setitem(registry.games(), "nim", Nim())


@pytest.fixture
def nim_replay(nim_registered):
    return replay(parse(NIM_WALK, name="nim-demo.toml"))


@pytest.fixture(autouse=True)
def no_running_loop():
    """Widget-free tests run with no event loop running, as a script would: free play then makes
    the computers' moves at once instead of scheduling them on the loop. A browser test earlier
    in the same session (Playwright's sync API) leaves the main thread marked as running its
    loop, and the free-play page scheduled the moves that this test's asserts waited for."""
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    yield
    asyncio.events._set_running_loop(running)
