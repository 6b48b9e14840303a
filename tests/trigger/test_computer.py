"""The computer players: legal, finishing, greedy is really greedy, the search plays better."""
from __future__ import annotations

import itertools
import random

import pytest

from tutor.trigger import GAME
from tutor.trigger.board import STAR, Board
from tutor.trigger.chain import chain_reaction
from tutor.trigger.computer import choose, greedy_flip, play, search_flip, settle

from .helpers import play as play_texts


@pytest.mark.parametrize("options", [{}, {"mode": "2v1"}, {"mode": "solo"}, {"mode": "2v2", "doubles": "multiply"}],
                         ids=lambda o: o.get("mode", "two"))
def test_computer_players_play_whole_matches_legally(options):
    for seed in range(3):
        kinds = ("search", "greedy", "search", "greedy")
        state = play(GAME, options, seed, kinds)  # every move goes through Game.apply
        assert GAME.outcome(state) is not None
        assert len(state.results) == state.setup.rounds


@pytest.mark.parametrize("seed", range(25))
def test_greedy_spends_the_most_that_fits(seed):
    rnd = random.Random(seed)
    values = tuple(rnd.choice([STAR] + list(range(1, 13))) for _ in range(36))
    up = set(rnd.sample(range(36), 9))
    board = Board(values, tuple(c not in up for c in range(36)))
    left = rnd.choice([3, 7, 11, 24])
    numbers = [c for c in up if values[c] != STAR]
    best = max((sum(values[c] for c in combo)
                for k in range(len(numbers) + 1) for combo in itertools.combinations(numbers, k)
                if sum(values[c] for c in combo) <= left), default=0)
    assert sum(values[c] for c in greedy_flip(board, left)) == best


def test_the_search_pays_for_the_trigger_of_a_chain_not_the_biggest_flip():
    # a corner 9 3 / 7 6 that the 3 sets off, and a block of nine 4s that nothing sets off
    up = {"a1": 9, "b1": 3, "a2": 7, "b2": 6}
    up.update({c + r: 4 for r in "456" for c in "def"})
    values, down = [1] * 36, [True] * 36
    for name, value in up.items():
        cell = (int(name[1]) - 1) * 6 + "abcdef".index(name[0])
        values[cell], down[cell] = value, False
    board = Board(tuple(values), tuple(down))
    assert not chain_reaction(board)[1]  # no bonus yet
    greedy, searched = greedy_flip(board, 4), search_flip(board, 4)
    assert [board.values[c] for c in greedy] == [4]  # all of the roll, nothing set off
    assert searched == (1,)  # b1
    assert settle(board.turned(searched)).count_up() == 9  # the corner is gone
    assert settle(board.turned(greedy)).count_up() == 12


def test_the_search_beats_greedy_over_seeded_rounds():
    won = 0
    for seed in range(20):
        kinds = ("search", "greedy") if seed % 2 == 0 else ("greedy", "search")
        state = play(GAME, {"rounds": 1}, seed, kinds)
        won += kinds[state.results[0][0]] == "search"
    assert won >= 14


def test_a_computer_claims_a_forgotten_bonus():
    from .helpers import TWELVES, play as play_texts, position
    row = "5 (3) (2) (1) * (11)\n" + TWELVES.split("\n", 1)[1]
    state = play_texts(position(row), "end", "roll 1 2")
    assert GAME.move_text(state, choose(GAME, state, "greedy")) == "malus row 1 b1"


def test_unknown_computer_kind_is_named():
    state = GAME.parse_position("turn: Solo\nroll: 1 2\nboard Solo:\n" + "  1 1 1 1 1 1\n" * 6,
                                {"mode": "solo"})
    with pytest.raises(ValueError, match="no computer player 'clever'"):
        choose(GAME, state, "clever")


@pytest.mark.parametrize("options", [{}, {"mode": "2v1"}, {"mode": "solo"}])
def test_the_computer_s_move_when_a_round_is_over_is_the_next_round(options):
    """Between two rounds the one legal move is the return round (solo: the next try):
    best_move, the coach's and free play's computer, gave 'end', which the rules refuse."""
    from tutor.core.game import CHANCE
    state, rnd = GAME.initial_state(options, seed=2), random.Random(2)
    while state.phase != "round over":
        mover = GAME.to_move(state)
        if mover == CHANCE:
            moves, weights = zip(*GAME.chance_outcomes(state))
            move = rnd.choices(moves, weights)[0]
        else:
            move = GAME.best_move(state, "search", 1)
        state = GAME.apply(state, move)
    for kind in ("search", "greedy"):
        move = GAME.best_move(state, kind, 1)
        assert GAME.is_legal(state, move) and GAME.move_text(state, move) in ("return round",
                                                                             "replay")


