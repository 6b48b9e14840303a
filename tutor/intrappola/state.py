"""The state of a game of InTrappola, as a frozen value (its phases are the core's: the
players hunt in turn until the game is over).

Cards are small whole numbers (see :mod:`tutor.intrappola.cards`); every collection of
cards is a sorted tuple, except the deck, whose order (top first) is the seeded shuffle.

What each player has *seen for certain* is part of the state too, because the knowledge
overlay and a player's observation are read from it:

* ``known[p]`` - cards ``p`` knows are in the other player's hand (a hand shown after a
  missed trap, a card of the deck ``p`` saw the other draw);
* ``under[p]`` - cards ``p`` knows are in the deck (the ones ``p`` put under it).

A player's observation (:mod:`tutor.intrappola.hidden`) is a state of the same kind
in which what that player cannot see is :data:`HIDDEN`.
"""
from __future__ import annotations

from dataclasses import dataclass


#: a card a player cannot see (in an observation: the other hand, the deck)
HIDDEN = -1


@dataclass(frozen=True)
class LastTurn:
    """What happened on the turn just played, for the narration, the view and the facts.

    ``kind`` is "caught", "missed", "discard" or "pass". ``drawn`` is the card the hunter
    drew (A3, or after a discard); ``gained`` the card the opponent gained (B3); ``placed``
    the card put face up on the table (B4); ``shown`` both hands as shown at B1 (the trap
    cards still on the table).
    """

    kind: str
    hunter: int
    cards: tuple[int, ...] = ()
    prey: tuple[int, ...] = ()
    points: int = 0
    drawn: int | None = None
    gained: int | None = None
    placed: int | None = None
    shown: tuple[tuple[int, ...], ...] = ()


Pair = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class InTrappolaState:
    players: tuple[str, str]
    pictures: int
    hands: Pair
    deck: tuple[int, ...]  # top first
    table: tuple[int, ...]  # every card face up at its place, the caught prey included
    caught: Pair  # the prey each player caught
    turn: int = 0  # the hunter
    quiet: int = 0  # discard turns in a row (for the end when nobody can trap)
    known: Pair = ((), ())
    under: Pair = ((), ())
    last: LastTurn | None = None

    @property
    def opponent(self) -> int:
        return 1 - self.turn
