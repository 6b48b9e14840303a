"""Canyon's state: one frozen dataclass of tuples, and the phases as an Enum.

A state holds the whole table: the board (map), the seats, the round counter, the cards
(hands, trump, the trick on the table, the tricks played, the undealt rest), the tempo
cards laid, the tricks won, and every canoe's field. Chance is explicit and seeded: each
round's shuffle comes from ``tutor.core.seeding.rng(seed, "deal", round_no)``.

Fields of :class:`CanyonState`:

* ``players`` - names in seat order (clockwise); ``board`` - the :class:`~.board.Board`.
* ``seed`` - fixes every shuffle; ``skip`` - the optional rule that skips rounds 6-9
  (``variants.py``).
* ``phase`` - a :class:`Phase`: launch (canoes placed on start docks), tempo, tricks, move,
  over.
* ``round_no`` - rounds begun so far (1 = the first); ``counter`` - the field 1-14 the round
  stone stands on (it says how many cards each player gets).
* ``dealer``, ``start_player`` - seat indices; ``turn`` - whose decision it is.
* ``draws`` - each player's card drawn to choose the first dealer (empty in a position).
* ``hands`` - per player, the cards in hand (sorted); ``trump`` - the card turned up.
* ``stock`` - the cards not dealt this round; ``played`` - the cards of finished tricks.
* ``table`` - the trick being played: (player, card) in the order played;
  ``last_trick`` - the last finished trick, and ``last_winner`` its winner (-1: none yet).
* ``tempo`` - per player the tempo cards laid this round (``()`` = not yet).
* ``tricks`` - per player the tricks won this round.
* ``canoes`` - per player the field index, :data:`CAVE` for the rock cave, :data:`OFF`
  before the canoe is placed.
* ``moved`` - per player whether the canoe has had its move this round (a canoe swept to
  the rock cave counts as moved: a reading, ``canyon.current.waterfall``).
* ``points`` - per player this round's movement points, fixed when the move phase begins
  (in the current only the bonus; 0 for a canoe that drifts); ``()`` before that.
* ``left_over`` - per player the points left over on reaching a landing dock (-1: not there).
* ``last_path`` - the fields of the last canoe move (or drift), for the board view;
  ``pushed`` - the players pushed along by the last drift.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.core.frozen import evolve

from .board import Board
from .cards import Card

#: canoe position values that are not fields
CAVE, OFF = -1, -2


class Phase(StrEnum):
    """The phases of a game: setting up, then per round (Fase 1 deals and is no decision)
    the tempo, the tricks and the canoes' moves; over at the end. A member equals its
    value (``Phase.MOVE == "move"``)."""

    LAUNCH = "launch"
    TEMPO = "tempo"
    TRICKS = "tricks"
    MOVE = "move"
    OVER = "over"


@dataclass(frozen=True)
class CanyonState:
    players: tuple[str, ...]
    board: Board
    seed: int
    skip: bool
    phase: Phase
    round_no: int
    counter: int
    dealer: int
    start_player: int
    turn: int
    draws: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    trump: Card | None
    stock: tuple[Card, ...]
    played: tuple[Card, ...]
    table: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int
    tempo: tuple[tuple[int, ...], ...]
    tricks: tuple[int, ...]
    canoes: tuple[int, ...]
    moved: tuple[bool, ...]
    left_over: tuple[int, ...]
    points: tuple[int, ...] = ()
    last_path: tuple[int, ...] = ()
    pushed: tuple[int, ...] = ()

    @property
    def seats(self) -> int:
        return len(self.players)

    #: a copy with some fields changed (``dataclasses.replace`` without its checks: the
    #: engine calls this on every move, and for every player's observation)
    but = evolve

    def tempo_of(self, player: int) -> int | None:
        """The tempo a player announced this round (None: not yet)."""
        return sum(self.tempo[player]) if self.tempo[player] else None
