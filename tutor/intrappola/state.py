"""The state of a game of InTrappola and its moves, as frozen values.

Cards are small whole numbers (see :mod:`tutor.intrappola.cards`); every collection of
cards is a sorted tuple, except the deck, whose order (top first) is the seeded shuffle.

What each player has *seen for certain* is part of the state too, because the knowledge
overlay and a player's observation are read from it:

* ``known[p]`` - cards ``p`` knows are in the other player's hand (a hand shown after a
  missed trap, a card of the deck ``p`` saw the other draw);
* ``under[p]`` - cards ``p`` knows are in the deck (the ones ``p`` put under it).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Trap:
    """Play ``cards`` from hand around ``prey`` (one empty place, or two side by side)."""

    cards: tuple[int, ...]
    prey: tuple[int, ...]


@dataclass(frozen=True)
class Discard:
    """Put ``card`` face down under the deck and draw the top card (no trap possible)."""

    card: int


@dataclass(frozen=True)
class Pass:
    """No trap possible and the deck is empty: the turn passes."""


Move = Trap | Discard | Pass


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


@dataclass(frozen=True)
class IntrappolaState:
    players: tuple[str, str]
    pictures: int
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    deck: tuple[int, ...]  # top first
    table: tuple[int, ...]  # every card face up at its place, the caught prey included
    caught: tuple[tuple[int, ...], tuple[int, ...]]  # the prey each player caught
    turn: int = 0  # the hunter
    quiet: int = 0  # discard turns in a row (for the end when nobody can trap)
    known: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    under: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    last: LastTurn | None = None

    @property
    def opponent(self) -> int:
        return 1 - self.turn
