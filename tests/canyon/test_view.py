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
    boards, tables = [player.view.board.value], [player.view.table.value]
    while not player.steps.at_end:
        player.next_button.click()
        boards.append(player.view.board.value)
        tables.append(player.view.table.value)
    assert player.view.figure is figure  # one figure, reused
    moved = [i for i, f in enumerate(push.frames) if f.refusal is None and i]
    for i in moved:  # every move changes the river's picture
        assert boards[i] != boards[i - 1]
    refused = [i for i, f in enumerate(push.frames) if f.refusal is not None]
    for i in refused:  # a refused move adds its red cross (or keeps the board) but never moves canoes
        assert push.frames[i].state == push.frames[i - 1].state
    player.back_button.click()
    assert player.view.board.value == boards[-2]
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


def test_free_play_against_the_computer_to_the_end():
    from widgets.canyon import FreePlay

    app = FreePlay(("You", "Ada", "Bob"), computer=(1, 2), seed=8, options={"map": "brook"})
    if app.state.phase == "launch":
        start = app.state.board.field_name(app.state.board.starts[-1])
        app.clicked(start)  # a click on a start dock places the canoe
        assert app.state.canoes[0] == app.state.board.starts[-1]
    app.try_move("Ada: tempo 1")  # not your turn (or not your seat): refused with its rule
    assert "canyon." in app.message.value or app.state.phase != "tempo"
    for _ in range(2000):
        if app.game.outcome(app.state) is not None:
            break
        hidden = app.view.table.value
        assert app.state.hands[1] == () or ">?<" in hidden  # the computers' hands stay hidden
        app.play_button.click()
    assert "Game over" in app.log.value
    assert app.moves.options == ()
