"""The Trapper board view: one figure reused, tiles, water, trappers, highlights, players."""
from __future__ import annotations

import pytest

from tutor.core.walkthrough import parse, replay
from widgets.app import view_class
from widgets.player import StepPlayer
from widgets.trapper import FACE_DOWN, TrapperView, legal_targets

MINI = '''
game = "trapper"
title = "Mushroom 5, not bear 4"
[setup]
position = """
players: Anna, Ben
hand Anna: green 2, blue 2, beige 1
board:
  6  *  *        mushroom5/N  *      *  *  *  *
  5  *  bear4/E  green        blue   ?  *  *  *
  4  *  *        purple       beige  *  *  *  *
"""
narration = "Anna's turn."
[[steps]]
title = "Bear 4 is blocked"
move = "green: take b5"
narration = "The water side of bear 4 faces the green trapper."
refused = "trapper.take.water"
[[steps]]
title = "Mushroom 5"
move = "green: take c6"
narration = "Anna takes mushroom 5."
view = { mark = ["c6"], targets = "green" }
[[steps]]
move = "end turn"
narration = "Anna draws two cards."
'''


@pytest.fixture(scope="module")
def mini():
    return replay(parse(MINI, name="mini.toml"))


@pytest.fixture
def view(mini):
    return TrapperView(mini.game)


def visible_labels(view):
    return view.labels.shown()


def test_the_trapper_view_is_found_for_the_game(mini):
    assert view_class("trapper") is TrapperView


def test_one_figure_is_reused_and_its_artists_updated(view, mini):
    figure, faces, pawns = view.figure, view.faces, list(view.pawns)
    shown = []
    for frame in mini.frames:
        view.show(frame)
        shown.append(view.board.value)
        assert view.figure is figure and view.faces is faces and view.pawns == pawns
    assert len(view.figure.axes) == 1  # no axes piled up frame after frame
    assert shown[0] != shown[2]
    assert all(s.startswith("<svg") for s in shown)


def test_face_up_tiles_show_what_they_are_and_their_water(view, mini):
    view.show(mini.frames[0])
    assert "bear\n4" in visible_labels(view) and "mushroom\n5" in visible_labels(view)
    b5, a8 = 4 * 8 + 1, 7 * 8
    # bear 4's water is on the east: a thin bar along the right edge of b5 (x 1, y 4)
    # the bars are drawn as one compound path (one SVG element): its closed polygons
    bars = [v for p in view.waters.get_paths() for v in p.to_polygons(closed_only=True)]
    assert any(v[:, 0].min() > 1.2 and v[:, 0].max() - v[:, 0].min() < 0.2
               and 3.5 < v[:, 1].mean() < 4.5 for v in bars)
    state = mini.frames[0].state
    face_up = [sq for sq, tile in enumerate(state.board) if tile is not None and state.face_up[sq]]
    assert len(bars) == len(face_up) > 0  # one water edge per face-up tile
    colours = view.face_colours
    assert colours[a8] == FACE_DOWN != colours[b5]  # a8 face down, b5 face up
    # one compound path per fill: every face-down tile is in the same SVG element
    fills = {c for sq, c in enumerate(colours) if state.board[sq] is not None}
    assert len(view.faces.get_paths()) == len(fills) == len(view.faces.get_facecolors())
    assert "mushroom" in view.board.value  # text stays text in the SVG (svg.fonttype none)


def test_trappers_move_and_the_last_take_is_an_arrow(view, mini):
    view.show(mini.frames[0])
    assert tuple(view.pawns[0].center) == (2, 4)  # green on c5
    assert not view.arrow.get_visible()
    view.show(mini.frames[2])
    assert tuple(view.pawns[0].center) == (2, 5)  # green took c6
    assert view.arrow.get_visible()
    assert "mushroom\n5" not in visible_labels(view)


def test_refused_take_is_crossed_and_targets_follow_the_frame(view, mini):
    view.show(mini.frames[1])
    xs, ys = view.cross.get_data()
    assert len(view.refused.get_offsets()) == 1
    assert (round(xs[0]), round(ys[0])) == (1, 4)  # in a corner of b5
    all_targets = len(view.dots.get_offsets())
    assert all_targets == len(legal_targets(mini.game, mini.frames[1].state)) > 0
    view.show(mini.frames[2])
    assert len(view.cross.get_data()[0]) == 0
    greens = [t for t in legal_targets(mini.game, mini.frames[2].state) if t[0] == 0]
    assert len(view.dots.get_offsets()) == len(greens)  # view hint: only green's targets
    assert len(view.marks.get_offsets()) == 1  # the ring round c6


def test_players_panel_shows_hands_money_and_displays(view, mini):
    view.show(mini.frames[0])
    panel = view.players.value
    assert "Anna" in panel and "Ben" in panel and "coins" in panel
    assert "no tiles yet" in panel
    view.show(mini.frames[2])
    assert "mushroom 5" in view.players.value  # now in Anna's display


def test_player_over_trapper_frames(mini):
    player = StepPlayer(mini, TrapperView(mini.game))
    board, narration = player.shown.board, player.shown.narration
    player.next_button.click()
    assert "trapper.take.water" in player.shown.move and "tutor-refusal" in player.shown.move
    assert player.shown.narration != narration
    player.next_button.click()
    assert player.shown.board != board
    assert "green: take c6" in player.shown.move


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "variant": "young"}])
def test_whole_random_games_draw_without_error(mini, options):
    """Every kind of position a game reaches (sold canoes, bonus tiles, the end) is drawn."""
    from tests.contract import playout
    from tutor.core.walkthrough import Frame

    game = mini.game
    view = TrapperView(game)
    plies = list(playout(game, options, seed=3))
    before = None
    for index, (state, move) in enumerate(plies[::7] + plies[-1:]):
        view.show(Frame(index, state, "", (), before=before))
        before = state
        observed = game.observation(state, 0)
        view.show(Frame(index, observed, "", ()))  # hidden hands and tiles are drawn too
    final = plies[-1][0]
    assert final.over and len(view.dots.get_offsets()) in (0, 1)  # no targets once over
    view.show(Frame(0, final, "", ()))
    assert view.players.value.count('class="tt-sold"') == sum(len(d.sold) for d in final.displays)


def test_target_dots_follow_the_seat_deciding_now_in_an_auction():
    from tutor.trapper import GAME
    from widgets.trapper import legal_targets

    state = GAME.initial_state({"variant": "tactical"}, seed=1)
    for text in ("bid green 1", "bid 2", "pass"):  # P2 outbids P1, P1 passes: P2 pays
        state = GAME.apply(state, GAME.parse_move(state, text))
    assert (state.turn, state.actor) == (0, 1)
    assert legal_targets(GAME, state)  # the whole state: P2's takes for green
    assert {colour for colour, _ in legal_targets(GAME, state)} == {0}
    assert legal_targets(GAME, GAME.observation(state, 0)) == []  # P1 cannot see P2's hand
    assert legal_targets(GAME, GAME.observation(state, 1)) == legal_targets(GAME, state)
