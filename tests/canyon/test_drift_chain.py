"""The engine says what a drift moves (the views draw it; they never compute drift)."""
from __future__ import annotations

from tutor.canyon import CAVE, GAME, drift_chain
from tutor.core.walkthrough import by_id, replay


def test_the_current_push_chain_ends_in_the_cave():
    push = replay(by_id("canyon/current-push"))
    frame = next(f for f in push.frames if f.move_text == "Anne: drift")
    before, after = frame.before, frame.state
    chain = drift_chain(before, before.turn)
    names = [before.players[p] for p, _, _ in chain]
    assert names == ["Anne", "Herman", "Carl"]
    assert chain[-1][2] == CAVE  # Carl over the waterfall
    for canoe, start, to in chain:  # the chain is exactly what the drift did
        assert before.canoes[canoe] == start and after.canoes[canoe] == to
    assert after.pushed == tuple(p for p, _, _ in chain[1:])


def test_a_drift_alone_moves_one_canoe():
    s = GAME.parse_position("""
players: Anne Carl Marc
phase: move
seat Marc: canoe a1  tempo 0  tricks 0
seat Anne: canoe b2  tempo 2  tricks 4
seat Carl: canoe a3  tempo 1  tricks 1
map:
  S.
  .v
  .v
  DW
  C#
""")
    chain = drift_chain(s, 0)
    assert len(chain) == 1 and chain[0][2] == s.board.field("b3")
