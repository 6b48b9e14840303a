"""Trapper (Kramer & Kiesling, Clementoni 2007): the base game, the young players' variant
and the tactical (auction) variant.

Modules: :mod:`.tiles` (the 64 tiles, squares), :mod:`.state` (frozen state), :mod:`.moves`
(moves and their texts), :mod:`.display` (attaching, selling), :mod:`.engine` (the one check
and playing), :mod:`.tactical` (the auction), :mod:`.scoring` (final scoring), :mod:`.codec`
(JSON), :mod:`.position` (hand-written positions), :mod:`.facts` (walkthrough facts),
:mod:`.options` (players, variant), :mod:`.setup` (start squares, hand size, water sides),
:mod:`.hints` (walkthrough view hints), :mod:`.game` (the Game).
"""
from .computer import choose as choose_move
from .facts import cards_held, hand_shown
from .game import Phase, TrapperGame
from .hints import TrapperHints
from .moves import AuctionTake, Bid, Take
from .scoring import RANK_PAYOUTS
from .state import HIDDEN, VARIANTS
from .tactical import OPEN as AUCTION_OPEN, phase as auction_phase
from .tiles import (CANOE, COLOURS, FILES, HERB, MUSHROOM, NEIGHBOURS, PLURAL, SPECIES, TILES,
                    square_index, square_name)

GAME = TrapperGame()

# the names the views use (widgets import game code from this package face only)
__all__ = ["GAME", "Phase", "TrapperHints", "TrapperGame", "AuctionTake", "Bid", "Take", "RANK_PAYOUTS", "HIDDEN",
           "VARIANTS", "AUCTION_OPEN", "auction_phase", "CANOE", "COLOURS", "FILES", "HERB",
           "MUSHROOM", "NEIGHBOURS", "PLURAL", "SPECIES", "TILES", "square_index",
           "square_name", "cards_held", "hand_shown", "choose_move"]
