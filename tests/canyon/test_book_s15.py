"""An examiner's second reading of the Canyon rulebook (/work/shared/seeds/002_fc202ff09fbaf512.txt,
Dutch): what the earlier book tests leave out - every player count's deal, the whole round
counter with and without the skip rule, trump led and trumped, the move order after the last
trick, zero points, canoes pushed before their own move, the crowded rock cave, the end of the
game and what a player sees. Each case quotes the book's sentence it comes from."""
from __future__ import annotations

import pytest

from tutor.canyon import GAME, Drift, Stay
from tutor.canyon.cards import HIDDEN
from tutor.canyon.variants import COUNTER
from tutor.core.errors import BadOption

from .helpers import fact, play, position, refused

#: a small river: start docks on row 1, the current over rows 5-8 (to the waterfall c9-d9),
#: landing docks b9 and e9, the rock cave at a10 (as in test_examiner.py)
MAP = """map:
  #S.S.#
  #....#
  #....#
  #....#
  #vvvv#
  #vvvv#
  #vvvv#
  #>vv<#
  #DWWD#
  C#####
"""


def moving(seats: str, extra: str = "", players: str = "Anne Carl Marc", dealer: str = "Marc"):
    return position(f"players: {players}\ndealer: {dealer}\nphase: move\n{extra}{seats}{MAP}")


def texts(state) -> list[str]:
    return [GAME.move_text(state, m) for m in GAME.legal_moves(state)]


def launched(players: int, seed: int):
    """A new game with every canoe placed on the first free start dock, in turn."""
    s = GAME.initial_state({"players": players}, seed=seed)
    order = []
    while fact(s, "phase") == "launch":
        order.append(s.turn)
        s = GAME.apply(s, next(GAME.legal_moves(s)))
    return s, order


# ---- Voorbereidingen and Fase 1 -------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_player_count_is_dealt_eight_cards_and_one_trump(players):
    """"De speler die de hoogste kaart heeft getrokken, wordt aangeduid als kaartendeler van de
    eerste ronde. De speler links van hem wordt de startspeler." - "Beginnend met de
    startspeler en daarna met de klok mee, plaatst elke speler zijn kano op één van de
    aanlegsteigers" - "In de eerste ronde ontvangt elke speler 8 kaarten. Daarna draait de
    kaartendeler de bovenste kaart van de resterende kaarten om. [...] De resterende kaarten
    worden in deze ronde niet gebruikt." (3 - 6 spelers: six players take 48 of the 50.)"""
    for seed in range(3):
        s, order = launched(players, seed)
        top = max(card.value for card in s.draws)
        assert s.draws[s.dealer].value == top
        assert s.start_player == (s.dealer + 1) % players
        assert order == [(s.start_player + k) % players for k in range(players)]
        assert (fact(s, "phase"), fact(s, "round"), fact(s, "cards")) == ("tempo", 1, 8)
        assert [len(hand) for hand in s.hands] == [8] * players
        dealt = [card for hand in s.hands for card in hand]
        assert s.trump not in dealt and len(set(dealt)) == 8 * players
        assert len(s.stock) == 50 - 8 * players - 1  # the rest is not used
        assert s.turn == s.start_player  # the start player lays the first tempo
        assert len({*s.canoes}) == players and all(c in s.board.starts for c in s.canoes)


@pytest.mark.parametrize("count", [2, 7])
def test_canyon_is_for_three_to_six_players(count):
    """"3 - 6 spelers vanaf 10 jaar" - and "30 tempokaarten (6 sets ...)", "6 speelstenen"."""
    with pytest.raises(BadOption):
        GAME.initial_state({"players": count})


# ---- Fase 5: the whole round counter, both ways ---------------------------------------------
def _after_the_round(counter: int, skip: bool):
    s = position(f"players: Anne Carl Marc\ndealer: Marc\nround: {counter}\n"
                 f"skip: {'yes' if skip else 'no'}\nphase: move\n"
                 "seat Anne: canoe b2  tempo 1\nseat Carl: canoe c2  tempo 1\n"
                 "seat Marc: canoe d2  tempo 1\n" + MAP)
    while fact(s, "phase") == "move":  # tempo 1, no trick: no point, every canoe stays
        assert texts(s) == [f"{fact(s, 'turn')}: stay"]
        s = play(s, "stay")
    return s


