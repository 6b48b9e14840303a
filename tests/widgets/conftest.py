"""Shared fixtures of the widget tests: Nim (the demo game) as a walkthrough, and its view."""
from __future__ import annotations

import pytest

from tutor.core import registry
from tutor.core.demo import Nim
from tutor.core.walkthrough import parse, replay
from widgets.board import BoardView

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


class HeapView(BoardView):
    """Ten counters in a row; those still on the heap are filled, the last move's are red."""

    figsize = (5, 1)

    def draw(self, figure):
        axes = self.axes_filling(figure, xlim=(-0.5, 9.5), ylim=(-0.5, 0.5))
        self.counters = axes.scatter(range(10), [0] * 10, s=300, edgecolors="black")

    def update(self, frame):
        heap = frame.state.heap
        taken = frame.before.heap - heap if frame.before is not None else 0
        self.counters.set_facecolors(
            ["tab:orange"] * heap + ["tab:red"] * taken + ["white"] * (10 - heap - taken))

    def target_at(self, axes, x, y):
        return round(x) if -0.5 <= x <= 9.5 else None


@pytest.fixture
def nim_registered(monkeypatch):
    """Nim registered as a game for the duration of a test (the registry skips tutor.core)."""
    monkeypatch.setitem(registry.games(), "nim", Nim())


@pytest.fixture
def nim_replay(nim_registered):
    return replay(parse(NIM_WALK, name="nim-demo.toml"))
