"""Typed view hints: what a walkthrough step asks the board view to point out.

Each game declares its hints as a frozen dataclass in ``tutor/<game>/hints.py``, a subclass
of :class:`Hints` whose fields have defaults, and names it as its game's ``hints``. A step's
``view`` table is read into that class by :func:`read_hints`: an unknown key or a value of
the wrong type is a :class:`~tutor.core.errors.BadWalkthrough` naming the file, the step and
the field, so a view never meets a hint it cannot use. A field's type is one of ``str``,
``int``, ``bool``, ``float``, ``tuple[str, ...]`` or ``tuple[int, ...]`` (a TOML array),
each optionally ``| None``. A class may check values further in ``__post_init__`` by raising
ValueError with a sentence.

What a hint names must be in the position it is shown on: a cell, a picture, a tile or a
player the step's state has not would be silently ignored by the board. A class says which
of its hints name nothing there in :meth:`Hints.unknown_places`, by the engine's own notion of
its places; :func:`check_places` (called by the replay, the one check of walkthroughs) turns
the first into a BadWalkthrough naming the file, the step and the field.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class BoardHints(Hints):
...     mark: tuple[str, ...] = ()
...     target: str | None = None
>>> read_hints(BoardHints, {"mark": ["d3", "e4"]}, where="x.toml, step 2")
BoardHints(mark=('d3', 'e4'), target=None)
>>> read_hints(BoardHints, {"mark": "d3"}, where="x.toml, step 2")
Traceback (most recent call last):
...
tutor.core.errors.BadWalkthrough: x.toml, step 2, field 'view.mark': must be a list of texts, not a text
>>> read_hints(BoardHints, {"sheet": True}, where="x.toml, step 2")
Traceback (most recent call last):
...
tutor.core.errors.BadWalkthrough: x.toml, step 2, field 'view.sheet': unknown hint; BoardHints knows mark, target
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, TypeVar

from .errors import BadWalkthrough

H = TypeVar("H", bound="Hints")


@dataclass(frozen=True)
class Hints:
    """No hints: the base of every game's hints (and the hints of a game that has none)."""

    def unknown_places(self, state: Any) -> Iterator[tuple[str, str]]:
        """(field, problem) for each hint naming a place ``state`` has not (none here: a
        game whose hints name places says so in its own class)."""
        return iter(())


def check_places(hints: Hints | None, state: Any, where: str) -> None:
    """A BadWalkthrough at ``where`` (the file and step) naming the field of the first hint
    that names a place ``state`` has not.

    >>> @dataclass(frozen=True)
    ... class RowHints(Hints):
    ...     row: int | None = None
    ...     def unknown_places(self, state):
    ...         if self.row is not None and not 0 <= self.row < state:
    ...             yield "row", f"there is no row {self.row}: the board has {state}"
    >>> check_places(RowHints(row=2), 3, "x.toml, step 1")
    >>> check_places(RowHints(row=5), 3, "x.toml, step 1")
    Traceback (most recent call last):
    ...
    tutor.core.errors.BadWalkthrough: x.toml, step 1, field 'view.row': there is no row 5: the board has 3
    """
    if hints is None:
        return
    for name, problem in hints.unknown_places(state):
        raise BadWalkthrough(problem, where=f"{where}, field 'view.{name}'")


_NAMES: dict[object, str] = {str: "a text", int: "a whole number", bool: "true or false",
                             float: "a number"}


def _kind_name(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return _NAMES.get(type(value), type(value).__name__)


@functools.cache
def _fields(cls: type) -> dict[str, tuple[object, bool]]:
    """Each field's base type and whether it may be None."""
    resolved = typing.get_type_hints(cls)
    found = {}
    for f in dataclasses.fields(cls):
        kind = resolved[f.name]
        optional = False
        if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
            args = [a for a in typing.get_args(kind) if a is not type(None)]
            optional = len(args) < len(typing.get_args(kind))
            if len(args) != 1:
                raise TypeError(f"{cls.__name__}.{f.name}: one type (or it | None) per hint")
            kind = args[0]
        found[f.name] = (kind, optional)
    return found


def _convert(kind: object, value: object) -> object:
    """The value as the field's type, or ValueError saying what was expected."""
    if typing.get_origin(kind) is tuple:
        item = typing.get_args(kind)[0]
        items = _PLURALS.get(item, str(item))
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"must be a list of {items}, not {_kind_name(value)}")
        for number, element in enumerate(value, start=1):
            try:
                _convert(item, element)
            except ValueError:
                raise ValueError(f"must be a list of {items}; item {number} is "
                                 f"{_kind_name(element)}") from None
        return tuple(value)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    wrong = not isinstance(value, kind)  # type: ignore[arg-type]
    if wrong or (kind is int and isinstance(value, bool)):
        raise ValueError(f"must be {_NAMES.get(kind, str(kind))}, not {_kind_name(value)}")
    return value


_PLURALS: dict[object, str] = {str: "texts", int: "whole numbers", bool: "true or false values",
                               float: "numbers"}


def read_hints(cls: type[H], table: object, where: str) -> H:
    """A step's ``view`` table as the game's hints (see the module docstring)."""
    if table is None:
        return cls()
    if not isinstance(table, Mapping):
        raise BadWalkthrough(f"must be a table of hints, not {_kind_name(table)}",
                             where=f"{where}, field 'view'")
    fields = _fields(typing.cast(type, cls))  # (mypy: a type[H] is not Hashable)
    values: dict[str, Any] = {}
    for key, value in table.items():
        at = f"{where}, field 'view.{key}'"
        if key not in fields:
            known = ", ".join(fields) or "no hints"
            raise BadWalkthrough(f"unknown hint; {cls.__name__} knows {known}", where=at)
        kind, optional = fields[key]
        try:
            values[key] = _convert(kind, value)
        except ValueError as exc:
            raise BadWalkthrough(str(exc), where=at) from None
    try:
        return cls(**values)
    except ValueError as exc:
        raise BadWalkthrough(str(exc), where=f"{where}, field 'view'") from None
