"""Random full games for many seeds, checking the invariants at every step."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.canyon import GAME
from tutor.canyon.cards import DECK
from tutor.canyon.state import CAVE, OFF


def check_invariants(s):
    # the 50 cards: dealt, on the table, in finished tricks, trump, or unused - each once
    cards = [*(c for h in s.hands for c in h), *s.stock, *s.played, *(c for _, c in s.table),
             *([s.trump] if s.trump else [])]
    assert Counter(cards) == Counter(DECK)
    # each canoe on exactly one field (or the cave); never two on a field but the cave
    placed = [f for f in s.canoes if f >= 0]
    assert len(placed) == len(set(placed))
    for f in s.canoes:
        assert f in (CAVE, OFF) or s.board.kinds[f] in ".S" or s.board.kinds[f] in "v<>^/\\D"
    if s.phase in ("tempo", "tricks", "move"):
        assert OFF not in s.canoes
        dealt = len(s.played) + sum(len(h) for h in s.hands) + len(s.table)
        assert dealt == s.seats * GAME.facts(s)["cards"]
        assert len(s.played) == s.seats * sum(s.tricks)
    if s.phase == "tricks":
        sizes = {len(h) + any(p == i for i, _ in s.table) for p, h in enumerate(s.hands)}
        assert len(sizes) == 1  # everyone holds the same number of cards, counting the table


def random_game(options, seed):
    rnd = random.Random(seed)
    s = GAME.initial_state(options, seed)
    rounds = 0
    for _ in range(20000):
        check_invariants(s)
        if GAME.outcome(s) is not None:
            return s, rounds
        moves = list(GAME.legal_moves(s))
        assert moves, GAME.facts(s)
        before = s
        s = GAME.apply(s, rnd.choice(moves))
        if s.round_no != before.round_no and before.round_no:
            rounds += 1
            assert s.dealer == before.start_player
            assert s.start_player == (s.dealer + 1) % s.seats
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("options", [
    {"players": 3, "map": "short"},
    {"players": 4, "map": "short", "skip": True},
    {"players": 6, "map": "short"},
])
def test_random_games_keep_the_invariants(options):
    for seed in range(8):
        end, rounds = random_game(options, seed)
        outcome = GAME.outcome(end)
        assert outcome.winners and rounds >= 1
        assert all(end.left_over[w] >= 0 for w in outcome.winners)
        assert all(end.board.kinds[end.canoes[w]] == "D" for w in outcome.winners)


def test_a_random_game_on_the_default_board_ends():
    end, rounds = random_game({"players": 4}, seed=5)
    assert GAME.facts(end)["winner"] != "none" and rounds > 5
