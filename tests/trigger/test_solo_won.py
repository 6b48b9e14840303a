"""A solo try is won only when it clears the board (SPEL VOOR 1 SPELER: "het doel van het spel,
alle plaatjes op het speelbord om te draaien in een minimum aantal zetten"). The fact
``won.<side>`` counted every finished try, also one ended by a full score sheet (20 rolls)
with tiles still face up."""
from __future__ import annotations

from tutor.trigger import GAME

from .helpers import TWELVES, play, solo


def _full_sheet(rounds: int = 1):
    """A solo try whose 20 rolls are all 1 and 2: the sheet fills, the board stays up."""
    state = GAME.initial_state({"mode": "solo", "rounds": rounds}, seed=4)
    for _ in range(20):
        state = play(state, "roll 1 2", "end")
    return state


def test_a_try_ended_by_a_full_sheet_is_not_won():
    state = _full_sheet()
    assert state.phase == "over" and not state.boards[0].cleared()
    facts = GAME.facts(state)
    assert facts["won.Solo"] == 0
    assert facts["score"] == state.results[-1][1]  # it still has its score
    assert GAME.invariants(state) == []


def test_a_try_that_clears_the_board_is_won_and_a_full_one_after_it_is_not():
    board = "\n".join(["(12) (12) (12) (12) (12) (12)"] * 4
                      + ["(12) (12) (12) (12) 12 12", "(12) (12) (12) (12) 12 11"])
    state = play(solo(board, options={"rounds": 2}), "flip f6", "chain")
    assert state.phase == "round over" and GAME.facts(state)["won.Solo"] == 1
    state = play(state, "replay")  # the same problem again: the sheet's roll first
    assert GAME.facts(state)["won.Solo"] == 1
    state = play(state, "roll 5 6", "end")  # the replay leaves the 11 up
    for _ in range(19):
        state = play(state, "roll 1 2", "end")
    assert state.phase == "over" and not state.boards[0].cleared()
    assert GAME.facts(state)["won.Solo"] == 1  # the first try only


def test_a_written_position_of_a_full_sheet_is_not_won_and_round_trips():
    over = solo(TWELVES, head="turn: Solo\nphase: over\nresults: Solo 500", options={"rounds": 1})
    assert GAME.facts(over)["won.Solo"] == 0
    second = solo(TWELVES, head="turn: Solo\nround: 2\nresults: Solo 500\nfull: 1",
                  options={"rounds": 2})
    assert GAME.facts(second)["won.Solo"] == 0
    again = GAME.parse_position(GAME.position_text(second))
    assert again == second


def test_full_is_refused_where_it_cannot_be():
    import pytest
    from tutor.core.errors import BadState

    from .helpers import position
    with pytest.raises(BadState):  # two players: no score sheet
        position(head="turn: Anna\nround: 2\nresults: Anna 30\nfull: 1")
    cleared = "\n".join(["(12) (12) (12) (12) (12) (12)"] * 6)
    with pytest.raises(BadState):  # the try just over cleared the board
        solo(cleared, head="turn: Solo\nphase: over\nresults: Solo 40\nfull: 1",
             options={"rounds": 1})
    saved = GAME.to_json(_full_sheet())
    assert saved["full"] == [1]
    with pytest.raises(BadState):  # a try that has no result
        GAME.from_json({**saved, "full": [1, 2]})


def test_the_best_try_is_the_best_that_cleared_the_board():
    """The solo outcome took the lowest score of all tries, so a try that left tiles up with
    the sheet full could beat one that turned every tile (the goal alone)."""
    over = solo(TWELVES, head="turn: Solo\nphase: over\nresults: Solo 300, Solo 100",
                options={"rounds": 2})
    assert over.full == (2,)  # the board written is the second try's: not cleared
    assert GAME.outcome(over).scores == (300,)
    both = solo(TWELVES, head="turn: Solo\nphase: over\nresults: Solo 300, Solo 100\nfull: 1",
                options={"rounds": 2})
    assert GAME.outcome(both).scores == (100,)  # none cleared: the lowest of them
