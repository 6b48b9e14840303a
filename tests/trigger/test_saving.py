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


def _edited(edit):
    data = json.loads(json.dumps(SAVED["two"]["state"]))  # Anna to play a roll of 5 and 6
    edit(data)
    return data


@pytest.mark.parametrize("what, edit", [
    ("a name that is empty", lambda d: d.update(players=["", "Ben"])),
    ("a name with a space", lambda d: d.update(players=["Anna Maria", "Ben"])),
    ("three rounds of two players", lambda d: d["setup"].update(rounds=3)),
    ("the dice the larger first", lambda d: d.update(dice=[6, 5])),
    ("more paid than the roll", lambda d: d.update(spent=12)),
    ("a roll before the dice are rolled", lambda d: d.update(phase="roll")),
    ("paid without a roll", lambda d: d.update(phase="roll", dice=None, spent=1)),
    ("a roll that is not the sheet's last", lambda d: d.update(dice=[1, 4])),
    ("a match over after one of its two rounds",
     lambda d: d.update(phase="over", dice=None, results=[[1, 150]])),
    ("a tile that is not the layout's", lambda d: d["boards"][0]["values"].__setitem__(
        1, (d["boards"][0]["values"][1] % 12) + 1)),
    ("a bag that is not what the layout left", lambda d: d["bags"][0].__setitem__(
        0, (d["bags"][0][0] % 12) + 1)),
])
def test_a_saved_state_edited_to_one_no_game_reaches_is_refused(what, edit):
    """Edited saved games that loaded: their position text did not read back (an empty name,
    a name with a space, a roll in the roll phase, a match over without all its results) or
    read back another sheet (a roll that is not the sheet's last), the options refuse three rounds of two
    players, a roll of '6 5' could not be replayed ('roll 6 5' is refused), more paid than
    the roll allows, a board whose tiles are not its layout's (the return round sets up other
    tiles): the engine's own invariants failed on all of them."""
    from tutor.core import BadState
    GAME.from_json(_edited(lambda d: None))  # as saved, it loads
    with pytest.raises(BadState) as err:
        GAME.from_json(_edited(edit))
    assert "not a state of Trigger" in str(err.value)
