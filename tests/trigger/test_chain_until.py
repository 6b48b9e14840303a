"""The engine follows a chain reaction link by link (the board view shows it; it never
turns tiles back itself)."""
from __future__ import annotations

from tutor.core.walkthrough import by_id, replay
from tutor.trigger import GAME, chain_until


def test_each_link_turns_one_more_tile_and_the_round_ends_only_at_the_last():
    reaction = replay(by_id("trigger/chain-reaction"))
    frame = next(f for f in reaction.frames if f.move_text == "chain")
    state = frame.state
    links = len(state.chain)
    assert links == 8
    ups = []
    for k in range(links):
        shown = chain_until(state, k)
        assert shown.chain == state.chain[:k]
        board = shown.boards[shown.side]
        ups.append(board.count_up())
        for _, cell in state.chain[k:]:  # the later links' tiles still face up
            assert board.is_up(cell)
        assert GAME.facts(shown)["chain"] == ", ".join(line for line, _ in state.chain[:k])
    assert ups == [links - k for k in range(links)]
    assert chain_until(state, links) is state


def test_a_chain_that_cleared_the_board_is_not_over_before_its_last_link():
    reaction = replay(by_id("trigger/chain-reaction"))
    final = reaction.frames[-1].state
    assert final.phase == "round over" and len(final.chain) == 8
    earlier = chain_until(final, len(final.chain) - 1)
    assert earlier.phase == "play" and len(earlier.results) == len(final.results) - 1
