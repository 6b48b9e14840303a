"""One state codec for every game: frozen dataclasses to JSON and back, read by type hints.

A state is a frozen dataclass of ints, texts, booleans, ``None``, Enums, tuples, frozensets,
mappings, named tuples and other frozen dataclasses. :class:`Codec` writes it as the JSON a
person would write by hand (a dataclass as an object of its fields by name, a tuple or a
frozenset as a list, an Enum as its value, a named tuple as a list of its fields) and reads
it back by the type hints of the dataclass, so a game writes no saving code. A type the
hints cannot express (a map parsed from its text, say) gets a :class:`JsonForm` of its own:
the game names it in :attr:`tutor.core.game.Game.json_forms`.

The codec is a `cattrs <https://catt.rs>`_ converter: cattrs generates the readers and writers
of the dataclasses and finds each hint's hook; the hooks here read each kind of value with
the learner's words for what is wrong.

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
import contextvars
import dataclasses
import functools
import json
import types
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Iterable, Mapping, get_args, get_origin

import cattrs
from cattrs.cols import is_namedtuple
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError
from cattrs.gen import make_dict_structure_fn

from .errors import BadState, MalformedInput
from .i18n import translator

T = translator("core")  # a saved game's JSON is refused in the page's language

#: the largest whole number read (a seed is at most 64 bits)
MAX_INT = 2**63
#: the longest text read (a map written inline is a few hundred characters)
MAX_TEXT = 10_000
#: the most values (list items, object fields, scalars) read in one state
MAX_ITEMS = 100_000
#: the deepest nesting of lists and objects read
MAX_DEPTH = 32

Hook = Callable[[Any, Any], Any]  # a cattrs structure hook: (value, hint) -> what it reads
#: what a value must be, in the current language ("a whole number"): said when a value is
#: refused, not when the codec is made, so one codec says it in every page's language
Words = Callable[[], str]


@dataclass(frozen=True)
class JsonForm:
    """A game's own JSON form of a type the codec cannot read from type hints:
    ``encode`` gives plain JSON (checked for the bounds before ``decode`` sees it);
    ``decode`` gives the value back or raises (any exception becomes a BadState naming the
    field)."""

    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]


class _Fail(Exception):
    """A problem found while reading, with the path from the problem up (reversed), ``at``
    its first step; ``mismatch``: the value is of another kind than the one expected (a
    union tries on)."""

    def __init__(self, problem: str, mismatch: bool = False, at: str = ""):
        super().__init__(problem)
        self.problem = problem
        self.mismatch = mismatch
        self.path: list[str] = [at] if at else []


class _Reading:
    """The bounds of one reading: how many values it may still take (:data:`MAX_ITEMS`) and
    how deep it is (:data:`MAX_DEPTH`). ``with reading.enter(n):`` reads a list or an object
    of ``n`` values one level deeper."""

    __slots__ = ("left", "depth")

    def __init__(self) -> None:
        self.left, self.depth = MAX_ITEMS, 0

    def take(self, count: int, depth: int) -> None:
        if depth >= MAX_DEPTH:
            raise _Fail(T._("nested deeper than {depth} levels", depth=MAX_DEPTH))
        self.left -= count
        if self.left < 0:
            raise _Fail(T._("too large: more than {n} values in all", n=MAX_ITEMS))

    def enter(self, count: int) -> _Reading:
        self.take(count, self.depth)
        self.depth += 1
        return self

    def __enter__(self) -> None:
        pass

    def __exit__(self, *exc: object) -> None:
        self.depth -= 1


_READING: contextvars.ContextVar[_Reading] = contextvars.ContextVar("reading")


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
            return T._("a number of about {n} digits", n=int(value.bit_length() * 0.30103) + 1)
        return T._("the number {value}", value=value)
    if isinstance(value, float):
        return T._("the number {value}", value=repr(value))
    if isinstance(value, str):
        return T._("the text {text}", text=repr(value[:20] + ("…" if len(value) > 20 else "")))
    if isinstance(value, (list, tuple)):
        return T._("a list")
    if isinstance(value, Mapping):
        return T._("an object")
    return T._("a {kind}", kind=type(value).__name__)


def _expected(what: Words, value: object) -> _Fail:
    return _Fail(T._("must be {what}, not {value}", what=what(), value=describe(value)),
                 mismatch=True)


def _either(words: list[Words]) -> Words:
    """``a or b or c`` of what each of ``words`` says."""
    def either() -> str:
        said = words[0]()
        for more in words[1:]:
            said = T._("{some} or {last}", some=said, last=more())
        return said
    return either


class Codec:
    """The JSON codec of one state type (see the module docstring).

    ``forms`` gives a :class:`JsonForm` for a type the hints cannot express; building the
    codec raises TypeError (a programming error, not bad input) for a hint it cannot read.
    """

    def __init__(self, root: type, forms: Mapping[type, JsonForm] | None = None):
        self.root = root
        self.forms = dict(forms or {})
        self.converter = c = cattrs.Converter(
            structure_fallback_factory=_cannot_read,
            unstruct_collection_overrides={tuple: list, collections.abc.Sequence: list,
                                           frozenset: _sorted, collections.abc.Set: _sorted,
                                           collections.abc.Mapping: dict})
        # cattrs finds a class's hook by its bases first: a StrEnum would be read as a str
        kind: Any
        for kind in (int, bool, str, float, Enum):
            c.register_structure_hook(kind, _scalar)
            c.register_unstructure_hook(kind, _plain)
        c.register_structure_hook_factory(lambda t: t in (Any, object), _cannot_read)
        c.register_structure_hook_factory(lambda t: t is None or t is type(None), lambda _: _none)
        c.register_structure_hook_factory(lambda t: _origin(t) is typing.Literal, _literal)
        c.register_structure_hook_factory(
            lambda t: _origin(t) in (typing.Union, types.UnionType), self._union)
        c.register_structure_hook_factory(lambda t: _origin(t) is tuple or is_namedtuple(t),
                                          self._tuple)
        c.register_structure_hook_factory(lambda t: _origin(t) is frozenset, self._set)
        c.register_structure_hook_factory(_is_mapping, self._mapping)
        c.register_structure_hook_factory(dataclasses.is_dataclass, self._dataclass)
        c.register_unstructure_hook_factory(is_namedtuple, self._write_fields)
        c.register_unstructure_hook_factory(  # keys that are not texts: [key, value] pairs
            lambda t: _is_mapping(t) and get_args(t)[0] is not str, self._write_pairs)
        for kind, form in self.forms.items():
            c.register_structure_hook(kind, _form_reader(form))
            c.register_unstructure_hook(kind, form.encode)
        self._read = c.get_structure_hook(root)
        self._write = c.get_unstructure_hook(root)

    # ---- the two directions -------------------------------------------------------------
    def encode(self, value: Any) -> Any:
        """Plain JSON data (dicts, lists, texts, numbers, booleans, None) for ``value``."""
        return self._write(value)

    def decode(self, data: Any) -> Any:
        """The value ``data`` describes, or BadState naming the field that is wrong."""
        token = _READING.set(_Reading())
        try:
            return self._read(data, self.root)
        except _Fail as fail:
            path = "".join(reversed(fail.path)).lstrip(".")
            raise BadState(fail.problem, where=T._("field '{path}'", path=path) if path else None
                           ) from None
        finally:
            _READING.reset(token)

    # ---- hooks of the kinds of hint that hold others --------------------------------------------
    def _hook(self, hint: Any) -> Hook:
        try:
            return self.converter.get_structure_hook(hint)
        except RecursionError:  # a dataclass that holds itself: found when it is read
            return self.converter.structure

    def _union(self, hint: Any) -> Hook:
        args = get_args(hint)
        others = [a for a in args if a is not type(None)]
        nullable = len(others) < len(args)
        reads: list[tuple[Hook, Any]] = [(self._hook(a), a) for a in others]
        what = _either([_kind_words(a) for a in others] + ([_null] if nullable else []))

        def union(value: Any, _: Any) -> Any:
            if value is None and nullable:
                return None
            for read, member in reads:
                try:
                    return read(value, member)
                except _Fail as fail:
                    if not fail.mismatch or fail.path:
                        raise  # the value is of this form, but wrong inside: say so
            raise _expected(what, value)
        return union

    def _tuple(self, hint: Any) -> Hook:
        """``tuple[X, ...]`` (a list), ``tuple[X, Y]`` and a named tuple (a list of so many)."""
        args = get_args(hint)
        if args[1:] == (Ellipsis,):
            return _sequence(self._hook(args[0]), args[0])
        if is_namedtuple(hint):
            args = tuple(typing.get_type_hints(hint).values())
        reads, make = [self._hook(a) for a in args], hint if is_namedtuple(hint) else tuple

        def fixed(value: Any, _: Any) -> Any:
            if not isinstance(value, (list, tuple)) or len(value) != len(args):
                raise _expected(lambda: T._("a list of {n}", n=len(args)), value)
            with _READING.get().enter(len(args)):
                found = [_at(read, item, arg, f"[{index}]")
                         for index, (read, arg, item) in enumerate(zip(reads, args, value))]
            return make(*found) if make is not tuple else tuple(found)
        return fixed

    def _set(self, hint: Any) -> Hook:
        (member,) = get_args(hint)
        read = self._hook(member)

        def frozen_set(value: Any, _: Any) -> Any:
            if not isinstance(value, (list, tuple)):
                raise _expected(_a_list, value)
            found: set[Any] = set()
            with _READING.get().enter(len(value)):
                for index, item in enumerate(value):
                    item = _at(read, item, member, f"[{index}]")
                    if item in found:
                        raise _Fail(T._("is listed twice"), at=f"[{index}]")
                    found.add(item)
            return frozenset(found)
        return frozen_set

    def _mapping(self, hint: Any) -> Hook:
        """``Mapping[str, X]`` as an object; with keys of another kind, a list of pairs."""
        key_hint, value_hint = get_args(hint)
        read_key, read_value = self._hook(key_hint), self._hook(value_hint)
        make = dict if _origin(hint) is dict else types.MappingProxyType

        def mapping(value: Any, _: Any) -> Any:
            found: dict[Any, Any] = {}
            if key_hint is str:
                if not isinstance(value, Mapping):
                    raise _expected(_an_object, value)
                with _READING.get().enter(len(value)):
                    for key, item in value.items():
                        if type(key) is not str:
                            raise _Fail(T._("an object's keys must be texts"))
                        found[key] = _at(read_value, item, value_hint, f".{key}")
                return make(found)
            if not isinstance(value, (list, tuple)):
                raise _expected(lambda: T._("a list of [key, value] pairs"), value)
            with _READING.get().enter(len(value)), _READING.get().enter(0):
                for index, pair in enumerate(value):
                    if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                        raise _Fail(T._("must be a [key, value] pair, not {value}",
                                        value=describe(pair)), at=f"[{index}]")
                    key = _at(read_key, pair[0], key_hint, f"[{index}][0]")
                    if key in found:
                        raise _Fail(T._("a key given twice"), at=f"[{index}][0]")
                    found[key] = _at(read_value, pair[1], value_hint, f"[{index}][1]")
            return make(found)
        return mapping

    def _dataclass(self, cls: type) -> Hook:
        """cattrs' reader of the dataclass (every field read, each problem kept), one problem
        said: an unknown field (a misspelt one, also missing), else the first field's."""
        read: Hook = make_dict_structure_fn(
            cls, self.converter, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=True)
        names = ", ".join(f.name for f in dataclasses.fields(cls) if f.init)

        def record(value: Any, _: Any) -> Any:
            if not isinstance(value, Mapping):
                raise _expected(lambda: T._("an object with the fields of {name}",
                                            name=cls.__name__), value)
            try:
                with _READING.get().enter(len(value)):
                    return read(value, cls)
            except ClassValidationError as problems:
                first, name = first_problem(problems)
                if isinstance(first, ForbiddenExtraKeysError):
                    key = next(k for k in value if k in first.extra_fields)
                    raise _Fail(T._("is not a field of {name} (its fields: {fields})",
                                    name=cls.__name__, fields=names),
                                at=f".{key}" if type(key) is str else f".{describe(key)}"
                                ) from None
                if name is None:  # a __post_init__ refusing a value
                    raise _Fail(T._("is not a {name}: {problem}", name=cls.__name__,
                                    problem=first)) from None
                if isinstance(first, KeyError):
                    raise _Fail(T._("is missing"), at=f".{name}") from None
                if isinstance(first, _Fail):
                    first.path.append(f".{name}")
                raise first from None
        return record

    def _write_fields(self, hint: Any) -> Callable[[Any], list[Any]]:
        """A named tuple as a list (its hints read here: they may be texts)."""
        writes = [self.converter.get_unstructure_hook(h)
                  for h in typing.get_type_hints(hint).values()]
        return lambda value: [write(v) for write, v in zip(writes, value)]

    def _write_pairs(self, hint: Any) -> Callable[[Any], list[Any]]:
        key_hint, value_hint = get_args(hint)
        write = self.converter.unstructure
        return lambda value: _sorted([write(k, key_hint), write(v, value_hint)]
                                     for k, v in value.items())


