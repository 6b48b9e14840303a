"""Italian puts a euphonic d after "a" (and "e") before a name with the same vowel: Canyon
said "tocca a Anne, non a Carl" and free play "Tocca a Anne: clicca ..." where Italian says
"tocca ad Anne". Made once where every translation gets its params
(:func:`tutor.core.i18n.euphony`), so every game's sentences and the pages' say it; English
and Dutch keep their words."""
from __future__ import annotations

import pytest

from tutor.canyon import GAME
from tutor.core.i18n import translator, using
from widgets.parts.texts import T as widgets
from widgets.games import drawer_for
from widgets.games.canyon import KIT, CanyonPlay
from widgets.games.session import PlaySession

from ..contract import refusal

#: the turn refused to Marc while it is Anne's; free play's line for Anne, a person
REFUSED = {"en": "it is Anne's turn, not Marc's", "nl": "Anne", "it": "tocca ad Anne, non a Marc"}
TURN = {"en": "Anne to play:", "nl": "Anne is aan zet:", "it": "Tocca ad Anne:"}


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_it_is_anne_s_turn_in_every_language(lang):
    play = CanyonPlay(["Anne", "Carl", "Marc"], seats=("person",) * 3, seed=1)
    assert play.players()[play.mover()] == "Anne"
    session = PlaySession(play, drawer_for("canyon")(GAME), KIT.extras(), pace=0)
    try:
        with using(lang):
            refused = str(refusal(GAME, play.state, "Marc: start at c1").reason)
            turn = session.turn_text()
    finally:
        session.close()
    assert REFUSED[lang] in refused and " a Anne" not in refused, refused
    assert turn.startswith(TURN[lang]), turn
    if lang != "it":
        assert "ad Anne" not in refused + turn


def test_a_name_with_another_first_letter_and_a_cell_keep_a_plain_a():
    """Only a name starting with the same vowel: "tocca a Carl", "ad Anne", never "ad a3"."""
    canyon = translator("canyon")
    with using("it"):
        carl = canyon.p_("canyon.turn", "it is {player}'s turn, not {other}'s", player="Carl",
                         other="Anne")
        moved = widgets._("{player}'s canoe goes from {old} to {new}.", player="Anne", old="c1",
                          new="a3")
        team = translator("trigger")._("{names} and {last}", names="Anna", last="Emma")
    assert carl == "tocca a Carl, non ad Anne"
    assert moved.endswith("da c1 a a3."), moved
    assert team == "Anna ed Emma"
