"""The Canyon view in the step player: clicking through the current push changes the board."""
from __future__ import annotations

import pytest

from tutor.core.walkthrough import by_id, replay
from widgets.app import player_for, view_class
from widgets.canyon import CanyonView, Geometry


@pytest.fixture(scope="module")
def push():
    return replay(by_id("canyon/current-push"))


def test_the_app_finds_the_canyon_view():
    assert view_class("canyon") is CanyonView


def test_clicking_through_the_current_push_changes_the_board(push):
    player = player_for(push, query="")
    figure = player.view.figure
    boards, tables = [player.shown.board], [player.shown.side]
    while not player.steps.at_end:
        player.next_button.click()
        boards.append(player.shown.board)
        tables.append(player.shown.side)
    assert player.view.figure is figure  # one figure, reused
    moved = [i for i, f in enumerate(push.frames) if f.refusal is None and i]
    for i in moved:  # every move changes the river's picture
        assert boards[i] != boards[i - 1]
    refused = [i for i, f in enumerate(push.frames) if f.refusal is not None]
    for i in refused:  # a refused move adds its red cross (or keeps the board) but never moves canoes
        assert push.frames[i].state == push.frames[i - 1].state
    player.back_button.click()
    assert player.shown.board == boards[-2]
    # the card table shows the drift: Carl is in the cave after Anne's drift
    drift = next(i for i, f in enumerate(push.frames) if f.move_text == "Anne: drift")
    assert "<td>cave</td>" in tables[drift] and "<td>cave</td>" not in tables[drift - 1]


def test_the_legal_ends_are_ringed_in_the_colour_of_the_canoe_to_move(push):
    view = CanyonView(push.game)
    view.show(push.frames[0])  # Herman to move: the ends b8 and c8
    geo = view.geo
    board = push.frames[0].state.board
    ringed = {tuple(map(float, xy)) for xy in view.ends.get_offsets()}
    assert ringed == {tuple(map(float, geo.xy(board.field(n)))) for n in ("b8", "c8")}


def test_a_long_river_lies_down_and_a_small_map_stands_up(push):
    from tutor.canyon.board import Board
    assert Geometry(Board.builtin("default")).lying
    assert not Geometry(push.frames[0].state.board).lying


def free_play(seed=8, seats=("person", "computer", "computer")):
    from tutor.canyon import GAME
    from widgets.canyon import CanyonPlay
    from widgets.freeplay import FreePlayApp

    play = CanyonPlay(GAME, {"players": ["You", "Ada", "Bob"], "map": "brook"}, seats, seed)
    return FreePlayApp(play, CanyonView, pace=0)


def test_free_play_against_the_computer_to_the_end():
    app = free_play()
    play = app.play
    if play.state.phase == "launch":
        start = play.state.board.field_name(play.state.board.starts[-1])
        app.clicked(start)  # a click on a start dock places the canoe
        assert play.state.canoes[0] == play.state.board.starts[-1]
    app.typed.value = "Ada: tempo 1"  # not your turn (or not your seat): refused with its rule
    app.try_button.click()
    assert "[canyon." in app.status.value or play.state.phase != "tempo"
    for _ in range(2000):
        if play.over:
            break
        hidden = app.view.table.value
        assert play.state.hands[1] == () or ">?<" in hidden  # the computers' hands stay hidden
        app.play_button.click()
    assert play.over and "The game is over" in app.status.value
    assert any(line.startswith("Ada: ") for line in play.log)  # the computers moved themselves
    assert any("takes the trick" in line for line in play.log)
    assert app.moves.options == ()


def test_free_play_undo_takes_back_the_computers_answers_too():
    app = free_play(seed=3)
    play = app.play
    while play.state.phase == "launch" and play.person_to_move():
        app.play_button.click()
    decision, moves = play.state, len(play.match.moves)
    app.play_button.click()
    assert len(play.match.moves) > moves + 1  # the person's move and the computers' answers
    app.undo_button.click()
    assert play.state == decision and len(play.match.moves) == moves and play.person_to_move()
    assert len(play.log) == moves


def test_free_play_app_checks_its_options():
    from tutor.core.errors import BadOption
    from widgets.app import play_app as app_for
    from widgets.canyon import play_app

    assert play_app(("You", "Ada", "Bob"), computer=(1, 2), seed=8, map="brook").children
    with pytest.raises(BadOption, match="computer"):
        play_app(("You", "Ada", "Bob"), computer=(5,))
    assert "tutor-message" in app_for("canyon", computer=(5,))._dom_classes
    assert "tutor-message" in app_for("canyon", map="nowhere")._dom_classes
