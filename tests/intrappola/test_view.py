"""The InTrappola board view: found for the game, one figure reused, the picture grows, the
trap and the overlay drawn; the shared step player steps through a walkthrough by clicks."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tutor.core.walkthrough import by_id, library, replay
from widgets.app import view_class
from widgets.intrappola import InTrappolaView, picture
from widgets.player import StepPlayer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def missed():
    return replay(by_id("intrappola/turn-b-missed"))


def test_the_view_is_found_for_the_game():
    assert view_class("intrappola") is InTrappolaView


def test_the_pictures_differ_and_are_not_blank():
    scenes = [picture(i, 64) for i in range(4)]
    assert all(s.std() > 0.1 for s in scenes)
    assert all(np.abs(scenes[i] - scenes[j]).mean() > 0.1 for i in range(4) for j in range(i))


def test_one_figure_reused_and_the_picture_grows(missed):
    view = InTrappolaView(missed.game)
    view.show(missed.frames[0])
    figure, image = view.figure, view.images[0][1]
    shown_before = (view.images[0][0][..., 3] > 0.99).sum()
    view.show(missed.frames[3])  # after the miss: card 1 went face up (B4)
    assert view.figure is figure and view.images[0][1] is image and len(figure.axes) == 1
    assert (view.images[0][0][..., 3] > 0.99).sum() > shown_before


def test_the_trap_is_drawn_with_its_closed_sides(missed):
    view = InTrappolaView(missed.game)
    view.show(missed.frames[2])  # Anna plays 10 around 9: missed, 10 back in her hand
    xs, _ = view.bars.get_data()
    assert sum(1 for x in xs if np.isnan(x)) == 4  # all four sides of 9 closed
    ten = missed.game.parse_move(missed.frames[0].state, "discard 10").card
    assert view.cells[ten].get_linestyle() == "--"  # taken back into the hand
    assert "missed" in view.players.value and "Hands shown" in view.players.value


def test_a_refused_trap_shows_its_open_side():
    refused = replay(by_id("intrappola/es3-inner"))
    view = InTrappolaView(refused.game)
    view.show(refused.frames[1])  # only card 7 around 6: the side below is open
    xs, ys = view.open_bars.get_data()
    assert sum(1 for x in xs if np.isnan(x)) == 1
    view.show(refused.frames[2])
    assert len(view.open_bars.get_data()[0]) == 0


def test_the_overlay_by_hint_and_by_the_switch(missed):
    view = InTrappolaView(missed.game)
    view.show(missed.frames[1])  # the step asks for Anna's overlay
    nine = missed.game.parse_move(missed.frames[0].state, "discard 9").card
    assert view.labels[nine].get_text() == "9\n3/8"
    view.show(missed.frames[0])
    assert view.labels[nine].get_text() == "9\n2 pt"
    view.overlay_choice.value = "Bruno"  # switched on by the learner: repaints at once
    assert "\n" in view.labels[nine].get_text() and "pt" not in view.labels[nine].get_text()
    assert "what <b>Bruno</b>" in view.players.value


def test_the_switch_repaints_the_step_in_the_player(missed):
    player = StepPlayer(missed, InTrappolaView(missed.game))
    assert player.view.overlay_choice in player.widget.children  # shown with the step
    before = player.stage.value
    player.view.overlay_choice.value = "Bruno"
    assert player.stage.value != before and player.stage.value == player.shown.html
    assert "what <b>Bruno</b>" in player.shown.side
    assert player.view.players.value == ""  # the player sends the panel in its one widget


def test_two_pictures_make_a_wider_table():
    several = replay(by_id("intrappola/variant-several-pictures"))
    view = InTrappolaView(several.game)
    view.show(several.frames[0])
    assert len(view.images) == 2 and len(view.cells) == 32
    width, height = view.figure.get_size_inches()
    assert width > 1.8 * height


def test_the_step_player_steps_through_a_walkthrough_by_clicks(missed):
    player = StepPlayer(missed, InTrappolaView(missed.game))
    boards, moves = [player.shown.board], [player.shown.move]
    for _ in range(3):
        player.next_button.click()
        boards.append(player.shown.board)
        moves.append(player.shown.move)
    assert player.steps.index == 3
    assert boards[1] != boards[0] and boards[2] != boards[1]
    assert "play 10 prey 9" in moves[2]
    player.back_button.click()
    assert player.shown.board == boards[2]


def test_every_walkthrough_has_its_thin_notebook():
    for wid in (w for w in library() if w.startswith("intrappola/")):
        path = ROOT / "notebooks" / f"{wid.replace('/', '-')}.ipynb"
        cells = json.loads(path.read_text())["cells"]
        assert all(not c.get("outputs") for c in cells)
        assert f'walkthrough_app("{wid}")' in "".join(cells[-1]["source"])


def free_play(seed):
    from tutor.intrappola import GAME
    from widgets.intrappola import InTrappolaApp, InTrappolaPlay, InTrappolaView

    play = InTrappolaPlay(GAME, {"players": ["You", "Computer"]}, seed=seed)
    return InTrappolaApp(play, InTrappolaView, pace=0)


def test_free_play_against_the_computer_to_the_end():
    app = free_play(11)
    play = app.play
    assert "hidden" in app.view.players.value  # the computer's hand is not shown
    assert [label for label, _ in app.view.overlay_choice.options] == ["off", "You"]
    first = app.view.board.value
    turns = 0
    while app.moves.options:
        app.moves.value = app.moves.options[-1][1]
        app.play_button.click()
        turns += 1
        assert turns < 60
    assert play.game.to_move(play.state) is None and "The game is over" in app.status.value
    assert any(line.startswith("Computer: ") for line in play.log)  # the computer moved itself
    assert app.view.board.value != first
    moves = list(play.match.moves)
    app.typed.value = "pass"
    app.try_button.click()  # the game is over: nothing happens, nothing breaks
    assert play.match.moves == moves and "press New game" in app.status.value
    app.new_button.click()
    assert play.game.to_move(play.state) == 0 and play.log == []


def test_free_play_refuses_a_typed_move_with_its_rule():
    app = free_play(2)
    before = app.play.state
    app.typed.value = "play 99"
    app.try_button.click()
    assert "cannot be read" in app.status.value or "Not allowed" in app.status.value
    assert app.play.state == before
    app.typed.value = "pass"
    app.try_button.click()
    assert "Not allowed" in app.status.value and "[intrappola.pass]" in app.status.value
    assert app.play.state is before


def test_free_play_undo_and_a_hidden_discard():
    app = free_play(0)
    play = app.play
    decision = play.state
    app.play_button.click()
    assert len(play.match.moves) >= 2  # the person's turn, then the computer's
    app.undo_button.click()
    assert play.state == decision and play.match.moves == [] and play.log == []
    # a computer's discard is logged without its card
    from tutor.intrappola.state import Trap
    for _ in range(60):
        if play.over or any("under the deck" in line for line in play.log):
            break
        app.play_button.click()
    discards = [(play.game.move_text(before, move), line) for before, move, line
                in zip(play.match.states, play.match.moves, play.log)
                if not isinstance(move, Trap) and play.game.to_move(before) == 1]
    assert any(text.startswith("discard") for text, _ in discards)
    assert all(text not in line for text, line in discards if text.startswith("discard"))


def test_free_play_app_refuses_bad_options():
    from tutor.core.errors import BadOption
    from widgets.intrappola import play_app

    assert play_app(pictures=2, seed=1).children
    with pytest.raises(BadOption):
        play_app(pictures=9)


def test_free_play_a_click_on_an_empty_place_offers_its_traps():
    from tutor.intrappola.cards import card_name
    from tutor.intrappola.state import Trap

    app = free_play(3)
    play = app.play
    state = play.state
    traps = [m for m in play.game.legal_moves(state) if isinstance(m, Trap)]
    prey = traps[0].prey[0]
    hunting = [m for m in traps if prey in m.prey]
    app.clicked(card_name(prey, state.pictures))
    if len(hunting) == 1:
        assert play.match.moves[0] == hunting[0]
    else:
        assert play.choices == hunting and play.state is state
        assert [b.description for b in app.choice_box.children] == [
            play.game.move_text(state, m) for m in hunting]
    app2 = free_play(3)
    hunted = {p for m in traps for p in m.prey}
    empty = next(c for c in range(16) if c not in state.table and c not in hunted
                 and c not in state.hands[0])
    app2.clicked(card_name(empty, state.pictures))
    assert app2.play.state == state and "no move there" in app2.status.value
