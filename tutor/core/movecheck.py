"""The guard in front of every game's one check: a move object the game did not make is
refused with :class:`~tutor.core.errors.BadMove` before the rules look at it.

A game's moves are frozen dataclasses (or named tuples) whose fields have types: ``Flip(cells:
tuple[int, ...])``, ``Play(player: int, card: Card)``. A move built by hand - by a view, a
script, a test - may be of another class (another game's move, a text, None) or hold a value
of the wrong type in a field (a plain tuple where a ``Card`` belongs, a float where a
compartment's number belongs, a whole number of 5,000 digits). The rules of a game are
written for its own moves and would fail on such a value in their own way (an AttributeError
deep in a rule); this guard reads the move's type from the game's class (``Game[State,
Move]``: the move union) and the fields' types from the move classes' annotations, and
refuses what does not fit, naming the class and the field. Moves of the right types pass
unchanged to the game's check, which refuses an out-of-range value with a rule id.

:func:`install` wraps a game class's ``violation`` and ``apply`` (where the class writes
them) once, when the class is made (``Game.__init_subclass__``), so every game, written now or
later, has the guard without a line of its own.

>>> from examples.nim import GAME as nim
>>> from examples.nim import Take
>>> s = nim.initial_state({"heap": 5})
>>> nim.is_legal(s, Take(2))
True
>>> nim.apply(s, Take("2"))
Traceback (most recent call last):
...
tutor.core.errors.BadMove: move: Take: field 'count' must be a whole number, not str
>>> nim.violation(s, "take 2")
Traceback (most recent call last):
...
tutor.core.errors.BadMove: move: a str is not a move of nim (its moves: Take)
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from enum import Enum
from itertools import repeat
from typing import Any, Callable

from .errors import BadMove
from .i18n import translator

T = translator("core")  # a move a view or a script built wrong is refused in the page's language

#: the largest whole number a move's field may hold (every game's numbers are small: cells,
#: amounts, players); beyond it a number is not one the game made, and the rules' messages
#: could not even write it (Python writes at most 4,300 digits)
LIMIT = 2**63

#: a field's check: the problem with a value, or None
Check = Callable[[object], "str | None"]

def _kind(value: object) -> str:
    return type(value).__name__


def _checker(hint: object, seen: frozenset[type] = frozenset()) -> Check:
    """The check of one annotated type (unknown kinds of type accept anything)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        def whole(value: object) -> str | None:
            if type(value) is not int:
                return T._("must be a whole number, not {kind}", kind=_kind(value))
            return None if -LIMIT < value < LIMIT else T._("is a whole number out of range")
        return whole
    if hint is float:
        return lambda value: (None if type(value) in (int, float) and not isinstance(value, bool)
                              else T._("must be a number, not {kind}", kind=_kind(value)))
    if hint is str:
        return lambda value: (None if type(value) is str
                              else T._("must be a text, not {kind}", kind=_kind(value)))
    if hint is bool:
        return lambda value: (None if type(value) is bool
                              else T._("must be yes or no, not {kind}", kind=_kind(value)))
    if hint is type(None):
        return lambda value: (None if value is None
                              else T._("must be empty (None), not {kind}", kind=_kind(value)))
    if origin in (typing.Union, types.UnionType):
        checks = [_checker(arg, seen) for arg in args]

        def either(value: object) -> str | None:
            problems = [check(value) for check in checks]
            return None if None in problems else problems[0]
        return either
    if origin is typing.Literal:
        return lambda value: (None if value in args
                              else T._("must be one of {choices}", choices=list(args)))
    if origin is tuple:
        many = len(args) == 2 and args[1] is Ellipsis  # tuple[X, ...]: any number of X
        parts = [_checker(arg, seen) for arg in args[:1 if many else None]]

        def items(value: object) -> str | None:
            if type(value) is not tuple or (not many and len(value) != len(parts)):
                return (T._("must be a tuple, not {kind}", kind=_kind(value)) if many else
                        T._("must be a tuple of {n}, not {kind}", n=len(parts), kind=_kind(value)))
            for k, (check, item) in enumerate(zip(repeat(parts[0]) if many else parts, value)):
                problem = check(item)
                if problem is not None:
                    return T._("item {number} {problem}", number=k + 1, problem=problem)
            return None
        return items
    if isinstance(hint, type) and issubclass(hint, Enum):
        return lambda value: (None if isinstance(value, hint)
                              else T._("must be a {name}", name=hint.__name__))
    if isinstance(hint, type) and (dataclasses.is_dataclass(hint) or hasattr(hint, "_fields")):
        # a type that holds itself: its instances inside are checked by class only
        inside = _fields_check(hint, seen | {hint}) if hint not in seen else None

        def record(value: object) -> str | None:
            if not isinstance(value, hint):
                return T._("must be a {name}, not {kind}", name=hint.__name__,
                           kind=_kind(value))
            problem = inside(value) if inside is not None else None
            return None if problem is None else f"({hint.__name__}) {problem}"
        return record
    return lambda value: None  # Any, a TypeVar, a kind of type not checked


