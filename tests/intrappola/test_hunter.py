"""The computer hunter: plays from its observation only, wins against random play, and
never gives a trap away for nothing while a hopeful one exists."""
from __future__ import annotations

import random
from fractions import Fraction

from tutor.intrappola import GAME
from tutor.intrappola.computer import catch_chance, choose, joint_chance
from tutor.intrappola.knowledge import THEIRS, UNSEEN, Whereabouts
from tutor.intrappola.moves import Trap

from .helpers import position, play


def _game(seed: int, options: dict, computer: int):
    rnd = random.Random(seed)
    s = GAME.initial_state(options, seed)
    while GAME.to_move(s) is not None:
        seen = GAME.observation(s, s.turn)
        move = choose(seen) if s.turn == computer else rnd.choice(list(GAME.legal_moves(s)))
        assert GAME.is_legal(s, move)
        if s.turn == computer and isinstance(move, Trap):
            legal = [m for m in GAME.legal_moves(s) if isinstance(m, Trap)]
            if any(catch_chance(t, seen) > 0 for t in legal):
                assert catch_chance(move, seen) > 0
        s = GAME.apply(s, move)
    return GAME.outcome(s)


def test_the_hunter_beats_random_play():
    wins = losses = 0
    for seed in range(80):
        computer = seed % 2
        outcome = _game(seed, {}, computer)
        if outcome.winners == (computer,):
            wins += 1
        elif len(outcome.winners) == 1:
            losses += 1
    assert wins > losses + 10


def test_the_hunter_plays_several_pictures_legally():
    for seed in range(10):
        _game(seed, {"pictures": 2}, seed % 2)


def test_a_prey_seen_in_the_deck_is_not_hunted():
    # Anna put 4 under the deck: trapping 4 would give the trap away; she traps 1 instead
    s = position("table: 2 3 11\nhand Anna: 5 8 10\nhand Bruno: 1 6 7\ndeck: 9 12 13 14 15 16 4\n"
                 "under Anna: 4")
    assert GAME.move_text(s, choose(GAME.observation(s, 0))) != "play 8 prey 4"


def test_the_chance_of_a_pair_is_joint():
    seen = {1: Whereabouts(1, UNSEEN, Fraction(3, 10)), 2: Whereabouts(2, UNSEEN, Fraction(3, 10)),
            3: Whereabouts(3, THEIRS, Fraction(1))}
    assert joint_chance([1, 2], seen, 3, 10) == Fraction(1, 15)
    assert joint_chance([1, 3], seen, 3, 10) == Fraction(3, 10)
    assert joint_chance([4], seen, 3, 10) == 0


def test_the_hunter_discards_and_passes_when_it_must():
    stuck = position("table: 2 11 16\nhand Anna: 3 6 13\nhand Bruno: 1 4 5\ndeck: 7 8 9 10 12 14 15")
    assert GAME.is_legal(stuck, choose(GAME.observation(stuck, 0)))
    empty = position("table: 5 6 7 8 9 10 11 12 13 14 15\nhand Anna: 1 16\nhand Bruno: 2 3 4")
    assert GAME.move_text(empty, choose(GAME.observation(empty, 0))) == "pass"
    assert play(empty, "pass").turn == 1
