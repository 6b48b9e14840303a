"""What each translation catalog lacks: ``python -m i18nbuild check|status`` (and ``python -m
tutor check --lang``, which runs :func:`check` after the walkthroughs).

Per language and domain, against the sources as they are now (extracted as ``update`` would):
*missing* texts, *stale* ones (fuzzy: translated from an older English; or translated texts
no longer in the sources), *broken* ones (a ``{placeholder}`` lost or renamed, braces that do
not parse, plural forms or the ``Plural-Forms`` header missing), glossary words not followed
(:mod:`tutor.core.i18n_glossary`) and obsolete ``#~`` entries.
"""
from __future__ import annotations

import string
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence, TextIO

from tutor.core import i18n
from tutor.core.i18n_glossary import Glossary

from . import catalogs

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message


@dataclass
class Report:
    domain: str
    lang: str
    po: str
    translated: int = 0
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)  # glossary terms not followed
    obsolete: list[str] = field(default_factory=list)  # `#~` entries: stale memory, never shown

    @property
    def complete(self) -> bool:
        return not (self.missing or self.stale or self.broken or self.words or self.obsolete)


def _label(message: Message) -> str:
    text = catalogs._first(message.id).replace("\n", " ")
    text = text if len(text) <= 70 else text[:67] + "..."
    return f"“{text}”" + (f" ({message.context})" if message.context else "")


def _book_heading(message: Message) -> bool:
    """A rule's ``section``: the printed rulebook's headings, the Italian edition's in Italian
    (Trapper's "Esempio di un turno"), not our words - the glossary's terms are not asked of
    them."""
    return any(comment.startswith("rule ") and comment.endswith(": section")
               for comment in message.auto_comments)


def _fields(text: str) -> set[str]:
    """The ``{placeholder}`` names of a format string (ValueError if it is not one)."""
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _placeholders(message: Message, lang: str) -> list[str]:
    ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
    strings = (list(message.string) if isinstance(message.string, (list, tuple))
               else [message.string])
    try:
        each = [_fields(i) for i in ids]
    except ValueError:
        return []  # not a format string in English: nothing to keep
    english: set[str] = set().union(*each)
    # a plural form may use any placeholder of the English forms ("canoe of {n} {animal}" /
    # "canoe of {n} {animals}"); it must keep those every English form has, {n} excepted
    needed = set.intersection(*each)
    plural = len(ids) > 1
    problems = []
    for number, text in enumerate(strings):
        if not text:
            continue
        form = f" (plural form {number})" if plural else ""
        try:
            have = _fields(text)
        except ValueError as exc:
            problems.append(f"[{lang}] {_label(message)}{form}: braces do not parse ({exc})")
            continue
        unknown = sorted(have - english)
        lost = sorted(needed - have - ({"n"} if plural else set()))
        if unknown:
            problems.append(f"[{lang}] {_label(message)}{form}: "
                            + ", ".join("{" + u + "}" for u in unknown)
                            + " is not in the English (it has "
                            + (", ".join("{" + e + "}" for e in sorted(english)) or "none") + ")")
        if lost:
            problems.append(f"[{lang}] {_label(message)}{form}: "
                            + ", ".join("{" + u + "}" for u in lost) + " is missing")
    return problems


def analyse(domain: catalogs.Domain, lang: str, template: Catalog | None = None,
            glossary: Glossary | None = None,
            views: Mapping[str, Glossary] | None = None) -> Report:
    """What a language's catalog of a domain lacks, against the sources as they are now.
    ``views``: a game's glossary by the file of its views (``widgets/games/canyon.py``), for
    the texts of a domain that only that file says (a board's words are the game's words)."""
    template = template if template is not None else catalogs.extract(domain)
    po = domain.po(lang)
    report = Report(domain.name, lang, catalogs._where(po))
    wanted = [m for m in template if m.id]
    if not po.is_file():
        report.missing = [_label(m) for m in wanted]
        return report
    text = po.read_text(encoding="utf-8")
    catalog = catalogs._read_po(po)
    if "Plural-Forms:" not in text:
        report.broken.append(f"[{lang}] no Plural-Forms header (use `i18n init`/`update`)")
    for message in wanted:
        have = catalog.get(message.id, message.context)
        if have is None or not catalogs._any_text(have):
            report.missing.append(_label(message))
            continue
        if have.fuzzy:
            was = " was “" + " / ".join(have.previous_id)[:60] + "”" if have.previous_id else ""
            report.stale.append(f"{_label(message)}: translated from an older English text;{was}")
            continue
        if isinstance(message.id, (list, tuple)):
            forms = have.string if isinstance(have.string, (list, tuple)) else (have.string,)
            if len(forms) != catalog.num_plurals or not all(forms):
                report.missing.append(f"{_label(message)}: {sum(map(bool, forms))} of "
                                      f"{catalog.num_plurals} plural forms")
                continue
        report.translated += 1
        report.broken += _placeholders(have, lang)
        words = glossary
        if views and words is None:
            files = {path for path, _line in message.locations}
            words = views.get(next(iter(files))) if len(files) == 1 else None
        if words is not None and not _book_heading(message):
            english = " ".join(message.id) if isinstance(message.id, (list, tuple)) else message.id
            local = (" ".join(have.string) if isinstance(have.string, (list, tuple))
                     else have.string or "")
            report.words += [f"[{lang}] {_label(message)}: {p.problem}"
                             for p in words.check(lang, english, local)]
    report.obsolete = [f"[{lang}] {_label(m)}: an obsolete `#~` entry (delete it)"
                       for m in catalog.obsolete.values()]
    current = {(catalogs._first(m.id), m.context) for m in wanted}
    for message in catalog:
        if message.id and not message.fuzzy and catalogs._any_text(message) \
                and (catalogs._first(message.id), message.context) not in current:
            report.stale.append(f"{_label(message)}: its English is no longer in the sources "
                                "(changed or removed: run `python -m i18nbuild update`)")
    return report


