"""The state of a Trigger match (or solo game): one frozen dataclass, the phases an Enum.

A *side* is whoever plays one board: one player, or a team (2 against 1, 2 against 2).
Sides take turns; the members of a team take their side's turns in rotation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .board import Board
from .dice import allowance

#: the solo score sheet has 20 lines ("het scoreblad 1 - 20")
SHEET = 20


class Phase(StrEnum):
    """The phases of a match. A StrEnum: ``Phase.PLAY == "play"``, and its value is what a
    saved game writes."""

    OPENING = "opening"  # each side rolls one die: the lowest opens the round
    ROLL = "roll"  # the dice are rolled for the side on turn
    PLAY = "play"  # the side on turn claims a malus, turns tiles, ends the turn
    ROUND_OVER = "round over"  # a board is cleared; the return round (or the replay) is next
    OVER = "over"


@dataclass(frozen=True)
class Setup:
    """The checked options of a match (see :mod:`tutor.trigger.options`)."""

    mode: str = "two"
    scoring: str = "points"
    doubles: str = "double"
    #: rounds in a match (2: the round and the return round); tries in a solo game
    rounds: int = 2
    #: solo replay: a roll of the sheet that is too bad may be rolled again ("reroll", the
    #: book's "behalve als ze te slecht zijn") or every roll is used again ("keep")
    bad_rolls: str = "reroll"

    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    def allowance(self, dice: tuple[int, ...]) -> int:
        """What a roll allows: the sum, doubles counted double (or multiplied, as a variant).

        >>> Setup().allowance((5, 6)), Setup().allowance((5, 5)), Setup(doubles="multiply").allowance((3, 3))
        (11, 20, 9)
        """
        return allowance(dice, self.doubles)


Dice = tuple[int, int]
#: one link of a chain reaction: the line that gave the bonus and the tile turned for it
Link = tuple[str, int]


@dataclass(frozen=True)
class TriggerState:
    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    setup: Setup
    #: each side's board as the match began (the return round sets these up again)
    layouts: tuple[Board, ...]
    #: the tiles left in each bag (hidden; they never come into play)
    bags: tuple[tuple[int, ...], ...]
    boards: tuple[Board, ...]
    round: int = 1
    phase: Phase = Phase.OPENING
    side: int = 0
    #: turns each side has begun (a team's member on turn is this modulo its size)
    turns: tuple[int, ...] = (0, 0)
    dice: Dice | None = None
    spent: int = 0
    #: True once the side on turn has turned a tile (the malus window is closed)
    acted: bool = False
    #: per side: lines where it left a bonus untaken at the end of its last turn
    missed: tuple[tuple[str, ...], ...] = ((), ())
    #: the links of the last chain reaction: (line name, compartment)
    chain: tuple[Link, ...] = ()
    #: the side that opened the round: it rolled lowest and threw the dice first, for the
    #: other side, which is the first to turn tiles (solo: the one side)
    opener: int = 0
    #: per finished round: (winning side, points lost by the other side); solo: (0, score)
    results: tuple[tuple[int, int], ...] = ()
    #: solo: the tries (numbered from 1) that ended with the score sheet full and the board
    #: not cleared. Such a try has a score but is not won: alone, the aim is to turn every tile
    #: ("het doel van het spel, alle plaatjes op het speelbord om te draaien", SPEL VOOR 1
    #: SPELER), so only a cleared board wins a try
    full: tuple[int, ...] = ()
    #: the rolls of this round (the solo score sheet)
    sheet: tuple[Dice, ...] = ()
    #: solo: the rolls of the first try, replayed in the next tries
    script: tuple[Dice, ...] = ()
    #: the opening rolls made so far (ties roll again)
    opening: tuple[tuple[int, ...], ...] = field(default=())
    #: solo replay: the sheet's roll for this line was too bad; this line's roll is a new one
    #: (rolled next, or rolled and kept: it is not rolled again)
    fresh: bool = False

    def side_of(self, player: int) -> int:
        return next(s for s, members in enumerate(self.sides) if player in members)

    def label(self, side: int) -> str:
        """A side's name: the player, or the team's players joined by '+'."""
        return "+".join(self.players[p] for p in self.sides[side])

    def member(self, side: int) -> int:
        members = self.sides[side]
        return members[self.turns[side] % len(members)]

    def opponent(self, side: int) -> int:
        """The side whose board a malus by ``side`` is claimed on (solo: one's own)."""
        return (side + 1) % len(self.sides)
