"""An examiner's reading of Trapper (session 15): what the other book-derived tests leave out -
setup counts for every player count and variant, a turn with zero cards, the moment of an
exchange, the last card, the last tile, the sixth bonus tile, the tactical auction's winner -
and the lessons read beside the book (a free bonus tile left behind, a herb said to fit a canoe
that had one, every tile a narration places on a square). Each case quotes the sentence it
comes from: NL is the Dutch rulebook (/work/shared/seeds/000_efee69d021b65f61.txt), IT the
Italian one (001_45d71ac09ae6f886.txt)."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from tutor.core.errors import BadOption, IllegalMove
from tutor.core.walkthrough import by_id, library, replay
from tutor.trapper import GAME
from tutor.trapper.moves import DropOut, Exchange, Take
from tutor.trapper.rules import finish
from tutor.trapper.state import CANOE_BONUS, SPECIES_BONUS
from tutor.trapper.tiles import SPECIES, TILES, by_code, square_index

NEIGHBOURS_OF_THE_CENTRE = {"c4", "c5", "d3", "e3", "f4", "f5", "d6", "e6"}


def grid(**squares: str) -> str:
    """A board block: the trappers on their start squares, ``.`` everywhere else but the
    squares named (``c5="bear2/E"``; a trapper moved: ``d5="."`` and ``c7="green"``), and one
    tile face down on h1 so that the game goes on (``h1="."`` for none)."""
    cells = {"d5": "green", "e5": "blue", "e4": "beige", "d4": "purple", "h1": "(salmon1/N)"}
    cells.update(squares)
    lines = ["board:"]
    for rank in range(8, 0, -1):
        lines.append(f"  {rank}  " + "  ".join(cells.get(f"{f}{rank}", ".")
                                               for f in "abcdefgh"))
    return "\n".join(lines) + "\n"


def at(text: str, options: dict | None = None, seed: int = 0):
    return GAME.parse_position(text, options or {}, seed)


def play(state, *texts: str):
    for text in texts:
        state = GAME.apply(state, GAME.parse_move(state, text))
    return state


def refused(state, text: str) -> str:
    with pytest.raises(IllegalMove) as bad:
        GAME.apply(state, GAME.parse_move(state, text))
    return bad.value.rule_id


def texts(state) -> list[str]:
    return [GAME.move_text(state, m) for m in GAME.legal_moves(state)]


def facts(state):
    return GAME.facts(state)


# ---- Spelmateriaal ------------------------------------------------------------------------------
def test_the_loot_tiles_are_the_books_64():
    """NL "64 buitkaartjes (36 dieren, 18 kano's, 5 kruiden, 5 paddenstoelen)"; "Ieder dier is
    zesmaal voorhanden"; "voor elke diersoort slechts drie passende kano's waarmee één, twee of
    drie dieren kunnen worden vervoerd"; "getallen van 1 tot 5" on mushrooms and herbs."""
    kinds = Counter(t.kind for t in TILES)
    assert kinds == {"canoe": 18, "animal": 36, "herb": 5, "mushroom": 5}
    for species in SPECIES:
        assert sorted(t.value for t in TILES if t.kind == "canoe" and t.species == species) \
            == [1, 2, 3]
        animals = [t.value for t in TILES if t.kind == "animal" and t.species == species]
        assert sorted(animals) == [1, 2, 2, 3, 3, 4]  # the reading of "1, 2, 2, 3, 3 en 4"
    for kind in ("herb", "mushroom"):
        assert sorted(t.value for t in TILES if t.kind == kind) == [1, 2, 3, 4, 5]


def test_sixty_four_cards_in_four_colours_and_seventeen_bonus_tiles():
    """NL "64 trapperkaarten in vier kleuren"; "17 bonusfiches: 6x de meeste diersoorten met de
    waarden 1 tot 6, 11x de meest waardevolle kano's met de waarden 16, 18, 20, ..., 36"."""
    s = GAME.initial_state({"players": 3}, seed=21)
    per_colour = [sum(h[c] for h in s.hands) + s.draw.count(c) + s.discard[c] for c in range(4)]
    assert per_colour == [16, 16, 16, 16]
    assert CANOE_BONUS == (16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36)
    assert SPECIES_BONUS == (1, 2, 3, 4, 5, 6)
    assert s.canoe_bonus_left == CANOE_BONUS and s.species_bonus_left == SPECIES_BONUS


