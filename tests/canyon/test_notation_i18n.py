"""Move texts in the learner's language (issue 13): the canonical texts stay in files; display
writes the rulebook's words and parse reads them back. Texts made in code go through the
translator, with plural forms."""
from __future__ import annotations

import pytest

from tutor.canyon import GAME, Drift, Launch, Paddle, Play, Stay, Tempo
from tutor.canyon import notation
from tutor.canyon.cards import Card
from tutor.core import BadMoveText, BadOption

from ..contract import playout, shown_moves_read_back

DUTCH_WORDS = {"start at": "start op", "tempo": "tempo", "with": "met", "play": "speel",
               "paddle to": "peddel naar", "stay": "blijf", "drift": "drijf"}
DUTCH_COLOURS = {"blue": "blauw", "green": "groen", "red": "rood", "yellow": "geel",
                 "purple": "paars"}


@pytest.fixture
def dutch(monkeypatch):
    """The move words as a Dutch catalog would give them (the catalog is not translated yet)."""
    monkeypatch.setattr(notation, "words", lambda: dict(DUTCH_WORDS))
    monkeypatch.setattr(notation, "colours", lambda: dict(DUTCH_COLOURS))


def _state():
    return GAME.initial_state({"players": ["Anne", "Carl", "Marc"], "map": "short"}, seed=2)


def test_in_english_the_display_is_the_canonical_text():
    for state, move in playout(GAME, {"players": 3, "map": "short"}, 4):
        if move is not None:
            assert GAME.move_display(state, move) == GAME.move_text(state, move)


def test_display_writes_the_rulebook_words_and_parse_reads_them_back(dutch):
    s = _state()
    shown = {Launch(0, s.board.starts[0]): f"Anne: start op {s.board.field_name(s.board.starts[0])}",
             Tempo(1, (4, 2)): "Carl: tempo 6", Tempo(1, (3, 2)): "Carl: tempo 5 met 3+2",
             Play(2, Card("blue", 3)): "Marc: speel blauw 3",
             Paddle(0, 7): f"Anne: peddel naar {s.board.field_name(7)}",
             Stay(0): "Anne: blijf", Drift(2): "Marc: drijf"}
    for move, text in shown.items():
        assert GAME.move_display(s, move) == text
        assert GAME.parse_move(s, text) == move
        assert GAME.parse_move(s, GAME.move_text(s, move)) == move  # canonical still read
        assert GAME.move_text(s, move) != text or move == Tempo(1, (4, 2))


def test_move_errors_and_option_errors_are_exact():
    s = _state()
    with pytest.raises(BadMoveText) as bad:
        GAME.parse_move(s, "Anne: play black 3")
    assert str(bad.value) == "no colour 'black'; the colours are blue, green, red, yellow, purple"
    with pytest.raises(BadMoveText) as bad:
        GAME.parse_move(s, "Anne: tempo 6 with 4+1")
    assert str(bad.value) == "4+1 shows 5, not 6"
    with pytest.raises(BadOption) as bad:
        GAME.initial_state({"players": 3, "colour": "red", "speed": 2})
    assert bad.value.problem == "the setup has settings Canyon does not have: “colour”, “speed”"
    assert bad.value.where == "colour"
    with pytest.raises(BadOption) as bad:
        GAME.initial_state({"players": 3, "colour": "red"})
    assert bad.value.problem == "the setup has a setting Canyon does not have: “colour”"


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_the_catalog_s_move_words_are_shown_and_read_back(lang):
    """The shipped Dutch and Italian catalogs (not a stand-in): every kind of move is shown in
    the language's words, and the text shown parses back to the same move - a learner can type
    what the page shows."""
    from tutor.core.i18n import using

    s = _state()
    moves = [Launch(0, s.board.starts[0]), Tempo(1, (4, 2)), Tempo(1, (3, 2)), Tempo(1, (0,)),
             Play(2, Card("blue", 3)), Play(2, Card("purple", 10)), Paddle(0, 7), Stay(0),
             Drift(2)]
    with using(lang):
        shown = [GAME.move_display(s, move) for move in moves]
        assert [GAME.parse_move(s, text) for text in shown] == moves
        assert [GAME.parse_move(s, GAME.move_text(s, move)) for move in moves] == moves
    english = [GAME.move_display(s, move) for move in moves]
    changed = [a for a, b in zip(shown, english) if a != b]
    assert len(changed) >= 6, shown  # the words really are the language's


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_every_move_of_seeded_games_reads_back_from_what_the_page_shows(lang):
    checked, changed = shown_moves_read_back(GAME, {"players": 4}, lang, plies=120)
    assert checked > 200 and changed > 0.5 * checked, (checked, changed)  # "tempo 3" is Dutch too


@pytest.mark.parametrize("lang, colours", [
    ("en", "blue, green, red, yellow, purple"),
    ("nl", "blauw, groen, rood, geel, paars"),
    ("it", "blu, verde, rosso, giallo, viola"),
])
def test_an_unknown_colour_is_answered_with_the_colours_in_the_page_s_language(lang, colours):
    """Before: a Dutch or Italian page listed the colours in English (blue, green, ...), words
    its own move texts do not use."""
    from tutor.core.i18n import using

    with using(lang), pytest.raises(BadMoveText) as refused:
        GAME.parse_move(_state(), "Anne: play pink 7")
    assert str(refused.value).endswith(colours), refused.value
