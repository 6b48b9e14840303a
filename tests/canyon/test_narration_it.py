"""Canyon's Italian lessons and rule readings read as Italian: no word left over from an edit.

The river's reading said "È una mappa di testo modificabile; i una lezione può portare una
piccola mappa propria": a stray article "i" before "una", two articles in a row, which no
Italian sentence has. Every Italian text of Canyon's lessons and rules is checked for two
articles in a row.
"""
from __future__ import annotations

import re

from tutor.canyon import GAME
from tutor.core.i18n import localize, localize_rule, rule_texts, using, walkthrough_texts
from tutor.core.walkthrough import by_id, library

ARTICLES = r"(?:il|lo|la|i|gli|le|un|uno|una)"
TWO = re.compile(rf"\b{ARTICLES} {ARTICLES}\b", re.IGNORECASE)


def italian_texts() -> list[tuple[str, str]]:
    found = []
    with using("it"):
        for wid in sorted(w for w in library() if w.startswith("canyon/")):
            found += [(wid, t) for t in walkthrough_texts(localize(by_id(wid)))]
        for rid in GAME.rules:
            found += [(rid, t) for _, t in rule_texts(localize_rule(GAME.rules[rid], "canyon"))
                      if isinstance(t, str)]
    return found


def test_no_two_articles_in_a_row():
    texts = italian_texts()
    assert any(where == "canyon.board" for where, _ in texts)
    assert [(where, m.group(0)) for where, text in texts for m in TWO.finditer(text)] == []


def test_the_check_finds_a_stray_article():
    assert TWO.findall("È una mappa di testo modificabile; i una lezione può portare") == ["i una"]
    assert TWO.findall("La canoa di Anne è in un'insenatura: la grotta") == []
