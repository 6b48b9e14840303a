"""Glossaries: each game's words in each language, taken from its rulebooks.

A game keeps ``tutor/<game>/glossary.toml``::

    [rulebooks]                       # where each language's words come from
    nl = "Trapper (Clementoni 2007), Dutch rulebook"
    it = "Trapper (Clementoni 2007), Italian rulebook"

    [terms.canoe]                     # one term; the key is a name for it
    en = ["canoe", "canoes"]          # every English form (singular, plural, ...)
    nl = ["kano", "kano's"]           # the rulebook's forms in each language, first = the base
    it = ["canoa", "canoe"]
    where = { nl = "Spelmateriaal", it = "Componenti del gioco" }   # the place in the rulebook
    avoid = { nl = ["boot", "boten"], it = ["barca", "barche"] }    # ad-hoc words not to use
    note = "the tile that carries animals to the market"             # optional

The check: wherever an English source text uses a term (any of its ``en`` forms, whole words,
longest terms first so "trapper card" is not also "trapper"), the translation into a language
uses one of that language's forms (a form may start a longer word: Dutch compounds,
inflections) and none of its ``avoid`` words.

>>> g = Glossary.from_toml_text('''
... [terms.canoe]
... en = ["canoe", "canoes"]
... nl = ["kano", "kano's"]
... avoid = { nl = ["boot"] }
... ''', "demo.toml")
>>> [p.problem for p in g.check("nl", "A full canoe is sold", "Een volle boot wordt verkocht")]
["'canoe' is 'kano' here, not 'boot'"]
>>> g.check("nl", "A full canoe is sold", "Een volle kano wordt verkocht")
[]
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from . import inputs
from .errors import MalformedInput


@dataclass(frozen=True)
class Term:
    key: str
    forms: Mapping[str, tuple[str, ...]]  # language -> forms, the base first ("en" included)
    where: Mapping[str, str] = field(default_factory=dict)
    avoid: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    note: str = ""


@dataclass(frozen=True)
class Problem:
    term: str
    problem: str


@dataclass(frozen=True)
class _File:
    rulebooks: dict[str, Any] = field(default_factory=dict)
    terms: dict[str, Any] = field(default_factory=dict)


def _words(forms: object, where: str) -> tuple[str, ...]:
    if isinstance(forms, str):
        forms = [forms]
    if not isinstance(forms, list) or not forms or not all(isinstance(f, str) and f.strip()
                                                           for f in forms):
        raise MalformedInput("expected a word or a list of words", where=where)
    return tuple(f.strip() for f in forms)


def _any(forms: Iterable[str], whole: bool) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})" + (r"(?!\w)" if whole else ""),
                      re.IGNORECASE)


class Glossary:
    """The terms of one game."""

    def __init__(self, terms: list[Term], rulebooks: Mapping[str, str], path: str = ""):
        self.terms = terms
        self.rulebooks = dict(rulebooks)
        self.path = path
        # longest English forms first: "trapper card" before "trapper"
        self._order = sorted(terms, key=lambda t: -max(len(f) for f in t.forms["en"]))

    @classmethod
    def from_toml_text(cls, text: str, name: str) -> "Glossary":
        data = inputs.read(_File, inputs.load_toml(text, name), name)
        terms = []
        for key, entry in data.terms.items():
            where = f"{name}, term '{key}'"
            if not isinstance(entry, dict) or "en" not in entry:
                raise MalformedInput("a term is a table with at least 'en'", where=where)
            for part in ("where", "avoid"):
                if not isinstance(entry.get(part, {}), dict):
                    raise MalformedInput(f"'{part}' is a table by language",
                                         where=f"{where}, field '{part}'")
            forms = {lang: _words(value, f"{where}, field '{lang}'")
                     for lang, value in entry.items() if lang not in ("note", "where", "avoid")}
            places = {lang: str(place) for lang, place in entry.get("where", {}).items()}
            avoid = {lang: _words(value, f"{where}, avoid.{lang}")
                     for lang, value in entry.get("avoid", {}).items()}
            terms.append(Term(key, forms, places, avoid, str(entry.get("note", ""))))
        return cls(terms, data.rulebooks, name)

    @classmethod
    def from_file(cls, path: Path) -> "Glossary":
        path = Path(path)
        return cls.from_toml_text(path.read_text(encoding="utf-8"), str(path))

    def terms_in(self, english: str) -> list[Term]:
        """The terms an English text uses (each once)."""
        found, text = [], english
        for term in self._order:
            pattern = _any(term.forms["en"], whole=True)
            if pattern.search(text):
                found.append(term)
                text = pattern.sub(lambda m: " " * len(m.group()), text)
        return found

    def check(self, lang: str, english: str, translation: str) -> list[Problem]:
        """What is wrong with the words of ``translation`` (into ``lang``) of ``english``.

        ``{placeholders}``, `code` and 'quoted' move texts are not words of the text: they stay
        as they are in every language ("{player} plays 'return round'" uses no term).
        """
        english, translation = _prose(english), _prose(translation)
        problems = []
        for term in self.terms_in(english):
            wanted = term.forms.get(lang)
            avoided = term.avoid.get(lang, ())
            bad = _any(avoided, whole=True).search(translation) if avoided else None
            base = term.forms["en"][0]
            if bad:
                said = f"'{wanted[0]}'" if wanted else "the glossary's word"
                problems.append(Problem(term.key, f"'{base}' is {said} here, not "
                                                  f"'{bad.group()}'"))
            elif wanted and not _any(wanted, whole=False).search(translation) \
                    and not _abbreviates(wanted, translation):
                source = term.where.get(lang) or self.rulebooks.get(lang, "")
                problems.append(Problem(term.key, f"'{base}' should be "
                                        + " / ".join(f"'{w}'" for w in wanted)
                                        + (f" ({source})" if source else "")))
        return problems


def _abbreviates(forms: Iterable[str], translation: str) -> bool:
    """Whether the whole ``translation`` is a dotted abbreviation of one of ``forms`` (a
    board's word where 12 px leave room for a few letters: "vis." for "visone").

    >>> _abbreviates(["visone", "visoni"], " vis. "), _abbreviates(["visone"], "volp.")
    (True, False)
    """
    found = re.fullmatch(r"(\w{2,})\.", translation.strip())
    if found is None:
        return False
    return any(f.lower().startswith(found.group(1).lower()) for f in forms)


#: what is not prose in a text: {placeholders}, `code`, 'quoted' notation (an apostrophe
#: inside a word, as in "Anna's", does not open a quote), and a numbered line of a text
#: ("line 57" of a rulebook, "lines 1 to 20" of a score sheet: a line of writing, not a term)
_NOT_PROSE = re.compile(r"\{[^{}]*\}|`[^`]*`|(?<!\w)'[^'\n]*'(?!\w)"
                        r"|\blines? \d+(?:\s*(?:-|–|to)\s*\d+)?")


def _prose(text: str) -> str:
    """``text`` with its placeholders, code and quoted notation blanked out.

    >>> _prose("{player} ends with 'return round' (`end`); Anna's turn")
    "  ends with   ( ); Anna's turn"
    """
    return _NOT_PROSE.sub(" ", text)