def first_problem(problems: ClassValidationError) -> tuple[Exception, str | None]:
    """Of cattrs' problems with a dataclass, the one to say (an unknown field first: a
    misspelt one is also missing) and its field (None: the class's own)."""
    first = min(problems.exceptions, key=lambda e: not isinstance(e, ForbiddenExtraKeysError))
    notes = getattr(first, "__notes__", [])
    return first, notes[-1].name if notes else None


# ---- hooks of the plain kinds ---------------------------------------------------------------
_WORDS: dict[type, Words] = {int: lambda: T._("a whole number"),
                             bool: lambda: T._("true or false"),
                             str: lambda: T._("a text"), float: lambda: T._("a number")}


def _null() -> str:
    return "null"  # JSON's word, in every language


def _a_list() -> str:
    return T._("a list")


def _an_object() -> str:
    return T._("an object")


def _int(value: Any, _: Any = int) -> int:
    if type(value) is not int:
        raise _expected(_WORDS[int], value)
    if not -MAX_INT <= value <= MAX_INT:
        raise _Fail(T._("must be a whole number from {lo} to {hi}, not {value}", lo=-MAX_INT,
                        hi=MAX_INT, value=describe(value)))
    return value


def _bool(value: Any, _: Any = bool) -> bool:
    if type(value) is not bool:
        raise _expected(_WORDS[bool], value)
    return value


