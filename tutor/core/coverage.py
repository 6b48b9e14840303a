"""Rulebook coverage: every section and worked example of a rulebook, and what teaches it.

Each game keeps a ``coverage.toml`` beside its code::

    book = "002_0a1b2c.txt"        # the rulebook's file in the seeds
    language = "nl"                # the rulebook's language

    [[section]]
    name = "Voorbereidingen"       # the heading as the rulebook writes it, in its language
    place = "lines 40-62"          # where it stands in the rulebook's file
    kind = "section"               # or "example" (a worked example)
    rules = ["canyon.setup"]       # the rule ids that hold it
    walkthroughs = ["canyon/setup"]  # the walkthroughs that teach it
    readings = ["canyon.setup"]    # rules whose reading this section needed (each has one)
    note = ""                      # optional: what is left out, and why

:func:`markdown` makes ``docs/coverage.md`` from all of them (``python -m tutor coverage``); a
test checks that the file is current. A section with no rule and no walkthrough is a blank
row, counted in the summary.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from . import inputs
from . import walkthrough as wt
from .errors import MalformedInput
from .game import Game

FILE = "coverage.toml"
_TOP = {"book", "language", "section"}
_SECTION = {"name", "place", "kind", "rules", "walkthroughs", "readings", "note"}


@dataclass(frozen=True)
class Section:
    name: str
    place: str
    kind: str
    rules: tuple[str, ...]
    walkthroughs: tuple[str, ...]
    readings: tuple[str, ...]
    note: str = ""

    @property
    def blank(self) -> bool:
        return not self.rules and not self.walkthroughs


@dataclass(frozen=True)
class Coverage:
    game: str
    book: str
    language: str
    sections: tuple[Section, ...]


def path_of(game: Game[Any, Any]) -> Path:
    return Path(inspect.getfile(type(game))).parent / FILE


def _texts(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MalformedInput(f"'{key}' is a list of texts", where=where)
    return tuple(value)


def _text(table: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        raise MalformedInput(f"'{key}' is missing or not a text", where=where)
    return value


def load(game: Game[Any, Any], walkthroughs: Iterable[str] | None = None) -> Coverage | None:
    """A game's coverage, checked against its rules and walkthroughs (None: no file yet)."""
    path = path_of(game)
    if not path.is_file():
        return None
    data = inputs.load_toml(inputs.read_file(path), str(path))
    known = set(walkthroughs) if walkthroughs is not None else {
        f"{game.name}/{p.stem}" for p in wt.walkthroughs_of(game)}
    unknown = set(data) - _TOP
    if unknown:
        raise MalformedInput(f"unknown field(s) {sorted(unknown)}", where=str(path))
    sections = []
    raw = data.get("section", [])
    if not isinstance(raw, list):
        raise MalformedInput("'section' is a list of tables: [[section]]", where=str(path))
    for number, table in enumerate(raw, start=1):
        where = f"{path.name}, section {number}"
        if not isinstance(table, dict):
            raise MalformedInput("a section is a table", where=where)
        if set(table) - _SECTION:
            raise MalformedInput(f"unknown field(s) {sorted(set(table) - _SECTION)}", where=where)
        section = Section(_text(table, "name", where), _text(table, "place", where),
                          _text(table, "kind", where, "section"), _texts(table, "rules", where),
                          _texts(table, "walkthroughs", where), _texts(table, "readings", where),
                          _text(table, "note", where, ""))
        if section.kind not in ("section", "example"):
            raise MalformedInput(f"kind is section or example, not {section.kind!r}", where=where)
        for rule in (*section.rules, *section.readings):
            if rule not in game.rules:
                raise MalformedInput(f"no rule {rule!r}", where=where)
        for rule in section.readings:
            if not game.rules[rule].reading:
                raise MalformedInput(f"rule {rule!r} has no reading", where=where)
        for wid in section.walkthroughs:
            if wid not in known:
                raise MalformedInput(f"no walkthrough {wid!r}", where=where)
        sections.append(section)
    return Coverage(game.name, _text(data, "book", str(path)), _text(data, "language", str(path)),
                    tuple(sections))


def _cell(items: Iterable[str]) -> str:
    return ", ".join(f"`{i}`" for i in items) or "—"


def markdown(games: Iterable[Game[Any, Any]]) -> str:
    """``docs/coverage.md``: a table per game of its rulebook's sections and examples."""
    out = ["# Rulebook coverage", "",
           "Every section and worked example of each rulebook, named in the rulebook's own",
           "language with its place in the rulebook's file, and the rules, walkthroughs and",
           "readings that teach it. Generated from each game's `coverage.toml` by",
           "`python -m tutor coverage`; a test checks that this file is current.", ""]
    for game in games:
        found = load(game)
        out += [f"## {game.title}", ""]
        if found is None:
            out += [f"No `{FILE}` yet.", ""]
            continue
        blank = sum(s.blank for s in found.sections)
        examples = sum(s.kind == "example" for s in found.sections)
        out += [f"Rulebook `{found.book}` ({found.language}): {len(found.sections)} entries, "
                f"{examples} of them worked examples; without a rule or walkthrough: {blank}.", "",
                "| section or example | place | rules | walkthroughs | readings |",
                "|---|---|---|---|---|"]
        for s in found.sections:
            name = f"*{s.name}* (example)" if s.kind == "example" else s.name
            if s.note:
                name += f" — {s.note}"
            out.append(f"| {name} | {s.place} | {_cell(s.rules)} | {_cell(s.walkthroughs)} | "
                       f"{_cell(s.readings)} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
