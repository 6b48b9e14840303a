"""Every choice the rulebook leaves open is decided by a rule with a labelled reading.

One test per open choice the code makes: a position where the choice matters, what the engine
decides there, and the rule that decides it - which must carry a reading, the book's own words
and the book's language. A test fails when the engine decides such a choice under a rule that
has no reading (or decides it otherwise)."""
from __future__ import annotations

import pytest

from tutor.canyon import GAME, Drift, Paddle, Stay
from tutor.canyon.cards import SUITS
from tutor.canyon.setup import first_dealer
from tutor.canyon.variants import COUNTER, SKIP, STANDARD
from tutor.core import BadState

from .helpers import fact, play, position, refused

#: every rule of the catalogue that carries a reading, and so the open choices the code makes
READINGS = {"canyon.board", "canyon.cards", "canyon.setup.draw", "canyon.round.counter",
            "canyon.round.tempo", "canyon.move.twice", "canyon.move.all-points",
            "canyon.move.optimal", "canyon.move.dock", "canyon.move.start-dock",
            "canyon.current.push", "canyon.current.waterfall", "canyon.end", "canyon.end.tie"}


def labelled(rule_id: str) -> str:
    """The rule id, after checking its reading is labelled: the reading, the book's words
    and their language."""
    rule = GAME.rules[rule_id]
    assert rule.reading and rule.words and rule.book == "nl", rule_id
    return rule_id


def test_the_readings_are_exactly_the_known_open_choices():
    assert {r.id for r in GAME.rules.values() if r.is_reading} == READINGS
    for rule_id in READINGS:
        labelled(rule_id)


def test_the_start_field_counts_as_entered():
    """'Een speelveld mag geen twee keer worden betreden in dezelfde beurt': a canoe in a dead
    end with 2 points may not go out and back; it uses the 1 point it can."""
    s = position("""
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe b1  tempo 0  tricks 2
seat Carl: canoe b3  tempo 0  tricks 0
seat Marc: canoe d1  tempo 0  tricks 0
map:
  #.#.
  #.#.
  #.#.
  #D#D
""")
    assert fact(s, "points.Anne") == 2 and fact(s, "ends") == "b2"
    assert refused(s, "Anne: paddle to b1") == labelled("canyon.move.twice")
    assert refused(s, "Anne: stay") == labelled("canyon.move.all-points")


def test_a_tie_for_the_highest_draw_is_drawn_again():
    tied = [seed for seed in range(300)
            if sorted(c.value for c in first_dealer(6, seed)[0])[-2:] in ([10, 10], [9, 9], [8, 8])]
    assert tied
    for seed in tied[:5]:
        draws, dealer = first_dealer(6, seed)
        assert draws[dealer].value == max(c.value for c in draws)
    labelled("canyon.setup.draw")
    with pytest.raises(BadState) as bad:
        position("players: Anne Carl Marc\nphase: launch\nseat Anne: draw blue 9\n"
                 "seat Carl: draw red 9\nseat Marc: draw green 2")
    assert str(bad.value) == ("line 4, column 17: a tie for the highest card (9): the tied "
                              "players draw again; write 'dealer:' for the one who won the draw")


def test_small_tempos_are_one_card_and_the_most_is_seven():
    s = position("players: Anne Carl Marc\ndealer: Marc")
    assert refused(s, "Anne: tempo 3 with 2+1") == labelled("canyon.round.tempo")
    assert refused(s, "Anne: tempo 8 with 4+4") == "canyon.round.tempo.cards"
    assert fact(play(s, "Anne: tempo 7"), "tempo_cards.Anne") == "4+3"


