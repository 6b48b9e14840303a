"""A Canyon lesson says the same things in Dutch and Italian as in English: every text of each
lesson (narrations, questions, choices, reasons, titles) names the same fields, the same
players and the same card colours in its translation as in English. (Numbers in
digits are checked for every game by tests/core/test_narration_numbers.py.)

A field the English paddles to (f13) and a translation kept at another, a player swapped,
trump "blue" that became green in a translation: each is a sentence that is false of its
position in one language only, which no replay of the English catches.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest

from tests import lesson_texts as texts
from tests.lesson_texts import named
from tutor.core.walkthrough import library

#: the colours as each language writes them (also in a rulebook's words quoted in English)
COLOURS = {
    "blue": ("blue", "blauw", "blauwe", "blu"),
    "green": ("green", "groen", "groene", "verde", "verdi"),
    "red": ("red", "rood", "rode", "rosso", "rossa", "rossi", "rosse"),
    "yellow": ("yellow", "geel", "gele", "giallo", "gialla", "gialli", "gialle"),
    "purple": ("purple", "paars", "paarse", "viola"),
}
WALKS = sorted(wid for wid in library() if wid.startswith("canyon/"))


def words(text: str, players: tuple[str, ...]) -> dict[str, object]:
    """What a text names: fields (counted), players and colours (which are named, in order)."""
    low = text.lower()
    return {
        "fields": Counter(re.findall(r"\b[a-z][1-9]\d?\b", low)),
        "players": named(text, players),
        "colours": sorted(c for c, forms in COLOURS.items()
                    if any(re.search(rf"\b{f}\b", low) for f in forms)),
    }


def differences(english: str, local: str, players: tuple[str, ...]) -> list[str]:
    return texts.differences(english, local, players, words)


@pytest.mark.parametrize("wid", WALKS)
def test_a_translation_names_the_english_fields_players_and_colours(wid):
    assert texts.mismatches(wid, words) == []


def test_the_check_finds_a_field_a_player_or_a_colour_changed():
    """The check itself: each kind of change is found, the same words in another order and
    grammar are not."""
    players = ("Anne", "Carl")
    english = "Blue is trump. Carl paddles to f13, right behind Anne."
    assert differences(english, "Blauw is troef. Carl peddelt naar f13, vlak achter Anne.",
                       players) == []
    assert differences(english, "Blauw is troef. Carl peddelt naar f14, vlak achter Anne.",
                       players) == [
        "fields: English Counter({'f13': 1}), translation Counter({'f14': 1})"]
    assert differences(english, "Il verde è briscola. Carl va in f13, proprio dietro ad Anne.",
                       players) == ["colours: English ['blue'], translation ['green']"]
    assert differences(english, "Blauw is troef. Anne peddelt naar f13.", players) == [
        "players: English ['Anne', 'Carl'], translation ['Anne']"]
