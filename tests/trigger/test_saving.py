"""Saved states: states of every mode (made on main at b472b7d, stored in the one state
codec's format since) load to the same facts and legal moves, and play on."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tutor.core.game import random_move
from tutor.trigger import GAME

SAVED = json.loads((Path(__file__).parent / "data" / "saved-on-main.json").read_text())


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_saved_state_loads_and_plays_on(name):
    saved = SAVED[name]
    state = GAME.from_json(saved["state"])
    assert GAME.to_json(state) == saved["state"]
    assert GAME.facts(state) == saved["facts"]
    assert sorted(GAME.move_text(state, m) for m in GAME.legal_moves(state)) == saved["legal"]


def test_the_side_that_did_not_open_the_round_opens_the_return_round():
    saved = SAVED["two"]["state"]
    state = GAME.from_json(saved)
    rnd = random.Random(3)
    while state.round == 1:
        state = GAME.apply(state, random_move(GAME, state, rnd))
    assert state.side == saved["opener"]  # round 1: the other side turned first; now the opener


@pytest.mark.parametrize("change", [
    {"phase": "round over", "results": []},  # a refusal named the winner of no result
    {"phase": "over", "results": []},
    {"phase": "play", "dice": None},  # the position text of it did not read back
    {"round": 3},  # of 2: the same
    {"phase": "roll", "results": [[0, 5], [1, 3], [0, 1]]},  # three results of two rounds
])
def test_a_saved_state_no_game_reaches_is_refused(change):
    """Such states loaded, then a move or a fact raised an IndexError, or their position text
    was refused when read back."""
    from tutor.core import BadState
    data = {**GAME.to_json(GAME.initial_state({}, 1)), **change}
    with pytest.raises(BadState):
        GAME.from_json(data)
