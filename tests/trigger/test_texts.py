"""Move texts, position texts, saved states and options: bad input is named, not half-read."""
from __future__ import annotations

import json

import pytest

from tutor.core import BadMoveText, BadOption, BadState
from tutor.trigger import GAME

from .helpers import TWELVES, block, position


@pytest.mark.parametrize("text", ["flip a1 c3", "roll 5 6", "open 3 5", "bonus c3", "star f6",
                                  "chain", "end", "malus diag a6-f1 b5", "malus col c c2",
                                  "return round"])
def test_move_texts_read_back(text):
    state = position()
    assert GAME.move_text(state, GAME.parse_move(state, text)) == text


MOVES = ("moves: 'open 3 5', 'roll 5 6', 'flip c3', 'bonus c3', 'chain', 'star c3', "
         "'malus row 3 c3', 'end' (or 'pass'), 'reroll', 'return round' (or 'replay')")


@pytest.mark.parametrize("text, says", [
    ("", f"empty move; {MOVES}"),
    ("flip", "flip needs a compartment, like 'flip c3'"),
    ("flip a1 a1", "a compartment is named twice in 'flip a1 a1'"),
    ("flip g2", "'g2' is not a compartment: columns a-f, rows 1-6, like c3"),
    ("roll 5", "roll needs 2 die values, like 'roll 3 5'"),
    ("malus row 9 a1", "malus needs a line and a compartment, like 'malus row 3 c3', "
                       "'malus col b b2' or 'malus diag a1-f6 c3'"),
    ("jump a1", f"cannot read 'jump a1'; {MOVES}"),
])
def test_bad_move_texts_say_what_is_wrong(text, says):
    with pytest.raises(BadMoveText) as err:
        GAME.parse_move(position(), text)
    assert str(err.value) == says


@pytest.mark.parametrize("options, says", [
    ({"colour": 1}, "colour: the setup has a setting Trigger does not have: “colour”"),
    ({"colour": 1, "size": 2}, "colour: the setup has settings Trigger does not have: “colour”, "
                               "“size”"),
    ({"mode": "solo", "players": ["a", "b"]},
     "players: the player must be 1 name without spaces for the game “solo”, not ['a', 'b']"),
    ({"players": ["a", "a"]},
     "players: the players must be 2 different names without spaces for the game “two players”, "
     "not ['a', 'a']"),
    ({"rounds": 5},
     "rounds: the number of rounds must be 1 or 2 (a solo game: 1 to 9 tries), not 5"),
])
def test_bad_options_say_what_is_wrong_one_or_many(options, says):
    with pytest.raises(BadOption) as err:
        GAME.initial_state(options, 0)
    assert str(err.value) == says


@pytest.mark.parametrize("head, error", [
    ("turn: Zoe", "line 1, column 7: turn is Anna or Ben, not 'Zoe'"),
    ("roll: 5 9", "line 1, column 7: a roll is two dice 1 to 6, like '5 6', not '5 9'"),
    ("spent: 3", "line 1, column 1: write 'spent' after a 'roll' line"),
    ("roll: 1 1\nspent: 9", "line 2, column 8: spent is a whole number from 0 to 4, not 9"),
    ("missed Ben: row 9", "line 1, column 13: 'row 9' is not a line: 'row 3', 'col c', "
                          "'diag a1-f6' or 'diag a6-f1'"),
    ("colour: blue", "line 1, column 1: unknown key 'colour'; known: bad_rolls, chain, doubles, "
                     "fresh, full, mode, opener, phase, players, replay, results, roll, round, rounds, scoring, "
                     "sheet, spent, turn, turned, board NAME, layout NAME, missed NAME, next NAME"),
    ("turn Anna", "line 1, column 1: expected 'key: value' or 'key subject: value', "
                  "got 'turn Anna'"),
    ("phase: play", "line 1, column 8: a position in the play phase needs its 'roll'"),
    ("phase: over", "line 1, column 8: a round that is over needs its 'results'"),
    ("results: Zoe 3", "line 1, column 10: a result is a side and its points, like 'Anna 88', "
                       "not 'Zoe 3'"),
    ("chain: row 1 z9", "line 1, column 8: a link is a line and its tile, like 'row 1 e1', "
                        "not 'row 1 z9'"),
    ("players: Anna Anna", "line 1, column 10: the players must be 2 different names without "
                           "spaces for the game “two players”, not ['Anna', 'Anna']"),
    ("mode: 3v3", "line 1, column 7: Game: choose one of “two players”, “teams, 2 against 1”, "
                  "“teams, 2 against 2”, “solo”, not '3v3'"),
    ("round: 3", "line 1, column 8: round is a whole number from 1 to 2, not 3"),
])
def test_bad_position_lines_are_named_with_line_and_column(head, error):
    with pytest.raises(BadState) as err:
        position(head=head)
    assert str(err.value) == error