@pytest.mark.parametrize("counter", range(1, 15))
def test_the_round_stone_walks_all_fourteen_fields(counter):
    """"Daardoor vermindert het aantal kaarten per ronde voor elke speler tot hij uiteindelijk
    met 1 kaart moet spelen. Vanaf dan vermeerdert het aantal kaarten per ronde [...] Indien het
    spel langer dan 14 ronden zou duren, wordt het spel gewoon met ronde 1 voortgezet." (The
    project's reading of the pictured counter: 8, 7, ... 1, 2, ... 7.)"""
    s = _after_the_round(counter, skip=False)
    following = counter % 14 + 1
    assert fact(s, "round") == following
    assert [len(h) for h in s.hands] == [COUNTER[following - 1]] * 3
    assert (fact(s, "dealer"), fact(s, "start_player"), fact(s, "turn")) == ("Anne", "Carl", "Carl")


@pytest.mark.parametrize("counter", [1, 2, 3, 4, 5, 10, 11, 12, 13, 14])
def test_with_the_skip_rule_rounds_six_to_nine_never_come(counter):
    """"Om de geluksfactor te reduceren wordt aanbevolen om de rondes 6 tot en met 9 (het
    donkere gebied op de rondenteller) over te slaan en meteen met ronde 10 verder te spelen.\""""
    s = _after_the_round(counter, skip=True)
    following = {5: 10, 14: 1}.get(counter, counter + 1)
    assert fact(s, "round") == following
    assert [len(h) for h in s.hands] == [COUNTER[following - 1]] * 3


def test_the_counter_goes_down_to_one_card_and_up_again():
    """"tot hij uiteindelijk met 1 kaart moet spelen. Vanaf dan vermeerdert het aantal kaarten
    per ronde voor elke speler tot hij opnieuw met 8 kaarten kan spelen\""""
    assert COUNTER[0] == 8 and min(COUNTER) == 1 and len(COUNTER) == 14
    low = COUNTER.index(1)
    assert list(COUNTER[:low + 1]) == list(range(8, 0, -1))
    assert list(COUNTER[low:]) + [COUNTER[0]] == list(range(1, 9))


# ---- Fase 2: tempo ---------------------------------------------------------------------------
TEMPO = """players: Anne Carl Marc
dealer: Marc
round: 8
phase: tempo
seat Anne: hand blue 7
seat Carl: hand green 2
seat Marc: hand red 10
"""


def test_the_tempos_a_player_may_lay():
    """"Beginnend met de startspeler draait om beurt elke speler een tempokaart om." - "Een
    eerder zeldzaam hoog tempo van 5 of meer wordt met twee tempokaarten aangeduid." Each
    player has the five cards 0-4 (Spelmateriaal): one card up to 4, two different ones for
    5 to 7; even in a round of one card (the tempos need not match the tricks)."""
    s = position(TEMPO)
    laid = {m.cards for m in GAME.legal_moves(s)}
    assert {sum(c) for c in laid} == set(range(8))
    assert all(len(c) == 1 for c in laid if sum(c) <= 4)
    assert all(len(c) == 2 and len(set(c)) == 2 and set(c) <= {0, 1, 2, 3, 4}
               for c in laid if sum(c) >= 5)
    assert refused(s, "Anne: tempo 8 with 4+3+1") == "canyon.round.tempo"
    assert refused(s, "Anne: tempo 4 with 2+2") == "canyon.round.tempo.cards"


def test_tempos_are_laid_open_in_turn_and_the_cards_wait_for_them():
    """"Beginnend met de startspeler draait om beurt elke speler een tempokaart om. De
    openliggende tempokaarten duiden dus voor elke speler aan hoeveel slagen die persoon wenst"
    - "Als alle spelers hun tempokaarten hebben uitgespeeld, kan het eigenlijke kaartspel
    beginnen.\""""
    s = position(TEMPO)
    assert fact(s, "turn") == "Anne"
    assert refused(s, "Carl: tempo 1") == "canyon.turn"
    assert refused(s, "Anne: play blue 7") == "canyon.round"
    s = play(s, "Anne: tempo 6 with 4+2")
    seen = GAME.facts(GAME.observation(s, 1))  # open: Carl sees Anne's two cards
    assert (seen["tempo.Anne"], seen["tempo_cards.Anne"]) == (6, "4+2")
    assert refused(s, "Anne: tempo 1") == "canyon.turn"  # one tempo each
    s = play(s, "Carl: tempo 0")
    assert refused(s, "Marc: play red 10") == "canyon.round"
    s = play(s, "Marc: tempo 1")
    assert (fact(s, "phase"), fact(s, "turn")) == ("tricks", "Anne")


