"""Trapper (Kramer & Kiesling, Clementoni 2007): the base game, the young players' variant
and the tactical (auction) variant.

The one shape of a game package (``docs/new-game.md``; :mod:`.variants`: the young and
tactical rule objects) and the domain modules :mod:`.tiles` (the 64 tiles, squares),
:mod:`.display` (attaching, selling), :mod:`.auction` (the tactical auction), :mod:`.scoring`
(final scoring), :mod:`.setup` (start squares, dealing, water sides).
"""
from .auction import OPEN as AUCTION_OPEN
from .auction import PAYING as AUCTION_PAYING
from .auction import payments as auction_payments
from .auction import phase as auction_phase
from .facts import cards_held, hand_shown
from .game import TrapperGame
from .hints import TrapperHints
from .moves import AuctionTake, Bid, DropOut, Take
from .notation import colour_name, said_colour, species_name, tile_name
from .scoring import RANK_PAYOUTS
from .state import HIDDEN, VARIANTS, Phase
from .tiles import (CANOE, COLOURS, FILES, HERB, MUSHROOM, NEIGHBOURS, PLURAL, SPECIES, TILES,
                    ids_by_name, square_index, square_name)
from .variants import rules_of

GAME = TrapperGame()

# the names the views use (widgets import game code from this package face only)
__all__ = ["GAME", "Phase", "TrapperGame", "TrapperHints", "AuctionTake", "Bid", "DropOut", "Take",
           "RANK_PAYOUTS", "HIDDEN", "VARIANTS", "AUCTION_OPEN", "AUCTION_PAYING", "auction_payments", "auction_phase", "CANOE",
           "COLOURS", "FILES", "HERB", "MUSHROOM", "NEIGHBOURS", "PLURAL", "SPECIES", "TILES",
           "square_index", "square_name", "cards_held", "hand_shown", "rules_of",
           "colour_name", "species_name", "tile_name", "ids_by_name", "said_colour"]
