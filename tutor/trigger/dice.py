"""The dice: two dice of 1 to 6, and what a roll allows.

"Elk 'dubbel' op de dobbelstenen wordt dubbel geteld" (5. TWEELINGEN): a double counts
double, so a double 5 allows 20 and a double 6 allows 24. A description of the Japanese
edition multiplies the dice instead (3 and 3 make 9); the tutor offers that as a variant,
``doubles = "multiply"``, never as the default. Each way is a small rule object chosen by
the option, not a branch in the rules.

>>> DOUBLINGS["double"].allowance((5, 6)), DOUBLINGS["double"].allowance((5, 5))
(11, 20)
>>> DOUBLINGS["multiply"].allowance((3, 3)), DOUBLINGS["multiply"].allowance((2, 5))
(9, 7)
>>> len(ROLLS), round(sum(p for _, p in ROLLS), 12)
(21, 1.0)
"""
from __future__ import annotations

from dataclasses import dataclass

#: the faces of a die
FACES = range(1, 7)


@dataclass(frozen=True)
class Doubling:
    """What a roll allows: the sum of the dice; a double counted double."""

    name: str = "double"

    def double(self, face: int) -> int:
        return 4 * face

    def allowance(self, dice: tuple[int, ...]) -> int:
        a, b = dice
        return self.double(a) if a == b else a + b


@dataclass(frozen=True)
class Multiplying(Doubling):
    """The variant: a double multiplies the dice (3 and 3 make 9)."""

    name: str = "multiply"

    def double(self, face: int) -> int:
        return face * face


DOUBLINGS: dict[str, Doubling] = {"double": Doubling(), "multiply": Multiplying()}

#: every roll of two dice, the smaller die first, with its probability
ROLLS: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), (1 if a == b else 2) / 36) for a in FACES for b in FACES if a <= b)
