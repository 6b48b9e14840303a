"""A computer hunter that plays from what it can see: the hunter's observation (the state
with the other hand and the deck hidden), never the state. It uses the knowledge overlay to
weigh each trap:

* the gain: the chance the prey is in the other hand (for a pair, that both are) times the
  points it scores;
* the risk: after its cards go down, the chance that the other player can then trap a card
  left in its own hand (holding every open side of it), times that card's points.

It never sets a trap on a prey it has seen elsewhere (chance 0) while it has a better one:
such a trap only shows its hand and gives the other player a card. When no trap can be
set it discards the card most at risk, and passes when it must.

>>> from tutor.intrappola import GAME
>>> s = GAME.parse_position('''
... table: 2 3 11
... hand Anna: 5 8 10
... hand Bruno: 6 7 13
... deck: 1 4 9 12 14 15 16
... ''')
>>> GAME.move_text(s, choose(GAME.observation(s, 0)))  # corner 1 and 4 score 1: 6 scores 4
'play 5 8 10 prey 6 7'
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Collection, Iterable, Mapping

from .cards import neighbours, points
from .knowledge import DECK, THEIRS, YOURS, Whereabouts, whereabouts
from .state import InTrappolaState
from .moves import Discard, Move, Pass, Trap
from .traps import open_sides, traps


def joint_chance(cards: Iterable[int], seen: Mapping[int, Whereabouts], free_slots: int,
                 unseen: int) -> Fraction:
    """The chance that the other hand holds every one of ``cards``.

    >>> joint_chance([], {}, 3, 10)
    Fraction(1, 1)
    """
    chance, drawn = Fraction(1), 0
    for card in cards:
        where = seen.get(card)
        if where is None or where.where in (YOURS, DECK):
            return Fraction(0)
        if where.where == THEIRS:
            continue
        if free_slots - drawn <= 0:
            return Fraction(0)
        chance *= Fraction(free_slots - drawn, unseen - drawn)
        drawn += 1
    return chance


def _counts(seen: InTrappolaState, overlay: Mapping[int, Whereabouts]) -> tuple[int, int]:
    """(free slots in the other hand, unseen cards) from the hunter's overlay."""
    unseen = sum(1 for w in overlay.values() if w.where not in (YOURS, THEIRS, DECK))
    theirs = sum(1 for w in overlay.values() if w.where == THEIRS)
    return len(seen.hands[1 - seen.turn]) - theirs, unseen


def risk(hand: Collection[int], table: Collection[int], seen: InTrappolaState) -> Fraction:
    """Points the other player may catch from ``hand`` on ``table``, by chance."""
    overlay = whereabouts(seen, seen.turn)
    free, unseen = _counts(seen, overlay)
    total = Fraction(0)
    for card in hand:
        needed = open_sides((card,), table, seen.pictures)
        if needed and not set(needed) & set(hand):
            total += points(card, seen.pictures) * joint_chance(needed, overlay, free, unseen)
    return total


def catch_chance(trap: Trap, seen: InTrappolaState) -> Fraction:
    """The chance the other hand holds the whole prey of ``trap``."""
    overlay = whereabouts(seen, seen.turn)
    return joint_chance(trap.prey, overlay, *_counts(seen, overlay))


def value(trap: Trap, seen: InTrappolaState) -> Fraction:
    """Expected points caught, less the points the cards left in hand are then exposed to."""
    gain = catch_chance(trap, seen) * sum(points(c, seen.pictures) for c in trap.prey)
    left = [c for c in seen.hands[seen.turn] if c not in trap.cards]
    after = {*seen.table, *trap.cards, *trap.prey}
    return gain - risk(left, after, seen)


def choose(seen: InTrappolaState) -> Move:
    """The move the hunter on turn makes, from their observation alone
    (``GAME.observation(state, state.turn)``)."""
    hand = seen.hands[seen.turn]
    found = list(traps(hand, seen.table, seen.pictures))
    hopeful = [t for t in found if catch_chance(t, seen) > 0]
    if found:
        return max(hopeful or found, key=lambda t: (value(t, seen), -len(t.cards)))
    if not seen.deck:
        return Pass()
    table = set(seen.table)

    def danger(card: int) -> tuple[Fraction, int, int]:  # how exposed a card is, and how little it helps our own traps
        helps = sum(1 for n in neighbours(card, seen.pictures) if n not in table)
        return (risk([card], table, seen), -helps, card)

    return Discard(max(hand, key=danger))


def _hunter(game: object, seen: InTrappolaState, rnd: random.Random) -> Move:
    return choose(seen)


#: the computer players (``InTrappolaGame.computers``; ``best_move`` asks them)
COMPUTERS = {"computer": _hunter}
