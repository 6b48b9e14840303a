"""InTrappola on the core contract: each method hands its job to the module that does it.

>>> from tutor.intrappola import GAME
>>> s = GAME.parse_position('''
... table: 2 3 5
... hand Anna: 1 6 8
... hand Bruno: 4 7 9
... deck: 10 11 12 13 14 15 16
... ''')
>>> [GAME.move_text(s, m) for m in GAME.legal_moves(s)]
['play 8 prey 4']
>>> s2 = GAME.apply(s, GAME.parse_move(s, "play 8 prey 4"))
>>> GAME.facts(s2)["last"], GAME.facts(s2)["score.Anna"], GAME.facts(s2)["hand.Anna"]
('caught', 1, '1 6 10')
>>> GAME.apply(s, GAME.parse_move(s, "discard 1"))
Traceback (most recent call last):
...
tutor.core.errors.IllegalMove: Anna can set a trap (for example play 8 prey 4), and a card may be discarded only when no trap can be set [intrappola.discard]
"""
from __future__ import annotations

from typing import Iterator, Mapping

from tutor.core.game import Game, by_state
from tutor.core.i18n import N_, translator

from . import computer, facts, hidden, notation, position, rules
from .hints import InTrappolaHints
from .moves import Discard, Move, Pass, Trap
from .options import read_options
from .state import InTrappolaState
from .variants import deal

T = translator("intrappola")

#: what kind of move each move class is, for learners (the drills ask which kinds one has)
KINDS: dict[type, str] = {Trap: N_("set a trap"), Discard: N_("discard a card"), Pass: N_("pass")}


class InTrappolaGame(Game[InTrappolaState, Move]):
    name = "intrappola"
    title = "InTrappola"
    rulebooks = ("it",)
    hints = InTrappolaHints
    fact_labels = facts.LABELS
    computers = computer.COMPUTERS

    # ---- each job where it is done ------------------------------------------------------
    violation = staticmethod(rules.violation)
    play = staticmethod(rules.play)
    outcome = staticmethod(rules.outcome)
    problems = staticmethod(rules.problems)  # play keeps them all: they are the invariants too
    position_text = staticmethod(position.position_text)
    observation = staticmethod(hidden.observation)
    resample = staticmethod(hidden.resample)
    facts = staticmethod(by_state(facts.facts))

    # ---- states -----------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, object] | None = None,
                      seed: int = 0) -> InTrappolaState:
        players, pictures = read_options(options)
        return deal(players, pictures, seed)

    def example_options(self) -> list[dict[str, object]]:
        return [{}, {"pictures": 2}, {"pictures": 3}]

    def variant_rules(self, state: InTrappolaState) -> tuple[str, ...]:
        return ("intrappola.variant.pictures",) if state.pictures > 1 else ()

    def players(self, state: InTrappolaState) -> tuple[str, ...]:
        return state.players

    def to_move(self, state: InTrappolaState) -> int | None:
        return None if rules.end_reason(state) else state.turn

    # ---- moves --------------------------------------------------------------------------
    def candidate_moves(self, state: InTrappolaState) -> Iterator[Move]:
        """The hunter's traps; the discards when no trap can be set (else one, refused, for
        the drills to offer); the pass."""
        traps = rules.analysis(state).traps
        yield from traps
        hand = state.hands[state.turn]
        for card in hand[:1] if traps else hand:
            yield Discard(card)
        yield Pass()

    def move_rules(self, state: InTrappolaState, move: Move) -> tuple[str, ...]:
        if isinstance(move, Trap):
            caught = set(move.prey) <= set(state.hands[state.opponent])
            found = ["intrappola.trap"] + (["intrappola.trap.pair"] if len(move.prey) == 2 else [])
            found.append("intrappola.trap.caught" if caught else "intrappola.trap.missed")
            # the deck's steps that cannot be done (line 88): A3 with no card, B3-B4 with
            # fewer than the two cards a miss takes
            if len(state.deck) < (1 if caught else 2):
                found.append("intrappola.deck.empty")
            return tuple(found)
        return ("intrappola.discard",) if isinstance(move, Discard) else ("intrappola.pass",)

    def move_kind(self, state: InTrappolaState, move: Move) -> str:
        """The kind of move in words, in the learner's language."""
        return T._(KINDS[type(move)])

    # ---- text ---------------------------------------------------------------------------
    def move_text(self, state: InTrappolaState, move: Move) -> str:
        return notation.text(move, state.pictures)

    def move_display(self, state: InTrappolaState, move: Move) -> str:
        """A move in the learner's language, with the rulebook's words."""
        return notation.display(move, state.pictures)

    def parse_move(self, state: InTrappolaState, text: str) -> Move:
        """'play 5 7 10 prey 6', 'play 3 8 prey 6 7' (a pair), 'discard 9' or 'pass'."""
        return notation.parse(text, state.pictures)

    def parse_position(self, text: str, options: Mapping[str, object] | None = None,
                       seed: int = 0) -> InTrappolaState:
        return position.parse_position(text, options, seed)
