"""Saving a Canyon state as JSON and reading it back, checking every field.

Cards are texts (``"blue 7"``), fields are names (``"c12"``, ``"cave"``, ``"off"``), a
built-in map is saved by name, any other map by its text. Every problem is a BadState
naming the field.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from tutor.core.errors import BadState, MalformedInput
from tutor.core.i18n import translator

from .board import Board
from .cards import BY_TEXT, DECK, Card
from .notation import field_text
from .rules import tempo_violation
from .state import CAVE, OFF, CanyonState, Phase

T = translator("canyon")


def to_json(s: CanyonState) -> dict[str, Any]:
    b = s.board
    return {
        "players": list(s.players),
        "map": b.name if b.name else {"text": b.text},
        "seed": s.seed, "skip": s.skip, "phase": s.phase.value, "round_no": s.round_no,
        "counter": s.counter, "dealer": s.dealer, "start_player": s.start_player,
        "turn": s.turn,
        "draws": [str(c) for c in s.draws],
        "hands": [[str(c) for c in h] for h in s.hands],
        "trump": str(s.trump) if s.trump else None,
        "stock": [str(c) for c in s.stock],
        "played": [str(c) for c in s.played],
        "table": [[p, str(c)] for p, c in s.table],
        "last_trick": [[p, str(c)] for p, c in s.last_trick],
        "last_winner": s.last_winner,
        "tempo": [list(t) for t in s.tempo],
        "tricks": list(s.tricks),
        "canoes": [field_text(b, f) for f in s.canoes],
        "moved": list(s.moved),
        "left_over": list(s.left_over),
        "points": list(s.points),
        "last_path": [b.field_name(f) for f in s.last_path],
        "pushed": list(s.pushed),
    }


def from_json(data: Mapping[str, Any]) -> CanyonState:
    if not isinstance(data, Mapping):
        raise BadState(T._("a Canyon state is a JSON object"))
    read = _Reader(data)
    players = tuple(read.texts("players"))
    n = len(players)
    if not 3 <= n <= 6:
        raise BadState(T._("3 to 6 players, not {n}", n=n), where="players")
    board = read.board()
    per_player = {"hands", "tempo", "canoes", "tricks", "moved", "left_over"}
    for name in per_player:
        if len(read.items(name)) != n:
            raise BadState(T._("needs one entry per player ({n})", n=n), where=name)
    phase = Phase(read.choice("phase", [p.value for p in Phase]))
    state = CanyonState(
        players=players, board=board, seed=read.number("seed"), skip=read.flag("skip"),
        phase=phase, round_no=read.number("round_no", 0), counter=read.number("counter", 1, 14),
        dealer=read.number("dealer", 0, n - 1), start_player=read.number("start_player", 0, n - 1),
        turn=read.number("turn", 0, n - 1),
        draws=read.cards("draws"),
        hands=tuple(read.cards("hands", i) for i in range(n)),
        trump=read.card("trump") if data.get("trump") is not None else None,
        stock=read.cards("stock"), played=read.cards("played"),
        table=read.plays("table", n), last_trick=read.plays("last_trick", n),
        last_winner=read.number("last_winner", -1, n - 1),
        tempo=tuple(tuple(read.numbers("tempo", i)) for i in range(n)),
        tricks=tuple(read.numbers("tricks")),
        canoes=tuple(read.field(board, "canoes", i) for i in range(n)),
        moved=tuple(read.flags("moved")),
        left_over=tuple(read.numbers("left_over")),
        points=tuple(read.numbers("points")),
        last_path=tuple(read.field(board, "last_path", i)
                        for i in range(len(read.items("last_path")))),
        pushed=tuple(read.numbers("pushed")),
    )
    if len(state.points) != (n if state.phase in (Phase.MOVE, Phase.OVER) else 0):
        raise BadState(T._("one entry per player in the move phase, none before"),
                       where="points")
    check(state)
    return state


def check(state: CanyonState) -> None:
    """The invariants: the 50 cards all accounted for, one canoe per field but the cave."""
    cards = [*(c for h in state.hands for c in h), *state.stock, *state.played,
             *(c for _, c in state.table), *([state.trump] if state.trump else [])]
    counts = Counter(cards)
    doubled = sorted(str(c) for c, k in counts.items() if k > 1)
    if doubled:
        raise BadState(T.n_("card {cards} appears twice", "cards {cards} appear twice",
                            len(doubled), cards=", ".join(doubled)), where="hands")
    if len(cards) != len(DECK):
        raise BadState(T._("{count} cards are accounted for, not {deck}", count=len(cards),
                           deck=len(DECK)), where="stock")
    for p, laid in enumerate(state.tempo):
        if laid and tempo_violation(laid):
            raise BadState(T._("tempo cards {cards} cannot be laid", cards=list(laid)),
                           where=f"tempo[{p}]")
    if min(state.tricks) < 0 or min(state.left_over) < -1 or min(state.points, default=0) < 0:
        raise BadState(T._("tricks and points cannot be negative"), where="tricks")
    placed = [f for f in state.canoes if f >= 0]
    if len(placed) != len(set(placed)):
        raise BadState(T._("two canoes on one field (only the rock cave holds several)"),
                       where="canoes")
    if CAVE in state.canoes and state.board.cave is None:
        raise BadState(T._("a canoe is in the rock cave but the map has none"), where="canoes")
    if (state.trump is None) != (state.phase is Phase.LAUNCH):
        raise BadState(T._("the trump card is turned up once the cards are dealt"), where="trump")
    if any(not 0 <= p < state.seats for p in state.pushed):
        raise BadState(T._("a pushed canoe is no player's"), where="pushed")


class _Reader:
    """Typed access to the JSON fields, each error naming its field."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data

    def raw(self, name: str, index: int | None = None) -> object:
        if name not in self.data:
            raise BadState(T._("this entry is missing"), where=name)
        value = self.data[name]
        if index is not None:
            if not isinstance(value, list) or index >= len(value):
                raise BadState(T._("must be a list with one entry per player"), where=name)
            value = value[index]
        return value

    @staticmethod
    def _where(name: str, index: int | None) -> str:
        return name if index is None else f"{name}[{index}]"

    def number(self, name: str, lo: int | None = None, hi: int | None = None,
               index: int | None = None) -> int:
        value = self.raw(name, index)
        if type(value) is not int:
            raise BadState(T._("must be a whole number, not {value}", value=repr(value)),
                           where=self._where(name, index))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise BadState(T._("{value} is out of range", value=value),
                           where=self._where(name, index))
        return value

    def flag(self, name: str) -> bool:
        value = self.raw(name)
        if not isinstance(value, bool):
            raise BadState(T._("must be true or false, not {value}", value=repr(value)), where=name)
        return value

    def choice(self, name: str, allowed: list[str]) -> str:
        value = self.raw(name)
        if not isinstance(value, str) or value not in allowed:
            raise BadState(T._("must be one of {allowed}, not {value}", allowed=", ".join(allowed),
                               value=repr(value)), where=name)
        return value

    def items(self, name: str, index: int | None = None) -> list[object]:
        value = self.raw(name, index)
        if not isinstance(value, list):
            raise BadState(T._("must be a list"), where=self._where(name, index))
        return value

    def texts(self, name: str, index: int | None = None) -> list[str]:
        value = self.items(name, index)
        if not all(isinstance(v, str) for v in value):
            raise BadState(T._("must be a list of texts"), where=self._where(name, index))
        return [str(v) for v in value]

    def numbers(self, name: str, index: int | None = None) -> list[int]:
        value = self.items(name, index)
        if not all(type(v) is int for v in value):
            raise BadState(T._("must be a list of whole numbers"), where=self._where(name, index))
        return [int(str(v)) for v in value]

    def flags(self, name: str) -> list[bool]:
        value = self.items(name)
        if not all(isinstance(v, bool) for v in value):
            raise BadState(T._("must be a list of true or false"), where=name)
        return [v is True for v in value]

    def card(self, name: str) -> Card:
        value = self.raw(name)
        try:
            return Card.parse(value if isinstance(value, str) else repr(value))
        except MalformedInput as exc:
            raise BadState(exc.problem, where=name) from None

    def cards(self, name: str, index: int | None = None) -> tuple[Card, ...]:
        values = self.texts(name, index)
        try:
            return tuple(BY_TEXT.get(v) or Card.parse(v) for v in values)
        except MalformedInput as exc:
            raise BadState(exc.problem, where=self._where(name, index)) from None

    def plays(self, name: str, n: int) -> tuple[tuple[int, Card], ...]:
        out = []
        for i, item in enumerate(self.items(name)):
            if (not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int
                    or not 0 <= item[0] < n or not isinstance(item[1], str)):
                raise BadState(T._("each play is [seat, card]"), where=f"{name}[{i}]")
            try:
                out.append((item[0], Card.parse(item[1])))
            except MalformedInput as exc:
                raise BadState(exc.problem, where=f"{name}[{i}]") from None
        return tuple(out)

    def board(self) -> Board:
        value = self.raw("map")
        try:
            if isinstance(value, str):
                return Board.builtin(value)
            if isinstance(value, Mapping) and isinstance(value.get("text"), str):
                return Board.parse(value["text"])
            raise BadState(T._("a built-in map's name, or an object with the map's \"text\""), where="map")
        except BadState as exc:
            raise BadState(exc.problem, where=f"map, {exc.where}" if exc.where else "map") from None

    def field(self, board: Board, name: str, index: int) -> int:
        value = self.raw(name, index)
        if value == "cave":
            return CAVE
        if value == "off":
            return OFF
        try:
            return board.field(value if isinstance(value, str) else repr(value))
        except ValueError:
            raise BadState(T._("not a field: {value}", value=repr(value)),
                           where=self._where(name, index)) from None
