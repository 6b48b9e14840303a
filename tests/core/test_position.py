"""The one position grammar (tutor/core/position.py) on texts in the shape of each game's
set-ups: every dialect of today written in it, read back to keys, subjects, values, blocks
and the place of every token; errors name line and column."""
from __future__ import annotations

import pytest

from tutor.core import position as grammar
from tutor.core.errors import BadState

TRAPPER = """\
# the green trapper turn
players: Anna, Ben
turn: Anna
board:
  8  *  *          *          *              *             *  *       *
  4  .  (bear2/N)  bear4/S    (elk1/E)       *             *  purple  *
  3  *  .          green      mushroom5/S    (salmon3/N)   *  *       *
     a  b          c          d              e             f  g       h
hand Anna: green 2, blue 2, beige 1
display Anna: canoe-elk2 + herb3 | wolf1
money Ben: 26
"""

CANYON = """\
players: Herman Carl Anne Marc
dealer: Marc          # Herman moves first, then Carl, Anne, and Marc last
round: 1
phase: move
skip: yes
seat Herman: canoe d5  tempo 6 with 4+2  tricks 2  hand blue 7, red 2
seat Carl: canoe cave  tempo 0  tricks 0
map:
  #...#
  #.o.#

  C...#
"""

INTRAPPOLA = """\
table: 1 2 3 5 9      # face up at their places
hand Anna: 4 8 12
hand Bruno: 6 7 10
deck: 11 13 14 15 16
turn: Anna
caught Bruno: 16
"""

TRIGGER = """\
players: Anna Ben
turn: Anna
roll: 5 6
missed Ben: row 3, col c
board Anna:
   (5) (3)  2  (1)  *  11
    8  (12)  4   9  (6) 10
board Anna+Ben:
   1 2 3 4 5 6
"""


def test_a_trapper_position_a_board_block_and_subjects():
    pos = grammar.parse(TRAPPER)
    pos.check_keys(plain=("players", "turn", "board"), subjects=("hand", "display", "money"))
    assert [e.name for e in pos] == ["players", "turn", "board", "hand Anna", "display Anna",
                                     "money Ben"]
    assert [t.text for t in pos.get("players").items()] == ["Anna", "Ben"]
    rows = pos.get("board").rows()
    assert len(rows) == 4 and rows[0][0].text == "8" and rows[-1][0].text == "a"
    bear = rows[1][2]
    assert (bear.text, bear.line, bear.column) == ("(bear2/N)", 6, 9)
    hand = pos.get("hand", "Anna")
    assert [(t.text, t.column) for t in hand.items()] == [
        ("green 2", 12), ("blue 2", 21), ("beige 1", 29)]
    assert [t.text for t in pos.get("display", "Anna").items("|")] == [
        "canoe-elk2 + herb3", "wolf1"]
    assert pos.get("money", "Ben").number(lo=0) == 26
    assert pos.get("hand", "Ben") is None and pos.every("hand") == [hand]


def test_a_canyon_position_fields_in_a_seat_line_and_a_map_that_holds_hashes():
    pos = grammar.parse(CANYON)
    assert pos.get("dealer").value == "Marc"  # the comment is not part of the value
    assert pos.get("skip").flag() is True
    assert pos.get("phase").choice(["launch", "tempo", "tricks", "move"]) == "move"
    seat = pos.get("seat", "Herman")
    fields = seat.fields(["canoe", "tempo", "tricks", "hand"])
    assert [(name, token.text) for name, token in fields] == [
        ("canoe", "d5"), ("tempo", "6 with 4+2"), ("tricks", "2"), ("hand", "blue 7, red 2")]
    assert fields[1][1].column == seat.value_column + len("canoe d5  tempo ")
    assert [t.text for t in pos.get("map").block] == ["#...#", "#.o.#", "C...#"]
    assert [t.line for t in pos.get("map").block] == [9, 10, 12]  # a blank line is skipped
    with pytest.raises(BadState, match=r"line 7, column 13: expected one of canoe"):
        grammar.parse("\n" * 6 + "seat Carl:  boat d5").get("seat", "Carl").fields(["canoe"])


def test_an_intrappola_position_cards_as_words_with_columns():
    pos = grammar.parse(INTRAPPOLA)
    pos.check_keys(plain=("table", "deck", "turn"), subjects=("hand", "caught"))
    assert [(t.text, t.column) for t in pos.get("table").words()] == [
        ("1", 8), ("2", 10), ("3", 12), ("5", 14), ("9", 16)]
    assert [e.subject for e in pos.every("hand")] == ["Anna", "Bruno"]
    assert pos.get("caught", "Bruno").token().number() == 16


def test_a_trigger_position_boards_per_side_with_face_down_tiles():
    pos = grammar.parse(TRIGGER)
    boards = pos.every("board")
    assert [b.subject for b in boards] == ["Anna", "Anna+Ben"]
    assert [t.text for t in boards[0].rows()[0]] == ["(5)", "(3)", "2", "(1)", "*", "11"]
    assert [t.text for t in pos.get("missed", "Ben").items()] == ["row 3", "col c"]
    assert [t.text for t in pos.get("roll").words()] == ["5", "6"]


@pytest.mark.parametrize("text, where, problem", [
    ("turn Anna", "line 1, column 1", "expected 'key: value' or 'key subject: value'"),
    ("heap: 3\n  \n# note\nheap: 4", "line 4, column 1", "'heap' is written twice (also on line 1)"),
    ("hand Anna: 1\nhand Anna: 2", "line 2, column 1", "'hand Anna' is written twice"),
    ("colour: red", "line 1, column 1", "unknown key 'colour'; known: heap, turn, taken NAME"),
    ("heap Anna: 3", "line 1, column 6", "'heap' takes no subject, not 'Anna'"),
    ("taken: 3", "line 1, column 8", "'taken' needs a subject"),
    ("  heap: x3", "line 1, column 9", "heap is a whole number, not 'x3'"),
    ("heap: 99999999999999999999999", "line 1, column 7", "heap is a whole number"),
    ("heap: -2", "line 1, column 7", "heap is a whole number at least 0, not -2"),
])
def test_errors_name_line_and_column(text, where, problem):
    with pytest.raises(BadState) as err:
        pos = grammar.parse(text)
        pos.check_keys(plain=("heap", "turn"), subjects=("taken",))
        pos.get("heap").number(lo=0)
    assert err.value.where == where and problem in err.value.problem


def test_repeatable_keys_and_tabs():
    pos = grammar.parse("note: a\nnote: b\nboard:\n\t1 2", repeatable=["note"])
    assert [e.value for e in pos.every("note")] == ["a", "b"]
    assert [[t.text for t in row] for row in pos.get("board").rows()] == [["1", "2"]]


def test_written_text_reads_back():
    rows = [["8", "*", "bear4/E", "green"], ["7", "(elk1)", ".", "*"]]
    text = "\n".join([grammar.entry_text("players", "Anna, Ben"),
                      grammar.entry_text("board", block=grammar.columns(rows)),
                      grammar.entry_text("hand", "green 2", subject="Anna")])
    pos = grammar.parse(text)
    assert [[t.text for t in row] for row in pos.get("board").rows()] == rows
    assert pos.get("hand", "Anna").value == "green 2"
    assert pos.get("players").value == "Anna, Ben"


def test_a_position_must_be_text():
    with pytest.raises(BadState, match="a position is a text"):
        grammar.parse(b"heap: 3")  # type: ignore[arg-type]
