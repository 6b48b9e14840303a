"""The coach in free play (issue 32.5): a hint is the computer player's legal move with the
rules it uses and the facts it changes, counted as evidence not found; after a refused move,
the legal moves closest to it."""
from __future__ import annotations

import html
import re

import pytest

from examples.nim import GAME as NIM
from tutor.core import registry

from widgets.games import kit_for
from widgets.games.freeplay import FreePlay
from widgets.games.session import PlaySession
from widgets.pages.play import PlayPage
from widgets.parts.drawing import FactsDrawer


@pytest.mark.parametrize("name", ["trapper", "intrappola", "trigger", "canyon"])
def test_a_hint_is_a_legal_move_that_names_its_rules_and_counts_as_not_found(name):
    game = registry.get(name)
    kit = kit_for(game)
    play = kit.new_play()
    computer = next(iter(play.computers))
    play.new_game(None, ["person"] + [computer] * (len(play.seats) - 1), 5)
    play.advance()
    before = play.state
    hint = play.hint()
    assert hint is not None and game.is_legal(before, hint.move)
    assert play.state is before  # shown, not played
    assert hint.rules and all(rule in game.rules for rule, _ in hint.rules)
    assert hint.gains  # what it changes, in the game's own facts
    assert {(i["rule"], i["right"], i["from"]) for i in play.evidence.tail()["items"]} == {
        (rule, False, "hint") for rule, _ in hint.rules}
    # the page: the hint's move and rules as data
    session = PlaySession(play, kit.drawer(game), kit.extras(), pace=0)
    session.show()
    found = re.search(r'<div class="tp-hint"[^>]*data-move="([^"]*)" data-rules="([^"]*)"',
                      session.scene["status"])
    assert found and html.unescape(found[1]) == hint.text
    assert found[2].split() == [rule for rule, _ in hint.rules]
    session.close()


def test_the_hint_is_the_computer_player_s_move_and_what_it_changes():
    play = FreePlay(NIM, {"heap": 7}, seats=["person", "computer"])
    hint = play.hint()
    assert hint.move == NIM.best_move(play.state, "", (play.match.seed * 1009) % 2**31)
    assert hint.text == "take 3" and ("counters on the heap", 7, 4) in hint.gains
    play.play_text("take 1")
    assert play.hinted is None  # a move made: the hint goes


def test_after_a_refused_move_the_closest_legal_moves_are_offered():
    play = FreePlay(NIM, {"heap": 7}, seats=["person", "person"])
    play.play_text("take 4")
    assert play.refusal is not None
    assert [NIM.move_text(play.state, m) for m in play.near] == ["take 1", "take 2", "take 3"]
    assert all(NIM.is_legal(play.state, m) for m in play.near)
    page = PlayPage(play, FactsDrawer(NIM), pace=0)
    page.session.show()
    found = re.search(r'<div class="tp-closest" data-moves="([^"]*)"', page.scene["status"])
    assert found and found[1].split("|") == ["take 1", "take 2", "take 3"]
    page.handle({"type": "hint"})
    assert 'class="tp-hint"' in page.scene["status"]


def test_a_hint_says_nothing_that_a_world_dealt_again_from_what_the_learner_sees_denies():
    """InTrappola: the hint's rules and changes were those alike in the real game and six
    worlds dealt again; a quarter of the hints still told the hidden cards away (a trap hinted
    with its rule 'missed', the next card drawn by the chances it leaves). Checked against 200
    worlds, what a hint says holds in every one."""
    game = registry.get("intrappola")
    kit = kit_for(game)
    told = []
    for seed in range(12):
        play = kit.new_play(seed=seed)
        play.advance()
        for _ in range(4):
            if play.over or not play.person_to_move():
                break
            hint = play.hint()
            assert hint is not None
            state = play.state
            for world in play.worlds(state, 200)[1:]:
                found = play._outcome(world, hint.move)
                if found is None:
                    continue
                rules, gains = found
                told += [(seed, rule) for rule, _ in hint.rules if rule not in rules]
                told += [(seed, key) for key, gain in zip(hint.keys, hint.gains)
                         if (key, gain) not in gains]
            play.play(hint.move)
            play.advance()
    assert not told, told[:6]
