"""Trigger (Triggery, André François 1989): dice, flips, stars and bonus chain reactions.

Two players (or teams 2 against 1, 2 against 2) each try to turn their 6 by 6 board face
down first; or one player alone turns a board in as few rolls as possible.
"""
from .board import CELLS, COLUMNS, LINE_BY_NAME, LINES, SIZE, STAR, cell_name, parse_cell
from .computer import choose
from .facts import chain_until
from .game import Phase, Trigger
from .hints import TriggerHints
from .moves import Bonus, Flip, Malus, NextRound, Star
from .state import MODES, SHEET
from .tileset import COLOURS, NOTE

GAME = Trigger()

# the names the views use (widgets import game code from this package face only)
__all__ = ["GAME", "Phase", "TriggerHints", "Trigger", "CELLS", "COLUMNS", "LINE_BY_NAME", "LINES", "SIZE", "STAR",
           "cell_name", "parse_cell", "choose", "chain_until", "Bonus", "Flip", "Malus",
           "NextRound", "Star", "MODES", "SHEET", "COLOURS", "NOTE"]