# ---- Spelvoorbereiding --------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["standard", "young", "no-water", "no-bonus", "tactical"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_centre_and_its_eight_neighbours_whatever_the_players_and_variant(n, variant):
    """NL "de 4 buitkaartjes in het midden, zonder ze te bekijken, verwijderd ... Op de
    vrijgekomen plaatsen worden de 4 trappers geplaatst, om het even hoeveel spelers er
    meespelen. Alle buitkaartjes die direct aan een trapper grenzen worden blootgelegd"."""
    s = GAME.initial_state({"players": n, "variant": variant}, seed=7 + n)
    f = facts(s)
    assert {f[f"trapper.{c}"] for c in ("green", "blue", "beige", "purple")} == \
        {"d4", "e4", "d5", "e5"}
    up = {sq for sq, v in f.items() if sq.startswith("square.")
          and v not in ("face down", "empty") and not str(v).startswith("trapper")}
    assert {sq.removeprefix("square.") for sq in up} == NEIGHBOURS_OF_THE_CENTRE
    assert len(s.box) == 4 and f["tiles.left"] == 60
    assert set(GAME.observation(s, 0).box) == {-1}  # "zonder ze te bekijken"


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("variant, cards", [("standard", 6), ("young", 6), ("no-water", 6),
                                            ("no-bonus", 6), ("tactical", 8)])
def test_the_deal_for_every_player_count(n, variant, cards):
    """NL "Iedere speler ontvangt 6 kaarten in de hand. De resterende kaarten vormen een
    verdekte voorraadstapel"; Tactische variant: "Aan het begin van het spel ontvangt iedere
    speler 8 trapperkaarten in de hand"."""
    s = GAME.initial_state({"players": n, "variant": variant}, seed=3)
    assert [sum(h) for h in s.hands] == [cards] * n
    assert len(s.draw) == 64 - cards * n and s.discard == (0, 0, 0, 0)
    assert facts(s)["draw"] == 64 - cards * n


@pytest.mark.parametrize("n", [1, 5])
def test_two_to_four_players(n):
    """NL "2 - 4 spelers"; IT "un gioco per 2 - 4 Trappers"."""
    with pytest.raises(BadOption):
        GAME.initial_state({"players": n})


def test_play_goes_clockwise_from_the_first_player():
    """NL "Het spel verloopt met de wijzers van de klok mee. De jongste speler begint het spel";
    "Daarna is zijn linkerbuurman aan de beurt" (the tutor's first player is the youngest)."""
    s = GAME.initial_state({"players": ["Anna", "Ben", "Cleo", "Dirk"]}, seed=2)
    seen = []
    for _ in range(5):
        seen.append(facts(s)["turn"])
        s = play(s, "pass")
    assert seen == ["Anna", "Ben", "Cleo", "Dirk", "Anna"]


# ---- Spelverloop: a turn ------------------------------------------------------------------------
HEAD = "players: Anna, Ben\nturn: Anna\n"


def test_with_no_card_a_player_can_only_pass_or_drop_out():
    """NL "In plaats van trapperkaarten uit te spelen en buitkaartjes te verzamelen, mag de speler
    ook passen en onmiddellijk twee trapperkaarten nemen": with no card to play, passing (or
    laying the cards aside) is all that is left."""
    s = at(HEAD + "hand Anna: \n" + grid(c5="bear2/N"))
    assert texts(s) == ["pass", "drop out"]
    assert refused(s, "green: take c5") == "trapper.cards"
    assert refused(s, "green: take c5 paying blue blue") == "trapper.cards.swap"
    after = play(s, "pass")
    assert facts(after)["cards.Anna"] == 2 and facts(after)["turn"] == "Ben"