def test_the_round_counter_goes_down_to_one_and_up_to_seven():
    assert COUNTER == (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
    assert [STANDARD.next_counter(c) for c in (5, 14)] == [6, 1]
    assert [SKIP.next_counter(c) for c in (5, 14)] == [10, 1]
    labelled("canyon.round.counter")


def test_the_two_colours_the_book_does_not_name():
    assert SUITS == ("blue", "green", "red", "yellow", "purple")
    labelled("canyon.cards")


NEAREST = """
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe b1  tempo 1  tricks 0
seat Carl: canoe c3  tempo 0  tricks 0
seat Marc: canoe d1  tempo 0  tricks 0
map:
  #.#.#
  #...#
  #...#
  #...#
  ##D##
"""


def test_optimal_is_the_most_points_then_nearest_the_village_not_counting_canoes():
    """Anne has 2 points (tempo 1, 2 tricks: no bonus). With 2 she reaches row 3 (2 steps
    from the dock) on b3 and d3, or stays on row 2 (3 steps): she must take a field of row 3;
    c3 is as near, but Carl is on it."""
    s = position(NEAREST.replace("tempo 1  tricks 0", "tempo 1  tricks 2"))
    assert fact(s, "points.Anne") == 2
    assert fact(s, "ends") == "b3, d3"
    assert refused(s, "Anne: paddle to c2") == labelled("canyon.move.optimal")


def test_a_landing_dock_in_reach_ends_the_move_with_points_left_over():
    s = position(NEAREST.replace("tempo 1  tricks 0", "tempo 5  tricks 5"))
    assert fact(s, "points.Anne") == 8 and fact(s, "ends") == "c5"
    assert refused(s, "Anne: paddle to b4") == labelled("canyon.move.dock")
    assert GAME.move_rules(s, Paddle(0, s.board.field("c5")))[-1] == "canyon.move.dock"
    after = play(s, "Anne: paddle to c5")
    assert fact(after, "left_over.Anne") == 4  # b1-b2-b3-b4-c5: 4 of 8 points used


def test_start_docks_the_rock_cave_and_the_waterfall_are_never_paddled_into():
    s = position("""
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe b2  tempo 1  tricks 1
seat Carl: canoe a1  tempo 0  tricks 0
seat Marc: canoe d1  tempo 0  tricks 0
map:
  SSSS
  C...
  ..vv
  ..vv
  .DWW
""")
    assert refused(s, "Anne: paddle to b1") == labelled("canyon.move.start-dock")
    assert refused(s, "Anne: paddle to a2") == labelled("canyon.current.waterfall")  # the cave
    assert refused(position("""
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe d4  tempo 1  tricks 1
seat Carl: canoe a1  tempo 0  tricks 0
seat Marc: canoe d1  tempo 0  tricks 0
map:
  SSSS
  C...
  ..vv
  ..vv
  .DWW
"""), "Anne: paddle to c5") == "canyon.current.waterfall"  # the waterfall


PUSH = """
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe b3  tempo 2  tricks 3
seat Carl: canoe c3  tempo 1  tricks 1
seat Marc: canoe a1  tempo 0  tricks 0
map:
  S...
  C...
  .>v.
  ..v.
  D.W.
"""


def test_a_pushed_canoe_drifts_with_the_arrow_under_it():
    """Anne drifts right (her arrow '>') onto Carl; Carl is pushed down (his arrow 'v'), not
    right."""
    s = position(PUSH)
    after = play(s, "Anne: drift")
    assert (fact(after, "canoe.Anne"), fact(after, "canoe.Carl")) == ("c3", "c4")
    assert labelled("canyon.current.push") in GAME.move_rules(s, Drift(0))


def test_a_canoe_over_the_waterfall_rests_until_the_next_round():
    s = position(PUSH.replace("seat Carl: canoe c3", "seat Carl: canoe c4"))
    after = play(s, "Anne: drift")
    assert fact(after, "canoe.Carl") == "c4"
    s = position(PUSH.replace("seat Anne: canoe b3", "seat Anne: canoe c3")
                 .replace("seat Carl: canoe c3", "seat Carl: canoe c4"))
    after = play(s, "Anne: drift")  # Anne onto c4, Carl over the waterfall before his turn
    assert fact(after, "canoe.Carl") == "cave" and fact(after, "moved.Carl") is True
    assert fact(after, "turn") == "Marc"  # Carl's move is gone this round
    assert labelled("canyon.current.waterfall") in GAME.move_rules(s, Drift(0))


END = """
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe b3  tempo 0  tricks 2
seat Carl: canoe c3  tempo 0  tricks 2
seat Marc: canoe d1  tempo 0  tricks 0
map:
  S...
  ....
  ....
  .DD.
"""


def test_the_round_of_the_first_landing_is_played_out():
    s = play(position(END), "Anne: paddle to b4")
    assert fact(s, "left_over.Anne") == 1 and fact(s, "phase") == "move"
    assert fact(s, "turn") == "Carl"  # the others still move: they may land too
    labelled("canyon.end")


def test_equal_points_left_and_equal_tempo_share_the_win():
    s = play(position(END), "Anne: paddle to b4", "Carl: paddle to c4")
    s = play(s, *[GAME.move_text(s, next(GAME.legal_moves(s)))])
    assert fact(s, "phase") == "over" and fact(s, "winner") == "Anne and Carl"
    assert GAME.outcome(s).winners == (0, 1)
    labelled("canyon.end.tie")


def test_a_partly_blocked_canoe_uses_the_points_it_can():
    s = position("""
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe b1  tempo 0  tricks 5
seat Carl: canoe b4  tempo 0  tricks 0
seat Marc: canoe d1  tempo 0  tricks 0
map:
  #.#.
  #.#.
  #.#.
  #.#.
  #D#D
""")
    assert fact(s, "points.Anne") == 5 and fact(s, "ends") == "b3"  # 2 of 5 points
    assert refused(s, "Anne: stay") == labelled("canyon.move.all-points")
    assert GAME.is_legal(s, Paddle(0, s.board.field("b3"))) and not GAME.is_legal(s, Stay(0))
