"""Move texts, position texts, saved states and options: bad input is named, not half-read."""
from __future__ import annotations

import json

import pytest

from tutor.core import BadMoveText, BadOption, BadState
from tutor.trigger import GAME

from .helpers import TWELVES, position


@pytest.mark.parametrize("text", ["flip a1 c3", "roll 5 6", "open 3 5", "bonus c3", "star f6",
                                  "chain", "end", "malus diag a6-f1 b5", "malus col c c2",
                                  "return round"])
def test_move_texts_read_back(text):
    state = position()
    assert GAME.move_text(state, GAME.parse_move(state, text)) == text


@pytest.mark.parametrize("text, says", [
    ("", "empty move"), ("flip", "at least one"), ("flip a1 a1", "twice"), ("flip g2", "'g2'"),
    ("roll 5", "2 die"), ("malus row 9 a1", "a line"), ("jump a1", "cannot read"),
])
def test_bad_move_texts_say_what_is_wrong(text, says):
    with pytest.raises(BadMoveText, match=says):
        GAME.parse_move(position(), text)


@pytest.mark.parametrize("head, where, says", [
    ("turn Zoe", "line 1", "turn <player>"),
    ("roll 5 9", "line 1", "two dice"),
    ("spent 3", "line 1", "after a 'roll'"),
    ("roll 1 1\nspent 9", "line 2", "more than the roll"),
    ("missed Ben row 9", "line 1", "not a line"),
    ("colour blue", "line 1, column 1", "unknown instruction"),
])
def test_bad_position_lines_are_named(head, where, says):
    with pytest.raises(BadState, match=says) as err:
        position(head=head)
    assert where in err.value.where


def test_a_short_row_is_named_with_its_line():
    anna = "1 2 3 4 5\n" + TWELVES.split("\n", 1)[1]
    with pytest.raises(BadState, match="6 tiles") as err:
        position(anna)
    assert err.value.where.startswith("position line 4")


def test_a_missing_board_is_named():
    with pytest.raises(BadState, match="board Ben is missing"):
        GAME.parse_position(f"board Anna\n{TWELVES}\n")


def test_position_text_round_trip():
    state = position(head="turn Ben\nroll 2 3\nspent 0")
    assert GAME.parse_position(GAME.position_text(state)) == state


def test_saved_states_round_trip_and_bad_ones_are_named():
    state = GAME.initial_state({"mode": "2v2"}, seed=3)
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state
    del data["boards"]
    with pytest.raises(BadState, match="'boards' is missing"):
        GAME.from_json(data)
    data = GAME.to_json(state)
    data["boards"][0]["values"] = [1] * 35
    with pytest.raises(BadState, match="36 tiles"):
        GAME.from_json(data)


@pytest.mark.parametrize("options, where", [
    ({"mode": "3v3"}, "mode"), ({"doubles": "triple"}, "doubles"), ({"rounds": 3}, "rounds"),
    ({"players": ["Anna"]}, "players"), ({"colour": "red"}, "colour"),
])
def test_bad_options_are_named(options, where):
    with pytest.raises(BadOption) as err:
        GAME.initial_state(options)
    assert err.value.where == where


def test_observation_hides_face_down_values_and_the_bags():
    state = position("(5) 3 2 1 * 11\n" + TWELVES.split("\n", 1)[1])
    seen = GAME.observation(GAME.initial_state({}, 0), 0)
    assert all(bag == () for bag in seen.bags)
    seen = GAME.observation(state, 1)
    assert seen.boards[0].values[0] < 0 and seen.boards[0].values[1] == 3
