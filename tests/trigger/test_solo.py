"""Solo: the score sheet, the score, the replay with the same rolls, the self-malus."""
from __future__ import annotations

from tutor.core import CHANCE
from tutor.trigger import GAME

from .helpers import play, refused, solo

DOWN = "(9) (9) (9) (9) (9) (9)"
# four tiles in a square, none alone on a line; a star whose lines are clear
PROBLEM = "\n".join(["9 8 (9) (9) (9) (9)", "7 6 (9) (9) (9) (9)", "(9) (9) * (9) (9) (9)", DOWN, DOWN, DOWN])


def test_the_sheet_the_score_and_the_replay_with_the_same_rolls():
    state = solo(PROBLEM, head="turn: Solo", options={"rounds": 2})
    state = play(state, "roll 1 2", "pass", "roll 3 4", "star c3", "flip a2", "chain")
    facts = GAME.facts(state)
    assert facts["phase"] == "round over" and facts["sheet"] == "1 2, 3 4"
    assert facts["score"] == 3 + 7  # the last roll counts as far as it was used
    assert GAME.move_text(state, GAME.parse_move(state, "replay")) == "replay"
    state = play(state, "replay")
    assert GAME.facts(state)["up.Solo"] == 5 and GAME.facts(state)["sheet"] == ""
    assert GAME.chance_outcomes(state) == [(GAME.parse_move(state, "roll 1 2"), 1.0)]
    assert refused(state, "roll 3 4") == "trigger.solo.replay"
    state = play(state, "roll 1 2", "end", "roll 3 4", "flip b2", "chain", "star c3")
    assert GAME.facts(state)["score"] == 3 + 6 and GAME.facts(state)["scores"] == "10 9"
    assert GAME.outcome(state).scores == (9,) and GAME.to_move(state) is None


def test_the_final_roll_counts_only_what_set_off_the_chain():
    state = play(solo(PROBLEM, head="turn: Solo\nroll: 6 6", options={"rounds": 1}),
                 "flip a1", "chain", "star c3")
    assert GAME.facts(state)["score"] == 9  # not 24


def test_a_forgotten_bonus_costs_a_self_malus_after_the_next_roll():
    board = "\n".join(["9 (8) (9) (9) (9) (9)"] + ["9 9 (9) (9) (9) (9)"] * 5)
    state = solo(board)  # row 1 is down to its 9: a bonus
    assert GAME.facts(state)["bonus.Solo"] == "row 1"
    state = play(state, "end", "roll 4 4")
    assert refused(state, "flip a2") == "trigger.solo.malus"
    state = play(state, "malus row 1 b1", "flip b1")
    assert GAME.facts(state)["tile.Solo.b1"] == "(8)"


def test_the_sheet_holds_twenty_rolls():
    state = GAME.initial_state({"mode": "solo", "rounds": 1}, seed=4)
    assert GAME.to_move(state) == CHANCE
    for _ in range(20):
        state = play(state, "roll 1 2", "end")
    assert state.phase == "over" and GAME.facts(state)["rolls"] == 20
    assert GAME.facts(state)["score"] == 20 * 3 + state.boards[0].points()


def test_a_try_over_for_a_full_sheet_is_not_said_to_have_turned_every_tile():
    """A try ends when the sheet is full, the board not cleared: a move then was refused by
    trigger.end, "Solo has turned every tile: the round is over, set up the return round" -
    false on both counts alone (SPEL VOOR 1 SPELER: the next try, no return round)."""
    from .helpers import refusal
    state = GAME.initial_state({"mode": "solo", "rounds": 2}, seed=4)
    for _ in range(20):
        state = play(state, "roll 1 2", "end")
    assert state.phase == "round over" and not state.boards[0].cleared()
    refused_by = refusal(GAME, state, "end")
    assert refused_by.rule_id == "trigger.solo.next"
    assert "every tile" not in refused_by.reason and "return round" not in refused_by.reason
    # a cleared board ends the try the same way
    state = play(solo(PROBLEM, head="turn: Solo", options={"rounds": 2}), "roll 3 4", "star c3",
                 "flip a2", "chain")
    assert state.phase == "round over" and refused(state, "roll 1 2") == "trigger.solo.next"


