"""Canyon on the core contract: tricks, exact tempos and the canoe race.

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

from enum import Enum
from typing import Iterable, Mapping

from tutor.core.errors import BadOption
from tutor.core.frozen import set_item
from tutor.core.game import Game, Outcome, Violation

from . import codec, notation, position
from .hints import CanyonHints
from .board import ENTERABLE
from .canoes import blocking, distance_to_village, drift, in_current, must_drift, points, winners
from .cards import DECK, TEMPO_CARDS, Card, trick_winner
from .facts import facts
from .flow import deal, first_dealer, next_mover, start_moves
from .movement import Plan, exact_path, plan_move, reach_distance
from .options import read_options
from .rounds import tempo_violation
from .state import CAVE, OFF, CanyonState, Drift, Launch, Move, Paddle, Play, Stay, Tempo

HIDDEN = Card("hidden", 0)


class Phase(Enum):
    """The phases of a Canyon round (the state keeps the value as ``state.phase``)."""

    LAUNCH = "launch"
    TEMPO = "tempo"
    TRICKS = "tricks"
    MOVE = "move"
    OVER = "over"


class Canyon(Game[CanyonState, Move]):
    name = "canyon"
    title = "Canyon"
    hints = CanyonHints

    # ---- states -------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, object] | None = None, seed: int = 0) -> CanyonState:
        players, skip, board = read_options(options)
        n = len(players)
        if len(board.starts) < n:
            raise BadOption(f"the map has {len(board.starts)} start docks for {n} players",
                            where="map")
        draws, dealer = first_dealer(n, seed)
        start = (dealer + 1) % n
        return CanyonState(
            players=players, board=board, seed=seed, skip=skip, phase="launch", round_no=0,
            counter=1, dealer=dealer, start_player=start, turn=start, draws=draws,
            hands=((),) * n, trump=None, stock=DECK, played=(), table=(), last_trick=(),
            last_winner=-1, tempo=((),) * n, tricks=(0,) * n, canoes=(OFF,) * n,
            moved=(False,) * n, left_over=(-1,) * n)

    def example_options(self) -> list[dict]:
        return [{"players": 3},
                {"players": ["Anne", "Carl", "Marc", "Herman"], "map": "short", "skip": True},
                {"players": 6, "map": "brook"}]

    def to_move(self, state: CanyonState) -> int | None:
        return None if state.phase == "over" else state.turn

    def players(self, state: CanyonState) -> tuple[str, ...]:
        return state.players

    def phase(self, state: CanyonState) -> Phase:
        return Phase(state.phase)

    def outcome(self, state: CanyonState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(scores=tuple(self.score(state, p) for p in range(state.seats)),
                       winners=winners(state))

    def score(self, state: CanyonState, player: int) -> int:
        """Points left over at a landing dock; otherwise minus the fields still to go."""
        if state.left_over[player] >= 0:
            return state.left_over[player]
        return -distance_to_village(state, player)

    # ---- moves --------------------------------------------------------------------------
    def candidate_moves(self, state: CanyonState) -> Iterable[Move]:
        p = state.turn
        if state.phase == "launch":
            return [Launch(p, d) for d in state.board.starts]
        if state.phase == "tempo":
            singles = [Tempo(p, (c,)) for c in TEMPO_CARDS]
            pairs = [Tempo(p, (a, b)) for a in TEMPO_CARDS[::-1] for b in TEMPO_CARDS[::-1] if a > b]
            return singles + pairs
        if state.phase == "tricks":
            return [Play(p, c) for c in state.hands[p]]
        if state.phase == "move":
            return [*(Paddle(p, f) for f in self._nearby(state, p)), Stay(p), Drift(p)]
        return []

    def _nearby(self, state: CanyonState, p: int) -> list[int]:
        """Every water field the canoe's points could reach, the legal ends first."""
        plan = self.plan(state, p)
        board, start = state.board, plan.start
        r0, c0 = board.rc(start)
        radius = max(plan.points, 1)
        near = [r * board.cols + c
                for r in range(max(0, r0 - radius), min(board.rows, r0 + radius + 1))
                for c in range(max(0, c0 - radius), min(board.cols, c0 + radius + 1))
                if board.kinds[r * board.cols + c] in ENTERABLE and r * board.cols + c != start]
        return sorted(near, key=lambda f: (f not in plan.ends, f))

    def violation(self, state: CanyonState, move: Move) -> Violation | None:
        if state.phase == "over":
            return Violation("canyon.end", {"winner": " and ".join(
                state.players[w] for w in winners(state))})
        who = state.players[state.turn]
        if move.player != state.turn:
            name = state.players[move.player] if 0 <= move.player < state.seats else "?"
            return Violation("canyon.turn", {"player": who, "other": name})
        wanted = {"launch": Launch, "tempo": Tempo, "tricks": Play, "move": (Paddle, Stay, Drift)}
        if not isinstance(move, wanted[state.phase]):
            return Violation("canyon.round", {"phase": state.phase, "player": who})
        check = {Launch: self._launch_violation, Tempo: self._tempo_violation,
                 Play: self._play_violation}.get(type(move), self._move_violation)
        return check(state, move)

    def _launch_violation(self, state: CanyonState, move: Launch) -> Violation | None:
        field = state.board.field_name(move.dock) if 0 <= move.dock < len(state.board.kinds) else "?"
        if move.dock not in state.board.starts:
            return Violation("canyon.setup", {"field": field})
        if move.dock in state.canoes:
            return Violation("canyon.setup.dock", {"field": field,
                                                   "other": state.players[state.canoes.index(move.dock)]})
        return None

    def _tempo_violation(self, state: CanyonState, move: Tempo) -> Violation | None:
        return tempo_violation(move.cards)

    def _play_violation(self, state: CanyonState, move: Play) -> Violation | None:
        hand = state.hands[move.player]
        who = state.players[move.player]
        if move.card not in hand:
            return Violation("canyon.trick.hand", {"player": who, "card": str(move.card)})
        if state.table:
            led = state.table[0][1].suit
            if move.card.suit != led and any(c.suit == led for c in hand):
                return Violation("canyon.trick.follow", {"player": who, "card": str(move.card),
                                                         "suit": led})
        return None

    def _move_violation(self, state: CanyonState, move: Move) -> Violation | None:
        p, board = move.player, state.board
        who = state.players[p]
        drifting = must_drift(state, p)
        if isinstance(move, Drift):
            return None if drifting else Violation("canyon.current.drift", {"player": who})
        if drifting:
            return Violation("canyon.current.exact", {"player": who, "tempo": state.tempo_of(p),
                                                       "tricks": state.tricks[p]})
        plan = self.plan(state, p)
        if isinstance(move, Stay):
            if plan.blocked:
                return None
            usable = min(plan.used(e) for e in plan.ends)
            return Violation("canyon.move.all-points", {"player": who, "points": usable})
        end = move.end
        name = board.field_name(end) if 0 <= end < len(board.kinds) else "?"
        if end == plan.start:
            return Violation("canyon.move.rules", {"field": name})
        if not 0 <= end < len(board.kinds) or board.kinds[end] not in ENTERABLE:
            return Violation("canyon.move.water", {"field": name})
        if end in state.canoes:
            return Violation("canyon.move.one-canoe", {"field": name,
                                                       "other": state.players[state.canoes.index(end)]})
        if end in plan.ends:
            return None
        params = {"player": who, "field": name, "points": plan.points}
        distance = reach_distance(board, plan.start, end, blocking(state, p))
        if distance is None:
            return Violation("canyon.move.through", params)
        if distance > plan.points:
            rule = "canyon.current.bonus" if in_current(state, p) else "canyon.move.reach"
            return Violation(rule, {**params, "distance": distance})
        best = min(plan.ends)
        params.update(best=board.field_name(best), near=board.village_distance[best],
                      distance=board.village_distance[end])
        if plan.docked:
            return Violation("canyon.move.optimal", params)
        used = plan.used(best)
        if exact_path(board, plan.start, end, used, blocking(state, p)) is not None:
            return Violation("canyon.move.optimal", params)
        return Violation("canyon.move.all-points", {**params, "points": used})

    def plan(self, state: CanyonState, player: int) -> Plan:
        """The legal end fields (and a path to each) of a player's canoe this round."""
        start = state.canoes[player]
        start = state.board.cave if start == CAVE else start
        return plan_move(state.board, start, points(state, player), blocking(state, player))

    # ---- playing ------------------------------------------------------------------------
    def play(self, state: CanyonState, move: Move) -> CanyonState:
        p = move.player
        if isinstance(move, Launch):
            state = state.but(canoes=set_item(state.canoes, p, move.dock), last_path=(move.dock,))
            nxt = (p + 1) % state.seats
            return deal(state, 1, 1) if nxt == state.start_player else state.but(turn=nxt)
        if isinstance(move, Tempo):
            state = state.but(tempo=set_item(state.tempo, p, move.cards))
            nxt = (p + 1) % state.seats
            if nxt == state.start_player:
                return state.but(phase="tricks", turn=nxt)
            return state.but(turn=nxt)
        if isinstance(move, Play):
            return self._play_card(state, move)
        if isinstance(move, Drift):
            return next_mover(drift(state, p))
        if isinstance(move, Stay):
            here = state.canoes[p]
            return next_mover(state.but(moved=set_item(state.moved, p, True),
                                      last_path=(here,) if here >= 0 else (), pushed=()))
        plan = self.plan(state, p)
        path = plan.ends[move.end]
        left = plan.left_over(move.end) if plan.docked else -1
        return next_mover(state.but(canoes=set_item(state.canoes, p, move.end),
                                  moved=set_item(state.moved, p, True), last_path=path, pushed=(),
                                  left_over=set_item(state.left_over, p, left)))

    def _play_card(self, state: CanyonState, move: Play) -> CanyonState:
        p = move.player
        hand = tuple(c for c in state.hands[p] if c != move.card)
        table = (*state.table, (p, move.card))
        state = state.but(hands=set_item(state.hands, p, hand), table=table)
        if len(table) < state.seats:
            return state.but(turn=(p + 1) % state.seats)
        winner = trick_winner(table, state.trump.suit)
        state = state.but(table=(), last_trick=table, last_winner=winner,
                        played=(*state.played, *(c for _, c in table)),
                        tricks=set_item(state.tricks, winner, state.tricks[winner] + 1), turn=winner)
        if any(state.hands):
            return state
        return start_moves(state)

    # ---- text ---------------------------------------------------------------------------
    def move_text(self, state: CanyonState, move: Move) -> str:
        return notation.text(state.board, state.players, move)

    def parse_move(self, state: CanyonState, text: str) -> Move:
        turn = state.turn if state.phase != "over" else -1
        return notation.parse(state.board, state.players, turn, text)

    def to_json(self, state: CanyonState) -> dict:
        return codec.to_json(state)

    def from_json(self, data: Mapping) -> CanyonState:
        return codec.from_json(data)

    def observation(self, state: CanyonState, player: int) -> CanyonState:
        """Hide the other hands, the undealt cards and the finished tricks (laid face down)."""
        hands = tuple(h if i == player else (HIDDEN,) * len(h) for i, h in enumerate(state.hands))
        return state.but(hands=hands, stock=(HIDDEN,) * len(state.stock),
                       played=(HIDDEN,) * len(state.played))

    def parse_position(self, text: str, options=None, seed: int = 0) -> CanyonState:
        players, skip, board = read_options(options)
        return position.parse(text, players, skip, board, seed)

    def facts(self, state: CanyonState) -> dict[str, object]:
        return facts(self, state)

    def move_rules(self, state: CanyonState, move: Move) -> tuple[str, ...]:
        match move:
            case Launch():
                return ("canyon.setup",)
            case Tempo():
                return ("canyon.round.tempo",)
            case Play():
                return ("canyon.round.tricks", "canyon.trick.follow")
            case Drift():
                return ("canyon.current.drift", "canyon.current.push", "canyon.current.waterfall")
        if in_current(state, move.player):
            return ("canyon.current.exact", "canyon.move.optimal")
        return ("canyon.move.bonus", "canyon.move.rules", "canyon.move.optimal")
