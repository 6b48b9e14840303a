"""Position texts, saved states, options and move texts: good input read, bad input named."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.core import BadMoveText, BadOption, BadState
from tutor.intrappola import GAME

from .helpers import cards, position

FULL = """
# a comment line
table: 1 2 3 7 10 12 15      # and a comment after the cards
hand Anna: 4 5 6
hand Bruno: 8 9 13
deck: 16 14
turn: Bruno
caught Anna: 11
"""


def test_a_written_position_is_read_whole():
    s = position(FULL)
    assert s.deck == cards("16") + cards("14")
    assert GAME.facts(s)["turn"] == "Bruno" and GAME.facts(s)["caught.Anna"] == "11"
    assert GAME.facts(s)["score.Anna"] == 4 and GAME.facts(s)["place.11"] == "table"


def test_a_missing_deck_is_the_rest_shuffled_by_the_seed():
    text = "table: 1 2 3\nhand Anna: 4 5 6\nhand Bruno: 7 8 9"
    a, b = GAME.parse_position(text, seed=1), GAME.parse_position(text, seed=1)
    assert a == b and sorted(a.deck) == list(cards("10 11 12 13 14 15 16"))


@pytest.mark.parametrize("text, message", [
    ("table: 1 2 3\nhand Anna: 4 5 x6",
     "line 2, column 16: 'x6' is not a card: write its number, like 6"),
    ("table: 1 2 3\nhand Anna: 4 5 17",
     "line 2, column 16: '17': card numbers run from 1 to 16"),
    ("table: 1 2 3\nhand Carla: 4",
     "line 2, column 6: no player called 'Carla'; the players are Anna, Bruno"),
    ("table: 1 2 3\ncards: 4",
     "line 2, column 1: unknown key 'cards'; known: Anna, Bruno, deck, last, pictures, players, "
     "quiet, table, turn, caught NAME, hand NAME, known NAME, shown NAME, under NAME"),
    ("table 1 2 3",
     "line 1, column 1: expected 'key: value' or 'key subject: value', got 'table 1 2 3'"),
    ("table: 1 2\ntable: 3", "line 2, column 1: 'table' is written twice (also on line 1)"),
    ("table: 1\nhand Anna: 2\nAnna: 3", "line 3, column 1: Anna's hand is written twice"),
    ("table: 1 2 3\nhand Anna: 3\ndeck: 4", "line 2, column 12: cards in more than one place: 3"),
    ("table: 1 2\nhand Anna: 3\nhand Bruno: 4\ndeck: 5",
     "line 4, column 7: cards that are nowhere: 6 7 8 9 10 11 12 13 14 15 16"),
    ("table: 1 2 3\nturn: Carla", "line 2, column 7: turn is Anna or Bruno, not 'Carla'"),
    ("table: A1 B2", "line 1, column 11: 'B2': there is only one picture (A)"),
    ("pictures: 2\ntable: 1", "line 2, column 8: '1': with 2 pictures name the picture too, like A1"),
    ("pictures: 9", "line 1, column 11: pictures is a whole number from 1 to 4, not 9"),
    ("players: Anna\ntable: 1",
     "line 1, column 10: the players must be two different one-word names, not ['Anna']"),
    ("table: 1 2 3\nhand Anna: 4\nhand Bruno: 5\nknown Anna: 6",
     "line 4, column 1: Anna cannot know cards that are not in the other hand"),
    # a prey is caught closed in, and the trap's cards stay on the table (A4): 15 is in a hand
    # (two lessons began so)
    ("table: 3 5 12 13\ncaught Bruno: 16\nhand Anna: 4 10 15\nhand Bruno: 2 7 9",
     "line 2, column 1: Bruno cannot have caught 16: a caught prey's neighbours stay on the "
     "table"),
    ("table: 1\nlast: missed Carla", "line 2, column 14: no player called 'Carla'"),
    ("quiet: -1", "line 1, column 8: quiet is a whole number from 0 to 10000, not -1"),
])
def test_a_bad_position_names_line_and_column(text, message):
    with pytest.raises(BadState) as err:
        GAME.parse_position(text)
    assert str(err.value) == message


def test_two_pictures_by_letter():
    s = GAME.parse_position("pictures: 2\ntable: A1 B16\nhand Anna: A2 B1\nhand Bruno: B2")
    assert s.pictures == 2 and len(s.deck) == 32 - 5
    assert GAME.facts(s)["place.B16"] == "table" and GAME.facts(s)["hand.Anna"] == "A2 B1"


@pytest.mark.parametrize("options, where", [
    ({"pictures": 0}, "pictures"), ({"pictures": "two"}, "pictures"),
    ({"players": ["Anna"]}, "players"), ({"colour": "red"}, "options"),
])
def test_bad_options_are_named(options, where):
    with pytest.raises(BadOption) as err:
        GAME.initial_state(options)
    assert err.value.where == where


def test_saved_state_round_trip_and_bad_saves():
    s = GAME.initial_state({"pictures": 2}, seed=3)
    s = GAME.apply(s, next(GAME.legal_moves(s)))
    data = json.loads(json.dumps(GAME.to_json(s)))
    assert GAME.from_json(data) == s
    for bad, message in [
        ({**data, "hands": [[1, 2]]}, "field 'hands': must be a list of 2, not a list"),
        ({k: v for k, v in data.items() if k != "deck"}, "field 'deck': is missing"),
        ({**data, "table": data["table"] + data["deck"][:1]},
         f"not a state of InTrappola: cards in more than one place: {GAME.facts(s)['deck.top']}"),
        ({**data, "last": {"kind": "won", "hunter": 0}},
         "not a state of InTrappola: last: not a record of a turn of this game"),
        ({**data, "turn": True}, "field 'turn': must be a whole number, not true"),
    ]:
        with pytest.raises(BadState) as refused:
            GAME.from_json(bad)
        assert str(refused.value).startswith(message), refused.value


@pytest.mark.parametrize("text", ["play", "play 5 prey", "discard", "discard 5 6", "trap 6",
                                  "play 5 prey x", "pass 5", ""])
def test_bad_move_texts_are_named(text):
    with pytest.raises(BadMoveText):
        GAME.parse_move(position(FULL), text)


def test_move_texts_read_back_and_tolerate_commas_and_order():
    s = position(FULL)
    assert GAME.parse_move(s, "play 7, 5 prey 6") == GAME.parse_move(s, "play 5 7 prey 6")
    assert GAME.move_text(s, GAME.parse_move(s, "play 7 5 prey 7 6")) == "play 5 7 prey 6 7"


def test_a_saved_game_with_more_pictures_than_a_game_allows_is_refused():
    from tutor.core.errors import BadState
    from tutor.intrappola import GAME
    from tutor.intrappola.options import MAX_PICTURES

    data = GAME.to_json(GAME.initial_state({"pictures": 2}, seed=1))
    data["pictures"] = MAX_PICTURES + 1
    with pytest.raises(BadState) as refused:
        GAME.from_json(data)
    assert str(refused.value) == (f"not a state of InTrappola: pictures: from 1 to {MAX_PICTURES}, "
                                  f"not {MAX_PICTURES + 1}")


def test_a_position_written_before_the_one_grammar_still_reads():
    old = "table: 1 2 3\nAnna: 4 5 6\nBruno: 7 8 9\ndeck: 10 11 12 13 14 15 16"
    assert position(old) == position(old.replace("Anna:", "hand Anna:").replace("Bruno:", "hand Bruno:"))


def test_a_game_saved_on_main_before_the_one_shape_still_loads():
    saved = json.loads((Path(__file__).parent / "data" / "saved-on-main.json").read_text())
    s = GAME.from_json(saved["state"])
    facts = {k: v for k, v in GAME.facts(s).items() if not k.startswith(("chance.", "where."))}
    assert {k: facts[k] for k in saved["facts"]} == saved["facts"]
    assert [GAME.move_text(s, m) for m in GAME.legal_moves(s)] == saved["legal"]
    assert GAME.to_json(s) == saved["state"]


def test_position_text_reads_back_to_the_same_state():
    saved = json.loads((Path(__file__).parent / "data" / "saved-on-main.json").read_text())
    s = GAME.from_json(saved["state"])  # two pictures, after a missed pair: a 'last' to write
    text = GAME.position_text(s)
    assert text == """\
