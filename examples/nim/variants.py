"""The variants: who wins when the heap is empty. A small rule object per variant, chosen
from the state, instead of ``if variant == ...`` spread through the rules (as python-chess's
``variant.py`` subclasses its board)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    name: str
    last_counter_wins: bool
    rule: str  # the rule that decides the winner

    def winner(self, last_mover: int) -> int:
        return last_mover if self.last_counter_wins else 1 - last_mover


VARIANTS = {"normal": Variant("normal", True, "nim.take"),
            "misere": Variant("misere", False, "nim.variant.misere")}
