"""Every choice the rulebooks leave open is a labelled reading (issue 14.3), and the engine
does what the reading says.

Each known open choice below names its rule and a check of the engine's behaviour on that
choice. The test fails when the behaviour changes, or when the rule loses its reading, the
book's words (with their language) or its source in both seeds - so the code cannot branch on
a choice the learner is not shown.
"""
from __future__ import annotations

import pytest

from tutor.core import IllegalMove
from tutor.trapper import GAME, rules_of
from tutor.trapper.scoring import canoe_bonus_tile
from tutor.trapper.tiles import ANIMAL, ANIMAL_VALUES, TILES

from .helpers import play, position
from .test_tactical import AFTER_ONE, position as tactical

# green on c3; bear 2 free to its north (c4): it fills the bear canoe of the tests below
BEAR2 = """
board:
  4  .  .  bear2/N  .  .  .  .  .
  3  .  .  green    .  .  .  .  .
  2  .  blue  .  .  .  .  .  .
  1  .  beige  purple  .  .  .  .  .
"""
FULL = "display Anna: canoe-bear3 + mushroom5 + herb1 + bear4 + bear1\n"


def bonus_after_sale(held_by_ben: str) -> str:
    s = position(FULL + f"bonus Ben: {held_by_ben}\n", board=BEAR2)
    return GAME.facts(play(s, "green: take c4"))["bonus.Anna"]


def tile_values() -> None:
    # each species has six tiles worth 1, 2, 2, 3, 3, 4 (not one value per species)
    for species in ("mink", "lynx", "elk", "bear", "wolf", "salmon"):
        values = sorted(t.value for t in TILES if t.kind == ANIMAL and t.species == species)
        assert values == list(ANIMAL_VALUES) == [1, 2, 2, 3, 3, 4]


def next_lower_bonus() -> None:
    # Dutch: the next lower tile still there, nothing only when none is lower
    assert bonus_after_sale("canoe 26") == "canoe 24"
    assert bonus_after_sale("canoe 26, canoe 24") == "canoe 22"  # Italian: nothing
    assert bonus_after_sale(", ".join(f"canoe {n}" for n in range(16, 28, 2))) == "none"
    assert canoe_bonus_tile((16, 18, 36), 40) == 36  # above 36: tile 36


def end_on_last_tile() -> None:
    board = "\nboard:\n" + "".join(f"  {r}  " + "  ".join("." * 8) + "\n" for r in range(8, 3, -1))
    board += """  3  .  .  green  mushroom2/S  .  .  .  .
  2  .  blue  .  .  .  .  .  .
  1  .  beige  purple  .  .  .  .  .
"""
    s = play(position("money Ben: 2\n", board=board), "green: take d3")
    assert s.over and GAME.outcome(s).winners == (1,)
    tie = play(position("money Ben: -2\n", board=board), "green: take d3")  # mushroom 2: -2
    assert GAME.outcome(tie).winners == (0, 1)  # equal money shares the win


def isolated_takes_a_blocked_neighbour() -> None:
    board = """
board:
  4  .  .  bear4/S  .  .  .  .  .
  3  .  .  green    .  .  .  .  .
  2  .  blue  .  .  .  .  .  .
  1  .  beige  purple  .  .  .  .  .
"""
    s = position("", board=board)
    assert rules_of(s).isolated(s, 0)
    assert GAME.facts(play(s, "green: take c4"))["trapper.green"] == "c4"


def mushroom_before_animals() -> None:
    s = position("display Anna: bear4 | mushroom5 | herb1\n", board="""
board:
  4  .  .  canoe-bear1/N  .  .  .  .  .
  3  .  .  green          .  .  .  .  .
  2  .  blue  .  .  .  .  .  .
  1  .  beige  purple  .  .  .  .  .
""")
    after = play(s, "green: take c4")  # the canoe takes mushroom, herb, then its one bear
    assert GAME.facts(after)["sold.Anna"] == "canoe of 1 bear (20)"


def unpayable_bid_refused() -> None:
    s = GAME.initial_state({"players": 3, "variant": "tactical"}, 1)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(s, GAME.parse_move(s, "bid beige 20"))
    assert refused.value.rule_id == "trapper.tactical.cannot-pay"


def species_exactly() -> None:
    s = position("sold Anna: canoe-mink1 + mink3 | canoe-elk1 + elk2\nbonus Ben: species 1\n",
                 board=BEAR2)
    with pytest.raises(IllegalMove) as refused:  # 1 species for tile 2 is not allowed
        GAME.apply(s, GAME.parse_move(s, "exchange mink"))
    assert refused.value.rule_id == "trapper.bonus.species.taken"


def both_piles_empty() -> None:
    cards = ("hand Anna: green 16, blue 16\nhand Ben: beige 16\naside: purple 16\n")
    s = play(position(cards, head="players: Anna, Ben\n", board=BEAR2), "green: take c4",
             "end turn")
    # the draw pile is empty and the discard pile holds the one green card played: Anna
    # draws it, and no second card; the turn ends all the same
    assert s.hands[0] == (16, 16, 0, 0) and s.draw == () and s.discard == (0, 0, 0, 0)
    assert GAME.facts(s)["turn"] == "Ben"


# the rule of each known open choice, and the check of what the engine does on it
def passed_bids_in_the_next_auction() -> None:
    # the books differ: the Dutch lets B back in the stone holder's next auction, the Italian
    # only on B's next turn; the worked example of both has B pass, then raise to 3
    s = play(tactical(), *AFTER_ONE, "bid 1")
    assert s.players[s.actor] == "B" and not any(s.out)
    assert GAME.facts(play(s, "bid 2"))["auction.bid"] == 2


KNOWN = {
    "trapper.tiles": tile_values,
    "trapper.bonus.canoe": next_lower_bonus,
    "trapper.end": end_on_last_tile,
    "trapper.take.isolated": isolated_takes_a_blocked_neighbour,
    "trapper.display.attach": mushroom_before_animals,
    "trapper.tactical.cannot-pay": unpayable_bid_refused,
    "trapper.bonus.species": species_exactly,
    "trapper.cards.reshuffle": both_piles_empty,
    "trapper.tactical.pass": passed_bids_in_the_next_auction,
}


@pytest.mark.parametrize("rule_id", sorted(KNOWN))
def test_a_known_open_choice_has_a_labelled_reading_and_the_engine_follows_it(rule_id):
    rule = GAME.rules[rule_id]
    assert rule.reading and rule.words and rule.book in ("nl", "it")
    KNOWN[rule_id]()


def test_the_bonus_reading_quotes_both_books_and_says_which_it_follows():
    rule = GAME.rules["trapper.bonus.canoe"]
    assert (rule.book, rule.words) == ("nl", (
        "Als een bonusfiche niet meer voorhanden is omdat een andere speler deze fiche al bezit, "
        "ontvangt de speler de fiche met het volgende kleinere getal. Als er geen fiche met een "
        "kleiner getal meer is, gaat de speler, jammer genoeg, met lege handen naar huis."))
    flat = " ".join(rule.reading.split())
    assert "ontvangt de speler de fiche met het volgende kleinere getal" in flat
    assert "il giocatore riceve la tessera con il numero immediatamente inferiore" in flat
    assert "The tutor follows the Dutch" in flat


def test_every_reading_quotes_the_book():
    unquoted = [r.id for r in GAME.rules.values() if r.reading and not (r.words and r.book)]
    assert unquoted == []


def test_every_rule_names_its_place_in_both_seeds_or_says_why_not():
    for rule in GAME.rules.values():
        assert "000 line" in rule.source, rule.id
        assert "001 line" in rule.source, rule.id
