"""Free play without a browser: the widget-free model (seats, undo, save, load, computer turns)
and each game on the shared page, as a learner would use them."""
from __future__ import annotations

import json

import pytest

from examples.nim import NimGame as Nim
from tutor.core.errors import BadOption
from widgets.app import play_app as app_for
from widgets.boards import FactsDrawer
from widgets.play.model import NAMES, FreePlay
from widgets.play.page import PlayPage

NIM = Nim()


def nim(seats=("person", "computer"), heap=7, seed=1) -> FreePlay:
    return FreePlay(NIM, {"heap": heap}, seats=seats, seed=seed)


# ---- the model ------------------------------------------------------------------------------------
def test_a_refused_move_changes_nothing_and_says_its_rule():
    play = nim()
    before = play.state
    assert play.play_text("take 4") is False
    assert play.state is before and play.refusal.rule_id == "nim.take" and not play.log


def test_text_that_cannot_be_read_is_a_sentence():
    play = nim()
    assert play.play_text("grab two") is False
    assert play.problem.startswith("That move cannot be read:") and play.refusal is None


def test_the_computer_answers_and_undo_takes_both_back():
    play = nim()
    play.play_text("take 2")
    assert play.advance() == 1 and len(play.match.moves) == 2
    play.undo()
    assert play.match.moves == [] and play.message.startswith("Taken back:")
    play.undo()
    assert play.message.startswith("Nothing to take back")


def test_save_and_load_round_trip_keep_seats():
    play = nim()
    play.play_text("take 1")
    play.advance()
    saved = play.save()
    other = nim(seats=("person", "person"))
    assert other.load(saved) and other.seats == ("person", "computer")
    assert other.state == play.state and other.log == play.log


@pytest.mark.parametrize("bad", ["{not json", "[]", '{"game": "chess", "options": {}, "seed": 0, "moves": []}',
                                 '{"game": "nim", "options": {"heap": 7}, "seed": 0, "moves": ["take 9"]}'])
def test_a_bad_saved_game_is_a_sentence_and_the_game_is_kept(bad):
    play = nim()
    play.play_text("take 1")
    state = play.state
    assert play.load(bad) is False and play.state is state
    assert play.problem.endswith("The game on the board is kept.")
    for raw in ("JSON", "Expecting", "char ", "line 1 column"):
        assert raw not in play.problem, play.problem


def test_seats_are_checked():
    with pytest.raises(BadOption):
        nim(seats=("person",))


def test_two_computers_play_to_the_end_and_the_outcome_is_the_engines():
    play = nim(seats=("computer", "computer"))
    play.advance()
    assert play.over
    outcome = NIM.outcome(play.state)
    winner = play.players()[outcome.winners[0]]
    assert f"{winner} wins." in play.summary()


# ---- the page -----------------------------------------------------------------------------------------
def test_the_page_shows_a_refusal_in_the_status_and_plays_listed_moves():
    page = PlayPage(nim(), FactsDrawer(NIM), pace=0)
    page.handle({"type": "typed", "text": "take 9"})
    assert "tp-refusal" in page.scene["status"] and "[nim.take]" in page.scene["status"]
    assert page.scene["board"].startswith("<svg")  # the board is drawn in its own place
    page.handle({"type": "move", "index": 0})
    assert page.play.log[0] == "P1: take 1" and page.play.log[1].startswith("P2: take")
    page.handle({"type": "undo"})
    assert page.play.match.moves == []


def test_the_page_saves_loads_and_starts_new_games():
    page = PlayPage(nim(), FactsDrawer(NIM), pace=0)
    page.handle({"type": "move", "index": 1})
    page.handle({"type": "save"})
    saved = page.scene["saved"]
    assert json.loads(saved)["moves"] and page.scene["download"].startswith("data:application/json")
    page.handle({"type": "load", "text": "{oops"})
    assert "not a saved game" in page.scene["status"] and "Expecting" not in page.scene["status"]
    page.handle({"type": "new", "values": {"seed": 5, "seats": ["person", "person"]}})
    assert page.play.match.seed == 5 and page.play.seats == ("person", "person")
    page.handle({"type": "new", "values": {"seed": -1}})
    assert "cannot be started" in page.scene["status"]


