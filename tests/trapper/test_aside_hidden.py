"""The cards a player who drops out lays aside are not shown to the others. NL "beëindigt hij
voor zich het spel door zijn trapperkaarten terzijde te leggen" (laid aside, not on the "open
aflegstapel" the book names for played cards); IT "scartando le carte Trapper della sua mano":
nothing shows the hand, which was secret. The observation showed their colours to everybody,
and "play on from here" (resample) kept them, so the redealt hands and draw pile told them too.
"""
from __future__ import annotations

from tutor.trapper import GAME

from .helpers import position, play

HEAD3 = ("players: Anna, Ben, Cleo\nturn: Anna\nhand Anna: green 2, blue 2, beige 1\n"
         "hand Ben: purple 3\n")


def _dropped():
    s = play(position(head=HEAD3), "drop out")  # Anna lays green 2, blue 2, beige 1 aside
    assert s.aside == (2, 2, 1, 0) and s.dropped == (True, False, False)
    return s


def test_the_others_see_only_how_many_cards_were_laid_aside():
    s = _dropped()
    for other in (1, 2):
        seen = GAME.observation(s, other)
        assert seen.aside == (5,)  # a count, no colours
    assert GAME.observation(s, 0).aside == (2, 2, 1, 0)  # Anna knows her own cards


def test_once_two_players_dropped_out_each_sees_only_the_count():
    s = play(_dropped(), "drop out")  # Ben lays his hand aside too
    assert s.dropped == (True, True, False)
    for player in range(3):
        assert GAME.observation(s, player).aside == (sum(s.aside),)


def test_playing_on_from_here_deals_the_cards_laid_aside_again():
    """What Ben cannot see is dealt again: the laid-aside colours among it, so neither the
    resampled aside pile nor the hands and draw pile dealt around it tell Anna's cards."""
    s = _dropped()
    asides = set()
    for seed in range(12):
        again = GAME.resample(s, 1, seed)
        assert GAME.observation(again, 1) == GAME.observation(s, 1)
        assert again.hands[1] == s.hands[1] and sum(again.aside) == 5
        assert GAME.invariants(again) == []
        asides.add(again.aside)
    assert len(asides) > 1
    # Anna saw her own cards: they stay where they are for her
    assert all(GAME.resample(s, 0, seed).aside == s.aside for seed in range(5))
