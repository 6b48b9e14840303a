"""What a Nim walkthrough step may ask the view to show."""
from __future__ import annotations

from dataclasses import dataclass

from tutor.core.hints import Hints


@dataclass(frozen=True)
class NimHints(Hints):
    #: counters to ring, by place on the heap from 1 (the top)
    mark: tuple[int, ...] = ()
    #: a short label over the heap
    caption: str | None = None

    def __post_init__(self) -> None:
        if any(n < 1 for n in self.mark):
            raise ValueError("counters are counted from 1")
