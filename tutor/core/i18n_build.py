"""Building the catalogs with Babel: ``python -m tutor i18n extract|update|compile|init|status``.

One catalog per domain and language, beside the domain's code:

=========  ==================================================  ================================
domain     sources                                              catalogs
=========  ==================================================  ================================
core       ``tutor/*.py``, ``tutor/core/*.py``                  ``tutor/core/locale``
<game>     ``tutor/<game>/**.py``, ``rules.toml``,               ``tutor/<game>/locale``
           ``walkthroughs/*.toml``, ``texts.toml``
widgets    ``widgets/**.py``, ``widgets/texts.toml``             ``widgets/locale``
=========  ==================================================  ================================

* ``extract`` writes each domain's template ``locale/<domain>.pot`` (generated, not committed).
* ``update`` merges the sources into every ``.po`` (``--lang`` to limit): new texts come in
  untranslated; a text whose English changed keeps its old translation marked *fuzzy* with the
  old English as ``#| msgid`` (matched within the same rule or walkthrough), so it is stale
  until a translator checks it and removes the flag; texts gone from the sources are dropped
  (no obsolete ``#~`` entries: ``check`` fails on one).
* ``compile`` writes the ``.mo`` beside each ``.po`` whose ``.mo`` is missing or older
  (``--force``: every one); never committed. The package build and ``run.py`` do the same
  (:mod:`tutor.core.i18n_compile`): the tutor reads only compiled catalogs.
* ``init LANG`` starts the catalogs of a new language (plural forms from CLDR).
* ``status`` prints a table per domain and language: translated, missing, stale, broken.
* ``check`` lists every missing, stale or broken string (``python -m tutor check --lang``).
"""
from __future__ import annotations

import argparse
import difflib
import io
import string
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator, Sequence, TextIO

from . import i18n
from .i18n_compile import compile_catalogs
from .i18n_glossary import Glossary, glossary_of

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message, _MessageID

#: Babel keywords: the Translator's methods and N_.
KEYWORDS = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "N_": None}
COMMENT_TAGS = ("Translators:", "i18n:")
TUTOR = Path(i18n.__file__).resolve().parent.parent
ROOT = TUTOR.parent


@dataclass
class Domain:
    name: str
    localedir: Path
    sources: list[tuple[Path, str]] = field(default_factory=list)  # (file, extraction method)

    def po(self, lang: str) -> Path:
        return self.localedir / lang / "LC_MESSAGES" / f"{self.name}.po"

    @property
    def pot(self) -> Path:
        return self.localedir / f"{self.name}.pot"

    def languages(self) -> list[str]:
        """The languages that have a catalog of this domain."""
        if not self.localedir.is_dir():
            return []
        return sorted(p.name for p in self.localedir.iterdir() if self.po(p.name).is_file())


def _python(folder: Path, recursive: bool = True) -> list[tuple[Path, str]]:
    files = folder.rglob("*.py") if recursive else folder.glob("*.py")
    return [(p, "python") for p in sorted(files) if "locale" not in p.relative_to(folder).parts]


def domains() -> dict[str, Domain]:
    """Every translation domain of the project and its source files."""
    found = {"core": Domain("core", TUTOR / "core" / "locale",
                            _python(TUTOR, recursive=False) + _python(TUTOR / "core"))}
    for package in sorted(TUTOR.iterdir()):
        if package.name == "core" or not (package / "__init__.py").is_file():
            continue
        sources = _python(package)
        if (package / "rules.toml").is_file():
            sources.append((package / "rules.toml", "tutor_rules"))
        sources += [(p, "tutor_walkthrough") for p in sorted(package.glob("walkthroughs/*.toml"))]
        if (package / "texts.toml").is_file():
            sources.append((package / "texts.toml", "tutor_texts"))
        found[package.name] = Domain(package.name, package / "locale", sources)
    widgets = ROOT / "widgets"
    if (widgets / "__init__.py").is_file():
        sources = _python(widgets)
        if (widgets / "texts.toml").is_file():
            sources.append((widgets / "texts.toml", "tutor_texts"))
        found["widgets"] = Domain("widgets", widgets / "locale", sources)
    return found


