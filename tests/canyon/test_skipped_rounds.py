"""With the optional rule rounds 6 to 9 are skipped: the round stone goes from field 5 straight
to field 10 (rulebook, Fase 5, lines 210-212). A position or a saved game that puts the stone on
a skipped field is refused, naming why, in the page's language; before, it was accepted as a
state play can never reach."""
from __future__ import annotations

import json

import pytest

from tutor.core import BadState
from tutor.core.i18n import using
from tutor.canyon import GAME
from tutor.canyon.variants import SKIPPED

from .helpers import position

TEXT = "players: Anne Carl Marc\nskip: yes\nround: {n}\nphase: tempo\n"


@pytest.mark.parametrize("field", SKIPPED)
def test_a_position_on_a_skipped_field_is_refused_at_its_round_line(field):
    with pytest.raises(BadState) as refused:
        GAME.parse_position(TEXT.format(n=field))
    assert refused.value.where.startswith("line 3"), refused.value.where
    assert f"field {field}" in refused.value.problem and "skipped" in refused.value.problem


def test_the_skip_rule_given_as_an_option_refuses_it_too_and_field_10_stands():
    with pytest.raises(BadState):
        GAME.parse_position("players: Anne Carl Marc\nround: 8\nphase: tempo\n", {"skip": True})
    assert GAME.parse_position(TEXT.format(n=10)).counter == 10
    assert GAME.parse_position(TEXT.format(n=7).replace("skip: yes\n", "")).counter == 7


def test_a_saved_game_on_a_skipped_field_is_refused_in_the_page_language():
    s = position(TEXT.format(n=5))
    data = dict(json.loads(json.dumps(GAME.to_json(s))), counter=6)
    for lang, word in (("en", "skipped"), ("nl", "overgeslagen"), ("it", "saltano")):
        with using(lang), pytest.raises(BadState) as refused:
            GAME.from_json(data)
        assert word in refused.value.problem and "6" in refused.value.problem, refused.value.problem
    assert GAME.problems(s) == []
