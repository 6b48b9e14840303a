"""The green trapper turn as the app shows it: every step changes what the learner sees."""
from __future__ import annotations

import pytest

from tutor.core.walkthrough import by_id, replay
from widgets.app import player_for, walkthrough_app
from widgets.trapper import TrapperView


@pytest.fixture(scope="module")
def green_turn():
    return replay(by_id("trapper/green-turn"))


@pytest.fixture
def player(green_turn):
    return player_for(green_turn, query="")


def test_the_app_uses_the_trapper_board(player):
    assert isinstance(player.view, TrapperView)
    assert player.steps.last == len(player.replay.walkthrough.steps)


def test_next_through_every_step_changes_narration_and_rules(player):
    seen = [(player.shown.narration, player.shown.rules)]
    boards = [player.shown.board]
    while not player.steps.at_end:
        player.next_button.click()
        seen.append((player.shown.narration, player.shown.rules))
        boards.append(player.shown.board)
        # the page gets the whole step in ONE widget: board, panel and story column
        assert player.stage.value == player.shown.html
        assert all(part in player.stage.value for part in player.shown.__dict__.values())
    assert len(set(n for n, _ in seen)) == len(seen), "each step has its own narration"
    for (n1, r1), (n2, r2) in zip(seen, seen[1:]):
        assert n1 != n2
    # the board changes whenever the state or its highlights change: at every step here
    assert all(b1 != b2 for b1, b2 in zip(boards, boards[1:]))
    for back in range(len(seen) - 1, 0, -1):
        player.back_button.click()
        assert (player.shown.narration, player.shown.rules) == seen[back - 1]
        assert player.shown.board == boards[back - 1]


def test_refused_steps_show_the_refusal_with_its_rule(player, green_turn):
    refused = [f for f in green_turn.frames if f.refusal is not None]
    assert refused, "the green turn shows at least one refused move"
    for frame in refused:
        player.steps.jump(frame.index)
        assert "tutor-refusal" in player.shown.move
        assert f"[{frame.refusal.rule_id}]" in player.shown.move
        assert frame.refusal.rule_id in player.shown.rules
    water = next(f for f in refused if f.refusal.rule_id == "trapper.take.water")
    player.steps.jump(water.index)
    assert "water" in player.shown.move


def test_readings_are_marked_in_the_rule_panel(player, green_turn):
    game = green_turn.game
    for frame in green_turn.frames:
        player.steps.jump(frame.index)
        for rule_id in frame.rule_ids:
            rule = game.rules[rule_id]
            assert rule.title in player.shown.rules
            if rule.reading:
                assert "Our reading:" in player.shown.rules


def test_the_display_at_the_end_holds_the_canoe_with_mushroom_and_bear(player):
    player.steps.end()
    panel = player.shown.side
    assert "canoe of 3 bears" in panel and "mushroom 5" in panel and "bear 4" in panel


def test_keys_step_through_the_green_turn(player):
    player.key_pressed({"type": "keydown", "key": "ArrowRight"})
    assert player.steps.index == 1
    player.key_pressed({"type": "keydown", "key": "ArrowLeft"})
    assert player.steps.index == 0


@pytest.mark.parametrize("query, index, warned", [
    ("step=3", 3, False), ("step=abc", 0, True), ("step=-2", 0, True), ("step=999", None, True),
])
def test_step_in_the_address(green_turn, query, index, warned):
    player = player_for(green_turn, query=query)
    assert player.steps.index == (player.steps.last if index is None else index)
    assert (player.message.layout.display != "none") is warned


def test_walkthrough_app_reads_voila_query_string(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "step=2")
    app = walkthrough_app("trapper/green-turn")
    assert '<div class="tutor-step">Step 2 of' in _find_stage(app)


def test_an_unknown_walkthrough_is_a_plain_message():
    app = walkthrough_app("trapper/no-such-turn")
    assert "cannot be shown" in app.value and "trapper/green-turn" in app.value


def _find_stage(widget):
    stack = [widget]
    while stack:
        w = stack.pop()
        if "tutor-stage-box" in getattr(w, "_dom_classes", ()):
            return w.value
        stack.extend(getattr(w, "children", ()))
    raise AssertionError("no step in the app")


def test_boards_are_kept_and_prepared_ahead_without_touching_widgets(green_turn):
    view = TrapperView(green_turn.game)
    first, second = green_turn.frames[:2]
    view.show(first)
    shown, panel = view.board.value, view.players.value
    view.parts(green_turn.frames[3])  # what the step player renders ahead
    assert (view.board.value, view.players.value) == (shown, panel)  # nothing visible moved
    assert view.svg_of(green_turn.frames[3]) is view.svg_of(green_turn.frames[3])  # kept
    view.show(first)
    assert view.board.value == shown


def test_the_player_renders_the_next_board_ahead_in_an_event_loop(green_turn):
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    async def open_app():
        player = player_for(green_turn, query="step=2")
        await asyncio.sleep(0.5)  # the learner reads; the kernel's loop is idle
        return player

    # a thread of its own: another test (Playwright's sync API) may hold this thread's loop
    with ThreadPoolExecutor(1) as pool:
        player = pool.submit(asyncio.run, open_app()).result()
    kept = {id(f) for f in green_turn.frames} & set(player.view._kept)
    assert kept == {id(green_turn.frames[i]) for i in (1, 2, 3)}
    composed = {id(f) for f in green_turn.frames} & set(player._kept)
    assert composed == kept  # the whole step is composed ahead, not only the board
    ahead = player._kept[id(green_turn.frames[3])][2]
    player.next_button.click()
    assert player.shown.board == player.view._kept[id(green_turn.frames[3])][1]
    assert player.stage.value is ahead  # Next sent the string composed ahead