def test_one_card_of_the_colour_in_hand_does_not_forbid_the_colour_swap():
    """NL "In plaats van één kaart van de gevraagde kleur te spelen, mag de speler ook twee kaarten
    van een andere kleur spelen": the swap is a choice, also for a player holding the colour."""
    s = at(HEAD + "hand Anna: green 1, blue 2\n" + grid(c5="bear2/N"))
    assert {"green: take c5", "green: take c5 paying blue blue"} <= set(texts(s))
    s = play(s, "green: take c5 paying blue blue")
    assert facts(s)["hand.Anna"] == "green 1, blue 0, beige 0, purple 0" and s.played == 2


def test_the_swap_does_not_free_the_player_from_the_one_trapper_rule():
    """NL "Tijdens een speelbeurt mag een speler maar één trapper verplaatsen" - also when the
    cards were a colour swap."""
    s = at(HEAD + "hand Anna: blue 2, purple 1\n" + grid(c5="bear2/N", c4="elk2/N"))
    s = play(s, "green: take c5 paying blue blue")
    assert refused(s, "purple: take c4") == "trapper.turn.one-trapper"


def test_an_exchange_at_any_moment_of_the_turn_between_and_after_takes():
    """NL "Zodra een speler aan de beurt is, kan hij te allen tijde alle of een deel van zijn
    gewaardeerde kano's ... tegen een bonusfiche ruilen": after a take, before the next one, and
    the turn goes on."""
    s = at(HEAD + "hand Anna: green 2\nsold Anna: canoe-mink1 + mink3 | canoe-elk1 + elk2\n"
           + grid(c5="bear2/N", b5="herb3/N"))
    s = play(s, "green: take c5", "exchange mink elk")
    assert facts(s)["bonus.Anna"] == "species 2" and facts(s)["played"] == 1
    s = play(s, "green: take b5", "end turn")
    assert facts(s)["turn"] == "Ben" and facts(s)["cards.Anna"] == 2


def test_an_exchange_is_no_card_played_the_player_may_still_pass():
    """NL "mag de speler ook passen en onmiddellijk twee trapperkaarten nemen": an exchange plays
    no card, so passing (or dropping out) is still open after it."""
    s = at(HEAD + "hand Anna: green 1\nsold Anna: canoe-mink1 + mink3\n" + grid(c5="bear2/N"))
    s = play(s, "exchange mink")
    assert "pass" in texts(s) and "end turn" not in texts(s)
    assert facts(play(s, "pass"))["cards.Anna"] == 3


# ---- Een trapper is geïsoleerd ------------------------------------------------------------------
def test_a_trapper_boxed_in_by_trappers_and_empty_squares_is_isolated():
    """NL "Een trapper is geïsoleerd als er rondom hem geen buitkaartjes meer liggen die hij kan
    betreden. In dit geval mag de speler ... een willekeurig blootgelegd buitkaartje nemen"."""
    s = at(HEAD + "hand Anna: green 1\n" + grid(a1="herb3/N", h8="(wolf1/S)"))
    assert facts(s)["isolated.green"] is True
    assert "green: take a1" in texts(s)
    assert refused(s, "green: take h8") == "trapper.take.face-down"
    s = play(s, "green: take a1")
    assert facts(s)["trapper.green"] == "a1" and facts(s)["display.Anna"] == "herb 3"


def test_without_the_water_rule_a_neighbour_behind_water_is_a_way_out():
    """NL "Een trapper kan dan elk kaartje nemen waaraan hij grenst, ook als de waterzijde aan de
    kant van de trapper ligt": in the standard game green, whose only neighbour turns its water
    to it, is isolated and may take any face-up tile; without the water rule it is not."""
    board = grid(c5="bear2/E", a1="herb3/N")
    standard = at(HEAD + "hand Anna: green 1\n" + board)
    assert facts(standard)["isolated.green"] is True
    assert "green: take a1" in texts(standard)
    young = at(HEAD + "hand Anna: green 1\n" + board, {"variant": "no-water"})
    assert facts(young)["isolated.green"] is False
    assert refused(young, "green: take a1") == "trapper.take.adjacent"
    assert facts(play(young, "green: take c5"))["display.Anna"] == "bear 2"


