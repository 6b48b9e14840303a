"""The step player over a small Nim walkthrough: buttons, list, keys, refusal, rule panel."""
from __future__ import annotations

import pytest

from widgets.app import player_for
from widgets.player import StepPlayer

from .conftest import HeapView


@pytest.fixture
def player(nim_replay):
    return StepPlayer(nim_replay, HeapView(nim_replay.game))


def shown(player):
    """What the learner sees that changes with the step."""
    return (player.shown.board, player.shown.narration, player.shown.rules,
            player.shown.step, player.shown.move)


def test_opens_at_the_setup(player):
    assert player.steps.index == 0
    assert "Five counters" in player.shown.narration
    assert player.shown.step.startswith("Step 0 of 3")
    assert player.back_button.disabled and not player.next_button.disabled
    assert player.shown.move == ""
    assert player.title.value.count("Taking the last counter") == 1


def test_next_and_back_change_board_narration_and_rules(player):
    before = shown(player)
    player.next_button.click()
    after = shown(player)
    assert player.steps.index == 1
    assert all(a != b for a, b in zip(before, after)), "every part should change"
    assert "P1 takes two counters." in player.shown.narration
    assert "nim.take" in player.shown.rules and "Take from the heap" in player.shown.rules
    assert "take 2" in player.shown.move
    player.back_button.click()
    assert shown(player) == before


def test_refused_step_shows_refusal_reason_and_rule_and_keeps_the_board(player):
    player.steps.jump(1)
    assert player.shown.board.count("#ff7f0e") == 3  # tab:orange: counters on the heap
    player.next_button.click()
    assert player.steps.index == 2
    assert "tutor-refusal" in player.shown.move
    assert "take 4" in player.shown.move
    assert "you may take 1, 2 or 3, not 4" in player.shown.move
    assert "[nim.take]" in player.shown.move
    assert "nim.take" in player.shown.rules
    assert player.shown.board.count("#ff7f0e") == 3  # a refused move changes nothing


def test_restart_and_the_end(player):
    for _ in range(5):
        player.next_button.click()
    assert player.steps.index == 3 and player.next_button.disabled
    assert "Step 3 of 3" in player.shown.step
    player.restart_button.click()
    assert player.steps.index == 0 and player.restart_button.disabled


def test_step_list_has_titles_and_jumps(player):
    labels = [label for label, _ in player.step_list.options]
    assert labels == ["0 · Setup", "1 · P1 takes two", "2 · Too many", "3 · P2 takes three"]
    player.step_list.value = 3
    assert player.steps.index == 3 and "wins" in player.shown.narration
    player.next_button.click()  # stays at the end
    player.back_button.click()
    assert player.step_list.value == 2  # the list follows the buttons


def test_arrow_keys_step(player):
    player.key_pressed({"type": "keydown", "key": "ArrowRight"})
    player.key_pressed({"type": "keydown", "key": "ArrowRight"})
    assert player.steps.index == 2
    player.key_pressed({"type": "keydown", "key": "ArrowLeft"})
    assert player.steps.index == 1 and "P1 takes two" in player.shown.narration
    player.key_pressed({"type": "keydown", "key": "End"})
    assert player.steps.index == 3
    player.key_pressed({"type": "keydown", "key": "Home"})
    assert player.steps.index == 0
    player.key_pressed({"type": "keydown", "key": "a"})  # other keys do nothing
    player.key_pressed({"type": "keyup", "key": "ArrowRight"})
    assert player.steps.index == 0


def test_keys_are_watched_on_the_whole_app(player):
    assert player.keys.source is player.widget
    assert "keydown" in player.keys.watched_events


def test_bad_step_in_the_address_shows_a_message_and_the_nearest_step(nim_replay, monkeypatch):
    monkeypatch.setattr("widgets.app.view_class", lambda name: HeapView)
    player = player_for(nim_replay, query="step=17")
    assert player.steps.index == 3
    assert "There is no step 17" in player.message.value
    assert player.message.layout.display != "none"
    player.back_button.click()
    assert player.message.layout.display == "none"
    good = player_for(nim_replay, query="step=2")
    assert good.steps.index == 2 and good.message.layout.display == "none"
    hostile = player_for(nim_replay, query="step=%3Cscript%3E")
    assert "<script>" not in hostile.message.value and "&lt;script&gt;" in hostile.message.value


def test_clicks_on_the_board_name_a_target(player):
    clicked = []
    player.view.on_click(clicked.append)
    width = 500  # the board as wide on the page as a browser might show it
    player.view.clicked({"type": "click", "relativeX": width * 0.75, "relativeY": 50,
                         "boundingRectWidth": width, "boundingRectHeight": 100})
    assert clicked == [7]


def test_one_key_press_reported_twice_steps_once(player):
    # ipyevents may report one press through two listeners: same key, same timeStamp
    press = {"type": "keydown", "key": "ArrowRight", "timeStamp": 1234.5}
    player.key_pressed(press)
    player.key_pressed(dict(press))
    assert player.steps.index == 1
    player.key_pressed({**press, "timeStamp": 1300.0})  # a second press (or key repeat)
    assert player.steps.index == 2
