"""The end of a solo try names no winner: alone, the rulebook's goal is to turn the whole board
with as few points as possible and the result is a score (SPEL VOOR 1 SPELER: "telt de
opeenvolgende resultaten van de dobbelstenen op"), not a rival beaten. The board's text
alternative said "Solo wins the round." (nl "Solo wint de ronde", it "Solo vince la manche")
and "Solo won the last round", also when the score sheet was full and the board not cleared;
the facts named 'Solo' the winner of the round."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from tutor.core.i18n import using
from tutor.core.walkthrough import by_id, replay
from tutor.trigger import GAME
from widgets.games.trigger import TriggerDrawer

from .helpers import play

LANGS = ["en", "nl", "it"]
#: the words a winner was named with, per language
WINS = {"en": r"\b(wins?|won)\b", "nl": r"\b(wint|won|winnen|winnaar)\b",
        "it": r"\b(vinc\w*|vint\w*|vincitore)\b"}
#: how the end of a try is said, per language: the board cleared, the sheet full
CLEAR = {"en": "the board is clear", "nl": "het bord is helemaal omgedraaid",
         "it": "il tabellone è tutto coperto"}
FULL = {"en": "the score sheet is full", "nl": "het scoreblad is vol",
        "it": "il foglio dei punteggi è pieno"}
SCORE = {"en": "Score: {}.", "nl": "Score: {}.", "it": "Punteggio: {}."}


def _full_sheet():
    """A solo try whose 20 rolls are all 1 and 2: the sheet fills, the board stays up."""
    state = GAME.initial_state({"mode": "solo", "rounds": 1}, seed=4)
    for _ in range(19):
        state = play(state, "roll 1 2", "end")
    before = play(state, "roll 1 2")
    return before, play(before, "end")


def _texts(before, after, move: str) -> list[str]:
    drawer = TriggerDrawer(GAME)
    frame = SimpleNamespace(state=after, before=before, move_text=move, move_words=move,
                            refusal=None, view=None)
    return [drawer.describe(frame), drawer.overview(after)]


def test_a_finished_solo_try_has_a_score_and_no_winner_fact():
    before, after = _full_sheet()
    assert after.phase == "over" and not after.boards[0].cleared()
    facts = GAME.facts(after)
    assert facts["winner"] == "" and facts["score"] == 20 * 3 + after.boards[0].points()
    cleared = replay(by_id("trigger/solo")).frames[6].state
    assert cleared.phase == "round over" and GAME.facts(cleared)["winner"] == ""
    assert GAME.facts(cleared)["score"] == 10
    # two players still have a winner
    two = replay(by_id("trigger/round-end")).frames[4].state
    assert GAME.facts(two)["winner"] == "Anna"


@pytest.mark.parametrize("lang", LANGS)
def test_a_full_sheet_is_said_with_its_score_and_no_winner(lang):
    before, after = _full_sheet()
    score = after.results[-1][1]
    with using(lang):
        for text in _texts(before, after, "end"):
            assert not re.search(WINS[lang], text, re.I), text
            assert FULL[lang] in text and SCORE[lang].format(score) in text, text
            assert CLEAR[lang] not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_cleared_board_in_the_solo_lesson_is_said_with_its_score_and_no_winner(lang):
    frame = replay(by_id("trigger/solo")).frames[6]  # the final chain clears the board
    with using(lang):
        for text in _texts(frame.before, frame.state, "chain"):
            assert not re.search(WINS[lang], text, re.I), text
            assert CLEAR[lang] in text and SCORE[lang].format(10) in text, text
