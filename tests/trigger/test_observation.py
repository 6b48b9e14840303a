"""What the table shows of a Trigger match (``observation``): a face-down tile hides its value,
and the facts of an observation say so ("(?)"), never a made-up value; every other fact is the
state's own."""
from __future__ import annotations

import random

from tutor.core.game import random_move
from tutor.trigger import GAME


def states():
    """Teams, two players and solo, played at random for a while."""
    rnd = random.Random(3)
    for mode in ("two", "2v2", "solo"):
        state = GAME.initial_state({"mode": mode}, seed=3)
        for _ in range(150):
            yield state
            move = random_move(GAME, state, rnd)
            if move is None:
                break
            state = GAME.apply(state, move)


def test_the_facts_of_an_observation_say_a_face_down_tile_is_unknown_not_minus_one():
    hidden = 0
    for state in states():
        said = GAME.facts(state)
        for player in range(len(state.players)):
            seen = GAME.facts(GAME.observation(state, player))
            assert not [k for k, v in seen.items() if "-1" in str(v)], "a hidden tile named -1"
            for key, value in said.items():
                if key.startswith("tile.") and str(value).startswith("("):  # face down
                    assert seen[key] == "(?)", (key, value, seen[key])
                    hidden += 1
                else:
                    assert seen[key] == value, (key, value, seen[key])
    assert hidden > 100


def test_a_player_that_is_no_seat_is_refused_naming_the_player():
    """Trigger's table shows every player the same, so observation and resample took any value
    as a player (7, -1, 'Anna', None) and answered as if it were one; solo has player 0 only."""
    from tests.refusals import no_seat

    for options, last in (({}, 1), ({"mode": "solo"}, 0), ({"mode": "2v2"}, 3)):
        state = GAME.initial_state(options, 2)
        assert GAME.observation(state, last).players == state.players  # the last seat is one
        for player in (last + 1, -1, True, 0.0, "Anna", None, 10**5000):
            no_seat(GAME, state, player, last)
