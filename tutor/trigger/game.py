"""Trigger (Triggery, 1989) on the core contract: turn your whole board face down before your
opponent does. Each method hands its job to the module that does it: the one check and what
a move does (:mod:`~tutor.trigger.rules`), the modes (:mod:`~tutor.trigger.variants`), the
texts (:mod:`~tutor.trigger.notation`, :mod:`~tutor.trigger.position`), facts and
the computer player.

A flip turns one tile paid from the roll; a combination is the tiles flipped one after
another in a turn (listing every combination as one move would run into the millions).
:meth:`TriggerGame.flip_sets` enumerates the combinations that still fit, lazily.

>>> from tutor.trigger import GAME as g
>>> s = g.parse_position('''
... turn: Anna
... roll: 5 6
... board Anna:
...   5  3  2  1  * 11
...  12 12 12 12 12 12
...  12 12 12 12 12 12
...  12 12 12 12 12 12
...  12 12 12 12 12 12
...  12 12 12 12 12 12
... board Ben:
...   1  1  1  1  1  1
...   1  1  1  1  1  1
...   1  1  1  1  1  1
...   1  1  1  1  1  1
...   1  1  1  1  1  1
...   1  1  1  1  1  1
... ''')
>>> g.facts(s)["roll"], g.facts(s)["flips"]
(11, 16)
>>> for tile in ("a1", "b1", "c1", "d1"):
...     s = g.apply(s, g.parse_move(s, "flip " + tile))
>>> g.facts(s)["spent"], g.facts(s)["bonus.Anna"]
(11, 'row 1')
>>> g.apply(s, g.parse_move(s, "flip a2"))
Traceback (most recent call last):
...
tutor.core.errors.IllegalMove: a2 costs 12, more than the 0 left of the roll of 11 [trigger.turn.flip]
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping

from tutor.core.game import Game, Outcome, by_state
from tutor.core.i18n import N_, translator

from . import computer, facts, hidden, notation, position, rules
from .board import Board
from .flips import flips as all_flips
from .hints import TriggerHints
from .moves import (Bonus, Chain, End, Flip, Malus, Move, NextRound, Opening, Reroll, Roll,
                    Star)
from .options import read_options
from .state import Phase, TriggerState
from .tileset import COLOURS, draw
from .variants import VARIANTS, rules_of

T = translator("trigger")

#: what kind of move each move class is, for learners (the drills ask which kinds one has)
KINDS: dict[type, str] = {
    Opening: N_("roll for the opening"), Roll: N_("roll the dice"), Malus: N_("give a malus"),
    Flip: N_("turn a tile"), Bonus: N_("take a bonus"), Chain: N_("set off a chain reaction"),
    Star: N_("turn a star"), End: N_("end the turn"), Reroll: N_("roll a too-bad roll again"),
    NextRound: N_("set up the next round"),
}


class TriggerGame(Game[TriggerState, Move]):
    name = "trigger"
    title = "Trigger"
    rulebooks = ("nl",)
    hints = TriggerHints
    fact_labels = facts.LABELS
    computers = computer.COMPUTERS

    # ---- each job where it is done ------------------------------------------------------
    to_move = staticmethod(rules.to_move)
    chance_outcomes = staticmethod(rules.chance_outcomes)
    candidate_moves = staticmethod(rules.candidates)
    violation = staticmethod(rules.violation)
    play = staticmethod(rules.play)
    move_rules = staticmethod(rules.move_rules)
    problems = staticmethod(rules.problems)
    invariants = staticmethod(rules.invariants)
    position_text = staticmethod(position.position_text)
    observation = staticmethod(hidden.observation)
    resample = staticmethod(hidden.resample)
    facts = staticmethod(by_state(facts.facts))

    # ---- states -----------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, object] | None = None,
                      seed: int = 0) -> TriggerState:
        setup, players, sides = read_options(options)
        drawn = [draw(seed, COLOURS[s]) for s in range(len(sides))]
        boards = tuple(Board.fresh(values) for values, _ in drawn)
        return TriggerState(
            players=players, sides=sides, setup=setup, layouts=boards,
            bags=tuple(bag for _, bag in drawn), boards=boards,
            phase=VARIANTS[setup.mode].first_phase,
            turns=(0,) * len(sides), missed=((),) * len(sides),
        )

    def example_options(self) -> list[dict[str, object]]:
        return [{}, {"mode": "solo"}, {"mode": "2v1", "scoring": "rounds"},
                {"mode": "2v2", "doubles": "multiply", "rounds": 1}]

    def variant_rules(self, state: TriggerState) -> tuple[str, ...]:
        setup = state.setup
        found = ["trigger.solo"] if setup.solo else ["trigger.teams"] if setup.mode != "two" else []
        if setup.doubles == "multiply":
            found.append("trigger.turn.double")  # its reading: the multiplying variant
        if setup.scoring == "rounds" and not setup.solo:
            found.append("trigger.end.rounds")
        return tuple(found)

    def players(self, state: TriggerState) -> tuple[str, ...]:
        return state.players

    def label_word(self, name: str, value: str) -> object:
        """A side in a fact's label: a team as a team ("the colour of Anna and Ben's board")."""
        return notation.side_display(value) if name == "side" else value

    def phase(self, state: TriggerState) -> Phase:
        return state.phase

    def outcome(self, state: TriggerState) -> Outcome | None:
        if state.phase != Phase.OVER:
            return None
        return Outcome(*rules_of(state).scores(state))

    # ---- moves ------------------------------------------------------------------------
    def flip_sets(self, state: TriggerState) -> Iterator[tuple[int, ...]]:
        """Every combination of tiles the player on turn may still pay for (each turned one
        at a time), lazily, in dictionary order of compartments; nothing when no flip can be
        made now."""
        if state.phase != Phase.PLAY or rules_of(state).owed(state) or state.dice is None:
            return iter(())
        return all_flips(state.boards[state.side], state.setup.allowance(state.dice) - state.spent)

    def move_kind(self, state: TriggerState, move: Move) -> str:
        """The kind of move in words, in the current language ("turn a tile")."""
        return T._(KINDS[type(move)])

    # ---- text -------------------------------------------------------------------------
    def move_text(self, state: TriggerState, move: Move) -> str:
        if isinstance(move, NextRound):
            return rules_of(state).next_round_text
        return notation.text(move)

    def move_display(self, state: TriggerState, move: Move) -> str:
        """A move in the learner's language, with the rulebook's words (parse_move reads it)."""
        return notation.display(self.move_text(state, move))

    def parse_move(self, state: TriggerState, text: str) -> Move:
        return notation.parse(text)

    def parse_position(self, text: str, options: Mapping[str, object] | None = None,
                       seed: int = 0) -> TriggerState:
        return position.parse(text, options)

    def to_json(self, state: TriggerState) -> dict[str, Any]:
        """The saved state; ``full`` (the solo tries that ended with the sheet full) is left
        out while there are none, so that the states saved before it read and write the same."""
        data = super().to_json(state)
        if not data.get("full"):
            data.pop("full", None)
        return data

