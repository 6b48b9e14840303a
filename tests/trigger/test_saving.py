"""Saved games: a game saved by the tutor before the one-shape restructure (on main,
b472b7d) still loads, and plays on from where it was."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.trigger import GAME

SAVED = json.loads((Path(__file__).parent / "data" / "saved-on-main.json").read_text())


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_game_saved_before_loads_and_plays_on(name):
    saved = SAVED[name]
    state = GAME.from_json(saved["state"])
    assert GAME.to_json(state) == saved["state"]  # the same format, field for field
    assert GAME.facts(state) == saved["facts"]
    assert sorted(GAME.move_text(state, m) for m in GAME.legal_moves(state)) == saved["legal"]
