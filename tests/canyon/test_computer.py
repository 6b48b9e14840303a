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


def points_this_round(state, player):
    """Play the round's tricks out with the computer's cards; the player's movement points."""
    while state.phase == "tricks":
        state = GAME.apply(state, GAME.best_move(state))
    return state.points[player]


#: Herman is last to the trick, in the current at f27 with tempo 1; yellow 10 is the highest
#: trump (yellow 2 turned up), so it will win a trick whenever he plays it (seen in a seeded
#: computer game: 4 players, seed 15, ply 259)
TOP_TRUMP_IN_THE_CURRENT = """
players: Anne Carl Marc Herman
dealer: Anne
round: 11
rounds-played: 11
skip: no
phase: tricks
trump: yellow 2
lead: Anne
table: Anne blue 3, Carl blue 2, Marc blue 6
last-trick: Carl purple 1, Marc purple 7, Herman purple 8, Anne purple 10
path: f26-f27
seat Anne: canoe g15  tempo 1  tricks 1  hand green 3, yellow 4  draw green 3
seat Carl: canoe d17  tempo 0  hand blue 7, yellow 1  draw purple 1
seat Marc: canoe d12  tempo 1  hand blue 10, red 7  draw red 10
seat Herman: canoe f27  tempo 1  hand blue 5, blue 9, yellow 10  draw red 7
map: default
"""


def test_with_its_one_trick_sure_in_a_top_trump_it_does_not_take_another():
    """The computer won the trick with blue 9 as cheaply as it could: with yellow 10 still to
    win one, that is two tricks whatever the others hold - the tempo missed for certain, and
    in the current the canoe drifts. Blue 5 loses the trick and keeps the tempo open; here
    Herman makes it, paddles his bonus to a landing dock and wins."""
    s = position(TOP_TRUMP_IN_THE_CURRENT)
    move = GAME.best_move(s)
    assert GAME.move_text(s, move) == "Herman: play blue 5"
    assert points_this_round(GAME.apply(s, move), 3) == 2  # the bonus for tempo 1
    assert points_this_round(GAME.apply(s, GAME.parse_move(s, "Herman: play blue 9")), 3) == 0
    end = GAME.apply(s, move)
    while GAME.outcome(end) is None:
        end = GAME.apply(end, GAME.best_move(end))
    assert GAME.outcome(end).winners == (3,)


#: Carl, last to the trick with two cards, wants one trick; purple 10 is the highest trump
#: (3 players, seed 20, ply 143)
LAST_TWO_CARDS = """
players: Anne Carl Marc
dealer: Carl
round: 7
rounds-played: 7
skip: no
phase: tricks
trump: purple 7
lead: Marc
table: Marc green 2, Anne red 5
path: e16-d17-d18-e19-e20-f21
seat Anne: canoe f21  tempo 0  hand yellow 1  draw purple 1
seat Carl: canoe d12  tempo 1  hand purple 10, red 6  draw purple 4
seat Marc: canoe i19  tempo 0  hand green 7  draw blue 1
map: default
"""


def test_it_keeps_a_top_trump_for_the_last_trick_when_that_makes_its_tempo_sure():
    """Purple 10 now wins this trick, and then red 6 leads the last one and may win it too;
    red 6 now loses this trick and purple 10 surely wins the last: the tempo made for
    certain (here: 3 fields, against 2)."""
    s = position(LAST_TWO_CARDS)
    move = GAME.best_move(s)
    assert GAME.move_text(s, move) == "Carl: play red 6"
    assert points_this_round(GAME.apply(s, move), 1) == 3
    assert points_this_round(GAME.apply(s, GAME.parse_move(s, "Carl: play purple 10")), 1) == 2


#: Marc announced 0 and has won a trick: the tempo is gone, each trick is a field
#: (4 players, seed 2, ply 155, in a game of the computer as it was before this fix)
OVER_ITS_TEMPO = """
players: Anne Carl Marc Herman
dealer: Herman
round: 5
rounds-played: 5
skip: no
phase: tricks
trump: blue 10
lead: Herman
table: Herman purple 1, Anne purple 3, Carl red 7
last-trick: Marc green 2, Herman blue 8, Anne blue 1, Carl green 1
path: e7-d8
seat Anne: canoe e15  tempo 0  hand red 9  draw green 10
seat Carl: canoe d12  tempo 0  hand blue 2  draw red 6
seat Marc: canoe d8  tempo 0  tricks 1  hand purple 2, purple 6  draw blue 7
seat Herman: canoe e13  tempo 1  tricks 1  hand red 6  draw purple 10
map: default
"""


def test_once_its_tempo_is_missed_whatever_happens_it_takes_the_tricks():
    """The computer ducked with purple 2, as if the tempo were still to keep. Last to the
    trick, purple 6 wins it for sure, and purple 2 may still win the last one; ducking can
    win at most the last (here: 2 fields, against 1)."""
    s = position(OVER_ITS_TEMPO)
    move = GAME.best_move(s)
    assert GAME.move_text(s, move) == "Marc: play purple 6"
    assert points_this_round(GAME.apply(s, move), 2) == 2
    assert points_this_round(GAME.apply(s, GAME.parse_move(s, "Marc: play purple 2")), 2) == 1
