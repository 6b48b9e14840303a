"""The computer player: legal moves only, bids from the hand, plays to make the bid."""
from __future__ import annotations

import random

from tutor.canyon import GAME
from tutor.canyon.computer import choose

from .helpers import fact, position


def computer_game(options, seed):
    """A game with the computer in every seat (apply raises if it tries an illegal move)."""
    s = GAME.initial_state(options, seed)
    while GAME.outcome(s) is None:
        s = GAME.apply(s, choose(GAME, GAME.observation(s, s.turn)))
    return s


def exact_rate(choose_move, seeds, options):
    """The share of tempos made exactly over the first rounds of some games."""
    made = total = 0
    for seed in seeds:
        rnd = random.Random(seed)
        s = GAME.initial_state(options, seed)
        while GAME.outcome(s) is None and s.round_no <= 6:
            if s.phase == "move" and not any(s.moved):
                made += sum(s.tempo_of(p) == s.tricks[p] for p in range(s.seats))
                total += s.seats
            s = GAME.apply(s, choose_move(s, rnd))
    return made / total


def test_computer_games_end_with_a_winner():
    for seed in range(4):
        end = computer_game({"players": 4, "map": "short"}, seed)
        assert fact(end, "winner") != "none"


def test_the_computer_makes_its_tempo_far_more_often_than_chance():
    options = {"players": 4, "map": "short", "skip": True}
    computer = exact_rate(lambda s, rnd: choose(GAME, GAME.observation(s, s.turn)), range(6), options)
    chance = exact_rate(lambda s, rnd: rnd.choice(list(GAME.legal_moves(s))), range(6), options)
    assert computer > chance + 0.15, (computer, chance)


def test_bids_follow_the_hand():
    strong = position("""
players: Anne Carl Marc
dealer: Marc
trump: red
seat Anne: hand red 10, red 9, red 8, red 7, blue 10, green 10, yellow 10, purple 10
""")
    weak = position("""
players: Anne Carl Marc
dealer: Marc
trump: red
seat Anne: hand blue 1, blue 2, green 1, green 3, yellow 2, yellow 4, purple 1, purple 3
""")
    high = sum(choose(GAME, GAME.observation(strong, 0)).cards)
    low = sum(choose(GAME, GAME.observation(weak, 0)).cards)
    assert high >= 6 and low == 0


def test_at_its_tempo_it_ducks_and_short_of_it_it_wins_cheaply():
    text = """
players: Anne Carl Marc
dealer: Marc
round: 7
phase: tricks
trump: green
table: Anne blue 5
seat Anne: tempo 0  hand red 1
seat Carl: tempo {tempo}  hand blue 9, blue 6
seat Marc: tempo 0
"""
    ducking = position(text.format(tempo=0))
    # tempo 0: any blue wins over Anne's 5, so it gets rid of the stronger one
    assert choose(GAME, GAME.observation(ducking, 1)).card.value == 9
    wanting = position(text.format(tempo=1))
    assert choose(GAME, GAME.observation(wanting, 1)).card.value == 6  # the cheapest winner


#: Herman (2 points) can land on e29 (none left over) or f29 (1 left over); Carl landed on
#: e28 this round with none left over and a higher tempo (seen in a seeded computer game)
TWO_DOCKS = """
players: Anne Carl Marc Herman
dealer: Herman
round: 14
rounds-played: 14
skip: no
phase: move
trump: blue 6
last-trick: Marc blue 4, Herman yellow 4, Anne yellow 6, Carl yellow 7
moved: Anne Carl Marc
path: f25-f26
seat Anne: canoe g27  tempo 0  tricks 2  points 0  draw blue 7
seat Carl: canoe e28  tempo 2  tricks 2  points 3  left 0  draw blue 3
seat Marc: canoe f26  tempo 0  tricks 2  points 0  draw red 10
seat Herman: canoe g28  tempo 1  tricks 1  points 2  draw purple 7
map: default
"""


def test_of_two_landing_docks_it_takes_the_one_that_leaves_more_points_and_wins():
    """The computer (and the free-play coach, which asks it) took the dock with the fewest
    water fields around it: e29, 0 points left over - level with Carl, who then won on his
    higher tempo. f29 leaves 1 point over and wins."""
    s = position(TWO_DOCKS)
    assert fact(s, "ends") == "e29, f29"
    move = GAME.best_move(s)
    assert GAME.move_text(s, move) == "Herman: paddle to f29"
    after = GAME.apply(s, move)
    assert fact(after, "left_over.Herman") == 1
    assert GAME.outcome(after).winners == (3,)  # Herman alone
