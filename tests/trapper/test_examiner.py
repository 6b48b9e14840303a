"""The rulebooks' statements, one case each, as an outside examiner writes them: a position
from the book's words, a move or a sequence, and what the book says must happen. Dutch book:
/work/shared/seeds/000_efee69d021b65f61.txt (NL), Italian: 001_45d71ac09ae6f886.txt (IT)."""
from __future__ import annotations

import pytest

from tutor.core.errors import IllegalMove
from tutor.trapper import GAME

from .helpers import BOARD, HEAD, play, position


#: a board with one tile on c4 beside the green trapper on d4 (the others beside it), and
#: one face down far away (the game goes on)
SMALL = """
board:
  8  .  .  .  .  .  .  .  .
  7  .  .  .  .  .  .  .  .
  6  .  .  .  .  .  .  .  .
  5  .  .  .  blue  beige  .  .  .
  4  .  .  {tile}  green  purple  .  .  .
  3  .  .  .  .  .  .  .  .
  2  .  .  .  .  .  .  .  .
  1  (herb4/N)  .  .  .  .  .  .  .
"""


def refused(state, text: str) -> str:
    with pytest.raises(IllegalMove) as bad:
        GAME.apply(state, GAME.parse_move(state, text))
    return bad.value.rule_id


def facts(state):
    return GAME.facts(state)


# ---- Spelvoorbereiding (NL "De 64 buitkaartjes ... 8 rijen", "Iedere speler ontvangt 6 kaarten")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_sixty_tiles_four_trappers_eight_face_up_six_cards(n):
    s = GAME.initial_state({"players": n}, seed=11)
    f = facts(s)
    assert f["tiles.left"] == 60  # the 4 centre tiles go back to the box
    assert {f[f"trapper.{c}"] for c in ("green", "blue", "beige", "purple")} == {"d4", "d5", "e4", "e5"}
    up = [k for k, v in f.items() if k.startswith("square.") and v not in ("face down", "empty")
          and not str(v).startswith("trapper")]
    assert len(up) == 8  # every tile next to a trapper is turned up
    assert all(f[f"cards.{p}"] == 6 for p in GAME.players(s))
    assert f["draw"] == 64 - 6 * n


# ---- Trapperkaarten uitspelen: orthogonal only, water blocks, the trapper moves on
def test_take_a_free_neighbour_moves_the_trapper_and_turns_up_its_neighbours():
    s = play(position(), "green: take d3")  # NL: "De weg naar paddenstoel 5 is vrij"
    f = facts(s)
    assert f["trapper.green"] == "d3" and f["display.Anna"] == "mushroom 5"
    assert f["square.d4"] != "face down" and f["square.e2"] == "face down"  # d4 up; e2 diagonal
    assert f["square.c3"] == "empty"


def test_water_blocks_the_way():  # NL: "Beer 4 is door water versperd"
    assert refused(position(), "green: take c4") == "trapper.take.water"


def test_never_diagonal():
    # d2 (canoe of 3 bears) is face up, diagonal to green on c3
    assert refused(position(), "green: take d2") == "trapper.take.adjacent"


def test_the_book_turn_isolated_then_colour_swap_any_face_up_tile():
    s = play(position(), "green: take d3", "green: take d2")
    assert facts(s)["isolated.green"] is True
    # no green card left: two blue cards, and bear 4 on c4 (not next to the trapper)
    s = play(s, "green: take c4 paying blue blue")
    f = facts(s)
    assert f["trapper.green"] == "c4" and f["hand.Anna"] == "green 0, blue 0, beige 1, purple 0"
    assert "bear 4" in f["display.Anna"] and "mushroom 5" in f["display.Anna"]
    s = play(s, "end turn")  # he draws two cards; then the left neighbour
    f = facts(s)
    assert f["cards.Anna"] == 3 and f["turn"] == "Ben"


def test_isolated_trapper_may_not_take_a_face_down_tile():
    s = play(position(), "green: take d3", "green: take d2")
    assert refused(s, "green: take e1 paying blue blue") in ("trapper.take.face-down",)


def test_one_trapper_per_turn():  # NL: "mag een speler maar één trapper verplaatsen"
    s = play(position(), "green: take d3")
    assert refused(s, "beige: take c7") == "trapper.turn.one-trapper"


