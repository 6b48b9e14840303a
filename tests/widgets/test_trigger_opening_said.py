"""Trigger's free play opens after its opening roll and the first throw, made at once
(widgets/pages/play.py opening): the page no longer says "The dice are rolled…" while they
roll, so what its status and log say at open must tell the learner who rolled what: each
side's die of the opening roll, who rolled lowest and opens the round, who threw which dice
for whom (trigger.opening, trigger.turn.dice). They said "Dice: open 5 4 · Dice: roll 1 5":
neither a player nor who opens. In en, nl, it; two players, teams and solo; checked against
the engine's moves and facts, not words."""
from __future__ import annotations

import html
import re

import pytest

from tutor.core.i18n import using
from tutor.trigger import Opening, Roll
from widgets.pages.play import play_app


def dice_said(line: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", line)]


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("mode", ["two", "2v1", "solo"])
@pytest.mark.parametrize("seed", [0, 2, 5])
def test_trigger_s_free_play_says_at_open_who_rolled_what(lang, mode, seed):
    with using(lang):
        page = play_app("trigger", pace=0, seed=seed, mode=mode)
        play = page.play
        match = play.match
        chance = [i for i, move in enumerate(match.moves) if isinstance(move, (Opening, Roll))]
        assert chance, "the page opens after the opening roll and the first throw"
        status = html.unescape(re.sub(r"<[^>]+>", " ", page.scene["status"]))
        for i in chance:
            before, move, after = match.states[i], match.moves[i], match.states[i + 1]
            line = play.log[i]
            assert line in page.scene["log"]
            assert dice_said(line) == list(move.dice), (line, move)
            if isinstance(move, Opening):  # each side's die and who opens
                for side in range(len(move.dice)):
                    for name in before.label(side).split("+"):
                        assert name in line, (line, name)
                if after.phase != "opening":
                    opener = after.label(after.opener).split("+")
                    assert all(name in line.split(".", 1)[1] for name in opener), (line, opener)
            else:  # who throws, and for whom
                facts = play.game.facts(before)
                assert facts["thrower"] in line and facts["player"] in line, (line, facts)
            if i >= len(match.moves) - 8 and play.person_to_move():  # what the status tells
                assert line.rstrip(".") in status, (line, status)


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("mode", ["two", "2v1", "2v2"])
def test_every_line_of_the_opening_roll_names_it_as_the_game_does(lang, mode):
    """Italian said 'Apertura: ...' where the opening roll decided and 'Tiro d'apertura: ...'
    for a tie: each line of the opening roll (a tie, a side that opens) begins with the one
    name the game gives that roll (its phase, as the board's description says it)."""
    from tutor.core import registry
    from tutor.trigger.notation import phase_display
    from widgets.games.trigger import _opening_said

    game = registry.get("trigger")
    options = {} if mode == "two" else {"mode": mode}
    with using(lang):
        term = phase_display("opening")
        before = game.initial_state(options, 0)
        assert before.phase == "opening"
        lines = []
        for dice in ((3, 3), (5, 4), (2, 6)):
            after = game.apply(before, Opening(dice))
            lines.append((after.phase, _opening_said(before, Opening(dice), after)))
        assert {phase for phase, _ in lines} == {"opening", "roll"}  # a tie and an opener
        for _, line in lines:
            assert line.split(":")[0] == term[0].upper() + term[1:], (line, term)


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_replayed_roll_of_the_score_sheet_is_not_said_as_a_throw(lang):
    """Alone, a try after the first replays the score sheet's rolls (SPEL VOOR 1 SPELER: the
    same results of the dice): the log said 'Anna throws 3 and 5.' of them, as of a throw. A
    replayed roll (the engine's one chance outcome) and a thrown one are said apart, each
    with the player and the dice."""
    from tutor.core import registry
    from widgets.games.trigger import TriggerPlay

    from widgets.games import kit_for

    game = registry.get("trigger")
    drawer = kit_for(game).drawer(game)
    with using(lang):
        play = TriggerPlay(seed=2, mode="solo", seats=["search"])
        play.advance(100_000)
        said: dict[bool, set[str]] = {True: set(), False: set()}
        board: dict[bool, set[str]] = {True: set(), False: set()}  # the board's description
        for i, move in enumerate(play.match.moves):
            if not isinstance(move, Roll):
                continue
            before, line = play.match.states[i], play.log[i]
            replayed = len(game.chance_outcomes(before)) == 1
            assert dice_said(line) == list(move.dice) and "Anna" in line, line
            said[replayed].add(re.sub(r"\d+", "#", line))
            board[replayed].add(re.sub(r"\d+", "#", drawer.overview(before)))
    assert said[True] and said[False]
    assert not said[True] & said[False], said
    assert not board[True] & board[False], board
