"""An InTrappola lesson says the same things in Dutch and Italian as in English: every card of
several pictures (A4, B1) and every player a text names in English, its translation names too,
and no other (the numbers, places and cards of one picture: tests/core/test_narration_numbers.py).
A translation that gave Bruno's hand to Anna or moved a card to another picture would teach a
false position."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.lesson_texts import named, translations
from tutor.core.walkthrough import library

LESSONS = sorted(w for w in library() if w.startswith("intrappola/"))
PLAYERS = ("Anna", "Bruno")


def said(text: str) -> tuple[Counter, set]:
    """The cards of several pictures and the players a text names."""
    cards = Counter(re.findall(r"\b[A-C](?:[1-9]|1[0-6])\b", text))
    names = set(named(text, PLAYERS))
    return cards, names


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("wid", LESSONS)
def test_a_translation_names_the_english_cards_and_players(wid, lang):
    for _lang, en, text in translations(wid, (lang,)):
        assert said(text) == said(en), (en, text)
