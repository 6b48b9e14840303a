"""The computer players: legal to the end, better than random play, sound choices, honest."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tutor.trapper import GAME, rules_of
from tutor.trapper.computer import Random, choose, heuristic, play_game
from tutor.trapper.moves import Bid, DropOut, Exchange, Pass, Take
from tutor.trapper.tiles import square_index

from .helpers import play

#: ranks 8, 7, 6, 3, 2, 1 empty: a position with few tiles left (near the end)
EMPTY_RANKS = "board:\n" + "\n".join(f"  {r}  " + "  ".join("." * 8) for r in (8, 7, 6, 3, 2, 1))


@pytest.mark.parametrize("options", GAME.example_options(), ids=str)
def test_computers_play_whole_games_legally(options):
    for seed in range(2):
        state = play_game(GAME, options, seed, [heuristic] * 4)  # every move through apply
        assert GAME.outcome(state) is not None


@pytest.mark.parametrize("variant", ["standard", "tactical"])
def test_the_heuristic_beats_random_play_in_most_games(variant):
    wins = 0
    for seed in range(10):
        seat = seed % 2
        players = [Random(seed), Random(seed + 100)]
        players[seat] = heuristic
        outcome = GAME.outcome(play_game(GAME, {"players": 2, "variant": variant}, seed, players))
        wins += outcome.winners == (seat,)
    assert wins >= 8


def test_it_fills_a_canoe_rather_than_take_a_single():
    s = GAME.parse_position("""players: Anna, Ben
hand Anna: green 1, blue 1
display Anna: canoe-mink1
board:
  6  *  *        mink3/N  *      *  *  *  *
  5  *  bear2/W  green    blue   ?  *  *  *
  4  *  *        purple   beige  *  *  *  *""", seed=1)
    move = choose(GAME, s)
    assert isinstance(move, Take) and move.square == square_index("c6")
    after = GAME.apply(s, move)
    assert after.money(0) == 6


def test_an_isolated_trapper_fetches_the_tile_that_fills_a_canoe():
    # green on c5 has only face-down neighbours: isolated, it may take any face-up tile
    s = GAME.parse_position("""players: Anna, Ben
hand Anna: green 1
display Anna: canoe-bear1 + herb1 + mushroom1
board:
  8  *  *  *      *      *  *  *  bear4/N
  6  *  *  .      *      *  *  *  *
  5  *  .  green  .      *  *  *  *
  4  *  *  .      *      *  *  *  *
  3  *  *  *      purple beige  blue  *  *""", seed=2)
    assert rules_of(s).isolated(s, 0)
    move = choose(GAME, s)
    assert (move.colour, move.square) == (0, square_index("h8"))


def test_it_passes_when_no_take_is_worth_a_card_and_ends_a_turn_it_began():
    # only a lone canoe of 3 elk and a lone bear 4 (with no bear canoe in reach) are on offer
    s = GAME.parse_position("""players: Anna, Ben
hand Anna: green 1
display Anna: wolf1 | mink1 | salmon1 | lynx1
board:
  6  *  *  canoe-elk3/N  *      *  *  *  *
  5  *  .  green        blue   *  *  *  *
  4  *  *  purple       beige  *  *  *  *""", seed=3)
    moves = {GAME.move_text(s, m) for m in GAME.legal_moves(s)}
    assert "green: take c6" in moves
    assert choose(GAME, s) in (Pass(), DropOut())


def test_it_exchanges_three_species_for_the_most_species_tile():
    s = GAME.parse_position("""players: Anna, Ben
