"""Trapper's lessons and rules name the water rule with the rulebooks' own word.

The Dutch book calls it the "versperringsregel" ("Bovendien kan ook de versperringsregel door
het water worden weggelaten", 000 line 335), the Italian the "regola del blocco" ("eliminare la
regola del blocco delle tessere Bottino a causa dell'acqua", 001 line 254). A learner who reads
"waterregel" or "regola dell'acqua" in a lesson meets a word the book never uses for the rule
the same page quotes in the book's words.
"""
from __future__ import annotations

import pytest

from tutor.core.i18n import localize, localize_rule, rule_texts, using, walkthrough_texts
from tutor.core.walkthrough import by_id, library
from tutor.trapper import GAME

#: the book's word for the water rule, and our own words it replaces, per language
BOOK = {"nl": ("versperringsregel", ("waterregel",)),
        "it": ("regola del blocco", ("regola dell'acqua",))}
ENGLISH = "water rule"


def pairs(lang: str) -> list[tuple[str, str, str]]:
    """``(where, English, translation)`` of every lesson and rule text of Trapper."""
    found = []
    for wid in sorted(w for w in library() if w.startswith("trapper/")):
        walk = by_id(wid)
        with using(lang):
            local = walkthrough_texts(localize(walk))
        found += [(wid, en, text) for en, text in zip(walkthrough_texts(walk), local)]
    for rid in GAME.rules:
        rule = GAME.rules[rid]
        with using(lang):
            local_rule = localize_rule(rule, "trapper")
        found += [(rid, en, dict(rule_texts(local_rule))[name])
                  for name, en in rule_texts(rule) if isinstance(en, str)]
    return found


@pytest.mark.parametrize("lang", sorted(BOOK))
def test_the_water_rule_is_the_books_word(lang):
    word, avoid = BOOK[lang]
    said = [(where, text) for where, en, text in pairs(lang) if ENGLISH in en.lower()]
    assert len(said) >= 6  # the variant's rules and the young players' lesson
    assert [(where, text) for where, text in said
            if word not in text.lower() or any(a in text.lower() for a in avoid)] == []


@pytest.mark.parametrize("lang", sorted(BOOK))
def test_free_plays_choice_of_rules_says_the_books_word_too(lang):
    """Free play's choice of the young players' rules (widgets/games/trapper.py) said
    "geen waterregel" / "niente regola dell'acqua" beside lessons in the book's words."""
    from widgets.parts.texts import T

    word, avoid = BOOK[lang]
    with using(lang):
        label = T._("young players: no water rule")
    assert word in label.lower() and not any(a in label.lower() for a in avoid), label
