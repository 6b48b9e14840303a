"""Trapper free play without a browser: computers to the end, clicks, choices, refusals,
undo, save and load, the ledger, wrong options."""
from __future__ import annotations

import html
import json

import pytest

from tutor.trapper import GAME
from tutor.trapper import auction as tactical
from tutor.trapper.moves import Bid, Take
from tutor.trapper.tiles import COLOURS, FILES, square_name
from widgets.app import play_app as app_for
from widgets.trapper import legal_targets, play_app
from widgets.trapper_play import TrapperApp, TrapperPlay


def app(**options) -> TrapperApp:
    return TrapperApp(**{"pace": 0, **options})


def click(game_app: TrapperApp, name: str) -> None:
    """A browser click on square ``name``, as ipyevents reports it to the board view."""
    view = game_app.view
    x, y = view.axes.transData.transform((FILES.index(name[0]), int(name[1]) - 1))
    view.clicked({"boundingRectWidth": view.figure.bbox.width, "relativeX": x,
                  "relativeY": view.figure.bbox.height - y})


def take_squares(play: TrapperPlay) -> dict[int, list]:
    found: dict[int, list] = {}
    for move in GAME.legal_moves(play.state):
        if isinstance(move, Take):
            found.setdefault(move.square, []).append(move)
    return found


@pytest.mark.parametrize("variant", ["standard", "tactical"])
def test_two_computer_seats_play_to_the_end_and_the_ledger_explains_every_line(variant):
    game_app = app(players=2, seats=("computer", "computer"), variant=variant, seed=3)
    play = game_app.play
    assert play.over and len(play.log) == len(play.match.moves) > 10
    rows = play.ledger_rows()
    assert len(rows) == len(play.state.ledger) and all(why for _, _, _, why, _ in rows)
    for seat, name in enumerate(play.state.players):
        assert sum(c for who, _, c, _, _ in rows if who == name) == play.state.money(seat)
    page = game_app.status.value
    assert "tp-ledger" in page and page.count('class="tp-total"') == 2
    assert "trapper.end" in page or "trapper.canoe.full" in page
    assert "The game is over" in page
    assert game_app.action_box.children == () and game_app.cards.children == ()


def first_app(test, **options) -> tuple[TrapperApp, list]:
    """The app of the first seed whose opening position has what ``test`` finds."""
    for seed in range(40):
        game_app = app(seed=seed, **options)
        found = test(game_app.play)
        if found:
            return game_app, found
    pytest.fail("no seed gives the position this test needs")


def test_a_person_plays_by_clicking_the_board_and_the_computer_answers():
    game_app, single = first_app(
        lambda play: [sq for sq, moves in take_squares(play).items() if len(moves) == 1],
        players=2, seats=("person", "computer"))
    play = game_app.play
    squares = take_squares(play)
    square = single[0]
    colour = squares[square][0].colour
    click(game_app, square_name(square))
    assert play.match.moves[0] == squares[square][0]
    assert play.state.trappers[colour] == square
    assert "P1: " in play.log[0]
    # the turn goes on for P1: the computer waits until P1 ends it, then plays by itself
    assert play.mover() == 0 and len(play.log) == 1
    [end_turn] = [b for b in game_app.action_box.children if b.description == "end turn"]
    end_turn.click()
    assert play.log[1] == "P1: end turn" and play.log[2].startswith("P2: ")
    if not play.over:  # what the computer did is told to the person
        assert html.escape(play.log[2]) in game_app.status.value
    assert play.over or play.mover() == 0


def test_clicking_a_trapper_chooses_it_and_only_its_targets_are_dotted():
    game_app = app(players=2, seats=("person", "person"), seed=2)
    play = game_app.play
    colour = next(m.colour for m in GAME.legal_moves(play.state) if isinstance(m, Take))
    click(game_app, square_name(play.state.trappers[colour]))
    assert play.selected == colour
    dotted = {tuple(c) for c in game_app.view.dots.get_facecolors()}
    assert len(dotted) == 1
    assert f"Trapper chosen: {COLOURS[colour]}" in game_app.status.value


def test_a_click_several_moves_fit_offers_them_as_buttons():
    game_app, several = first_app(
        lambda play: [sq for sq, moves in take_squares(play).items() if len(moves) > 1],
        players=2, seats=("person", "person"))
    play = game_app.play
    click(game_app, square_name(several[0]))
    assert not play.match.moves and len(play.choices) > 1
    labels = [b.description for b in game_app.choice_box.children]
    assert labels == [GAME.move_text(play.state, m) for m in play.choices]
    chosen = play.choices[-1]
    game_app.choice_box.children[-1].click()
    assert play.match.moves == [chosen] and play.choices == []


def test_a_card_then_a_tile_pays_as_the_card_says():
    game_app, pairs = first_app(
        lambda play: [m for m in GAME.legal_moves(play.state)
                      if isinstance(m, Take) and m.paying is not None],
        players=2, seats=("person", "person"))
    move = pairs[0]
    play = game_app.play
    play.select(move.colour)
    play.click_card(move.paying)  # another colour than the chosen trapper: two of it pay
    assert (play.selected, play.pay) == (move.colour, move.paying)
    click(game_app, square_name(move.square))
    assert play.match.moves[0].paying == move.paying


def test_an_illegal_click_is_explained_with_its_rule_and_nothing_changes():
    game_app = app(players=2, seats=("person", "computer"), seed=4)
    play = game_app.play
    before = play.state
    face_down = next(sq for sq in range(64) if play.state.board[sq] is not None
                     and not play.state.face_up[sq])
    click(game_app, square_name(face_down))
    assert play.state is before and not play.match.moves
    assert play.refusal.rule_id == "trapper.take.face-down"
    assert "[trapper.take.face-down]" in game_app.status.value
    assert len(game_app.view.refused.get_offsets()) == 1  # the red frame on the board


