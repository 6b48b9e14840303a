"""InTrappola's three moves, as frozen values.

A trap's cards and prey are kept sorted and without repeats, so a trap built by hand in
another order is the same move as the one the engine lists:

>>> Trap((7, 5), (6,)) == Trap((5, 7), (6,))
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union


def _canonical(value: object) -> object:
    """A collection of whole numbers as a sorted tuple without repeats; anything else is
    kept as given (the rules refuse it, naming why)."""
    if isinstance(value, (list, tuple, set, frozenset)) and all(type(c) is int for c in value):
        canonical = tuple(sorted(set(value)))
        return value if canonical == value else canonical
    return value


@dataclass(frozen=True)
class Trap:
    """Play ``cards`` from hand around ``prey`` (one empty place, or two side by side)."""

    cards: tuple[int, ...]
    prey: tuple[int, ...]

    def __post_init__(self) -> None:
        cards, prey = _canonical(self.cards), _canonical(self.prey)
        if cards is not self.cards:
            object.__setattr__(self, "cards", cards)
        if prey is not self.prey:
            object.__setattr__(self, "prey", prey)

    @classmethod
    def make(cls, cards: tuple[int, ...], prey: tuple[int, ...]) -> "Trap":
        """A trap from parts already sorted and without repeats (the trap search's)."""
        trap = object.__new__(cls)
        object.__setattr__(trap, "cards", cards)
        object.__setattr__(trap, "prey", prey)
        return trap


@dataclass(frozen=True)
class Discard:
    """Put ``card`` face down under the deck and draw the top card (no trap possible)."""

    card: int


@dataclass(frozen=True)
class Pass:
    """No trap possible and the deck is empty: the turn passes."""


Move = Union[Trap, Discard, Pass]
