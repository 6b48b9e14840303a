"""Rule catalogues: every rule a game enforces, as data.

Each game keeps a ``rules.toml`` beside its code. A rule has a stable id, a title, a short
explanation, where it stands in the rulebook, and - where the rulebook is unclear - the
reading this project chose. Refusal texts (the reason shown when a move is refused) are
templates in the same file, so all learner-facing text stays in data and can be translated.
A catalogue read from ``tutor/<game>/rules.toml`` gives its rules in the current language
(:func:`tutor.core.i18n.localize_rule`: the game's catalog, context = the rule id).

>>> cat = RuleCatalogue.from_toml_text('''
... ["demo.take"]
... title = "Taking"
... text = "Take one tile."
... refusal = "{tile} cannot be taken"
... ''', source="demo")
>>> cat["demo.take"].title
'Taking'
>>> cat.reason("demo.take", tile="bear 4")
'bear 4 cannot be taken'
"""
from __future__ import annotations

import string
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Mapping

from .errors import MalformedInput
from .i18n import current, euphony, localize_rule, translator

T = translator("core")

_FIELDS = {"title", "text", "reading", "source", "section", "refusal", "words", "book"}


@dataclass(frozen=True)
class Rule:
    """One rule of a game, as the learner sees it."""

    id: str
    title: str
    text: str
    source: str = ""  # our citation: the seed files' sections and lines, for whoever checks a rule
    #: where a learner finds the rule in the printed rulebook: its headings as the book prints
    #: them (" · " between two, " › " to a sub-heading), in the edition of the learner's language
    #: where the game has one (the catalog's translation), never a line number
    section: str = ""
    reading: str = ""  # the reading we chose where the rulebook is unclear; "" if none
    refusal: str = ""  # template for the reason a move is refused by this rule
    words: str = ""  # the rulebook's own words for it (quoted where ``source`` points)
    book: str = ""  # the language of ``words``, the rulebook's: "nl", "it"

    @property
    def is_reading(self) -> bool:
        return bool(self.reading)


class RuleCatalogue(Mapping[str, Rule]):
    """Rules of one game by id. Unknown ids raise ``KeyError`` naming the id."""

    def __init__(self, rules: Mapping[str, Rule], domain: str | None = None,
                 localedir: Path | None = None):
        self._rules = dict(rules)
        self.domain = domain  # the translation domain (a game's name); None: English only
        self.localedir = localedir

    @classmethod
    def from_toml_text(cls, text: str, source: str, domain: str | None = None,
                       localedir: Path | None = None) -> "RuleCatalogue":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise MalformedInput(str(exc), where=source) from None
        rules = {}
        for rule_id, fields in data.items():
            where = f"{source}, rule '{rule_id}'"
            if not isinstance(fields, dict):
                raise MalformedInput(T._("a rule must be a table of fields"), where=where)
            unknown = set(fields) - _FIELDS
            if unknown:
                raise MalformedInput(T.n_("unknown field {fields}", "unknown fields {fields}",
                                          len(unknown), fields=sorted(unknown)), where=where)
            for required in ("title", "text"):
                if not isinstance(fields.get(required), str) or not fields[required].strip():
                    raise MalformedInput(T._("field '{field}' is missing or empty",
                                             field=required), where=where)
            try:
                list(string.Formatter().parse(fields.get("refusal", "")))
            except ValueError as exc:
                raise MalformedInput(T._("bad refusal template: {problem}", problem=exc),
                                     where=where) from None
            rules[rule_id] = Rule(id=rule_id, **{k: v.strip() for k, v in fields.items()})
        return cls(rules, domain, localedir)

    @classmethod
    def from_file(cls, path: Path) -> "RuleCatalogue":
        """A game's ``rules.toml``; its translations are in ``locale/`` beside it."""
        path = Path(path)
        return cls.from_toml_text(path.read_text(encoding="utf-8"), source=path.name,
                                  domain=path.parent.name, localedir=path.parent / "locale")

    def __getitem__(self, rule_id: str) -> Rule:
        """The rule in the current language (``tutor.core.i18n.using``)."""
        return localize_rule(self._english(rule_id), self.domain, self.localedir)

    def _english(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"no rule with id '{rule_id}'") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def reason(self, rule_id: str, **params: object) -> str:
        """The refusal text of a rule, filled in; falls back to the rule's title."""
        english, rule = self._english(rule_id), self[rule_id]
        # a translation that does not fit its params falls back to English (check --lang says it)
        for candidate in (rule, english) if rule is not english else (english,):
            try:
                text = candidate.refusal or candidate.title
                if candidate is rule:  # Italian's "tocca ad Anne" (i18n.euphony)
                    text = euphony(current(), text, params)
                return text.format(**params)
            except (KeyError, IndexError) as exc:
                problem = exc
        # a catalogue/engine mismatch is a bug, say which
        raise KeyError(f"refusal of '{rule_id}' needs parameter {problem}") from None
