"""Hidden information: what each player may and may not see, and play on from here
(``resample``: the hidden parts dealt again, consistently with what the player has seen)."""
from __future__ import annotations

import random

import pytest

from tutor.core.game import random_move
from tutor.trapper import GAME, HIDDEN
from tutor.trapper.auction import PAYING, most_payable, phase

from .helpers import position


def test_a_player_sees_their_hand_the_table_and_only_the_size_of_what_is_hidden():
    state = position("display Ben: canoe-elk2 + herb3\nmoney Ben: 6\ndiscard: purple 2\n")
    anna, ben = GAME.observation(state, 0), GAME.observation(state, 1)
    # may see: the own hand, the face-up tiles and their water, displays, piles' sizes
    assert anna.hands[0] == state.hands[0] == (2, 2, 1, 0) and ben.hands[1] == state.hands[1]
    assert [s for s in range(64) if anna.board[s] not in (None, HIDDEN)] == [
        s for s in range(64) if state.face_up[s]]
    assert anna.displays == state.displays and anna.discard == state.discard == (0, 0, 0, 2)
    assert anna.ledger == state.ledger and anna.water == state.water
    # may not see: the other hand (only its size), the draw pile, face-down tiles, the box
    assert anna.hands[1] == (sum(state.hands[1]),) and ben.hands[0] == (5,)
    assert anna.draw == (HIDDEN,) * len(state.draw) and anna.box == (HIDDEN,) * len(state.box)
    down = [s for s in range(64) if state.board[s] is not None and not state.face_up[s]]
    assert down and all(anna.board[s] == HIDDEN for s in down)
    facts = GAME.facts(anna)
    assert facts["hand.Ben"] == "hidden" and facts["cards.Ben"] == 6
    assert facts["hand.Anna"] == "green 2, blue 2, beige 1, purple 0"


def test_resample_keeps_what_the_player_saw_and_deals_the_rest_again():
    state = position("display Ben: canoe-elk2 + herb3\ndiscard: purple 2\n")
    again = GAME.resample(state, 0, seed=4)
    assert GAME.observation(again, 0) == GAME.observation(state, 0)
    assert again.hands[0] == state.hands[0]
    # Ben's hand and the draw pile are dealt again from the cards Anna has not seen
    assert again.hands[1] != state.hands[1] and sum(again.hands[1]) == sum(state.hands[1])
    assert again.draw != state.draw and len(again.draw) == len(state.draw)
    down = [s for s in range(64) if state.board[s] is not None and not state.face_up[s]]
    assert [again.board[s] for s in down] != [state.board[s] for s in down]
    assert GAME.invariants(again) == []
    assert GAME.resample(state, 0, seed=4) == again  # seeded
    assert GAME.resample(state, 0, seed=5) != again


@pytest.mark.parametrize("options", GAME.example_options(), ids=str)
def test_play_on_from_a_resampled_state_at_every_tenth_ply(options):
    rnd = random.Random(3)
    state = GAME.initial_state(options, 3)
    ply = 0
    while GAME.to_move(state) is not None:
        if ply % 10 == 0:
            viewer = GAME.to_move(state)
            again = GAME.resample(state, viewer, seed=ply)
            assert GAME.observation(again, viewer) == GAME.observation(state, viewer)
            assert GAME.invariants(again) == [] and list(GAME.legal_moves(again))
        state = GAME.apply(state, random_move(GAME, state, rnd))
        ply += 1


def test_a_resampled_auction_leaves_the_bidder_able_to_pay():
    head = """players: A, B, C
turn: A
hand A: beige 4, green 2, blue 1, purple 1
hand B: beige 3, green 3, blue 1, purple 1
hand C: beige 3, green 2, blue 2, purple 1
"""
    board = "board:\n  5  *  *  *  green   blue   *  *  *\n  4  *  *  *  purple  beige  *  *  *\n"
    state = GAME.parse_position(head + board, {"variant": "tactical"}, 0)
    for text in ("bid beige 2", "pass", "bid 5", "pass"):
        state = GAME.apply(state, GAME.parse_move(state, text))
    assert phase(state) == PAYING and state.players[state.actor] == "C" and state.bid == 5
    for seed in range(30):  # A cannot see C's hand, but C bid 5: C can pay 5
        again = GAME.resample(state, 0, seed)
        assert most_payable(again.hands[2], 2) >= 5 and list(GAME.legal_moves(again))


def test_an_observation_does_not_tell_the_seed_that_dealt_the_hidden_tiles_and_cards():
    """The seed shuffled the tiles, the cards and every reshuffle to come: an observation that
    kept it told a player every face-down tile and the draw pile's order (a new game dealt
    by it is the same game)."""
    state = GAME.initial_state({"players": 2}, seed=5)
    seen = GAME.observation(state, 0)
    dealt_again = GAME.initial_state({"players": 2}, seed=seen.seed)
    down = [s for s in range(64) if state.board[s] is not None and not state.face_up[s]]
    assert [dealt_again.board[s] for s in down] != [state.board[s] for s in down]
    assert dealt_again.draw != state.draw and dealt_again.hands[1] != state.hands[1]


@pytest.mark.parametrize("player", [2, -1, True, None, "Anna", 1.0, 10**5000],
                         ids=["past the last", "-1", "True", "None", "a name", "float", "huge"])
def test_a_player_that_is_no_seat_is_refused_in_the_page_s_language(player):
    """Before: observation showed every hand hidden for a seat out of range (-1: the last
    player's hand), and resample raised IndexError or TypeError."""
    from tests.refusals import no_seat

    no_seat(GAME, position(), player, last=1)
