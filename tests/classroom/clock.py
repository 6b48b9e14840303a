"""A clock the class tests move on by hand."""
from __future__ import annotations


class Clock:
    """Seconds that tests move on by hand (``clock.now += 60``)."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now
