"""Nim: players take 1 to 3 counters from one heap in turn; who takes the last one wins
(in the misère variant: loses). The example game of ``docs/new-game.md``: every module of
a game package in miniature, the whole contract in a few dozen lines each.
"""
from .game import NimGame
from .hints import NimHints
from .moves import Take
from .state import NimState, Phase

GAME = NimGame()

__all__ = ["GAME", "NimGame", "NimHints", "NimState", "Phase", "Take"]