# ---- Einde van een speelbeurt: the last card ----------------------------------------------------
def test_the_discard_pile_is_open():
    """NL "De uitgespeelde trapperkaarten worden op een open aflegstapel verzameld": every player
    sees it; another player's hand shows only how many cards it holds."""
    s = at(HEAD + "hand Anna: green 2, blue 1\n" + grid(c5="bear2/N", b5="herb3/N"))
    s = play(s, "green: take c5", "green: take b5")
    seen = GAME.observation(s, 1)
    assert seen.discard == s.discard == (2, 0, 0, 0)
    assert seen.hands[0] == (sum(s.hands[0]),) and seen.hands[1] == s.hands[1]


def test_the_last_cards_of_the_draw_pile_then_the_reshuffled_discard_pile():
    """NL "Als de voorraadstapel is opgebruikt, wordt de aflegstapel zeer grondig gemixt en als
    nieuwe voorraadstapel klaargelegd": one card left and three discarded - a pass draws the last
    card, then one of the reshuffled pile. With both piles empty (every card in a hand) nothing
    can be drawn: the tutor's reading lets the player draw none."""
    s = at(HEAD + "hand Anna: green 16, blue 4\nhand Ben: blue 12, beige 16, purple 12\n"
           "draw: purple\ndiscard: purple 3\n" + grid(c5="herb3/N"))
    assert len(s.draw) == 1
    s = play(s, "pass")
    assert sum(s.hands[0]) == 22 and len(s.draw) == 2 and s.discard == (0, 0, 0, 0)
    assert s.reshuffles == 1
    empty = at(HEAD + "hand Anna: green 16, blue 16\nhand Ben: beige 16, purple 16\n"
               + grid(c5="herb3/N"))
    assert len(empty.draw) == 0 and "pass" in texts(empty)
    after = play(empty, "pass")
    assert sum(after.hands[0]) == 32 and facts(after)["turn"] == "Ben"


# ---- Een kano wordt gewaardeerd; De vitrine -----------------------------------------------------
def test_a_canoe_takes_as_many_single_animals_as_it_shows_and_is_sold_at_once():
    """NL "een kano moet aan een passend dier ... worden gelegd"; "Het aantal dieren dat op een kano
    is afgebeeld, bepaalt het aantal dierkaartjes dat aan deze kano kan worden aangelegd";
    "Zodra ... precies zoveel passende dierkaartjes liggen als op de kano is afgebeeld, wordt deze
    kano onmiddellijk gewaardeerd": a canoe of 2 wolves meeting three single wolves takes two of
    them (the player's choice) and is sold; the third stays single."""
    s = at(HEAD + "hand Anna: green 1\ndisplay Anna: wolf1 | wolf4 | wolf3\n"
           + grid(c5="canoe-wolf2/N"))
    assert refused(s, "green: take c5") == "trapper.display.choice"
    s = play(s, "green: take c5 with wolf 4, wolf 3")
    assert facts(s)["money.Anna"] == 14 and facts(s)["display.Anna"] == "wolf 1"
    assert facts(s)["sold.Anna"] == "canoe of 2 wolves (14)"


def test_nothing_joins_a_sold_canoe_a_later_animal_lies_single():
    """NL "Hij mag nu geen buitkaartjes meer aan deze kano aanleggen: noch nerts, noch paddenstoel,
    noch kruid"."""
    s = at(HEAD + "hand Anna: green 2\ndisplay Anna: canoe-mink1\n"
           + grid(c5="mink3/N", b5="mink2/N"))
    s = play(s, "green: take c5", "green: take b5")
    assert facts(s)["sold.Anna"] == "canoe of 1 mink (6)" and facts(s)["display.Anna"] == "mink 2"


def test_a_herb_goes_to_the_canoe_the_player_chooses():
    """NL "paddenstoelen en kruiden moeten naar believen aan een voorhanden kano worden gelegd"."""
    s = at(HEAD + "hand Anna: green 1\ndisplay Anna: canoe-elk2 + mushroom1 | canoe-wolf3 + wolf1\n"
           + grid(c5="herb5/N"))
    assert refused(s, "green: take c5") == "trapper.display.choice"
    s = play(s, "green: take c5 to canoe of 3 wolves")
    assert facts(s)["display.Anna"] == ("canoe of 2 elk + mushroom 1 | "
                                        "canoe of 3 wolves + herb 5 + wolf 1")


