"""Reading files a person hands in (walkthroughs, saved games): refused, never a crash.

Whatever the bytes, the readers here return data or raise the
:class:`~tutor.core.errors.MalformedInput` subclass they are given, naming where the
problem is: a file too large (:data:`MAX_BYTES`), bytes that are not UTF-8, TOML or JSON
that does not parse, nesting deeper than :data:`MAX_DEPTH` (a RecursionError otherwise),
integers longer than Python reads (4300 digits).

>>> load_json(b'{"seed": 1}', where="saved game")
{'seed': 1}
>>> load_json(b'\\xff{}', where="saved game")
Traceback (most recent call last):
...
tutor.core.errors.MalformedInput: saved game: not UTF-8 text: byte 0xff at position 0
>>> load_json("[" * 50 + "]" * 50, where="saved game")
Traceback (most recent call last):
...
tutor.core.errors.MalformedInput: saved game: nested deeper than 32 levels
"""
from __future__ import annotations

import dataclasses
import json
import re
import tomllib
import typing
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError
from cattrs.gen import make_dict_structure_fn, override

from .codec import first_problem
from .errors import MalformedInput
from .i18n import N_, translator

T = translator("core")  # a learner loading a saved game reads these

#: the largest file read (walkthroughs are a few kB, a saved game a few tens)
MAX_BYTES = 1_000_000
#: the deepest nesting of lists and tables accepted
MAX_DEPTH = 32

R = TypeVar("R")

_WHOLE = re.compile(r"[0-9]{1,18}")


def whole_number(text: str) -> int | None:
    """The whole number ``text`` writes in the digits 0 to 9 (at most 18 of them), else None.

    Every reader of a number in a move or a position text asks this instead of ``int()``,
    which fails with a ValueError of its own on what passes ``str.isdigit`` or ``\\d+`` but
    is no number it reads: a superscript '²', or more than 4,300 digits.

    >>> whole_number("12"), whole_number("007"), whole_number("²"), whole_number("9" * 5000)
    (12, 7, None, None)
    """
    return int(text) if _WHOLE.fullmatch(text) else None


def seat(player: object, count: int) -> int:
    """``player`` as a seat of a game of ``count`` players (0 for the first): a MalformedInput
    at ``player`` naming it for anything else (a number out of range, a name, ``True``, 1.0).
    What ``observation`` and ``resample`` are asked for, in every game.

    >>> seat(1, 2)
    1
    >>> seat(True, 2)
    Traceback (most recent call last):
    ...
    tutor.core.errors.MalformedInput: player: a player is a seat number from 0 to 1, not True
    """
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < count:
        return player
    big = isinstance(player, int) and player.bit_length() > 64  # no text of 5,000 digits
    text = "..." if big else repr(player)
    shown = text if len(text) <= 20 else text[:17] + "..."
    raise MalformedInput(T._("a player is a seat number from 0 to {last}, not {value}",
                             last=count - 1, value=shown), where="player", field="player")



def text_of(data: str | bytes, where: str, error: type[MalformedInput] = MalformedInput) -> str:
    """The text of ``data``: bytes must be UTF-8; either must be at most MAX_BYTES long."""
    if not isinstance(data, (str, bytes)):
        raise error(T._("expected text, not {kind}", kind=type(data).__name__), where=where)
    if len(data) > MAX_BYTES:
        raise error(T._("too large: {size} bytes, at most {limit}", size=len(data),
                        limit=MAX_BYTES), where=where)
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(T._("not UTF-8 text: byte {byte} at position {position}",
                            byte=f"0x{data[exc.start]:02x}", position=exc.start),
                        where=where) from None
    return data


def read_file(path: str | Path, error: type[MalformedInput] = MalformedInput) -> str:
    """A file's text, checked as :func:`text_of` does (its size before reading it)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise error(T._("too large: {size} bytes, at most {limit}", size=size,
                            limit=MAX_BYTES), where=str(path))
        data = path.read_bytes()
    except OSError as exc:
        raise error(T._("cannot read the file: {problem}", problem=exc.strerror),
                    where=str(path)) from None
    return text_of(data, str(path), error)


def depth(value: object) -> int:
    """How deeply lists and tables nest in ``value`` (without recursion)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, Mapping):
            todo.extend((v, level + 1) for v in item.values())
        elif isinstance(item, (list, tuple)):
            todo.extend((v, level + 1) for v in item)
        else:
            continue
        deepest = max(deepest, level + 1)
        if deepest > MAX_DEPTH:
            break
    return deepest


