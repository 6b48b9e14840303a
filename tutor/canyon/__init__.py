"""Canyon (Abacus Spiele 1997): bid your tricks exactly, then race your canoe down the river.

``GAME`` is registered with the tutor automatically. Modules: ``cards`` (the 50 cards,
tricks), ``rounds`` (round counter, bonus), ``board`` (the ASCII map), ``movement`` (legal
end fields), ``state`` (state and moves), ``notation`` (move texts), ``position`` (position
text), ``codec`` (JSON), ``facts``, ``game`` (the rules, on the core contract).
"""
from .game import Canyon, Phase
from .hints import CanyonHints

GAME = Canyon()

__all__ = ["Canyon", "CanyonHints", "GAME", "Phase"]
