"""A broken saved game loaded in free play: the learner reads why in the page's language
(issue 13: errors about bad input go through the catalogs too). Canyon's and Trigger's were
English f-strings."""
from __future__ import annotations

import pytest

from tutor.core import BadState
from tutor.core.i18n import using

CASES = [
    ("canyon", {"players": ["Anne"]},
     {"en": "3 to 6 players, not 1", "nl": "3 tot 6 spelers, niet 1",
      "it": "da 3 a 6 giocatori, non 1"}),
    ("canyon", ["not", "an", "object"],
     {"en": "a Canyon state is a JSON object", "nl": "een Canyon-stand is een JSON-object",
      "it": "una posizione di Canyon è un oggetto JSON"}),
    ("trigger", "nonsense",
     {"en": "a Trigger state is a JSON object", "nl": "een Trigger-stand is een JSON-object",
      "it": "una posizione di Trigger è un oggetto JSON"}),
    ("trigger", {"setup": {}},
     {"en": "is missing", "nl": "ontbreekt", "it": "manca"}),
]


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("game, data, said", CASES)
def test_a_broken_saved_game_is_refused_in_the_page_language(game, data, said, lang):
    from importlib import import_module

    saving = import_module(f"tutor.{game}.saving")
    with using(lang), pytest.raises(BadState) as caught:
        saving.from_json(data)
    assert said[lang] in str(caught.value)