# ---- Fase 3: tricks --------------------------------------------------------------------------
def test_trump_led_the_highest_trump_wins_and_a_player_without_trump_plays_any_card():
    """"De basisregel in het kaartspel is dat de eerst uitgekomen kleur moet worden gevolgd." -
    "Als er één of meerdere troefkaarten werden gespeeld, dan krijgt de hoogste troefkaart de
    slag.\""""
    s = position("""players: Anne Carl Marc
dealer: Marc
round: 7
phase: tricks
trump: green
seat Anne: tempo 1  hand green 3, blue 9
seat Carl: tempo 1  hand blue 10, red 10
seat Marc: tempo 0  hand green 5, yellow 10
""")
    s = play(s, "Anne: play green 3")
    assert {str(m.card) for m in GAME.legal_moves(s)} == {"blue 10", "red 10"}
    s = play(s, "Carl: play red 10")
    assert refused(s, "Marc: play yellow 10") == "canyon.trick.follow"
    s = play(s, "Marc: play green 5")
    assert fact(s, "last_trick.winner") == "Marc" and fact(s, "turn") == "Marc"


def test_a_low_trump_beats_the_led_colour_and_the_higher_of_two_trumps_wins():
    """"De speler die geen blauwe kaart heeft, mag een om het even welke kleur spelen ofwel de
    troefkleur spelen." - "Als er één of meerdere troefkaarten werden gespeeld, dan krijgt de
    hoogste troefkaart de slag." - "Een kaart in een andere kleur dan de startkaart of de
    troefkleur kan nooit een slag winnen.\""""
    s = position("""players: Anne Carl Marc Herman
dealer: Herman
round: 8
phase: tricks
trump: green
seat Anne: tempo 1  hand blue 10
seat Carl: tempo 1  hand green 1
seat Marc: tempo 0  hand green 2
seat Herman: tempo 0  hand red 10
""")
    s = play(s, "play blue 10", "play green 1")
    assert texts(s) == ["Marc: play green 2"]  # no blue: his one card, a trump, over Carl's
    s = play(s, "play green 2", "play red 10")
    assert fact(s, "tricks.Marc") == 1 and fact(s, "last_trick.winner") == "Marc"
    # with one trump only, the lowest trump beats the led ten
    s = position("""players: Anne Carl Marc
dealer: Marc
round: 8
phase: tricks
trump: green
seat Anne: tempo 1  hand blue 10
seat Carl: tempo 1  hand green 1
seat Marc: tempo 0  hand blue 9
""")
    s = play(s, "play blue 10", "play green 1", "play blue 9")
    assert fact(s, "tricks.Carl") == 1 and fact(s, "last_trick.winner") == "Carl"


def test_a_player_holding_the_led_colour_may_not_trump():
    """"Als de eerste kaart bijvoorbeeld blauw (paddel) was, dan moet iedereen ook een blauwe
    kaart spelen." The trump is no escape while the led colour is in the hand."""
    s = position("""players: Anne Carl Marc
dealer: Marc
round: 7
phase: tricks
trump: green
seat Anne: tempo 1  hand blue 9, red 1
seat Carl: tempo 1  hand blue 2, green 10
seat Marc: tempo 0  hand red 3, yellow 3
""")
    s = play(s, "Anne: play blue 9")
    assert refused(s, "Carl: play green 10") == "canyon.trick.follow"
    assert refused(s, "Carl: play red 1") == "canyon.trick.hand"
    assert refused(s, "Marc: play red 3") == "canyon.turn"
    assert texts(s) == ["Carl: play blue 2"]


