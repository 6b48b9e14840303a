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


def unknown(options: Mapping[str, object], names: Iterable[str], game: str,
            where: str | None = "options") -> None:
    """BadOption, in the learner's words, if an option of ``options`` is not among ``names``
    (a saved game's setup, hand-edited or from another version): it names the setting it
    does not know, never the game's own option names (``where``: for authors; None: the first
    unknown one).

    >>> unknown({"colour": 1}, ("players",), "Trapper")
    Traceback (most recent call last):
    ...
    tutor.core.errors.BadOption: options: the setup has a setting Trapper does not have: “colour”
    """
    names = list(names)
    shown = sorted(str(name) for name in options if name not in names)
    if shown:
        raise BadOption(T.n_("the setup has a setting {game} does not have: {names}",
                             "the setup has settings {game} does not have: {names}", len(shown),
                             game=game, names=", ".join(f"“{n[:40]}”" for n in shown)),
                        where=where or shown[0])


def choice(options: Mapping[str, object], key: str, allowed: Iterable[V], default: V,
           label: str | None = None, names: Mapping[V, str] | None = None) -> V:
    """The option ``key``, one of ``allowed`` (``default`` when not given). With ``label``
    (the option as the setup menu says it) and ``names`` (each value as the menu names it),
    a refusal says those, in the learner's words; ``where`` stays the option's key.

    >>> choice({"mode": "3v3"}, "mode", ("two", "solo"), "two", "Game",
    ...        {"two": "two players", "solo": "solo"})
    Traceback (most recent call last):
    ...
    tutor.core.errors.BadOption: mode: Game: choose one of “two players”, “solo”, not '3v3'
    """
    allowed = list(allowed)
    value = options.get(key, default)
    if value not in allowed:
        if label is not None:
            named = names or {}
            raise BadOption(T._("{option}: choose one of {choices}, not {value}", option=label,
                                choices=", ".join(f"“{named.get(a, a)}”" for a in allowed),
                                value=repr(value)[:60]), where=key)
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
