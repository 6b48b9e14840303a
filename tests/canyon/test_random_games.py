"""Random full games for many seeds, checking the invariants at every step."""
from __future__ import annotations

import random
import pytest

from tutor.canyon import GAME


def check_invariants(s):
    assert GAME.invariants(s) == []


def test_invariants_name_what_is_broken():
    s = GAME.initial_state({"players": 3, "map": "short"}, seed=4)
    for _ in range(6):  # the canoes placed, the tempos laid: the first trick
        s = GAME.apply(s, next(iter(GAME.legal_moves(s))))
    assert GAME.invariants(s) == []
    lost = s.but(hands=(s.hands[0][1:], *s.hands[1:]))
    assert GAME.invariants(lost) == [
        "the cards are not the deck of 50 once each (49 cards)",
        "the cards in the hands and the tricks are not the round's: 8 cards each",
        f"{3 * GAME.facts(s)['cards'] - 1} cards dealt on counter field {s.counter}"]
    assert s.phase == "tricks" and GAME.facts(s)["cards"] == 8
    crowded = s.but(canoes=(s.canoes[1], *s.canoes[1:]))
    assert GAME.invariants(crowded) == [f"two canoes on one field: {crowded.canoes}"]
    ashore = s.but(canoes=(s.board.kinds.index("#"), *s.canoes[1:]))
    assert GAME.invariants(ashore) == [f"Anne's canoe stands on {ashore.canoes[0]}, not water"]
    skipped = s.but(skip=True, counter=7)
    assert any("never to field 7" in said for said in GAME.invariants(skipped))


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
