"""Canyon on the core contract: each method hands its job to the module that does it.

>>> from tutor.canyon import GAME
>>> s = GAME.initial_state({"players": 3}, seed=1)
>>> GAME.facts(s)["phase"], GAME.players(s)
('launch', ('Anne', 'Carl', 'Marc'))
>>> for _ in range(3):
...     s = GAME.apply(s, next(GAME.legal_moves(s)))
>>> f = GAME.facts(s)
>>> f["phase"], f["round"], f["cards"], len(s.hands[0])
('tempo', 1, 8, 8)
"""
from __future__ import annotations

from typing import Iterable, Mapping

from tutor.core.codec import JsonForm
from tutor.core.errors import BadOption
from tutor.core.game import Game, Outcome, by_state
from tutor.core.i18n import N_, translator

from . import board, cards, computer, hidden, notation, position, rules
from .board import Board
from .cards import Card
from .facts import LABELS, facts
from .hints import CanyonHints
from .moves import Drift, Launch, Move, Paddle, Play, Stay, Tempo
from .options import read_options
from .setup import new_game
from .state import CanyonState, Phase

T = translator("canyon")

#: the kinds of move, for learners (drills: "what may Anne do now?")
KINDS: dict[type, str] = {Launch: N_("place the canoe on a start dock"), Tempo: N_("lay a tempo"),
                          Play: N_("play a card"), Paddle: N_("paddle"), Stay: N_("stay put"),
                          Drift: N_("drift with the current")}

#: per seat, the tempo candidates (rules.TEMPOS: every tempo, and some that are refused)
_TEMPO_MOVES = tuple(tuple(Tempo(p, cards) for cards in rules.TEMPOS) for p in range(6))


class CanyonGame(Game[CanyonState, Move]):
    name = "canyon"
    title = "Canyon"
    rulebooks = ("nl",)
    hints = CanyonHints
    fact_labels = LABELS
    computers = computer.COMPUTERS
    #: a map by its name (or text), a card by its text (``"blue 7"``)
    json_forms = {Board: JsonForm(board.to_json, board.from_json),
                  Card: JsonForm(str, cards.from_json)}

    # ---- each job where it is done ------------------------------------------------------
    violation = staticmethod(rules.violation)
    play = staticmethod(rules.play)
    move_rules = staticmethod(rules.move_rules)
    problems = staticmethod(rules.problems)
    invariants = staticmethod(rules.invariants)
    position_text = staticmethod(position.position_text)
    parse_position = staticmethod(position.parse_position)
    observation = staticmethod(hidden.observation)
    resample = staticmethod(hidden.resample)
    facts = staticmethod(by_state(facts))

    # ---- states -------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, object] | None = None,
                      seed: int = 0) -> CanyonState:
        players, skip, board = read_options(options)
        if len(board.starts) < len(players):
            raise BadOption(T.n_("the map has {n} start dock for {players} players",
                                 "the map has {n} start docks for {players} players",
                                 len(board.starts), players=len(players)), where="map")
        return new_game(players, skip, board, seed)

    def example_options(self) -> list[dict[str, object]]:
        return [{"players": 3},
                {"players": ["Anne", "Carl", "Marc", "Herman"], "map": "short", "skip": True},
                {"players": 6, "map": "brook"}]

    def variant_rules(self, state: CanyonState) -> tuple[str, ...]:
        return ("canyon.round.skip",) if state.skip else ()

    def to_move(self, state: CanyonState) -> int | None:
        return None if state.phase is Phase.OVER else state.turn

    def players(self, state: CanyonState) -> tuple[str, ...]:
        return state.players

    def phase(self, state: CanyonState) -> Phase:
        return state.phase

    def outcome(self, state: CanyonState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        return Outcome(scores=tuple(float(rules.score(state, p)) for p in range(state.seats)),
                       winners=rules.winners(state))

    # ---- moves --------------------------------------------------------------------------
    def candidate_moves(self, state: CanyonState) -> Iterable[Move]:
        p = state.turn
        phase = state.phase
        if phase is Phase.TRICKS:
            return [Play(p, c) for c in state.hands[p]]
        if phase is Phase.TEMPO:
            return _TEMPO_MOVES[p]
        if phase is Phase.LAUNCH:
            return [Launch(p, d) for d in state.board.starts]
        if phase is Phase.MOVE:
            return [*(Paddle(p, f) for f in _nearby(state, p)), Stay(p), Drift(p)]
        return []

    def move_kind(self, state: CanyonState, move: Move) -> str:
        """What kind of move this is, in the learner's language."""
        return T._(KINDS.get(type(move), type(move).__name__))

    # ---- text ---------------------------------------------------------------------------
    def move_text(self, state: CanyonState, move: Move) -> str:
        return notation.text(state.board, state.players, move)

    def move_display(self, state: CanyonState, move: Move) -> str:
        """A move in the learner's language, with the rulebook's words (parse_move reads it)."""
        return notation.display(state.board, state.players, move)

    def parse_move(self, state: CanyonState, text: str) -> Move:
        turn = state.turn if state.phase is not Phase.OVER else -1
        return notation.parse(state.board, state.players, turn, text)


def _nearby(state: CanyonState, p: int) -> list[int]:
    """The legal ends first, then a few fields a learner might try that are refused: the
    fields around the canoe (too short a move, or no water) and around the first legal end
    (too far, or not as near the village)."""
    found, around = rules.plan(state, p), state.board.around
    ends = [] if found.blocked else list(found.ends)
    tried = {*around[found.start], *(around[ends[0]] if ends else ())} - {*found.ends, found.start}
    return ends + sorted(tried)


__all__ = ["CanyonGame", "Move", "Launch", "Tempo", "Play", "Paddle", "Stay", "Drift"]
