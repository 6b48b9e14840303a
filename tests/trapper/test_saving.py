"""Saved games: games saved before the one-shape restructure (made on main at b5cbcdb, in
``saved/``) still load, to the same facts, and play on."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.trapper import GAME

SAVED = Path(__file__).parent / "saved"
NAMES = ["standard", "young", "tactical", "over"]


@pytest.mark.parametrize("name", NAMES)
def test_a_game_saved_on_main_loads_to_the_same_facts_and_plays_on(name):
    data = json.loads((SAVED / f"{name}.json").read_text())
    facts_then = json.loads((SAVED / f"{name}.facts.json").read_text())
    state = GAME.from_json(data)
    facts_now = GAME.facts(state)
    assert {k: facts_now[k] for k in facts_then} == facts_then
    assert GAME.to_json(state) == data
    legal = list(GAME.legal_moves(state))
    if name == "over":
        assert state.over and legal == []
    else:
        assert legal and GAME.apply(state, legal[0]) != state
