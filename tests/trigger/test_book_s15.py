"""An examiner's cases straight from the Trigger rulebook (seed 004, the Dutch rules; the English
part is cut short after PREPARATION): setup in every mode, the opening roll with teams, every
roll, passing, zero left of a roll, stars and lines, the last tile, the malus with several
lines, a whole match's scoring, teams, the solo score and what the table shows. Each case
quotes the book's sentence it comes from."""
from __future__ import annotations

import pytest

from tutor.core import CHANCE
from tutor.trigger import GAME, Phase
from tutor.trigger.board import cell_name
from tutor.trigger.tileset import TILES

from .helpers import TWELVES, block, play, position, refused, solo

DOWN = "(1) (1) (1) (1) (1) (1)"


def texts(state) -> list[str]:
    return [GAME.move_text(state, m) for m in GAME.legal_moves(state)]


def teams(mode: str, boards: tuple[str, str], head: str, options: dict | None = None):
    players = {"2v1": "Anna Ben Cleo", "2v2": "Anna Ben Cleo Dirk"}[mode]
    labels = {"2v1": ("Anna+Ben", "Cleo"), "2v2": ("Anna+Ben", "Cleo+Dirk")}[mode]
    text = (f"players: {players}\nmode: {mode}\n{head}\nboard {labels[0]}:\n{block(boards[0])}\n"
            f"board {labels[1]}:\n{block(boards[1])}\n")
    return GAME.parse_position(text, options or {})


# ---- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode, boards", [("two", 2), ("2v1", 2), ("2v2", 2), ("solo", 1)])
@pytest.mark.parametrize("seed", range(4))
def test_every_compartment_gets_a_tile_face_up_and_the_rest_stays_in_the_bag(mode, boards, seed):
    """VOORBEREIDING: "De spelers nemen een bord en het zakje van dezelfde kleur. Zonder te
    kijken wat ze uit het zakje halen, plaatsen de tegenspelers een plaatje, met cijfers en
    sterren zichtbaar, in elk van de vakken van het bord." - "De ongebruikte plaatjes blijven
    in de zakjes." MATERIAAL: 44 tiles of each colour. SPEL MET DRIE OF VIER SPELERS: still
    two boards, one per team; alone, one board."""
    state = GAME.initial_state({"mode": mode}, seed=seed)
    assert len(state.boards) == len(state.bags) == boards
    facts = GAME.facts(state)
    for side, (board, bag) in enumerate(zip(state.boards, state.bags)):
        assert board.count_up() == 36 and len(bag) == 44 - 36
        assert sorted(board.values + bag) == sorted(TILES)  # the bag of the board's colour
        assert facts[f"board.{state.label(side)}"] == ("blue", "yellow")[side]
    assert state.layouts == state.boards
    # two sides first roll one die each; alone there is nobody to open against
    assert state.phase == (Phase.ROLL if mode == "solo" else Phase.OPENING)
    assert GAME.to_move(state) == CHANCE


def test_the_tiles_are_drawn_blind_so_layouts_differ_from_game_to_game():
    """VOORBEREIDING: "Zonder te kijken wat ze uit het zakje halen"."""
    layouts = {GAME.initial_state({}, seed=seed).boards[0].values for seed in range(6)}
    assert len(layouts) == 6


# ---- the opening roll ---------------------------------------------------------------------------
@pytest.mark.parametrize("mode, last", [("2v1", {0: "Ben", 1: "Cleo"}),
                                        ("2v2", {0: "Ben", 1: "Dirk"})])
def test_teams_roll_one_die_each_again_on_a_tie_and_the_lowest_throws_first(mode, last):
    """1. BEGIN VAN HET SPEL: "De spelers gooien elk met één dobbelsteen (indien nodig doen ze
    dit meerdere keren). Wie het laagste cijfer gooit, mag de spelronde openen, door als
    eerste de dobbelstenen te gooien." SPEL MET DRIE OF VIER SPELERS: "precies dezelfde
    manier"."""
    state = GAME.initial_state({"mode": mode}, seed=2)
    for tie in ("open 3 3", "open 6 6", "open 1 1"):  # as often as needed
        state = play(state, tie)
        assert state.phase == Phase.OPENING and GAME.to_move(state) == CHANCE
    for dice, opener in (("open 2 5", 0), ("open 5 2", 1)):
        opened = play(state, dice)
        facts = GAME.facts(opened)
        assert facts["opener"] == opened.label(opener)
        # the opener throws FOR the other side, which turns tiles first
        assert facts["side"] == opened.label(1 - opener) and facts["turn"] == "chance"
        assert facts["thrower"] == last[opener]


