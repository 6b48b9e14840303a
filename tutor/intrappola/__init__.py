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
from .game import InTrappola, Phase
from .hints import IntrappolaHints

GAME = InTrappola()

__all__ = ["GAME", "InTrappola", "IntrappolaHints", "Phase"]
