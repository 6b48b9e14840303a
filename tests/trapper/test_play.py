"""What legal Trapper moves do: take, reveal, attach, sell, bonus tiles, draw, end, score."""
from __future__ import annotations

from tutor.trapper import GAME, rules_of
from tutor.trapper.tiles import square_index

from .helpers import position, play

# green on c3 with bear 2 free to its north (c4), the rest of the board as the worked turn
BEAR2_NORTH = """
board:
  8  *  *          *          *              *             *  *       *
  7  *  beige      *          *              *             *  blue    *
  6  *  *          *          *              *             .  *       *
  5  .  *          *          *              *             .  *       *
  4  .  .          bear2/N    (elk1/E)       *             *  purple  *
  3  *  .          green      canoe-bear1/S  salmon3/N     *  *       *
  2  *  *          .          mink3/E        (wolf1/W)     *  *       *
  1  *  *          *          (herb2/N)      *             *  *       *
"""


# one loot tile left on the board, next to the green trapper
LAST_TILE = "\nboard:\n" + "\n".join(f"  {r}  " + "  ".join(["."] * 8) for r in range(8, 4, -1)) + """
  4  .  .  .  .  .  .  .  .
  3  .  .  green  mushroom2/S  .  .  .  .
  2  .  blue  .  .  .  .  .  .
  1  .  beige  purple  .  .  .  .  .
"""


def facts(state):
    return GAME.facts(state)


def test_setup_matches_the_rulebook():
    for players in (2, 3, 4):
        s = GAME.initial_state({"players": players}, seed=players)
        assert sorted(s.trappers) == [27, 28, 35, 36]
        assert len(s.box) == 4 and all(s.board[sq] is None for sq in s.trappers)
        up = [sq for sq in range(64) if s.face_up[sq]]
        assert len(up) == 8 and all(
            any(abs(sq - t) in (1, 8) for t in s.trappers) for sq in up)
        assert all(sum(h) == 6 for h in s.hands) and len(s.draw) == 64 - 6 * players
        assert sorted(s.water).count("N") == 16 and sorted(s.water).count("W") == 16
    assert GAME.initial_state({}, 5) == GAME.initial_state({}, 5)
    assert GAME.initial_state({}, 5).board != GAME.initial_state({}, 6).board


def test_take_moves_the_trapper_and_reveals_its_new_neighbours():
    s = play(position(), "green: take d3")
    f = facts(s)
    assert f["trapper.green"] == "d3" and f["square.c3"] == "empty"
    assert f["square.d4"] == "elk 1" and f["square.d2"] == "canoe of 3 bears"
    assert s.last == (square_index("c3"), square_index("d3"))
    assert f["hand.Anna"] == "green 1, blue 2, beige 1, purple 0" and f["discard"] == 1


def test_isolated_trapper_takes_any_face_up_tile():
    s = play(position(), "green: take d3", "green: take d2")
    assert rules_of(s).isolated(s, 0)
    targets = GAME.legal_targets(s)
    assert (0, square_index("c4")) in targets and (0, square_index("f6")) not in targets  # f6 empty
    far = play(s, "green: take f4 paying blue blue")  # f4: next to purple, face up
    assert facts(far)["trapper.green"] == "f4"


def test_a_full_canoe_is_sold_at_once_for_double_and_takes_the_canoe_bonus():
    # the rulebook's example: 4 + 1 + 5 + 1 + 2 = 13, paid 26, bonus tile 26
    s = position("display Anna: canoe-bear3 + mushroom5 + herb1 + bear4 + bear1\n",
                 board=BEAR2_NORTH)
    s = play(s, "green: take c4")
    f = facts(s)
    assert f["money.Anna"] == 26 and f["bonus.Anna"] == "canoe 26"
    assert f["display.Anna"] == "nothing" and f["sold.Anna"] == "canoe of 3 bears (26)"
    assert [(p.amount, p.rule) for p in s.ledger] == [(26, "trapper.canoe.full")]


