"""An examiner's reading (s15) of InTrappola against the Italian rulebook (seed 003): the cases
the other book-derived tests leave out - the deal with every number of pictures, what a pair
catch draws and scores, the end the moment a hand is empty (deck or not), the last cards of
the deck, hidden cards after each kind of turn, the several-pictures border - and a check of
the lessons' own play where the position is fully known.

Every test quotes the book's sentence it reads, in Italian.

The picture's places::

     1  2  3  4
     5  6  7  8
     9 10 11 12
    13 14 15 16
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations

import pytest

from tutor.core.walkthrough import by_id, library, replay
from tutor.intrappola import GAME, HIDDEN
from tutor.intrappola.cards import PER_PICTURE, all_cards, card_name, geometry, read_card
from tutor.intrappola.traps import traps_of

from .helpers import cards, legal, play, position, refusal


# ---- set-up ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_one_picture_deal_three_hidden_three_face_up_at_their_places_seven_deck(seed):
    """"(4) Distribuire 3 carte ad ogni giocatore. Queste carte non vanno mostrate. (5) Prendere
    altre 3 carte dal mazzo e metterle sul tavolo nella posizione indicata dalla carta
    “riassunto”." - and "InTrappola è composto da 18 carte, 16 carte immagini"."""
    s = GAME.initial_state({}, seed)
    every = [*s.table, *s.hands[0], *s.hands[1], *s.deck]
    assert sorted(every) == list(all_cards(1))  # the 16 picture cards, each once
    assert (len(s.hands[0]), len(s.hands[1]), len(s.table), len(s.deck)) == (3, 3, 3, 7)
    assert s.caught == ((), ()) and GAME.to_move(s) == 0 and s.last is None
    assert GAME.outcome(s) is None and GAME.facts(s)["score.Anna"] == 0
    for player in (0, 1):  # "non vanno mostrate": the other hand and the deck are unseen
        seen = GAME.observation(s, player)
        assert seen.hands[player] == s.hands[player] and seen.table == s.table
        assert set(seen.hands[1 - player]) == {HIDDEN} and len(seen.hands[1 - player]) == 3
        assert set(seen.deck) == {HIDDEN} and len(seen.deck) == 7


