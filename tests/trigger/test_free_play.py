"""Free play: people click tiles (running total shown), computers play their turns, refusals shown."""
from __future__ import annotations

import pytest

from tutor.core.errors import BadOption
from tutor.trigger import GAME
from tutor.trigger.board import cell_name
from widgets.trigger import TriggerApp, TriggerPlay, free_play_app, say


def app_for(options=None, seats=None, seed=0):
    return TriggerApp(TriggerPlay(GAME, options or {}, seats=seats, seed=seed), pace=0)


def affordable(state):
    board = state.boards[state.side]
    left = state.setup.allowance(state.dice) - state.spent
    return [c for c in range(36) if board.is_up(c) and not board.is_star(c)
            and c not in board.bonus_cells() and board.values[c] <= left]


def test_a_person_chooses_a_flip_by_clicking_and_sees_the_running_total():
    app = app_for({}, seats=("person", "search"), seed=5)
    play = app.play
    assert GAME.to_move(play.state) == 0  # the computer opened by itself if it won the roll
    cells = affordable(play.state)
    assert cells, "a fresh board always has a tile under the roll"
    app.clicked((play.state.side, cell_name(cells[0])))
    assert play.selected == [cells[0]]
    assert app.view.total_text.get_text().startswith("choosing")
    assert app.view.chosen.get_offsets().shape[0] == 1
    app.buttons[say("flip")].click()
    assert play.state.boards[play.state.side].down[cells[0]] and play.selected == []
    moves = len(play.match.moves)
    app.buttons[say("end")].click()  # the dice are rolled for the computer, which plays its turn
    assert len(play.match.moves) > moves + 2
    assert any(line.startswith("Ben: ") for line in play.log[moves:])
    assert GAME.to_move(play.state) == 0 and play.state.phase == "play"  # back to the person, rolled


def test_undo_takes_back_the_turn_and_the_computers_answer():
    app = app_for({}, seats=("person", "search"), seed=5)
    play = app.play
    cells = affordable(play.state)
    app.clicked((play.state.side, cell_name(cells[0])))
    app.buttons[say("flip")].click()
    decision, moves = play.state, len(play.match.moves)
    app.buttons[say("end")].click()
    assert len(play.match.moves) > moves + 2
    app.undo_button.click()
    assert play.state == decision and len(play.match.moves) == moves and play.person_to_move()
    app.undo_button.click()  # the flip goes too
    assert not play.state.boards[play.state.side].down[cells[0]]


def test_a_refused_move_is_shown_and_changes_nothing():
    app = app_for({"mode": "solo"}, seed=1)
    before = app.play.state
    app.typed.value = "flip " + " ".join(f"{c}{r}" for c in "abcdef" for r in "123456")
    app.try_button.click()
    assert app.play.state is before and app.play.refusal is not None
    assert "[trigger.turn" in app.status.value
    app.typed.value = "jump"
    app.try_button.click()
    assert "cannot read" in app.status.value and app.play.state is before


def test_computers_can_play_a_whole_team_match():
    app = app_for({"mode": "2v2", "rounds": 1}, seats=("search", "greedy", "search", "greedy"),
                  seed=3)
    assert GAME.outcome(app.play.state) is not None  # they played by themselves, to the end
    assert "over" in app.status.value and "fp-scores" in app.status.value


def test_seats_are_checked_and_the_app_is_a_widget():
    with pytest.raises(BadOption, match="seats"):
        TriggerPlay(GAME, {}, seats=("person",))
    with pytest.raises(BadOption, match="mode"):
        free_play_app("three")
    assert free_play_app("solo").children
    assert free_play_app("two", seats=("human", "greedy"), pace=0).children  # "human": a person


def test_one_app_switches_between_two_players_teams_and_solo():
    app = app_for({}, seed=0)
    assert [d.description for d in app.seat_box.children] == ["Anna", "Ben"]
    app.mode_list.value = "2v1"
    assert [d.value for d in app.seat_box.children] == ["person", "person", "search"]
    app.seat_box.children[2].value = "greedy"
    app.new_button.click()
    assert app.play.state.setup.mode == "2v1" and app.play.seats == ("person", "person", "greedy")
    app.mode_list.value = "solo"
    app.new_button.click()
    assert app.play.state.setup.solo and app.play.state.phase == "play"


def test_save_and_load_a_match():
    app = app_for({}, seats=("person", "search"), seed=5)
    app.buttons[say("end")].click()
    app.save_button.click()
    other = app_for({"mode": "solo"}, seed=2)
    other.saved.value = app.saved.value
    other.load_button.click()
    assert other.play.state == app.play.state and other.mode_list.value == "two"
    assert other.play.seats == ("person", "search")


def test_a_solo_game_played_to_the_end_shows_the_best_score():
    app = app_for({"mode": "solo", "rounds": 1}, seats=("greedy",), seed=3)
    outcome = GAME.outcome(app.play.state)
    assert outcome is not None
    assert say("result_solo", score=outcome.scores[0]) in app.status.value
