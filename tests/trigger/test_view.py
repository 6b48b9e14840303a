"""The Trigger board view: found by the app, one figure reused, and stepped with the buttons."""
from __future__ import annotations

import pytest

from tutor.core.walkthrough import by_id, replay
from widgets.app import player_for, view_class
from widgets.player import StepPlayer
from widgets.trigger import TriggerView


@pytest.fixture(scope="module")
def chain():
    return replay(by_id("trigger/chain-reaction"))


def shown_numbers(view, board=0):
    return [t.get_text() for t in view.labels[board] if t.get_visible() and t.get_text()]


def test_the_app_finds_the_trigger_view():
    assert view_class("trigger") is TriggerView


def test_stepping_with_the_buttons_changes_the_board(chain):
    player = player_for(chain, query="")
    view = player.view
    figure = view.figure
    assert isinstance(view, TriggerView)
    pictures = [player.shown.board]
    for _ in range(3):  # roll, the paid flip, the first bonus
        player.next_button.click()
        pictures.append(player.shown.board)
    assert len(set(pictures)) == 4  # every step drew something new
    assert view.figure is figure  # one figure, updated
    assert "flip b1" in player.shown.move or "bonus e1" in player.shown.move
    assert [d.get_text() for d in view.dice_texts] == ["3", "4"]
    assert "paid 7 of 7" in view.total_text.get_text()
    assert any(band.get_visible() for band in view.bands[0])  # the bonus on column e
    player.back_button.click()
    assert player.shown.board == pictures[2]


def test_the_chain_is_numbered_link_by_link(chain):
    view = TriggerView(chain.game)
    final = chain.frames[-1]
    view.show(final)
    badges = [b.get_text() for b in view.badges if b.get_visible()]
    assert badges == [str(i) for i in range(1, 9)]
    link_two = next(f for f in chain.frames if f.view.link == 2)
    view.show(link_two)
    assert [b.get_text() for b in view.badges if b.get_visible()] == ["1", "2"]
    assert "link 2 of 8" in view.banner.get_text()
    # the tiles of the later links are still face up at link 2
    assert "3" in shown_numbers(view) and "12" in shown_numbers(view)


def test_a_refused_flip_is_ringed_and_the_running_total_shown():
    replayed = replay(by_id("trigger/roll-and-flip"))
    view = TriggerView(replayed.game)
    refused = next(f for f in replayed.frames if f.refusal is not None)
    view.show(refused)
    assert len(view.refused.get_offsets()) == 2  # a1 and f1
    flip = next(f for f in replayed.frames if f.move_text == "flip a1 b1 c1 d1")
    view.show(flip)
    assert view.total_text.get_text().startswith("paid 5 + 3 + 2 + 1 = 11 of 11")


def test_the_solo_sheet_replaces_the_second_board():
    replayed = replay(by_id("trigger/solo"))
    player = StepPlayer(replayed, TriggerView(replayed.game))
    for _ in range(len(replayed.frames) - 1):
        player.next_button.click()
    view = player.view
    assert view.sheet_frame.get_visible() and not view.faces[1][0].get_visible()
    lines = [t.get_text() for t in view.sheet_lines if t.get_text().strip(". 0123456789…")]
    assert lines[0].startswith(" 1. 1+2") and "Σ10" in lines[1]
    assert "try 1: 10" in view.sheet_foot.get_text() and "try 2: 9" in view.sheet_foot.get_text()