def test_the_start_player_moves_first_whoever_won_the_last_trick():
    """"Als alle slagen van een ronde zijn behaald, met andere woorden als alle handkaarten zijn
    uitgespeeld, worden de kano's verplaatst. De startspeler verplaatst zijn kano eerst. De
    andere spelers volgen met de klok mee. De speler die de kaarten heeft gedeeld, verplaatst
    zijn kano dus als laatste.\""""
    s = position("""players: Anne Carl Marc Herman
dealer: Carl
round: 8
phase: tricks
trump: red
seat Anne: canoe b2  tempo 0  hand blue 2
seat Carl: canoe c2  tempo 0  hand blue 3
seat Marc: canoe d2  tempo 1  hand red 1
seat Herman: canoe e2  tempo 0  hand blue 4
""" + MAP)
    assert fact(s, "turn") == "Marc"  # the start player, left of the dealer, leads
    s = play(s, "play red 1", "play blue 4", "play blue 2", "play blue 3")
    assert fact(s, "last_trick.winner") == "Marc" and fact(s, "phase") == "move"
    order = []
    while fact(s, "phase") == "move":
        order.append(fact(s, "turn"))
        s = GAME.apply(s, next(GAME.legal_moves(s)))
    assert order == ["Marc", "Herman", "Anne", "Carl"]  # the dealer Carl last
    s = position("""players: Anne Carl Marc Herman
dealer: Carl
round: 8
phase: tricks
trump: red
seat Anne: canoe b2  tempo 0  hand blue 2
seat Carl: canoe c2  tempo 0  hand blue 3
seat Marc: canoe d2  tempo 0  hand blue 1
seat Herman: canoe e2  tempo 1  hand red 4
""" + MAP)
    s = play(s, "play blue 1", "play red 4", "play blue 2", "play blue 3")
    assert fact(s, "last_trick.winner") == "Herman" and fact(s, "turn") == "Marc"


# ---- Fase 4: points, and none ----------------------------------------------------------------
@pytest.mark.parametrize("tempo, cards, won, points", [
    (5, "4+1", 5, 8), (5, "3+2", 5, 8), (7, "4+3", 7, 10), (7, "4+3", 6, 6), (3, "3", 0, 0)])
def test_high_tempos_and_no_trick(tempo, cards, won, points):
    """"De basisregel is dat uw kano evenveel velden moet worden verplaatst als u slagen hebt
    behaald." - "de speler die 2 of meer slagen heeft gemeld en het gemelde aantal exact heeft
    behaald, mag zijn kano 3 velden extra verplaatsen\""""
    s = moving(f"seat Anne: canoe b2  tempo {tempo} with {cards}  tricks {won}\n"
               "seat Carl: canoe c2  tempo 0\nseat Marc: canoe d2  tempo 0\n")
    assert fact(s, "points.Anne") == points
    assert fact(s, "bonus.Anne") == (3 if tempo == won else 0)


def test_a_canoe_with_no_point_stays_and_may_do_nothing_else():
    """"De basisregel is dat uw kano evenveel velden moet worden verplaatst als u slagen hebt
    behaald." Anne announced 2 and won nothing: no field, no bonus."""
    s = moving("seat Anne: canoe b3  tempo 2  tricks 0\nseat Carl: canoe c2  tempo 1  tricks 0\n"
               "seat Marc: canoe d2  tempo 0  tricks 1\n")
    assert texts(s) == ["Anne: stay"]
    assert refused(s, "Anne: paddle to b4") == "canyon.move.reach"
    assert refused(s, "Anne: drift") == "canyon.current.drift"
    assert GAME.move_rules(s, Stay(0)) == ("canyon.round.move",)
    s = play(s, "Anne: stay")
    assert fact(s, "canoe.Anne") == "b3" and fact(s, "turn") == "Carl"


# ---- Stroming en waterval --------------------------------------------------------------------
@pytest.mark.parametrize("tempo, cards, bonus", [(0, "0", 1), (1, "1", 2), (2, "2", 3),
                                                 (5, "3+2", 3), (7, "4+3", 3)])
