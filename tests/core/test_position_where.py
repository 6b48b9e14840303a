"""Where a position text is wrong is said in the reader's language, as what is wrong is (the
line and column were English on Dutch and Italian pages: "line 2, column 1: onbekende
sleutel"), and given as a number too (``MalformedInput.line``), which a walkthrough's check
turns into its file's line whatever the language."""
from __future__ import annotations

import pytest

from tests.refusals import PLACE, placed
from tutor.core import registry
from tutor.core.errors import MalformedInput
from tutor.core.i18n import using

MAP = {"en": "line 3, map row 2, column 2 (b2)", "nl": "regel 3, rij 2 van de kaart, kolom 2 (b2)",
       "it": "riga 3, riga 2 della mappa, colonna 2 (b2)"}


def refused(game: str, text: str, lang: str) -> MalformedInput:
    with using(lang), pytest.raises(MalformedInput) as caught:
        registry.get(game).parse_position(text)
    return caught.value


@pytest.mark.parametrize("lang", PLACE)
@pytest.mark.parametrize("game", ["trapper", "canyon", "intrappola", "trigger"])
def test_a_wrong_line_is_placed_in_the_reader_s_language(game, lang):
    # the second line has a key no game knows
    first = {"trapper": "players: Anna Ben", "canyon": "players: Anne Carl",
             "intrappola": "players: Anna Bruno", "trigger": "players: Anna Ben"}[game]
    found = refused(game, f"{first}\nbogus: 3", lang)
    assert found.where == placed(2, 1, lang) and found.line == 2, (found.where, found.line)
    assert str(found).startswith(placed(2, 1, lang) + ": ")


@pytest.mark.parametrize("lang", MAP)
def test_a_wrong_map_field_is_placed_by_its_line_and_the_map_s_row(lang):
    found = refused("canyon", "map:\n  #S#\n  #x#\n  #D#", lang)
    assert found.where == MAP[lang] and found.line == 3
