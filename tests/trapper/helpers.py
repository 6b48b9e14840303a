"""Small hand-written Trapper positions shared by the Trapper tests."""
from __future__ import annotations

from tutor.trapper import GAME

#: The rulebook's worked turn: green on c3, bear 4 behind water (c4), mushroom 5 free (d3).
BOARD = """
board:
  8  *  *          *          *              *             *  *       *
  7  *  beige      *          *              *             *  blue    *
  6  *  *          *          *              *             .  *       *
  5  .  *          *          *              *             .  *       *
  4  .  (bear2/N)  bear4/S    (elk1/E)       *             *  purple  *
  3  *  .          green      mushroom5/S    salmon3/N     *  *       *
  2  *  *          .          canoe-bear3/E  (wolf1/W)     *  *       *
  1  *  *          *          (herb2/N)      *             *  *       *
"""
HEAD = "players: Anna, Ben\nturn: Anna\nhand Anna: green 2, blue 2, beige 1\n"


def position(extra: str = "", board: str = BOARD, head: str = HEAD, variant: str | None = None,
             seed: int = 0):
    """The worked-turn board with extra lines (display, sold, moved, ...)."""
    options = {"variant": variant} if variant else {}
    return GAME.parse_position(head + extra + board, options, seed)


def play(state, *texts: str):
    for text in texts:
        state = GAME.apply(state, GAME.parse_move(state, text))
    return state