def test_canoe_bonus_next_lower_when_taken_and_nothing_when_none_lower():
    extra = "display Anna: canoe-bear3 + mushroom5 + herb1 + bear4 + bear1\n"
    s = play(position(extra + "bonus Ben: canoe 26, canoe 22\n", board=BEAR2_NORTH),
             "green: take c4")
    assert facts(s)["bonus.Anna"] == "canoe 24"
    lower = ", ".join(f"canoe {t}" for t in range(16, 28, 2))
    s = play(position(extra + f"bonus Ben: {lower}\n", board=BEAR2_NORTH), "green: take c4")
    assert facts(s)["bonus.Anna"] == "none" and facts(s)["money.Anna"] == 26


def test_small_sale_takes_no_bonus_tile():
    # the rulebook's example: a 1-mink canoe with a mink worth 3 pays 6
    s = play(position("display Anna: canoe-mink1\n", board=BEAR2_NORTH),
             "green: take d3", "green: take d2")
    f = facts(s)
    assert f["money.Anna"] == 6 and f["bonus.Anna"] == "none"
    assert f["display.Anna"] == "canoe of 1 bear" and f["sold.Anna"] == "canoe of 1 mink (6)"


def test_an_arriving_canoe_takes_mushroom_and_herb_before_its_animals():
    s = position("display Anna: bear4 | mushroom5 | herb1\n", board=BEAR2_NORTH)
    s = play(s, "green: take d3")  # canoe of 1 bear takes mushroom 5, herb 1, bear 4: full
    f = facts(s)
    assert f["sold.Anna"] == "canoe of 1 bear (20)" and f["money.Anna"] == 20
    assert f["bonus.Anna"] == "canoe 20"


def test_a_canoe_with_a_mushroom_takes_no_second_one():
    s = position("display Anna: canoe-elk2 + mushroom1\n")
    s = play(s, "green: take d3")
    assert facts(s)["display.Anna"] == "canoe of 2 elk + mushroom 1 | mushroom 5"


def test_the_player_chooses_which_singles_an_arriving_canoe_takes():
    s = position("display Anna: bear3 | bear1 | mushroom1 | mushroom4\n", board=BEAR2_NORTH)
    moves = [GAME.move_text(s, m) for m in GAME.legal_moves(s) if "d3" in GAME.move_text(s, m)]
    assert "green: take d3 with mushroom 4, bear 3" in moves
    assert "green: take d3 with mushroom 1, bear 1" in moves and "green: take d3" not in moves
    s = play(s, "green: take d3 with mushroom 4, bear 3")
    assert facts(s)["sold.Anna"] == "canoe of 1 bear (14)"
    assert facts(s)["display.Anna"] == "bear 1 | mushroom 1"


def test_colour_swaps_may_change_colour_within_a_turn():
    s = position("hand Anna: beige 2, blue 2\n", head="players: Anna, Ben\n")
    s = play(s, "green: take d3 paying beige beige", "green: take d2 paying blue blue")
    assert facts(s)["trapper.green"] == "d2" and facts(s)["discard"] == 4


def test_end_turn_draws_two_and_the_discard_pile_is_reshuffled_when_the_draw_is_empty():
    cards = "hand Anna: green 2, blue 2, beige 1\nhand Ben: green 6\ndraw: purple\n"
    # every other card is in the discard pile
    s = position(cards + "discard: green 8, blue 14, beige 15, purple 15\n",
                 head="players: Anna, Ben\n")
    s = play(s, "green: take d3", "end turn")
    assert s.reshuffles == 1
    assert sum(s.hands[0]) == 4 + 2 and len(s.draw) == 53 - 1 and sum(s.discard) == 0
    again = play(position(cards + "discard: green 8, blue 14, beige 15, purple 15\n",
                          head="players: Anna, Ben\n"), "green: take d3", "end turn")
    assert again.draw == s.draw  # the reshuffle is seeded


