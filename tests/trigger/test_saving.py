"""Saved games: a game saved by the tutor before the one-shape restructure (on main,
b472b7d) still loads, and plays on from where it was."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tutor.core.game import random_move
from tutor.trigger import GAME

SAVED = json.loads((Path(__file__).parent / "data" / "saved-on-main.json").read_text())


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_game_saved_before_loads_and_plays_on(name):
    saved = SAVED[name]
    state = GAME.from_json(saved["state"])
    # the format is the same but for who opened the round: before the opening followed the
    # book, a save named the side that turned tiles first ("starter"); the other side opened
    again = GAME.to_json(state)
    before = dict(saved["state"])
    starter = before.pop("starter")
    assert again.pop("opener") == (starter + 1) % len(before["sides"])
    # saved before the solo option: every roll of the sheet was used again, none was fresh
    assert again["setup"].pop("bad_rolls") == "keep" and again.pop("fresh") is False
    assert again == before
    facts = dict(saved["facts"])
    labels = ["+".join(before["players"][p] for p in side) for side in before["sides"]]
    assert facts.pop("starter") == labels[starter]
    facts["opener"] = labels[(starter + 1) % len(labels)]
    now = GAME.facts(state)  # facts added since (who throws the dice, for whom) are new keys
    assert {k: now[k] for k in facts if k in now} == facts
    assert set(now) - set(facts) == {"thrower", "player"}
    assert sorted(GAME.move_text(state, m) for m in GAME.legal_moves(state)) == saved["legal"]


def test_in_a_game_saved_before_the_other_side_turns_first_in_the_return_round():
    saved = SAVED["two"]["state"]
    state = GAME.from_json(saved)
    rnd = random.Random(3)
    while state.round == 1:
        state = GAME.apply(state, random_move(GAME, state, rnd))
    assert state.side != saved["starter"]  # round 1: the starter turned first; now the other