def test_a_second_herb_for_a_canoe_with_a_herb_lies_single():
    """NL "Ook mag per kano maar telkens één paddenstoel en één kruid worden afgelegd"."""
    s = at(HEAD + "hand Anna: green 1\ndisplay Anna: canoe-elk2 + herb1\n" + grid(c5="herb5/N"))
    s = play(s, "green: take c5")
    assert facts(s)["display.Anna"] == "canoe of 2 elk + herb 1 | herb 5"


@pytest.mark.parametrize("animals, paid, tile", [("elk4 + elk2", 14, "none"),
                                                 ("elk4 + elk3", 16, "canoe 16")])
def test_sixteen_or_more_takes_the_tile_of_that_number(animals, paid, tile):
    """NL "Als de waarde van een complete kano na de verdubbeling 16 of hoger is, ontvangt de
    speler de bonusfiche met het identieke getal": elk 1 fills a canoe of 3 elk worth 7 (14) or
    8 (16)."""
    s = at(HEAD + f"hand Anna: green 1\ndisplay Anna: canoe-elk3 + {animals}\n"
           + grid(c5="elk1/N"))
    s = play(s, "green: take c5")
    assert facts(s)["money.Anna"] == paid and facts(s)["bonus.Anna"] == tile


def test_a_sale_of_sixteen_when_tile_sixteen_is_gone_takes_nothing():
    """NL "Als er geen fiche met een kleiner getal meer is, gaat de speler, jammer genoeg, met lege
    handen naar huis"."""
    s = at(HEAD + "hand Anna: green 1\ndisplay Anna: canoe-elk3 + elk4 + elk3\n"
           "bonus Ben: canoe 16\n" + grid(c5="elk1/N"))
    s = play(s, "green: take c5")
    assert facts(s)["money.Anna"] == 16 and facts(s)["bonus.Anna"] == "none"
    assert s.canoe_bonus_left == CANOE_BONUS[1:]


# ---- De meeste diersoorten ----------------------------------------------------------------------
SIX = ("sold Anna: canoe-mink1 + mink3 | canoe-lynx1 + lynx2 | canoe-elk1 + elk2 | "
       "canoe-bear1 + bear3 | canoe-wolf1 + wolf1 | canoe-salmon1 + salmon4\n")


def test_six_species_for_tile_six_and_one_canoe_for_tile_one():
    """NL "Het getal op deze bonusfiche geeft aan hoeveel verschillende dieren men moet afgeven
    om een fiche te verkrijgen"; "Aan het einde van het spel mag een speler meerdere bonusfiches
    van 'de meeste diersoorten' bezitten"."""
    s = at(HEAD + "hand Anna: green 1\n" + SIX + grid(c5="herb3/N"))
    assert "exchange mink lynx elk bear wolf salmon" in texts(s)
    six = play(s, "exchange mink lynx elk bear wolf salmon")
    assert facts(six)["bonus.Anna"] == "species 6" and facts(six)["sold.Anna"] == "nothing"
    assert len(six.handed_in) == 12  # the canoes with the tiles under them, back in the box
    one = play(s, "exchange salmon")
    assert facts(one)["bonus.Anna"] == "species 1"


def test_a_species_with_no_sold_canoe_cannot_be_handed_in():
    """NL "alle of een deel van zijn gewaardeerde kano's ... terug in de doos leggen": only canoes
    already sold - not a canoe still waiting for animals."""
    s = at(HEAD + "hand Anna: green 1\nsold Anna: canoe-mink1 + mink3\n"
           "display Anna: canoe-bear3 + bear1\n" + grid(c5="herb3/N"))
    assert refused(s, "exchange mink bear") == "trapper.bonus.species"
    assert not any(isinstance(m, Exchange) and 3 in m.species for m in GAME.legal_moves(s))


