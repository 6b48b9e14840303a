"""What every game shares: the contract, errors, rule catalogues, walkthroughs, replay."""
from .errors import (BadMoveText, BadOption, BadState, BadWalkthrough, IllegalMove,
                     MalformedInput, TutorError)
from .game import CHANCE, Game, Outcome, Violation
from .rules import Rule, RuleCatalogue
from .seeding import rng

__all__ = [
    "BadMoveText", "BadOption", "BadState", "BadWalkthrough", "IllegalMove", "MalformedInput",
    "TutorError", "CHANCE", "Game", "Outcome", "Violation", "Rule", "RuleCatalogue", "rng",
]
