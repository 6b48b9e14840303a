"""InTrappola: set traps around the empty places of a picture and catch your opponent's cards.

A two-player card game (Italian rulebook, ``../shared/seeds/003_64315ef67acb4725.txt``):
16 cards make one 4x4 picture (or several pictures side by side); the hunter plays cards
from hand to close an empty place on every side and names the card there, hoping the
opponent holds it.

The package has the one shape of every game (``docs/new-game.md``): ``game`` (the contract,
:class:`InTrappolaGame`), ``state``, ``moves``, ``rules`` (the one check, what moves do, the
end), ``notation``, ``position``, ``facts``, ``computer`` (the computer hunter),
``options``, ``variants`` (one picture or several), ``hints``, ``drills``, ``hidden`` (one
player's view, play on from here); and its own domain modules: ``cards`` (places,
neighbours, points), ``traps`` (which traps a hand can set), ``knowledge`` (where an empty
place's card can be).
"""
from tutor.core.game import Phase  # one phase of play: the players hunt in turn until it ends

from .cards import (COLUMNS, ROWS, all_cards, card_at, card_name, cards_text, place, points,
                    read_card, sides)
from .game import InTrappolaGame
from .hints import InTrappolaHints
from .knowledge import DECK, THEIRS, UNSEEN, YOURS, whereabouts
from .moves import Discard, Pass, Trap
from .state import HIDDEN, InTrappolaState
from .traps import open_sides

GAME = InTrappolaGame()

# the names the views use (widgets import game code from this package face only)
__all__ = ["GAME", "InTrappolaGame", "InTrappolaHints", "InTrappolaState", "Phase", "HIDDEN",
           "COLUMNS", "ROWS", "all_cards", "card_at",
           "card_name", "cards_text", "place", "points", "read_card", "sides", "DECK",
           "THEIRS", "UNSEEN", "YOURS", "whereabouts", "Trap", "Discard", "Pass", "open_sides"]