def _str(value: Any, _: Any = str) -> str:
    if type(value) is not str:
        raise _expected(_WORDS[str], value)
    if len(value) > MAX_TEXT:
        raise _Fail(T._("must be a text of at most {limit} characters, not {length}",
                        limit=MAX_TEXT, length=len(value)))
    return value


def _float(value: Any, _: Any = float) -> float:
    if type(value) is int:
        return float(_int(value))
    if type(value) is not float or value != value or value in (float("inf"), float("-inf")):
        raise _expected(_WORDS[float], value)
    return value


_PLAIN: dict[Any, Hook] = {int: _int, bool: _bool, str: _str, float: _float}


def _scalar(value: Any, hint: Any) -> Any:
    """The hook of ``int``, ``bool``, ``str``, ``float`` and every Enum."""
    read = _PLAIN.get(hint) or _enum(hint)
    return read(value, hint)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _none(value: Any, _: Any) -> None:
    if value is not None:
        raise _expected(_null, value)


def _literal(hint: Any) -> Hook:
    choices = get_args(hint)
    what = _one_of(choices, json.dumps)

    def literal(value: Any, _: Any) -> Any:
        for choice in choices:
            if type(value) is type(choice) and value == choice:
                return choice
        raise _expected(what, value)
    return literal


@functools.cache
def _enum(cls: type[Enum]) -> Hook:
    members = {(type(m.value), m.value): m for m in cls}
    what = _one_of(m.value for m in cls)

    def enum(value: Any, _: Any) -> Any:
        if isinstance(value, (str, int, float, bool)) or value is None:
            found = members.get((type(value), value))
            if found is not None:
                return found
        raise _expected(what, value)
    return enum


