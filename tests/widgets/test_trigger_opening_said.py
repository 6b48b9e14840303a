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