def test_without_the_water_rule_the_bonus_tiles_stay():
    """NL "kan er zonder bonusfiches worden gespeeld. Bovendien kan ook de versperringsregel door
    het water worden weggelaten": leaving out the water rule alone keeps the bonus tiles."""
    s = at(HEAD + "hand Anna: green 1\n" + SIX + grid(c5="herb3/N"), {"variant": "no-water"})
    assert facts(play(s, "exchange mink elk"))["bonus.Anna"] == "species 2"


# ---- Einde van het spel; Waardering -------------------------------------------------------------
def test_the_last_tile_ends_the_game_at_once_and_its_sale_and_tile_are_scored():
    """NL "Alle andere spelers spelen nog verder tot alle spelers het spel hebben beëindigd of tot
    alle buitkaartjes zijn veroverd"; "voor de vijfde hoogste nog goudmunten ter waarde van 2"
    (a sixth tile gets nothing): the last take sells a canoe for 36, takes tile 36, and the game
    is scored with it - without the end of the turn's draw."""
    s = at("players: Anna, Ben, Cleo\nturn: Anna\nhand Anna: purple 1\n"
           "display Anna: canoe-bear3 + mushroom5 + herb4 + bear4 + bear3\n"
           "bonus Ben: canoe 30, canoe 28, canoe 24, canoe 22\n"
           "bonus Cleo: canoe 20, canoe 18, species 6\n" + grid(d3="bear2/N", h1="."))
    draw = len(s.draw)
    s = play(s, "purple: take d3")
    f = facts(s)
    assert f["over"] is True and f["tiles.left"] == 0 and len(s.draw) == draw
    assert f["bonus.Anna"] == "canoe 36"
    assert (f["money.Anna"], f["money.Ben"], f["money.Cleo"]) == (36 + 12, 8 + 5 + 3 + 2, 12)
    assert f["winners"] == "Anna"
    assert texts(s) == [] and refused(s, "pass") == "trapper.end"


def test_a_player_who_dropped_out_is_skipped_and_still_scored():
    """NL "beëindigt hij voor zich het spel door zijn trapperkaarten terzijde te leggen. Alle andere
    spelers spelen nog verder": the others play on, the dropped player's turns are skipped, and
    their display is scored at the end."""
    s = at("players: Anna, Ben, Cleo\nturn: Anna\nhand Anna: green 2, blue 1\n"
           "display Anna: canoe-wolf2 + mushroom3\ndisplay Ben: lynx4\n" + grid(c5="herb3/N"))
    s = play(s, "drop out")
    assert facts(s)["cards.Anna"] == 0 and sum(s.aside) == 3 and facts(s)["turn"] == "Ben"
    s = play(s, "pass", "pass")
    assert facts(s)["turn"] == "Ben"  # Cleo passed: Anna is skipped
    s = play(s, "drop out", "drop out")
    f = facts(s)
    assert f["over"] is True
    assert (f["money.Anna"], f["money.Ben"], f["money.Cleo"]) == (3, -4, 0)


def test_final_scoring_of_every_kind_of_display():
    """NL "Nu worden alle kano's gewaardeerd ... die niet het vereiste aantal dieren bevatten. Deze
    kano's worden positief gewaardeerd maar tellen enkelvoudig"; "Afzonderlijke kaartjes worden
    negatief gewaardeerd ... in de waarde die de kano toont (aantal dieren) of in de waarde die op
    het kaartje (dier, paddenstoel of kruid) is vermeld"; "Bij een positieve waardering wordt een
    kano niet meegeteld, bij een negatieve waardering wel". Anna: a canoe with only a mushroom
    +4, a canoe with a herb and an animal +5, a bare canoe of 2 -2, a single salmon -4; her sold
    canoe counts nothing more. Ben: a canoe with a mushroom +3, a single mushroom -2 (his only
    canoe has one), a single salmon -3; his money goes below zero (a reading)."""
    s = at(HEAD + "hand Anna: green 1\n"
           "display Anna: canoe-elk3 + mushroom4 | canoe-wolf3 + herb2 + wolf3 | canoe-bear2 | "
           "salmon4\nsold Anna: canoe-mink1 + mink3\nmoney Anna: 6\n"
           "display Ben: canoe-lynx3 + mushroom3 | mushroom2 | salmon3\n" + grid(c5="herb3/N"))
    s = play(s, "drop out", "drop out")
    lines = sorted(p.amount for p in s.ledger if p.player == 0 and p.rule == "trapper.end.scoring")
    assert lines == [-4, -2, 4, 5]
    assert GAME.outcome(s).scores == (6 + 3, 3 - 2 - 3)


