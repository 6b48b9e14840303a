"""The engine accepts exactly what it lists (issue 14.4), for every variant.

Over random reachable states (seeded random games cut at a random ply), candidate moves are
built straight from the move classes, with fields in range and out of range (cards of
pictures the game does not have, negative numbers, repeats, other types), and from the listed
moves changed a little. For each: listed <=> accepted; refused => the rule is in the
catalogue, the reason is said and the state is as it was. A move text that reads but names an
impossible thing is refused with a rule too. Each test is bounded (a fixed number of
examples, derandomized).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.core import BadMove, IllegalMove
from tutor.core.game import random_move
from tutor.intrappola import GAME
from tutor.intrappola.moves import Discard, Pass, Trap

from .helpers import position

BOUNDED = settings(max_examples=100, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
VARIANTS = [{}, {"pictures": 2}, {"pictures": 3}]


def reachable(options: dict, seed: int, plies: int):
    rnd = random.Random(seed)
    state = GAME.initial_state(options, seed)
    for _ in range(plies):
        move = random_move(GAME, state, rnd)
        if move is None:
            break
        state = GAME.apply(state, move)
    return state


def card_values(pictures: int):
    """Whole numbers in and around the game's cards, now and then not a number at all."""
    cards = pictures * 16
    return st.one_of(
        st.integers(0, cards - 1), st.integers(0, cards - 1), st.integers(cards, 8 * 16 + 3),
        st.integers(-5, -1), st.sampled_from([True, False, None, "5", 2.0, (1,)]))


def candidates(pictures: int):
    value = card_values(pictures)
    parts = st.one_of(st.lists(value, max_size=6).map(tuple), st.lists(value, max_size=3),
                      st.sampled_from([None, "5 6", 7]))
    return st.one_of(st.builds(Trap, parts, parts), st.builds(Discard, value),
                     st.just(Pass()), st.sampled_from([None, "pass", ("play", 5), object()]))


def check(state, move, legal) -> None:
    before = GAME.to_json(state)
    listed = move in legal
    try:
        GAME.apply(state, move)
    except IllegalMove as refused:
        assert not listed, f"listed but refused: {move!r}: {refused}"
        assert refused.rule_id in GAME.rules and refused.reason
    except BadMove as foreign:  # not a move the game made (another class, a field's type)
        assert not listed, f"listed but refused as foreign: {move!r}: {foreign}"
        assert foreign.where == "move" and foreign.problem
    else:
        assert listed, f"accepted but never listed: {move!r}"
    assert GAME.to_json(state) == before


@pytest.mark.parametrize("options", VARIANTS, ids=["one", "two", "three"])
@BOUNDED
@given(data=st.data(), seed=st.integers(0, 10_000), plies=st.integers(0, 40))
def test_listed_if_and_only_if_accepted(options, data, seed, plies):
    state = reachable(options, seed, plies)
    legal = list(GAME.legal_moves(state))
    for move in data.draw(st.lists(candidates(state.pictures), min_size=1, max_size=8)):
        check(state, move, legal)
    for move in legal:  # every listed move is accepted, and so are copies of it
        check(state, move, legal)
        if isinstance(move, Trap):
            check(state, Trap(tuple(reversed(move.cards)), move.prey), legal)
            check(state, Trap(list(move.cards), list(move.prey)), legal)
    near = [m for m in legal if isinstance(m, Trap)]
    if near:  # a listed trap with one card changed, added or left out
        trap = data.draw(st.sampled_from(near))
        other = data.draw(st.integers(-2, state.pictures * 16 + 2))
        for cards in (trap.cards[1:], (*trap.cards, other), (other, *trap.cards[1:])):
            check(state, Trap(cards, trap.prey), legal)
            check(state, Trap(trap.cards, (*trap.prey, other)), legal)
            check(state, Trap(trap.cards, (other,)), legal)


def test_the_case_found_a_card_of_a_second_picture_in_a_one_picture_game():
    # Card number 16 (counted from 0) is B1, which only a game of two pictures has; its
    # place would be right of 4, so Anna's "play 4 prey B1" was once accepted as a trap.
    s = position("table: 1 2 3 5 6 7 8 9\nhand Anna: 4 10 11\nhand Bruno: 12 13 14\n"
                 "deck: 15 16")
    move = Trap((3,), (16,))
    assert move not in list(GAME.legal_moves(s))
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(s, move)
    assert (refused.value.rule_id, refused.value.reason) == (
        "intrappola.cards", "there is no card B1 in this game")
    assert refused.value.move_text == "play 4 prey B1"


# compared on rule id + params (the words are the catalog's): a refusal about a player names her
@pytest.mark.parametrize("text, rule, params", [
    ("play 4 prey B1", "intrappola.cards", {"card": "B1"}),
    ("discard C7", "intrappola.cards", {"card": "C7"}),
    ("play 12 prey 16", "intrappola.hand", {"card": "12", "player": "Anna"}),
    ("discard 16", "intrappola.hand", {"card": "16", "player": "Anna"}),
    ("play 10 prey 11", "intrappola.trap.prey-own", {"prey": "11", "player": "Anna"}),
    ("play 4 prey 1", "intrappola.trap.prey", {"prey": "1"}),
    ("play 10 prey 14 15 16", "intrappola.trap.pair", {"count": "3"}),
    ("play 10 prey 13 16", "intrappola.trap.choose", {"first": "13", "second": "16",
                                                      "player": "Anna"}),
    ("play 4 10 prey 14", "intrappola.trap.must-spring", {"card": "4", "player": "Anna"}),
    ("play 10 prey 14", "intrappola.trap.closed", {"prey": "14", "open": "13"}),
])
def test_a_move_text_that_reads_but_names_an_impossible_thing_is_refused_by_a_rule(text, rule,
                                                                                  params):
    s = position("table: 1 2 3 5 6 7 8 9\nhand Anna: 4 10 11\nhand Bruno: 12 13 14\n"
                 "deck: 15 16")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(s, GAME.parse_move(s, text))
    found = GAME.violation(s, GAME.parse_move(s, text))
    assert (found.rule_id, {k: str(v) for k, v in found.params.items()}) == (rule, params)
    assert (refused.value.rule_id, refused.value.reason) == (
        rule, GAME.rules.reason(rule, **found.params))


def test_a_move_of_no_kind_is_refused_by_the_guard():
    """A text where a move belongs is no move the game made: the one guard in front of every
    game's check refuses it (before: InTrappola's own turn rule did)."""
    s = GAME.initial_state({}, 1)
    with pytest.raises(BadMove, match="a str is not a move of intrappola"):
        GAME.apply(s, "pass")  # type: ignore[arg-type]
