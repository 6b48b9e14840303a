"""The book's own words, checked against the rulebooks: every rule that quotes its rulebook
(``words``, with ``book`` = the rulebook's language) must quote it word for word.

The rulebooks are not part of the repository (``../shared/seeds/`` beside a clone, or the
folder given with ``--seeds`` / ``$TUTOR_SEEDS``): this is an author's check, run with
``python -m tutor quotes``, not a test. Each game's ``coverage.toml`` names its rulebook file(s)
(``book``) and language(s) (``language``), ``"a.txt (nl) + b.txt (it)"`` for two books; each
of its sections is found where it says (:func:`place_problems`).

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


_PLACE = re.compile(r"^\s*(?:(?P<lang>[a-z]{2})\s+\d+\s*,\s*)?lines?\s+(?P<lines>[\d\s,-]+)")


def lines_of(place: str) -> tuple[str | None, list[int]]:
    """A coverage section's ``place``: the rulebook's language where it names one (``"nl
    000, lines 3-11"``) and the line numbers (``"lines 129, 135-137"``).

    >>> lines_of("nl 000, lines 3-5, 9")
    ('nl', [3, 4, 5, 9])
    >>> lines_of("line 7")
    (None, [7])
    """
    found = _PLACE.match(place)
    if not found:
        return None, []
    numbers: list[int] = []
    for a, b in re.findall(r"(\d+)(?:\s*-\s*(\d+))?", found["lines"]):
        numbers += range(int(a), int(b or a) + 1)
    return found["lang"], numbers


def place_problems(sections: Iterable[Any], books: Mapping[str, str], seeds: Path) -> list[str]:
    """One sentence per coverage section whose name does not begin where its ``place`` says:
    the name's first word (two letters or more: "Es 1", "(A) Se la carta") is on its lines,
    unless the section goes on with an earlier one's heading ("Spelverloop: ...")."""
    found: list[str] = []
    headings: set[tuple[str | None, str]] = set()
    for section in sections:
        lang, numbers = lines_of(section.place)
        heading = (lang, section.name.split(":")[0]) if ":" in section.name else None
        if heading in headings:
            continue
        if heading:
            headings.add(heading)
        if lang:
            name = books.get(lang)
        else:  # a place that names no book: the game's one book
            name = next(iter(books.values())) if len(books) == 1 else None
        head = next(iter(re.findall(r"[^\W\d_]{2,}", section.name)), "")
        if not numbers or name is None or not head:
            found.append(f"section {section.name!r}: no rulebook lines in {section.place!r}")
            continue
        path = seeds / name
        if not path.is_file():
            found.append(f"the rulebook {name} is not in {seeds}")
            continue
        book = path.read_text(encoding="utf-8").splitlines()
        there = plain(" ".join(book[n - 1] for n in numbers if 0 < n <= len(book)))
        if not re.search(rf"(?<!\w){re.escape(head.lower())}", there.lower().replace("’", "'")):
            found.append(f"section {section.name!r}: {head!r} is not at {section.place} of {name}")
    return found
