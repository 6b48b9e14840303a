"""The variants of Trapper as rule objects: each a subclass of the standard game's
:class:`~tutor.trapper.rules.Rules` that changes only what the rulebook changes (as
python-chess's ``variant.py`` subclasses its board). A game's state names its variant
(``state.variant``, chosen by the options at ``initial_state``); :func:`rules_of` gives the
rule object, and the game asks it every question.

* ``standard`` - :class:`Standard`, the rulebook's game;
* ``no-bonus``, ``no-water`` - :class:`NoBonus`, :class:`NoWater`: the two simplifications the
  "Variant voor een spel met jongere kinderen" offers, each on its own ("kan er zonder
  bonusfiches worden gespeeld. Bovendien kan ook de versperringsregel door het water worden
  weggelaten", Dutch line 335; Italian line 254);
* ``young`` - :class:`Young`: both of them;
* ``tactical`` - :class:`Tactical`, "Tactische variant": 8 cards each and the right to take a
  tile auctioned (:mod:`.auction`).

>>> from tutor.trapper import GAME
>>> [type(rules_of(GAME.initial_state({"variant": v}))).__name__ for v in VARIANT_NAMES]
['Standard', 'Young', 'Tactical', 'NoBonus', 'NoWater']
"""
from __future__ import annotations

from typing import ClassVar, Iterator

from tutor.core.game import Violation

from . import auction
from .moves import Exchange
from .rules import Rules
from .state import VARIANTS as VARIANT_NAMES
from .state import Phase, TrapperState


class Standard(Rules):
    """The rulebook's game (all of it is in :class:`Rules`)."""


class NoBonus(Rules):
    """Without bonus tiles: no most-valuable-canoe tile for a sale, no most-species tile
    (``trapper.variant.no-bonus``)."""

    name: ClassVar[str] = "no-bonus"
    bonus_tiles: ClassVar[bool] = False

    def canoe_bonus(self, state: TrapperState, paid: int) -> int | None:
        return None  # no most-valuable-canoe tiles

    def exchanges(self, state: TrapperState) -> Iterator[Exchange]:
        return iter(())  # no most-species tiles

    def exchange_violation(self, state: TrapperState, move: Exchange) -> Violation | None:
        return Violation("trapper.variant.no-bonus")


class NoWater(Rules):
    """Without the water rule: any tile next to a trapper, from any side
    (``trapper.variant.no-water``)."""

    name: ClassVar[str] = "no-water"
    water: ClassVar[bool] = False


class Young(NoBonus, NoWater):
    """Both simplifications (``trapper.variant.young``)."""

    name: ClassVar[str] = "young"


class Tactical(Rules):
    """The auction (``trapper.variant.tactical``, :mod:`.auction`)."""

    name: ClassVar[str] = "tactical"
    hand_size: ClassVar[int] = 8  # each player starts with 8 cards
    auctioned: ClassVar[bool] = True

    def phase(self, state: TrapperState) -> Phase:
        return Phase.OVER if state.over else Phase(auction.phase(state))

    # the auction's functions are this rule object's methods (no call in between: the listing
    # of moves calls them for every candidate)
    violation = auction.violation
    candidates = auction.candidates
    play = auction.play


#: the rule object of each variant, by name
RULES: dict[str, Rules] = {"standard": Standard(), "young": Young(), "tactical": Tactical(),
                           "no-bonus": NoBonus(), "no-water": NoWater()}
assert tuple(RULES) == VARIANT_NAMES


def rules_of(state: TrapperState) -> Rules:
    """The rules a state is played by (its variant's rule object)."""
    return RULES[state.variant]

