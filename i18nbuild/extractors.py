"""Babel extractors of the tutor's texts, named in ``babel.cfg`` and registered as
``babel.extractors`` entry points (``pyproject.toml``), so ``pybabel extract -F babel.cfg`` and
``python -m i18nbuild`` use them alike.

* ``tutor_python`` - Babel's own ``python`` extractor, plus the keyword calls written inside
  f-strings (``f"<b>{T._('Move:')}</b>"``), which it does not see before Python 3.12.
* ``tutor_rules`` - a game's ``rules.toml``: every text of every rule (title, text, reading,
  source, refusal, ...), context = the rule id.
* ``tutor_walkthrough`` - a walkthrough file: title, summary, source, setup narration, step
  titles and narrations, question prompts and choices; context = the walkthrough id
  (``trapper/green-turn``).
* ``tutor_texts`` - a TOML table of keyed texts (``key = "text"``, tables nest): context =
  the dotted key; translated at run time with ``T.p_(key, text)``.

The data extractors read their file with the loader the tutor itself uses, so the msgids are
exactly the texts :func:`tutor.core.i18n.localize_rule` and :func:`tutor.core.i18n.localize`
look up; they give each text as a ``pgettext(context, text)`` call (a keyword Babel knows).
A file that cannot be read raises ``MalformedInput`` naming it.
"""
from __future__ import annotations

import ast
import io
import re
import sys
import tomllib
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Collection, Iterator, Mapping

from tutor.core.errors import MalformedInput

if TYPE_CHECKING:
    from tutor.core.walkthrough import Walkthrough

_Result = Iterator[tuple[int, str, tuple[str, ...], list[str]]]

#: Babel's extractor arguments (the data extractors use none: their files have no calls)
_Keywords = Mapping[str, Any]
_Options = Mapping[str, Any]


def _text_and_name(fileobj: IO[bytes]) -> tuple[str, str]:
    name = getattr(fileobj, "name", "<toml>")
    return fileobj.read().decode("utf-8"), str(name)


def _line_of(text: str, pattern: str, default: int = 1) -> int:
    match = re.search(pattern, text, flags=re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else default


def extract_python(fileobj: IO[bytes], keywords: _Keywords, comment_tags: Collection[str],
                   options: _Options) -> Iterator[tuple[int, Any, Any, list[str]]]:
    """Babel's ``python`` extractor, then the keyword calls written inside f-strings, which
    it does not see before Python 3.12 (an f-string is one token there; Babel warns and
    skips it). Literal arguments only. Needed while the tutor runs on 3.11 and its views write
    such calls; on 3.12+ Babel finds them itself and this adds none."""
    from babel.messages.extract import extract_python as babel_python

    source = fileobj.read()
    again = io.BytesIO(source)
    again.name = getattr(fileobj, "name", "(unknown)")  # named in Babel's warnings
    # (Babel types its results as extract()'s, but an extractor gives funcname and messages)
    yield from babel_python(again, keywords, comment_tags, options)  # type: ignore[arg-type,misc]
    if sys.version_info >= (3, 12):
        return
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for call in ast.walk(node):
                if not isinstance(call, ast.Call):
                    continue
                name = getattr(call.func, "attr", None) or getattr(call.func, "id", None)
                if name in keywords:
                    args = tuple(a.value if isinstance(a, ast.Constant)
                                 and isinstance(a.value, str) else None for a in call.args)
                    yield call.lineno, name, args, []


def extract_rules(fileobj: IO[bytes], keywords: _Keywords, comment_tags: Collection[str],
                  options: _Options) -> _Result:
    """Babel extractor of a ``rules.toml``."""
    from tutor.core.i18n import rule_texts, using
    from tutor.core.rules import RuleCatalogue

    text, name = _text_and_name(fileobj)
    catalogue = RuleCatalogue.from_toml_text(text, source=Path(name).name)
    with using("en"):
        for rule_id in catalogue:
            line = _line_of(text, r'^\[\s*"?' + re.escape(rule_id) + r'"?\s*\]')
            for field, value in rule_texts(catalogue[rule_id]):
                yield line, "pgettext", (rule_id, value), [f"rule {rule_id}: {field}"]


def extract_walkthrough(fileobj: IO[bytes], keywords: _Keywords, comment_tags: Collection[str],
                        options: _Options) -> _Result:
    """Babel extractor of a walkthrough file (``tutor/<game>/walkthroughs/<name>.toml``)."""
    from tutor.core import walkthrough
    from tutor.core.i18n import walkthrough_texts

    text, name = _text_and_name(fileobj)
    path = Path(name)
    wid = (f"{path.parent.parent.name}/{path.stem}" if path.parent.name == "walkthroughs"
           else path.stem)
    walk = walkthrough.parse(text, name=path.name, wid=wid)
    setup_line = _line_of(text, r"^\[setup\]")
    done: set[str] = set()
    for value in walkthrough_texts(walk):  # in the order localize() visits them
        if value not in done:
            done.add(value)
            line, part = _locate(walk, value, setup_line)
            yield line, "pgettext", (walk.id, value), [f"walkthrough {walk.id}: {part}"]


def _locate(walk: Walkthrough, value: str, setup_line: int) -> tuple[int, str]:
    from tutor.core.i18n import walkthrough_texts

    for number, step in enumerate(walk.steps, start=1):
        if value in walkthrough_texts(step):
            return step.line or 1, f"step {number}"
    if value == walk.intro:
        return setup_line, "setup"
    return 1, "walkthrough"


def extract_texts(fileobj: IO[bytes], keywords: _Keywords, comment_tags: Collection[str],
                  options: _Options) -> _Result:
    """Babel extractor of a keyed texts TOML (``key = "text"``; tables nest)."""
    text, name = _text_and_name(fileobj)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MalformedInput(f"not valid TOML: {exc}", where=name) from None

    def walk(table: dict[str, Any], prefix: str) -> _Result:
        for key, value in table.items():
            full = f"{prefix}{key}"
            if isinstance(value, dict):
                yield from walk(value, f"{full}.")
            elif isinstance(value, str) and value:
                line = _line_of(text, r"^\s*" + re.escape(key) + r"\s*=")
                yield line, "pgettext", (full, value), [f"text {full}"]

    yield from walk(data, "")
