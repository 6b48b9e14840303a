"""Free play: people click tiles (running total shown), computers play their turns, refusals shown."""
from __future__ import annotations

import pytest

from tutor.trigger import GAME
from tutor.trigger.board import cell_name
from widgets.trigger import FreePlay, free_play_app, say


def affordable(app):
    state = app.state
    board = state.boards[state.side]
    left = state.setup.allowance(state.dice) - state.spent
    return [c for c in range(36) if board.is_up(c) and not board.is_star(c)
            and c not in board.bonus_cells() and board.values[c] <= left]


def test_a_person_chooses_a_flip_by_clicking_and_sees_the_running_total():
    app = FreePlay(GAME, {}, seats=("human", "search"), seed=5)
    while GAME.to_move(app.state) != 0:  # let the computer open if it won the opening roll
        app.computer_turn()
    cells = affordable(app)
    assert cells, "a fresh board always has a tile under the roll"
    app.clicked((app.state.side, cell_name(cells[0])))
    assert app.selected == [cells[0]]
    assert app.view.total_text.get_text().startswith("choosing")
    assert app.view.chosen.get_offsets().shape[0] == 1
    app.buttons[say("flip")].click()
    assert app.state.boards[app.state.side].down[cells[0]] and app.selected == []
    app.buttons[say("end")].click()
    assert GAME.to_move(app.state) == 1  # the dice were rolled for the computer
    app.buttons[say("computer_move")].click()
    assert GAME.to_move(app.state) == 0 and app.state.sheet  # back to the person, rolled


def test_a_refused_move_is_shown_and_changes_nothing():
    app = FreePlay(GAME, {"mode": "solo"}, seed=1)
    before = app.state
    app.play_text("flip " + " ".join(f"{c}{r}" for c in "abcdef" for r in "123456"))
    assert app.state is before and app.refusal is not None
    assert "trigger.turn" in app.status.value
    app.play_text("jump")
    assert "cannot read" in app.status.value and app.state is before


def test_computers_can_play_a_whole_team_match():
    app = FreePlay(GAME, {"mode": "2v2", "rounds": 1}, seats=("search", "greedy", "search", "greedy"), seed=3)
    for _ in range(400):
        if GAME.outcome(app.state) is not None:
            break
        app.computer_turn()
    assert GAME.outcome(app.state) is not None
    assert "over" in app.status.value


def test_seats_are_checked_and_the_app_is_a_widget():
    with pytest.raises(ValueError, match="seats"):
        FreePlay(GAME, {}, seats=("human",))
    assert free_play_app("solo").children


def test_one_app_switches_between_two_players_teams_and_solo():
    app = FreePlay(GAME, {}, seed=0)
    assert [d.description for d in app.seat_box.children] == ["Anna", "Ben"]
    app.mode_list.value = "2v1"
    assert [d.value for d in app.seat_box.children] == ["human", "human", "search"]
    app.seat_box.children[2].value = "greedy"
    app.buttons[say("new_game")].click()
    assert app.state.setup.mode == "2v1" and app.seats == ("human", "human", "greedy")
    app.mode_list.value = "solo"
    app.buttons[say("new_game")].click()
    assert app.state.setup.solo and app.state.phase == "play"
