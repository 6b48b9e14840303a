"""Reading a game's options: the checks every game makes the same way.

>>> known({"players": 3}, ("players", "variant"))
{'players': 3}
>>> known({"player": 3}, ("players", "variant"))
Traceback (most recent call last):
...
tutor.core.errors.BadOption: options: unknown option player; known: players, variant
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
from .i18n import translator

V = TypeVar("V")
T = translator("core")  # as every module of the engine names its translator


def table(options: object) -> dict[str, object]:
    """The options as a dict; BadOption, in the learner's language, when they are no table of
    named options (a text, a list, a number). A name that is no text is the game's unknown
    option.

    >>> table(None), table({"players": 2})
    ({}, {'players': 2})
    >>> table("players=2")
    Traceback (most recent call last):
    ...
    tutor.core.errors.BadOption: options: the options are names with their values, not 'players=2'
    """
    if options is not None and not isinstance(options, Mapping):
        raise BadOption(T._("the options are names with their values, not {value}",
                            value=repr(options)[:60]), where="options")
    return dict(options or {})


def known(options: Mapping[str, object] | None, names: Iterable[str]) -> dict[str, object]:
    """The options as a dict (:func:`table`); BadOption if one is not among ``names``."""
    found = table(options)
    names = list(names)
    unknown = set(found) - set(names)
    if unknown:
        shown = sorted(map(str, unknown))
        raise BadOption(T.n_("unknown option {names}; known: {known}",
                             "unknown options {names}; known: {known}", len(shown),
                             names=", ".join(shown), known=", ".join(names)), where="options")
    return found


def choice(options: Mapping[str, object], key: str, allowed: Iterable[V], default: V) -> V:
    """The option ``key``, one of ``allowed`` (``default`` when not given)."""
    allowed = list(allowed)
    value = options.get(key, default)
    if value not in allowed:
        raise BadOption(T._("{key} must be one of {allowed}, not {value}", key=key,
                            allowed=", ".join(map(str, allowed)), value=repr(value)[:60]),
                        where=key)
    return value


def whole_number(options: Mapping[str, object], key: str, lo: int, hi: int, default: int) -> int:
    """The option ``key``, a whole number in ``lo..hi`` (not a bool)."""
    value = options.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise BadOption(T._("{key} must be a whole number from {lo} to {hi}, not {value}",
                            key=key, lo=lo, hi=hi, value=repr(value)[:60]), where=key)
    return value
