"""The river map: the default board's features, and malformed maps refused by row and column."""
from __future__ import annotations

import re

import pytest

from tutor.canyon.board import ARROWS, CAVE, DOCK, START, WATER, WATERFALL, Board
from tutor.core import BadState


@pytest.fixture(scope="module")
def board():
    return Board.builtin("default")


def test_default_board_has_the_rulebook_features(board):
    assert len(board.starts) == 6
    assert len(board.docks) == 3
    assert board.cave is not None
    assert WATERFALL in board.kinds
    # the current: every river field of the last 7 rows before the village row has an arrow
    current_rows = {board.rc(i)[0] for i, k in enumerate(board.kinds) if k in ARROWS}
    assert len(current_rows) == 7
    assert max(current_rows) == board.rows - 2
    # about 28 fields on the shortest route from a start dock
    assert 26 <= min(board.village_distance[s] for s in board.starts) <= 30
    # the cave comes out well upstream of the current
    assert board.rc(board.cave)[0] < min(current_rows) - 3


def test_river_is_one_to_four_fields_wide(board):
    widths = []
    for r in range(1, board.rows - 1):
        row = board.kinds[r * board.cols:(r + 1) * board.cols]
        widths.append(sum(k == WATER or k in ARROWS for k in row))
    assert min(widths) == 1  # a narrow where one canoe blocks the rest
    assert max(widths) <= 6 and sorted(widths)[len(widths) // 2] <= 4


def test_every_water_field_reaches_the_village(board):
    for i, kind in enumerate(board.kinds):
        if kind in (WATER, START, CAVE, *ARROWS):
            assert board.village_distance[i] < 10**6, board.field_name(i)


def test_field_names_round_trip(board):
    for i in range(len(board.kinds)):
        assert board.field(board.field_name(i)) == i
    with pytest.raises(ValueError) as bad:
        board.field("z1")
    assert str(bad.value) == f"there is no field z1 on this {board.rows}x{board.cols} map"


@pytest.mark.parametrize("text, message", [
    ("S.x\n..D", "map row 1, column 3 (c1): unknown symbol 'x'"),
    ("S..\n.v#\n.#.\nDWC", "map row 2, column 2 (b2): the current arrow 'v' points onto a mountain"),
    ("S..\n.>o\n..W\nDWC", "map row 2, column 2 (b2): the current arrow '>' points onto an island"),
    ("S..\n.v.\n...\nDWC", "map row 2, column 2 (b2): the current arrow 'v' points onto still water "
                            "(the current runs on to the waterfall)"),
    ("S.#\n###\n.#D", "map row 1, column 1 (a1): no route over water from this start dock to the village"),
    ("S..\n...", "map: the map has no landing dock 'D' in the village"),
    ("S..\n.v.\n.W.\n..D", "map: a map with a current or waterfall needs a rock cave 'C'"),
    ("S.\n><\nDW\nC.", "map row 2, column 1 (a2): following the arrows from here goes round in a circle"),
    ("S.C\n..C\n..D", "map row 2, column 3 (c2): a map has one rock cave 'C', this is a second one"),
])
def test_malformed_maps_are_refused_naming_row_and_column(text, message):
    with pytest.raises(BadState) as bad:
        Board.parse(text)
    assert str(bad.value) == message



@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_malformed_map_is_refused_in_the_page_s_language_at_the_same_place(lang):
    """A map (a position's ``map:`` block, free play's own map) was refused in English on
    Dutch and Italian pages: each refusal is the page's, its place (row, column) the same,
    said in the page's language too."""
    from tutor.core.i18n import using

    cases = test_malformed_maps_are_refused_naming_row_and_column.pytestmark[0].args[1]
    more = [("", "map: the map has no rows"), ("SD\n##", "map: the map has no water"),
            ("S.\n" + "." * 27 + "\n.D", "map: a map has at most 26 columns (a-z), this one 27")]
    for text, english in [*cases, *more]:
        with using(lang), pytest.raises(BadState) as bad:
            Board.parse(text)
        said = str(bad.value)
        place, local = english.split(": ")[0], said.split(": ")[0]
        assert said != english and "{" not in said, said
        # the same row, column and field, said in the page's language
        assert re.findall(r"\d+|\(\w+\)", local) == re.findall(r"\d+|\(\w+\)", place), said
        assert local != place or "row" not in place, said
    with using(lang), pytest.raises(BadState) as bad:
        Board.builtin("nile")
    assert "nile" in str(bad.value) and "known maps" not in str(bad.value)

def test_unknown_builtin_map_lists_the_known_ones():
    with pytest.raises(BadState) as bad:
        Board.builtin("nile")
    assert str(bad.value) == "no built-in map 'nile'; known maps: brook, default, short"


@pytest.mark.parametrize("name", ["short", "brook"])
def test_the_quick_maps_have_the_same_features(name):
    short = Board.builtin(name)
    assert len(short.starts) == 6 and len(short.docks) == 3 and short.cave is not None
    assert DOCK in short.kinds and WATERFALL in short.kinds