def _fields_check(cls: type, seen: frozenset[type] = frozenset()) -> Check:
    """The check of each field of a dataclass or named tuple, by its annotation."""
    hints = typing.get_type_hints(cls)
    names = ([f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls)
             else list(getattr(cls, "_fields", ())))
    checks = [(name, _checker(hints.get(name, Any), seen)) for name in names]

    def check(value: object) -> str | None:
        for name, field_check in checks:
            found = field_check(getattr(value, name, None))
            if found is not None:
                return T._("field '{name}' {problem}", name=name, problem=found)
        return None
    return check


def game_type(game_class: type, index: int) -> Any:
    """Argument ``index`` of a game class's ``Game[State, Move]`` base (0: the state type, 1:
    the move type), or None."""
    for klass in game_class.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            args = typing.get_args(base)
            if len(args) == 2 and getattr(typing.get_origin(base), "__name__", "") == "Game" \
                    and not isinstance(args[index], typing.TypeVar):
                return args[index]
    return None


@functools.cache
def move_classes(game_class: type) -> tuple[type, ...]:
    """The move classes of a game class (none found: the game checks its moves alone)."""
    move = game_type(game_class, 1)
    found = typing.get_args(move) if typing.get_origin(move) in (
        typing.Union, types.UnionType) else (move,)
    return tuple(k for k in found if isinstance(k, type))


#: per game class: each move class met so far -> the check of its fields (exact classes, so
#: that the check of a move is one dictionary lookup and the checks of its fields)
_TABLES: dict[type, dict[type, Check]] = {}


def problem(game_class: type, move: object) -> str | None:
    """What makes ``move`` a move ``game_class`` did not make, or None."""
    table = _TABLES.setdefault(game_class, {})
    check = table.get(type(move))
    if check is None:
        classes = move_classes(game_class)
        if not classes:
            return None
        if not isinstance(move, classes):
            name = getattr(game_class, "name", "") or game_class.__name__
            return T._("a {kind} is not a move of {game} (its moves: {moves})",
                       kind=_kind(move), game=name,
                       moves=", ".join(k.__name__ for k in classes))
        fields, prefix = _fields_check(type(move)), type(move).__name__
        check = table[type(move)] = lambda move: (None if (found := fields(move)) is None
                                                  else f"{prefix}: {found}")
    return check(move)


def _guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def guarded(self: Any, state: Any, move: Any, *args: Any, **kwargs: Any) -> Any:
        check = _TABLES.get(type(self), {}).get(type(move))
        if check is None or check(move) is not None:  # first meeting, or a problem
            found = problem(type(self), move)
            if found is not None:
                raise BadMove(found, where=T.p_("where a problem is", "move"))
        return method(self, state, move, *args, **kwargs)
    guarded.__move_guard__ = True  # type: ignore[attr-defined]
    return guarded


def _as_method(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs)
    return method


def install(cls: type) -> None:
    """Put the guard in front of the ``violation`` and ``apply`` that ``cls`` itself writes
    (the base class's ``apply``, ``check`` and ``is_legal`` ask ``violation``). Listing the
    legal moves filters the game's own candidates: it asks the unguarded check. A game may
    write them as functions of a module (``violation = staticmethod(rules.violation)``)."""
    def own(name: str) -> Any:  # a module's function is called without the game
        found = cls.__dict__.get(name)
        return _as_method(found.__func__) if isinstance(found, staticmethod) else found

    def unguarded(method: Any) -> bool:
        return callable(method) and not getattr(method, "__move_guard__", False) \
            and not getattr(method, "__isabstractmethod__", False)
    raw = own("violation")
    for name, method in (("violation", raw), ("apply", own("apply"))):
        if unguarded(method):
            setattr(cls, name, _guarded(method))
    if unguarded(raw) and "legal_moves" not in cls.__dict__:
        def legal_moves(self: Any, state: Any) -> Any:
            return (m for m in self.candidate_moves(state) if raw(self, state, m) is None)
        legal_moves.__doc__ = "The legal moves, lazily, in a stable order (the candidates " \
                              "that pass the game's check)."
        cls.legal_moves = legal_moves  # type: ignore[attr-defined]