def test_a_draw_pile_used_up_is_the_shuffled_discard_pile_at_once():
    """"Als de voorraadstapel is opgebruikt, wordt de aflegstapel ... als nieuwe voorraadstapel
    klaargelegd": the discard pile became the draw pile only when a card was next drawn, so the
    cards played in between were shuffled in too, and the table showed no draw pile meanwhile."""
    s = position("hand Anna: green 2, blue 2, beige 1\nhand Ben: green 6\ndraw: purple, purple\n"
                 "discard: green 8, blue 14, beige 15, purple 14\n", head="players: Anna, Ben\n")
    s = play(s, "green: take d3", "end turn")  # the last two cards of the draw pile
    assert s.hands[0][3] == 2 and s.reshuffles == 1
    assert len(s.draw) == 52 and sum(s.discard) == 0
    take = next(GAME.move_text(s, m) for m in GAME.legal_moves(s) if "take" in GAME.move_text(s, m))
    s = play(s, take)  # Ben's card starts the new discard pile
    assert sum(s.discard) >= 1 and len(s.draw) == 52 and s.reshuffles == 1


def test_pass_draws_two_and_the_turn_goes_on():
    s = play(position(), "pass")
    f = facts(s)
    assert f["turn"] == "Ben" and f["cards.Anna"] == 7 and f["played"] == 0


def test_most_species_exchange_hands_canoes_in_to_the_box():
    s = position("sold Anna: canoe-bear2 + bear1 + bear2 | canoe-bear1 + bear3 | "
                 "canoe-elk3 + elk2 + elk2 + elk3 | canoe-salmon2 + salmon1 + salmon2 | "
                 "canoe-mink1 + mink1\n", board=LAST_TILE)
    s = play(s, "exchange bear elk salmon mink")
    f = facts(s)
    assert f["bonus.Anna"] == "species 4" and s.species_bonus_left == (1, 2, 3, 5, 6)
    assert f["sold.Anna"] == "canoe of 1 bear (6)"  # the one canoe not handed in
    assert len(s.handed_in) == 3 + 4 + 3 + 2  # the four canoes and their stacks
    s = play(s, "pass", "pass")
    s = play(s, "exchange bear")
    assert facts(s)["bonus.Anna"] == "species 4, species 1" and facts(s)["sold.Anna"] == "nothing"


def test_dropping_out_and_the_end_when_everyone_has_dropped_out():
    s = position("display Anna: canoe-bear2 + mushroom2 + bear1 | canoe-elk3 | wolf3\n"
                 "display Ben: herb4\nbonus Anna: canoe 30, canoe 18\nbonus Ben: canoe 26\n"
                 "money Ben: 20\n")
    s = play(s, "drop out")
    assert facts(s)["dropped.Anna"] and facts(s)["turn"] == "Ben" and sum(s.aside) == 5
    s = play(s, "pass")
    assert facts(s)["turn"] == "Ben"  # Anna is out: Ben plays on
    s = play(s, "drop out")
    assert s.over and GAME.to_move(s) is None and list(GAME.legal_moves(s)) == []
    # Anna: row +3 (rulebook example), canoe of 3 elk -3, wolf 3 -3; bonus 12 + 5
    # Ben: 20, herb 4 -4, bonus 8
    outcome = GAME.outcome(s)
    assert outcome.scores == (3 - 3 - 3 + 12 + 5, 20 - 4 + 8)
    assert outcome.winners == (1,)
    assert {p.rule for p in s.ledger} == {"trapper.money", "trapper.end.scoring",
                                          "trapper.end.bonus"}


def test_the_end_when_all_loot_tiles_are_taken_and_ties_share_the_win():
    board = LAST_TILE
    s = play(position("money Ben: 2\n", board=board), "green: take d3")
    assert s.over and facts(s)["tiles.left"] == 0
    assert GAME.outcome(s).scores == (-2, 2)
    tie = play(position("money Ben: -2\n", board=board), "green: take d3")
    assert GAME.outcome(tie).winners == (0, 1)


def test_observation_hides_hands_draw_pile_face_down_tiles_and_box():
    s = position()
    seen = GAME.observation(s, 0)
    assert seen.hands[0] == s.hands[0] and seen.hands[1] == (6,)
    assert set(seen.draw) == {-1} and len(seen.draw) == len(s.draw)
    hidden = [sq for sq in range(64) if s.board[sq] is not None and not s.face_up[sq]]
    assert hidden and all(seen.board[sq] == -1 for sq in hidden)
    assert all(seen.board[sq] == s.board[sq] for sq in range(64) if s.face_up[sq])
    assert set(seen.box) <= {-1}
