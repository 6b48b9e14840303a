"""One state codec for every game: frozen dataclasses to JSON and back, read by type hints.

A state is a frozen dataclass of ints, texts, booleans, ``None``, Enums, tuples, frozensets,
mappings, named tuples and other frozen dataclasses. :class:`Codec` writes it as the JSON a
person would write by hand (a dataclass as an object of its fields by name, a tuple or a
frozenset as a list, an Enum as its value, a named tuple as a list of its fields) and reads
it back by the type hints of the dataclass, so a game writes no saving code. A type the
hints cannot express (a map parsed from its text, say) gets a :class:`JsonForm` of its own:
the game names it in :attr:`tutor.core.game.Game.json_forms`.

Reading is bounded, whatever the input: at most :data:`MAX_ITEMS` values in all, texts of
at most :data:`MAX_TEXT` characters, whole numbers within :data:`MAX_INT`, lists and objects
nested at most :data:`MAX_DEPTH` deep. Anything else - a wrong type, an unknown or missing
field, a value out of bounds - raises :class:`~tutor.core.errors.BadState` naming the
field's path (``displays[0].rows[1].canoe``), never another exception. Whether the state
read is one the game can reach is the game's question (:meth:`Game.invariants
<tutor.core.game.Game.invariants>`), asked by :meth:`Game.from_json
<tutor.core.game.Game.from_json>`.

>>> from examples.nim import NimState
>>> codec = Codec(NimState)
>>> codec.encode(NimState(("Ann", "Bo"), heap=7, taken=(2, 1)))
{'players': ['Ann', 'Bo'], 'heap': 7, 'turn': 0, 'taken': [2, 1], 'variant': 'normal'}
>>> codec.decode({"players": ["Ann", "Bo"], "heap": 7}) == NimState(("Ann", "Bo"), 7)
True
>>> codec.decode({"players": ["Ann", "Bo"], "heap": 7, "taken": [2, "one"]})
Traceback (most recent call last):
...
tutor.core.errors.BadState: field 'taken[1]': must be a whole number, not the text 'one'
>>> codec.decode({"players": ["Ann", "Bo"], "heap": 10**30})
Traceback (most recent call last):
...
tutor.core.errors.BadState: field 'heap': must be a whole number from -9223372036854775808 to 9223372036854775808, not a number of about 31 digits
>>> codec.decode({"players": ["Ann", "Bo"], "heap": 7, "chairs": 4})
Traceback (most recent call last):
...
tutor.core.errors.BadState: field 'chairs': is not a field of NimState (its fields: players, heap, turn, taken, variant)
"""
from __future__ import annotations

import collections.abc
import dataclasses
import json
import types
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Mapping

from .errors import BadState, MalformedInput

#: the largest whole number read (a seed is at most 64 bits)
MAX_INT = 2**63
#: the longest text read (a map written inline is a few hundred characters)
MAX_TEXT = 10_000
#: the most values (list items, object fields, scalars) read in one state
MAX_ITEMS = 100_000
#: the deepest nesting of lists and objects read
MAX_DEPTH = 32


@dataclass(frozen=True)
class JsonForm:
    """A game's own JSON form of a type the codec cannot read from type hints:
    ``encode`` gives plain JSON (checked for the bounds before ``decode`` sees it);
    ``decode`` gives the value back or raises (any exception becomes a BadState naming the
    field)."""

    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]


class _Fail(Exception):
    """A problem found while reading, with the path from the problem up (reversed);
    ``mismatch``: the value is of another kind than the one expected (a union tries on)."""

    def __init__(self, problem: str, mismatch: bool = False):
        super().__init__(problem)
        self.problem = problem
        self.mismatch = mismatch
        self.path: list[str] = []


class _Budget:
    """How many values a reading may still take (:data:`MAX_ITEMS`)."""

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = MAX_ITEMS

    def take(self, count: int) -> None:
        self.left -= count
        if self.left < 0:
            raise _Fail(f"too large: more than {MAX_ITEMS} values in all")


Decode = Callable[[Any, _Budget, int], Any]
Encode = Callable[[Any], Any]


