"""The coach's hint in free play, read as a learner: Trigger's hint listed "the sets of tiles
that may still be turned: 209 → 38" (true, but no help: the points left of the roll, which
matter, are listed beside it)."""
from __future__ import annotations

from tutor.core import registry

from widgets.games import kit_for


def test_trigger_s_hint_leaves_out_the_count_of_tile_sets_and_keeps_the_points_left():
    game = registry.get("trigger")
    play = kit_for(game).new_play(seed=3)
    play.advance()
    flips = 0
    for _ in range(4):
        hint = play.hint()
        assert hint is not None
        assert "flips" not in hint.keys
        if hint.text.startswith("flip"):
            flips += 1
            assert "left" in hint.keys  # what the flip leaves of the roll
        play.play(hint.move)
        play.advance()
    assert flips


def test_trigger_s_hint_says_no_tile_notation_and_no_chain_undone():
    """'the tile of Anna on b1: 3 → (3)' (brackets: the notation's face down) and, for a flip
    after a chain reaction, 'the lines of the chain reaction: row 1 → -' (nothing undone)."""
    game = registry.get("trigger")
    play = kit_for(game).new_play(seed=3)
    play.advance()
    chained = False
    for _ in range(12):
        hint = play.hint()
        if hint is None:
            break
        assert not any(k.startswith("tile.") for k in hint.keys), hint.keys
        for key, (_, before, after) in zip(hint.keys, hint.gains):
            if key in ("chain", "chain.tiles"):
                assert after, (key, before, after)
        chained = chained or hint.text == "chain"
        play.play(hint.move)
        play.advance()
    assert chained  # the seed's game has a chain reaction and a flip after it