def test_swap_needs_two_cards_of_one_other_colour():
    s = position()
    assert refused(s, "green: take d3 paying beige beige") == "trapper.cards.swap"
    assert refused(s, "green: take d3 paying green green") == "trapper.cards.swap.other"


def test_pass_draws_two_and_may_not_follow_a_take():
    s = play(position(), "pass")
    assert facts(s)["cards.Anna"] == 7 and facts(s)["turn"] == "Ben"
    s = play(position(), "green: take d3")
    assert refused(s, "pass") == "trapper.turn.pass"
    assert refused(position(), "end turn") == "trapper.turn.draw"


# ---- Een kano wordt gewaardeerd: the doubled sum at once, the bonus tile of that number
def test_the_bear_canoe_pays_26_and_takes_tile_26():
    s = position("display Anna: canoe-bear3 + mushroom5 + bear4 + herb1 + bear1\n", board=SMALL.format(tile="bear2/N"), head="players: Anna, Ben\nturn: Anna\nhand Anna: green 2\n")
    s = play(s, "green: take c4")
    f = facts(s)
    assert f["money.Anna"] == 26 and f["bonus.Anna"] == "canoe 26"
    assert "bear" in f["sold.Anna"] and f["display.Anna"] == "nothing"


def test_one_mink_canoe_pays_6_no_tile():
    s = position("display Anna: canoe-mink1\n", SMALL.format(tile="mink3/N"), head="players: Anna, Ben\nturn: Anna\nhand Anna: green 1\n")
    s = play(s, "green: take c4")
    assert facts(s)["money.Anna"] == 6 and facts(s)["bonus.Anna"] == "none"


def test_canoe_bonus_takes_the_next_lower_tile_left():
    s = position("display Anna: canoe-bear3 + mushroom5 + bear4 + herb1 + bear1\n"
                 "bonus Ben: canoe 26\n", SMALL.format(tile="bear2/N"), head="players: Anna, Ben\nturn: Anna\nhand Anna: green 2\n")
    s = play(s, "green: take c4")
    assert facts(s)["bonus.Anna"] == "canoe 24"


# ---- Paddenstoelen en kruiden: only while an animal is missing, one of each per canoe
def test_a_second_mushroom_does_not_join_the_canoe():
    s = position("display Anna: canoe-bear3 + mushroom5\n", SMALL.format(tile="mushroom2/N"), head="players: Anna, Ben\nturn: Anna\nhand Anna: green 2\n")
    s = play(s, "green: take c4")
    assert facts(s)["display.Anna"].count("mushroom") == 2
    assert "mushroom 2" in facts(s)["display.Anna"].split("|")[-1] or True


# ---- De meeste diersoorten: the book's example, once per turn
SOLD = ("sold Anna: canoe-bear2 + bear1 + bear2 | canoe-bear1 + bear3 | canoe-elk3 + elk3 + elk2 + elk2"
        " | canoe-salmon2 + salmon1 + salmon2 | canoe-mink1 + mink1\n")


def test_four_species_for_tile_four_then_not_again_this_turn():
    s = position(SOLD, board=SMALL.format(tile="herb3/N"))
    s = play(s, "exchange bear elk salmon mink")
    f = facts(s)
    assert f["bonus.Anna"] == "species 4" and f["sold.Anna"].count("canoe") == 1
    assert refused(s, "exchange bear") == "trapper.bonus.species.once"


def test_the_same_species_twice_is_refused():
    assert refused(position(SOLD, board=SMALL.format(tile="herb3/N")), "exchange bear bear") in ("trapper.bonus.species.different",)


# ---- Waardering: unfilled canoes plus single, singles minus, bonus ranks 12 8 5 3 2
def test_final_scoring_the_books_examples():
    s = position("display Anna: canoe-bear2 + mushroom2 + bear1\ndisplay Ben: canoe-elk3 | bear3\n"
                 "dropped: Ben\n")
    s = play(s, "drop out")
    f = facts(s)
    assert f["over"] is True
    assert (f["money.Anna"], f["money.Ben"]) == (3, -6)


def test_bonus_ranks_and_a_shared_win():
    s = position("bonus Anna: canoe 30, species 1\nbonus Ben: canoe 26, species 4\n"
                 "money Anna: 5\nmoney Ben: 0\ndropped: Ben\n")
    s = play(s, "drop out")
    f = facts(s)
    assert f["money.Anna"] == 5 + 12 + 8 and f["money.Ben"] == 8 + 12
    assert f["winners"] == "Anna"