# ---- the turn -----------------------------------------------------------------------------------
@pytest.mark.parametrize("a", range(1, 7))
@pytest.mark.parametrize("b", range(1, 7))
def test_every_roll_allows_its_total_and_a_double_counts_double(a, b):
    """3. HET SPEL: "voor een gelijk totaal of voor een kleiner totaal dan het resultaat van de
    dobbelstenen". 5. TWEELINGEN: "Elk "dubbel" op de dobbelstenen wordt dubbel geteld.
    Voorbeeld: een dubbele 5 laat toe plaatjes om te draaien voor een totaal van 20 (2×10)"."""
    state = play(position(head="turn: Anna"), f"roll {a} {b}")
    assert GAME.facts(state)["roll"] == (2 * (a + b) if a == b else a + b)


def test_one_who_can_turn_nothing_passes_and_throws_for_the_opponent():
    """2. DOBBELSTENEN: "Deze laatste speelt, hij draait de plaatjes op zijn speelbord om
    volgens het resultaat van de dobbelstenen... of hij laat zijn beurt voorbij gaan, als hij
    geen plaatjes kan omdraaien." 3. HET SPEL: "dan gooit hij de dobbelstenen voor zijn
    tegenspeler"."""
    state = position(head="turn: Anna\nroll: 1 2")  # 3 against a board of 12s
    assert texts(state) == ["end"]
    assert refused(state, "flip a1") == "trigger.turn.flip"
    state = play(state, "pass")
    facts = GAME.facts(state)
    assert (facts["turn"], facts["side"], facts["thrower"]) == ("chance", "Ben", "Anna")
    assert state.boards[0].count_up() == 36


def test_with_nothing_left_of_the_roll_bonuses_and_stars_are_still_turned_free():
    """6. BONUS: the last tile of a line is turned "als BONUS (bij wijze van beloning ...)";
    4. STERREN: a star waits only for its row and column. Neither is paid from the roll, so
    with 0 of the roll left both are still there to take; no tile can be paid for."""
    board = "\n".join(["5 6 * (1) (1) (1)"] + ["(1) (1) (1) 9 9 9"] * 5)
    state = play(position(board, head="turn: Anna\nroll: 2 3"), "flip a1")
    assert GAME.facts(state)["left"] == 0
    assert texts(state) == ["bonus b1", "chain", "end"]
    assert refused(state, "flip b1") == "trigger.turn.flip"
    state = play(state, "bonus b1")
    assert texts(state) == ["star c1", "end"]
    state = play(state, "star c1")
    assert GAME.facts(state)["spent"] == 5 and state.boards[0].down[:3] == (True, True, True)


# ---- stars ----------------------------------------------------------------------------------------
def test_a_star_waits_for_its_row_and_its_column_not_for_a_diagonal_nor_other_stars():
    """4. STERREN: "Om een ster te mogen omdraaien, moeten alle cijferplaatjes van de lijn en
    van de kolom waarop deze ster zich bevindt al omgedraaid zijn." A star on a1 sits on the
    long diagonal too; numbers face up there do not hold it, and neither does the face-up star
    beside it on b1 (a star is no "cijferplaatje")."""
    diagonal = "\n".join(["* (1) (1) (1) (1) (1)", "(1) 5 (1) (1) (1) (1)",
                          "(1) (1) 5 (1) (1) (1)", "(1) (1) (1) 5 (1) (1)",
                          "(1) (1) (1) (1) 5 (1)", "(1) (1) (1) (1) (1) 5"])
    assert "star a1" in texts(position(diagonal))  # b2, c3, d4, e5, f6 face up
    two = "\n".join(["* * (1) (1) (1) (1)"] + [DOWN] * 5)
    assert {"star a1", "star b1"} <= set(texts(position(two)))
    # a number face up in its column holds it
    held = position("\n".join(["* (1) (1) (1) (1) (1)", "7 7 (1) (1) (1) (1)"] + [DOWN] * 4))
    assert "star a1" not in texts(held)
    assert refused(held, "star a1") == "trigger.turn.star"
    held = play(held, "flip a2")
    assert "star a1" in texts(held)