def _coach_turn(state):
    """The coach's moves (GAME.best_move) to the end of the turn or of the round."""
    side, texts = state.side, []
    while state.phase == "play" and state.side == side:
        move = GAME.best_move(state, "", 1)
        texts.append(GAME.move_text(state, move))
        state = GAME.apply(state, move)
    return state, texts


#: seeded two-player game (seed 24, Ben forgetting a bonus now and then), ply 85: Ben left the
#: bonus d4 of row 4, and that bonus would set off a chain that clears his whole board
MISSED_CLEARING_CHAIN = """\
players: Anna Ben
rounds: 1
turn: Anna
roll: 1 3
missed Ben: row 4
board Anna:
   (8)  (*)  (5)  (6)  (*)  (6)
     * (10)   12    9 (11)    *
  (10)  (3)  (2)    *  (*)  (4)
   (7)  (4)  (4)  (1)  (3)  (8)
   (2) (11)    * (12) (11)  (1)
  (12)  (8)    6   10  (9)  (7)
board Ben:
  (11)  (*)  (2)  (1)  (*)  (5)
     * (10)   10  (4)  (8)   10
   (8)  (9) (11) (12)  (4)  (2)
   (9)  (5)  (7)   12  (4)  (6)
   (1)  (3)    *  (7)  (3)  (3)
     *    *    8    7  (1)    9
"""


def test_the_malus_goes_where_it_is_not_a_bonus_given_back():
    """The malus went on the first face-down tile of the line, a4: the one face-up number of
    column a then, so a bonus for Ben, and with it d4 again and the whole chain: his board
    cleared for free at the start of his turn (the round won). On f4 (column f holds 10 and 9)
    it stays, the chain stays blocked, and Ben still has 11 tiles (162 points) to turn."""
    state = GAME.parse_position(MISSED_CLEARING_CHAIN)
    move = GAME.best_move(state, "", 1)
    assert GAME.move_text(state, move) == "malus row 4 f4"
    for kind in ("search", "greedy"):
        assert GAME.move_text(state, choose(GAME, state, kind)) == "malus row 4 f4"

    def ben_after(text):  # Ben's board once he has taken every free bonus and star
        return settle(play_texts(state, text).boards[1])
    assert ben_after("malus row 4 a4").cleared()
    assert ben_after("malus row 4 f4").count_up() == 11
    assert ben_after("malus row 4 f4").points() == 162


#: seeded solo game (seed 17, the player forgetting a bonus now and then), ply 50: f1 was left
#: the one face-up number of the rising diagonal, and the self-malus is owed
SELF_MALUS = """\
players: Solo
mode: solo
rounds: 1
turn: Solo
sheet: 1 6, 2 4, 2 3, 6 6, 2 4, 1 4, 3 3, 2 6
roll: 1 2
missed Solo: diag a6-f1
board Solo:
    11  (*)  (4)  (*)  (2)    5
     3 (12) (12)  (2)    *  (3)
  (12)  (7)   11 (10)   11  (2)
   (*)  (1)  (3) (10)  (9)  (5)
   (8)  (6)    9    *  (4)    7
   (6)  (1)    8  (6)   10  (4)
"""


def test_the_self_malus_goes_where_an_opponent_would_put_it():
    """Alone, the malus is "chosen as an opponent would choose it" (``trigger.solo.malus``):
    on a6, whose row and column hold other numbers, so it stays up and blocks f1's bonus
    (11 tiles, 128 points left), not on b5, the one face-up number of column b then, a bonus
    again with f1 after it, whose chain would clear the board for the player."""
    state = GAME.parse_position(SELF_MALUS)
    after, texts = _coach_turn(state)
    assert texts[0] == "malus diag a6-f1 a6"
    worse = settle(play_texts(state, "malus diag a6-f1 a6").boards[0])
    assert (worse.count_up(), worse.points()) == (11, 128)
    kind = settle(play_texts(state, "malus diag a6-f1 b5").boards[0])
    assert kind.cleared(), "b5 would have been the player's own pick"
    assert not after.boards[0].cleared()


