"""A lesson's texts in each language side by side, for the checks that its Dutch and Italian
name what its English names (squares, fields, cards, players, colours: each game's
``test_lesson_words.py`` or ``test_lesson_languages.py``; the numbers are checked for every
game by tests/core/test_narration_numbers.py)."""
from __future__ import annotations

import re
from typing import Callable

from tutor.core.i18n import localize, using, walkthrough_texts
from tutor.core.walkthrough import by_id

LANGUAGES = ("nl", "it")


def translations(wid: str, langs: tuple[str, ...] = LANGUAGES) -> list[tuple[str, str, str]]:
    """``(language, English text, its translation)`` for every text of lesson ``wid`` but the
    rulebook's place (its ``source``, not a position), in each of ``langs``."""
    walk = by_id(wid)
    english = walkthrough_texts(walk)
    found = []
    for lang in langs:
        with using(lang):
            local = walkthrough_texts(localize(walk))
        assert len(local) == len(english), (wid, lang)
        found += [(lang, en, text) for en, text in zip(english, local) if en != walk.source]
    return found


def named(text: str, players: tuple[str, ...], shortest: int = 1) -> list[str]:
    """The players ``text`` names (at least ``shortest`` letters long), also as a genitive
    (Dutch "Bens kano", English "Ben's").

    >>> named("Bens kano wacht op Anna.", ("Anna", "Ben", "Cleo"))
    ['Anna', 'Ben']
    """
    return sorted(p for p in players if len(p) >= shortest
                  and re.search(rf"\b{re.escape(p)}(?:'?s)?\b", text))


def position_players(wid: str) -> tuple[str, ...]:
    """The players the lesson's position names on its ``players:`` line (none if it has none)."""
    found = re.search(r"^players:\s*(.*)$", by_id(wid).position or "", re.M)
    return tuple(p for p in re.split(r"[,\s]+", found[1]) if p) if found else ()


#: what a text names, by kind (a game's ``words(text, players)``: squares, players, colours)
Words = Callable[[str, tuple[str, ...]], dict[str, object]]


def differences(english: str, local: str, players: tuple[str, ...], words: Words) -> list[str]:
    """Each kind of thing the English names that its translation names otherwise."""
    said, kept = words(english, players), words(local, players)
    return [f"{what}: English {said[what]}, translation {kept[what]}"
            for what in said if said[what] != kept[what]]


def mismatches(wid: str, words: Words) -> list[str]:
    """Every text of lesson ``wid`` whose Dutch or Italian names other things than its English
    (the players: the position's ``players:`` line)."""
    players = position_players(wid)
    return [f"{wid} {lang}: {d} in {local!r}" for lang, english, local in translations(wid)
            for d in differences(english, local, players, words)]
