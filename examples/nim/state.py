"""The state of a game of Nim: one frozen dataclass, and the phases as an Enum."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Phase(Enum):
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class NimState:
    players: tuple[str, ...]
    heap: int
    turn: int = 0  # the player to take next (at the end: the one who would have)
    taken: tuple[int, ...] = (0, 0)  # counters each player has taken
    variant: str = "normal"  # "normal" or "misere" (see variants.py)
