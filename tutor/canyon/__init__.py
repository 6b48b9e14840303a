"""Canyon (Abacus Spiele 1997): bid your tricks exactly, then race your canoe down the river.

``GAME`` is registered with the tutor automatically. Modules: ``cards`` (the 50 cards,
tricks), ``rounds`` (round counter, bonus), ``board`` (the ASCII map), ``movement`` (legal
end fields), ``state`` (state and moves), ``notation`` (move texts), ``position`` (position
text), ``codec`` (JSON), ``facts``, ``game`` (the rules, on the core contract).
"""
from .board import (ARROWS, CAVE as CAVE_FIELD, DOCK, ISLAND, MOUNTAIN, START, WATER, WATERFALL,
                    Board, column_letter)
from .canoes import drift_chain
from .codec import field_text
from .computer import choose
from .game import Canyon, Phase
from .hints import CanyonHints
from .rounds import COUNTER, SKIPPED
from .state import CAVE, OFF, Drift, Launch, Paddle, Stay

GAME = Canyon()

# the names the views use (widgets import game code from this package face only)
__all__ = ["GAME", "Phase", "CanyonHints", "Canyon", "ARROWS", "CAVE_FIELD", "DOCK", "ISLAND", "MOUNTAIN", "START",
           "WATER", "WATERFALL", "Board", "column_letter", "drift_chain", "field_text",
           "COUNTER", "SKIPPED", "CAVE", "OFF", "Drift", "Launch", "Paddle", "Stay", "choose"]
