"""The rule catalogue: every id the engine refuses with exists, with a refusal text; every
rule is shown somewhere (engine or walkthrough); readings are in the data, not only in code."""
from __future__ import annotations

import re
from pathlib import Path

from tutor.trigger import GAME

PACKAGE = Path(__file__).resolve().parents[2] / "tutor" / "trigger"
CODE = "\n".join(p.read_text() for p in PACKAGE.glob("*.py"))
WALKS = "\n".join(p.read_text() for p in (PACKAGE / "walkthroughs").glob("*.toml"))


def test_every_refusal_the_engine_gives_is_in_the_catalogue_with_its_text():
    refused = set(re.findall(r'Violation\(\s*"([a-z.]+)"', CODE))
    assert len(refused) >= 15
    for rule_id in refused:
        assert GAME.rules[rule_id].refusal, rule_id


def test_every_rule_is_used_by_the_engine_or_a_walkthrough():
    unused = [r for r in GAME.rules if f'"{r}"' not in CODE and f'"{r}"' not in WALKS]
    assert unused == [], unused


def test_the_readings_of_the_digest_are_shown_to_the_learner():
    for rule_id in ("trigger.tiles", "trigger.setup", "trigger.turn.double", "trigger.turn.star",
                    "trigger.malus", "trigger.solo.score", "trigger.solo.replay", "trigger.teams"):
        assert GAME.rules[rule_id].reading, rule_id
    assert "reconstruction" in GAME.rules["trigger.tiles"].reading