def reports(languages: Sequence[str] | None = None,
            names: Sequence[str] | None = None) -> Iterable[Report]:
    views = view_glossaries()  # read once, for every domain and language
    for domain in catalogs._pick(names):
        template = catalogs.extract(domain)
        words = domain.localedir.parent / "glossary.toml"  # beside the locale folder
        glossary = Glossary.from_file(words) if words.is_file() else None
        for lang in languages or [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]:
            if lang != i18n.SOURCE:
                yield analyse(domain, lang, template, glossary, views)


def view_glossaries() -> dict[str, Glossary]:
    """Each game's glossary by the file of its views (``widgets/games/<game>.py``): what a
    game's board and panel say are that game's words ("Round counter" is Canyon's
    "rondenteller", never "rondeteller")."""
    root = Path(__file__).resolve().parent.parent
    return {f"widgets/games/{words.parent.name}.py": Glossary.from_file(words)
            for words in sorted((root / "tutor").glob("*/glossary.toml"))
            if (root / "widgets" / "games" / f"{words.parent.name}.py").is_file()}


def check(out: TextIO | None = None, languages: Sequence[str] | None = None,
          names: Sequence[str] | None = None) -> int:
    """Every problem of every catalog (``python -m i18nbuild check``,
    ``python -m tutor check --lang``; needs Babel): per
    language and domain, missing, stale and broken translations (placeholders, plural forms,
    glossary terms) and obsolete ``#~`` entries; 1 when a shipped language is incomplete or a
    catalog is broken or holds an obsolete entry anywhere, else 0."""
    out = out or sys.stdout
    failing = 0
    for r in reports(languages, names):
        shipped = r.lang in i18n.SHIPPED
        fails = bool(r.broken or r.obsolete) or (shipped and not r.complete)
        failing += fails
        state = "ok" if r.complete else ("FAIL" if fails else "todo")
        print(f"{state:4} {r.lang} {r.domain}: {r.translated} translated, {len(r.missing)} "
              f"missing, {len(r.stale)} stale, {len(r.broken)} broken, {len(r.words)} "
              f"glossary{f', {len(r.obsolete)} obsolete' if r.obsolete else ''} "
              f"({r.po}{', shipped' if shipped else ''})", file=out)
        for kind, items in (("broken", r.broken), ("obsolete", r.obsolete), ("words", r.words),
                            ("stale", r.stale), ("missing", r.missing)):
            shown = items if (fails or kind in ("broken", "words")) else items[:3]
            for item in shown:
                print(f"     {kind:7} {r.po}: {item}", file=out)
            if len(shown) < len(items):
                print(f"     {kind:7} ... and {len(items) - len(shown)} more", file=out)
    print(f"languages: {', '.join(i18n.LANGUAGES)}; shipped: {', '.join(i18n.SHIPPED)}; "
          f"{failing} catalog(s) failing", file=out)
    return 1 if failing else 0


def status(out: TextIO | None = None, languages: Sequence[str] | None = None,
           names: Sequence[str] | None = None) -> int:
    out = out or sys.stdout
    rows = [(r.domain, r.lang, r.translated, len(r.missing), len(r.stale), len(r.broken),
             len(r.words)) for r in reports(languages, names)]
    head = ("domain", "lang", "translated", "missing", "stale", "broken", "glossary")
    width = max([len(head[0])] + [len(r[0]) for r in rows])
    print(f"{head[0]:{width}}  " + "  ".join(f"{h:>10}" for h in head[1:]), file=out)
    for row in rows:
        print(f"{row[0]:{width}}  " + "  ".join(f"{c:>10}" for c in row[1:]), file=out)
    return 0
