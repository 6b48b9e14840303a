"""Trapper (Kramer & Kiesling, Clementoni 2007) as a :class:`~tutor.core.game.Game`.

>>> g = TrapperGame()
>>> s = g.initial_state({"players": ["Anna", "Ben"]}, seed=3)
>>> g.facts(s)["trapper.green"], g.facts(s)["turn"], g.facts(s)["draw"]
('d5', 'Anna', 52)
>>> moves = list(g.legal_moves(s))
>>> g.move_text(s, moves[0]), g.move_text(s, moves[-1])
('green: take d6 paying beige beige', 'drop out')
>>> s2 = g.apply(s, moves[0])
>>> g.facts(s2)["trapper.green"], g.facts(s2)["played"]
('d6', 2)
"""
from __future__ import annotations

from dataclasses import replace
from enum import Enum
from typing import Mapping

from tutor.core.errors import BadMoveText
from tutor.core.game import Game, Outcome
from tutor.core.seeding import rng

from . import codec, engine, moves, scoring, tactical
from . import display as disp
from .hints import TrapperHints
from .options import read_options
from .setup import HAND_SIZE, START, reveal_around, shuffled_water
from .state import HIDDEN, Display, TrapperState
from .tiles import CENTRE

__all__ = ["HAND_SIZE", "START", "Phase", "TrapperGame", "read_options", "reveal_around",
           "shuffled_water"]

class Phase(Enum):
    """Where a game of Trapper stands (the tactical variant's auction has three phases)."""

    PLAY = "play"  # standard and young: the player on turn moves trappers, draws, ...
    OPEN = "open"  # tactical: no auction runs; the stone holder passes or bids
    BIDDING = "bidding"  # tactical: the acting player raises or passes
    PAYING = "paying"  # tactical: the auction's winner pays and takes a tile
    OVER = "over"


