"""Where the learner is in a walkthrough: an index over the replayed frames.

Pure Python (no ipywidgets), so it is tested without a kernel. The frames are computed
once by :func:`tutor.core.walkthrough.replay`; stepping back is moving the index, never
undoing a move. Observers are called with the new frame whenever the index changes.

>>> class FakeReplay:  # anything with a ``frames`` sequence will do
...     frames = ("setup", "after step 1", "after step 2")
>>> steps = StepController(FakeReplay())
>>> seen = []
>>> steps.observe(seen.append)
>>> steps.next(), steps.next(), steps.next()  # the last step holds
(1, 2, 2)
>>> steps.back(), steps.jump(99), steps.restart()
(1, 2, 0)
>>> seen
['after step 1', 'after step 2', 'after step 1', 'after step 2', 'setup']
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

Observer = Callable[[Any], None]


class StepController:
    """The index over ``replay.frames``, clamped to 0..last, with change observers."""

    def __init__(self, replay: Any, index: int = 0):
        self.frames: Sequence[Any] = tuple(replay.frames)
        if not self.frames:
            raise ValueError("a replay needs at least one frame (the setup)")
        self._observers: list[Observer] = []
        self._index = self.clamp(index)

    # ---- reading ----------------------------------------------------------------------------
    @property
    def index(self) -> int:
        return self._index

    @property
    def last(self) -> int:
        """The index of the last frame (the number of steps after the setup)."""
        return len(self.frames) - 1

    @property
    def frame(self) -> Any:
        return self.frames[self._index]

    @property
    def at_start(self) -> bool:
        return self._index == 0

    @property
    def at_end(self) -> bool:
        return self._index == self.last

    def clamp(self, index: int) -> int:
        """The nearest valid index."""
        return max(0, min(int(index), self.last))

    # ---- moving -----------------------------------------------------------------------------
    def jump(self, index: int) -> int:
        """Go to ``index`` (clamped); observers hear of it only if the index changed."""
        new = self.clamp(index)
        if new != self._index:
            self._index = new
            for observer in tuple(self._observers):
                observer(self.frame)
        return self._index

    def next(self) -> int:
        return self.jump(self._index + 1)

    def back(self) -> int:
        return self.jump(self._index - 1)

    def restart(self) -> int:
        return self.jump(0)

    def end(self) -> int:
        return self.jump(self.last)

    # ---- observers ----------------------------------------------------------------------------
    def observe(self, observer: Observer) -> None:
        """Call ``observer(frame)`` after every change of the index."""
        self._observers.append(observer)

    def unobserve(self, observer: Observer) -> None:
        self._observers.remove(observer)
