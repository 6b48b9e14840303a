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
