"""InTrappola's glossary: the Italian words are the rulebook's own, the Dutch ones ours (the
game has no Dutch rulebook), and the game's texts made in code are in the catalogs."""
from __future__ import annotations

import re
from pathlib import Path

from tutor.core.i18n_glossary import Glossary

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = Glossary.from_file(ROOT / "tutor" / "intrappola" / "glossary.toml")


# That the Italian words are the rulebook's own is checked against the rulebook itself by
# ``python -m tutor quotes`` (tests/core/test_quotes.py): the rulebooks are not in the repository.
def test_every_italian_word_says_where_the_rulebook_uses_it():
    for term in GLOSSARY.terms:
        assert term.forms["it"] and re.search(r"\blines? \d+", term.where.get("it", "")), term.key


def test_the_terms_the_issue_names_are_there_in_both_languages():
    keys = {t.key for t in GLOSSARY.terms}
    assert {"trap", "prey", "hunter", "deck", "hand", "table", "picture"} <= keys
    assert all({"en", "nl", "it"} <= set(t.forms) for t in GLOSSARY.terms)
    assert "no Dutch rulebook" in GLOSSARY.rulebooks["nl"]


def test_the_catalogs_hold_the_texts_made_in_code():
    for lang in ("nl", "it"):
        po = (ROOT / "tutor" / "intrappola" / "locale" / lang / "LC_MESSAGES" /
              "intrappola.po").read_text(encoding="utf-8")
        for text in ("set a trap", "there is no card {card} in this game",
                     "'{text}' is not a card: write its number, like 6",
                     "{player} cannot know it yet"):
            assert f'msgid "{text}"' in po, (lang, text)


def test_italian_and_dutch_are_complete_and_use_the_glossary_s_words():
    # every text the game's sources have (the count the template gives, not a number kept by
    # hand: the rulebook's quoted words are no longer extracted, they are never translated)
    from i18nbuild.catalogs import domains, extract
    from i18nbuild.check import reports

    wanted = len([m for m in extract(domains()["intrappola"]) if m.id])
    found = {r.lang: r for r in reports(["nl", "it"], ["intrappola"])}
    assert set(found) == {"nl", "it"}
    for lang, report in found.items():
        assert (report.missing, report.stale, report.broken, report.words) == ([], [], [], []), lang
        assert report.translated == wanted > 300, (lang, report.translated, wanted)


def test_typed_moves_use_each_language_s_words_and_read_back():
    from tutor.core.i18n import using
    from tutor.intrappola.moves import Discard, Pass, Trap
    from tutor.intrappola.notation import display, parse

    expected = {"it": ("gioca 5 preda 1", "scarta 9", "passa"),
                "nl": ("speel 5 prooi 1", "afleggen 9", "pas")}
    for lang, texts in expected.items():
        with using(lang):
            moves = (Trap((4,), (0,)), Discard(8), Pass())  # cards count from 0 inside
            assert tuple(display(m, 1) for m in moves) == texts
            assert tuple(parse(t, 1) for t in texts) == moves
