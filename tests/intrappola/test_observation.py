"""What each player may and may not see (``GAME.observation``), and play on from here
(``GAME.resample``): hidden cards dealt again consistently with what the player has seen.

The picture's places::

     1  2  3  4
     5  6  7  8
     9 10 11 12
    13 14 15 16
"""
from __future__ import annotations

import random

import pytest

from tests.contract import playout
from tutor.intrappola import GAME
from tutor.intrappola.state import HIDDEN

from .helpers import cards, play, position

H = HIDDEN
START = """
table: 2 11 16
hand Anna: 5 9 14
hand Bruno: 3 4 6
deck: 7 1 8 10 12 13 15
"""


def test_at_the_start_a_player_sees_the_table_and_their_own_hand_only():
    s = position(START)
    anna, bruno = GAME.observation(s, 0), GAME.observation(s, 1)
    assert anna.hands == (cards("5 9 14"), (H, H, H))
    assert bruno.hands == ((H, H, H), cards("3 4 6"))
    assert anna.deck == bruno.deck == (H,) * 7  # nobody knows the order of the deck
    assert anna.table == bruno.table == s.table and anna.caught == s.caught
    assert anna.players == s.players and anna.turn == s.turn


def test_after_a_missed_trap_both_hands_were_shown_but_not_the_card_gained():
    after = play(position(START), "play 5 prey 1")  # Bruno does not hold 1: missed
    anna, bruno = GAME.observation(after, 0), GAME.observation(after, 1)
    # B1: each has seen the other's hand; B3: Bruno gained 7 face down
    assert anna.hands == (cards("5 9 14"), (H, *cards("3 4 6")))
    assert bruno.hands == (cards("5 9 14"), cards("3 4 6 7"))
    assert anna.last.gained == H and bruno.last.gained == cards("7")[0]
    assert anna.last.shown == bruno.last.shown == after.last.shown
    # B4: the second card of the deck lies face up on the table for both
    assert anna.last.placed == bruno.last.placed == cards("1")[0]
    assert anna.deck == (H,) * 5


def test_a_discard_goes_under_unseen_by_the_other_and_seen_by_the_one_who_made_it():
    s = position("table: 2 11 16\nhand Anna: 3 6 13\nhand Bruno: 1 4 5\n"
                 "deck: 7 8 9 10 12 14 15")
    after = play(s, "discard 6")
    anna, bruno = GAME.observation(after, 0), GAME.observation(after, 1)
    assert anna.deck == (H,) * 6 + cards("6")  # Anna knows her 6 lies at the bottom
    assert bruno.deck == (H,) * 7
    assert anna.hands[0] == cards("3 7 13") and bruno.hands[0] == (H, H, H)
    assert bruno.last.cards == (H,) and bruno.last.drawn == H  # neither what went, nor came
    assert anna.last.cards == cards("6") and anna.last.drawn == cards("7")[0]
    assert anna.under == (cards("6"), ()) and bruno.under == ((H,), ())


def test_who_draws_a_card_you_put_under_the_deck_is_seen_holding_it():
    s = position("table: 2 3 5 6 7 9 10 11 13 14 15\nhand Anna: 1 16\nhand Bruno: 8 12\n"
                 "deck: 4")
    s = play(s, "discard 1")  # 1 under the deck, Anna draws 4
    s = play(s, "play 12 prey 16")  # Bruno catches 16 and draws the top card: Anna's 1
    assert GAME.observation(s, 0).hands[1] == (H, *cards("1"))
    assert GAME.observation(s, 0).last.drawn == cards("1")[0]
    assert GAME.observation(s, 1).hands[0] == (H,)  # Anna holds 4 now, unseen by Bruno


@pytest.mark.parametrize("options", [{}, {"pictures": 2}], ids=["one", "two"])
def test_an_observation_holds_no_card_the_player_has_not_seen(options):
    for seed in range(8):
        for state, _ in playout(GAME, options, seed):
            for player in (0, 1):
                seen = GAME.observation(state, player)
                other = 1 - player
                visible = {*seen.hands[other], *seen.deck} - {H}
                assert visible == set(state.known[player]) | set(state.under[player])
                assert seen.hands[player] == state.hands[player]
                assert len(seen.hands[other]) == len(state.hands[other])
                assert len(seen.deck) == len(state.deck)


@pytest.mark.parametrize("options", [{}, {"pictures": 2}, {"pictures": 3}],
                         ids=["one", "two", "three"])