def _at(read: Hook, value: Any, hint: Any, step: str) -> Any:
    """``read(value)``, a failure inside it given this step of the path."""
    try:
        return read(value, hint)
    except _Fail as fail:
        fail.path.append(step)
        raise


def _plain_list(values: Any, kind: Any) -> bool:
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


def _sequence(read: Hook, hint: Any) -> Hook:
    fast = hint in (int, str, bool)

    def sequence(value: Any, _: Any) -> Any:
        if not isinstance(value, (list, tuple)):
            raise _expected(_a_list, value)
        with _READING.get().enter(len(value)):
            if fast and _plain_list(value, hint):
                return tuple(value)
            found = []
            index = 0
            try:  # a failure's place is written only then (a state has thousands of items)
                for index, item in enumerate(value):
                    found.append(read(item, hint))
            except _Fail as fail:
                fail.path.append(f"[{index}]")
                raise
            return tuple(found)
    return sequence


def _form_reader(form: JsonForm) -> Hook:
    def custom(value: Any, _: Any) -> Any:
        if type(value) is str:  # most forms read a text (a card, a square)
            _str(value)
        else:
            _check_plain(value, _READING.get())
        try:
            return form.decode(value)
        except MalformedInput as exc:
            raise _Fail(f"{exc.where}: {exc.problem}" if exc.where else exc.problem) from None
        except Exception as exc:  # whatever the game's reader raises on odd input
            raise _Fail(T._("cannot be read ({kind}: {problem})", kind=type(exc).__name__,
                            problem=exc)) from None
    return custom


