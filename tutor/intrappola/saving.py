"""States to JSON and back; a saved state is checked like a written position.

The JSON is the state's fields by name (the format of every saved game so far, so games
saved before still load).

>>> from tutor.intrappola.variants import deal
>>> s = deal(("Anna", "Bruno"), 1, seed=3)
>>> from_json(to_json(s)) == s
True
>>> from_json({**to_json(s), "deck": [*s.deck, s.table[0]]})
Traceback (most recent call last):
...
tutor.core.errors.BadState: cards in more than one place: 8
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Mapping

from tutor.core.errors import BadState
from tutor.core.i18n import translator

from .options import MAX_PICTURES
from .position import validate
from .state import InTrappolaState, LastTurn

T = translator("intrappola")

_PAIRS = ("hands", "caught", "known", "under")
_LAST_FIELDS = {f.name for f in fields(LastTurn)}
_STATE_FIELDS = {f.name for f in fields(InTrappolaState)}


def _last_json(last: LastTurn | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {"kind": last.kind, "hunter": last.hunter, "cards": list(last.cards),
            "prey": list(last.prey), "points": last.points, "drawn": last.drawn,
            "gained": last.gained, "placed": last.placed,
            "shown": [list(h) for h in last.shown]}


def to_json(state: InTrappolaState) -> dict[str, Any]:
    return {"players": list(state.players), "pictures": state.pictures,
            "hands": [list(h) for h in state.hands], "deck": list(state.deck),
            "table": list(state.table), "caught": [list(c) for c in state.caught],
            "turn": state.turn, "quiet": state.quiet,
            "known": [list(k) for k in state.known], "under": [list(u) for u in state.under],
            "last": _last_json(state.last)}


def _cards(value: object, field: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(c, int) and not isinstance(c, bool)
                                              for c in value):
        raise BadState(T._("must be a list of card numbers"), where=f"field {field!r}")
    return tuple(value)


def _whole(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadState(T._("must be a whole number"), where=f"field {field!r}")
    return value


def _last(data: object) -> LastTurn | None:
    if data is None:
        return None
    if not isinstance(data, Mapping) or set(data) - _LAST_FIELDS or "kind" not in data \
            or "hunter" not in data:
        raise BadState(T._("not a record of the last turn"), where="field 'last'")
    kind = data["kind"]
    if kind not in ("caught", "missed", "discard", "pass"):
        raise BadState(T._("not a kind of turn: {kind}", kind=repr(kind)),
                       where="field 'last.kind'")
    hunter = _whole(data["hunter"], "last.hunter")
    if hunter not in (0, 1):
        raise BadState(T._("must be 0 or 1"), where="field 'last.hunter'")
    shown = data.get("shown", [])
    if not isinstance(shown, list):
        raise BadState(T._("must be a list of card numbers"), where="field 'last.shown'")
    one: dict[str, int | None] = {}
    for key in ("drawn", "gained", "placed"):
        value = data.get(key)
        one[key] = None if value is None else _whole(value, f"last.{key}")
    return LastTurn(kind, hunter, _cards(data.get("cards", []), "last.cards"),
                    _cards(data.get("prey", []), "last.prey"),
                    _whole(data.get("points", 0), "last.points"), one["drawn"], one["gained"],
                    one["placed"], tuple(_cards(h, "last.shown") for h in shown))


def from_json(data: Mapping[str, Any]) -> InTrappolaState:
    if not isinstance(data, Mapping):
        raise BadState(T._("a saved InTrappola game is a JSON object"))
    missing, unknown = _STATE_FIELDS - set(data), set(data) - _STATE_FIELDS
    if missing or unknown:
        raise BadState(T._("missing fields {missing}, unknown fields {unknown}",
                           missing=sorted(missing), unknown=sorted(unknown)))
    pairs: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    for key in _PAIRS:
        pair = data[key]
        if not isinstance(pair, list) or len(pair) != 2:
            raise BadState(T._("must be a list of two lists"), where=f"field {key!r}")
        pairs[key] = (_cards(pair[0], key), _cards(pair[1], key))
    players = data["players"]
    if (not isinstance(players, list) or len(players) != 2
            or not all(isinstance(p, str) for p in players)):
        raise BadState(T._("must be two names"), where="field 'players'")
    pictures = _whole(data["pictures"], "pictures")
    if not 1 <= pictures <= MAX_PICTURES:  # what a new game or a position allows
        raise BadState(T._("must be from 1 to {most}", most=MAX_PICTURES),
                       where="field 'pictures'")
    return validate(InTrappolaState(
        (players[0], players[1]), pictures, pairs["hands"], _cards(data["deck"], "deck"),
        _cards(data["table"], "table"), pairs["caught"], _whole(data["turn"], "turn"),
        _whole(data["quiet"], "quiet"), pairs["known"], pairs["under"], _last(data["last"])))