def test_the_replay_before_the_try_is_over_is_refused_without_a_return_round():
    """Alone there is no return round: 'replay' during a try was refused by trigger.end.return,
    "the return round begins only once a round is over"."""
    from .helpers import refusal
    state = play(solo(PROBLEM, head="turn: Solo", options={"rounds": 2}), "roll 3 4")
    refused_by = refusal(GAME, state, "replay")
    assert refused_by.rule_id == "trigger.solo.next"
    assert "return round" not in refused_by.reason


def test_a_roll_of_the_sheet_that_is_too_bad_may_be_rolled_again_once():
    # "dezelfde resultaten van de dobbelstenen (behalve als ze te slecht zijn)": 1 2 is
    # smaller than every face-up number (6 7 8 9), 3 4 fits the 6
    state = solo(PROBLEM, head="turn: Solo", options={"rounds": 2})
    state = play(state, "roll 1 2", "pass", "roll 3 4", "star c3", "flip a2", "chain", "replay")
    state = play(state, "roll 1 2")
    assert GAME.parse_move(state, "reroll") in GAME.legal_moves(state)
    state = play(state, "reroll")
    assert GAME.facts(state)["sheet"] == "" and len(GAME.chance_outcomes(state)) == 21
    state = play(state, "roll 1 2")  # the same bad result again: the new roll is kept
    assert refused(state, "reroll") == "trigger.solo.replay.bad"
    state = play(state, "end")  # the next line of the sheet is replayed again
    assert GAME.chance_outcomes(state) == [(GAME.parse_move(state, "roll 3 4"), 1.0)]
    state = play(state, "roll 3 4")
    assert refused(state, "reroll") == "trigger.solo.replay.bad"  # 7 fits the 6


def test_a_new_roll_counts_on_this_try_and_the_next_try_replays_the_first_sheet():
    state = solo(PROBLEM, head="turn: Solo", options={"rounds": 3})
    state = play(state, "roll 1 2", "pass", "roll 3 4", "star c3", "flip a2", "chain", "replay",
                 "roll 1 2", "reroll", "roll 5 6", "flip a2")
    assert GAME.facts(state)["sheet"] == "5 6"
    state = play(state, "chain", "star c3")
    assert GAME.facts(state)["phase"] == "round over" and GAME.facts(state)["sheet"] == "5 6"
    state = play(state, "replay")
    assert GAME.chance_outcomes(state) == [(GAME.parse_move(state, "roll 1 2"), 1.0)]
    state = play(state, "roll 1 2", "star c3")  # a tile is turned: too late to roll again
    assert refused(state, "reroll") == "trigger.solo.replay.bad"


def test_with_bad_rolls_kept_every_roll_of_the_sheet_is_used_again():
    state = solo(PROBLEM, head="turn: Solo", options={"rounds": 2, "bad_rolls": "keep"})
    state = play(state, "roll 1 2", "pass", "roll 3 4", "star c3", "flip a2", "chain", "replay",
                 "roll 1 2")
    assert refused(state, "reroll") == "trigger.solo.replay.bad"


def test_the_first_try_has_no_sheet_to_replay_so_no_reroll():
    state = play(solo(PROBLEM, head="turn: Solo"), "roll 1 2")
    assert refused(state, "reroll") == "trigger.solo.replay.bad"


def test_a_position_with_a_fresh_line_reads_back():
    state = solo(PROBLEM, head="turn: Solo", options={"rounds": 2})
    state = play(state, "roll 1 2", "pass", "roll 3 4", "star c3", "flip a2", "chain", "replay",
                 "roll 1 2", "reroll")
    text = GAME.position_text(state)
    again = GAME.parse_position(text, {})
    assert "fresh: yes" in text.splitlines() and again.fresh
    assert GAME.facts(again) == GAME.facts(state)
    assert GAME.chance_outcomes(again) == GAME.chance_outcomes(state)  # any roll: a new one