def test_play_on_from_here_deals_again_what_the_player_has_not_seen(options):
    changed = 0
    for seed in range(6):
        for ply, (state, _) in enumerate(playout(GAME, options, seed)):
            for player in (0, 1):
                again = GAME.resample(state, player, seed=ply)
                assert GAME.observation(again, player) == GAME.observation(state, player)
                assert GAME.invariants(again) == []
                assert GAME.from_json(GAME.to_json(again)) == again
                changed += again.hands[1 - player] != state.hands[1 - player]
                if GAME.to_move(again) is not None:  # it plays on
                    GAME.apply(again, random.Random(ply).choice(list(GAME.legal_moves(again))))
    assert changed > 20


def test_resampling_is_seeded_and_varies_with_the_seed():
    s = position(START)
    assert GAME.resample(s, 0, seed=1) == GAME.resample(s, 0, seed=1)
    assert len({GAME.resample(s, 0, seed=k).hands[1] for k in range(20)}) > 5
    assert {GAME.resample(s, 0, seed=k).hands[0] for k in range(20)} == {s.hands[0]}



def test_the_facts_of_an_observation_name_no_card_for_one_it_hides():
    """A hidden card (HIDDEN, -1) is "?" in the facts: they said "16 16 16" for the other hand
    and "16" for the deck's top, cards the player had not seen ("H16" with two pictures)."""
    s = position(START)
    anna = GAME.facts(GAME.observation(s, 0))
    assert anna["hand.Bruno"] == "? ? ?" and anna["hand.Bruno.count"] == 3
    assert anna["deck.top"] == "?"
    assert anna["hand.Anna"] == "5 9 14"  # what she holds, by name
    full = GAME.facts(s)
    assert full["hand.Bruno"] == "3 4 6" and full["deck.top"] == "7"
    two = GAME.initial_state({"pictures": 2}, seed=1)
    seen = GAME.facts(GAME.observation(two, 0))
    assert set(seen["hand.Bruno"].split()) == {"?"} and seen["deck.top"] == "?"


def test_the_facts_of_an_observation_say_nothing_false_of_the_hidden_hand_s_holder():
    """What the other player can trap and knows of each card is not in a player's facts:
    they said Bruno could set no trap ("traps.Bruno" 0) while he could, that his own cards
    were "unseen" to him with a chance of 3/13, and named a card "?" ("where.Bruno.?")."""
    s = position("table: 2 11 16\nhand Anna: 1 7 12\nhand Bruno: 3 4 5\n"
                 "deck: 6 8 9 10 13 14 15\nturn: Bruno")
    full, anna = GAME.facts(s), GAME.facts(GAME.observation(s, 0))
    assert full["traps.Bruno"] == 1 and full["where.Bruno.5"] == "yours"
    assert not [k for k in anna if k.startswith(("traps.Bruno", "chance.Bruno", "where.Bruno"))]
    assert all(anna[k] == full[k] for k in full if k.startswith(("traps.Anna", "chance.Anna",
                                                                 "where.Anna")))
    # over whole games, with cards seen and put under the deck: what an observation's facts
    # say of anyone's traps and knowledge is what the state's say
    for seed in range(6):
        for state, _ in playout(GAME, {"pictures": 1 + seed % 2}, seed):
            full = GAME.facts(state)
            for player in (0, 1):
                seen = GAME.facts(GAME.observation(state, player))
                wrong = {k: (seen[k], full.get(k)) for k in seen
                         if k.startswith(("traps.", "chance.", "where.")) and seen[k] != full.get(k)}
                assert not wrong, (seed, player, wrong)


def test_the_player_waiting_does_not_see_the_game_end_while_the_hidden_hunter_can_trap():
    """Bruno hunts and can trap the pair 6 7; Anna cannot trap and the deck is empty. Anna's
    observation read Bruno's hidden cards as cards (the table's last) and found no trap for
    him: 'over', 'stuck', Anna the winner."""
    s = position("table: 1 2 3 4 5 9 13 14 15 16\nhand Anna: 6 7\nhand Bruno: 8 10 11 12\n"
                 "deck:\nturn: Bruno\ncaught Anna: 1")
    assert GAME.facts(s)["traps.Bruno"] == 1 and GAME.to_move(s) == 1
    seen = GAME.observation(s, 0)
    facts = GAME.facts(seen)
    assert facts["over"] is False and facts["end"] == "" and "winner" not in facts
    assert facts["turn"] == "Bruno" and GAME.to_move(seen) == 1


@pytest.mark.parametrize("player", [2, -1, True, 1.0, "1", None, "huge"])
@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_player_that_is_no_seat_is_refused_naming_the_player(player, lang):
    """observation and resample read any value as a player: 2 and -1 raised an IndexError (the
    other player of -1 is 2), '1', None and 1.0 a TypeError, a number of 5,000 digits an
    IndexError; True was read as player 1."""
    from tests.refusals import no_seat

    player = 10**5000 if player == "huge" else player  # a number of 5,000 digits
    no_seat(GAME, GAME.initial_state({}, 3), player, last=1, langs=(lang,))
