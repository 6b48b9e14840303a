"""Position texts (errors by line and column), JSON saving, and hidden information."""
from __future__ import annotations

import json

import pytest

from tutor.canyon import GAME
from tutor.core import BadMoveText, BadState

from .helpers import fact, play, position

TRICKS = """
players: Anne Carl Marc Herman
dealer: Herman
round: 7
phase: tricks
trump: green 4
table: Anne blue 7
Anne: tempo 1  hand yellow 5
Carl: tempo 6 with 4+2  hand blue 8, red 2
Marc: tempo 0
Herman: tempo 1
"""


def test_a_written_position_fills_in_the_rest_from_the_seed():
    s = position(TRICKS, seed=3)
    assert fact(s, "turn") == "Carl" and fact(s, "table") == "Anne blue 7"
    assert [len(h) for h in s.hands] == [1, 2, 2, 2]
    assert fact(s, "tempo.Carl") == 6 and fact(s, "trump_card") == "green 4"
    assert position(TRICKS, seed=3) == s
    assert position(TRICKS, seed=4).hands[2] != s.hands[2] or position(TRICKS, seed=5).hands[2] != s.hands[2]


@pytest.mark.parametrize("text, where, problem", [
    ("phase: swim", "line 1, column 8", "phase is launch"),
    ("players: Anne Carl\n", "line 1", "3 to 6 different player names"),
    ("dealer: Zoe", "line 1, column 9", "no player called 'Zoe'"),
    ("round: 15", "line 1, column 8", "a number 1-14"),
    ("Anne: canoe q99", "line 1, column 13", "no field q99"),
    ("Anne: tempo 6 with 3+3", "line 1, column 13", "not shown with those cards"),
    ("Anne: tempo 3 with 3+3", "line 1, column 13", "3+3 shows 6, not 3"),
    ("Anne: hand blue 7, pink 3", "line 1, column 20", "no colour 'pink'"),
    ("Anne: hand blue 7\nCarl: hand blue 7", "line 2, column 12", "blue 7 is written twice"),
    ("Anne: swim 3", "line 1, column 7", "expected one of canoe"),
    ("\n\nthis is not a key", "line 3, column 1", "expected 'key: value'"),
    ("map:\n  #S#\n  #x#\n  #D#", "line 3, map row 2, column 2 (b2)", "unknown symbol 'x'"),
    ("map:\n  #S#\n  #v#\n  #D#", "line 3, map row 2, column 2 (b2)", "points onto a landing dock"),
    ("map:\n  #S#\n  #.#\n  #W#\n  #D#", "line 2", "needs a rock cave"),
    ("phase: move\nAnne: canoe c1  tempo 1\nCarl: canoe c1  tempo 1\nMarc: tempo 1\nHerman: tempo 1",
     "canoes", "two canoes on one field"),
    ("phase: move\nAnne: tempo 1", "line 1", "needs every tempo; missing: Carl, Marc, Herman"),
    ("round: 8\nphase: tricks\nAnne: tempo 1  hand blue 1, blue 2\nCarl: tempo 0\nMarc: tempo 0\nHerman: tempo 0",
     "line 3", "Anne holds 1 cards at this point of round 8, not 2"),
])
def test_position_errors_name_line_and_column(text, where, problem):
    with pytest.raises(BadState) as err:
        position(text)
    assert where in err.value.where and problem in err.value.problem, str(err.value)


def test_json_round_trip_and_refusals_of_bad_saves():
    s = play(position(TRICKS), "Carl: play blue 8")
    data = json.loads(json.dumps(GAME.to_json(s)))
    assert GAME.from_json(data) == s
    inline = position("phase: move\nAnne: canoe b2  tempo 0\nCarl: tempo 0\nMarc: tempo 0\nHerman: tempo 0\n"
                      "map:\n  SSSS\n  ....\n  .DD.")
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(inline)))) == inline
    for field, value, message in [
        ("phase", "swim", "must be one of"),
        ("hands", [["blue 7"]] * 4, "appear twice"),
        ("canoes", ["c1", "c1", "d1", "e1"], "two canoes on one field"),
        ("canoes", ["z9", "c1", "d1", "e1"], "not a field"),
        ("map", "nile", "no built-in map"),
        ("tricks", [0, 0], "one entry per player"),
        ("turn", 9, "out of range"),
        ("stock", [], "cards are accounted for"),
        ("tempo", [[3, 3], [], [], []], "cannot be laid"),
        ("tricks", [0, -1, 0, 0], "cannot be negative"),
    ]:
        bad = dict(data, **{field: value})
        with pytest.raises(BadState, match=message):
            GAME.from_json(bad)


def test_observation_hides_other_hands_and_the_unused_cards():
    s = position(TRICKS)
    seen = GAME.observation(s, 1)
    assert seen.hands[1] == s.hands[1]
    assert all(c.suit == "hidden" for p in (0, 2, 3) for c in seen.hands[p])
    assert [len(h) for h in seen.hands] == [len(h) for h in s.hands]
    assert all(c.suit == "hidden" for c in seen.stock)
    assert seen.table == s.table and seen.trump == s.trump  # open on the table


def test_move_texts_round_trip_and_bad_texts_say_why():
    s = position(TRICKS)
    for move in GAME.legal_moves(s):
        assert GAME.parse_move(s, GAME.move_text(s, move)) == move
    assert GAME.parse_move(s, "play blue 8") == GAME.parse_move(s, "Carl: play blue 8")
    for text, message in [("Zoe: play blue 8", "no player called"), ("Carl: play blue 11", "1 to 10"),
                          ("Carl: dance", "cannot read"), ("Carl: tempo 6 with 4+1", "shows 5, not 6"),
                          ("Carl: paddle to zz", "column letter and row number"), ("", "empty")]:
        with pytest.raises(BadMoveText, match=message):
            GAME.parse_move(s, text)
