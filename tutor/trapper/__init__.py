"""Trapper (Kramer & Kiesling, Clementoni 2007): the base game, the young players' variant
and the tactical (auction) variant.

Modules: :mod:`.tiles` (the 64 tiles, squares), :mod:`.state` (frozen state), :mod:`.moves`
(moves and their texts), :mod:`.display` (attaching, selling), :mod:`.engine` (the one check
and playing), :mod:`.tactical` (the auction), :mod:`.scoring` (final scoring), :mod:`.codec`
(JSON), :mod:`.position` (hand-written positions), :mod:`.facts` (walkthrough facts),
:mod:`.options` (players, variant), :mod:`.setup` (start squares, hand size, water sides),
:mod:`.hints` (walkthrough view hints), :mod:`.game` (the Game).
"""
from .game import Phase, TrapperGame
from .hints import TrapperHints

GAME = TrapperGame()

__all__ = ["GAME", "Phase", "TrapperGame", "TrapperHints"]