def test_each_star_left_face_up_counts_25_against_its_owner():
    """4. STERREN: "Op het einde van een spelronde telt elke niet omgedraaide ster voor 25
    punten." 8. DE WINNAAR: "maakt de winnaar van een spelronde het totaal van de niet
    omgedraaide plaatjes van zijn tegenstander"."""
    anna = "\n".join(["(1) (1) (1) (1) (1) 4"] + [DOWN] * 5)
    ben = "\n".join(["* * * 3 (1) (1)"] + [DOWN] * 4 + ["(1) (1) (1) (1) 9 (1)"])
    state = play(position(anna, ben, head="turn: Anna\nroll: 2 2"), "flip f1")
    assert GAME.facts(state)["winner"] == "Anna"
    assert GAME.facts(state)["lost.Ben"] == 3 * 25 + 3 + 9


# ---- lines and bonuses ------------------------------------------------------------------------------
@pytest.mark.parametrize("line, up", [("row 3", "c3"), ("col d", "d5"), ("diag a1-f6", "e5"),
                                      ("diag a6-f1", "b5")])
def test_the_last_number_of_a_row_a_column_or_either_long_diagonal_is_a_bonus(line, up):
    """6. BONUS: "Wanneer op een lijn, in een kolom of op een diagonaal, slechts één plaatje
    open blijft liggen (zonder rekening te houden met de sterren), dan mag de speler die aan de
    beurt is, dit laatste plaatje omdraaien als BONUS"."""
    from tutor.trigger.board import LINE_BY_NAME, parse_cell

    lone = parse_cell(up)
    cells = LINE_BY_NAME[line].cells
    values = [9] * 36  # every line but ``line`` keeps at least two numbers face up
    down = [c in cells and c != lone for c in range(36)]
    rows = [" ".join(f"({values[r * 6 + c]})" if down[r * 6 + c] else str(values[r * 6 + c])
                     for c in range(6)) for r in range(6)]
    state = position("\n".join(rows))
    assert GAME.facts(state)["bonus.Anna"] == line
    state = play(state, f"bonus {up}")
    assert GAME.facts(state)["spent"] == 0 and state.boards[0].down[lone]


def test_a_short_diagonal_is_no_line():
    """VOORBEREIDING: "LET OP! Een vierkant heeft slechts twee diagonalen!" Only a2 is face
    down: b1 is the one tile face up on the short diagonal a2-b1, which gives no bonus."""
    board = "\n".join(["9 9 9 9 9 9", "(9) 9 9 9 9 9"] + ["9 9 9 9 9 9"] * 4)
    state = position(board)
    assert GAME.facts(state)["bonus.Anna"] == ""
    assert refused(state, "bonus b1") == "trigger.bonus"
    assert refused(state, "chain") == "trigger.bonus.chain"


def test_stars_do_not_count_on_a_line_face_up_or_down():
    """6. BONUS: "(zonder rekening te houden met de sterren)". Row 1 holds two stars face up,
    a star face down, two face-down numbers and one number face up: a bonus."""
    board = "\n".join(["* (*) * (3) 8 (4)"] + ["9 9 9 9 9 9"] * 5)
    state = position(board)
    assert GAME.facts(state)["bonus.Anna"] == "row 1"
    assert "bonus e1" in texts(state) and "bonus a1" not in texts(state)


def test_the_last_tile_of_the_board_turned_as_a_bonus_wins_the_round():
    """3. HET SPEL: "Het spel gaat op deze manier verder tot één van de spelers al zijn
    plaatjes heeft kunnen omdraaien (= einde van de spelronde)." OBJECT OF THE GAME: "To be the
    first player to turn all the tiles on his board face down"."""
    anna = "\n".join(["5 6 (1) (1) (1) (1)"] + [DOWN] * 5)
    state = play(position(anna, head="turn: Anna\nroll: 2 3"), "flip a1")
    assert state.phase == Phase.PLAY  # b1 still face up
    state = play(state, "bonus b1")
    facts = GAME.facts(state)
    assert (facts["phase"], facts["winner"], facts["lost.Ben"]) == ("round over", "Anna", 36 * 12)
    for move in ("end", "roll 1 2", "flip a2"):
        assert refused(state, move) == "trigger.end"


