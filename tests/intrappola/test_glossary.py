"""InTrappola's glossary: the Italian words are the rulebook's own, the Dutch ones ours (the
game has no Dutch rulebook), and the game's texts made in code are in the catalogs."""
from __future__ import annotations

import re
from pathlib import Path

from tutor.core.i18n_glossary import Glossary

ROOT = Path(__file__).resolve().parents[2]
BOOK = (ROOT.parent / "shared" / "seeds" / "003_64315ef67acb4725.txt").read_text(encoding="utf-8")
GLOSSARY = Glossary.from_file(ROOT / "tutor" / "intrappola" / "glossary.toml")


def _found(word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}", BOOK, re.IGNORECASE) is not None


def test_the_italian_words_are_the_rulebook_s():
    for term in GLOSSARY.terms:
        assert any(_found(form) for form in term.forms["it"]), term.key
        assert not any(_found(word) for word in term.avoid.get("it", ())), term.key


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