sold Anna: canoe-bear1 + bear2 | canoe-elk1 + elk3 | canoe-mink1 + mink1
""" + EMPTY_RANKS + """
  5  *  *  green  blue   *  *  *  *
  4  *  *  purple beige  *  *  *  *""", seed=4)
    move = choose(GAME, s)
    assert isinstance(move, Exchange) and len(move.species) == 3


def test_its_bids_are_payable_and_it_raises_only_while_the_tile_is_worth_it():
    for seed in range(6):
        s = GAME.initial_state({"players": 3, "variant": "tactical"}, seed)
        for _ in range(60):
            if s.over:
                break
            move = choose(GAME, s)
            assert GAME.is_legal(s, move)
            if isinstance(move, Bid) and s.bid:
                assert move.amount == s.bid + 1  # it raises by one, never jumps
            s = GAME.apply(s, move)


def test_it_does_not_look_at_hidden_tiles_or_other_hands():
    rnd = random.Random(5)
    for seed in range(8):
        s = GAME.initial_state({"players": 2}, seed)
        for _ in range(rnd.randrange(0, 30)):  # some random play first
            if s.over:
                break
            s = GAME.apply(s, rnd.choice(list(GAME.legal_moves(s))))
        if s.over:
            continue
        hidden = [sq for sq in range(64) if s.board[sq] is not None and not s.face_up[sq]]
        board = list(s.board)
        shuffled = [board[sq] for sq in hidden]
        rnd.shuffle(shuffled)
        for sq, tile in zip(hidden, shuffled):
            board[sq] = tile
        other = 1 - s.actor
        hands = list(s.hands)
        hands[other] = tuple(reversed(hands[other]))
        twin = replace(s, board=tuple(board), hands=tuple(hands), draw=tuple(reversed(s.draw)))
        assert choose(GAME, twin) == choose(GAME, s)


def test_unknown_kinds_and_finished_games_are_refused_plainly():
    s = GAME.initial_state({"players": 2}, 0)
    with pytest.raises(ValueError) as caught:
        choose(GAME, s, "clever")
    assert str(caught.value) == "no computer player 'clever'; known: heuristic, random"
    done = play(s, "drop out", "drop out")
    with pytest.raises(ValueError) as caught:
        choose(GAME, done)
    assert str(caught.value) == "the game is over: there is no move to choose"


@pytest.mark.parametrize("variant", ["standard", "young", "tactical"])
def test_it_decides_the_same_from_its_own_view(variant):
    rnd = random.Random(9)
    for seed in range(6):
        s = GAME.initial_state({"players": 3, "variant": variant}, seed)
        for _ in range(rnd.randrange(0, 40)):
            if s.over:
                break
            s = GAME.apply(s, rnd.choice(list(GAME.legal_moves(s))))
        if not s.over:
            seen = GAME.observation(s, s.actor)  # what its seat may see
            assert choose(GAME, seen) == choose(GAME, s)


#: bear 4 beside the green trapper at c5, which taking it leaves isolated: then free to fetch
#: mink 3 from h8 for Anna's canoe of minks (a standard and a tactical test)
TO_THE_MINK = """board:
  8  .  .  .        .          .        .        .  mink3/N
""" + "\n".join(f"  {r}  " + "  ".join("." * 8) for r in (7, 6, 2, 1)) + """
  5  .  .  green    .          .        .        .  .
  4  .  .  bear4/W  purple     beige    blue     .  .
  3  .  .  .        salmon1/S  wolf1/S  lynx1/S  .  ."""


def test_it_takes_a_poor_tile_that_isolates_its_trapper_to_fetch_a_canoe_s_animal():
    """Before: it looked one take ahead only at the tiles beside the new square, so it passed
    rather than take bear 4, after which green stands isolated and may fetch mink 3 from h8."""
    s = GAME.parse_position("""players: Anna, Ben
hand Anna: green 2
display Anna: canoe-mink1
""" + TO_THE_MINK, seed=1)
    move = choose(GAME, s)
    assert GAME.move_text(s, move) == "green: take c4"
    s = GAME.apply(s, move)
    assert rules_of(s).isolated(s, 0)
    s = GAME.apply(s, choose(GAME, s))
    assert s.money(0) == 6 and GAME.facts(s)["sold.Anna"] == "canoe of 1 mink (6)"


def test_with_a_full_hand_it_takes_a_tile_that_costs_it_little_rather_than_draw_more():
    """Before: it passed while every take cost it a coin or so, whatever its hand: in games of
    two computers both hands grew past 30 cards, the draw pile ran dry and both dropped out
    with tiles left on the board (in 12 seeded games: up to 38 cards, up to 22 tiles left)."""
    s = GAME.parse_position("""players: Anna, Ben
