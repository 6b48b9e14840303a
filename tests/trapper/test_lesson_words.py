"""A Trapper lesson says the same things in Dutch and Italian as in English: every text of each
lesson (narrations, questions, choices, reasons, titles) names the same squares, the same
players and the same card and trapper colours in its translation as in English. (Numbers in
digits are checked for every game by tests/core/test_narration_numbers.py.)

A square the English moves from c3 to c4 and a translation kept at c3, a player swapped, a
"green trapper" that became blue in a translation: each is a sentence that is false of its
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
    "green": ("green", "groen", "groene", "verde", "verdi"),
    "blue": ("blue", "blauw", "blauwe", "blu"),
    "beige": ("beige",),
    "purple": ("purple", "paars", "paarse", "viola"),
}
WALKS = sorted(wid for wid in library() if wid.startswith("trapper/"))


def words(text: str, players: tuple[str, ...]) -> dict[str, object]:
    """What a text names: squares (counted), players and colours (which are named, in order)."""
    low = text.lower()
    return {
        "squares": Counter(re.findall(r"\b[a-h][1-8]\b", low)),
        # "A" or "C" of the tactical lesson are left out: one letter is also a word
        "players": named(text, players, shortest=2),
        "colours": sorted(c for c, forms in COLOURS.items()
                    if any(re.search(rf"\b{f}\b", low) for f in forms)),
    }


def differences(english: str, local: str, players: tuple[str, ...]) -> list[str]:
    return texts.differences(english, local, players, words)


@pytest.mark.parametrize("wid", WALKS)
def test_a_translation_names_the_english_squares_players_and_colours(wid):
    assert texts.mismatches(wid, words) == []


def test_the_check_finds_a_square_a_player_or_a_colour_changed():
    """The check itself: each kind of change is found, the same words in another order and
    grammar are not."""
    players = ("Anna", "Ben")
    english = "Anna moves the green trapper to c4 and takes bear 2; Ben's canoe waits."
    assert differences(english, "Anna zet de groene trapper op c4 en neemt beer 2; Bens kano "
                                "wacht.", players) == []
    assert differences(english, "Anna zet de groene trapper op c3 en neemt beer 2; Bens kano "
                                "wacht.", players) == [
        "squares: English Counter({'c4': 1}), translation Counter({'c3': 1})"]
    assert differences(english, "Anna sposta il Trapper blu in c4 e prende l'orso da 2; la "
                                "canoa di Ben aspetta.", players) == [
        "colours: English ['green'], translation ['blue']"]
    assert differences(english, "Ben zet de groene trapper op c4 en neemt beer 2.",
                       players) == ["players: English ['Anna', 'Ben'], translation ['Ben']"]