def test_a_board_whose_numbers_are_all_down_goes_on_until_its_stars_are_turned():
    """3. HET SPEL: the round ends when a player "al zijn plaatjes heeft kunnen omdraaien":
    the stars are tiles too. Every number of Anna's board is face down, two stars are not."""
    anna = "\n".join(["* (1) (1) (1) (1) (1)", "(1) (1) (1) (1) (1) *"] + [DOWN] * 4)
    state = position(anna, head="turn: Anna")
    assert state.phase == Phase.ROLL and GAME.to_move(state) == CHANCE
    state = play(state, "roll 1 1", "star a1")
    assert state.phase == Phase.PLAY
    state = play(state, "star f2")
    assert GAME.facts(state)["winner"] == "Anna"


# ---- the malus --------------------------------------------------------------------------------------
# Anna's row 1 is down to the 9 on f1, column a down to the 5 on a2 (stars below): two bonuses
TWO_LINES = "\n".join(["(2) (3) (4) (6) (7) 9", "5 (1) (1) 9 9 9"] + ["* 9 9 9 9 9"] * 4)


def _two_forgotten():
    state = play(position(TWO_LINES), "end")
    assert GAME.facts(state)["missed.Anna"] == "row 1, col a"
    return play(state, "roll 1 2")


def test_each_line_where_a_bonus_was_forgotten_may_be_punished_once_on_the_forgetters_board():
    """7. MALUS: "De speler die vergeet zijn bonussen op te nemen wordt bestraft." - "wijst hij
    zijn tegenspeler er op dat hij op die lijn, kolom of diagonaal vergeten heeft een bonus te
    nemen. Tenslotte neemt hij één reeds omgedraaid plaatje van die lijn of kolom of diagonaal
    waar de fout gebeurde en legt het terug met cijfer(s) naar boven." """
    state = _two_forgotten()
    assert [t for t in texts(state) if t.startswith("malus")] == [
        "malus row 1 a1", "malus row 1 b1", "malus row 1 c1", "malus row 1 d1",
        "malus row 1 e1", "malus col a a1"]
    state = play(state, "malus row 1 c1")
    assert not state.boards[0].down[2] and state.boards[1].count_up() == 36  # Anna's board
    assert refused(state, "malus row 1 d1") == "trigger.malus"  # once per line
    state = play(state, "malus col a a1")
    facts = GAME.facts(state)
    assert facts["missed.Anna"] == "" and facts["bonus.Anna"] == ""  # both bonuses are gone


def test_a_malus_that_turns_up_the_last_face_down_tile_of_another_missed_line_ends_that_one():
    """7. MALUS: "neemt hij één reeds omgedraaid plaatje van die lijn": column a had only a1
    face down; the malus on row 1 turned a1 up, so column a has nothing left to turn up."""
    state = play(_two_forgotten(), "malus row 1 a1")
    assert GAME.facts(state)["missed.Anna"] == ""
    assert refused(state, "malus col a a1") == "trigger.malus"


def test_a_bonus_not_punished_is_still_there_and_forgotten_again_can_be_punished_again():
    """7. MALUS: the opponent "wacht zijn spelbeurt af"; one who does not claim in that turn has
    let it go, and the bonus stays the forgetter's to take ("mag de speler die aan de beurt is,
    dit laatste plaatje omdraaien als BONUS")."""
    state = play(_two_forgotten(), "pass")  # Ben lets it go
    assert GAME.facts(state)["missed.Anna"] == ""
    state = play(state, "roll 1 2")
    assert {"bonus f1", "bonus a2"} <= set(texts(state))  # still Anna's to take
    state = play(state, "bonus f1", "end", "roll 1 2")  # column a forgotten once more
    assert [t for t in texts(state) if t.startswith("malus")] == ["malus col a a1"]


