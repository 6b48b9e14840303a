"""A Trigger lesson says the same things in Dutch and Italian as in English: every compartment
(b1, e4), every column's letter ("col e", nl "kolom e", it "colonna e") and every player a text
names in English, its translation names too, and no other (the numbers: tests/core/
test_narration_numbers.py). A translation that moved a tile to another compartment or gave
Ben's turn to Anna would teach a false position."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.lesson_texts import named, translations
from tutor.core.walkthrough import library
from tutor.trigger import GAME

LESSONS = sorted(w for w in library() if w.startswith("trigger/"))
PLAYERS = ("Anna", "Ben", "Cleo", "Dirk")  # not Solo: Italian "solo" is "only"
COLUMN = {"en": r"\b(?:columns?|col) ([a-f])\b", "nl": r"\bkolom(?:men)? ([a-f])\b",
          "it": r"\bcolonn[ae] ([a-f])\b"}


def said(text: str, lang: str, italian: bool = False) -> tuple[Counter, Counter, set]:
    """The compartments, columns and players a text names (beside Italian, column e is left
    out: "la colonna e" is also "the column and")."""
    cells = Counter(re.findall(r"\b[a-f][1-6]\b", text))
    columns = Counter(c for c in re.findall(COLUMN[lang], text, re.I) if not (italian and c == "e"))
    names = set(named(text, PLAYERS))
    return cells, columns, names


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("wid", LESSONS)
def test_a_translation_names_the_english_compartments_columns_and_players(wid, lang):
    italian = lang == "it"
    for _lang, en, text in translations(wid, (lang,)):
        assert said(text, lang, italian) == said(en, "en", italian), (en, text)


@pytest.mark.parametrize("wid", LESSONS)
def test_every_lesson_s_players_have_names_and_not_words(wid):
    """The solo lessons' player was called "Solo", which an Italian page reads as "only"
    ("Tocca a te: fai la mossa di Solo"): every player is one of the course's names."""
    from tutor.core.walkthrough import by_id, replay

    start = replay(by_id(wid)).frames[0].state
    assert set(GAME.players(start)) <= set(PLAYERS), GAME.players(start)
