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

from typing import Any, Iterable, Mapping

from tutor.core.codec import JsonForm
from tutor.core.errors import BadOption
from tutor.core.game import Fact, Game, Outcome, Violation
from tutor.core.i18n import N_, translator

from . import board, cards, computer, notation, position, rules
from .board import Board
from .cards import HIDDEN, Card
from .facts import LABELS, facts
from .hints import CanyonHints
from .movement import Plan
from .moves import Drift, Launch, Move, Paddle, Play, Stay, Tempo
from .options import read_options
from .setup import new_game, redeal
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
    hints = CanyonHints
    fact_labels = LABELS
    #: a map by its name (or text), a card by its text (``"blue 7"``)
    json_forms = {Board: JsonForm(board.to_json, board.from_json),
                  Card: JsonForm(str, cards.from_json)}

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

    def score(self, state: CanyonState, player: int) -> int:
        """Points left over at a landing dock; otherwise minus the fields still to go."""
        return rules.score(state, player)

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
            return [*(Paddle(p, f) for f in self._nearby(state, p)), Stay(p), Drift(p)]
        return []

    def _nearby(self, state: CanyonState, p: int) -> list[int]:
        """The legal ends first, then a few fields a learner might try that are refused: the
        fields around the canoe (too short a move, or no water) and around the first legal
        end (too far, or not as near the village)."""
        found = self.plan(state, p)
        if found.blocked:
            ends: list[int] = []
            tried = set(state.board.around[found.start])
        else:
            ends = list(found.ends)
            tried = {*state.board.around[found.start], *state.board.around[ends[0]]}
        tried.difference_update(found.ends)
        tried.discard(found.start)
        return ends + sorted(tried)

    def violation(self, state: CanyonState, move: Move) -> Violation | None:
        return rules.violation(state, move)

    def play(self, state: CanyonState, move: Move) -> CanyonState:
        return rules.play(state, move)

    def plan(self, state: CanyonState, player: int) -> Plan:
        """The legal end fields (and a path to each) of a player's canoe this round."""
        return rules.plan(state, player)

    def move_rules(self, state: CanyonState, move: Move) -> tuple[str, ...]:
        return rules.move_rules(state, move)

    def move_kind(self, state: CanyonState, move: Move) -> str:
        """What kind of move this is, in the learner's language."""
        return T._(KINDS.get(type(move), type(move).__name__))

    def best_move(self, state: CanyonState) -> Move:
        """The computer player's choice, from what the player on turn sees."""
        return computer.choose(self, self.observation(state, state.turn))

    # ---- text, saving -------------------------------------------------------------------
    def move_text(self, state: CanyonState, move: Move) -> str:
        return notation.text(state.board, state.players, move)

    def move_display(self, state: CanyonState, move: Move) -> str:
        """A move in the learner's language, with the rulebook's words (parse_move reads it)."""
        return notation.display(state.board, state.players, move)

    def parse_move(self, state: CanyonState, text: str) -> Move:
        turn = state.turn if state.phase is not Phase.OVER else -1
        return notation.parse(state.board, state.players, turn, text)

    def parse_position(self, text: str, options: Mapping[str, object] | None = None,
                       seed: int = 0) -> CanyonState:
        return position.parse_position(text, options, seed)

    def position_text(self, state: CanyonState) -> str:
        return position.position_text(state)

    # ---- hidden information ---------------------------------------------------------------
    def observation(self, state: CanyonState, player: int) -> CanyonState:
        """What ``player`` sees: the other hands, the undealt cards and the finished tricks
        (laid face down) hidden, and the seed of the shuffles (it would tell them)."""
        hands = tuple(h if i == player else (HIDDEN,) * len(h) for i, h in enumerate(state.hands))
        return state.but(hands=hands, stock=(HIDDEN,) * len(state.stock),
                         played=(HIDDEN,) * len(state.played), seed=0)

    def resample(self, state: CanyonState, player: int, seed: int) -> CanyonState:
        """A state ``player`` cannot tell from this one: the other hands and the undealt
        cards dealt again, consistently with what the player has seen (their own hand, the
        trump, the tricks played and who showed out of a colour), and new shuffles to come."""
        return redeal(state, player, seed)

    # ---- facts --------------------------------------------------------------------------
    def facts(self, state: CanyonState) -> dict[str, Fact]:
        return facts(state)

    def problems(self, state: CanyonState) -> list[str]:
        return rules.problems(state)

    def invariants(self, state: CanyonState) -> list[str]:
        return rules.invariants(state)


__all__ = ["CanyonGame", "Move", "Launch", "Tempo", "Play", "Paddle", "Stay", "Drift"]
