"""Cases an outside examiner writes straight from the Trigger rulebook (seed 004), where the
engine disagreed with the book or its readings disagreed with each other."""
from __future__ import annotations

import pytest

from tutor.core.errors import BadState
from tutor.trigger import GAME

from .helpers import play, refused, solo

# the sheet's rolls 1 2: 3, smaller than every face-up number (10 and the 11s): too bad on the
# replay. Row 1 ends the turn with one number face up, 10 on f1: a self-malus is owed.
BOARD = "\n".join(["(1) (6) (7) (8) (9) 10"] + ["11 11 11 11 11 11"] * 5)
HEAD = "turn: Solo\nreplay: 1 2, 1 2, 1 2\nsheet: 1 2\nmissed Solo: row 1"


def _owed_after_a_bad_roll():
    state = solo(BOARD, head=HEAD, options={"rounds": 2})
    return play(state, "roll 1 2")


def test_a_self_malus_owed_comes_before_rolling_a_too_bad_roll_again():
    """"Zoals bij het spel met twee" (line 77): the malus comes right after the roll, before
    anything else (7. MALUS, lines 55-57). Rolling the sheet's bad roll again was allowed
    before the malus owed, and then judged on the board before the malus, while after the malus
    the same roll was judged on the board the malus changed: the order decided."""
    state = _owed_after_a_bad_roll()
    assert refused(state, "reroll") == "trigger.solo.malus"
    assert [GAME.move_text(state, m) for m in GAME.legal_moves(state)] == [
        "malus row 1 a1", "malus row 1 b1", "malus row 1 c1", "malus row 1 d1", "malus row 1 e1"]


def test_after_the_self_malus_a_roll_is_too_bad_on_the_board_it_is_played_on():
    state = _owed_after_a_bad_roll()
    # the malus turns the 1 on a1 up again: the 3 pays for it, so the roll is not too bad
    fits = play(state, "malus row 1 a1")
    assert refused(fits, "reroll") == "trigger.solo.replay.bad"
    # the malus turns the 6 on b1 up: 3 still pays for nothing, the roll may be rolled again
    bad = play(state, "malus row 1 b1")
    assert GAME.parse_move(bad, "reroll") in GAME.legal_moves(bad)
    again = play(bad, "reroll", "roll 2 3")
    assert refused(again, "malus row 1 c1") == "trigger.malus"  # claimed once, not again


def test_a_saved_game_whose_sides_are_not_its_modes_is_refused():
    """'SPEL MET DRIE OF VIER SPELERS': 2 against 1 is its own mode. A saved two-player game
    with a third player put on a side ('sides': [[0, 1], [2]] under mode 'two') was loaded,
    and then its own position text was refused ('players must be 2 different names')."""
    data = GAME.to_json(GAME.initial_state({}, seed=1))
    data["players"] = ["Anna", "Ben", "Cleo"]
    data["sides"] = [[0, 1], [2]]
    with pytest.raises(BadState):
        GAME.from_json(data)
    swapped = GAME.to_json(GAME.initial_state({}, seed=1))
    swapped["sides"] = [[1], [0]]
    with pytest.raises(BadState):
        GAME.from_json(swapped)
    nobody = GAME.to_json(GAME.initial_state({"mode": "solo"}, seed=1))
    nobody["players"], nobody["sides"] = [], [[]]  # was loaded; its player to move divided by 0
    with pytest.raises(BadState):
        GAME.from_json(nobody)


@pytest.mark.parametrize("points", [-1, 10_000_000])
def test_a_saved_round_result_with_points_no_round_can_count_is_refused(points):
    """8. DE WINNAAR: a round counts the loser's face-up tiles (stars 25): never below 0, never
    more than a board holds (alone: the sheet's 20 rolls added). A saved result of -1 was
    loaded, and then its own position text was refused ('a result is a side and its
    points')."""
    from tutor.core.game import random_move
    import random
    state, rnd = GAME.initial_state({}, seed=3), random.Random(3)
    while state.phase != "round over":
        state = GAME.apply(state, random_move(GAME, state, rnd))
    data = GAME.to_json(state)
    data["results"] = [[data["results"][0][0], points]]
    with pytest.raises(BadState):
        GAME.from_json(data)


def test_a_position_with_points_no_round_can_count_is_refused_at_its_line():
    rows = "\n".join(["  (1) (1) (1) (1) (1) (1)"] * 6)
    up = "\n".join(["  1 1 1 1 1 1"] * 6)
    text = (f"phase: round over\nresults: Anna 5000\nturn: Anna\nboard Anna:\n{rows}\n"
            f"board Ben:\n{up}\n")
    with pytest.raises(BadState) as refused:
        GAME.parse_position(text, {})
    assert refused.value.line == 2