def test_in_the_current_the_bonus_alone_whatever_the_tempo(tempo, cards, bonus):
    """"De speler die echter zijn beweging in de stroming zelf begint, mag enkel varen indien
    hij zijn aangegeven tempo exact heeft behaald. Nu telt niet meer het aantal slagen voor het
    bepalen van het aantal bewegingspunten, maar enkel de bonuspunten.\""""
    s = moving(f"seat Anne: canoe c5  tempo {tempo} with {cards}  tricks {tempo}\n"
               "seat Carl: canoe b2  tempo 0\nseat Marc: canoe d2  tempo 0\n")
    assert fact(s, "points.Anne") == bonus
    ends = fact(s, "ends").split(", ")
    assert all(abs(int(e[1:]) - 5) <= bonus for e in ends)
    assert fact(play(s, f"Anne: paddle to {ends[0]}"), "path").count("-") == bonus


def test_a_canoe_pushed_before_its_move_then_paddles_its_bonus_from_there():
    """"Staat er op het veld waarheen zijn kano wordt afgedreven een kano van een medespeler,
    dan wordt deze ook afgedreven." Carl, pushed before his turn, still made his tempo: he
    starts his move in the current where the push left him, with his bonus."""
    s = moving("seat Anne: canoe b6  tempo 2  tricks 1\nseat Carl: canoe b7  tempo 1  tricks 1\n"
               "seat Marc: canoe d2  tempo 0  tricks 0\n")
    s = play(s, "Anne: drift")
    assert (fact(s, "canoe.Anne"), fact(s, "canoe.Carl"), fact(s, "pushed")) == ("b7", "b8", "Carl")
    assert fact(s, "turn") == "Carl" and fact(s, "moved.Carl") is False
    assert fact(s, "points.Carl") == 2 and fact(s, "ends") == "b9"
    s = play(s, "Carl: paddle to b9")
    assert fact(s, "left_over.Carl") == 1  # the dock was one of his two bonus fields away


def test_a_canoe_pushed_before_its_move_that_missed_drifts_again():
    """"De speler die in de stroming zit en zijn aangegeven tempo niet heeft kunnen bereiken,
    wordt één veld in de richting van de pijl afgedreven. Staat er op het veld waarheen zijn
    kano wordt afgedreven een kano van een medespeler, dan wordt deze ook afgedreven.\""""
    s = moving("seat Anne: canoe b6  tempo 2  tricks 1\nseat Carl: canoe b7  tempo 1  tricks 0\n"
               "seat Marc: canoe d2  tempo 0  tricks 0\n")
    s = play(s, "Anne: drift")
    assert fact(s, "canoe.Carl") == "b8" and texts(s) == ["Carl: drift"]
    assert refused(s, "Carl: stay") == "canyon.current.exact"
    s = play(s, "Carl: drift")  # the arrow under b8 points right
    assert (fact(s, "canoe.Carl"), fact(s, "canoe.Anne")) == ("c8", "b7")


def test_a_made_tempo_in_the_current_does_not_drift():
    """"De speler die in de stroming zit en zijn aangegeven tempo niet heeft kunnen bereiken,
    wordt [...] afgedreven." Only that player: one who made the tempo paddles."""
    s = moving("seat Anne: canoe c6  tempo 1  tricks 1\nseat Carl: canoe b2  tempo 0\n"
               "seat Marc: canoe d2  tempo 0\n")
    assert refused(s, "Anne: drift") == "canyon.current.drift"
    assert Drift(0) not in set(GAME.legal_moves(s))


def test_the_rock_cave_holds_several_canoes():
    """"Het rotshol is trouwens het enige veld op het speelbord waarop meerdere kano's kunnen en
    mogen staan." Carl is already in the cave when Anne drifts over the waterfall."""
    s = moving("seat Anne: canoe c8  tempo 2  tricks 1\nseat Carl: canoe cave  tempo 0  tricks 1  points 1\n"
               "seat Marc: canoe d2  tempo 0  tricks 0\n", extra="moved: Carl\n",
               dealer="Carl", players="Carl Anne Marc")
    assert fact(s, "turn") == "Anne"
    s = play(s, "Anne: drift")
    assert fact(s, "canoe.Anne") == fact(s, "canoe.Carl") == "cave"
    assert GAME.problems(s) == []
    s = play(s, "Marc: " + texts(s)[0].split(": ")[1])
    assert fact(s, "phase") == "tempo"  # both start the next round from the cave
    assert fact(s, "canoe.Anne") == fact(s, "canoe.Carl") == "cave"


