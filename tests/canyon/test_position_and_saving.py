"""Position texts (errors by line and column), JSON saving, move texts."""
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
seat Anne: tempo 1  hand yellow 5
seat Carl: tempo 6 with 4+2  hand blue 8, red 2
seat Marc: tempo 0
seat Herman: tempo 1
"""


def test_a_written_position_fills_in_the_rest_from_the_seed():
    s = position(TRICKS, seed=3)
    assert fact(s, "turn") == "Carl" and fact(s, "table") == "Anne blue 7"
    assert [len(h) for h in s.hands] == [1, 2, 2, 2]
    assert fact(s, "tempo.Carl") == 6 and fact(s, "trump_card") == "green 4"
    assert position(TRICKS, seed=3) == s
    assert position(TRICKS, seed=4).hands[2] != s.hands[2] or position(TRICKS, seed=5).hands[2] != s.hands[2]


@pytest.mark.parametrize("text, message", [
    ("phase: swim", "line 1, column 8: phase is launch, tempo, tricks, move or over, not 'swim'"),
    ("players: Anne Carl\n", "line 1, column 10: 3 to 6 different player names, separated by spaces"),
    ("dealer: Zoe", "line 1, column 9: no player called 'Zoe'; the players are Anne Carl Marc Herman"),
    ("round: 15", "line 1, column 8: round is a whole number from 1 to 14, not 15"),
    ("seat Anne: canoe q99", "line 1, column 18: there is no field q99 on this 29x12 map"),
    ("seat Anne: tempo 6 with 3+3", "line 1, column 18: tempo 6 with 3+3: not shown with those cards"),
    ("seat Anne: tempo 3 with 3+3", "line 1, column 18: 3+3 shows 6, not 3"),
    ("seat Anne: hand blue 7, pink 3",
     "line 1, column 25: no colour 'pink'; the colours are blue, green, red, yellow, purple"),
    ("seat Anne: hand blue 7\nseat Carl: hand blue 7",
     "line 2, column 17: blue 7 is written twice (also on line 1)"),
    ("seat Anne: swim 3",
     "line 1, column 12: expected one of canoe, tempo, tricks, hand, points, left, draw, got 'swim'"),
    ("seat Zoe: tempo 1", "line 1, column 6: no player called 'Zoe'; the players are Anne Carl Marc Herman"),
    ("\n\nthis is not a key",
     "line 3, column 1: expected 'key: value' or 'key subject: value', got 'this is not a key'"),
    ("map:\n  #S#\n  #x#\n  #D#", "line 3, map row 2, column 2 (b2): unknown symbol 'x'"),
    ("map:\n  #S#\n  #v#\n  #D#",
     "line 3, map row 2, column 2 (b2): the current arrow 'v' points onto a landing dock"),
    ("map:\n  #S#\n  #.#\n  #W#\n  #D#",
     "line 2, map: a map with a current or waterfall needs a rock cave 'C'"),
    ("map: nile", "line 1, column 6: no built-in map 'nile'; known maps: brook, default, short"),
    ("map:", "line 1, column 5: indent the map's rows under 'map:', or name a built-in map"),
    ("phase: move\nseat Anne: canoe c1  tempo 1\nseat Carl: canoe c1  tempo 1\n"
     "seat Marc: tempo 1\nseat Herman: tempo 1",
     "line 3, column 12: Anne's canoe is on c1 already: one canoe per field (only the rock cave "
     "holds several)"),
    ("phase: move\nseat Anne: tempo 1",
     "line 1, column 8: the move phase needs every tempo; missing: Carl, Marc, Herman"),
    ("table: Anne", "line 1, column 8: a play is a player and a card, like 'Anne blue 7', not 'Anne'"),
    ("skip: maybe", "line 1, column 7: skip is yes or no, not 'maybe'"),
])
def test_position_errors_name_line_and_column(text, message):
    with pytest.raises(BadState) as err:
        position(text)
    assert str(err.value) == message


def test_json_round_trip_and_refusals_of_bad_saves():
    s = play(position(TRICKS), "Carl: play blue 8")
    data = json.loads(json.dumps(GAME.to_json(s)))
    assert GAME.from_json(data) == s
    inline = position("phase: move\nseat Anne: canoe b2  tempo 0\nseat Carl: tempo 0\nseat Marc: tempo 0\nseat Herman: tempo 0\n"
                      "map:\n  SSSS\n  ....\n  .DD.")
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(inline)))) == inline
    for field, value, message in [
        ("phase", "swim", "field 'phase': must be one of 'launch', 'tempo', 'tricks', 'move', "
                          "'over', not the text 'swim'"),
        ("board", "nile", "field 'board': no built-in map 'nile'; known maps: brook, default, short"),
        ("board", {"text": "S.x\n..D"}, "field 'board': map row 1, column 3 (c1): unknown symbol 'x'"),
        ("hands", [["blue 7"]] * 4,
         "not a state of Canyon: the cards are not the deck of 50 once each (48 cards)"),
        ("canoes", [30, 30, 31, 32], "not a state of Canyon: two canoes on one field"),
        ("canoes", [999, 30, 31, 32], "not a state of Canyon: a field out of the map"),
        ("tricks", [0, 0], "not a state of Canyon: tricks: 2 entries for 4 players"),
        ("turn", 9, "not a state of Canyon: a seat out of 0-3"),
        ("stock", [], "not a state of Canyon: the cards are not the deck of 50 once each (9 cards)"),
        ("tempo", [[3, 3], [], [], []], "not a state of Canyon: Anne laid tempo cards (3, 3)"),
        ("tricks", [0, -1, 0, 0], "not a state of Canyon: tricks and points cannot be negative"),
        # before: read, and its position text then refused ("tricks is ... 0 to 50")
        ("tricks", [0, 10**6, 0, 0],
         "not a state of Canyon: tricks, points and points left over are at most 50"),
    ]:
        bad = dict(data, **{field: value})
        with pytest.raises(BadState) as refused:
            GAME.from_json(bad)
        assert str(refused.value).startswith(message), refused.value


def test_move_texts_round_trip_and_bad_texts_say_why():
    s = position(TRICKS)
    for move in GAME.legal_moves(s):
        assert GAME.parse_move(s, GAME.move_text(s, move)) == move
    assert GAME.parse_move(s, "play blue 8") == GAME.parse_move(s, "Carl: play blue 8")
    for text, message in [
            ("Zoe: play blue 8", "no player called 'Zoe'; the players are Anne, Carl, Marc, Herman"),
            ("Carl: play blue 11", "card values are 1 to 10, not '11'"),
            ("Carl: dance", "cannot read 'Carl: dance'; moves look like 'Anne: tempo 2', "
             "'Anne: tempo 6 with 4+2', 'Anne: play blue 7' (or the card as shown, 'Anne: 7B'), "
             "'Anne: paddle to f7', 'Anne: stay', 'Anne: drift', 'Anne: start at c1'"),
            ("Carl: tempo 6 with 4+1", "4+1 shows 5, not 6"),
            ("Carl: paddle to zz", "a field is named by column letter and row number, like c12, "
             "not 'zz'"),
            ("", "empty move text; moves look like 'Anne: tempo 2', 'Anne: tempo 6 with 4+2', "
             "'Anne: play blue 7' (or the card as shown, 'Anne: 7B'), 'Anne: paddle to f7', "
             "'Anne: stay', 'Anne: drift', 'Anne: start at c1'")]:
        with pytest.raises(BadMoveText) as refused:
            GAME.parse_move(s, text)
        assert str(refused.value) == message


@pytest.mark.parametrize("lang, empty, unread", [
    ("nl", "lege zet; zetten zien eruit als", "'dans' is niet te lezen; zetten zien eruit als"),
    ("it", "mossa vuota; le mosse sono come", "non riesco a leggere 'dans'; le mosse sono come")])
def test_an_empty_move_text_gets_the_move_help_in_the_page_language(lang, empty, unread):
    """An empty move said only "empty move text", where every other game (and Canyon's own
    unreadable text) shows what a move looks like."""
    from tutor.core.i18n import using

    s = position(TRICKS)
    with using(lang):
        said = {}
        for text in ("", "dans"):
            with pytest.raises(BadMoveText) as refused:
                GAME.parse_move(s, text)
            said[text] = str(refused.value)
    assert said[""].startswith(empty) and said["dans"].startswith(unread), said
    assert said[""].partition("; ")[2] == said["dans"].partition("; ")[2]  # the same help


@pytest.mark.parametrize("names", [["Anne Marie", "Carl", "Marc"], ["Anne", "#2", "Marc"],
                                   ["Anne", "Carl#", "Marc"], ["Anne\nMarie", "Carl", "Marc"]])
def test_names_a_position_cannot_write_are_refused_by_the_options(names):
    """The options took names the position text cannot hold ('players: Anne Marie Carl
    Marc' reads four players; '#' starts a comment), so a game begun with them could not be
    written as a position and read back."""
    from tutor.core import BadOption

    with pytest.raises(BadOption) as caught:
        GAME.initial_state({"players": names})
    assert caught.value.where == "players"


def test_every_name_the_options_take_survives_the_position_text():
    s = GAME.initial_state({"players": ["Anne-Marie", "Carl_2", "Émile"]}, seed=3)
    for _ in range(5):
        s = GAME.apply(s, next(iter(GAME.legal_moves(s))))
    back = GAME.parse_position(GAME.position_text(s))
    assert back.players == s.players and GAME.facts(back) == GAME.facts(s)
