"""The engine says what a drift moves (the views draw it; they never compute drift)."""
from __future__ import annotations

from tutor.canyon import CAVE, GAME, Drift, drift_chain

#: the position of the book's picture of the current (walkthrough current-push) before Anne
#: drifts: Herman on c8, Carl on d8, Anne on c7 in the current with her tempo missed
PUSH = """
players: Herman Carl Anne Marc
dealer: Marc
round: 1
rounds-played: 1
phase: move
trump: blue 3
moved: Herman Carl
seat Herman: canoe c8  tempo 2  tricks 2  points 3
seat Carl: canoe d8  tempo 0  points 1
seat Anne: canoe c7  tempo 2  tricks 4  points 0
seat Marc: canoe b5  tempo 4  tricks 4  points 3
map:
  #...#
  #.o.#
  C...#
  #...#
  #vvv#
  #vvv#
  #vvv#
  #>>v#
  #DWW#
"""


def test_the_current_push_chain_ends_in_the_cave():
    before = GAME.parse_position(PUSH)
    assert before.players[before.turn] == "Anne"
    assert [m for m in GAME.legal_moves(before)] == [Drift(2)]
    after = GAME.apply(before, Drift(2))
    assert (GAME.facts(before)["canoe.Carl"], GAME.facts(after)["canoe.Carl"]) == ("d8", "cave")
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
