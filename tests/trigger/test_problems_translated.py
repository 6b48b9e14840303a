"""What no Trigger state may be (``rules.problems``) is said in the page's language: a saved
state refused by ``from_json`` names its problem in Dutch and Italian, not only in English."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tutor.core import BadState
from tutor.core.i18n import using
from tutor.trigger import GAME
from tutor.trigger.state import Phase

from .helpers import position


def _refused(data, lang: str) -> str:
    with using(lang), pytest.raises(BadState) as refused:
        GAME.from_json(data)
    return refused.value.problem


def _saved(state, change) -> dict:
    data = json.loads(json.dumps(GAME.to_json(state)))
    change(data)
    return data


@pytest.mark.parametrize("change, english, dutch, italian", [
    (lambda d: d.update(opening=[[7, 7]]), "dice: a die shows 1 to 6",
     "dice: een dobbelsteen toont 1 tot 6", "dice: un dado mostra da 1 a 6"),
    (lambda d: d.update(spent=12), "12 spent where the roll allows 0 to 11",
     "12 betaald, terwijl de worp 0 tot 11 toelaat",
     "12 pagati, mentre il tiro permette da 0 a 11"),
    (lambda d: d["boards"][0]["values"].__setitem__(0, 1),
     "board 0 does not hold the tiles of its layout",
     "speelbord 0 heeft niet de plaatjes van zijn layout",
     "il tabellone 0 non ha le tessere del suo layout"),
])
def test_a_saved_state_s_problem_is_said_in_the_page_language(change, english, dutch, italian):
    data = _saved(position(), change)  # Anna to play a roll of 5 and 6
    assert _refused(data, "en") == f"not a state of Trigger: {english}"
    said = _refused(data, "nl")
    assert said == f"geen stand van Trigger: {dutch}" and english not in said
    assert _refused(data, "it") == f"non è uno stato di Trigger: {italian}"


def test_the_phase_in_a_problem_is_named_in_the_page_language():
    over = replace(GAME.initial_state({}, 1), phase=Phase.OVER)
    with using("nl"):
        found = GAME.problems(over)
    assert "de fase 'afgelopen' heeft het resultaat van de spelronde nodig" in found
    with using("it"):
        assert "la fase 'finita' richiede il risultato della manche" in GAME.problems(over)