def test_the_malus_is_not_claimed_on_one_s_own_board_nor_on_one_s_own_forgotten_bonus():
    """7. MALUS: it is the opponent of the one who forgot who claims it, after the dice were
    thrown for him. Anna forgot; when her next turn comes (Ben passed), she cannot claim it."""
    state = play(_two_forgotten(), "pass", "roll 2 2")
    assert refused(state, "malus row 1 a1") == "trigger.malus"


# ---- a match: two rounds, points or rounds -----------------------------------------------------
ONE_LEFT = "\n".join(["(1) (1) (1) (1) (1) 4"] + [DOWN] * 5)
STAR_AND_TWO = "\n".join(["* 2 (1) (1) (1) (1)"] + [DOWN] * 5)


def _return_round(scoring: str, first: str):
    head = f"round: 2\nresults: {first}\nturn: Ben\nroll: 2 2"
    text = (f"{head}\nboard Anna:\n{block(ONE_LEFT)}\nboard Ben:\n{block(STAR_AND_TWO)}\n")
    return GAME.parse_position(text, {"scoring": scoring})


def test_adults_count_points_lost_over_both_rounds():
    """8. DE WINNAAR: "maakt de winnaar van een spelronde het totaal van de niet omgedraaide
    plaatjes van zijn tegenstander." - "De speler die ... het minste aantal punten verloor, is
    winnaar van de partij." Anna won round 1 (Ben lost 30); Ben wins the return round and
    Anna loses 4: Anna lost fewer points and wins the match although each won a round."""
    state = play(_return_round("points", "Anna 30"), "flip b1", "star a1")
    assert state.phase == Phase.OVER and GAME.to_move(state) is None
    outcome = GAME.outcome(state)
    assert outcome.scores == (4, 30) and outcome.winners == (0,)
    assert refused(state, "return round") == "trigger.end.over"


def test_children_count_rounds_and_two_rounds_won_win_the_match():
    """8. DE WINNAAR: "De spelers tellen hun resultaat aan de hand van het aantal gewonnen
    spelronden (voor kinderen)" - "De speler die of twee spelronden won ... is winnaar van de
    partij." """
    state = play(_return_round("rounds", "Ben 300"), "flip b1", "star a1")
    outcome = GAME.outcome(state)
    assert outcome.scores == (0, 2) and outcome.winners == (1,)


def test_the_return_round_lays_the_same_tiles_again_and_the_players_swap_boards_in_teams():
    """8. DE WINNAAR: "Alvorens de revanche te beginnen, leggen de spelers de plaatjes weer
    speelklaar (zonder deze van vakjes te veranderen), dan verwisselen ze van speelbord." With
    teams "precies dezelfde manier"."""
    state = teams("2v2", (ONE_LEFT, STAR_AND_TWO), "turn: Anna\nroll: 2 2")
    assert GAME.facts(state)["opener"] == "Cleo+Dirk"
    state = play(state, "flip f1")
    assert GAME.facts(state)["winner"] == "Anna+Ben"
    state = play(state, "return round")
    assert all(board.count_up() == 36 for board in state.boards)
    assert state.boards[0].values == state.layouts[1].values  # Anna+Ben play the other board
    assert state.boards[1].values == state.layouts[0].values
    assert GAME.facts(state)["board.Anna+Ben"] == "yellow"
    # 1. BEGIN VAN HET SPEL: "Bij de herkansing zal de tegenstander het spel beginnen."
    assert GAME.facts(state)["opener"] == "Anna+Ben" and GAME.facts(state)["thrower"] == "Ben"


# ---- teams ---------------------------------------------------------------------------------------
def test_alone_against_two_one_player_plays_every_turn_of_that_side_and_points_count_per_team():
    """SPEL MET DRIE OF VIER SPELERS: "Het spel wordt op precies dezelfde manier gespeeld als
    met twee spelers; de spelers vormen teams: 2 tegen 1, 2 tegen 2." """
    state = teams("2v1", (TWELVES, TWELVES), "turn: Anna")
    seen = []
    for _ in range(6):
        state = play(state, "roll 1 2")
        seen.append(GAME.facts(state)["player"])
        state = play(state, "pass")
    assert seen == ["Anna", "Cleo", "Ben", "Cleo", "Anna", "Cleo"]
    done = teams("2v1", (TWELVES, ONE_LEFT), "turn: Cleo\nroll: 2 2", {"rounds": 1})
    done = play(done, "flip f1")
    outcome = GAME.outcome(done)
    assert outcome.scores == (36 * 12, 36 * 12, 0) and outcome.winners == (2,)


