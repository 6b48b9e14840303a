"""The rules a legal move shows (``move_rules``: the coach's hint names them, free play counts
them as evidence the learner knows them) are the rules the move really uses, and a refusal's
words are true of the move refused."""
from __future__ import annotations

from tutor.canyon import GAME, Drift, Paddle, Stay
from tutor.core.i18n import using

from .helpers import position
from .test_readings import PUSH

#: test_readings.py's drift position, Carl's canoe left to the test
CURRENT = PUSH.replace("seat Carl: canoe c3", "seat Carl: canoe {carl}")


def test_a_drift_that_pushes_nobody_shows_neither_the_push_nor_the_waterfall():
    s = position(CURRENT.format(carl="d1"))  # Anne drifts onto c3, nobody stands there
    assert GAME.move_rules(s, Drift(0)) == ("canyon.current.drift",)


def test_a_drift_shows_the_push_and_the_waterfall_only_when_they_happen():
    s = position(CURRENT.format(carl="c3"))  # Carl pushed on to c4: not over the waterfall
    assert GAME.move_rules(s, Drift(0)) == ("canyon.current.drift", "canyon.current.push")
    over = position(CURRENT.format(carl="c4").replace("canoe b3", "canoe c3"))
    assert GAME.move_rules(over, Drift(0)) == (
        "canyon.current.drift", "canyon.current.push", "canyon.current.waterfall")


STILL = """
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe b2  tempo {tempo}  tricks {tricks}
seat Carl: canoe d1  tempo 1  tricks 1
seat Marc: canoe a1  tempo 0  tricks 0
map:
  S...
  ....
  ....
  ....
  DD..
"""


def test_staying_with_no_point_uses_the_points_rule_not_all_points():
    """Anne announced 2 and won no trick: 0 points. She stays because she has nothing to
    move, not because every point must be used (the hint said 'All points must be used')."""
    s = position(STILL.format(tempo=2, tricks=0))
    assert GAME.is_legal(s, Stay(0))
    assert GAME.move_rules(s, Stay(0)) == ("canyon.round.move",)


def test_a_paddle_after_a_missed_tempo_does_not_show_the_bonus_rule():
    missed = position(STILL.format(tempo=2, tricks=1))  # 1 point, no bonus
    end = next(m for m in GAME.legal_moves(missed) if isinstance(m, Paddle))
    assert GAME.move_rules(missed, end)[0] == "canyon.round.move"
    made = position(STILL.format(tempo=1, tricks=1))  # 1 + 2 points
    end = next(m for m in GAME.legal_moves(made) if isinstance(m, Paddle))
    assert GAME.move_rules(made, end)[0] == "canyon.move.bonus"


TEMPO = """
players: Anne Carl Marc
dealer: Marc
trump: green
seat Anne: hand green 10, green 9, green 8, blue 10, red 2, red 3, yellow 1, purple 4
"""


def said(state, text: str) -> str:
    """The words of the refusal a move text meets, in the current language."""
    found = GAME.violation(state, GAME.parse_move(state, text))
    assert found is not None and found.rule_id == "canyon.round.tempo", found
    return GAME.rules.reason(found.rule_id, **found.params)


def test_a_high_tempo_laid_with_three_cards_is_not_said_to_take_one_card():
    """'Anne: tempo 7 with 4+2+1' was refused as 'a tempo of 7 is shown with one card (two
    cards only for 5 or more), not 3': a tempo of 7 takes two cards."""
    s = position(TEMPO)
    for lang, wrong in (("en", "one card ("), ("nl", "één kaart ("), ("it", "una carta (")):
        with using(lang):
            high = said(s, "Anne: tempo 7 with 4+2+1")
            low = said(s, "Anne: tempo 3 with 2+1")
        assert wrong not in high and wrong not in low, (lang, high)
        assert "7" in high and "3" in high and "3" in low and "2" in low, (lang, high, low)


def test_landing_at_the_village_shows_the_end():
    """'De speler die als eerste één van de drie landingssteigers bij het indianendorp
    bereikt, wint het spel': the landing move named the dock rule but not the goal."""
    s = position(STILL.format(tempo=1, tricks=1))  # 3 points: b2 to the docks of row 5
    land = next(m for m in GAME.legal_moves(s) if isinstance(m, Paddle))
    assert s.board.field_name(land.end) in ("a5", "b5")
    assert GAME.move_rules(s, land)[-2:] == ("canyon.end", "canyon.move.dock")
    inland = position(STILL.format(tempo=2, tricks=1))  # 1 point: not to the village
    step = next(m for m in GAME.legal_moves(inland) if isinstance(m, Paddle))
    assert "canyon.end" not in GAME.move_rules(inland, step)