def _pick(names: Sequence[str] | None) -> list[Domain]:
    every = domains()
    unknown = [n for n in names or () if n not in every]
    if unknown:
        raise SystemExit(f"unknown domain(s) {', '.join(unknown)}; known: {', '.join(every)}")
    return [every[n] for n in names] if names else list(every.values())


def _where(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


# ---- extract -------------------------------------------------------------------------------
def extract(domain: Domain) -> Catalog:
    """The template catalog (a Babel Catalog) of a domain, from its sources now."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    template = Catalog(project="rules-tutor", version=i18n.SOURCE, fuzzy=False,
                       domain=domain.name, charset="utf-8")
    template.header_comment = (f"# Texts of the domain '{domain.name}' of Rules Tutor (English "
                               "source).\n# Made by `python -m tutor i18n extract`: do not "
                               "edit; translate the .po files.")
    for path, method in domain.sources:
        found = list(extract_from_file(method, path, keywords=KEYWORDS,
                                       comment_tags=COMMENT_TAGS, strip_comment_tags=True))
        if method == "python":
            found += _fstring_calls(path)
        for lineno, message, comments, context in found:
            template.add(message, None, [(_where(path), lineno)], auto_comments=comments,
                         context=context)
    return template


def _fstring_calls(path: Path) -> Iterator[tuple[int, str | tuple[str, str], list[str],
                                                  str | None]]:
    """The keyword calls written inside f-strings (``f"<b>{T._('Move:')}</b>"``), which
    Babel's Python extractor does not see before Python 3.12 (an f-string is one token
    there; Babel warns and skips it): ``(lineno, message, [], context)`` like Babel's own.
    Literal arguments only. Needed while the tutor runs on 3.11 (``requires-python``) and
    its views write such calls; on 3.12+ Babel finds them itself and this finds none."""
    import ast

    if sys.version_info >= (3, 12):
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        for call in ast.walk(node):
            if not isinstance(call, ast.Call):
                continue
            name = getattr(call.func, "attr", None) or getattr(call.func, "id", None)
            args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                    for a in call.args]
            if name in ("_", "N_") and args[:1] and args[0]:
                yield call.lineno, args[0], [], None
            elif name == "n_" and len(args) >= 2 and args[0] and args[1]:
                yield call.lineno, (args[0], args[1]), [], None
            elif name == "p_" and len(args) >= 2 and args[0] and args[1]:
                yield call.lineno, args[1], [], args[0]


def _write_po(catalog: Catalog, path: Path) -> None:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=96, include_previous=True, sort_output=False,
             include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def _read_po(path: Path) -> Catalog:
    from babel.messages.pofile import read_po

    with open(path, "rb") as fp:
        catalog = read_po(fp, abort_invalid=False)
    for message in [*catalog, *catalog.obsolete.values()]:
        _previous(message)
    return catalog


def _previous(message: Message) -> None:
    """Babel writes the old English of a fuzzy entry as ``#| msgid`` (``write_po(...,
    include_previous=True)``) but its ``read_po`` does not read it back: the line becomes a
    user comment ``| msgid "..."`` (python-babel/babel#206, open since 2015). Make it the
    message's ``previous_id`` again, so a translator keeps seeing the old English across
    updates and a second ``update`` does not write it twice. Public attributes only."""
    from babel.messages.pofile import denormalize

    kept: list[str] = []
    parts: list[str] = []
    for comment in message.user_comments:
        if not comment.startswith("|"):
            kept.append(comment)
            continue
        body = comment[1:].strip()
        keyword, _, rest = body.partition(" ")
        if keyword in ("msgid", "msgid_plural"):
            parts.append(rest)
        elif body.startswith('"') and parts:
            parts[-1] += "\n" + body
    if parts:
        message.previous_id = [denormalize(part) for part in parts]
        message.user_comments = kept


def write_template(domain: Domain) -> Catalog:
    template = extract(domain)
    _write_po(template, domain.pot)
    return template


# ---- update --------------------------------------------------------------------------------
def _translated(message: Message) -> bool:
    if isinstance(message.string, (list, tuple)):
        return all(message.string)
    return bool(message.string)


def _any_text(message: Message) -> bool:
    if isinstance(message.string, (list, tuple)):
        return any(message.string)
    return bool(message.string)


def merge(catalog: Catalog, template: Catalog) -> None:
    """Bring ``catalog`` (a language's) up to the ``template``; see ``update`` above.

    Babel's ``Catalog.update`` does the merge, without its fuzzy matching, which compares
    msgids across every context: here a changed text is matched only with the old texts of
    the same context (the same rule, the same walkthrough). ``update`` also drops the old
    English of an entry that was fuzzy already (it keeps ``previous_id`` only for a match it
    makes now): it is put back.
    """
    previous = {(_first(m.id), m.context): m.previous_id for m in catalog if m.id and m.fuzzy
                and m.previous_id}
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False,
                   update_creation_date=False)
    for message in catalog:  # Babel's update forgets the old English of a fuzzy entry
        if message.id and message.fuzzy and not message.previous_id:
            message.previous_id = previous.get((_first(message.id), message.context), [])
    old: defaultdict[str | None, list[tuple[str | tuple[str, str], Message]]] = \
        defaultdict(list)
    for key, message in catalog.obsolete.items():
        if _any_text(message):
            old[message.context].append((key, message))
    for message in list(catalog):
        if not message.id or _any_text(message) or not old.get(message.context):
            continue
        new_id = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        scored = [(difflib.SequenceMatcher(None, new_id, _first(o.id)).ratio(), k, o)
                  for k, o in old[message.context]]
        score, old_key, match = max(scored, key=lambda s: s[0])
        if score < (0.4 if message.context else 0.6):
            continue
        old[message.context].remove((old_key, match))
        del catalog.obsolete[old_key]
        had = match.string or ""
        forms = [had] if isinstance(had, str) else list(had)
        if isinstance(message.id, (list, tuple)):
            message.string = tuple((forms + [""] * catalog.num_plurals)[:catalog.num_plurals])
        else:
            message.string = forms[0] if forms else ""
        message.previous_id = list(match.id) if isinstance(match.id, (list, tuple)) else [match.id]
        message.flags.add("fuzzy")


def _first(msgid: _MessageID) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def update(names: Sequence[str] | None = None, languages: Sequence[str] | None = None,
           out: TextIO | None = None) -> int:
    out = out or sys.stdout
    for domain in _pick(names):
        template = write_template(domain)
        for lang in languages or domain.languages():
            po = domain.po(lang)
            if not po.is_file():
                print(f"no {_where(po)}: start it with `python -m tutor i18n init {lang}`",
                      file=out)
                continue
            catalog = _read_po(po)
            merge(catalog, template)
            catalog.obsolete.clear()  # what merge did not carry over is gone from the sources
            _write_po(catalog, po)
            print(f"updated {_where(po)}", file=out)
    return 0


def init(lang: str, names: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Start the catalogs of ``lang`` for every domain (or ``names``); existing ones are kept."""
    from babel import Locale, UnknownLocaleError
    from babel.messages.catalog import Catalog

    out = out or sys.stdout
    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError) as exc:
        print(f"unknown language {lang!r}: {exc}", file=out)
        return 2
    for domain in _pick(names):
        po = domain.po(lang)
        if po.is_file():
            print(f"kept {_where(po)} (exists: use update)", file=out)
            continue
        template = extract(domain)
        catalog = Catalog(locale=lang, domain=domain.name, project="rules-tutor",
                          version=i18n.SOURCE, charset="utf-8", fuzzy=False)
        catalog.header_comment = (f"# {lang} texts of the domain '{domain.name}' of Rules Tutor."
                                  "\n# Translate msgstr; keep every {placeholder}. See "
                                  "docs/translating.md.")
        for message in template:
            if message.id:
                catalog[message.id] = message
        _write_po(catalog, po)
        print(f"created {_where(po)}", file=out)
    if lang not in i18n.LANGUAGES:
        print(f"now add {lang!r} to LANGUAGES (and LANGUAGE_NAMES) in tutor/core/i18n.py",
              file=out)
    return 0


def compile_all(names: Sequence[str] | None = None, out: TextIO | None = None,
                force: bool = False) -> int:
    """Write the ``.mo`` of every catalog whose ``.mo`` is missing or older than its ``.po``
    (every one with ``force``)."""
    out = out or sys.stdout
    pos = [domain.po(lang) for domain in _pick(names) for lang in domain.languages()]
    written = compile_catalogs(pos, force=force)
    for mo in written:
        print(f"compiled {_where(mo)}", file=out)
    print(f"{len(written)} compiled, {len(pos) - len(written)} up to date", file=out)
    i18n.reload()
    return 0


# ---- completeness ----------------------------------------------------------------------------
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
    text = _first(message.id).replace("\n", " ")
    text = text if len(text) <= 70 else text[:67] + "..."
    return f"“{text}”" + (f" ({message.context})" if message.context else "")


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


def analyse(domain: Domain, lang: str, template: Catalog | None = None,
            glossary: Glossary | None = None) -> Report:
    """What a language's catalog of a domain lacks, against the sources as they are now."""
    template = template if template is not None else extract(domain)
    po = domain.po(lang)
    report = Report(domain.name, lang, _where(po))
    wanted = [m for m in template if m.id]
    if not po.is_file():
        report.missing = [_label(m) for m in wanted]
        return report
    text = po.read_text(encoding="utf-8")
    catalog = _read_po(po)
    if "Plural-Forms:" not in text:
        report.broken.append(f"[{lang}] no Plural-Forms header (use `i18n init`/`update`)")
    for message in wanted:
        have = catalog.get(message.id, message.context)
        if have is None or not _any_text(have):
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
        if glossary is not None:
            english = " ".join(message.id) if isinstance(message.id, (list, tuple)) else message.id
            local = (" ".join(have.string) if isinstance(have.string, (list, tuple))
                     else have.string or "")
            report.words += [f"[{lang}] {_label(message)}: {p.problem}"
                             for p in glossary.check(lang, english, local)]
    report.obsolete = [f"[{lang}] {_label(m)}: an obsolete `#~` entry (delete it)"
                       for m in catalog.obsolete.values()]
    current = {(_first(m.id), m.context) for m in wanted}
    for message in catalog:
        if message.id and not message.fuzzy and _any_text(message) \
                and (_first(message.id), message.context) not in current:
            report.stale.append(f"{_label(message)}: its English is no longer in the sources "
                                "(changed or removed: run `python -m tutor i18n update`)")
    return report


def reports(languages: Sequence[str] | None = None,
            names: Sequence[str] | None = None) -> Iterable[Report]:
    for domain in _pick(names):
        template = extract(domain)
        glossary = glossary_of(domain.localedir)
        for lang in languages or [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]:
            if lang != i18n.SOURCE:
                yield analyse(domain, lang, template, glossary)


def check(out: TextIO | None = None, languages: Sequence[str] | None = None,
          names: Sequence[str] | None = None) -> int:
    """Every problem of every catalog (``python -m tutor check --lang``; needs Babel): per
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


# ---- command line ----------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor i18n",
                                     description="Translation catalogs (see docs/translating.md).")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("extract", "write each domain's .pot template from the sources"),
                            ("update", "merge the sources into every .po (changed = fuzzy)"),
                            ("compile", "write the .mo beside each changed .po"),
                            ("status", "a table of translated / missing / stale per domain"),
                            ("check", "list every missing, stale or broken string")):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--domain", action="append", help="only this domain (repeatable)")
        if name in ("update", "status", "check"):
            p.add_argument("--lang", action="append", help="only this language (repeatable)")
        if name == "compile":
            p.add_argument("--force", action="store_true",
                           help="every catalog, also those whose .mo is up to date")
    p = sub.add_parser("init", help="start the catalogs of a new language")
    p.add_argument("lang")
    p.add_argument("--domain", action="append", help="only this domain (repeatable)")
    args = parser.parse_args(argv)
    if args.command == "extract":
        for domain in _pick(args.domain):
            template = write_template(domain)
            print(f"{_where(domain.pot)}: {sum(1 for m in template if m.id)} texts")
        return 0
    if args.command == "update":
        return update(args.domain, args.lang)
    if args.command == "compile":
        return compile_all(args.domain, force=args.force)
    if args.command == "init":
        return init(args.lang, args.domain)
    if args.command == "status":
        return status(languages=args.lang, names=args.domain)
    return check(languages=args.lang, names=args.domain)


if __name__ == "__main__":
    sys.exit(main())