#: seeded solo game (seed 0), ply 40: a 4 and a 6 rolled; a 7 (b4 or f4) sets off the chain
#: that clears the board, and so does the 8 on f3
SOLO_LAST_ROLL = """\
players: Solo
mode: solo
rounds: 1
turn: Solo
sheet: 1 3, 2 3, 1 4, 5 5, 2 6, 1 5, 4 4
roll: 4 6
board Solo:
   (*)  (3)  (9)  (*)  (1)  (3)
  (11)    *  (8)  (2)  (4) (11)
     *   12 (10)  (4)  (2)    8
     *    7  (6)  (3)  (6)    7
   (4)  (1)  (7)  (5)  (9) (12)
  (10) (10)  (*) (12)  (5)  (5)
"""


def test_the_last_roll_clears_the_board_as_cheaply_as_it_can():
    """The solo score counts the last roll only as far as it was needed: the search paid
    the 8 (score 72) where a 7 clears the board as well (score 71)."""
    state = GAME.parse_position(SOLO_LAST_ROLL)
    after, texts = _coach_turn(state)
    assert texts[0] in ("flip b4", "flip f4")
    assert after.boards[0].cleared() and after.spent == 7
    assert after.results == ((0, 71),)


@pytest.mark.parametrize("seed", range(30))
def test_a_clearing_turn_spends_the_least_that_clears(seed):
    """Against a brute force over every flip: when the roll can clear the board, the search
    clears it tile by tile, paying no more than the cheapest flip that does (the tiles set
    off by the chain are free; the search once paid for the dearest clearing flip)."""
    rnd = random.Random(seed)
    while True:  # a board of a few face-up tiles that the roll can clear
        values = tuple(rnd.choice([STAR] + list(range(1, 13))) for _ in range(36))
        up = set(rnd.sample(range(36), rnd.randint(6, 12)))
        board = settle(Board(values, tuple(c not in up for c in range(36))))
        left = rnd.choice([6, 9, 12, 16, 24])
        numbers = [c for c, _ in board.numbers()]
        clearing = [sum(values[c] for c in combo)
                    for k in range(1, len(numbers) + 1)
                    for combo in itertools.combinations(numbers, k)
                    if sum(values[c] for c in combo) <= left
                    and settle(board.turned(combo)).cleared()]
        if numbers and clearing:
            break
    assert search_flip(board, left)
    spent, cells = 0, board
    while not cells.cleared():
        flip = search_flip(cells, left - spent)
        assert flip, "stopped before the board was clear"
        cell = max(flip, key=lambda c: (cells.values[c], -c))
        spent += cells.values[cell]
        cells = settle(cells.turned([cell]))
    assert spent == min(clearing)


#: a solo replay (seed 0): the first try played the coach's moves for the 7 rolls of the sheet
#: of SOLO_LAST_ROLL, then passed on thirteen rolls of 1 and 2 (score 212); the replay has come
#: to the last line of the sheet the same way, and its 1 and 2 turn nothing (every face-up
#: number is 7 or more)
LAST_LINE = """\
players: Solo
mode: solo
round: 2
turn: Solo
results: Solo 212
replay: 1 3, 2 3, 1 4, 5 5, 2 6, 1 5, 4 4, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2
sheet: 1 3, 2 3, 1 4, 5 5, 2 6, 1 5, 4 4, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2, 1 2
roll: 1 2
board Solo:
   (*)  (3)  (9)  (*)  (1)  (3)
  (11)    *  (8)  (2)  (4) (11)
     *   12 (10)  (4)  (2)    8
     *    7  (6)  (3)  (6)    7
   (4)  (1)  (7)  (5)  (9) (12)
  (10) (10)  (*) (12)  (5)  (5)
layout Solo:
     *    3    9    *    1    3
    11    *    8    2    4   11
     *   12   10    4    2    8
     *    7    6    3    6    7
     4    1    7    5    9   12
    10   10    *   12    5    5
"""


def test_on_the_last_line_of_the_sheet_a_too_bad_roll_is_rolled_again():
    """The coach ended the turn: the try ended with the sheet full, score 212 again. Rolled
    again, any roll of 7 or more clears the board (a 7 sets off the whole chain): the exact
    expected score over the 36 ways the new roll falls, each played out by the coach, is
    145.56."""
    state = GAME.parse_position(LAST_LINE)
    assert GAME.move_text(state, GAME.best_move(state, "", 1)) == "reroll"
    kept = play_texts(state, "end")
    assert kept.results[-1] == (0, 212)
    again, expected = play_texts(state, "reroll"), 0.0
    for roll, p in GAME.chance_outcomes(again):
        after, _ = _coach_turn(GAME.apply(again, roll))
        expected += p * after.results[-1][1]
    assert round(expected, 2) == 145.56
