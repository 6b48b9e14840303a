"""A pair of prey is said as a pair wherever a drill names it: the close-place question asked
"around the pair 4 8" and its answer said "around prey 4 8" (nl "rond prooi 4 8", it "intorno
alla preda 4 8": one card)."""
from __future__ import annotations

import itertools
import re

import pytest

from tutor.core.drills import drills
from tutor.core.i18n import using
from tutor.intrappola import GAME
from tutor.intrappola.cards import cards_text


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_answer_names_a_pair_as_the_question_does(lang):
    pairs = 0
    with using(lang):
        for drill in itertools.islice(drills(GAME, seed=1, kinds=["close-place"]), 40):
            right = drill.options[drill.answer]
            prey = cards_text(right.move.prey, drill.state.pictures)
            if len(right.move.prey) != 2:
                continue
            pairs += 1
            named = re.search(r"(\w+) " + re.escape(prey), drill.prompt)
            assert named, drill.prompt
            assert f"{named[1]} {prey}" in right.explanation, (drill.prompt, right.explanation)
    assert pairs >= 2


def test_a_pair_not_seen_is_said_in_the_plural_in_dutch():
    """"Ben heeft niet gezien waar prooi 4 8 zijn": one prey, two cards. The glossary's plural
    (tutor/intrappola/glossary.toml) names a pair."""
    import tomllib
    from pathlib import Path

    import tutor.intrappola
    glossary = tomllib.loads((Path(tutor.intrappola.__file__).parent / "glossary.toml")
                             .read_text(encoding="utf-8"))
    plural = glossary["terms"]["prey"]["nl"][1]
    found = 0
    with using("nl"):
        for drill in itertools.islice(drills(GAME, seed=1, kinds=["caught"]), 80):
            right = drill.options[drill.answer]
            named = re.search(r"noemt ([\dA-Z]+ [\dA-Z]+)\.", drill.prompt)  # a pair
            if named is None or named[1] not in right.explanation \
                    or not re.search(r"\d/\d", right.explanation):  # both cards not seen
                continue
            found += 1
            assert f"{plural} {named[1]}" in right.explanation, (drill.prompt, right.explanation)
    assert found
