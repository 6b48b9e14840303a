"""Reading a game's options: the checks every game makes the same way.

>>> known({"players": 3}, ("players", "variant"))
{'players': 3}
>>> known({"player": 3}, ("players", "variant"))
Traceback (most recent call last):
...
tutor.core.errors.BadOption: options: unknown option(s) ['player']; known: players, variant
>>> choice({"variant": "young"}, "variant", ("standard", "young"), default="standard")
'young'
>>> whole_number({"rounds": True}, "rounds", 1, 2, default=2)
Traceback (most recent call last):
...
tutor.core.errors.BadOption: rounds: rounds must be a whole number from 1 to 2, not True
"""
from __future__ import annotations

from typing import Iterable, Mapping, TypeVar

from .errors import BadOption

T = TypeVar("T")


def known(options: Mapping[str, object] | None, names: Iterable[str]) -> dict[str, object]:
    """The options as a dict; BadOption if one is not among ``names``."""
    found = dict(options or {})
    names = list(names)
    unknown = set(found) - set(names)
    if unknown:
        raise BadOption(f"unknown option(s) {sorted(unknown)}; known: {', '.join(names)}",
                        where="options")
    return found


def choice(options: Mapping[str, object], key: str, allowed: Iterable[T], default: T) -> T:
    """The option ``key``, one of ``allowed`` (``default`` when not given)."""
    allowed = list(allowed)
    value = options.get(key, default)
    if value not in allowed:
        raise BadOption(f"{key} must be one of {', '.join(map(str, allowed))}, not {value!r}",
                        where=key)
    return value


def whole_number(options: Mapping[str, object], key: str, lo: int, hi: int, default: int) -> int:
    """The option ``key``, a whole number in ``lo..hi`` (not a bool)."""
    value = options.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise BadOption(f"{key} must be a whole number from {lo} to {hi}, not {value!r}",
                        where=key)
    return value
