"""The computer players: legal, finishing, greedy is really greedy, the search plays better."""
from __future__ import annotations

import itertools
import random

import pytest

from tutor.trigger import GAME
from tutor.trigger.board import STAR, Board
from tutor.trigger.chain import chain_reaction
from tutor.trigger.computer import choose, greedy_flip, play, search_flip, settle


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
