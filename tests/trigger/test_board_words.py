"""The board's text alternative, true of the position in every language."""
from __future__ import annotations

import pytest

from tutor.core.i18n import using
from tutor.core.walkthrough import by_id, replay
from tutor.trigger import GAME
from widgets.games.trigger import TriggerDrawer

ON_TURN = {"en": "is on turn", "nl": "aan de beurt", "it": "il turno di"}
WON = {"en": "Anna won the last round", "nl": "Anna won de laatste spelronde",
       "it": "Anna ha vinto l'ultima manche"}
THROWS = {"en": "Anna throws the dice for Ben.", "nl": "Anna gooit de dobbelstenen voor Ben.",
          "it": "Anna lancia i dadi per Ben."}


def _frame(wid: str, index: int):
    return replay(by_id(wid), GAME).frames[index]


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_once_the_round_is_over_nobody_is_said_to_be_on_turn(lang):
    """The last step of the chain reaction (no move: the position is told) said "Phase: round
    over; Anna is on turn" where Anna had just cleared her board and won; the solo lesson's
    end said "– is on turn". The round is over: who won it is said instead."""
    drawer = TriggerDrawer(GAME)
    end = _frame("trigger/chain-reaction", -1)
    assert GAME.facts(end.state)["phase"] == "round over" and end.move is None
    with using(lang):
        told = drawer.describe(end)
        over = drawer.overview(_frame("trigger/solo-reroll", -1).state)
        playing = drawer.overview(_frame("trigger/chain-reaction", 1).state)
    assert ON_TURN[lang] not in told and WON[lang] in told
    assert ON_TURN[lang] not in over and "–" not in over and "Anna" in over  # the solo player
    assert ON_TURN[lang] in playing and "Anna" in playing  # while a round is played: who


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_an_ended_turn_says_who_throws_the_dice_for_whom(lang):
    """After 'end' the engine's turn is chance's: the text alternative said "chance is on
    turn" (the engine's own word, in English on every page), and every lesson's first board
    "the dice is on turn" ("de dobbelstenen is aan de beurt", "è il turno di i dadi")."""
    drawer = TriggerDrawer(GAME)
    ended = _frame("trigger/roll-and-flip", 8)
    assert ended.move_text == "end" and GAME.facts(ended.state)["turn"] == "chance"
    with using(lang):
        told = drawer.describe(ended)
        first = drawer.describe(_frame("trigger/doubles", 0))
        alone = drawer.overview(_frame("trigger/solo-malus", 0).state)
        opening = drawer.overview(GAME.initial_state({}))
    assert "chance" not in told and THROWS[lang] in told
    assert ON_TURN[lang] not in first and THROWS[lang].replace("Anna", "X").replace(
        "Ben", "Anna").replace("X", "Ben") in first  # Ben throws for Anna
    assert ON_TURN[lang] not in alone and "Anna" in alone.rsplit(".", 2)[-2]  # the solo player
    assert GAME.facts(GAME.initial_state({}))["phase"] == "opening"
    assert ON_TURN[lang] not in opening and {"en": "one die", "nl": "één dobbelsteen",
                                             "it": "un dado"}[lang] in opening
