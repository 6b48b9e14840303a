"""Trigger's moves in the learner's language (issue 13): the Dutch rulebook's words (gooien,
omdraaien, kettingreactie, revanche) and ours in Italian, read back by the same parser."""
from __future__ import annotations

import pytest

from tutor.core import BadMoveText
from tutor.core.i18n import using
from tutor.trigger import GAME

from ..contract import shown_moves_read_back


@pytest.mark.parametrize("lang, words", [
    ("nl", {"roll 5 6": "gooi 5 6", "flip c3 d4": "draai c3 d4", "chain": "kettingreactie",
            "malus row 3 c3": "malus lijn 3 c3", "return round": "revanche"}),
    ("it", {"roll 5 6": "lancia 5 6", "flip c3 d4": "gira c3 d4", "chain": "catena",
            "malus col b b2": "malus colonna b b2", "return round": "rivincita"}),
])
def test_moves_are_shown_in_the_catalogs_words_and_read_back(lang, words):
    state = GAME.initial_state({}, seed=1)
    with using(lang):
        for canonical, local in words.items():
            move = GAME.parse_move(state, canonical)
            assert GAME.move_display(state, move) == local
            assert GAME.parse_move(state, local) == move
        with pytest.raises(BadMoveText) as caught:
            GAME.parse_move(state, "xyz")
        assert "'" + words["roll 5 6"] + "'" in str(caught.value)  # the help is in the language


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("options", [{}, {"mode": "solo"}, {"mode": "2v2"}])
def test_every_move_of_seeded_games_reads_back_from_what_the_page_shows(lang, options):
    checked, changed = shown_moves_read_back(GAME, options, lang, plies=150, per_state=30)
    assert checked > 100 and changed > 0.5 * checked, (checked, changed)


def test_the_moves_the_help_shows_are_taken_as_written():
    """The help a learner reads after an unreadable move shows moves to copy: each flip it
    shows is one the rules take (tiles are turned one at a time: 'flip c3 d4' was refused by
    trigger.turn.flip.one), here where c3 is face up and within the roll."""
    from tutor.trigger.notation import EXAMPLES

    from .helpers import position

    state = position(anna="\n".join(["1 1 1 1 1 1"] * 6))  # Anna on turn, 5 and 6 rolled
    flips = [e for e in EXAMPLES if e.startswith("flip")]
    assert flips
    for text in flips:
        GAME.apply(state, GAME.parse_move(state, text))  # refused: raises
    with pytest.raises(BadMoveText) as caught:
        GAME.parse_move(state, "flip")
    assert GAME.apply(state, GAME.parse_move(state, str(caught.value).split("'")[1]))
