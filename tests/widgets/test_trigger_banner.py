"""Trigger's banner at a round's end says what the match counts: points lost (adults) or
rounds won (children, ``scoring = "rounds"``), where the book counts one or the other
(``trigger.end``): a children's match never says the loser "loses 243 points"."""
from __future__ import annotations

import html
import re

import pytest

from tutor.core.i18n import using
from tutor.core.walkthrough import Frame
from tutor.trigger import GAME
from widgets.games import drawer_for
from widgets.games.trigger import TriggerPlay


def round_over(scoring: str):
    play = TriggerPlay({"mode": "two", "scoring": scoring}, seats=("greedy",) * 2, seed=5)
    while play.state.phase.value != "round over":
        play.step()
    return play.state


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("scoring", ["points", "rounds"])
def test_the_round_s_banner_names_the_points_lost_only_where_points_are_counted(lang, scoring):
    state = round_over(scoring)
    winner, points = state.results[-1]
    with using(lang):
        board = drawer_for("trigger")(GAME).board(Frame(0, state, "", ()))
    banner = " ".join(html.unescape(t) for t in
                      re.findall(r'class="tg-banner"[^>]*>([^<]*)</text>', board))
    assert state.label(winner) in banner, banner
    assert points > 0 and (str(points) in banner) == (scoring == "points"), banner
    assert f'data-losers="{state.label(1 - winner)}"' in board  # who lost the round, both ways
