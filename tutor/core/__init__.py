"""What every game shares: the contract, errors, rule catalogues, walkthroughs, replay."""
from .errors import (BadMove, BadMoveText, BadOption, BadState, BadWalkthrough, IllegalMove,
                     MalformedInput, TutorError)
from .game import CHANCE, Fact, Game, Outcome, Phase, Violation
from .hints import Hints
from .rules import Rule, RuleCatalogue
from .seeding import rng

__all__ = [
    "BadMove", "BadMoveText", "BadOption", "BadState", "BadWalkthrough", "IllegalMove", "MalformedInput",
    "TutorError", "CHANCE", "Fact", "Game", "Hints", "Outcome", "Phase", "Violation", "Rule",
    "RuleCatalogue", "rng",
]
