"""The translation catalogs, built with Babel: ``python -m i18nbuild extract|update|compile|init``.

One catalog per domain and language, beside the domain's code:

=========  ==================================================  ================================
domain     sources (what ``babel.cfg`` maps in them)            catalogs
=========  ==================================================  ================================
core       ``tutor/*.py``, ``tutor/core/``                      ``tutor/core/locale``
<game>     ``tutor/<game>/``: ``**.py``, ``rules.toml``,         ``tutor/<game>/locale``
           ``walkthroughs/*.toml``, ``texts.toml``
widgets    ``widgets/``                                         ``widgets/locale``
=========  ==================================================  ================================

* ``extract`` writes each domain's template ``locale/<domain>.pot`` (generated, not committed):
  Babel walks the domain's sources and extracts each file with the extractor ``babel.cfg``
  maps it to, as ``pybabel extract -F babel.cfg`` does; the texts are listed by the mapping's
  sections in their order (Python first, then rules, walkthroughs, keyed texts), each by path.
* ``update`` merges the sources into every ``.po`` (``--lang`` to limit): new texts come in
  untranslated; a text whose English changed keeps its old translation marked *fuzzy* with the
  old English as ``#| msgid`` (matched within the same rule or walkthrough), so it is stale
  until a translator checks it and removes the flag; texts gone from the sources are dropped
  (no obsolete ``#~`` entries: ``check`` fails on one).
* ``compile`` writes the ``.mo`` beside each ``.po`` whose ``.mo`` is missing or older
  (``--force``: every one); never committed. The package build and ``run.py`` do the same
  (:mod:`i18nbuild.compile`): the tutor reads only compiled catalogs.
* ``init LANG`` starts the catalogs of a new language (plural forms from CLDR).
* ``status`` and ``check`` (:mod:`i18nbuild.check`): what each catalog lacks.

Tooling, not the engine: the tutor never imports this package (nor Babel) at run time.
"""
from __future__ import annotations

import copy
import difflib
import io
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Iterator, Sequence, TextIO

from tutor.core import i18n

from .compile import compile_catalogs

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message, _MessageID

ROOT = Path(__file__).resolve().parent.parent
TUTOR = ROOT / "tutor"
#: Which extractor reads which file (and the Python keywords): Babel's mapping file.
MAPPING = ROOT / "babel.cfg"


@dataclass
class Domain:
    name: str
    localedir: Path
    sources: list[Path] = field(default_factory=list)  # folders and files, as pybabel's inputs

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


def domains() -> dict[str, Domain]:
    """Every translation domain of the project and its sources."""
    found = {"core": Domain("core", TUTOR / "core" / "locale",
                            [*sorted(TUTOR.glob("*.py")), TUTOR / "core"])}
    for package in sorted(TUTOR.iterdir()):
        if package.name != "core" and (package / "__init__.py").is_file():
            found[package.name] = Domain(package.name, package / "locale", [package])
    widgets = ROOT / "widgets"
    if (widgets / "__init__.py").is_file():
        found["widgets"] = Domain("widgets", widgets / "locale", [widgets])
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
def _mapping() -> tuple[list[tuple[str, str]], dict[str, dict[str, object]]]:
    """``babel.cfg`` read by Babel: ``[(pattern, method)]`` and each pattern's options."""
    from babel.messages.frontend import parse_mapping_cfg

    if not MAPPING.is_file():
        raise SystemExit(f"no {MAPPING}: the catalogs' tools work in a checkout of the project")
    with open(MAPPING, encoding="utf-8") as fp:
        return parse_mapping_cfg(fp, str(MAPPING))  # type: ignore[no-untyped-call,no-any-return]


def extracted(domain: Domain) -> list[tuple[str, int, _MessageID, list[str], str | None]]:
    """``(path, lineno, message, comments, context)`` of every text of the domain's sources,
    extracted by Babel with ``babel.cfg`` (pybabel's defaults: its keywords and the mapping's,
    comment tags stripped); listed by the mapping's section, then by path."""
    from babel.messages.extract import (DEFAULT_KEYWORDS, check_and_call_extract_file,
                                        extract_from_dir)
    from babel.util import pathmatch

    method_map, options_map = _mapping()
    found = []
    for source in domain.sources:
        if source.is_dir():  # the names Babel gives are relative to where it looks from
            base, each = source, extract_from_dir(source, method_map, options_map,
                                                  DEFAULT_KEYWORDS, strip_comment_tags=True)
        else:  # a file: as pybabel's input, matched from the checkout's root
            base = ROOT if source.resolve().is_relative_to(ROOT) else source.parent
            each = check_and_call_extract_file(source, method_map, options_map, None,
                                               DEFAULT_KEYWORDS, (), True, base)
        for name, lineno, message, comments, context in each:
            section = next(i for i, (pattern, _) in enumerate(method_map)
                           if pathmatch(pattern, name))
            where = _where(base / name)
            found.append(((section, PurePosixPath(where).parts), where, lineno, message,
                          comments, context))
    found.sort(key=lambda f: f[0])  # stable: a file's texts keep their order
    return [(where, lineno, message, comments, context)
            for _, where, lineno, message, comments, context in found]


def extract(domain: Domain) -> Catalog:
    """The template catalog (a Babel Catalog) of a domain, from its sources now."""
    from babel.messages.catalog import Catalog

    template = Catalog(project="rules-tutor", version=i18n.SOURCE, fuzzy=False,
                       domain=domain.name, charset="utf-8")
    template.header_comment = (f"# Texts of the domain '{domain.name}' of Rules Tutor (English "
                               "source).\n# Made by `python -m i18nbuild extract`: do not "
                               "edit; translate the .po files.")
    for where, lineno, message, comments, context in extracted(domain):
        template.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return template


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

    ``template`` is left as it was: Babel's ``update`` puts the template's own ``Message`` into
    the catalog for a text the catalog lacks (it copies only the texts it merges), so the fuzzy
    match below would write this language's old translation into the template, and the next
    language merged from it would get that translation (nl given the Italian one). Each
    catalog is merged from a copy of the template.
    """
    template = copy.deepcopy(template)
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
                print(f"no {_where(po)}: start it with `python -m i18nbuild init {lang}`",
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