def _parsed(parse: Callable[[str], R], text: str, kind: str, where: str,
            error: type[MalformedInput]) -> R:
    try:
        data = parse(text)
    except RecursionError:
        raise error(T._("nested deeper than {depth} levels", depth=MAX_DEPTH),
                    where=where) from None
    except ValueError as exc:  # JSONDecodeError, TOMLDecodeError, an integer too long
        problem = (T._("not JSON: {problem}", problem=exc) if kind == "JSON"
                   else T._("not valid TOML: {problem}", problem=exc))
        raise error(problem, where=where) from None
    if depth(data) > MAX_DEPTH:
        raise error(T._("nested deeper than {depth} levels", depth=MAX_DEPTH), where=where)
    return data


def load_json(data: str | bytes, where: str, error: type[MalformedInput] = MalformedInput) -> Any:
    """JSON data from text or bytes, or ``error`` saying why not."""
    return _parsed(json.loads, text_of(data, where, error), "JSON", where, error)


def load_toml(data: str | bytes, where: str,
              error: type[MalformedInput] = MalformedInput) -> dict[str, Any]:
    """TOML data from text or bytes, or ``error`` saying why not."""
    return _parsed(tomllib.loads, text_of(data, where, error), "TOML", where, error)


def guarded(call: Callable[[], R], where: str, error: type[MalformedInput] = MalformedInput) -> R:
    """``call()``, with any unexpected failure of a game's reader on odd input (a TypeError
    on a value of the wrong type, a RecursionError, ...) turned into ``error`` naming where.
    A MalformedInput passes through as it is."""
    try:
        return call()
    except MalformedInput:
        raise
    except RecursionError:
        raise error(T._("nested deeper than the reader follows"), where=where) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as exc:
        raise error(T._("cannot be read ({kind}: {problem})", kind=type(exc).__name__,
                        problem=exc), where=where) from None


class Ids(tuple[str, ...]):
    """A field :func:`read` reads as a list of ids, as written (a ``tuple[str, ...]`` is a
    list of texts, each stripped, none empty); either is read as a plain tuple."""

    #: what the list holds, as an error says it ("must be a list of ..."; translated there)
    words = N_("rule ids")


def read(cls: type[R], data: Any, where: str, error: type[MalformedInput] = MalformedInput) -> R:
    """``data``, a table of a data file (a walkthrough, a coverage.toml), as the dataclass
    ``cls`` that gives its shape, read by a cattrs converter: a field ``cls`` does not have,
    a required one missing or one of the wrong type is ``error`` at ``where`` (file, step).
    A field named ``try_`` is the table's ``try``."""
    if type(data) is not dict:
        raise error(T._("must be a table, not {kind}", kind=type(data).__name__), where=where)
    try:
        return _CONVERTER.structure(data, cls)
    except ClassValidationError as problems:
        first, name = first_problem(problems)
        if isinstance(first, ForbiddenExtraKeysError):
            allowed = sorted(f.name.rstrip("_") for f in dataclasses.fields(typing.cast(Any, cls)))
            problem = T._("unknown field(s) {fields}; allowed: {allowed}",
                          fields=sorted(first.extra_fields), allowed=allowed)
        elif isinstance(first, KeyError):
            problem = (T._("field '{field}' is missing", field=name.rstrip("_")) if name
                       else T._("is missing"))
        else:  # the hooks' own words (below), said in the language of the reading
            problem = (T._("field '{field}' {problem}", field=name.rstrip("_"), problem=first)
                       if name else str(first))
        raise error(problem, where=where) from None


def _plain(value: Any, hint: Any) -> Any:
    kind = _origin(hint) or hint
    if type(value) is not kind:
        raise ValueError(T._("must be {kind}, not {value}", kind=kind.__name__,
                             value=type(value).__name__))
    return value


def _texts(value: Any, hint: Any) -> tuple[str, ...]:
    ids = getattr(hint, "words", "")  # an Ids: as written
    if not all(type(v) is str and (ids or v.strip()) for v in _plain(value, list)):
        raise ValueError(T._("must be a list of {items}", items=T._(ids)) if ids
                         else T._("must be a list of texts"))
    return tuple(value if ids else (v.strip() for v in value))


def _table(cls: type) -> Callable[[Any, Any], Any]:
    renamed: dict[str, Any] = {f.name: override(rename=f.name[:-1])
                               for f in dataclasses.fields(cls) if f.name.endswith("_")}
    return make_dict_structure_fn(cls, _CONVERTER, **renamed)


_origin: Callable[[Any], Any] = typing.get_origin
_CONVERTER = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
for _kind in (str, int, bool, float, dict, list):
    _CONVERTER.register_structure_hook(_kind, _plain)
_CONVERTER.register_structure_hook_func(lambda t: _origin(t) in (dict, list), _plain)
_CONVERTER.register_structure_hook_func(lambda t: t is object, lambda value, _: value)
_CONVERTER.register_structure_hook_func(
    lambda t: t == tuple[str, ...] or isinstance(t, type) and issubclass(t, Ids), _texts)
_CONVERTER.register_structure_hook_factory(dataclasses.is_dataclass, _table)
