"""Saving a Canyon state as JSON and reading it back, checking every field.

Cards are texts (``"blue 7"``), fields are names (``"c12"``, ``"cave"``, ``"off"``), a
built-in map is saved by name, any other map by its text.
"""
from __future__ import annotations

from collections import Counter
from typing import Mapping

from tutor.core.errors import BadState, MalformedInput

from .board import Board
from .cards import BY_TEXT, DECK, Card
from .rounds import tempo_violation
from .state import CAVE, OFF, PHASES, CanyonState


def field_text(board: Board, field: int) -> str:
    return {CAVE: "cave", OFF: "off"}.get(field) or board.field_name(field)


def to_json(s: CanyonState) -> dict:
    b = s.board
    return {
        "players": list(s.players),
        "map": b.name if b.name else {"text": b.text},
        "seed": s.seed, "skip": s.skip, "phase": s.phase, "round_no": s.round_no,
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


def from_json(data: Mapping) -> CanyonState:
    if not isinstance(data, Mapping):
        raise BadState("a Canyon state is a JSON object")
    reader = _Reader(data)
    players = tuple(reader.list("players", str))
    n = len(players)
    if not 3 <= n <= 6:
        raise BadState(f"3 to 6 players, not {n}", where="players")
    board = reader.board()
    seats = reader.seat
    state = CanyonState(
        players=players, board=board,
        seed=reader.int("seed"), skip=reader.bool("skip"),
        phase=reader.choice("phase", PHASES),
        round_no=reader.int("round_no", 0), counter=reader.int("counter", 1, 14),
        dealer=seats("dealer", n), start_player=seats("start_player", n), turn=seats("turn", n),
        draws=tuple(reader.cards("draws")),
        hands=tuple(tuple(reader.cards("hands", i)) for i in range(reader.length("hands", n))),
        trump=reader.card("trump") if data.get("trump") is not None else None,
        stock=tuple(reader.cards("stock")), played=tuple(reader.cards("played")),
        table=reader.plays("table", n), last_trick=reader.plays("last_trick", n),
        last_winner=reader.int("last_winner", -1, n - 1),
        tempo=tuple(tuple(reader.list(("tempo", i), int)) for i in range(reader.length("tempo", n))),
        tricks=tuple(reader.list("tricks", int)),
        canoes=tuple(reader.field(("canoes", i)) for i in range(reader.length("canoes", n))),
        moved=tuple(reader.list("moved", bool)),
        left_over=tuple(reader.list("left_over", int)),
        points=tuple(reader.list("points", int)),
        last_path=tuple(reader.field(("last_path", i)) for i in range(len(reader.list("last_path", str)))),
        pushed=tuple(reader.list("pushed", int)),
    )
    for name in ("tricks", "moved", "left_over"):
        if len(getattr(state, name)) != n:
            raise BadState(f"needs one entry per player ({n})", where=name)
    if len(state.points) != (n if state.phase in ("move", "over") else 0):
        raise BadState("one entry per player in the move phase, none before", where="points")
    check(state)
    return state


def check(state: CanyonState) -> None:
    """The invariants: the 50 cards all accounted for, one canoe per field but the cave."""
    cards = [*(c for h in state.hands for c in h), *state.stock, *state.played,
             *(c for _, c in state.table), *([state.trump] if state.trump else [])]
    counts = Counter(cards)
    doubled = sorted(str(c) for c, k in counts.items() if k > 1)
    if doubled:
        raise BadState(f"card(s) {', '.join(doubled)} appear twice", where="hands")
    if len(cards) != len(DECK):
        raise BadState(f"{len(cards)} cards are accounted for, not {len(DECK)}", where="stock")
    for p, cards in enumerate(state.tempo):
        if cards and tempo_violation(cards):
            raise BadState(f"tempo cards {list(cards)} cannot be laid", where=f"tempo[{p}]")
    if min(state.tricks) < 0 or min(state.left_over) < -1 or min(state.points, default=0) < 0:
        raise BadState("tricks and points cannot be negative", where="tricks")
    placed = [f for f in state.canoes if f >= 0]
    if len(placed) != len(set(placed)):
        raise BadState("two canoes on one field (only the rock cave holds several)", where="canoes")
    if CAVE in state.canoes and state.board.cave is None:
        raise BadState("a canoe is in the rock cave but the map has none", where="canoes")


class _Reader:
    """Typed access to the JSON fields, each error naming its field."""

    def __init__(self, data: Mapping):
        self.data = data
        self._board: Board | None = None

    def raw(self, key):
        name, index = (key, None) if isinstance(key, str) else key
        if name not in self.data:
            raise BadState("field is missing", where=name)
        value = self.data[name]
        if index is not None:
            if not isinstance(value, list) or index >= len(value):
                raise BadState("must be a list with one entry per player", where=name)
            value = value[index]
        return value

    def _where(self, key) -> str:
        return key if isinstance(key, str) else f"{key[0]}[{key[1]}]"

    def int(self, key, lo: int | None = None, hi: int | None = None) -> int:
        value = self.raw(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise BadState(f"must be a whole number, not {value!r}", where=self._where(key))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise BadState(f"{value} is out of range", where=self._where(key))
        return value

    def seat(self, key, n: int) -> int:
        return self.int(key, 0, n - 1)

    def bool(self, key) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise BadState(f"must be true or false, not {value!r}", where=self._where(key))
        return value

    def choice(self, key, allowed) -> str:
        value = self.raw(key)
        if value not in allowed:
            raise BadState(f"must be one of {', '.join(allowed)}, not {value!r}", where=self._where(key))
        return value

    def list(self, key, kind) -> list:
        value = self.raw(key)
        if not isinstance(value, list) or (kind is not object and not all(
                type(v) is kind or (kind is not int and isinstance(v, kind)) for v in value)):
            raise BadState(f"must be a list of {kind.__name__}", where=self._where(key))
        return value

    def length(self, key, n: int) -> int:
        if len(self.list(key, object)) != n:
            raise BadState(f"needs one entry per player ({n})", where=key)
        return n

    def card(self, key) -> Card:
        value = self.raw(key)
        try:
            return Card.parse(value) if isinstance(value, str) else Card.parse(repr(value))
        except MalformedInput as exc:
            raise BadState(exc.problem, where=self._where(key)) from None

    def cards(self, key, index: int | None = None) -> list[Card]:
        values = self.list(key if index is None else (key, index), str)
        where = self._where(key if index is None else (key, index))
        try:
            return [BY_TEXT.get(v) or Card.parse(v) for v in values]
        except MalformedInput as exc:
            raise BadState(exc.problem, where=where) from None

    def plays(self, key, n: int) -> tuple:
        out = []
        for i, item in enumerate(self.list(key, list)):
            if len(item) != 2 or not isinstance(item[0], int) or not 0 <= item[0] < n:
                raise BadState("each play is [seat, card]", where=f"{key}[{i}]")
            try:
                out.append((item[0], Card.parse(item[1]) if isinstance(item[1], str) else None))
            except MalformedInput as exc:
                raise BadState(exc.problem, where=f"{key}[{i}]") from None
            if out[-1][1] is None:
                raise BadState("each play is [seat, card]", where=f"{key}[{i}]")
        return tuple(out)

    def board(self) -> Board:
        value = self.raw("map")
        try:
            if isinstance(value, str):
                self._board = Board.builtin(value)
            elif isinstance(value, Mapping) and isinstance(value.get("text"), str):
                self._board = Board.parse(value["text"])
            else:
                raise BadState("a built-in map's name or {\"text\": ...}", where="map")
        except BadState as exc:
            raise BadState(exc.problem, where=f"map, {exc.where}" if exc.where else "map") from None
        return self._board

    def field(self, key) -> int:
        value = self.raw(key)
        if value == "cave":
            return CAVE
        if value == "off":
            return OFF
        try:
            return self._board.field(value)
        except (ValueError, AttributeError):
            raise BadState(f"not a field: {value!r}", where=self._where(key)) from None
