"""InTrappola's own drills: 200 seeded questions of each kind, every answer checked against
the engine (the move played, the rules that refuse the wrong ones)."""
from __future__ import annotations

import itertools

from tutor.core import IllegalMove
from tutor.core.drills import drills, kinds_of, sentence
from tutor.intrappola import GAME
from tutor.intrappola.cards import cards_text, points

import pytest


def test_the_game_s_own_kinds_join_the_generic_ones():
    assert list(kinds_of(GAME)) == ["legal-move", "may-do", "close-place", "caught",
                                    "trap-points"]


def _trap(drill):
    """The trap a prompt names: "Anna plays 5 7 and names 6 ..."."""
    played, named = drill.prompt.split(" plays ")[1].split(". ")[0].split(" and names ")
    return GAME.parse_move(drill.state, f"play {played} prey {named}")


def _questions(kind: str, count: int = 200):
    return list(itertools.islice(drills(GAME, seed=7, kinds=[kind]), count))


def test_which_cards_close_the_place():
    for drill in _questions("close-place"):
        right = drill.options[drill.answer]
        GAME.apply(drill.state, right.move)  # the right set is a legal trap
        for option in drill.options:
            assert option.text == cards_text(option.move.cards, drill.state.pictures)
            if not option.right:
                with pytest.raises(IllegalMove) as refused:
                    GAME.apply(drill.state, option.move)
                assert refused.value.rule_id == option.rule_id
                assert sentence(refused.value.reason) == option.explanation


def test_is_the_prey_caught_as_the_hunter_can_know_it():
    seen = set()
    for drill in _questions("caught"):
        move = _trap(drill)
        after = GAME.apply(drill.state, move)
        right = drill.options[drill.answer]
        seen.add(right.rule_id)
        if right.rule_id == "intrappola.trap.caught":
            assert after.last.kind == "caught"
        elif right.rule_id == "intrappola.trap.missed":
            assert after.last.kind == "missed"
        else:  # the hunter cannot know: the other hand might hold it or not
            assert right.text == f"{drill.state.players[drill.viewer]} cannot know it yet"
    assert seen == {"intrappola.trap.caught", "intrappola.trap.missed", "intrappola.knowledge"}


def test_how_many_points_the_trap_scores():
    for drill in _questions("trap-points"):
        move = _trap(drill)
        expected = sum(points(p, drill.state.pictures) for p in move.prey)
        assert int(drill.options[drill.answer].text) == expected
        caught = GAME.apply(drill.state, move)
        if caught.last.kind == "caught":
            assert caught.last.points == expected


def test_the_kinds_of_move_in_words():
    s = GAME.initial_state({}, 1)
    assert sorted({GAME.move_kind(s, m) for m in GAME.candidate_moves(s)}) == [
        "discard a card", "pass", "set a trap"]


def test_a_prey_the_hunter_knows_is_not_in_the_other_hand_is_missed_not_unknown():
    """Once the hunter has seen the whole other hand (a missed trap shows it, and the other
    player gained nothing since), a prey not seen there is certainly missed: the drill said
    "cannot know it yet", with "for one card the chance is 0"."""
    import random

    from tutor.intrappola.drills import caught
    from tutor.intrappola.knowledge import whereabouts

    from .helpers import cards, position
    s = position("table: 2 4 7 12 15\nhand Anna: 6 8 9 14\nhand Bruno: 3 5\n"
                 "deck: 1 11 13 10\ncaught Anna: 16\nknown Anna: 3 5\nturn: Anna")
    answers = set()
    for seed in range(12):
        drill = caught(GAME, s, random.Random(seed), [])
        right = drill.options[drill.answer]
        assert right.rule_id == "intrappola.trap.missed", (drill.prompt, right.explanation)
        assert GAME.apply(s, _trap(drill)).last.kind == "missed"
        answers.add(right.explanation)
    assert "Anna has seen every card of the other hand, and 13 is not one of them." in answers
    # the same when the deck holds only cards Anna put under it: every prey is caught
    s = position("table: 2 4 7 12 15 16\nhand Anna: 6 8 9 14\nhand Bruno: 1 3 5 10 11\n"
                 "deck: 13\nunder Anna: 13\nturn: Anna")
    assert whereabouts(s, 0)[cards("1")[0]].chance == 1
    for seed in range(12):
        drill = caught(GAME, s, random.Random(seed), [])
        if GAME.apply(s, _trap(drill)).last.kind == "caught":
            assert drill.options[drill.answer].rule_id == "intrappola.trap.caught"


def test_the_prey_is_unknown_only_while_its_chance_is_neither_0_nor_1():
    """The chance that the other hand holds the whole prey (a pair: both cards)."""
    from tutor.intrappola.computer import catch_chance
    for drill in _questions("caught"):
        chance = catch_chance(_trap(drill), drill.state)
        unknown = drill.options[drill.answer].rule_id == "intrappola.knowledge"
        assert unknown == (chance not in (0, 1)), drill.prompt


def test_a_pair_the_one_unseen_card_of_the_other_hand_cannot_hold_is_missed():
    """Bruno holds one card and Anna has seen none of the cards not in her hand or on the
    table: a pair of them cannot both be in his hand (Es 4: the trap works "solo se entrambe
    le carte saranno in mano all'avversario"). The drill said "Anna cannot know it yet", as
    each card alone has the chance 1/2."""
    import random

    from tutor.intrappola.drills import caught

    from .helpers import position
    s = position("table: 1 4 5 8 9 12 13 14 15 16\nhand Anna: 2 3 10 11\nhand Bruno: 6\n"
                 "deck: 7\nturn: Anna")
    for seed in range(4):
        drill = caught(GAME, s, random.Random(seed), [])
        right = drill.options[drill.answer]
        assert right.rule_id == "intrappola.trap.missed", (drill.prompt, right.explanation)
        assert GAME.apply(s, _trap(drill)).last.kind == "missed"
        assert right.explanation == ("The other hand holds only one card Anna has not seen: "
                                     "it cannot hold both 6 7.")
