"""The book's examples are all there as walkthroughs (the one replay test,
tests/test_core.py::test_every_shipped_walkthrough_replays, and the goldens replay them with
their expectations)."""
from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parents[2] / "tutor" / "canyon" / "walkthroughs"
FILES = sorted(FOLDER.glob("*.toml"))


def test_the_issue_s_examples_are_all_there():
    stems = {p.stem for p in FILES}
    assert {"tempo", "trick", "movement-points", "movement-pictures", "narrow-pass",
            "current-push", "round-counter", "the-end"} <= stems
