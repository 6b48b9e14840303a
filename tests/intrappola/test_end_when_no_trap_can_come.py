"""The game ends when "non si potranno giocare più trappole da entrambe le parti" (Vittoria,
line 7): no trap now, and none that discards could bring. The engine once ended it after as
many discards in a row as the deck had cards, though a discard goes back under the deck and
comes up again: 3 % of random games ended a draw with a trap still to come."""
from __future__ import annotations

import collections
import random

import pytest

from tutor.intrappola import GAME
from tutor.intrappola.cards import all_cards, cards_text
from tutor.intrappola.rules import ROUNDS, trap_may_come
from tutor.intrappola.traps import traps_of

from .helpers import legal, play, position

# found by the rule audit: one card in the deck, one discard in a row already
COMES = """table: 2 3 5 8 12 13 16
caught Anna: 4
caught Bruno: 1
hand Anna: 9 10 14
hand Bruno: 6 7 11
deck: 15
turn: Anna
quiet: 1
"""


def test_the_game_goes_on_while_discards_can_bring_a_trap():
    s = position(COMES)
    assert GAME.to_move(s) == 0 and legal(s) == ["discard 9", "discard 10", "discard 14"]
    s = play(play(s, "discard 9"), "discard 6")  # 9 goes under, comes up for Bruno
    assert "play 10 prey 9" in legal(s)
    assert GAME.facts(play(s, "play 10 prey 9"))["last"] == "caught"


def test_with_every_empty_place_closed_by_the_table_the_game_ends_at_once_deck_or_not():
    table = "table: 2 3 4 5 7 8 9 10 12 13 14 15\n"
    for rest in ("hand Anna: 1 11\nhand Bruno: 6 16\n", "hand Anna: 1\nhand Bruno: 16\ndeck: 6 11"):
        s = position(table + rest)
        assert GAME.to_move(s) is None and GAME.facts(s)["end"] == "stuck", rest


def test_players_who_discard_round_twice_without_a_trap_stop():
    cards_in_play = 1 + 3 + 3
    goes_on = position(COMES.replace("quiet: 1", f"quiet: {ROUNDS * cards_in_play - 1}"))
    stops = position(COMES.replace("quiet: 1", f"quiet: {ROUNDS * cards_in_play}"))
    assert GAME.to_move(goes_on) == 0
    assert GAME.to_move(stops) is None and GAME.facts(stops)["end"] == "quiet"
    assert GAME.outcome(stops).winners == (0, 1)  # 1 point each


def _reachable(state, limit: int = 200_000) -> bool:
    """A trap some discards bring, by trying every discard of every player (breadth first)."""
    table, pictures = tuple(sorted(state.table)), state.pictures
    start = (tuple(sorted(state.hands[0])), tuple(sorted(state.hands[1])), state.deck, state.turn)
    seen, todo = {start}, collections.deque([start])
    while todo:
        *hands, deck, turn = todo.popleft()
        hand = hands[turn]
        if traps_of(hand, table, pictures):
            return True
        for card in hand if deck else ():
            kept = tuple(sorted((*[c for c in hand if c != card], deck[0])))
            after = [*hands]
            after[turn] = kept
            state_after = (*after, (*deck[1:], card), 1 - turn)
            if state_after not in seen:
                assert len(seen) < limit
                seen.add(state_after)
                todo.append(state_after)
    return False


def _random_positions(pictures: int, count: int, rnd: random.Random):
    """Positions nobody can trap in now, with a deck of 1 to 6 cards: a random table, the
    other cards dealt to two hands and the deck."""
    cards = list(all_cards(pictures))
    made = 0
    while made < count:
        rnd.shuffle(cards)
        size = 3 * pictures
        hands = (cards[:rnd.randint(1, size)], [])
        hands = (hands[0], cards[len(hands[0]):len(hands[0]) + rnd.randint(1, size)])
        dealt = len(hands[0]) + len(hands[1])
        deck = cards[dealt:dealt + rnd.randint(1, 6)]
        table = cards[dealt + len(deck):]
        state = GAME.parse_position(
            f"pictures: {pictures}\ntable: {cards_text(table, pictures)}\n"
            f"hand Anna: {cards_text(hands[0], pictures)}\nhand Bruno: {cards_text(hands[1], pictures)}\n"
            f"deck: {cards_text(deck, pictures)}\nturn: {rnd.choice(['Anna', 'Bruno'])}")
        if any(traps_of(h, state.table, pictures) for h in state.hands):
            continue
        made += 1
        yield state


@pytest.mark.parametrize("pictures", [1, 2])
def test_the_end_agrees_with_trying_every_discard(pictures):
    kinds = collections.Counter()
    for state in _random_positions(pictures, 150, random.Random(pictures)):
        expected = _reachable(state)
        assert trap_may_come(state) == expected, GAME.position_text(state)
        kinds[len(state.deck) % 2, expected] += 1
    # an even deck keeps each player's cards going round apart, an odd one shares them
    assert set(kinds) == {(0, True), (0, False), (1, True), (1, False)}, kinds
