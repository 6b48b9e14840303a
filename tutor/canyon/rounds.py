"""The round counter, the bonus table and a canoe's movement points.

>>> [cards_in_round(c) for c in range(1, 15)]
[8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
>>> next_counter(5, skip=False), next_counter(5, skip=True), next_counter(14, skip=False)
(6, 10, 1)
>>> bonus(0), bonus(1), bonus(2), bonus(7)
(1, 2, 3, 3)
>>> [movement_points(tempo, won) for tempo, won in ((2, 3), (1, 1), (0, 0), (4, 2))]
[3, 3, 1, 2]
"""
from __future__ import annotations

from tutor.core.game import Violation

from .cards import TEMPO_CARDS

#: cards per player on fields 1-14 of the round counter
COUNTER = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
#: the dark area of the counter, skipped with the optional rule
SKIPPED = (6, 7, 8, 9)


def cards_in_round(counter: int) -> int:
    return COUNTER[counter - 1]


def next_counter(counter: int, skip: bool) -> int:
    """The field the round stone moves to; after 14 it starts again at 1."""
    following = counter % len(COUNTER) + 1
    while skip and following in SKIPPED:
        following = following % len(COUNTER) + 1
    return following


def bonus(tempo: int) -> int:
    """The bonus for making a tempo exactly: 0 -> +1, 1 -> +2, 2 or more -> +3."""
    return min(tempo, 2) + 1


def made(tempo: int | None, won: int) -> bool:
    return tempo is not None and tempo == won


def movement_points(tempo: int, won: int, in_current: bool = False) -> int:
    """Tricks won, plus the bonus if the tempo was made exactly. A canoe that starts in
    the current moves only its bonus, and only if it made its tempo (else it drifts: 0)."""
    extra = bonus(tempo) if made(tempo, won) else 0
    return extra if in_current else won + extra


def tempo_violation(cards: tuple[int, ...]) -> Violation | None:
    """Each player has one tempo card of each value 0-4; a tempo up to 4 is shown with
    one card, 5 to 7 with two (our reading).

    >>> tempo_violation((4, 2)) is None, tempo_violation((3, 3)).rule_id
    (True, 'canyon.round.tempo.cards')
    >>> tempo_violation((2, 1)).rule_id
    'canyon.round.tempo'
    """
    shown = "+".join(map(str, cards))
    if any(value not in TEMPO_CARDS for value in cards) or len(set(cards)) < len(cards):
        return Violation("canyon.round.tempo.cards", {"cards": shown})
    if len(cards) not in (1, 2) or (len(cards) == 2 and sum(cards) < 5):
        return Violation("canyon.round.tempo", {"tempo": sum(cards), "count": len(cards)})
    return None
