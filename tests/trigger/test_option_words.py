"""Trigger's refusal of the players of a mode: a plural agrees with its count in Italian too
("players deve essere 3 nomi": must be, singular, of three names)."""
from __future__ import annotations

import pytest

from tutor.core.errors import BadOption
from tutor.core.i18n import using
from tutor.core.match import Match
from tutor.trigger import GAME


@pytest.mark.parametrize("mode, names, verb", [("2v1", ["A", "B"], "devono"),
                                               ("solo", ["A", "B"], "deve")])
def test_the_players_of_a_mode_are_refused_with_the_verb_of_their_count(mode, names, verb):
    with using("it"), pytest.raises(BadOption) as refused:
        Match.new(GAME, {"mode": mode, "players": names}, 0)
    assert verb in refused.value.problem.split()[:3], refused.value.problem  # "i giocatori devono"