def test_equal_money_is_a_shared_win():
    """NL "De speler met het meeste geld wint het spel" - the book names no tie-break (the
    project's reading: equal money shares the win)."""
    s = at(HEAD + "money Anna: 10\nmoney Ben: 10\n" + grid(c5="herb3/N"))
    s = play(s, "drop out", "drop out")
    assert GAME.outcome(s).winners == (0, 1) and facts(s)["winners"] == "Anna, Ben"


# ---- Tactische variant ---------------------------------------------------------------------
def test_tactical_the_auctions_winner_sells_the_canoe_and_takes_the_bonus_tile():
    """NL "Deze speler moet nu zoveel kaarten van de gewenste kleur afleggen als hij geboden heeft
    ... neemt hij zich een kaartje naar keuze": the tile goes into the winner's display, and the
    sale it makes pays the winner, not the stone holder."""
    s = at("players: A, B\nturn: A\nhand A: green 3\nhand B: green 3\n"
           "display B: canoe-elk3 + elk4 + elk3 + mushroom5\n" + grid(c5="elk2/N"),
           {"variant": "tactical"})
    s = play(s, "bid green 1", "bid 2", "pass")
    assert facts(s)["to move"] == "B"
    s = play(s, "green: take c5 paying green green")
    f = facts(s)
    assert f["money.B"] == 28 and f["bonus.B"] == "canoe 28" and f["money.A"] == 0
    assert f["hand.B"] == "green 1, blue 0, beige 0, purple 0" and f["turn"] == "A"


def test_tactical_two_players_the_opener_pays_when_the_other_passes():
    """NL "Op deze wijze gaat het bieden zolang om de beurt door ... tot alle spelers op één na
    hebben gepast": with two players one pass ends the auction."""
    s = at("players: A, B\nturn: A\nhand A: green 2\nhand B: green 3\n" + grid(c5="elk2/N"),
           {"variant": "tactical"})
    s = play(s, "bid green 2", "pass")
    assert facts(s)["to move"] == "A" and facts(s)["auction.bidder"] == "A"
    s = play(s, "green: take c5 paying green green")
    assert facts(s)["display.A"] == "elk 2" and facts(s)["cards.A"] == 0


def test_tactical_no_exchange_while_an_auction_runs():
    """NL "Zodra een speler aan de beurt is, kan hij te allen tijde ... ruilen" - in the tactical
    variant the turn is the stone holder's, and while an auction runs the one to act raises or
    passes (the project's reading: exchanges when no auction runs)."""
    s = at("players: A, B\nturn: A\nhand A: green 2\nhand B: green 3\n"
           "sold A: canoe-mink1 + mink3\nsold B: canoe-lynx1 + lynx2\n" + grid(c5="elk2/N"),
           {"variant": "tactical"})
    assert "exchange mink" in texts(s)
    s = play(s, "bid green 1")
    assert refused(s, "exchange lynx") == "trapper.tactical.auction"


def test_tactical_nobody_but_the_stone_holder_draws():
    """NL "Kaarten trekken mag alleen de speler die de startspelersteen bezit en alleen dan als hij
    heeft gepast en zijn speelbeurt heeft beëindigd"."""
    s = at("players: A, B, C\nturn: A\nhand A: green 2\nhand B: green 3\nhand C: green 1\n"
           + grid(c5="elk2/N", b5="(elk3/N)"), {"variant": "tactical"})
    s = play(s, "bid green 1", "bid 2", "pass", "pass")
    s = play(s, "green: take c5 paying green green")
    assert [sum(h) for h in s.hands] == [2, 1, 1]
    s = play(s, "pass")
    assert [sum(h) for h in s.hands] == [6, 1, 1] and facts(s)["turn"] == "B"


