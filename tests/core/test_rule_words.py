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


#: the program's words for a lesson and a setting, read on Dutch and Italian rule cards
#: ("Een walkthrough mag een eigen speelbord meebrengen", "De optie rounds (...)")
PROGRAM_WORDS = re.compile(r"\bwalkthroughs?\b|\b(?:option|optie|opzione) rounds\b", re.I)


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("name", ["trapper", "canyon", "intrappola", "trigger"])
def test_no_rule_card_speaks_the_program_s_words(name, lang):
    """A rule card in Dutch or Italian said "walkthrough" (the program's name for a lesson)
    and "the option rounds"; in English the option's name too."""
    from tutor.core.i18n import using

    game = registry.get(name)
    with using(lang):
        found = [(rule_id, text) for rule_id in game.rules
                 for text in (game.rules[rule_id].text, game.rules[rule_id].reading)
                 if text and PROGRAM_WORDS.search(text) and not (
                     lang == "en" and re.search(r"\bwalkthroughs?\b", text, re.I))]
    assert not found, found
