"""The moves of Trigger: frozen dataclasses (their texts are in :mod:`tutor.trigger.notation`).

A move names compartments by number, 0 (a1, top left) to 35 (f6); a move built by hand may
name anything, and the rules refuse what is not a move of the position with a rule id.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Opening:
    """The opening roll: one die for each side (chance)."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class Roll:
    """The two dice rolled for the player on turn (chance), smaller die first."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class Malus:
    """Turn one face-down tile of a line where the opponent missed a bonus face up again."""

    line: str
    cell: int


@dataclass(frozen=True)
class Flip:
    """Turn face-down a set of face-up number tiles paid from the roll (sorted compartments)."""

    cells: tuple[int, ...]


@dataclass(frozen=True)
class Bonus:
    """Turn the last face-up number tile of a line, free."""

    cell: int


@dataclass(frozen=True)
class Chain:
    """Take every bonus, and every bonus that opens, until none is left."""


@dataclass(frozen=True)
class Star:
    """Turn a star whose row and column hold no face-up number tile, free."""

    cell: int


@dataclass(frozen=True)
class End:
    """End the turn (a pass when nothing was turned)."""


@dataclass(frozen=True)
class Reroll:
    """Solo replay: roll again instead of a roll of the sheet that is too bad."""


@dataclass(frozen=True)
class NextRound:
    """Set the tiles up again for the return round (or the solo replay)."""


Move = Opening | Roll | Malus | Flip | Bonus | Chain | Star | End | Reroll | NextRound
