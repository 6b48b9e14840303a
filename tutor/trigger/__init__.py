"""Trigger (Triggery, André François 1989): dice, flips, stars and bonus chain reactions.

Two players (or teams 2 against 1, 2 against 2) each try to turn their 6 by 6 board face
down first; or one player alone turns a board in as few rolls as possible.
"""
from .board import CELLS, COLUMNS, LINE_BY_NAME, LINES, SIZE, STAR, cell_name, parse_cell
from .facts import board_colour, chain_until
from .game import TriggerGame
from .hints import TriggerHints
from .moves import (Bonus, Chain, End, Flip, Malus, Move, NextRound, Opening, Reroll, Roll,
                    Star)
from .notation import colour_display, is_team, lines_display, phase_display, side_display
from .options import MODES
from .rules import board_of
from .scoring import losers
from .state import SHEET, Phase, TriggerState
from .tileset import COLOURS

GAME = TriggerGame()

# the names the views use (widgets import game code from this package face only)
__all__ = ["GAME", "Phase", "TriggerHints", "TriggerGame", "TriggerState",
           "CELLS", "COLUMNS", "LINE_BY_NAME", "LINES", "SIZE", "STAR", "cell_name",
           "parse_cell", "board_colour", "board_of", "chain_until", "losers", "Bonus", "Chain", "End", "Flip", "Malus",
           "Move", "NextRound", "Opening", "Reroll", "Roll", "Star", "MODES", "SHEET", "COLOURS",
           "colour_display", "is_team", "lines_display", "phase_display", "side_display"]
