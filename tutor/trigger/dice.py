"""The dice: two dice of 1 to 6, and what a roll allows.

"Elk 'dubbel' op de dobbelstenen wordt dubbel geteld" (5. TWEELINGEN): a double counts
double, so a double 5 allows 20 and a double 6 allows 24. A description of the Japanese
edition multiplies the dice instead (3 and 3 make 9); the tutor offers that as a variant,
``doubles = "multiply"``, never as the default. Each way is an entry of :data:`DOUBLINGS`
chosen by the option, not a branch in the rules.

>>> allowance((5, 6), "double"), allowance((5, 5), "double")
(11, 20)
>>> allowance((3, 3), "multiply"), allowance((2, 5), "multiply")
(9, 7)
>>> len(ROLLS), round(sum(p for _, p in ROLLS), 12)
(21, 1.0)
"""
from __future__ import annotations

from typing import Callable

#: the faces of a die
FACES = range(1, 7)
#: what a double allows, by the option ``doubles``
DOUBLINGS: dict[str, Callable[[int], int]] = {"double": lambda face: 4 * face,
                                              "multiply": lambda face: face * face}


def allowance(dice: tuple[int, ...], doubles: str) -> int:
    """What a roll allows: the sum of the dice; a double counted double (or multiplied)."""
    a, b = dice
    return DOUBLINGS[doubles](a) if a == b else a + b


#: every roll of two dice, the smaller die first, with its probability
ROLLS: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), (1 if a == b else 2) / 36) for a in FACES for b in FACES if a <= b)