def describe(value: object) -> str:
    """What a value read is, for an error message (short, never the whole value).

    >>> describe(True), describe(7), describe("x" * 50), describe([1]), describe({})
    ('true', 'the number 7', "the text 'xxxxxxxxxxxxxxxxxxxx…'", 'a list', 'an object')
    >>> describe(10**5000)
    'a number of about 5001 digits'
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 64:  # (str() of a number over 4300 digits raises)
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return "the text " + repr(value[:20] + ("…" if len(value) > 20 else ""))
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return f"a {type(value).__name__}"


def _expected(what: str, value: object) -> _Fail:
    return _Fail(f"must be {what}, not {describe(value)}", mismatch=True)


class Codec:
    """The JSON codec of one state type (see the module docstring).

    ``forms`` gives a :class:`JsonForm` for a type the hints cannot express; building the
    codec raises TypeError (a programming error, not bad input) for a hint it cannot read.
    """

    def __init__(self, root: type, forms: Mapping[type, JsonForm] | None = None):
        self.root = root
        self.forms = dict(forms or {})
        self._decoders: dict[Any, Decode] = {}
        self._encoders: dict[Any, Encode] = {}
        self._decode = self._decoder(root)
        self._encode = self._encoder(root)

    # ---- the two directions -------------------------------------------------------------
    def encode(self, value: Any) -> Any:
        """Plain JSON data (dicts, lists, texts, numbers, booleans, None) for ``value``."""
        return self._encode(value)

    def decode(self, data: Any) -> Any:
        """The value ``data`` describes, or BadState naming the field that is wrong."""
        try:
            return self._decode(data, _Budget(), 0)
        except _Fail as fail:
            path = "".join(reversed(fail.path)).lstrip(".")
            raise BadState(fail.problem, where=f"field '{path}'" if path else None) from None

    # ---- building the readers --------------------------------------------------------------
    def _decoder(self, hint: Any) -> Decode:
        key = _key(hint)
        found = self._decoders.get(key)
        if found is None:
            # a placeholder first: a dataclass that holds itself reads through it
            self._decoders[key] = lambda value, budget, depth: made(value, budget, depth)
            made = self._make_decoder(hint)
            self._decoders[key] = found = made
        return found

    def _make_decoder(self, hint: Any) -> Decode:  # noqa: C901 - one branch per kind of hint
        if hint in self.forms:
            return _form_decoder(self.forms[hint])
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint is int:
            return _int
        if hint is bool:
            return _bool
        if hint is str:
            return _str
        if hint is float:
            return _float
        if hint is type(None) or hint is None:
            return _none
        if origin is typing.Literal:
            return _literal(args)
        if isinstance(hint, type) and issubclass(hint, Enum):
            return _enum(hint)
        if origin in (typing.Union, types.UnionType):
            return self._union(args)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return _sequence(self._decoder(args[0]), args[0], tuple)
        if origin is tuple:
            return _fixed(tuple(self._decoder(a) for a in args), tuple)
        if origin is frozenset:
            return _set(self._decoder(args[0]))
        if origin in (dict, collections.abc.Mapping):
            return self._mapping(args[0], args[1], origin is dict)
        if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
            hints = typing.get_type_hints(hint)
            return _fixed(tuple(self._decoder(hints[f]) for f in hint._fields), hint,
                          spread=True)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self._dataclass(hint)
        raise TypeError(f"the state codec cannot read {hint!r}: give the game a JsonForm "
                        f"for it (Game.json_forms)")

    def _union(self, args: tuple[Any, ...]) -> Decode:
        others = [a for a in args if a is not type(None)]
        nullable = len(others) < len(args)
        readers = [self._decoder(a) for a in others]
        what = " or ".join([_kind_words(a) for a in others] + (["null"] if nullable else []))

        def union(value: Any, budget: _Budget, depth: int) -> Any:
            if value is None and nullable:
                return None
            for read in readers:
                try:
                    return read(value, budget, depth)
                except _Fail as fail:
                    if not fail.mismatch or fail.path:
                        raise  # the value is of this form, but wrong inside: say so
            raise _expected(what, value)
        return union

    def _mapping(self, key_hint: Any, value_hint: Any, plain: bool) -> Decode:
        read_key, read_value = self._decoder(key_hint), self._decoder(value_hint)
        as_object = key_hint is str

        def mapping(value: Any, budget: _Budget, depth: int) -> Any:
            found: dict[Any, Any] = {}
            if as_object:
                if not isinstance(value, Mapping):
                    raise _expected("an object", value)
                budget.take(len(value))
                for key, item in value.items():
                    if type(key) is not str:
                        raise _Fail("an object's keys must be texts")
                    found[key] = _at(read_value, item, budget, depth + 1, f".{key}")
            else:
                if not isinstance(value, (list, tuple)):
                    raise _expected("a list of [key, value] pairs", value)
                budget.take(len(value))
                for index, pair in enumerate(value):
                    if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                        fail = _expected("a [key, value] pair", pair)
                        fail.path.append(f"[{index}]")
                        raise fail
                    key = _at(read_key, pair[0], budget, depth + 2, f"[{index}][0]")
                    if key in found:
                        fail = _Fail("a key given twice")
                        fail.path.append(f"[{index}][0]")
                        raise fail
                    found[key] = _at(read_value, pair[1], budget, depth + 2, f"[{index}][1]")
            return found if plain else types.MappingProxyType(found)
        return _deeper(mapping)

    def _dataclass(self, cls: type) -> Decode:
        hints = typing.get_type_hints(cls)
        fields = [f for f in dataclasses.fields(cls) if f.init]
        readers = {f.name: self._decoder(hints[f.name]) for f in fields}
        required = [f.name for f in fields if f.default is dataclasses.MISSING
                    and f.default_factory is dataclasses.MISSING]
        names = ", ".join(readers)

        def record(value: Any, budget: _Budget, depth: int) -> Any:
            if not isinstance(value, Mapping):
                raise _expected(f"an object with the fields of {cls.__name__}", value)
            if depth >= MAX_DEPTH:
                raise _Fail(f"nested deeper than {MAX_DEPTH} levels")
            budget.take(len(value))
            for key in value:
                if key not in readers:
                    fail = _Fail(f"is not a field of {cls.__name__} (its fields: {names})")
                    fail.path.append(f".{key}" if type(key) is str else f".{describe(key)}")
                    raise fail
            for name in required:
                if name not in value:
                    fail = _Fail("is missing")
                    fail.path.append(f".{name}")
                    raise fail
            given = {}
            name = ""
            try:
                for name, item in value.items():
                    given[name] = readers[name](item, budget, depth + 1)
            except _Fail as fail:
                fail.path.append(f".{name}")
                raise
            try:
                return cls(**given)
            except Exception as exc:  # a __post_init__ refusing a value
                raise _Fail(f"is not a {cls.__name__}: {exc}") from None
        return record

    # ---- building the writers --------------------------------------------------------------
    def _encoder(self, hint: Any) -> Encode:
        key = _key(hint)
        found = self._encoders.get(key)
        if found is None:
            self._encoders[key] = lambda value: made(value)
            made = self._make_encoder(hint)
            self._encoders[key] = found = made
        return found

    def _make_encoder(self, hint: Any) -> Encode:  # noqa: C901 - one branch per kind of hint
        if hint in self.forms:
            return self.forms[hint].encode
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint in (int, bool, str, float, None, type(None)) or origin is typing.Literal:
            return _same
        if isinstance(hint, type) and issubclass(hint, Enum):
            return _enum_value
        if origin in (typing.Union, types.UnionType):
            options = [(_runtime_type(a), self._encoder(a)) for a in args if a is not type(None)]
            if len(options) == 1:
                write = options[0][1]
                return lambda value: None if value is None else write(value)

            def union(value: Any) -> Any:
                if value is None:
                    return None
                for kind, write in options:
                    if isinstance(value, kind):
                        return write(value)
                raise TypeError(f"{value!r} is none of {args}")
            return union
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            if args[0] in (int, bool, str, float):
                return list
            write = self._encoder(args[0])
            return lambda value: [write(v) for v in value]
        if origin is tuple or (isinstance(hint, type) and issubclass(hint, tuple)
                               and hasattr(hint, "_fields")):
            if origin is tuple:
                writers = [self._encoder(a) for a in args]
            else:
                hints = typing.get_type_hints(hint)
                writers = [self._encoder(hints[f]) for f in hint._fields]
            return lambda value: [write(v) for write, v in zip(writers, value)]
        if origin is frozenset:
            write = self._encoder(args[0])
            return lambda value: sorted((write(v) for v in value), key=_order)
        if origin in (dict, collections.abc.Mapping):
            write_key, write_value = self._encoder(args[0]), self._encoder(args[1])
            if args[0] is str:
                return lambda value: {k: write_value(v) for k, v in value.items()}
            return lambda value: sorted(([write_key(k), write_value(v)]
                                         for k, v in value.items()), key=_order)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            hints = typing.get_type_hints(hint)
            by_name = {f.name: self._encoder(hints[f.name])
                       for f in dataclasses.fields(hint) if f.init}
            return lambda value: {name: write(getattr(value, name))
                                  for name, write in by_name.items()}
        raise TypeError(f"the state codec cannot write {hint!r}: give the game a JsonForm "
                        f"for it (Game.json_forms)")


# ---- readers of the plain kinds -------------------------------------------------------------
def _int(value: Any, budget: _Budget, depth: int) -> int:
    if type(value) is not int:
        raise _expected("a whole number", value)
    if not -MAX_INT <= value <= MAX_INT:
        raise _Fail(f"must be a whole number from {-MAX_INT} to {MAX_INT}, "
                    f"not {describe(value)}")
    return value


def _bool(value: Any, budget: _Budget, depth: int) -> bool:
    if type(value) is not bool:
        raise _expected("true or false", value)
    return value


def _str(value: Any, budget: _Budget, depth: int) -> str:
    if type(value) is not str:
        raise _expected("a text", value)
    if len(value) > MAX_TEXT:
        raise _Fail(f"must be a text of at most {MAX_TEXT} characters, not {len(value)}")
    return value


def _float(value: Any, budget: _Budget, depth: int) -> float:
    if type(value) is int:
        return float(_int(value, budget, depth))
    if type(value) is not float or value != value or value in (float("inf"), float("-inf")):
        raise _expected("a number", value)
    return value


def _none(value: Any, budget: _Budget, depth: int) -> None:
    if value is not None:
        raise _expected("null", value)


def _literal(choices: tuple[Any, ...]) -> Decode:
    what = "one of " + ", ".join(json.dumps(c) for c in choices)

    def literal(value: Any, budget: _Budget, depth: int) -> Any:
        for choice in choices:
            if type(value) is type(choice) and value == choice:
                return choice
        raise _expected(what, value)
    return literal


def _enum(cls: type[Enum]) -> Decode:
    members = {(type(m.value), m.value): m for m in cls}
    what = "one of " + ", ".join(repr(m.value) for m in cls)

    def enum(value: Any, budget: _Budget, depth: int) -> Any:
        if isinstance(value, (str, int, float, bool)) or value is None:
            found = members.get((type(value), value))
            if found is not None:
                return found
        raise _expected(what, value)
    return enum


def _at(read: Decode, value: Any, budget: _Budget, depth: int, step: str) -> Any:
    """``read(value)``, a failure inside it given this step of the path."""
    try:
        return read(value, budget, depth)
    except _Fail as fail:
        fail.path.append(step)
        raise


def _deeper(read: Decode) -> Decode:
    """``read`` of a list or an object: refused below :data:`MAX_DEPTH`."""
    def deeper(value: Any, budget: _Budget, depth: int) -> Any:
        if depth >= MAX_DEPTH:
            raise _Fail(f"nested deeper than {MAX_DEPTH} levels")
        return read(value, budget, depth)
    return deeper


def _plain(values: Any, kind: Any) -> bool:
    """Whether every item is of this scalar kind and within the bounds (checked at C speed:
    most of a state is lists of whole numbers)."""
    if not values:
        return True
    if set(map(type, values)) != {kind}:
        return False
    if kind is int:
        return bool(-MAX_INT <= min(values) and max(values) <= MAX_INT)
    if kind is str:
        return max(map(len, values)) <= MAX_TEXT
    return kind is bool


def _sequence(read: Decode, hint: Any, make: Callable[[Any], Any]) -> Decode:
    fast = hint in (int, str, bool)

    def sequence(value: Any, budget: _Budget, depth: int) -> Any:
        if not isinstance(value, (list, tuple)):
            raise _expected("a list", value)
        if depth >= MAX_DEPTH:
            raise _Fail(f"nested deeper than {MAX_DEPTH} levels")
        budget.take(len(value))
        if fast and _plain(value, hint):
            return make(value)
        found = []
        index = 0
        try:
            for index, item in enumerate(value):
                found.append(read(item, budget, depth + 1))
        except _Fail as fail:
            fail.path.append(f"[{index}]")
            raise
        return make(found)
    return sequence


def _fixed(readers: tuple[Decode, ...], make: Callable[..., Any], spread: bool = False
           ) -> Decode:
    count = len(readers)

    def fixed(value: Any, budget: _Budget, depth: int) -> Any:
        if not isinstance(value, (list, tuple)) or len(value) != count:
            raise _expected(f"a list of {count}", value)
        if depth >= MAX_DEPTH:
            raise _Fail(f"nested deeper than {MAX_DEPTH} levels")
        budget.take(count)
        found = []
        index = 0
        try:
            for index, read in enumerate(readers):
                found.append(read(value[index], budget, depth + 1))
        except _Fail as fail:
            fail.path.append(f"[{index}]")
            raise
        return make(*found) if spread else make(found)
    return fixed


def _set(read: Decode) -> Decode:
    def frozen_set(value: Any, budget: _Budget, depth: int) -> Any:
        if not isinstance(value, (list, tuple)):
            raise _expected("a list", value)
        budget.take(len(value))
        found: set[Any] = set()
        for index, item in enumerate(value):
            member = _at(read, item, budget, depth + 1, f"[{index}]")
            if member in found:
                fail = _Fail("is listed twice")
                fail.path.append(f"[{index}]")
                raise fail
            found.add(member)
        return frozenset(found)
    return _deeper(frozen_set)


def _form_decoder(form: JsonForm) -> Decode:
    def custom(value: Any, budget: _Budget, depth: int) -> Any:
        _check_plain(value, budget, depth)
        try:
            return form.decode(value)
        except MalformedInput as exc:
            raise _Fail(f"{exc.where}: {exc.problem}" if exc.where else exc.problem) from None
        except Exception as exc:  # whatever the game's reader raises on odd input
            raise _Fail(f"cannot be read ({type(exc).__name__}: {exc})") from None
    return custom


def _check_plain(value: Any, budget: _Budget, depth: int) -> None:
    """Plain JSON within the bounds (without recursion), before a game's own reader."""
    todo = [(value, depth)]
    while todo:
        item, level = todo.pop()
        if item is None or type(item) in (bool, float):
            continue
        if type(item) is int:
            _int(item, budget, level)
        elif type(item) is str:
            _str(item, budget, level)
        elif isinstance(item, (list, tuple, Mapping)):
            if level >= MAX_DEPTH:
                raise _Fail(f"nested deeper than {MAX_DEPTH} levels")
            budget.take(len(item))
            if isinstance(item, Mapping):
                if not all(type(k) is str for k in item):
                    raise _Fail("an object's keys must be texts")
                todo.extend((v, level + 1) for v in item.values())
            else:
                todo.extend((v, level + 1) for v in item)
        else:
            raise _Fail(f"must be JSON, not {describe(item)}")


# ---- helpers ------------------------------------------------------------------------------
def _same(value: Any) -> Any:
    return value


def _enum_value(value: Enum) -> Any:
    return value.value


def _order(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _key(hint: Any) -> Any:
    try:
        hash(hint)
        return hint
    except TypeError:
        return repr(hint)


def _runtime_type(hint: Any) -> type | tuple[type, ...]:
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return tuple({type(a) for a in typing.get_args(hint)})
    if origin is not None:
        return origin if isinstance(origin, type) else object
    return hint if isinstance(hint, type) else object


def _kind_words(hint: Any) -> str:
    """A hint in words, for "must be ..." (``int`` -> "a whole number")."""
    origin = typing.get_origin(hint)
    words = {int: "a whole number", bool: "true or false", str: "a text", float: "a number"}
    if hint in words:
        return words[hint]
    if isinstance(hint, type) and issubclass(hint, Enum):
        return "one of " + ", ".join(repr(m.value) for m in hint)
    if origin in (tuple, frozenset) or (isinstance(hint, type) and issubclass(hint, tuple)):
        return "a list"
    return "an object"
