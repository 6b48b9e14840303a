"""Hidden information: what each player may and may not see (observation), and dealing again
what a player has not seen (resample, for "play on from here")."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.canyon import GAME
from tutor.canyon.cards import DECK, HIDDEN
from tutor.canyon.hidden import shown_out

from .helpers import play, position

TRICKS = """
players: Anne Carl Marc Herman
dealer: Herman
round: 3
phase: tricks
trump: green 4
seat Anne: tempo 1  hand blue 7, yellow 5, red 1, red 2, purple 9, purple 1
seat Carl: tempo 2  hand blue 8, red 3, yellow 1, yellow 2, purple 2, purple 3
seat Marc: tempo 0  hand blue 3, red 5, yellow 3, yellow 4, purple 4, purple 5
seat Herman: tempo 1  hand red 9, green 2, yellow 6, yellow 7, purple 6, purple 7
"""


def _every_card(state) -> Counter:
    return Counter([*(c for h in state.hands for c in h), *state.stock, *state.played,
                    *(c for _, c in state.table), state.trump])


def test_each_player_sees_their_own_hand_and_what_lies_open():
    s = play(position(TRICKS), "Anne: play blue 7", "Carl: play blue 8", "Marc: play blue 3",
             "Herman: play red 9", "Carl: play yellow 1")
    for p in range(4):
        seen = GAME.observation(s, p)
        assert seen.hands[p] == s.hands[p]
        for q in range(4):
            if q != p:  # how many cards the others hold, never which
                assert seen.hands[q] == (HIDDEN,) * len(s.hands[q])
        assert seen.stock == (HIDDEN,) * len(s.stock)
        assert seen.played == (HIDDEN,) * 4  # the finished trick lies face down
        assert seen.seed == 0  # the seed would tell every shuffle
        # open on the table: trump, the trick being played, the last trick, tempos, tricks
        assert (seen.trump, seen.table, seen.last_trick) == (s.trump, s.table, s.last_trick)
        assert (seen.tempo, seen.tricks, seen.canoes) == (s.tempo, s.tricks, s.canoes)


def test_observations_differ_only_in_whose_hand_is_shown():
    s = position(TRICKS)
    anne, carl = GAME.observation(s, 0), GAME.observation(s, 1)
    assert anne.hands[0] == s.hands[0] and carl.hands[0] == (HIDDEN,) * 6
    assert carl.hands[1] == s.hands[1] and anne.hands[1] == (HIDDEN,) * 6
    assert anne.but(hands=()) == carl.but(hands=())


def test_who_showed_out_of_a_colour_is_read_from_the_tricks():
    s = play(position(TRICKS), "Anne: play blue 7", "Carl: play blue 8", "Marc: play blue 3",
             "Herman: play red 9", "Carl: play yellow 1", "Marc: play yellow 3",
             "Herman: play yellow 6", "Anne: play yellow 5", "Herman: play purple 7")
    assert shown_out(s) == (frozenset(), frozenset(), frozenset(), frozenset({"blue"}))


@pytest.mark.parametrize("player", range(4))
def test_resample_deals_again_only_what_the_player_has_not_seen(player):
    s = play(position(TRICKS), "Anne: play blue 7", "Carl: play blue 8", "Marc: play blue 3",
             "Herman: play red 9", "Carl: play red 3")
    changed = 0
    for seed in range(12):
        other = GAME.resample(s, player, seed)
        assert GAME.observation(other, player) == GAME.observation(s, player)
        assert other.hands[player] == s.hands[player]
        assert (other.played, other.table, other.trump) == (s.played, s.table, s.trump)
        assert _every_card(other) == Counter(DECK)
        assert "blue" not in {c.suit for c in other.hands[3]}  # Herman showed out of blue
        assert other.seed != s.seed  # the shuffles to come are new too
        changed += other.hands != s.hands
    assert changed >= 10


def test_resample_in_random_games_keeps_the_cards_and_the_voids():
    rnd = random.Random(8)
    for seed in range(6):
        s = GAME.initial_state({"players": 5}, seed)
        for _ in range(120):
            if GAME.outcome(s) is not None:
                break
            player = rnd.randrange(5)
            other = GAME.resample(s, player, seed)
            assert GAME.observation(other, player) == GAME.observation(s, player)
            assert _every_card(other) == Counter(DECK) or s.trump is None
            lacking = shown_out(s)
            for q in range(5):
                assert not {c.suit for c in other.hands[q]} & lacking[q]
            s = GAME.apply(s, rnd.choice(list(GAME.legal_moves(s))))


def test_the_facts_of_an_observation_name_no_card_for_one_it_hides():
    """A hidden card is "?" in the facts and the panel's card titles: they named it as a card,
    "hidden 0" (Carl's hand "hidden 0, hidden 0, ..." for Anne, who cannot see it). Its
    saved form stays as it was (the goldens)."""
    from widgets.games.canyon import card_html

    s = position(TRICKS)
    anne = GAME.facts(GAME.observation(s, 0))
    assert anne["hand.Carl"] == ", ".join(["?"] * 6)
    assert anne["hand.Anne"] == GAME.facts(s)["hand.Anne"]  # her own, by name
    assert 'title="?"' in card_html(HIDDEN)


@pytest.mark.parametrize("player", [4, -1, True, None, "Anne", 1.0, 10**5000],
                         ids=["past the last", "-1", "True", "None", "a name", "float", "huge"])
def test_a_player_that_is_no_seat_is_refused_in_the_page_s_language(player):
    """Before: observation showed every hand hidden for a seat out of range (-1: the last
    player's hand), and resample raised IndexError or TypeError."""
    from tests.refusals import no_seat

    no_seat(GAME, position(TRICKS), player, last=3)