def test_the_keepalive_holds_the_last_save_and_a_reload_restores_it():
    app = app_for("trigger", seats=["person", "person"])
    page, alive = app.view, app.alive
    assert alive.saved == ""  # nothing saved: a reload offers only a new game
    page.handle({"type": "move", "index": 0})
    page.handle({"type": "save"})
    saved = page.saved
    assert json.loads(saved)["moves"] and alive.saved == saved
    moves = json.loads(saved)["moves"]
    page.handle({"type": "new", "values": {"seed": 7}})  # the kernel's game moves on ...
    assert page.play.match.moves_text() != moves
    page.restore(saved)  # ... and a new kernel is given the save the page kept
    assert page.play.match.moves_text() == moves


def test_every_game_names_its_players_alike():
    from widgets.play.canyon import CanyonPlay
    from widgets.play.intrappola import InTrappolaPlay
    from widgets.play.trapper import TrapperPlay
    from widgets.play.trigger import TriggerPlay
    for play in (TrapperPlay(2), CanyonPlay(3), InTrappolaPlay(), TriggerPlay()):
        assert play.players() == tuple(NAMES[:len(play.players())]), type(play).__name__


@pytest.mark.parametrize("game", ["trapper", "canyon", "intrappola", "trigger"])
def test_every_game_opens_on_the_shared_page(game):
    app = app_for(game)
    page = app.view
    assert isinstance(page, PlayPage) and page.scene["board"].startswith("<svg")
    assert "data-target" in page.scene["board"] and page.scene["setup"]["seats"]


# ---- the games ---------------------------------------------------------------------------------------
def test_trapper_a_click_on_a_trapper_chooses_it_and_a_tile_takes():
    from widgets.play.trapper import TrapperPlay
    play = TrapperPlay(2, seats=("person", "computer"), seed=3)
    play.click("d5")  # the green trapper's square
    assert play.selected == 0
    play.click("a1")  # far away, face down: refused, nothing changes
    assert play.refusal is not None and play.match.moves == []
    play.click("d6")
    assert play.log and play.log[-1].startswith("Anna: green: take d6")


def test_trapper_computers_play_to_the_end_and_the_ledger_explains():
    from widgets.play.trapper import TrapperExtras, TrapperPlay
    play = TrapperPlay(2, seats=("computer", "computer"), seed=5)
    play.advance()
    assert play.over
    page = PlayPage(play, __import__("widgets.boards.trapper", fromlist=["x"]).TrapperDrawer(play.game),
                    TrapperExtras(), pace=0)
    assert "The ledger" in page.scene["over"] and "wins" in page.scene["over"]


def test_intrappola_game_over_never_speaks_of_a_walkthrough():
    from widgets.boards.intrappola import InTrappolaDrawer
    from widgets.play.intrappola import InTrappolaPlay
    play = InTrappolaPlay(seats=("computer", "computer"), seed=4)
    page = PlayPage(play, InTrappolaDrawer(play.game), pace=0)
    assert play.over
    assert "Walkthrough" not in page.scene["panel"] and "game is over" in page.scene["panel"]
    person = InTrappolaPlay(seed=4)
    page = PlayPage(person, InTrappolaDrawer(person.game), pace=0)
    assert "Your view" in page.scene["panel"] and "cards, hidden" in page.scene["panel"]


def test_canyon_a_click_on_a_field_that_is_no_start_dock_is_refused():
    from widgets.play.canyon import CanyonPlay
    play = CanyonPlay(3, seed=4)
    play.click("f2")
    assert play.refusal.rule_id.startswith("canyon.setup") and play.match.moves == []


def test_trigger_a_flip_is_chosen_only_while_the_engine_accepts_it():
    from widgets.play.trigger import TriggerPlay
    play = TriggerPlay({"mode": "solo"}, seed=2)
    play.advance()  # the dice
    state = play.state
    board = state.boards[0]
    left = play.game.facts(state)["left"]
    label = state.label(0)
    cells = sorted((c for c in range(36) if board.is_up(c) and not board.is_star(c)
                    and c not in board.bonus_cells()), key=lambda c: -board.values[c])
    chosen = 0
    for cell in cells:
        before = list(play.selected)
        play.click(f"{label}:{'abcdef'[cell % 6]}{cell // 6 + 1}")
        if play.refusal is not None:  # too much: refused by the engine's check, nothing chosen
            assert play.selected == before and play.refusal.rule_id == "trigger.turn.flip"
            break
        chosen += board.values[cell]
        assert chosen <= left
    else:
        pytest.fail("no flip was too dear: the test needs a bigger board")
