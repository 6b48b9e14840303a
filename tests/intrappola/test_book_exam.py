"""Cases an outside examiner writes straight from the InTrappola rulebook (seed 003), and bad
input that must be refused naming what and where."""
from __future__ import annotations

import pytest

from tutor.core.errors import BadState

from .helpers import position


@pytest.mark.parametrize("text, line, named", [
    # the cards of a picture are 16, each in one place (lines 15-19): a card left out of
    # every line was refused with no line at all ("cards that are nowhere: 1 3")
    ("table: 4 2 11 16\nhand Anna: 5 7 12\nhand Bruno: 6 8 9\ndeck: 10 13 14 15", 4, "1 3"),
    # a card written on two lines: at the second
    ("table: 1 2 3\nhand Anna: 4 5 6\nhand Bruno: 7 8 9\ndeck: 10 11 12 13 14 15 16 5", 4, "5"),
    ("table: 1 2 3\nhand Anna: 4 5 6\nhand Bruno: 7 8 6\ndeck: 9 10 11 12 13 14 15 16", 3, "6"),
])
def test_a_position_whose_cards_do_not_add_up_says_where(text, line, named):
    with pytest.raises(BadState) as refused:
        position(text)
    assert refused.value.line == line, refused.value
    assert named in refused.value.problem


@pytest.mark.parametrize("text, line", [
    # "known Anna" names cards Bruno does not hold
    ("table: 1 2 3\nhand Anna: 4\nhand Bruno: 5\nknown Anna: 6", 4),
    # a caught prey's neighbours stay on the table (A4): 15 is in a hand
    ("table: 3 5 12 13\ncaught Bruno: 16\nhand Anna: 4 10 15\nhand Bruno: 2 7 9", 2),
    ("table: 1 2 3\nhand Anna: 4\nhand Bruno: 5\nunder Bruno: 4", 4),
])
def test_a_position_with_what_no_player_can_know_or_have_caught_says_where(text, line):
    with pytest.raises(BadState) as refused:
        position(text)
    assert refused.value.line == line, refused.value


BASE = "table: 2 11 16\nhand Anna: 5 7 12\nhand Bruno: 1 3 4\ndeck: 6 8 9 10 13 14 15\n"


@pytest.mark.parametrize("last", [
    # A1-A4: the prey goes on the table, scored by the hunter; the turn passes to the other
    "turn: Bruno\nlast: caught Anna  cards 5  prey 1",  # 1 is in Bruno's hand
    "turn: Anna\nlast: missed Anna  cards 5  prey 1",  # B5: Bruno hunts next
    # B2: the trap cards go back into the hunter's hand; 6 is in the deck
    "turn: Bruno\nlast: missed Anna  cards 6  prey 1",
    # B4: the card put face up lies on the table
    "turn: Bruno\nlast: missed Anna  cards 5  prey 1  placed 8",
])
def test_a_last_turn_the_position_does_not_show_is_refused_at_its_line(last):
    """The record of the last turn is what the turn did (A1-A4, B1-B5, the discard): a
    position whose record says otherwise was read, and its narration said things the board
    did not show."""
    with pytest.raises(BadState) as refused:
        position(BASE + last)
    assert refused.value.line == 6, refused.value


def test_a_last_turn_the_position_shows_is_read():
    state = position("table: 2 11 16 8\nhand Anna: 5 7 12\nhand Bruno: 1 3 4 6\n"
                     "deck: 9 10 13 14 15\nturn: Bruno\n"
                     "last: missed Anna  cards 5  prey 1  gained 6  placed 8")
    assert state.last.kind == "missed" and state.last.placed is not None


@pytest.mark.parametrize("last", ["last:", "last: #caught Bruno  cards 5  prey 1", "last:   "])
def test_a_last_turn_line_without_its_kind_is_refused_at_its_line(last):
    """'last: #caught ...' (the record commented out) ended in an IndexError, not a BadState."""
    with pytest.raises(BadState) as refused:
        position(BASE + "turn: Bruno\n" + last)
    assert refused.value.line == 6, refused.value
