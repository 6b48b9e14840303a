"""What a rule card says is said in words, not in the tutor's settings: Trapper's young-players
reading told learners "bonus_tiles = false, water_rule = false ... variant = "young"" (options
as the program spells them)."""
from __future__ import annotations

import re

import pytest

from tutor.core import registry

SETTING = re.compile(r"\b[a-z]+_[a-z_]+\s*=|\b[a-z_]+\s*=\s*[\"']")


@pytest.mark.parametrize("name", ["trapper", "canyon", "intrappola", "trigger"])
def test_no_rule_card_spells_a_setting_as_the_program_does(name):
    game = registry.get(name)
    found = [(rule_id, text) for rule_id in game.rules
             for text in (game.rules[rule_id].text, game.rules[rule_id].reading)
             if text and SETTING.search(text)]
    assert not found, found
