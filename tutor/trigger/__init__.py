"""Trigger (Triggery, André François 1989): dice, flips, stars and bonus chain reactions.

Two players (or teams 2 against 1, 2 against 2) each try to turn their 6 by 6 board face
down first; or one player alone turns a board in as few rolls as possible.
"""
from .game import Phase, Trigger
from .hints import TriggerHints

GAME = Trigger()

__all__ = ["GAME", "Phase", "Trigger", "TriggerHints"]