# ---- Einde van het spel en winnaar ------------------------------------------------------------
def test_the_game_ends_after_the_round_of_the_first_landing():
    """"De speler die als eerste één van de drie landingssteigers bij het indianendorp bereikt,
    wint het spel." The round is played out (the project's reading, for the tie-break of the
    next sentence), and then nothing more: no new round, no move."""
    s = moving("seat Anne: canoe b7  tempo 2  tricks 2\nseat Carl: canoe c2  tempo 0  tricks 1\n"
               "seat Marc: canoe d2  tempo 1  tricks 0\n")
    s = play(s, "Anne: paddle to b9")
    assert (fact(s, "phase"), fact(s, "left_over.Anne")) == ("move", 1)
    s = play(s, "Carl: " + texts(s)[0].split(": ")[1], "Marc: stay")
    assert fact(s, "phase") == "over" and fact(s, "winner") == "Anne"
    assert (fact(s, "round"), fact(s, "dealer")) == (1, "Marc")  # the stone stays
    assert list(GAME.legal_moves(s)) == [] and GAME.to_move(s) is None
    assert refused(s, "Marc: stay") == "canyon.end"
    assert GAME.outcome(s).winners == (0,)


def test_three_canoes_land_the_most_points_left_wins_whoever_landed_first():
    """"Als meerdere kano's in dezelfde ronde het einddoel bereiken, wint de speler die nog het
    meeste bewegingspunten over heeft." - "Op elk veld mag slechts één kano staan": the three
    landing docks of the default river take one canoe each. Marc starts in the current: his
    bonus alone counts, and what it leaves over."""
    s = position("""players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe f21  tempo 4  tricks 4
seat Carl: canoe g21  tempo 7 with 4+3  tricks 7
seat Marc: canoe f28  tempo 1  tricks 1
""")
    assert fact(s, "ends") == "e28"  # 7 points, 7 fields: the one dock in reach
    s = play(s, "Anne: paddle to e28")
    assert fact(s, "left_over.Anne") == 0 and fact(s, "ends") == "f29"  # e29 only past Anne or Marc
    s = play(s, "Carl: paddle to f29")  # 10 points, 8 fields round Anne's dock
    assert fact(s, "left_over.Carl") == 2
    assert refused(s, "Marc: paddle to e28") == "canyon.move.one-canoe"
    s = play(s, "Marc: paddle to e29")  # his bonus of 2, one field used
    assert fact(s, "left_over.Marc") == 1
    assert fact(s, "phase") == "over" and fact(s, "winner") == "Carl"
    assert GAME.outcome(s).winners == (1,)


# ---- what a player sees ------------------------------------------------------------------------
def test_a_player_sees_the_own_hand_the_trump_the_tempos_and_the_table_only():
    """"Daarna draait de kaartendeler de bovenste kaart van de resterende kaarten om. [...] De
    resterende kaarten worden in deze ronde niet gebruikt." - "De openliggende tempokaarten" -
    "De speler die een slag behaalt, legt de slag omgekeerd voor zich neer." The other hands,
    the unused cards and the tricks laid face down are not seen; the trump card, the tempo cards
    laid open and the cards on the table are."""
    s, _ = launched(4, seed=3)
    while fact(s, "phase") == "tempo":
        s = GAME.apply(s, next(GAME.legal_moves(s)))
    for _ in range(5):  # a whole trick and one card of the next
        s = GAME.apply(s, next(GAME.legal_moves(s)))
    me = (s.turn + 1) % 4
    seen = GAME.observation(s, me)
    assert seen.hands[me] == s.hands[me]
    for p in range(4):
        if p != me:
            assert seen.hands[p] == (HIDDEN,) * len(s.hands[p])
    assert set(seen.stock) == {HIDDEN} and len(seen.stock) == len(s.stock)
    assert set(seen.played) == {HIDDEN} and len(seen.played) == 4
    assert seen.trump == s.trump and seen.tempo == s.tempo and seen.table == s.table
    assert seen.tricks == s.tricks and seen.canoes == s.canoes
    assert s.seed == 3 and seen.seed != 3  # the shuffles to come are not told
