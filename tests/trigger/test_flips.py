"""Flips enumerated lazily and counted, against brute force; the check never lists them."""
from __future__ import annotations

import itertools
import random

import pytest

from tutor.trigger import GAME, flips as flips_module
from tutor.trigger.board import STAR, Board, cell_name
from tutor.trigger.flips import count_flips, flips

from ..contract import refusal
from .helpers import play, position, refused


def brute(board: Board, budget: int) -> list[tuple[int, ...]]:
    up = [c for c in range(36) if not board.down[c] and board.values[c] != STAR]
    return sorted(
        combo for k in range(1, len(up) + 1) for combo in itertools.combinations(up, k)
        if sum(board.values[c] for c in combo) <= budget
    )


@pytest.mark.parametrize("seed", range(60))
def test_lazy_flips_and_their_count_match_brute_force(seed):
    rnd = random.Random(seed)
    values = tuple(rnd.choice([STAR] + list(range(1, 13))) for _ in range(36))
    up = set(rnd.sample(range(36), rnd.randint(0, 11)))
    board = Board(values, tuple(c not in up for c in range(36)))
    budget = rnd.choice([2, 7, 11, 20, 24])
    listed = list(flips(board, budget))
    assert listed == brute(board, budget)  # the same sets, in dictionary order
    assert count_flips(board, budget) == len(listed)


def test_a_full_board_is_enumerated_lazily():
    board = Board.fresh((1,) * 36)
    assert count_flips(board, 24) > 10**9  # far too many to list
    first = list(itertools.islice(flips(board, 24), 3))
    assert first == [(0,), (0, 1), (0, 1, 2)]


def test_checking_a_flip_never_enumerates(monkeypatch):
    def forbidden(*args):
        raise AssertionError("a flip was checked by listing flips")
    monkeypatch.setattr(flips_module, "flips", forbidden)
    state = position("\n".join(["1 1 1 1 1 1"] * 6), head="turn: Anna\nroll: 6 6")
    for row in "1234":
        state = play(state, *(f"flip {column}{row}" for column in "abcdef"))
    assert GAME.facts(state)["spent"] == 24  # 24 tiles of 1 make 24


def test_the_game_offers_the_combinations_that_still_fit_lazily():
    state = position("5 3 2 1 * 11\n" + "\n".join(["12 12 12 12 12 12"] * 5))
    offered = list(GAME.flip_sets(state))
    assert len(offered) == GAME.facts(state)["flips"] == 16
    names = {" ".join(cell_name(c) for c in cells) for cells in offered}
    assert names >= {"f1", "a1 b1 c1 d1"}
    for cells in offered:  # each combination is turned tile by tile
        assert play(state, *(f"flip {cell_name(c)}" for c in cells)).spent <= 11
    state = play(state, "flip f1")
    assert list(GAME.flip_sets(state)) == []  # the roll is spent
    huge = position("\n".join(["1 1 1 1 1 1"] * 6), head="turn: Anna\nroll: 6 6")
    assert len(list(itertools.islice(GAME.flip_sets(huge), 1000))) == 1000


def test_several_tiles_at_once_are_refused_and_named():
    state = position("5 3 2 1 * 11\n" + "\n".join(["12 12 12 12 12 12"] * 5))
    assert refused(state, "flip a1 b1") == "trigger.turn.flip.one"
    exc = refusal(GAME, state, "flip a1 b1")
    assert exc.reason == ("turn the tiles one at a time ('flip a1', then the next), not a1 b1 "
                          "at once: together they may cost up to the roll")
