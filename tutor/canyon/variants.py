"""The round counter and its one variant: the rulebook's optional rule that skips the
short rounds 6-9. A small rule object per variant, chosen from the state (``state.skip``),
instead of ``if skip`` spread through the rules.

>>> [cards_in_round(c) for c in range(1, 15)]
[8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
>>> STANDARD.next_counter(5), SKIP.next_counter(5), STANDARD.next_counter(14)
(6, 10, 1)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import CanyonState

#: cards per player on fields 1-14 of the round counter
COUNTER = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
#: the dark area of the counter, skipped with the optional rule
SKIPPED = (6, 7, 8, 9)


def cards_in_round(counter: int) -> int:
    """How many cards each player gets with the round stone on ``counter`` (1-14)."""
    return COUNTER[counter - 1]


@dataclass(frozen=True)
class RoundCounter:
    """How the round stone moves on: one field, after 14 back to 1, over ``skipped``."""

    name: str
    skipped: tuple[int, ...]

    def next_counter(self, counter: int) -> int:
        """The field the round stone moves to from ``counter``."""
        following = counter % len(COUNTER) + 1
        while following in self.skipped:
            following = following % len(COUNTER) + 1
        return following

    def rules_after(self, counter: int) -> tuple[str, ...]:
        """The rules that move the round stone on from ``counter``."""
        if self.next_counter(counter) != counter % len(COUNTER) + 1:
            return ("canyon.round.next", "canyon.round.skip")
        return ("canyon.round.next",)


STANDARD = RoundCounter("standard", ())
SKIP = RoundCounter("skip", SKIPPED)


def rules_of(state: CanyonState) -> RoundCounter:
    """The rules a state is played by (its variant's rule object: how the round stone moves)."""
    return SKIP if state.skip else STANDARD
