"""Trapper's moves: frozen dataclasses (their texts: :mod:`.notation`).

Colours are indexes into :data:`~tutor.trapper.tiles.COLOURS` (green, blue, beige, purple),
squares indexes 0-63 (:func:`~tutor.trapper.tiles.square_name`), species indexes into
:data:`~tutor.trapper.tiles.SPECIES`. A move built by hand with a field out of range is
refused by the rules like any other illegal move.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Take:
    """Play one card of ``colour`` (or, with ``paying``, two cards of that other colour) and
    take the tile on ``square`` with that trapper. ``choice``: how the tile joins the display
    where it can in several ways (see :mod:`.display`); () where it can in one way only."""

    colour: int
    square: int
    paying: int | None = None
    choice: tuple[str, ...] = ()


@dataclass(frozen=True)
class EndTurn:
    """End the turn after playing cards: draw two cards."""


@dataclass(frozen=True)
class Pass:
    """Play no card: draw two cards at once; the turn ends (tactical: the stone holder draws
    four; in an auction, a bidder leaves it)."""


@dataclass(frozen=True)
class Exchange:
    """Hand in sold canoes of these species (indexes into SPECIES, rising) for a most-species
    tile."""

    species: tuple[int, ...]


@dataclass(frozen=True)
class DropOut:
    """Lay the cards aside and leave the game (the display stays for the scoring)."""


@dataclass(frozen=True)
class Bid:
    """Tactical variant: bid ``amount`` cards for the right to take one tile. The stone
    holder names the ``colour`` with the first bid of their turn; later bids leave it None."""

    amount: int
    colour: int | None = None


@dataclass(frozen=True)
class AuctionTake(Take):
    """Tactical variant: the auction's winner pays ``cards`` (counts by colour: the bid in
    cards of the trapper's colour, each of which may be replaced by two of one other colour)
    and takes the tile on ``square`` with that trapper. ``paying`` is unused (None)."""

    cards: tuple[int, ...] = (0, 0, 0, 0)


Move = Take | EndTurn | Pass | Exchange | DropOut | Bid
MOVE_TYPES = (Take, EndTurn, Pass, Exchange, DropOut, Bid)
END_TURN, PASS, DROP_OUT = EndTurn(), Pass(), DropOut()
