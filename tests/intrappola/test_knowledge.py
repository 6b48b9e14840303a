"""The knowledge overlay against brute force.

Two independent checks on small cases:

* enumeration of every placement of the hidden cards (the other hand, the deck in order)
  that agrees with what the player has seen for certain;
* a brute-force filter over possible worlds through a whole stretch of play: start from
  every placement of the hidden cards, play the same moves in each world, and keep the
  worlds whose observation (for the watching player) matches the real game's. The share of
  surviving worlds with a card in the other hand must equal the overlay's chance.
"""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import pytest

from tutor.intrappola import GAME
from tutor.intrappola.cards import all_cards
from tutor.intrappola.knowledge import DECK, THEIRS, UNSEEN, YOURS, whereabouts
from tutor.intrappola.hidden import observation as observe
from tutor.intrappola.moves import Discard, Trap
from tutor.intrappola.state import InTrappolaState
from tutor.intrappola.rules import play

from .helpers import cards, position


def placements(state: InTrappolaState, player: int):
    """Every (other hand, deck) the hidden cards could make, deck in order."""
    other = 1 - player
    hidden = [c for c in all_cards(state.pictures)
              if c not in state.table and c not in state.hands[player]]
    size = len(state.hands[other])
    for order in permutations(hidden):
        yield tuple(sorted(order[:size])), order[size:]


def enumerate_chances(state: InTrappolaState, player: int) -> dict[int, Fraction]:
    agreeing = [(hand, deck) for hand, deck in placements(state, player)
                if set(state.known[player]) <= set(hand) and set(state.under[player]) <= set(deck)]
    hidden = set(all_cards(state.pictures)) - set(state.table) - set(state.hands[player])
    return {c: Fraction(sum(c in hand for hand, _ in agreeing), len(agreeing)) for c in hidden}


def small_state(rnd: random.Random, table: int, mine: int, theirs: int, deck: int) -> InTrappolaState:
    order = list(all_cards(1))
    rnd.shuffle(order)
    cut = [table, table + mine, table + mine + theirs]
    return InTrappolaState(
        ("Anna", "Bruno"), 1, (tuple(sorted(order[cut[0]:cut[1]])), tuple(sorted(order[cut[1]:cut[2]]))),
        tuple(order[cut[2]:cut[2] + deck]), tuple(sorted(order[:table])), ((), ()))


def test_overlay_equals_enumeration_with_seen_cards():
    rnd = random.Random(5)
    for _ in range(40):
        s = small_state(rnd, 9, 2, 2, 3)
        hidden = [*s.hands[1], *s.deck]
        known = tuple(sorted(rnd.sample(s.hands[1], rnd.randint(0, 2))))
        under = tuple(sorted(rnd.sample(s.deck, rnd.randint(0, 2))))
        s = replace(s, known=(known, ()), under=(under, ()))
        overlay = whereabouts(s, 0)
        brute = enumerate_chances(s, 0)
        assert {c: overlay[c].chance for c in hidden} == brute
        assert all(overlay[c].where == YOURS and overlay[c].chance == 0 for c in s.hands[0])


def test_overlay_names_the_three_spots():
    s = position("table: 1 2 3\nhand Anna: 4 5 6\nhand Bruno: 7 8 9\ndeck: 10 11 12 13 14 15 16\n"
                 "known Anna: 7\nunder Anna: 16")
    w = whereabouts(s, 0)
    assert w[cards("7")[0]].where == THEIRS and w[cards("7")[0]].chance == 1
    assert w[cards("16")[0]].where == DECK and w[cards("16")[0]].chance == 0
    assert w[cards("8")[0]].where == UNSEEN and w[cards("8")[0]].chance == Fraction(2, 8)
    assert GAME.facts(s)["chance.Anna.8"] == "1/4" and GAME.facts(s)["where.Anna.16"] == "deck"


def test_overlay_depends_only_on_what_the_player_sees():
    rnd = random.Random(2)
    for _ in range(30):
        s = small_state(rnd, 6, 3, 3, 4)
        pool = [*s.hands[1], *s.deck]
        rnd.shuffle(pool)
        other = replace(s, hands=(s.hands[0], tuple(sorted(pool[:3]))), deck=tuple(pool[3:]))
        assert whereabouts(s, 0) == whereabouts(other, 0)
        assert observe(s, 0) == observe(other, 0)


def _seen(state: InTrappolaState, player: int):
    return observe(state, player)


def _step_world(world: InTrappolaState, move, watcher: int):
    """The world after the move, or None if the move could not have been made in it."""
    if world.turn != watcher and isinstance(move, Trap):
        if not set(move.cards) <= set(world.hands[world.turn]):
            return None
        if set(move.prey) & set(world.hands[world.turn]):
            return None
    return play(world, move)


@pytest.mark.parametrize("seed", range(30))
def test_overlay_equals_a_brute_force_filter_over_worlds(seed):
    rnd = random.Random(seed)
    real = small_state(rnd, 8, 3, 2, 3)
    watcher = 0
    worlds = [replace(real, hands=(real.hands[0], hand), deck=deck)
              for hand, deck in placements(real, watcher)]
    compared = 0
    while GAME.to_move(real) is not None:
        move = rnd.choice(list(GAME.legal_moves(real)))
        if real.turn != watcher and isinstance(move, Discard):
            break  # the overlay forgets here on purpose (see intrappola.knowledge)
        real = GAME.apply(real, move)
        worlds = [w for w in (_step_world(w, move, watcher) for w in worlds) if w is not None]
        worlds = [w for w in worlds if _seen(w, watcher) == _seen(real, watcher)]
        assert real in worlds
        overlay = whereabouts(real, watcher)
        for card, where in overlay.items():
            share = Fraction(sum(card in w.hands[1 - watcher] for w in worlds), len(worlds))
            assert where.chance == share, (card, where, share)
        compared += 1
    assert compared >= 1


STUCK = "table: 2 3 5 6 7 9 10 11 13 14 15\nhand Anna: 1 16\nhand Bruno: 8 12\ndeck: 4\n"


def test_a_card_put_under_the_deck_is_followed_to_whoever_draws_it():
    # Anna cannot trap and puts 1 under a deck of one card, drawing 4; Bruno catches 16
    # and draws the top card: Anna knows it is her 1
    s = GAME.apply(position(STUCK), GAME.parse_move(position(STUCK), "discard 1"))
    f = GAME.facts(s)
    assert f["under.Anna"] == "1" and f["hand.Anna"] == "4 16" and f["where.Anna.1"] == "deck"
    after = GAME.apply(s, GAME.parse_move(s, "play 12 prey 16"))
    f = GAME.facts(after)
    assert f["last"] == "caught" and f["hand.Bruno"] == "1 8"
    assert f["known.Anna"] == "1" and f["where.Anna.1"] == "theirs" and f["chance.Anna.1"] == "1"
    assert f["where.Anna.8"] == "unseen" and f["chance.Anna.8"] == "1"  # the other slot


def test_a_hidden_discard_makes_the_other_forget():
    s = position(STUCK + "known Bruno: 1 16")
    assert GAME.facts(s)["where.Bruno.16"] == "theirs"
    after = GAME.apply(s, GAME.parse_move(s, "discard 1"))
    f = GAME.facts(after)
    assert f["known.Bruno"] == "" and f["where.Bruno.16"] == "unseen"
    assert f["chance.Bruno.16"] == "2/3"  # 2 cards in Anna's hand among 3 unseen: 1 4 16