# ---- the lessons, read beside the book ------------------------------------------------------
def _final_money(state, player: int) -> int:
    return finish(state).money(player)


@pytest.mark.parametrize("wid", ["trapper/the-end"])
def test_nobody_in_a_lesson_drops_out_leaving_a_free_most_species_tile(wid):
    """NL "Zodra een speler aan de beurt is, kan hij te allen tijde alle of een deel van zijn
    gewaardeerde kano's ... tegen een bonusfiche ruilen": a sold canoe counts nothing at the end,
    so a player who drops out holding sold canoes of different species while a tile for them is
    free gives its rank's money away. The lesson had Cleo drop out with sold wolf and lynx canoes
    and tile 2 free: handing them in first would have paid her 8 more (and cost Ben 3)."""
    for frame in replay(by_id(wid)).frames:
        if frame.before is None or not isinstance(frame.move, DropOut):
            continue
        me = frame.before.turn
        stays = _final_money(frame.before, me)
        for move in GAME.legal_moves(frame.before):
            if isinstance(move, Exchange):
                better = _final_money(GAME.apply(frame.before, move), me)
                assert better <= stays, (frame.index, GAME.move_text(frame.before, move))


def test_the_to_market_lesson_does_not_say_herb_3_could_have_joined_before_the_sale():
    """NL "Ook mag per kano maar telkens één paddenstoel en één kruid worden afgelegd": before the
    sale the canoe with 3 bears already carried herb 1, so herb 3 could never have joined it; the
    lesson said "Herb 3 would have been welcome before"."""
    frames = replay(by_id("trapper/to-market")).frames
    herb3 = by_code("herb3")
    sale = next(f for f in frames if f.move is not None and "canoe.full" in " ".join(f.rule_ids))
    row = next(r for r in sale.before.displays[0].rows if TILES[r.canoe].species == "bear")
    assert row.herb is not None and not row.takes(herb3)
    step = next(f for f in frames if isinstance(f.move, Take)
                and f.before.board[f.move.square] == herb3)
    assert "would have been welcome" not in step.narration
    assert facts(step.state)["display.Anna"] == "herb 3"


_TILE_NAME = (r"(?:canoe (?:of|with) \d \w+|(?:mink|lynx|elk|bear|wolf|salmon|herb|mushroom) \d)")
_ON_SQUARE = re.compile(rf"({_TILE_NAME}) (?:on|from) ([a-h][1-8])\b", re.IGNORECASE)


def _claims(frame) -> list[tuple[str, str, str]]:
    """(sentence, tile name, square) for every "<tile> on <square>" of a frame's narration and
    of its reason for a weaker move."""
    found = []
    for text in (frame.narration, frame.why or ""):
        for sentence in re.split(r"(?<=[.!?])\s+", " ".join(text.split())):
            found += [(sentence, name, sq) for name, sq in _ON_SQUARE.findall(sentence)]
    return found


@pytest.mark.parametrize("wid", sorted(w for w in library() if w.startswith("trapper/")))
def test_every_tile_a_lesson_places_on_a_square_lies_there(wid):
    """NL "De verdekte kaartjes die nu horizontaal en verticaal aan de trapper grenzen, worden
    blootgelegd": every "<tile> on <square>" a narration names is on that square in the step's
    position (before or after its move, or after the stronger move its reason names), and a
    tile said to be turned up was face down before the step and is face up after it."""
    for frame in replay(by_id(wid)).frames:
        scenes = [s for s in (frame.before, frame.state) if s is not None]
        if frame.stronger and frame.before is not None:
            scenes.append(GAME.apply(frame.before, GAME.parse_move(frame.before, frame.stronger)))
        for sentence, name, sq in _claims(frame):
            square = square_index(sq)
            name = name.lower().replace("canoe with", "canoe of")
            there = [TILES[s.board[square]].name for s in scenes if s.board[square] is not None]
            assert name in there, (frame.index, sentence)
            if "turned up" in sentence and frame.before is not None:
                assert not frame.before.face_up[square] and frame.state.face_up[square], \
                    (frame.index, sentence)
