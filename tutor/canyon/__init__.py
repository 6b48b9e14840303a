"""Canyon (Abacus Spiele 1997): bid your tricks exactly, then race your canoe down the river.

``GAME`` is registered with the tutor automatically. The package has the one shape of every
game (``docs/new-game.md``; ``variants``: the round counter and its skip rule) and its domain
modules: ``cards`` (the 50 cards, tricks), ``board`` (the river map), ``movement`` (legal end
fields), ``current`` (the current, drifting, the waterfall), ``setup`` (the first dealer,
dealing).
"""
from .board import (CAVE as CAVE_FIELD, DOCK, ISLAND, MOUNTAIN, START, WATER, WATERFALL,
                    Board, column_letter)
from .cards import Card, colours as colour_words, suit_letters
from .current import drift_chain
from .game import CanyonGame
from .hints import CanyonHints
from .moves import Drift, Launch, Move, Paddle, Play, Stay, Tempo
from .notation import field_text, phase_display
from .state import CAVE, OFF, CanyonState, Phase
from .variants import COUNTER, SKIPPED

GAME = CanyonGame()

# the names the views use (widgets import game code from this package face only)
__all__ = ["GAME", "Phase", "CanyonHints", "CanyonGame", "CanyonState", "Card",
           "CAVE_FIELD", "DOCK", "ISLAND", "MOUNTAIN", "START", "WATER", "WATERFALL", "Board",
           "column_letter", "suit_letters", "drift_chain", "field_text", "colour_words", "phase_display", "COUNTER", "SKIPPED", "CAVE", "OFF",
           "Drift", "Launch", "Move", "Paddle", "Play", "Stay", "Tempo"]