hand Anna: green 4, blue 4, beige 4, purple 4
display Anna: canoe-bear3
""" + EMPTY_RANKS.replace("  3  " + "  ".join("." * 8) + "\n", "") + """
  5  .  .  green   salmon1/S  .        .        .  .
  4  .  .  purple  beige      blue     .        .  *
  3  .  .  .       wolf1/S    lynx1/S  mink1/S  .  .""", seed=1)
    move = choose(GAME, s)
    assert isinstance(move, Take), GAME.move_text(s, move)
    few = GAME.parse_position(GAME.position_text(s).replace(
        "hand Anna: green 4, blue 4, beige 4, purple 4", "hand Anna: green 1, blue 1, beige 1"))
    assert choose(GAME, few) == Pass()  # with a small hand it still keeps its cards


def test_the_tactical_stone_holder_opens_a_poor_tile_that_isolates_its_trapper_to_fetch_a_canoe_s_animal():
    """Before: the tactical computer weighed only the tile an auction takes, so it passed
    (drew 4) rather than open green for bear 4; the colour stays named for the stone holder's
    turn, so the next auction lets the isolated green trapper fetch mink 3 from h8."""
    s = GAME.parse_position("""players: Anna, Ben
variant: tactical
hand Anna: green 4, blue 2, beige 2, purple 2
hand Ben: green 1, blue 1, beige 1, purple 1
display Anna: canoe-mink1
""" + TO_THE_MINK, seed=1)
    assert GAME.move_text(s, choose(GAME, s)) == "bid green 1"
    for _ in range(6):  # Ben passes; Anna takes c4, opens again, takes h8
        s = GAME.apply(s, choose(GAME, s))
    assert s.money(0) == 6 and GAME.facts(s)["sold.Anna"] == "canoe of 1 mink (6)"


def test_tactical_computers_spend_their_cards_on_the_tiles_instead_of_hoarding_them():
    """Cards count nothing at the end (trapper.end.scoring scores displays and bonus tiles,
    never a hand), and a stone holder who passes draws 4. Before: two tactical computers let
    tiles worth a little lie, drew until both held 32-38 cards with 14-28 tiles still on the
    board, and dropped out when the piles ran dry. Now, while 10 or more tiles lie on the
    board, no hand reaches three times the 8 dealt, and almost every tile is taken."""
    for seed in range(6):
        s = GAME.initial_state({"players": 2, "variant": "tactical"}, seed)
        biggest = 0
        while not s.over:
            if sum(t is not None for t in s.board) >= 10:
                biggest = max(biggest, *map(sum, s.hands))
            s = GAME.apply(s, choose(GAME, s))
        assert biggest < 24, (seed, biggest)
        assert sum(t is not None for t in s.board) <= 5, seed


#: seed 231, 4 players, tactical, ply 474: the others have dropped out, the piles are dry; the
#: blue trapper on g1 stands isolated and may fetch herb 1 from a4, a single (-1) for P1
ALONE_AND_AHEAD = """players: P1, P2, P3, P4
variant: tactical
turn: P1
dropped: P2, P3, P4
board:
  8 .         .      green wolf3/N elk3/N  .      .    .
  7 .         .      .     .       .       .      .    .
  6 .         .      .     .       .       .      .    .
  5 salmon3/W .      .     .       .       .      .    .
  4 herb1/W   .      beige .       .       .      .    .
  3 .         .      .     .       wolf2/N elk2/E .    .
  2 .         purple .     .       .       .      .    .
  1 .         .      .     .       .       .      blue .
    a         b      c     d       e       f      g    h
hand P1: green 9, blue 3, beige 6, purple 4
hand P2: green 0, blue 0, beige 0, purple 0
hand P3: green 0, blue 0, beige 0, purple 0
hand P4: green 0, blue 0, beige 0, purple 0
aside: green 7, blue 13, beige 10, purple 12
sold P1: canoe-bear3 + mushroom2 + bear2 + bear2 + bear3 | canoe-lynx1 + lynx4
money P1: 60
bonus P1: canoe 16, canoe 18, species 3
display P2: canoe-wolf3 + wolf3 + wolf1 | salmon2
money P2: 14
bonus P2: species 1
display P3: salmon2
sold P3: canoe-elk1 + elk1 | canoe-lynx2 + mushroom5 + lynx2 + lynx1
money P3: 48
bonus P3: canoe 24, species 2
display P4: canoe-elk3 + elk2 | canoe-wolf1 + mushroom1 + herb5 | salmon4 | salmon1
sold P4: canoe-bear2 + bear4 + bear1 | canoe-elk2 + elk3 + elk4 | canoe-mink2 + mink3 + mink2
money P4: 34"""


def _play_out(s):
    while not s.over:
        s = GAME.apply(s, choose(GAME, s))
    return s


def test_alone_the_tactical_computer_does_not_buy_a_tile_that_costs_it_with_a_full_hand():
    """Before: with 16 or more cards the tactical stone holder opened an auction for a tile that
    costs it a little even when everybody else had dropped out (nobody left for whom hoarded
    cards would run the piles dry): seed 231 (4 players), P1 alone and ahead bid blue 1 for
    herb 1, a single (-1), then dropped out: 84 coins where dropping out at once ends with 85."""
    s = GAME.parse_position(ALONE_AND_AHEAD)
    assert choose(GAME, s) == DropOut()
    assert _play_out(s).money(0) == 85


def test_alone_and_behind_the_tactical_computer_does_not_take_the_last_tile_at_a_loss():
    """Before: seed 238 (3 players), P2 alone, 24 cards, the last tile bear 1 a single (-1):
    it bid green 1, took it and ended the game with 50 coins; dropping out ends it with 51."""
    s = GAME.parse_position("""players: P1, P2, P3
