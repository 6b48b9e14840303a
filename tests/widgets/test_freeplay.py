"""The free-play shell on Nim (no browser): seats, refusals, undo, save and load, clicks."""
from __future__ import annotations

import json

from tutor.core.demo import Nim, Take
from widgets.freeplay import FreePlay, FreePlayApp

from widgets.board import FactsView

from .conftest import HeapView

NIM = Nim()


class ClickNim(FreePlay):
    """A click on counter ``i`` means: leave ``i`` counters; on "heap": any take."""

    def moves_for_click(self, state, target):
        if target == "heap":
            return [Take(n) for n in (1, 2, 3)]
        return [Take(state.heap - target)] if 0 <= target < state.heap else []


def nim_app(heap=7, seats=("person", "computer"), seed=0, kind=FreePlay):
    return FreePlayApp(kind(NIM, {"heap": heap}, seats=seats, seed=seed), HeapView, pace=0)


def test_a_person_plays_the_computer_to_the_end():
    app = nim_app(heap=9)
    board = app.view.board.value
    for _ in range(20):  # at most 9 takes of the person: bounded
        if app.play.over:
            break
        assert app.play.person_to_move() and app.moves.options
        app.play_button.click()  # the first listed move, then the computer answers at once
        assert app.view.board.value != board  # each answer is drawn
        board = app.view.board.value
    assert app.play.over and app.play.state.heap == 0
    assert len(app.play.log) == len(app.play.match.moves) >= 3
    assert app.play.log[0] == "P1: take 1" and app.play.log[1].startswith("P2: take ")
    winner = NIM.outcome(app.play.state).winners[0]
    assert "The game is over" in app.status.value and f"P{winner + 1} wins" in app.status.value
    assert "fp-won" in app.status.value and app.moves.options == ()
    assert app.play_button.disabled and app.typed.disabled


def test_the_last_move_is_drawn_as_the_last_move():
    app = nim_app(heap=7)
    app.typed.value = "take 3"
    app.try_button.click()
    frame = app.view.frame
    assert frame.move == app.play.match.moves[-1] and frame.before == app.play.match.states[-2]
    assert frame.refusal is None and "P2: take" in app.log_box.value


def test_an_illegal_typed_move_shows_its_rule_and_changes_nothing():
    app = nim_app(heap=7)
    before, moves = app.play.state, list(app.play.match.moves)
    app.typed.value = "take 4"
    app.try_button.click()
    assert app.play.state is before and app.play.match.moves == moves
    assert "tutor-refusal" in app.status.value and "[nim.take]" in app.status.value
    assert "you may take 1, 2 or 3, not 4" in app.status.value
    assert "Take from the heap" in app.status.value  # the rule itself, from the rule catalogue
    assert app.view.frame.refusal.rule_id == "nim.take" and app.view.frame.move == Take(4)
    assert app.typed.value == "take 4"  # kept, to be corrected


def test_malformed_text_gets_its_own_message_and_changes_nothing():
    app = nim_app(heap=7)
    before = app.play.state
    app.typed.value = "grab two"
    app.try_button.click()
    assert app.play.state is before and app.play.refusal is None
    assert "cannot be read" in app.status.value and "expected &#x27;take N&#x27;" in app.status.value


def test_undo_goes_back_to_the_persons_decision():
    app = nim_app(heap=10)
    app.typed.value = "take 2"
    app.try_button.click()
    app.typed.value = "take 1"
    app.try_button.click()
    assert len(app.play.match.moves) == 4
    app.undo_button.click()
    assert len(app.play.match.moves) == 2 and app.play.person_to_move()
    assert app.play.state.heap == 10 - 2 - int(app.play.log[1][-1])
    assert len(app.play.log) == 2 and "Taken back: take 1, take" in app.status.value
    app.undo_button.click()
    assert app.play.state.heap == 10 and app.play.log == []
    app.undo_button.click()
    assert "Nothing to take back" in app.status.value and app.play.state.heap == 10


def test_undo_at_a_table_of_computers_takes_nothing_back():
    play = FreePlay(NIM, {"heap": 6}, seats=("computer", "computer"), seed=1)
    assert play.advance() >= 2 and play.over
    moves = list(play.match.moves)
    play.undo()
    assert play.match.moves == moves and "Nothing to take back" in play.message


