"""Helpers for frozen states: a copy with changes, a tuple with one item replaced.

States are frozen dataclasses of tuples. The engine makes a new one for every move, so
these run on the hot path of random play and drills: :func:`evolve` skips the per-call
field introspection of :func:`dataclasses.replace` (a state's fields need no conversion
and no ``__post_init__`` when copied).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class S:
...     hands: tuple[int, ...]
...     turn: int = 0
>>> s = S((3, 4))
>>> evolve(s, hands=set_item(s.hands, 1, 0), turn=1)
S(hands=(3, 0), turn=1)
>>> s
S(hands=(3, 4), turn=0)
"""
from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def evolve(state: T, **changes: Any) -> T:
    """A copy of a frozen dataclass instance with some fields changed."""
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def set_item(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the item at ``index`` replaced by ``value``."""
    return items[:index] + (value,) + items[index + 1:]
