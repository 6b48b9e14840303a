"""Each rule of InTrappola by its id: a case it allows and a case it refuses.

The picture's places, for reading the positions below::

     1  2  3  4
     5  6  7  8
     9 10 11 12
    13 14 15 16
"""
from __future__ import annotations

import pytest

from tutor.intrappola import GAME
from tutor.intrappola.cards import all_cards, points, read_card

from .helpers import legal, play, position, refusal

# Anna can trap 1 (a corner: 2 on the table, she plays 5) and nothing else.
CORNER = """
table: 2 11 16
hand Anna: 5 7 12
hand Bruno: 1 3 4
deck: 6 8 9 10 13 14 15
"""


def test_points_by_place_corners_border_inside():
    assert [points(read_card(n, 1), 1) for n in ("1", "4", "13", "16")] == [1, 1, 1, 1]
    assert [points(read_card(n, 1), 1) for n in ("2", "3", "5", "8", "9", "12", "14", "15")] == [2] * 8
    assert [points(read_card(n, 1), 1) for n in ("6", "7", "10", "11")] == [4] * 4
    assert sum(points(c, 1) for c in all_cards(1)) == 4 * 1 + 8 * 2 + 4 * 4


def test_points_with_two_pictures_go_by_the_whole_rectangle():
    # intrappola.variant.pictures reading: only the table's 4 corners score 1
    corners = [c for c in all_cards(2) if points(c, 2) == 1]
    assert sorted(corners) == sorted(read_card(n, 2) for n in ("A1", "A13", "B4", "B16"))
    assert points(read_card("A4", 2), 2) == 2  # a corner of picture A, on the top edge only
    assert points(read_card("A8", 2), 2) == 4  # next to picture B: no edge there
    assert points(read_card("B5", 2), 2) == 4


