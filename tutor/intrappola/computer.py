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

With at most one card left in the deck it also looks to the end: after any trap the deck
is empty, and then every card not on the table is in one of the two hands, so both players
know both hands. It counts every way the hidden cards may lie (the deck's card is any card
it has not seen elsewhere, each as likely) and, for each, plays the rest of the game out with
both players playing their best. Of the traps it would weigh (the hopeful ones, when it has
any) it sets the one with the best expected result - winning (1), a draw (0) or losing (-1)
first, then the final lead in points - and keeps to the weights among traps that do equally
well, or when that search would look at more than :data:`SEARCH_LIMIT` positions.

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

from .cards import all_cards, geometry, neighbours, points
from .knowledge import DECK, THEIRS, YOURS, Whereabouts, whereabouts
from .state import HIDDEN, InTrappolaState
from .moves import Discard, Move, Pass, Trap
from .traps import open_sides, traps, traps_of

#: the most positions the search to the end looks at before the hunter keeps to its weights
SEARCH_LIMIT = 2_000


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


class _TooLong(Exception):
    """The search to the end would look at more than :data:`SEARCH_LIMIT` positions."""


Hands = tuple[tuple[int, ...], tuple[int, ...]]


def _trapped(hands: Hands, table: tuple[int, ...], turn: int, trap: Trap
             ) -> tuple[Hands, tuple[int, ...]]:
    """The hands and the table after ``turn`` caught the prey of ``trap``."""
    mine = tuple(c for c in hands[turn] if c not in trap.cards)
    theirs = tuple(c for c in hands[1 - turn] if c not in trap.prey)
    return ((mine, theirs) if turn == 0 else (theirs, mine),
            tuple(sorted((*table, *trap.cards, *trap.prey))))


def _to_the_end(hands: Hands, table: tuple[int, ...], turn: int, lead: int, pictures: int,
                memo: dict[tuple[object, ...], tuple[int, int]]) -> tuple[int, int]:
    """(1 win, 0 draw or -1 loss; the final lead in points) for the player on turn, the deck
    empty and both hands known, both players playing their best; ``lead`` is their points
    less the other's so far. Every trap catches: the deck is empty, so the prey is in the
    other hand; the game ends when a hand is empty or nobody can trap."""
    key = (hands, table, turn, lead)
    if key in memo:
        return memo[key]
    if len(memo) >= SEARCH_LIMIT:
        raise _TooLong
    found = traps_of(hands[turn], table, pictures) if hands[0] and hands[1] else ()
    if found:
        score = geometry(pictures).points
        best = (-2, 0)
        for trap in found:
            after, laid = _trapped(hands, table, turn, trap)
            gained = lead + sum(score[c] for c in trap.prey)
            result, margin = _to_the_end(after, laid, 1 - turn, -gained, pictures, memo)
            best = max(best, (-result, -margin))
    elif hands[0] and hands[1] and traps_of(hands[1 - turn], table, pictures):
        result, margin = _to_the_end(hands, table, 1 - turn, -lead, pictures, memo)
        best = (-result, -margin)  # a pass
    else:
        best = ((lead > 0) - (lead < 0), lead)
    memo[key] = best
    return best


def exact(seen: InTrappolaState, found: Iterable[Trap]
          ) -> dict[Trap, tuple[Fraction, Fraction]] | None:
    """For each trap, its expected result played out to the end (win 1, draw 0, loss -1;
    then the final lead), over every way the hidden cards may lie; None when the deck holds
    more than one card (after the trap the end would still be hidden) or when the search
    would be too long."""
    me, pictures = seen.turn, seen.pictures
    if len(seen.deck) > 1:
        return None
    own, table = seen.hands[me], seen.table
    hidden = [c for c in all_cards(pictures) if c not in table and c not in own]
    if not seen.deck:
        tops: list[int | None] = [None]
    elif seen.deck[0] != HIDDEN:  # a card it put under the deck itself
        tops = [seen.deck[0]]
    else:
        tops = [c for c in hidden if c not in seen.known[me]]
    if not tops:
        return None  # not a state of play
    score = geometry(pictures).points
    lead = (sum(score[c] for c in seen.caught[me])
            - sum(score[c] for c in seen.caught[1 - me]))
    memo: dict[tuple[object, ...], tuple[int, int]] = {}
    results: dict[Trap, tuple[Fraction, Fraction]] = {}
    try:
        for trap in found:
            total = [0, 0]
            for top in tops:
                theirs = tuple(c for c in hidden if c != top)
                if len(theirs) != len(seen.hands[1 - me]):
                    return None  # not a state of play
                hands = (own, theirs) if me == 0 else (theirs, own)
                if set(trap.prey) <= set(theirs):  # A: caught, the hunter draws the last card
                    after, laid = _trapped(hands, table, me, trap)
                    mine = tuple(sorted((*after[me], top))) if top is not None else after[me]
                    hands = (mine, after[1]) if me == 0 else (after[0], mine)
                    gained = lead + sum(score[c] for c in trap.prey)
                else:  # B: missed, the other player gains the last card
                    gain = tuple(sorted((*theirs, top))) if top is not None else theirs
                    hands, laid, gained = ((own, gain) if me == 0 else (gain, own)), table, lead
                result, margin = _to_the_end(hands, laid, 1 - me, -gained, pictures, memo)
                total[0] -= result
                total[1] -= margin
            results[trap] = (Fraction(total[0], len(tops)), Fraction(total[1], len(tops)))
    except _TooLong:
        return None
    return results


def choose(seen: InTrappolaState) -> Move:
    """The move the hunter on turn makes, from their observation alone
    (``GAME.observation(state, state.turn)``)."""
    hand = seen.hands[seen.turn]
    found = list(traps(hand, seen.table, seen.pictures))
    hopeful = [t for t in found if catch_chance(t, seen) > 0]
    if found:
        pool = hopeful or found
        ends = exact(seen, pool) if len(pool) > 1 else None
        if ends:
            best = max(ends.values())
            pool = [t for t in pool if ends[t] == best]
        return max(pool, key=lambda t: (value(t, seen), -len(t.cards)))
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