def test_a_short_row_is_named_with_its_line():
    anna = "1 2 3 4 5\n" + TWELVES.split("\n", 1)[1]
    with pytest.raises(BadState) as err:
        position(anna)
    assert str(err.value) == "line 4, column 3: a row has 6 tiles, not 5"


def test_a_missing_board_and_a_cleared_one_are_named():
    with pytest.raises(BadState) as err:
        GAME.parse_position("board Anna:\n" + block(TWELVES))
    assert str(err.value) == "line 1, column 1: board Ben is missing (every side needs its board)"
    with pytest.raises(BadState) as err:
        position(ben=TWELVES.replace("12", "(12)"))
    assert str(err.value) == ("line 10, column 1: this board is all face down: the round would "
                              "be over (write 'phase: round over' and its 'results')")


def test_position_text_round_trip():
    state = position(head="turn: Ben\nroll: 2 3\nspent: 0")
    assert GAME.parse_position(GAME.position_text(state)) == state


def test_saved_states_round_trip_and_bad_ones_are_named():
    state = GAME.initial_state({"mode": "2v2"}, seed=3)
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state
    del data["boards"]
    with pytest.raises(BadState, match="field 'boards': is missing"):
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


def test_observation_hides_face_down_values_and_the_bags_from_either_player():
    start = GAME.initial_state({}, 0)
    assert all(start.bags) and all(bag == () for bag in GAME.observation(start, 0).bags)
    state = position("(5) 3 2 1 * 11\n" + TWELVES.split("\n", 1)[1], ben="(*) " + TWELVES[3:])
    for player in (0, 1):  # the table shows both boards alike to both players
        seen = GAME.observation(state, player)
        # may see: every face-up tile of both boards, where the face-down ones lie, the dice
        assert seen.boards[0].values[1:6] == (3, 2, 1, 0, 11) and seen.boards[1].values[1] == 12
        assert seen.boards[0].down == state.boards[0].down and seen.dice == state.dice
        # may not see: the values of face-down tiles (a 5, a star), the layouts behind them
        assert seen.boards[0].values[0] < 0 and seen.boards[1].values[0] < 0
        assert seen.layouts == seen.boards
    assert GAME.observation(state, 0) == GAME.observation(state, 1)


@pytest.mark.parametrize("options, where", [
    ("mode", "options"), (5, "options"), (["mode", "solo"], "options"),
    ({1: 2}, "1"), ({None: "solo", "mode": "two"}, "None"), ({("mode",): "solo"}, "('mode',)"),
])
def test_options_that_are_no_table_of_names_are_refused_by_name(options, where):
    """Options not a table of names (a text, a number) or with a name that is no text were
    read to a ValueError or a TypeError ('sequence item 0: expected str instance')."""
    with pytest.raises(BadOption) as err:
        GAME.initial_state(options)
    assert err.value.where == where


@pytest.mark.parametrize("options", ["mode", 5, ["mode", "solo"]])
def test_a_position_read_with_options_that_are_no_table_is_refused(options):
    """parse_position merged such options with dict() (a ValueError or a TypeError)."""
    with pytest.raises(BadState) as err:
        GAME.parse_position("turn: Anna\n", options)
    assert "options" in err.value.where