def _check_plain(value: Any, reading: _Reading) -> None:
    """Plain JSON within the bounds (without recursion), before a game's own reader."""
    todo = [(value, reading.depth)]
    while todo:
        item, level = todo.pop()
        if item is None or type(item) in (bool, float):
            continue
        if type(item) is int:
            _int(item)
        elif type(item) is str:
            _str(item)
        elif isinstance(item, (list, tuple, Mapping)):
            reading.take(len(item), level)
            if isinstance(item, Mapping):
                if not all(type(k) is str for k in item):
                    raise _Fail(T._("an object's keys must be texts"))
                todo.extend((v, level + 1) for v in item.values())
            else:
                todo.extend((v, level + 1) for v in item)
        else:
            raise _Fail(T._("must be JSON, not {value}", value=describe(item)))


# ---- helpers ------------------------------------------------------------------------------
def _cannot_read(hint: Any) -> Hook:
    raise TypeError(f"the state codec cannot read {hint!r}: give the game a JsonForm "
                    f"for it (Game.json_forms)")


def _origin(hint: Any) -> Any:
    return typing.get_origin(hint)


def _is_mapping(hint: Any) -> bool:
    return _origin(hint) in (dict, collections.abc.Mapping)


def _sorted(values: Iterable[Any]) -> list[Any]:
    """JSON values in one order (a set's members, a mapping's pairs)."""
    return sorted(values, key=lambda value: json.dumps(value, sort_keys=True))


def _one_of(values: Iterable[Any], show: Callable[[Any], str] = repr) -> Words:
    """"one of ..." a Literal's or an Enum's values, each as ``show`` writes it."""
    listed = ", ".join(show(value) for value in values)
    return lambda: T._("one of {choices}", choices=listed)


def _kind_words(hint: Any) -> Words:
    """A hint in words, for "must be ..." (``int`` -> "a whole number")."""
    if hint in _WORDS:
        return _WORDS[hint]
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _one_of(m.value for m in hint)
    if _origin(hint) in (tuple, frozenset) or (isinstance(hint, type) and issubclass(hint, tuple)):
        return _a_list
    return _an_object
