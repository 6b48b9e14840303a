"""Every InTrappola walkthrough replays with all its expectations, and covers what the issue lists."""
from __future__ import annotations

import pytest

from tutor.core import walkthrough
from tutor.intrappola import GAME

IDS = sorted(w for w in walkthrough.library() if w.startswith("intrappola/"))


def test_the_issue_examples_are_all_there():
    stems = {w.split("/")[1] for w in IDS}
    assert {"begin-setup", "es1-corner", "es2-border", "es3-inner", "es4-pair-caught", "es4-pair-missed",
            "es5-several-prey", "turn-a-caught", "turn-b-missed", "turn-c-discard", "turn-d-refused",
            "variant-several-pictures"} <= stems


@pytest.mark.parametrize("wid", IDS)
def test_walkthrough_replays(wid):
    replayed = walkthrough.replay(walkthrough.by_id(wid))
    assert len(replayed.frames) == len(replayed.walkthrough.steps) + 1
    for frame in replayed.frames:
        assert frame.narration
        assert all(rule in GAME.rules for rule in frame.rule_ids)


def test_the_refused_move_of_the_issue_is_must_spring():
    replayed = walkthrough.replay(walkthrough.by_id("intrappola/turn-d-refused"))
    refusals = [f.refusal.rule_id for f in replayed.frames if f.refusal]
    assert refusals[:2] == ["intrappola.trap.must-spring"] * 2


def test_every_outcome_appears_in_some_walkthrough():
    kinds = set()
    for wid in IDS:
        for frame in walkthrough.replay(walkthrough.by_id(wid)).frames:
            if frame.move is not None and frame.refusal is None:
                kinds.add(frame.state.last.kind)
    assert kinds == {"caught", "missed", "discard"}