def test_save_and_load_round_trip():
    app = nim_app(heap=12, seed=3)
    for words in ("take 3", "take 1"):
        app.typed.value = words
        app.try_button.click()
    app.save_button.click()
    saved = json.loads(app.saved.value)
    assert saved["game"] == "nim" and saved["seats"] == ["person", "computer"]
    assert saved["moves"] == app.play.match.moves_text() and len(saved["moves"]) == 4
    assert "Saved: 4 moves" in app.status.value and "download" in app.download.value
    other = nim_app(heap=5, seats=("computer", "person"), seed=9)
    other.saved.value = app.saved.value
    other.load_button.click()
    assert other.play.state == app.play.state and other.play.seats == ("person", "computer")
    assert other.play.log == app.play.log and other.seed.value == 3
    assert [d.value for d in other.seat_box.children] == ["person", "computer"]
    assert "Game loaded: 4 moves" in other.status.value


def test_a_bad_load_keeps_the_game_and_says_why():
    app = nim_app(heap=8)
    app.typed.value = "take 2"
    app.try_button.click()
    state, moves = app.play.state, list(app.play.match.moves)
    cases = {
        "{ not json": "not JSON",
        json.dumps({"game": "chess", "options": {}, "seed": 0, "moves": []}): "unknown game",
        json.dumps({"game": "nim", "options": {"heap": 5}, "seed": 0,
                    "moves": ["take 3", "take 3"]}): "move 2",
        json.dumps({"game": "nim", "options": {"heap": 5}, "seed": 0, "moves": [],
                    "seats": ["person", "robot"]}): "seats",
        json.dumps({"game": "nim", "options": {"heap": 5}, "seed": 0, "moves": [],
                    "seats": 2}): "seats",
    }
    for saved, says in cases.items():
        app.saved.value = saved
        app.load_button.click()
        assert app.play.state is state and app.play.match.moves == moves
        assert "cannot be loaded" in app.status.value and says in app.status.value


def test_a_click_mapped_to_one_move_is_played():
    app = nim_app(heap=7, kind=ClickNim)
    app.clicked(5)  # leave 5: take 2
    assert app.play.match.moves[0] == Take(2) and app.play.log[0] == "P1: take 2"


def test_a_click_mapped_to_several_moves_offers_them():
    app = nim_app(heap=7, kind=ClickNim)
    app.clicked("heap")
    assert [b.description for b in app.choice_box.children] == ["take 1", "take 2", "take 3"]
    assert "Several moves" in app.status.value and not app.play.match.moves
    app.choice_box.children[2].click()
    assert app.play.match.moves[0] == Take(3) and app.choice_box.children == ()


def test_a_click_mapped_to_no_legal_move_is_explained_with_its_rule():
    app = nim_app(heap=7, kind=ClickNim)
    before = app.play.state
    app.clicked(1)  # leave 1: take 6, refused
    assert app.play.state is before and "[nim.take]" in app.status.value
    app.clicked(9)  # no counter there: no move at all
    assert app.play.state is before and "no move there" in app.status.value


def test_seats_and_seed_are_checked():
    import pytest

    from tutor.core.errors import BadOption

    with pytest.raises(BadOption, match="seats"):
        FreePlay(NIM, {"heap": 5}, seats=("person",))
    with pytest.raises(BadOption, match="seed"):
        FreePlay(NIM, {"heap": 5}, seed=-1)
    with pytest.raises(BadOption, match="heap"):
        FreePlay(NIM, {"heap": 0})


def test_new_game_reads_the_setup_bar_and_a_computer_opens():
    app = nim_app(heap=7)
    app.seat_box.children[0].value = "computer"
    app.seat_box.children[1].value = "person"
    app.seed.value = 4
    app.new_button.click()
    assert app.play.seats == ("computer", "person") and app.play.match.seed == 4
    assert len(app.play.match.moves) == 1 and app.play.person_to_move()
    assert app.play.log[0].startswith("P1: take")


def test_the_number_of_players_is_chosen_in_the_setup_bar():
    from tutor.canyon import GAME as CANYON
    from widgets.canyon import CanyonPlay, CanyonView

    app = FreePlayApp(CanyonPlay(CANYON, {"players": 3}, seed=2), CanyonView, pace=0,
                      player_counts=range(3, 7))
    assert app.count.options == (3, 4, 5, 6) and app.count.value == 3
    app.count.value = 5
    assert [d.description for d in app.seat_box.children] == ["Anne", "Carl", "Marc", "Herman", "Lies"]
    assert [d.value for d in app.seat_box.children] == ["person"] + ["computer"] * 4
    app.new_game()
    assert len(app.play.players()) == 5 and app.play.match.options["players"] == 5
    saved = app.play.save()
    app.count.value = 3
    app.saved.value = saved
    app.load()
    assert app.count.value == 5  # the setup bar shows the game that was loaded
    assert FreePlayApp(FreePlay(Nim(), {"heap": 3}), FactsView, pace=0).count is None
