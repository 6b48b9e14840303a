"""Canyon's free play offers the rulebook's optional rule: skip the short rounds 6-9
(Fase 5, 'Om de geluksfactor te reduceren wordt aanbevolen om de rondes 6 tot en met 9 ...
over te slaan'). The setup had only the number of players, so free play always played every
round."""
from __future__ import annotations

import pytest

from tutor.canyon import GAME
from tutor.core.i18n import using
from widgets.games.canyon import CanyonDrawer, CanyonExtras, CanyonPlay
from widgets.games.session import PlaySession


def test_the_setup_offers_the_skip_rule_and_a_new_game_plays_by_it():
    play = CanyonPlay(3, seats=("computer",) * 3, seed=2)
    session = PlaySession(play, CanyonDrawer(GAME), CanyonExtras(), pace=0)
    fields = {f["name"]: f for f in session.setup()["fields"]}
    assert [o[0] for o in fields["rounds"]["options"]] == ["all", "skip"]
    assert fields["rounds"]["value"] == "all" and not play.state.skip
    session.new_game({"players": "4", "rounds": "skip"})
    assert play.state.skip and len(play.players()) == 4
    assert {f["name"]: f for f in session.setup()["fields"]}["rounds"]["value"] == "skip"
    session.new_game({"players": "3"})  # not said again: kept
    assert play.state.skip
    session.new_game({"rounds": "all"})
    assert not play.state.skip


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_rounds_field_is_in_the_page_language(lang):
    with using(lang):
        field = CanyonExtras().fields(CanyonPlay(3))[0]
    words = [field["label"], *(label for _, label in field["options"])]
    assert all(words) and len(set(words)) == 3
    if lang != "en":
        with using("en"):
            english = CanyonExtras().fields(CanyonPlay(3))[0]
        assert field["label"] != english["label"] and field["options"] != english["options"]