# ---- alone ----------------------------------------------------------------------------------------
def test_alone_the_last_number_of_the_sum_is_what_the_final_reaction_needed():
    """SPEL VOOR 1 SPELER: "De speler die zijn juiste prestatie wenst te kennen, telt de
    opeenvolgende resultaten van de dobbelstenen op. OPGELET! Het laatste cijfer van zijn
    optelling, zal het aantal punten zijn dat nodig is om de finale kettingreactie te
    ontketenen. Dit aantal is dikwijls verschillend van het laatste resultaat van de
    dobbelstenen." A 9 is on the sheet and only a free star is left: the final double 6
    needs nothing of its 24."""
    board = "\n".join(["(1) (1) * (1) (1) (1)"] + [DOWN] * 5)
    state = solo(board, head="turn: Solo\nsheet: 4 5", options={"rounds": 1})
    state = play(state, "roll 6 6")
    assert GAME.facts(state)["sheet"] == "4 5, 6 6" and GAME.facts(state)["total"] == 9 + 24
    state = play(state, "star c1")
    assert state.phase == Phase.OVER and GAME.facts(state)["score"] == 9 + 0


def test_the_table_never_shows_a_face_down_value_not_even_to_the_board_s_owner():
    """7. MALUS: the tile turned up again is chosen "zonder eerst te kijken wat er op de andere
    reeds omgedraaide plaatjes aan cijferwaarde staat": face-down values are not on show; the
    unused tiles stay in the closed bags ("De ongebruikte plaatjes blijven in de zakjes")."""
    state = play(GAME.initial_state({}, seed=4), "open 2 5", "roll 6 6")
    board = state.boards[state.side]
    cheap = sorted((v, c) for c, v in board.numbers())[:2]
    for _, cell in cheap:
        state = play(state, f"flip {cell_name(cell)}")
    for player in range(2):
        seen = GAME.observation(state, player)
        shown = seen.boards[state.side]
        for cell in range(36):
            if state.boards[state.side].down[cell]:
                assert shown.values[cell] not in range(0, 13)
            else:
                assert shown.values[cell] == state.boards[state.side].values[cell]
        assert seen.bags == ((), ())
        assert all(v not in range(0, 13) for c, v in enumerate(seen.layouts[state.side].values)
                   if state.boards[state.side].down[c])


# ---- the lessons ----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_chain_lesson_names_every_tile_that_clears_the_board_not_just_the_one_it_plays(lang):
    """6. BONUS: "Deze bonusregel laat toe, fantastische zetten te doen". chain-reaction, step 1
    said Anna "could turn a 5 and a 2, or a 4 and a 3... but she picks the tile that sets off
    the most: the 7 on b1" - yet the 4 on e1 and the 2 on b5 each set off a reaction that
    clears her whole board too (the engine's chain reaction, below). The narration now names
    all three, in every language, and the try-it step that follows accepts each of them."""
    import re

    from tutor.core.i18n import localize, using
    from tutor.core.walkthrough import by_id, replay
    from tutor.trigger.chain import chain_reaction

    frames = replay(by_id("trigger/chain-reaction")).frames
    rolled = frames[1].state
    board, left = rolled.boards[0], GAME.facts(rolled)["left"]
    clearing = {cell_name(cell) for cell, value in board.numbers()
                if value <= left and chain_reaction(board.turned([cell]))[0].cleared()}
    assert clearing == {"b1", "e1", "b5"}
    with using(lang):
        narration = localize(by_id("trigger/chain-reaction")).steps[0].narration
    assert set(re.findall(r"\b[a-f][1-6]\b", narration)) >= clearing, narration
    assert frames[2].try_it is not None
    assert set(frames[2].accepted_texts) == {f"flip {cell}" for cell in clearing}
