"""The malus, the end of a round, the return round and scoring."""
from __future__ import annotations

from dataclasses import replace

from tutor.trigger import GAME, Phase
from tutor.trigger.board import Board

from .helpers import TWELVES, play, position, refused

# row 1 of Anna is down to its 5: a bonus she can forget
ROW_ONE_LEFT = "5 (3) (2) (1) * (11)\n" + TWELVES.split("\n", 1)[1]


def forgotten():
    """Anna ends her turn with the bonus on row 1 untaken; the dice are rolled for Ben."""
    state = play(position(ROW_ONE_LEFT), "end")
    assert GAME.facts(state)["missed.Anna"] == "row 1"
    return play(state, "roll 1 2")


def test_the_opponent_claims_the_malus_after_the_roll():
    state = play(forgotten(), "malus row 1 c1")
    facts = GAME.facts(state)
    assert facts["tile.Anna.c1"] == "2" and facts["up.Anna"] == 33  # one more face up
    assert facts["missed.Anna"] == ""  # claimed once


def test_the_malus_waits_for_the_roll():
    state = play(position(ROW_ONE_LEFT), "end")
    assert refused(state, "malus row 1 c1") == "trigger.turn.dice"


def test_the_malus_names_a_forgotten_line_and_a_face_down_tile_of_it():
    state = forgotten()
    assert refused(state, "malus row 2 a2") == "trigger.malus"
    assert refused(state, "malus row 1 a1") == "trigger.malus.tile"  # face up
    assert refused(state, "malus row 1 e1") == "trigger.malus.tile"  # a face-up star
    assert refused(state, "malus row 1 a2") == "trigger.malus.tile"  # not on row 1


def test_the_malus_window_closes_with_the_first_tile_turned():
    ben = "1 2 12 12 12 12\n" + TWELVES.split("\n", 1)[1]
    state = play(position(ROW_ONE_LEFT, ben), "end", "roll 1 2", "flip a1")
    assert refused(state, "malus row 1 c1") == "trigger.malus.window"
    state = play(state, "end", "roll 1 1")
    assert refused(state, "malus row 1 c1") == "trigger.malus"  # too late now


def test_taking_the_bonus_leaves_nothing_to_claim():
    state = play(position(ROW_ONE_LEFT), "bonus a1", "end", "roll 1 2")
    assert GAME.facts(state)["missed.Anna"] == ""
    assert refused(state, "malus row 1 c1") == "trigger.malus"


ALMOST = "(5) (3) (2) (1) (*) (11)\n" + "\n".join(["(12) (12) (12) (12) (12) (12)"] * 4) + "\n(12) (12) (12) (12) (12) 4"
BEN = "3 * 7 12 12 12\n" + TWELVES.split("\n", 1)[1]


def test_turning_the_last_tile_wins_the_round_and_counts_the_loser_points():
    state = play(position(ALMOST, BEN), "flip f6")
    facts = GAME.facts(state)
    assert facts["phase"] == "round over" and facts["winner"] == "Anna"
    assert facts["lost.Ben"] == 3 + 25 + 7 + 12 * 33 and facts["lost.Anna"] == 0
    assert refused(state, "end") == "trigger.end"


def test_the_return_round_swaps_the_boards_set_up_again_and_the_other_side_starts():
    state = play(position(ALMOST, BEN), "flip f6", "return round")
    facts = GAME.facts(state)
    assert facts["round"] == 2 and facts["side"] == "Ben" and facts["phase"] == "roll"
    assert state.boards[0] == Board.fresh(state.layouts[1].values)  # Anna plays Ben's board
    assert state.boards[1] == Board.fresh(state.layouts[0].values)
    assert facts["board.Anna"] == "yellow" and facts["up.Ben"] == 36


def test_no_return_round_while_the_round_goes_on():
    assert refused(position(), "return round") == "trigger.end.return"


def finished(results, scoring="points"):
    state = position(options={"scoring": scoring})
    return replace(state, results=results, phase=Phase.OVER)


def test_points_lost_decide_the_match():
    outcome = GAME.outcome(finished(((0, 30), (1, 10))))
    assert outcome.scores == (10, 30) and outcome.winners == (0,)
    assert GAME.outcome(finished(((0, 30), (1, 30)))).winners == (0, 1)


def test_rounds_won_decide_the_match_for_children():
    assert GAME.outcome(finished(((1, 30), (1, 10)), "rounds")).winners == (1,)
    assert GAME.outcome(finished(((0, 30), (1, 10)), "rounds")).winners == (0, 1)


def test_no_move_after_the_match():
    state = finished(((0, 30), (1, 10)))
    assert GAME.to_move(state) is None and list(GAME.legal_moves(state)) == []
    assert refused(state, "end") == "trigger.end.over"