variant: tactical
turn: P2
dropped: P1, P3
board:
  8 .     . . . .      . .     .
  7 .     . . . .      . .     .
  6 .     . . . .      . .     .
  5 beige . . . .      . .     .
  4 .     . . . .      . .     .
  3 .     . . . purple . .     blue
  2 .     . . . .      . .     .
  1 .     . . . .      . green bear1/E
    a     b c d e      f g     h
hand P1: green 0, blue 0, beige 0, purple 0
hand P2: green 8, blue 6, beige 5, purple 5
hand P3: green 0, blue 0, beige 0, purple 0
aside: green 8, blue 10, beige 11, purple 11
display P1: canoe-lynx3 + mushroom1 + lynx4 + lynx3
sold P1: canoe-wolf2 + mushroom4 + wolf2 + wolf1
money P1: 68
bonus P1: canoe 28, species 4
display P2: canoe-salmon3 + salmon2
sold P2: canoe-elk1 + herb2 + elk3 | canoe-mink1 + mushroom3 + mink3 | canoe-lynx1 + mushroom2 + lynx3
money P2: 46
bonus P2: species 1
display P3: canoe-elk3 + herb1 + elk2 + elk1 | salmon2
money P3: 74
bonus P3: canoe 16, canoe 18, species 3, species 2""")
    assert choose(GAME, s) == DropOut()
    assert _play_out(s).money(1) == 51


def test_it_exchanges_before_it_takes_the_last_tile():
    """Before: seed 1101 (3 players), P3 took the last tile (which ends the game) holding sold
    canoes of wolves, salmon and bears with the most-species tile 1 still there: 61 coins where
    handing in the wolves first (tile 1, third of the species tiles: 3 coins) ends with 64."""
    s = GAME.parse_position("""players: P1, P2, P3
turn: P3
moved: purple
played: 4
board:
  8 . . . .      .       .     . .
  7 . . . .      .       .     . .
  6 . . . .      .       .     . .
  5 . . . .      .       .     . .
  4 . . . .      .       .     . .
  3 . . . purple lynx2/N beige . .
  2 . . . .      .       .     . green
  1 . . . .      .       .     . blue
    a b c d      e       f     g h
hand P1: green 0, blue 3, beige 4, purple 0
hand P2: green 0, blue 1, beige 1, purple 1
hand P3: green 1, blue 5, beige 0, purple 0
draw: blue, blue, green, purple, beige, purple, purple, purple, green
discard: green 13, blue 5, beige 10, purple 11
display P1: canoe-salmon3 + salmon3 + salmon2
sold P1: canoe-mink1 + herb5 + mink3
money P1: 72
bonus P1: canoe 24, canoe 16, species 5
money P2: 68
bonus P2: canoe 18, species 3, species 2
display P3: canoe-salmon2 + herb1 + salmon2 | canoe-lynx2
sold P3: canoe-wolf2 + herb2 + wolf3 + wolf2 | canoe-salmon1 + mushroom4 + salmon3 | """
                            """canoe-bear2 + mushroom1 + bear2 + bear3 | canoe-bear3 + bear3 + bear4 + bear1
money P3: 56""")
    move = choose(GAME, s)
    assert isinstance(move, Exchange) and len(move.species) == 1, GAME.move_text(s, move)
    s = GAME.apply(s, move)
    assert GAME.move_text(s, choose(GAME, s)) == "purple: take e3 paying blue blue"
    assert _play_out(s).money(2) == 64