pictures: 2
players: Anna Bruno
turn: Anna
table: A1 A4 A6 A9 A13 B1 B2 B13 B16
hand Anna: A3 A10 A12 B6 B14
hand Bruno: A7 A11 B11 B15
deck: B5 A16 B9 A14 A15 A8 B4 B12 B7 B8 B10 A2 B3
caught Anna: A5
known Anna: A7 A11 B11 B15
known Bruno: A3 A10 A12 B14
under Anna: A2 B8
under Bruno: B3 B10
last: missed Bruno  cards A7  prey A2 A3  gained B6  placed B16
shown Anna: A3 A10 A12 B14
shown Bruno: A11 B11 B15
"""
    assert GAME.parse_position(text) == s


def test_the_hands_shown_without_a_last_turn_are_refused_not_dropped():
    """A 'shown' line without the 'last' turn it belongs to was dropped unread, bad cards and
    all ("shown Anna: 99" read as a good position)."""
    text = ("table: 2 11 16\nhand Anna: 5 7 12\nhand Bruno: 1 3 4\ndeck: 6 8 9 10 13 14 15\n"
            "shown Anna: 99\n")
    with pytest.raises(BadState) as refused:
        position(text)
    assert "line 5, column 1" in str(refused.value)
    # with its last turn it reads, and its cards are read
    s = position(text.replace("shown Anna: 99", "turn: Bruno\nlast: missed Anna  cards 5  prey 1\n"
                                                  "shown Anna: 7 12\nshown Bruno: 1 3 4"))
    assert s.last.shown == (cards("7 12"), cards("1 3 4"))
    with pytest.raises(BadState, match="99"):
        position(text.replace("shown Anna: 99", "last: missed Anna  cards 5  prey 1\n"
                                                  "shown Anna: 99"))


def test_a_saved_state_with_names_a_position_cannot_hold_is_refused():
    """A saved state named its players '' or 'Anna Maria' (the options never do): it loaded,
    and its position text then read back other players, or none."""
    s = GAME.initial_state({}, 1)
    for names in (["", "Bruno"], ["Anna Maria", "Bruno"], ["Anna", "Bruno:"]):
        data = dict(GAME.to_json(s), players=names)
        with pytest.raises(BadState, match="one-word names"):
            GAME.from_json(data)
    assert GAME.from_json(GAME.to_json(s)) == s


def test_saved_states_no_game_reaches_are_refused_naming_the_field():
    """A saved state with last.points -5, or one card under the deck by both players, loaded:
    the points must be what the prey caught are worth, and a card goes under from one hand."""
    s = GAME.initial_state({}, 1)
    after = GAME.apply(s, next(iter(GAME.legal_moves(s))))
    assert after.last is not None
    data = GAME.to_json(after)
    with pytest.raises(BadState, match="last: points -5"):
        GAME.from_json(dict(data, last=dict(data["last"], points=-5)))
    top = GAME.to_json(s)["deck"][0]
    with pytest.raises(BadState, match="under: "):
        GAME.from_json(dict(GAME.to_json(s), under=[[top], [top]]))
    with pytest.raises(BadState, match="known: Anna"):
        held = GAME.to_json(s)["hands"][1][0]
        GAME.from_json(dict(GAME.to_json(s), known=[[held, held], []]))
    assert GAME.from_json(data) == after and GAME.from_json(GAME.to_json(s)) == s


def test_a_card_written_twice_in_one_line_is_refused_where_it_stands():
    """'table: 2 2 4 12' read as the table 2 4 12 (a set merged the two); a hand, the deck
    and a last turn's cards refuse it too, at the second card's line and column."""
    text = GAME.position_text(GAME.initial_state({}, 1))
    table = next(line for line in text.splitlines() if line.startswith("table: "))
    first = table.split()[1]
    with pytest.raises(BadState, match=f"line 3, column 1[0-9]: '{first}' is written twice"):
        GAME.parse_position(text.replace(table, f"table: {first} {table[7:]}"))
    with pytest.raises(BadState, match="'5' is written twice"):
        position(FULL + "last: missed Anna  cards 5 5  prey 1\n")
    with pytest.raises(BadState, match="'4' is written twice"):
        position(FULL.replace("hand Anna: 4 5 6", "hand Anna: 4 4 5 6"))


def test_only_ascii_digits_are_card_numbers():
    """'discard ١' (an Arabic-Indic one) read as discard 1: int() reads any decimal digit."""
    with pytest.raises(BadMoveText, match="is not a card"):
        GAME.parse_move(position(FULL), "discard \u0661")
    with pytest.raises(BadState, match="is not a card"):
        position(FULL.replace("table: 1 2 3", "table: \u0661 2 3"))


def test_a_highlight_hint_with_other_digits_is_refused_not_ignored():
    """view = { highlight = ["١"] } passed the hint's check (int() reads it as 1) and the board
    then ringed nothing, as its cards are read with ASCII digits only."""
    from tutor.core.hints import read_hints
    from tutor.core import MalformedInput
    with pytest.raises(MalformedInput, match="not a place"):
        read_hints(GAME.hints, {"highlight": ["\u0661"]}, "lesson.toml, step 1")
    assert read_hints(GAME.hints, {"highlight": ["1"]}, "lesson.toml, step 1").highlight == ("1",)


def test_a_position_s_numbers_are_ascii_digits_too():
    """'quiet: ١' and 'pictures: ٢' read as 1 and 2 (the grammar's numbers took any digit)."""
    with pytest.raises(BadState, match="whole number"):
        position(FULL + "quiet: \u0661\n")
    with pytest.raises(BadState, match="whole number"):
        position("pictures: \u0662\n" + FULL)
    assert position(FULL + "quiet: 1\n").quiet == 1


@pytest.mark.parametrize("options", ["pictures", 5, ["pictures", 2]])
def test_options_that_are_no_table_of_names_are_refused(options):
    """A text, a number or a list as the options was read to a ValueError or a TypeError."""
    with pytest.raises(BadOption) as err:
        GAME.initial_state(options)
    assert err.value.where == "options"


@pytest.mark.parametrize("options", ["pictures", 5, ["pictures", 2]])
def test_a_position_read_with_options_that_are_no_table_is_refused(options):
    """parse_position merged such options with dict() (a ValueError or a TypeError)."""
    with pytest.raises(BadOption) as err:
        GAME.parse_position("table: 1 2 3\n", options)
    assert err.value.where == "options"


def test_a_saved_game_edited_to_one_whose_position_text_does_not_read_back_is_refused():
    """A saved game whose last turn shows a card twice in a hand ('shown Anna: A15 A15') or
    counts more discards in a row than a position may write loaded, and its position text
    (written for "Write a lesson from here") was then refused: "'A15' is written twice",
    "quiet is a whole number from 0 to 10000"."""
    from tutor.intrappola.options import MOST_QUIET
    saved = json.loads((Path(__file__).parent / "data" / "saved-on-main.json").read_text())
    data = saved["state"]
    assert data["last"]["kind"] == "missed" and data["last"]["shown"][0]
    shown = data["last"]["shown"]
    twice = {**data, "last": {**data["last"], "shown": [[*shown[0], shown[0][0]], shown[1]]}}
    for bad, says in [(twice, "last: a card written twice in the record of the turn"),
                      ({**data, "quiet": MOST_QUIET + 1}, "quiet: at most 10000 discards")]:
        with pytest.raises(BadState) as refused:
            GAME.from_json(bad)
        assert str(refused.value).startswith(f"not a state of InTrappola: {says}"), refused.value
    most = GAME.from_json({**data, "quiet": MOST_QUIET})  # the most a position writes: it reads
    assert GAME.parse_position(GAME.position_text(most)).quiet == MOST_QUIET


@pytest.mark.parametrize("lang, said", [
    ("nl", "geen stand van InTrappola: pictures: van 1 tot {most}, niet {value}"),
    ("it", "non è uno stato di InTrappola: pictures: da 1 a {most}, non {value}")])
def test_a_saved_game_of_the_wrong_shape_is_refused_in_the_page_language(lang, said):
    """What a saved state may get wrong in its shape (the number of pictures, the players, the
    record of the last turn) was said in English inside a Dutch or Italian refusal."""
    from tutor.core.i18n import using
    from tutor.intrappola.options import MAX_PICTURES

    data = GAME.to_json(GAME.initial_state({"pictures": 2}, seed=1))
    data["pictures"] = MAX_PICTURES + 1
    with using(lang), pytest.raises(BadState) as refused:
        GAME.from_json(data)
    assert str(refused.value) == said.format(most=MAX_PICTURES, value=MAX_PICTURES + 1)
    data = GAME.to_json(GAME.initial_state({"pictures": 2}, seed=1))
    with using(lang), pytest.raises(BadState) as refused:
        GAME.from_json({**data, "players": ["Anna", "Anna"]})
    assert "players: " in str(refused.value) and "two different" not in str(refused.value)