def test_typing_a_move_plays_it_and_bad_text_is_explained():
    game_app = app(players=2, seats=("person", "person"), seed=5)
    play = game_app.play
    game_app.typed.value = "green: take z9"
    game_app.try_button.click()
    assert not play.match.moves and "cannot be read" in game_app.status.value
    game_app.typed.value = "pass"
    game_app.try_button.click()
    assert play.match.moves_text() == ["pass"]
    assert game_app.typed.value == ""


def test_undo_takes_back_the_person_move_and_the_computer_moves_after_it():
    game_app = app(players=2, seats=("person", "computer"), seed=6)
    play = game_app.play
    start = play.state
    game_app.do(GAME.parse_move(play.state, "pass"))  # P1 passes, the computer plays its turn
    assert play.mover() == 0 and len(play.match.moves) > 1
    game_app.play.undo()
    assert play.state == start and play.match.moves == [] and play.log == []
    assert "Taken back: pass" in game_app.status.value
    game_app.play.undo()
    assert "Nothing to take back" in game_app.status.value


def test_undo_never_goes_back_before_the_first_decision_of_a_person():
    game_app = app(players=2, seats=("computer", "person"), seed=6)
    play = game_app.play
    first = list(play.match.moves)
    assert first and play.mover() == 1  # the computer opened
    play.undo()
    assert play.match.moves == first and "Nothing to take back" in game_app.status.value
    game_app.do(GAME.parse_move(play.state, "pass"))
    play.undo()
    assert play.match.moves == first and play.mover() == 1


def test_save_and_load_round_trip_and_a_bad_load_keeps_the_game():
    game_app = app(players=3, seats=("person", "computer", "computer"), variant="young", seed=7)
    play = game_app.play
    game_app.do(GAME.parse_move(play.state, "pass"))
    game_app.save()
    saved = game_app.saved.value
    assert json.loads(saved)["seats"] == ["person", "computer", "computer"]
    other = app(players=2, seats=("person", "person"), seed=0)
    other.saved.value = saved
    other.load()
    assert other.play.state == play.state and other.play.seats == play.seats
    assert other.count.value == 3 and other.variant.value == "young"
    assert "Game loaded" in other.status.value
    kept = other.play.state
    for bad in ("not json", '{"game": "trapper"}',
                saved.replace('"pass"', '"green: take a1"')):
        other.saved.value = bad
        other.load()
        assert other.play.state is kept
        assert "cannot be loaded" in other.status.value


class Loop:
    """A kernel's event loop, as far as the app uses it: it keeps what is called later."""

    def __init__(self):
        self.later = []

    def call_later(self, delay, callback, *args):
        self.later.append((delay, callback, args))
        return self  # the handle: the app may cancel what it asked for

    def cancel(self):
        self.later.clear()


def test_with_a_running_loop_each_computer_move_is_shown_as_it_is_made(monkeypatch):
    loop = Loop()
    monkeypatch.setattr("widgets.freeplay.asyncio.get_running_loop", lambda: loop)
    game_app = TrapperApp(players=2, seats=("computer", "computer"), seed=8, pace=0.5)
    assert game_app.play.match.moves == [] and len(loop.later) == 1  # nothing played yet
    boards = [game_app.view.board.value]
    for step in range(4):
        delay, callback, args = loop.later.pop()
        assert delay == 0.5
        callback(*args)  # the loop runs it: one computer move, shown
        assert len(game_app.play.match.moves) == step + 1
        assert game_app.play.log[-1] in game_app.log_box.value
        boards.append(game_app.view.board.value)
    assert len(set(boards)) == len(boards), "the board is redrawn for every move"


@pytest.mark.parametrize("options", [{"players": 7}, {"variant": "x"}, {"seats": ["robot"]},
                                     {"players": "many"}])
def test_wrong_options_give_a_plain_message(options):
    for build in (play_app, lambda **o: app_for("trapper", **o)):
        page = build(**options).value
        assert "cannot be started" in page and "Traceback" not in page


def test_the_play_notebook_builds_the_app():
    widget = app_for("trapper", pace=0)
    assert "tutor-app" in widget._dom_classes


def test_a_tactical_auction_by_clicks_and_buttons():
    game_app = app(players=2, seats=("person", "computer"), variant="tactical", seed=1)
    play = game_app.play
    bids = [m for m in play.actions() if isinstance(m, Bid) and m.amount == 1]
    colour = bids[0].colour
    click(game_app, square_name(play.state.trappers[colour]))  # the trapper names the colour
    labels = [b.description for b in game_app.action_box.children]
    assert f"bid {COLOURS[colour]} 1" in labels
    assert all(COLOURS[colour] in label for label in labels if label.startswith("bid"))
    [opening] = [b for b in game_app.action_box.children
                 if b.description == f"bid {COLOURS[colour]} 1"]
    opening.click()
    assert play.log[0] == f"P1: bid {COLOURS[colour]} 1" and play.log[1].startswith("P2: ")
    while tactical.phase(play.state) == tactical.BIDDING and play.person_to_move():
        [give_up] = [b for b in game_app.action_box.children if b.description == "pass"]
        give_up.click()
    if tactical.phase(play.state) == tactical.PAYING and play.person_to_move():
        target = legal_targets(GAME, play.seen(play.state, play.viewer()))[0][1]
        click(game_app, square_name(target))
        if play.choices:
            game_app.choice_box.children[0].click()
    assert any(": take " in line for line in play.log), play.log  # somebody won the tile
    assert tactical.phase(play.state) == tactical.OPEN
