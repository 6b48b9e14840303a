"""Canyon's moves: frozen dataclasses, each naming the player who makes it."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True)
class Launch:
    """Put the canoe on a start dock (Voorbereidingen)."""

    player: int
    dock: int


@dataclass(frozen=True)
class Tempo:
    """Lay tempo cards: one card for 0-4, two different cards for 5-7. The cards laid are a
    set: in any order they are the same tempo, kept the higher first (``Tempo(0, (1, 4))`` is
    ``Tempo(0, (4, 1))``), so the move listed is the move accepted."""

    player: int
    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        cards = self.cards
        if type(cards) is tuple and len(cards) > 1 and all(type(v) is int for v in cards):
            object.__setattr__(self, "cards", tuple(sorted(cards, reverse=True)))


@dataclass(frozen=True)
class Play:
    """Play a card to the trick."""

    player: int
    card: Card


@dataclass(frozen=True)
class Paddle:
    """Move the canoe to an end field (the engine knows the path)."""

    player: int
    end: int


@dataclass(frozen=True)
class Stay:
    """Stay put: no points, or the way is completely blocked."""

    player: int


@dataclass(frozen=True)
class Drift:
    """Drift one field with the current (the tempo was missed in the current)."""

    player: int


Move = Launch | Tempo | Play | Paddle | Stay | Drift
