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

    [untaught]                     # optional: rules no walkthrough shows, each with the reason
    "canyon.round" = "a refusal met in free play; nothing to show in a lesson"

A game whose file has ``[untaught]`` has its rules checked too (:func:`rule_listing`): each
rule is shown by a walkthrough (a step, the setup or a question names it) or the table says
why not; ``python -m tutor coverage --check`` lists them and fails on a rule with neither.
:func:`markdown` makes ``docs/coverage.md`` from all of them (``python -m tutor coverage``); a
test checks that the file is current. A section with no rule and no walkthrough is a blank
row, counted in the summary.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from . import inputs
from . import walkthrough as wt
from .errors import MalformedInput
from .game import Game

FILE = "coverage.toml"


class _WalkthroughIds(inputs.Ids):
    words = "walkthrough ids"


@dataclass(frozen=True)
class Section:  # a [[section]] as inputs.read reads it
    name: str
    place: str
    kind: str = "section"
    rules: inputs.Ids = inputs.Ids()
    walkthroughs: _WalkthroughIds = _WalkthroughIds()
    readings: inputs.Ids = inputs.Ids()
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
    #: rules no walkthrough shows, and why (None: the game's rules are not checked yet)
    untaught: dict[str, str] | None = None


@dataclass(frozen=True)
class _File:
    book: str
    language: str
    section: list[Any] = field(default_factory=list)
    untaught: object = None  # read by _untaught


@dataclass(frozen=True)
class RuleEntry:
    """One rule of a game: the walkthroughs that show it, or why none does."""

    rule: str
    walkthroughs: tuple[str, ...]
    reason: str = ""

    @property
    def covered(self) -> bool:
        return bool(self.walkthroughs or self.reason)


def path_of(game: Game[Any, Any]) -> Path:
    return Path(inspect.getfile(type(game))).parent / FILE


def load(game: Game[Any, Any], walkthroughs: Iterable[str] | None = None) -> Coverage | None:
    """A game's coverage, checked against its rules and walkthroughs (None: no file yet)."""
    path = path_of(game)
    if not path.is_file():
        return None
    raw = inputs.read(_File, inputs.load_toml(inputs.read_file(path), str(path)), str(path))
    known = set(walkthroughs) if walkthroughs is not None else {
        f"{game.name}/{p.stem}" for p in wt.walkthroughs_of(game)}
    sections = []
    for number, table in enumerate(raw.section, start=1):
        where = f"{path.name}, section {number}"
        if not isinstance(table, dict):
            raise MalformedInput("a section is a table", where=where)
        section = inputs.read(Section, table, where)
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
    return Coverage(game.name, raw.book, raw.language, tuple(sections),
                    _untaught(game, raw.untaught, path))


def _untaught(game: Game[Any, Any], table: object, path: Path) -> dict[str, str] | None:
    if table is None:
        return None
    where = f"{path.name}, [untaught]"
    if not isinstance(table, dict) or not all(isinstance(v, str) and v.strip()
                                              for v in table.values()):
        raise MalformedInput("[untaught] gives each rule id a reason (a text)", where=where)
    for rule in table:
        if rule not in game.rules:
            raise MalformedInput(f"no rule {rule!r}", where=where)
    return {rule: reason.strip() for rule, reason in table.items()}


def taught(game: Game[Any, Any]) -> dict[str, tuple[str, ...]]:
    """Each rule id a walkthrough of the game names (its setup, a step's rules, a refusal or a
    question), with those walkthroughs."""
    found: dict[str, list[str]] = {}
    for path in wt.walkthroughs_of(game):
        walk = wt.load(path, game)
        ids = set(walk.intro_rules)
        for step in walk.steps:
            ids.update(step.rules)
            ids.update(r for r in (step.refused, step.ask.rule if step.ask else None) if r)
        for rule in ids:
            found.setdefault(rule, []).append(walk.id)
    return {rule: tuple(sorted(wids)) for rule, wids in found.items()}


def rule_listing(game: Game[Any, Any], found: Coverage) -> list[RuleEntry]:
    """Every rule of a game with the walkthroughs that show it or the reason none does. A rule
    both taught and listed as untaught is an error (the reason is stale)."""
    shown = taught(game)
    untaught = found.untaught or {}
    for rule in untaught:
        if rule in shown:
            raise MalformedInput(f"{rule!r} is listed as untaught but {', '.join(shown[rule])} "
                                 f"show(s) it", where=f"{FILE} of {game.name}, [untaught]")
    return [RuleEntry(rule, shown.get(rule, ()), untaught.get(rule, "")) for rule in game.rules]


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
        if found.untaught is not None:
            entries = rule_listing(game, found)
            out += [f"Every rule of {game.title} and the walkthroughs that show it, or why none "
                    f"does ({sum(bool(e.walkthroughs) for e in entries)} of {len(entries)} in "
                    f"a walkthrough):", "", "| rule | walkthroughs, or why none |", "|---|---|"]
            out += [f"| `{e.rule}` | {_cell(e.walkthroughs) if e.walkthroughs else e.reason or '**none**'} |"
                    for e in entries]
            out.append("")
    return "\n".join(out).rstrip() + "\n"
