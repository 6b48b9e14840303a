"""The book's own words, checked against the rulebooks: every rule that quotes its rulebook
(``words``, with ``book`` = the rulebook's language) must quote it word for word.

The rulebooks are not part of the repository (``../shared/seeds/`` beside a clone, or the
folder given with ``--seeds`` / ``$TUTOR_SEEDS``): this is an author's check, run with
``python -m tutor quotes``, not a test. Each game's ``coverage.toml`` names its rulebook file(s)
(``book``) and language(s) (``language``), ``"a.txt (nl) + b.txt (it)"`` for two books.

>>> books_of({"book": "000_a.txt (nl) + 001_b.txt (it)", "language": "nl + it"})
{'nl': '000_a.txt', 'it': '001_b.txt'}
>>> plain("  de **kano**\\n  met 1 nerts ( $3 \\\\times 2$ )")
'de kano met 1 nerts ( 3 × 2 )'
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Iterable, Mapping


_FILE = re.compile(r"[\w.-]+\.txt")


def books_of(meta: Mapping[str, Any]) -> dict[str, str]:
    """Language -> rulebook file name, from a coverage.toml's ``book`` and ``language``."""
    files = _FILE.findall(str(meta.get("book", "")))
    languages = [part.strip() for part in str(meta.get("language", "")).split("+")]
    return dict(zip(languages, files))


def plain(text: str) -> str:
    """Text as it reads: the seeds' markup (``**bold**``, ``$3 \\times 2$``) gone and every run
    of white space one space (line breaks in the book do not count)."""
    text = text.replace("\\times", "×").replace("**", "").replace("$", "")
    return " ".join(text.split())


def default_seeds(root: Path) -> Path:
    return Path(os.environ.get("TUTOR_SEEDS") or root.parent / "shared" / "seeds")


def problems(rules: Iterable[tuple[str, Any]], books: Mapping[str, str], seeds: Path) -> list[str]:
    """One sentence per rule whose ``words`` are not in its ``book``'s rulebook (or whose
    rulebook cannot be found)."""
    found: list[str] = []
    texts: dict[str, str | None] = {}
    for rule_id, rule in rules:
        words, lang = getattr(rule, "words", None), getattr(rule, "book", None)
        if not words:
            continue
        name = books.get(str(lang))
        if name is None:
            found.append(f"{rule_id}: quotes a '{lang}' rulebook, but coverage.toml names none")
            continue
        if name not in texts:
            path = seeds / name
            texts[name] = plain(path.read_text(encoding="utf-8")) if path.is_file() else None
        book = texts[name]
        if book is None:
            found.append(f"{rule_id}: the rulebook {name} is not in {seeds}")
        else:
            for part in re.split(r"\s*(?:\[\.\.\.\]|…|\.\.\.)\s*", plain(words)):
                if part and part not in book:
                    found.append(f"{rule_id}: {part!r} is not in {name}")
    return found


def glossary_problems(glossary: Any, books: Mapping[str, str], seeds: Path) -> list[str]:
    """One sentence per glossary term that says where the rulebook uses it (``where`` in the
    rulebook's language) but none of whose forms in that language the rulebook has."""
    found: list[str] = []
    for lang, name in books.items():
        path = seeds / name
        if not path.is_file():
            found.append(f"the rulebook {name} is not in {seeds}")
            continue
        book = plain(path.read_text(encoding="utf-8")).lower()
        for term in glossary.terms:
            forms = term.forms.get(lang, ())
            if lang in term.where and forms and not any(
                    re.search(rf"(?<!\w){re.escape(form.lower())}", book) for form in forms):
                found.append(f"glossary term '{term.key}': none of {list(forms)} is in {name}")
    return found
