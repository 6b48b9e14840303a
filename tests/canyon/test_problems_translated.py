"""What no Canyon state may be (``rules.problems``) is said in the page's language: a saved
state refused by ``from_json`` names its problem in Dutch and Italian, not only in English."""
from __future__ import annotations

import json

import pytest

from tutor.core import BadState
from tutor.core.i18n import using
from tutor.canyon import GAME

from .helpers import play, position
from .test_position_and_saving import TRICKS  # the same mid-trick position


def _refused(data, lang: str) -> str:
    with using(lang), pytest.raises(BadState) as refused:
        GAME.from_json(data)
    return refused.value.problem


@pytest.mark.parametrize("field, value, english, dutch, italian", [
    ("tricks", [0, 0], "tricks: 2 entries for 4 players", "tricks: 2 elementen voor 4 spelers",
     "tricks: 2 elementi per 4 giocatori"),
    ("tricks", [0, -1, 0, 0], "tricks and points cannot be negative",
     "slagen en punten kunnen niet negatief zijn", "prese e punti non possono essere negativi"),
    ("canoes", [30, 30, 31, 32], "two canoes on one field: (30, 30, 31, 32)",
     "twee kano's op één veld: (30, 30, 31, 32)",
     "due canoe sulla stessa casella: (30, 30, 31, 32)"),
    ("hands", [["blue 7"]] * 4, "the cards are not the deck of 50 once each (48 cards)",
     "de kaarten zijn niet het spel van 50 kaarten, elk één keer (48 kaarten)",
     "le carte non sono il mazzo di 50 carte, ciascuna una volta (48 carte)"),
])
def test_a_saved_state_s_problem_is_said_in_the_page_language(field, value, english, dutch,
                                                              italian):
    s = play(position(TRICKS), "Carl: play blue 8")
    data = dict(json.loads(json.dumps(GAME.to_json(s))), **{field: value})
    assert _refused(data, "en") == f"not a state of Canyon: {english}"
    said = _refused(data, "nl")
    assert said == f"geen stand van Canyon: {dutch}" and english not in said
    assert _refused(data, "it") == f"non è uno stato di Canyon: {italian}"


def test_a_round_stone_off_the_counter_is_refused_in_dutch():
    s = position(TRICKS)
    with using("nl"):
        found = GAME.problems(s.but(counter=99))
    assert found[0] == "de zwarte steen kan niet op veld 99 staan in ronde 1"