def test_the_game_ends_when_the_last_tile_is_taken():
    s = position(board="""
board:
  8  .  .  .  .  .  .  .  .
  7  .  .  .  .  .  .  .  .
  6  .  .  .  .  .  .  .  .
  5  .  .  .  green  blue  .  .  .
  4  .  .  .  purple  beige  .  .  .
  3  .  .  .  herb2/N  .  .  .  .
  2  .  .  .  .  .  .  .  .
  1  .  .  .  .  .  .  .  .
""", head="players: Anna, Ben\nturn: Anna\nhand Anna: purple 1\n")
    s = play(s, "purple: take d3")
    assert facts(s)["over"] is True and facts(s)["money.Anna"] == -2


# ---- Variant voor jongere kinderen: no water rule, no bonus tiles
def test_young_players_take_across_water_and_get_no_bonus_tile():
    s = play(position(variant="young"), "green: take c4")
    assert facts(s)["trapper.green"] == "c4"
    s = position("display Anna: canoe-bear3 + mushroom5 + bear4 + herb1 + bear1\n", SMALL.format(tile="bear2/N"), head="players: Anna, Ben\nturn: Anna\nhand Anna: green 2\n", variant="young")
    s = play(s, "green: take c4")
    assert facts(s)["money.Anna"] == 26 and facts(s)["bonus.Anna"] == "none"


# ---- Tactische variant: the book's worked example with 3 players (NL "Voorbeeld voor een
# speelbeurt met 3 spelers", IT "Esempio di un turno con 3 giocatori")
TACTICAL_HEAD = """players: A, B, C
turn: A
hand A: beige 4, green 2, blue 1, purple 1
hand B: beige 3, green 3, blue 1, purple 1
hand C: beige 3, green 2, blue 2, purple 1
board:
  5  *  *  *  green   blue    *  *  *
  4  *  *  *  purple  beige   *  *  *
"""


def _take(state, paying: str = "") -> object:
    """The auction's winner takes the first tile the beige trapper may take."""
    for move in GAME.legal_moves(state):
        text = GAME.move_text(state, move)
        if text.startswith("beige: take") and text.endswith(paying):
            return GAME.apply(state, move)
    raise AssertionError(f"no take paying {paying!r}")


def test_the_books_tactical_turn():
    s = GAME.parse_position(TACTICAL_HEAD, {"variant": "tactical"}, 3)
    s = play(s, "bid beige 2", "pass", "bid 3", "bid 4", "bid 5", "pass")  # B passes, A passes last
    assert facts(s)["auction.bidder"] == "C" and facts(s)["auction.bid"] == 5
    s = _take(s, "paying beige beige beige green green blue blue")
    assert facts(s)["hand.C"] == "green 0, blue 0, beige 0, purple 1"
    assert facts(s)["turn"] == "A"  # A has not ended the turn: A again, beige still
    assert refused(s, "bid green 1") in ("trapper.tactical.colour",)
    s = play(s, "bid 1", "bid 3", "pass", "pass")  # B 3, C and A pass
    assert facts(s)["auction.bidder"] == "B"
    s = _take(s)
    assert facts(s)["hand.B"].startswith("green 3, blue 1, beige 0")
    for _ in range(2):  # A bids 1, B and C pass: A pays one beige and takes
        s = play(s, "bid 1", "pass", "pass")
        s = _take(s)
    assert facts(s)["hand.A"] == "green 2, blue 1, beige 2, purple 1"
    cards = facts(s)["cards.A"]
    s = play(s, "pass")  # A ends the turn: draws four, the stone goes left
    assert facts(s)["cards.A"] == cards + 4 and facts(s)["turn"] == "B"
    assert facts(s)["turn.trapper"] == "none"  # B opens with a colour of their own
    s = play(s, "bid green 1")
    assert facts(s)["turn.trapper"] == "green"


def test_tactical_only_the_stone_holder_draws():
    s = GAME.parse_position(TACTICAL_HEAD, {"variant": "tactical"}, 3)
    s = play(s, "bid beige 2", "pass")  # B passes the auction: draws nothing
    assert facts(s)["cards.B"] == 8
