"""Random full games for many seeds: the invariants hold at every ply, and the engine's traps
agree with a brute-force search written straight from the rulebook's definition."""
from __future__ import annotations

from itertools import combinations

import pytest

from tests.contract import playout
from tutor.intrappola import GAME
from tutor.intrappola.cards import all_cards, neighbours, points, sides
from tutor.intrappola.moves import Trap
from tutor.intrappola.rules import scores

OPTIONS = [{}, {"pictures": 2}, {"pictures": 3}]


def brute_force_traps(hand, table, pictures):
    """Every (cards, prey) the rulebook allows, by trying every subset of the hand."""
    empty = [c for c in all_cards(pictures) if c not in table and c not in hand]
    preys = [(c,) for c in empty] + [
        (a, b) for a, b in combinations(empty, 2) if b in neighbours(a, pictures)]
    found = set()
    for size in range(1, len(hand) + 1):
        for cards in combinations(sorted(hand), size):
            for prey in preys:
                touching = all(any(c in neighbours(p, pictures) for p in prey) for c in cards)
                closed = set(table) | set(cards) | set(prey)
                shut = all(other is None or other in closed
                           for p in prey for _, other in sides(p, pictures))
                if touching and shut:
                    found.add(Trap(cards, prey))
    return found


def check_invariants(state):
    assert GAME.invariants(state) == []  # every card in one place, knowledge true, ...
    assert scores(state) == tuple(sum(points(c, state.pictures) for c in caught)
                                  for caught in state.caught)


@pytest.mark.parametrize("options", OPTIONS, ids=["one", "two", "three"])
def test_invariants_over_many_random_games(options):
    ends = set()
    for seed in range(60):
        for state, move in playout(GAME, options, seed, max_plies=400):
            check_invariants(state)
            if move is None:
                ends.add(GAME.facts(state)["end"])
                assert GAME.outcome(state).scores == scores(state)
    assert ends == {"hand", "stuck"}  # both ways of ending happen


@pytest.mark.parametrize("options", OPTIONS[:2], ids=["one", "two"])
def test_engine_traps_equal_brute_force(options):
    checked = 0
    for seed in range(25):
        for state, move in playout(GAME, options, seed, max_plies=400):
            hand = state.hands[state.turn]
            if len(hand) > 7:
                continue
            engine = {m for m in GAME.legal_moves(state) if isinstance(m, Trap)}
            assert engine == brute_force_traps(hand, state.table, state.pictures)
            checked += 1
    assert checked > 100


def test_missed_traps_grow_the_table_while_the_deck_lasts():
    seen = 0
    for seed in range(40):
        for state, move in playout(GAME, {}, seed):
            if isinstance(move, Trap):
                after = GAME.apply(state, move)
                if after.last.kind == "missed" and len(state.deck) >= 2:
                    assert len(after.table) == len(state.table) + 1
                    assert after.hands[state.turn] == state.hands[state.turn]
                    seen += 1
                if after.last.kind == "caught":
                    assert len(after.table) == len(state.table) + len(move.cards) + len(move.prey)
    assert seen > 10