@pytest.mark.parametrize("pictures", [2, 3, 4])
def test_several_pictures_deal_three_of_each_five_each_one_deck(pictures):
    """"(5) prendere 3 carte da ogni gruppo di immagini e metterle sul tavolo [...] (6) Riunire in
    un unico mazzo le carte immagini rimaste (7) Distribuire 5 carte ad ogni giocatore." """
    for seed in range(3):
        s = GAME.initial_state({"pictures": pictures}, seed)
        total = PER_PICTURE * pictures
        assert sorted([*s.table, *s.hands[0], *s.hands[1], *s.deck]) == list(range(total))
        assert [len(h) for h in s.hands] == [5, 5]
        assert len(s.deck) == total - 3 * pictures - 10
        assert sorted(c // PER_PICTURE for c in s.table) == sorted(list(range(pictures)) * 3)
        assert GAME.variant_rules(s) == ("intrappola.variant.pictures",)


def test_the_points_of_one_picture_add_to_36_and_the_rectangle_keeps_four_corners():
    """"le carte esterne avranno sempre 2pt, le 4 negli angoli 1pt e quelle centrali 4pt"
    (Punti): whatever the number of pictures, 4 corners."""
    for pictures in (1, 2, 3, 4):
        score = geometry(pictures).points
        assert score.count(1) == 4
        assert score.count(2) == 2 * (4 * pictures - 2) + 2 * 2  # top and bottom, two sides
        assert score.count(4) == len(score) - 4 - score.count(2)
    assert sum(geometry(1).points) == 36


# ---- a trap: what it may be ------------------------------------------------------------------
def test_a_pair_one_above_the_other_is_a_pair_too():
    """"E’ concesso intrappolare al massimo 2 carte adiacenti tra loro." - adjacent includes
    above and below ("ai lati o sopra e sotto, non in diagonale")."""
    s = position("table: 2 5 7 9 11 13 15\nhand Anna: 14 1 3\nhand Bruno: 6 10 16\n"
                 "deck: 4 8 12")
    assert "play 14 prey 6 10" in legal(s)
    after = play(s, "play 14 prey 6 10")
    f = GAME.facts(after)
    assert f["last"] == "caught" and f["caught.Anna"] == "6 10" and f["score.Anna"] == 8


def test_two_prey_on_a_diagonal_are_not_a_pair():
    """"(ai lati o sopra e sotto, non in diagonale)" and "al massimo 2 carte adiacenti tra
    loro": 6 and 11 touch only at a corner."""
    s = position("table: 2 5 12 15\nhand Anna: 1 7 10\nhand Bruno: 3 6 11\ndeck: 4 8 9 13 14 16")
    assert refusal(s, "play 7 10 prey 6 11").rule_id == "intrappola.trap.choose"
    assert not any(m.endswith("prey 6 11") for m in legal(s))


def test_cards_on_the_diagonal_do_not_close_a_side():
    """"adiacenti allo spazio vuoto [...] (ai lati o sopra e sotto, non in diagonale)": with 1,
    3, 9 and 11 round place 6 on its corners, its sides are still open."""
    s = position("table: 1 3 9 11\nhand Anna: 2 5 16\nhand Bruno: 6 4 8\n"
                 "deck: 7 10 12 13 14 15")
    exc = refusal(s, "play 2 5 prey 6")
    assert exc.rule_id == "intrappola.trap.closed"
    assert not any(m.endswith("prey 6") for m in legal(s))


def test_a_prey_in_the_deck_may_still_be_named_and_the_trap_is_missed():
    """"La “carta preda” è una carta immagine che si presume in mano all’avversario": the hunter
    presumes - the trap is legal whatever the other holds, and (B) decides what happens."""
    s = position("table: 2 11 16\nhand Anna: 5 7 12\nhand Bruno: 3 4 6\ndeck: 8 1 9 10 13 14 15")
    assert legal(s) == ["play 5 prey 1"]
    assert GAME.facts(play(s, "play 5 prey 1"))["last"] == "missed"


def test_a_hunter_who_can_trap_must_even_when_the_prey_is_surely_in_the_deck():
    """"(2) Se non può creare una trappola, deve scartare" - only then: Anna put 1 under the
    deck herself, yet her only trap names 1, so she may not discard (intrappola.turn reading)."""
    s = position("table: 2 11 16\nhand Anna: 5 7 12\nhand Bruno: 3 4 6\n"
                 "deck: 8 9 10 13 14 15 1\nunder Anna: 1")
    assert legal(s) == ["play 5 prey 1"]
    assert refusal(s, "discard 12").rule_id == "intrappola.discard"


# ---- A: caught --------------------------------------------------------------------------------
PAIR = """
table: 1 4 9 12 14 15
hand Anna: 2 3 5 8 10 11
hand Bruno: 6 7 13
deck: 16
"""


def test_a_caught_pair_scores_both_and_the_hunter_draws_one_card():
    """"(1) Giocare una o più carte immagine [...] e guadagnarsi così una o più carte
    dell’avversario"; "A2 il cacciatore si segnerà i punti della carta preda A3 prenderà la prima
    carta dal mazzo": both prey score, one card is drawn, the six trap cards stay (A4)."""
    after = play(position(PAIR), "play 2 3 5 8 10 11 prey 6 7")
    f = GAME.facts(after)
    assert f["score.Anna"] == 8 and f["last.points"] == 8
    assert f["hand.Anna"] == "16" and f["deck"] == 0 and f["last.drawn"] == "16"
    assert set(cards("2 3 5 8 10 11 6 7")) <= set(after.table)
    assert f["hand.Bruno"] == "13" and f["end"] == "stuck"  # 13 and 16: closed by the table


def test_a_catch_that_empties_the_other_hand_ends_the_game_though_the_deck_has_cards():
    """"La partita termina quando uno dei due giocatori rimane senza carte in mano": Bruno's
    only card is caught; 7 cards are left in the deck, and the game is over all the same."""
    s = position("table: 2 11 16\nhand Anna: 5 7 12\nhand Bruno: 1\n"
                 "deck: 3 4 6 8 9 10 13 14 15")
    after = play(s, "play 5 prey 1")
    f = GAME.facts(after)
    assert f["hand.Bruno"] == "" and f["deck"] == 8  # Anna drew (A3) before the end
    assert f["over"] and f["end"] == "hand" and GAME.to_move(after) is None
    assert list(GAME.legal_moves(after)) == []
    assert GAME.outcome(after).scores == (1, 0) and f["winner"] == "Anna"
    assert refusal(after, "discard 3").rule_id == "intrappola.end"


def test_a_hunter_who_plays_every_card_draws_and_plays_on():
    """"A3 prenderà la prima carta dal mazzo": the hunter who played her last cards draws one,
    so she is not left without cards while the deck has one."""
    s = position("table: 2 3 11\nhand Anna: 5 8 10\nhand Bruno: 6 7 13\n"
                 "deck: 1 4 9 12 14 15 16")
    after = play(s, "play 5 8 10 prey 6 7")
    f = GAME.facts(after)
    assert f["hand.Anna"] == "1" and not f["over"] and f["turn"] == "Bruno"


def test_a_hunter_who_plays_her_last_cards_with_the_deck_empty_ends_the_game():
    """"uno dei due giocatori rimane senza carte in mano" with "ATTENZIONE: Quando le carte del
    mazzo finiscono, le azioni in merito non potranno essere svolte" (no A3)."""
    s = position("table: 2 5 6 7 9 10 11 13 14 16\ncaught Anna: 6\ncaught Bruno: 10 15\n"
                 "hand Anna: 3 8\nhand Bruno: 1 4 12\ndeck:")
    after = play(s, "play 3 8 prey 4")
    f = GAME.facts(after)
    assert f["hand.Anna"] == "" and f["last.drawn"] == "" and f["end"] == "hand"
    assert GAME.outcome(after).scores == (5, 6) and GAME.outcome(after).winners == (1,)


def test_the_card_the_hunter_draws_is_not_seen_by_the_other():
    """"A3 prenderà la prima carta dal mazzo" with "Queste carte non vanno mostrate": Bruno sees
    card 1 go to the table, not which card Anna drew."""
    s = position("table: 2 11 16\nhand Anna: 5 7 12\nhand Bruno: 1 3 4\ndeck: 6 8 9 10 13 14 15")
    after = play(s, "play 5 prey 1")
    bruno = GAME.observation(after, 1)
    assert HIDDEN in bruno.hands[0] and read_card("6", 1) not in bruno.hands[0]
    assert bruno.last.drawn == HIDDEN and read_card("1", 1) in bruno.table
    assert GAME.observation(after, 0).last.drawn == read_card("6", 1)


# ---- B: missed --------------------------------------------------------------------------------
def test_a_missed_pair_with_one_prey_held_leaves_it_in_the_hand_and_runs_b1_to_b5():
    """"Se sarà presente una sola, la trappola non avrà effetto e verrà rimossa" and "B2 Il
    cacciatore riprenderà dal tavolo le carte usate per la trappola B3 l’altro giocatore
    guadagnerà la carta che si trova in cima al mazzo B4 la seconda carta del mazzo sarà
    posizionata scoperta sul tavolo nella sua posizione"."""
    s = position("table: 1 4 9 12 14 15\nhand Anna: 2 3 5 8 10 11\nhand Bruno: 6 13\n"
                 "deck: 16 7")
    after = play(s, "play 2 3 5 8 10 11 prey 6 7")
    f = GAME.facts(after)
    assert f["last"] == "missed" and f["score.Anna"] == 0 and f["caught.Anna"] == ""
    assert f["hand.Anna"] == "2 3 5 8 10 11"  # B2: all six back
    assert f["hand.Bruno"] == "6 13 16" and f["place.6"] == "Bruno"  # held prey stays; B3
    assert f["place.7"] == "table" and f["last.placed"] == "7" and f["deck"] == 0  # B4
    assert f["turn"] == "Bruno"  # B5


def test_after_a_miss_the_hunter_knows_the_hand_shown_not_the_card_gained():
    """"B1 sia l’avversario che il cacciatore mostreranno le carte che hanno in mano" then "B3
    l’altro giocatore guadagnerà la carta che si trova in cima al mazzo" (after the showing)."""
    s = position("table: 2 11 16\nhand Anna: 5 9 14\nhand Bruno: 3 4 6\ndeck: 7 1 8 10 12 13 15")
    after = play(s, "play 5 prey 1")
    anna, bruno = GAME.observation(after, 0), GAME.observation(after, 1)
    assert set(cards("3 4 6")) <= set(anna.hands[1]) and anna.hands[1].count(HIDDEN) == 1
    assert anna.last.gained == HIDDEN
    assert bruno.hands[0] == after.hands[0]  # Anna's whole hand, trap card back in it
    assert bruno.last.gained == read_card("7", 1)


def test_a_miss_with_two_cards_left_empties_the_deck():
    """"B3 [...] la carta che si trova in cima al mazzo B4 la seconda carta del mazzo": the two
    last cards, one to the other hand and one face up; nothing more is drawn."""
    s = position("table: 2 3 4 7 8 9 10 11 12 13 14 15\nhand Anna: 5\nhand Bruno: 16\n"
                 "deck: 6 1")
    after = play(s, "play 5 prey 1")
    f = GAME.facts(after)
    assert (f["last"], f["last.gained"], f["last.placed"], f["deck"]) == ("missed", "6", "1", 0)
    assert f["hand.Bruno"] == "6 16" and f["hand.Anna"] == "5"
    assert "intrappola.deck.empty" not in GAME.move_rules(s, GAME.parse_move(s, "play 5 prey 1"))


# ---- discard and pass ------------------------------------------------------------------------
def test_discard_goes_under_and_the_top_card_is_drawn_even_with_one_card_left():
    """"deve scartare una delle carte che ha in mano riponendola coperta in fondo al mazzo.
    Prenderà la prima carta che si trova sopra al mazzo": with one card left the hunter draws
    it, and the discarded card is the deck."""
    s = position("table: 2 3 5 8 12 13 16\ncaught Anna: 4\ncaught Bruno: 1\n"
                 "hand Anna: 9 10 14\nhand Bruno: 6 7 11\ndeck: 15")
    assert legal(s) == ["discard 9", "discard 10", "discard 14"]
    after = play(s, "discard 9")
    f = GAME.facts(after)
    assert f["hand.Anna"] == "10 14 15" and after.deck == cards("9") and f["turn"] == "Bruno"
    assert GAME.observation(after, 1).deck == (HIDDEN,)  # "coperta": Bruno does not see it
    assert GAME.observation(after, 0).deck == cards("9")


def test_pass_changes_nothing_but_the_turn():
    """"passerà la mano senza fare nessuna azione" (line 107)."""
    s = position("table: 5 6 7 8 9 10 11 12 13 14 15\nhand Anna: 1 16\nhand Bruno: 2 3 4")
    after = play(s, "pass")
    assert (after.hands, after.table, after.deck, after.caught) == (
        s.hands, s.table, s.deck, s.caught)
    assert after.turn == 1 and GAME.to_move(after) == 1


# ---- the end and the winner -------------------------------------------------------------------
def test_equal_points_at_the_end_name_no_single_winner():
    """"Il vincitore è chi ha totalizzato più punti": with equal totals nobody has more - both
    are listed (a draw, the project's reading in intrappola.end)."""
    s = position("table: 1 2 3 4 7 8 10 12 13 14 15\nhand Anna: 11\nhand Bruno: 16\n"
                 "caught Anna: 6\ncaught Bruno: 5 9")
    assert GAME.to_move(s) is None and GAME.outcome(s).scores == (4, 4)
    assert GAME.outcome(s).winners == (0, 1) and GAME.facts(s)["winner"] == "draw"


def test_cards_left_in_hand_score_nothing():
    """"si fa il conteggio dei punti ottenuti con le carte preda catturate": only caught prey
    count, not the cards played into traps nor those in hand."""
    s = position("table: 2 3 4 5 7 8 9 10 12 13 14 15\ncaught Anna: 3\nhand Anna: 1 11\n"
                 "hand Bruno: 6 16")
    assert GAME.facts(s)["end"] == "stuck" and GAME.outcome(s).scores == (2, 0)


# ---- several pictures --------------------------------------------------------------------------
def test_a_trap_across_two_pictures_closes_with_cards_of_both():
    """"Le regole rimangono le medesime" with the pictures side by side in one "rettangolo di
    gioco": A8's right side is B5, a place to close, not the table's edge."""
    s = position("pictures: 2\ntable: A4 A12 A7\nhand Anna: B5 A1 A2 A3 A5\n"
                 "hand Bruno: A8 A6 A9 A10 A11")
    # were the border an edge, the table alone would close A8 and no card could trap it
    assert "play B5 prey A8" in legal(s)
    after = play(s, "play B5 prey A8")
    f = GAME.facts(after)
    assert f["last"] == "caught" and f["score.Anna"] == 4  # an inner place of the rectangle


def test_a_corner_of_the_rectangle_needs_one_card_with_several_pictures():
    """"le 4 negli angoli 1pt" and Es 1-2: "hanno di per se i lati esterni già bloccati" - B4,
    the rectangle's top-right corner, has two sides on the edge."""
    s = position("pictures: 2\ntable: B3\nhand Anna: B8 A1 A2 A3 A5\nhand Bruno: B4 A6 A9 A10 A11")
    assert "play B8 prey B4" in legal(s)
    assert GAME.facts(play(s, "play B8 prey B4"))["score.Anna"] == 1


# ---- the lessons' own play, where everything is known ------------------------------------------
@lru_cache(maxsize=None)
def _best_margin(state) -> int:
    """The final score of the player on turn minus the other's, both playing their best (with
    the deck empty every hand is known: what is not on the table nor yours is the other's)."""
    if GAME.outcome(state) is not None:
        totals = GAME.outcome(state).scores
        return totals[state.turn] - totals[1 - state.turn]
    return max(_margin_after(state, move) for move in GAME.legal_moves(state))


def _margin_after(state, move) -> int:
    after = GAME.apply(state, move)
    value = _best_margin(after)
    return value if after.turn == state.turn else -value


def _fully_known_steps():
    for wid in sorted(w for w in library() if w.startswith("intrappola/")):
        for frame in replay(by_id(wid)).frames:
            if (frame.move is not None and frame.refusal is None and frame.before is not None
                    and not frame.before.deck):
                yield pytest.param(wid, frame.index, id=f"{wid}-{frame.index}")


@pytest.mark.parametrize("wid, index", list(_fully_known_steps()))
def test_a_lesson_move_with_the_deck_empty_is_the_best_or_names_the_better_one(wid, index):
    """"Il vincitore è chi ha totalizzato più punti": once the deck is empty nothing is hidden
    (every card off the table is in one of the two hands), so a lesson's move can be weighed to
    the end of the game: it is among the best, or the step names the stronger move and why.
    (deck-runs-out step 2: catching 15 and catching 8 with 4 and 12 both win 6 to 5.)"""
    frame = replay(by_id(wid)).frames[index]
    before = frame.before
    best = max(_margin_after(before, m) for m in GAME.legal_moves(before))
    played = _margin_after(before, frame.move)
    if played < best:
        assert frame.stronger is not None and frame.why, (wid, index, frame.move_text)
        assert _margin_after(before, GAME.parse_move(before, frame.stronger)) == best


# ---- every trap the book allows, and no other ---------------------------------------------------
def _book_traps(state) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The traps of the hunter's hand by the book's sentences alone, trying every set of hand
    cards: "una o più carte immagine che ha in mano per circondare una o due [...] “carta
    preda”"; "adiacenti allo spazio vuoto [...] non in diagonale"; "La carta preda non deve
    avere lati scoperti"; "al massimo 2 carte adiacenti tra loro"; and the project's readings:
    every card touches the prey (intrappola.trap), never a prey of one's own hand."""
    pictures, hand, table = state.pictures, state.hands[state.turn], set(state.table)
    width = 4 * pictures

    def rc(card):
        picture, index = divmod(card, 16)
        return index // 4, picture * 4 + index % 4

    def beside(a, b):
        (r1, c1), (r2, c2) = rc(a), rc(b)
        return abs(r1 - r2) + abs(c1 - c2) == 1

    def around(card):  # the place beyond each side, None at the edge of the rectangle
        r, c = rc(card)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            yield (16 * (cc // 4) + 4 * rr + cc % 4) if 0 <= rr < 4 and 0 <= cc < width else None

    empty = [c for c in all_cards(pictures) if c not in table and c not in hand]
    preys = [(p,) for p in empty] + [(a, b) for a, b in combinations(empty, 2) if beside(a, b)]
    found = set()
    for prey in preys:
        for size in range(1, len(hand) + 1):
            for played in combinations(hand, size):
                if not all(any(beside(c, p) for p in prey) for c in played):
                    continue
                closed = table | set(played) | set(prey)
                if all(o is None or o in closed for p in prey for o in around(p)):
                    found.add((tuple(sorted(played)), tuple(sorted(prey))))
    return found


@pytest.mark.parametrize("pictures", [1, 2])
def test_the_listed_traps_are_exactly_the_book_s(pictures):
    """"Per creare una trappola, il giocatore deve posizionare sul tavolo una o più carte
    immagine che ha in mano per circondare una o due definite “carta preda”" (line 46), tried
    on random tables by every set of hand cards."""
    rnd = random.Random(15 + pictures)
    checked = 0
    for _ in range(300):
        deck = list(all_cards(pictures))
        rnd.shuffle(deck)
        on_table = rnd.randint(3, len(deck) - 4)
        size = rnd.randint(1, 5)
        table, mine, theirs = deck[:on_table], deck[on_table:on_table + size], deck[on_table + size:]
        state = GAME.parse_position(
            f"pictures: {pictures}\ntable: {' '.join(_name(c, pictures) for c in table)}\n"
            f"hand Anna: {' '.join(_name(c, pictures) for c in mine)}\n"
            f"hand Bruno: {' '.join(_name(c, pictures) for c in theirs[:5])}\n"
            f"deck: {' '.join(_name(c, pictures) for c in theirs[5:])}")
        if GAME.to_move(state) is None:
            continue
        listed = {(m.cards, m.prey) for m in GAME.legal_moves(state) if hasattr(m, "prey")}
        assert listed == _book_traps(state), GAME.position_text(state)
        checked += 1
    assert checked > 100


def _name(card: int, pictures: int) -> str:
    return card_name(card, pictures)


# ---- every turn of random games, against the book's steps -------------------------------------
def _book_turn(state, move):
    """(hands, table, deck, caught) after ``move`` by the book's steps alone: A1-A4, B1-B5,
    the discard (line 37), the pass (line 107), with "ATTENZIONE: Quando le carte del mazzo
    finiscono, le azioni in merito non potranno essere svolte"."""
    me, other = state.turn, 1 - state.turn
    hands = [list(state.hands[0]), list(state.hands[1])]
    table, deck, caught = set(state.table), list(state.deck), [set(c) for c in state.caught]
    kind = type(move).__name__
    if kind == "Trap":
        if set(move.prey) <= set(hands[other]):  # (A)
            for c in move.cards:
                hands[me].remove(c)
            for p in move.prey:  # A1, A2
                hands[other].remove(p)
                caught[me].add(p)
            table |= {*move.cards, *move.prey}  # A4: the trap cards stay
            if deck:  # A3
                hands[me].append(deck.pop(0))
        else:  # (B): B2 the cards never left the hand for good
            if deck:  # B3
                hands[other].append(deck.pop(0))
            if deck:  # B4
                table.add(deck.pop(0))
    elif kind == "Discard":
        hands[me].remove(move.card)
        deck.append(move.card)  # "in fondo al mazzo"
        hands[me].append(deck.pop(0))  # "la prima carta che si trova sopra al mazzo"
    return ([sorted(h) for h in hands], sorted(table), deck, [sorted(c) for c in caught])


@pytest.mark.parametrize("pictures", [1, 2])
def test_random_games_turn_by_turn_follow_the_book(pictures):
    """Each turn of 40 random games does what the book's steps say, the hunter discards or
    passes only with no trap (""Se non può creare una trappola, deve scartare"), passes only
    with the deck empty (line 107), the turn always passes (A4, B5, line 37), and the points
    are those of the caught prey ("si fa il conteggio dei punti ottenuti con le carte preda
    catturate")."""
    for seed in range(40):
        rnd = random.Random(seed)
        s = GAME.initial_state({"pictures": pictures}, seed)
        while GAME.to_move(s) is not None:
            moves = list(GAME.legal_moves(s))
            kinds = {type(m).__name__ for m in moves}
            assert kinds in ({"Trap"}, {"Discard"}, {"Pass"}), kinds
            assert (kinds == {"Pass"}) == (not s.deck and kinds != {"Trap"})
            move = rnd.choice(moves)
            after = GAME.apply(s, move)
            hands, table, deck, caught = _book_turn(s, move)
            assert [list(h) for h in after.hands] == hands
            assert list(after.table) == table and list(after.deck) == deck
            assert [list(c) for c in after.caught] == caught
            assert after.turn == 1 - s.turn
            score = geometry(pictures).points
            assert GAME.facts(after)["score.Anna"] == sum(score[c] for c in caught[0])
            s = after
        # the end: a hand empty, or no trap for either hand now
        assert (not s.hands[0] or not s.hands[1]
                or not any(traps_of(h, s.table, pictures) for h in s.hands))
