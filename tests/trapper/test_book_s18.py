"""An examiner's reading of Trapper's mid-game rules (session 18): sentences of the books that
the other book-derived tests leave unpinned - a colour swap made twice with two colours, tiles
laid beside a canoe staying there when another canoe arrives, and water in the tactical
auction. Each case quotes its sentence: NL is the Dutch rulebook
(/work/shared/seeds/000_efee69d021b65f61.txt), IT the Italian one (001_45d71ac09ae6f886.txt)."""
from __future__ import annotations

from .test_book_s15 import HEAD, at, facts, grid, play, refused, texts


def test_a_colour_swap_may_be_made_again_with_another_colour_in_the_same_turn():
    """NL Kleurenwissel: "Deze kleurenwissel mag men meermaals toepassen in een speelbeurt. Als
    hij eerst twee beige kaarten heeft gebruikt, mag hij daarna twee groene kaarten gebruiken."
    Anna holds no blue card and moves the blue trapper twice."""
    s = at(HEAD + "hand Anna: beige 2, green 2\n" + grid(e6="wolf1/N", f6="lynx2/N"))
    assert refused(s, "blue: take e6") == "trapper.cards"  # no blue card: only a swap
    s = play(s, "blue: take e6 paying beige beige")
    assert texts(s) == ["blue: take f6 paying green green", "end turn"]
    s = play(s, "blue: take f6 paying green green")
    f = facts(s)
    assert f["trapper.blue"] == "f6" and f["display.Anna"] == "wolf 1 | lynx 2"
    assert f["hand.Anna"] == "green 0, blue 0, beige 0, purple 0" and f["played"] == 4
    assert texts(s) == ["end turn"]


def test_tiles_laid_beside_a_canoe_stay_there_when_another_canoe_of_the_species_arrives():
    """NL De vitrine: "Buitkaartjes die aan een kano werden aangelegd, kunnen niet meer worden
    weggenomen of geruild." IT: "Le tessere Bottino poste accanto ad una canoa non possono essere
    spostate o cambiate!" A second bear canoe takes neither the bear, nor the mushroom, nor the
    herb of the first: it lies bare beside it."""
    s = at(HEAD + "hand Anna: green 1\ndisplay Anna: canoe-bear3 + mushroom5 + herb2 + bear4\n"
           + grid(c5="canoe-bear2/N"))
    assert "green: take c5" in texts(s)  # one way only: nothing single to take along
    s = play(s, "green: take c5")
    assert facts(s)["display.Anna"] == ("canoe of 3 bears + mushroom 5 + herb 2 + bear 4"
                                        " | canoe of 2 bears")


def test_tactical_the_auction_winner_takes_a_tile_the_trapper_can_reach_water_blocks():
    """NL Tactische variant: "neemt hij zich een kaartje naar keuze dat voor de gelijkgekleurde
    trapper toegankelijk is"; NL Buitkaartjes: "Via de waterzijde is een kaartje onbereikbaar voor
    de trapper." The beige trapper on e4: bear 2 on e3 turns its water towards it, elk 1 on f4
    does not."""
    s = at("players: A, B\nturn: A\nhand A: beige 2\nhand B: green 1\n"
           + grid(e3="bear2/N", f4="elk1/E"), {"variant": "tactical"})
    s = play(s, "bid beige 1", "pass")
    assert facts(s)["to move"] == "A"
    assert texts(s) == ["beige: take f4 paying beige"]
    assert refused(s, "beige: take e3") == "trapper.take.water"
    s = play(s, "beige: take f4")
    assert facts(s)["display.A"] == "elk 1" and facts(s)["trapper.beige"] == "f4"
