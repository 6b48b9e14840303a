"""Every Canyon walkthrough replays with all its expectations met."""
from __future__ import annotations

from pathlib import Path

import pytest

from tutor.core import walkthrough

FOLDER = Path(__file__).resolve().parents[2] / "tutor" / "canyon" / "walkthroughs"
FILES = sorted(FOLDER.glob("*.toml"))


def test_the_issue_s_examples_are_all_there():
    stems = {p.stem for p in FILES}
    assert {"tempo", "trick", "movement-points", "movement-pictures", "narrow-pass",
            "current-push", "round-counter", "the-end"} <= stems


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_walkthrough_replays(path):
    replayed = walkthrough.replay(walkthrough.load(path))
    assert replayed.walkthrough.id == f"canyon/{path.stem}"
    assert len(replayed.frames) == len(replayed.walkthrough.steps) + 1
    for frame in replayed.frames[1:]:
        assert frame.rule_ids, f"step {frame.index} names no rule"


def test_the_current_push_sends_carl_to_the_cave():
    frames = walkthrough.replay(walkthrough.by_id("canyon/current-push")).frames
    drift = next(f for f in frames if f.move_text == "Anne: drift")
    game = walkthrough.registry.get("canyon")
    assert game.facts(drift.before)["canoe.Carl"] == "d8"
    assert game.facts(drift.state)["canoe.Carl"] == "cave"
    refusals = [f.refusal.rule_id for f in frames if f.refusal]
    assert refusals == ["canyon.current.bonus", "canyon.current.exact"]
