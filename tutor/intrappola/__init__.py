"""InTrappola: set traps around the empty places of a picture and catch your opponent's cards.

A two-player card game (Italian rulebook, ``../shared/seeds/003_64315ef67acb4725.txt``):
16 cards make one 4x4 picture (or several pictures side by side); the hunter plays cards
from hand to close an empty place on every side and names the card there, hoping the
opponent holds it. Modules: ``cards`` (places, neighbours, points), ``state`` (the frozen
state and moves), ``traps`` (which traps a hand can set), ``turns`` (what a move does, the
end), ``knowledge`` (where an empty place's card can be), ``observation`` (one player's
view), ``position`` (hand-written positions, the setup), ``saving`` (JSON), ``game`` (the
contract).
"""
from .cards import (COLUMNS, ROWS, all_cards, card_at, card_name, cards_text, place, points,
                    read_card, sides)
from .game import InTrappola, Phase
from .hints import IntrappolaHints
from .hunter import choose
from .knowledge import DECK, THEIRS, UNSEEN, YOURS, whereabouts
from .state import Trap
from .traps import open_sides

GAME = InTrappola()

# the names the views use (widgets import game code from this package face only)
__all__ = ["GAME", "Phase", "IntrappolaHints", "InTrappola", "COLUMNS", "ROWS", "all_cards", "card_at", "card_name",
           "cards_text", "place", "points", "read_card", "sides", "choose", "DECK", "THEIRS",
           "UNSEEN", "YOURS", "whereabouts", "Trap", "open_sides"]
