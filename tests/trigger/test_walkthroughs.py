"""Every Trigger walkthrough replays with all its expectations met."""
from __future__ import annotations

from pathlib import Path

import pytest

from tutor.core import walkthrough

FILES = sorted((Path(__file__).parents[2] / "tutor" / "trigger" / "walkthroughs").glob("*.toml"))


def test_the_issue_walkthroughs_are_all_there():
    assert len(FILES) >= 7


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_walkthrough_replays(path):
    replayed = walkthrough.replay(walkthrough.load(path))
    assert len(replayed.frames) == len(replayed.walkthrough.steps) + 1
    for frame in replayed.frames[1:]:
        assert frame.rule_ids, f"step {frame.index} names no rule"
