"""Babel extractors for the tutor's data texts (registered as ``babel.extractors`` entry points).

* ``tutor_rules`` - a game's ``rules.toml``: every text of every rule (title, text, reading,
  source, refusal, ...), context = the rule id.
* ``tutor_walkthrough`` - a walkthrough file: title, summary, source, setup narration, step
  titles and narrations, question prompts and choices; context = the walkthrough id
  (``trapper/green-turn``).
* ``tutor_texts`` - a TOML table of keyed texts (``key = "text"``, tables nest): context =
  the dotted key; translated at run time with ``T.p_(key, text)``.

Each reads its file with the loader the tutor itself uses, so the msgids are exactly the
texts :func:`tutor.core.i18n.localize_rule` and :func:`tutor.core.i18n.localize` look up.
A file that cannot be read raises ``MalformedInput`` naming it.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Collection, Iterator, Mapping

from .errors import MalformedInput

if TYPE_CHECKING:
    from .walkthrough import Walkthrough

_Result = Iterator[tuple[int, str, tuple[str, str], list[str]]]
#: Babel's extractor arguments (unused: the data files have no keywords or comments)
_Keywords = Mapping[str, Any]
_Options = Mapping[str, Any]


def _text_and_name(fileobj: IO[bytes]) -> tuple[str, str]:
    name = getattr(fileobj, "name", "<toml>")
    return fileobj.read().decode("utf-8"), str(name)


def _line_of(text: str, pattern: str, default: int = 1) -> int:
    match = re.search(pattern, text, flags=re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else default


def extract_rules(fileobj: IO[bytes], keywords: _Keywords, comment_tags: Collection[str],
                  options: _Options) -> _Result:
    """Babel extractor of a ``rules.toml``."""
    from .i18n import rule_texts, using
    from .rules import RuleCatalogue

    text, name = _text_and_name(fileobj)
    catalogue = RuleCatalogue.from_toml_text(text, source=Path(name).name)
    with using("en"):
        for rule_id in catalogue:
            line = _line_of(text, r'^\[\s*"?' + re.escape(rule_id) + r'"?\s*\]')
            for field, value in rule_texts(catalogue[rule_id]):
                yield line, "p_", (rule_id, value), [f"rule {rule_id}: {field}"]


def extract_walkthrough(fileobj: IO[bytes], keywords: _Keywords, comment_tags: Collection[str],
                        options: _Options) -> _Result:
    """Babel extractor of a walkthrough file (``tutor/<game>/walkthroughs/<name>.toml``)."""
    from . import walkthrough
    from .i18n import walkthrough_texts

    text, name = _text_and_name(fileobj)
    path = Path(name)
    wid = f"{path.parent.parent.name}/{path.stem}" if path.parent.name == "walkthroughs" else path.stem
    walk = walkthrough.parse(text, name=path.name, wid=wid)
    setup_line = _line_of(text, r"^\[setup\]")
    done: set[str] = set()
    for value in walkthrough_texts(walk):  # in the order localize() visits them
        if value not in done:
            done.add(value)
            line, part = _locate(walk, value, setup_line)
            yield line, "p_", (walk.id, value), [f"walkthrough {walk.id}: {part}"]


def _locate(walk: Walkthrough, value: str, setup_line: int) -> tuple[int, str]:
    from .i18n import walkthrough_texts

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
                yield line, "p_", (full, value), [f"text {full}"]

    yield from walk(data, "")