@pytest.mark.parametrize("pictures, hand, table, deck", [(1, 3, 3, 7), (2, 5, 6, 16), (3, 5, 9, 29)])
def test_setup_deals_hands_table_and_deck(pictures, hand, table, deck):
    for seed in range(5):
        s = GAME.initial_state({"pictures": pictures}, seed)
        assert [len(h) for h in s.hands] == [hand, hand]
        assert len(s.table) == table and len(s.deck) == deck
        per_picture = [sum(1 for c in s.table if c // 16 == p) for p in range(pictures)]
        assert per_picture == [3] * pictures  # 3 face up from every picture


def test_setup_is_seeded():
    assert GAME.initial_state({}, 4) == GAME.initial_state({}, 4)
    assert len({GAME.initial_state({}, seed).deck for seed in range(20)}) > 15


def test_trap_on_a_corner_uses_the_edge():
    s = position(CORNER)
    assert legal(s) == ["play 5 prey 1"]
    after = play(s, "play 5 prey 1")
    assert GAME.facts(after)["last"] == "caught"


def test_trap_on_an_inner_place_needs_four_closed_sides():
    s = position("table: 2 5 7\nhand Anna: 10 12 13\nhand Bruno: 6 8 9\ndeck: 1 3 4 11 14 15 16")
    assert "play 10 prey 6" in legal(s)
    exc = refusal(position("table: 2 5\nhand Anna: 7 10 13\nhand Bruno: 6 8 9\ndeck: 1 3 4 11 12 14 15 16"),
                  "play 10 prey 6")
    assert exc.rule_id == "intrappola.trap.closed"
    assert exc.reason == "prey 6 still has an open side: place 7 is empty"


def test_trap_needs_a_card_from_hand():
    # 1 is closed by table cards alone: nothing to play, so no trap on it
    s = position("table: 2 5 16\nhand Anna: 3 9 14\nhand Bruno: 1 4 6\ndeck: 7 8 10 11 12 13 15")
    assert refusal(s, "play prey 1").rule_id == "intrappola.trap"
    assert not any(m.endswith("prey 1") for m in legal(s))


def test_must_spring_refuses_a_card_without_prey_or_touching_none():
    s = position(CORNER)
    assert refusal(s, "play 12").rule_id == "intrappola.trap.must-spring"
    exc = refusal(s, "play 5 12 prey 1")
    found = GAME.violation(s, GAME.parse_move(s, "play 5 12 prey 1"))
    assert (found.rule_id, {k: str(v) for k, v in found.params.items()}) == (
        "intrappola.trap.must-spring", {"card": "12", "player": "Anna"})
    assert exc.reason == GAME.rules.reason(found.rule_id, **found.params)


def test_hand_refuses_cards_not_held():
    s = position(CORNER)
    assert refusal(s, "play 6 prey 1").rule_id == "intrappola.hand"
    assert refusal(s, "discard 6").rule_id == "intrappola.hand"


def test_prey_must_be_empty_and_not_held_by_the_hunter():
    s = position(CORNER)
    assert refusal(s, "play 5 prey 2").rule_id == "intrappola.trap.prey"
    own = position("table: 3 8 16\nhand Anna: 2 4 9\nhand Bruno: 1 6 7\ndeck: 5 10 11 12 13 14 15")
    assert refusal(own, "play 2 prey 1").rule_id == "intrappola.trap.closed"  # 5 open
    held = position("table: 3 16\nhand Anna: 4 8 9\nhand Bruno: 1 6 7\ndeck: 2 5 10 11 12 13 14 15")
    assert refusal(held, "play 8 prey 4").rule_id == "intrappola.trap.prey-own"


PAIR = """
table: 1 4 9 12 14 15
hand Anna: 2 3 5 8 10 11
hand Bruno: 6 7 13
deck: 16
"""


def test_pair_of_adjacent_prey_caught_only_when_both_are_held():
    s = position(PAIR)
    assert "play 2 3 5 8 10 11 prey 6 7" in legal(s)
    caught = play(s, "play 2 3 5 8 10 11 prey 6 7")
    f = GAME.facts(caught)
    assert f["last"] == "caught" and f["score.Anna"] == 8 and f["caught.Anna"] == "6 7"
    one = position(PAIR.replace("hand Bruno: 6 7 13", "hand Bruno: 6 13 16").replace("deck: 16", "deck: 7"))
    missed = play(one, "play 2 3 5 8 10 11 prey 6 7")
    assert GAME.facts(missed)["last"] == "missed" and GAME.facts(missed)["score.Anna"] == 0


def test_pair_rule_never_more_than_two_and_choose_side_by_side():
    s = position(PAIR)
    assert refusal(s, "play 2 3 prey 6 7 11").rule_id == "intrappola.trap.pair"
    assert refusal(s, "play 2 3 5 prey 6 16").rule_id == "intrappola.trap.choose"
    far = position("table: 1 4 9 12 14 15\nhand Anna: 2 3 5 8 10 16\nhand Bruno: 6 7 13\ndeck: 11")
    assert refusal(far, "play 2 5 prey 6 11").rule_id == "intrappola.trap.choose"


def test_one_set_of_cards_closing_several_prey_the_hunter_names_one():
    s = position("table: 2 5 12 15\nhand Anna: 7 10 1\nhand Bruno: 6 11 3\ndeck: 4 8 9 13 14 16")
    found = legal(s)
    assert "play 7 10 prey 6" in found and "play 7 10 prey 11" in found
    after = play(s, "play 7 10 prey 11")
    assert GAME.facts(after)["caught.Anna"] == "11"
    assert GAME.facts(after)["place.6"] == "Bruno"  # only one prey per turn


def test_caught_A1_to_A4():
    s = position(CORNER)
    after = play(s, "play 5 prey 1")
    f = GAME.facts(after)
    assert f["place.1"] == "table" and f["place.5"] == "table"  # A1, trap card stays
    assert f["score.Anna"] == 1 and f["last.points"] == 1  # A2
    assert f["hand.Anna"] == "6 7 12" and f["deck"] == 6  # A3: drew 6, the top card
    assert f["turn"] == "Bruno"  # A4
    assert f["hand.Bruno"] == "3 4"


def test_missed_B1_to_B5():
    s = position("table: 2 11 16\nhand Anna: 5 9 14\nhand Bruno: 3 4 6\ndeck: 7 1 8 10 12 13 15")
    after = play(s, "play 5 prey 1")
    f = GAME.facts(after)
    assert f["last"] == "missed"
    assert f["last.shown.Anna"] == "9 14" and f["last.shown.Bruno"] == "3 4 6"  # B1
    assert f["hand.Anna"] == "5 9 14" and f["place.5"] == "Anna"  # B2
    assert f["hand.Bruno"] == "3 4 6 7" and f["last.gained"] == "7"  # B3
    assert f["place.1"] == "table" and f["last.placed"] == "1"  # B4
    assert f["turn"] == "Bruno" and f["deck"] == 5 and f["score.Anna"] == 0  # B5
    assert f["known.Anna"] == "3 4 6" and f["known.Bruno"] == "5 9 14"


def test_deck_steps_skipped_when_the_deck_is_empty():
    s = position("table: 2 3 4 7 8 9 10 11 12 13 14 15 16\nhand Anna: 5 6\nhand Bruno: 1")
    assert GAME.facts(s)["deck"] == 0
    after = play(s, "play 5 prey 1")
    f = GAME.facts(after)
    assert f["last"] == "caught" and f["last.drawn"] == "" and f["hand.Anna"] == "6"
    assert GAME.move_rules(s, GAME.parse_move(s, "play 5 prey 1"))[-1] == "intrappola.deck.empty"


def test_discard_only_when_no_trap_and_then_draw():
    s = position(CORNER)
    exc = refusal(s, "discard 7")
    found = GAME.violation(s, GAME.parse_move(s, "discard 7"))
    assert (found.rule_id, {k: str(v) for k, v in found.params.items()}) == (
        "intrappola.discard", {"example": "play 5 prey 1", "player": "Anna"})
    assert exc.reason == GAME.rules.reason(found.rule_id, **found.params)
    stuck = position("table: 2 11 16\nhand Anna: 3 6 13\nhand Bruno: 1 4 5\ndeck: 7 8 9 10 12 14 15")
    assert legal(stuck) == ["discard 3", "discard 6", "discard 13"]
    after = play(stuck, "discard 6")
    f = GAME.facts(after)
    assert f["hand.Anna"] == "3 7 13" and f["deck"] == 7 and f["turn"] == "Bruno"
    assert after.deck[-1] == read_card("6", 1) and f["under.Anna"] == "6" and f["quiet"] == 1


def test_pass_only_when_stuck_and_the_deck_is_empty():
    s = position("table: 5 6 7 8 9 10 11 12 13 14 15\nhand Anna: 1 16\nhand Bruno: 2 3 4")
    # Anna's cards close nothing; Bruno can close 1 by playing 2 (5 is on the table)
    assert legal(s) == ["pass"]
    assert "play 2 prey 1" in [GAME.move_text(s, m) for m in GAME.legal_moves(play(s, "pass"))]
    assert refusal(s, "discard 16").rule_id == "intrappola.discard.empty-deck"
    assert refusal(position(CORNER), "pass").rule_id == "intrappola.pass"
    after = play(s, "pass")
    assert GAME.facts(after)["turn"] == "Bruno" and GAME.facts(after)["last"] == "pass"


def test_end_when_a_hand_is_empty_and_the_score():
    s = position("table: 2 3 4 7 8 9 10 11 12 13 14 15 16\nhand Anna: 5 6\nhand Bruno: 1\ncaught Bruno: 16")
    after = play(s, "play 5 prey 1")
    f = GAME.facts(after)
    assert f["over"] and f["end"] == "hand" and f["turn"] == "over"
    assert GAME.outcome(after).scores == (1, 1) and f["winner"] == "draw"
    assert refusal(after, "pass").rule_id == "intrappola.end"


def test_end_when_neither_can_trap_and_nothing_new_can_come():
    # every empty place has all its neighbours on the table: no card can close anything
    s = position("table: 2 3 4 5 7 8 9 10 12 13 14 15\nhand Anna: 1 11\nhand Bruno: 6 16")
    assert GAME.facts(s)["end"] == "stuck" and GAME.outcome(s).winners == (0, 1)
    # a deck changes nothing: what it brings cannot close a place the table closes alone
    with_deck = "table: 2 3 4 5 7 8 9 10 12 13 14 15\nhand Anna: 1\nhand Bruno: 16\ndeck: 6 11"
    assert GAME.to_move(position(with_deck)) is None
    assert GAME.facts(position(with_deck))["end"] == "stuck"
    # while discards can bring a trap, they go on: Anna's 9 goes under and comes up for
    # Bruno, then her 10 closes place 9
    comes = ("table: 2 3 5 8 12 13 16\ncaught Anna: 4\ncaught Bruno: 1\n"
             "hand Anna: 9 10 14\nhand Bruno: 6 7 11\ndeck: 15")
    assert GAME.to_move(position(comes)) == 0


def test_winner_has_more_points():
    s = position("table: 3 4 5 7 8 9 10 12 13 14 15\nhand Anna: 11\nhand Bruno: 16\n"
                 "caught Anna: 6\ncaught Bruno: 1 2")
    assert GAME.outcome(s).scores == (4, 3) and GAME.outcome(s).winners == (0,)
    assert GAME.facts(s)["winner"] == "Anna"


def test_every_rule_id_in_the_catalogue_has_text_and_readings_are_marked():
    for rule_id in ("intrappola.turn", "intrappola.trap", "intrappola.trap.prey-own",
                    "intrappola.end", "intrappola.knowledge", "intrappola.variant.pictures"):
        assert GAME.rules[rule_id].reading
    assert all(rule.source for rule in GAME.rules.values())


def test_a_miss_with_one_card_left_shows_the_deck_rule():
    """ATTENZIONE (line 88): with one card left a miss gives it to the other player and B4
    cannot be done - the move shows intrappola.deck.empty, as a move with the deck empty does;
    a catch with one card left draws it, and skips nothing."""
    s = position("table: 2 5 6 7 9 10 11 13 14\ncaught Anna: 6\ncaught Bruno: 10\n"
                 "hand Anna: 3 8 15\nhand Bruno: 1 12 16\ndeck: 4")
    missed = GAME.parse_move(s, "play 3 8 prey 4")
    after = GAME.apply(s, missed)
    assert GAME.facts(after)["last.placed"] == ""  # B4 was skipped
    assert "intrappola.deck.empty" in GAME.move_rules(s, missed)
    caught = GAME.parse_move(s, "play 8 15 prey 12 16")
    assert GAME.facts(GAME.apply(s, caught))["last.drawn"] == "4"
    assert "intrappola.deck.empty" not in GAME.move_rules(s, caught)
