"""States to JSON and back; a saved state is checked like a written position.

>>> from tutor.intrappola.position import deal
>>> s = deal({}, seed=3)
>>> from_json(to_json(s)) == s
True
>>> from_json({**to_json(s), "deck": [*s.deck, s.table[0]]})
Traceback (most recent call last):
...
tutor.core.errors.BadState: cards in more than one place: 8
"""
from __future__ import annotations

from dataclasses import asdict, fields
from typing import Mapping

from tutor.core.errors import BadState

from .position import MAX_PICTURES, validate
from .state import IntrappolaState, LastTurn

_PAIRS = ("hands", "caught", "known", "under")


def to_json(state: IntrappolaState) -> dict:
    return _lists(asdict(state))


def _lists(value):
    """Tuples (at any depth) as JSON lists."""
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_lists(v) for v in value]
    return value


def _cards(value, field: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(c, int) and not isinstance(c, bool)
                                              for c in value):
        raise BadState("must be a list of card numbers", where=f"field {field!r}")
    return tuple(value)


def _last(data) -> LastTurn | None:
    if data is None:
        return None
    if not isinstance(data, Mapping) or set(data) - {f.name for f in fields(LastTurn)}:
        raise BadState("not a record of the last turn", where="field 'last'")
    try:
        values = dict(data)
        for key in ("cards", "prey"):
            values[key] = _cards(values.get(key, []), f"last.{key}")
        values["shown"] = tuple(_cards(h, "last.shown") for h in values.get("shown", []))
        for key in ("hunter", "points", "drawn", "gained", "placed"):
            value = values.get(key)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise BadState("must be a whole number", where=f"field 'last.{key}'")
        return LastTurn(**values)
    except TypeError as exc:
        raise BadState(str(exc), where="field 'last'") from None


def from_json(data: Mapping) -> IntrappolaState:
    if not isinstance(data, Mapping):
        raise BadState("a saved InTrappola game is a JSON object")
    wanted = {f.name for f in fields(IntrappolaState)}
    missing, unknown = wanted - set(data), set(data) - wanted
    if missing or unknown:
        raise BadState(f"missing fields {sorted(missing)}, unknown fields {sorted(unknown)}")
    values = dict(data)
    for key in _PAIRS:
        pair = data[key]
        if not isinstance(pair, list) or len(pair) != 2:
            raise BadState("must be a list of two lists", where=f"field {key!r}")
        values[key] = tuple(_cards(v, key) for v in pair)
    for key in ("deck", "table"):
        values[key] = _cards(data[key], key)
    players = data["players"]
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise BadState("must be two names", where="field 'players'")
    values["players"] = tuple(players)
    for key in ("pictures", "turn", "quiet"):
        if not isinstance(data[key], int) or isinstance(data[key], bool):
            raise BadState("must be a whole number", where=f"field {key!r}")
    if not 1 <= data["pictures"] <= MAX_PICTURES:  # what a new game or a position allows
        raise BadState(f"must be from 1 to {MAX_PICTURES}", where="field 'pictures'")
    values["last"] = _last(data["last"])
    return validate(IntrappolaState(**values))
