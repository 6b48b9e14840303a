"""What a Trapper walkthrough step may ask the board view to show (``view = {...}``)."""
from __future__ import annotations

from dataclasses import dataclass

from tutor.core.hints import Hints

from .tiles import COLOURS, square_index


@dataclass(frozen=True)
class TrapperHints(Hints):
    #: whose reachable tiles get target dots: a trapper colour, or "none" (default: the
    #: trapper moved this turn, else every trapper)
    targets: str | None = None
    #: squares ringed on the board, like "d3"
    mark: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.targets is not None and self.targets not in (*COLOURS, "none"):
            raise ValueError(f"targets is a trapper colour ({', '.join(COLOURS)}) or none, "
                             f"not {self.targets!r}")
        for name in self.mark:
            if square_index(name) is None:
                raise ValueError(f"mark: {name!r} is not a square (a1 to h8)")