class TrapperGame(Game[TrapperState, moves.Move]):
    name = "trapper"
    title = "Trapper"
    hints = TrapperHints

    # ---- states ----------------------------------------------------------------------------
    def initial_state(self, options=None, seed: int = 0) -> TrapperState:
        """Setup: 64 tiles shuffled into 8x8, the centre four to the box unseen, the four
        trappers there, their 8 neighbours turned up; 6 cards each (``trapper.setup``)."""
        players, variant = read_options(options)
        board: list[int | None] = list(range(64))
        rng(seed, "tiles").shuffle(board)
        box = tuple(board[sq] for sq in CENTRE)
        for sq in CENTRE:
            board[sq] = None
        face_up = [False] * 64
        reveal_around(board, face_up, START)
        deck = [c for c in range(4) for _ in range(16)]
        rng(seed, "cards").shuffle(deck)
        hands = []
        size = tactical.HAND_SIZE if variant == "tactical" else HAND_SIZE
        for _ in players:
            dealt, deck = deck[:size], deck[size:]
            hands.append(tuple(dealt.count(c) for c in range(4)))
        n = len(players)
        return TrapperState(
            players=players, variant=variant, seed=seed, board=tuple(board),
            face_up=tuple(face_up), water=shuffled_water(seed), trappers=START,
            hands=tuple(hands), draw=tuple(deck), discard=(0, 0, 0, 0), aside=(0, 0, 0, 0),
            reshuffles=0, displays=(Display(),) * n, box=box, handed_in=(), ledger=(),
            canoe_bonus=((),) * n, species_bonus=((),) * n, dropped=(False,) * n,
        )

    def to_move(self, state: TrapperState) -> int | None:
        return None if state.over else state.actor

    def players(self, state: TrapperState) -> tuple[str, ...]:
        return state.players

    def phase(self, state: TrapperState) -> Phase:
        if state.over:
            return Phase.OVER
        return Phase(tactical.phase(state)) if state.variant == "tactical" else Phase.PLAY

    def outcome(self, state: TrapperState) -> Outcome | None:
        """The richest player wins; equal money shares the win (a reading)."""
        if not state.over:
            return None
        return Outcome(tuple(state.money(p) for p in range(len(state.players))),
                       scoring.winners(state))

    def example_options(self) -> list[dict]:
        return [{"players": 2}, {"players": 3, "variant": "young"}, {"players": 4},
                {"players": 3, "variant": "tactical"}]

    # ---- moves -----------------------------------------------------------------------------
    # the engine's functions themselves (no extra call per candidate move)
    candidate_moves = staticmethod(engine.candidates)
    violation = staticmethod(engine.violation)
    play = staticmethod(engine.play)

    def move_text(self, state: TrapperState, move) -> str:
        if not isinstance(move, moves.MOVE_TYPES):
            return repr(move)  # only ever shown in the refusal of a foreign object
        return moves.text(move)

    def parse_move(self, state: TrapperState, text: str):
        if not isinstance(text, str):
            raise BadMoveText(f"a move is a text, not {type(text).__name__}")
        if state.variant != "tactical":
            return moves.parse(text)
        move = moves.parse(text, tactical_bid=state.bid)
        if isinstance(move, moves.Bid) and move.colour is not None and move.colour == state.moved:
            move = moves.Bid(move.amount)  # naming the colour already fixed changes nothing
        return move

    def move_rules(self, state: TrapperState, move) -> tuple[str, ...]:
        """The rules a legal move shows, most specific first."""
        if isinstance(move, moves.Bid):
            return ("trapper.tactical.bid",)
        if state.variant == "tactical" and isinstance(move, moves.Pass):
            return ("trapper.tactical.pass",) if state.bid else ("trapper.tactical.open",)
        if isinstance(move, moves.Take):
            near = engine.adjacent_targets(state, move.colour)
            found = ["trapper.take"]
            if isinstance(move, moves.AuctionTake):
                found.insert(0, "trapper.tactical.pay")
            if move.paying is not None:
                found.append("trapper.cards.swap")
            if move.square not in near:
                found.append("trapper.take.isolated")
            after = engine.play(state, move)
            if sum(after.face_up) + 1 > sum(state.face_up) and not after.over:
                found.append("trapper.take.reveal")
            player = state.actor
            if len(disp.options(state.displays[player], state.board[move.square])) > 1:
                found.append("trapper.display.choice")
            if len(after.displays[player].sold) > len(state.displays[player].sold):
                found.append("trapper.canoe.full")
                if after.canoe_bonus != state.canoe_bonus:
                    found.append("trapper.bonus.canoe")
            return tuple(found)
        rule = {moves.EndTurn: "trapper.turn.draw", moves.Pass: "trapper.turn.pass",
                moves.Exchange: "trapper.bonus.species", moves.DropOut: "trapper.end.drop-out"}
        return (rule[type(move)],)

    # ---- helpers for views -------------------------------------------------------------------
    def legal_targets(self, state: TrapperState) -> tuple[int, ...]:
        """Squares the player on turn could take a tile from now (any colour they can pay)."""
        if state.over:
            return ()
        found: set[int] = set()
        if state.variant == "tactical":  # only the auction's winner takes a tile
            if tactical.phase(state) == tactical.PAYING:
                return tuple(sorted(engine.targets(state, state.moved)[0]))
            return ()
        colours = range(4) if state.moved is None else (state.moved,)
        for colour in colours:
            if engine.payments(state, colour):
                found.update(engine.targets(state, colour)[0])
        return tuple(sorted(found))

    def isolated(self, state: TrapperState, colour: int) -> bool:
        """True when no tile next to this trapper can be taken (``trapper.take.isolated``)."""
        return not engine.adjacent_targets(state, colour)

    # ---- saving ----------------------------------------------------------------------------
    def to_json(self, state: TrapperState) -> dict:
        return codec.to_json(state)

    def from_json(self, data: Mapping) -> TrapperState:
        return codec.from_json(data)

    # ---- hidden information ------------------------------------------------------------------
    def observation(self, state: TrapperState, player: int) -> TrapperState:
        """What ``player`` sees: their own hand; others' hands as ``(count,)``; the draw
        pile, face-down tiles and the box as :data:`HIDDEN`."""
        return replace(
            state,
            board=tuple(t if t is None or up else HIDDEN
                        for t, up in zip(state.board, state.face_up)),
            hands=tuple(h if p == player else (sum(h),) for p, h in enumerate(state.hands)),
            draw=(HIDDEN,) * len(state.draw), box=(HIDDEN,) * len(state.box),
        )

    # ---- walkthroughs ------------------------------------------------------------------------
    def parse_position(self, text: str, options=None, seed: int = 0) -> TrapperState:
        from .position import parse_position
        return parse_position(text, options, seed)

    def position_text(self, state: TrapperState) -> str:
        from .position import position_text
        return position_text(state)

    def facts(self, state: TrapperState) -> dict[str, object]:
        from .facts import facts
        return facts(state)
