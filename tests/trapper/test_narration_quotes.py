"""A Trapper lesson that quotes a rulebook quotes it word for word, in every language.

A lesson's English (and so its Dutch and Italian) may put a rulebook's own words in quotes:
the colour-swap lesson says the Italian book allows two beige cards again "in as many words".
Those words are only true if the book has them as quoted. The rules' ``words`` are the books'
text (checked against the rulebooks themselves by ``python -m tutor quotes``); a quotation in a
lesson made of one rule's words must be a run of those words, not words picked out of it.
"""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import localize, using, walkthrough_texts
from tutor.core.walkthrough import by_id, library
from tutor.trapper import GAME

WALKS = sorted(wid for wid in library() if wid.startswith("trapper/"))
#: quotation marks as the three languages' texts write them
QUOTED = re.compile(r'"([^"]+)"|“([^”]+)”|«([^»]+)»')


def plain(text: str) -> str:
    """Lower case, one space between words, the book's typographic apostrophe as ASCII."""
    return " ".join(re.findall(r"[\w']+", text.lower().replace("’", "'")))


def book_words() -> list[str]:
    """Every rule's quoted book words (plain)."""
    return [plain(rule.words) for rule in (GAME.rules[rid] for rid in GAME.rules)
            if getattr(rule, "words", None)]


def misquoted(text: str, books: list[str]) -> list[str]:
    """Each quotation in ``text`` of three words or more whose words nearly all (3 in 4) belong
    to one book passage, but which is not a run of that passage's words."""
    found = []
    for match in QUOTED.finditer(text):
        quote = plain(next(group for group in match.groups() if group))
        words = quote.split()
        if len(words) < 3:
            continue
        for book in books:
            known = set(book.split())
            if sum(word in known for word in words) * 4 >= len(words) * 3 \
                    and f" {quote} " not in f" {book} ":
                found.append(quote)
                break
    return found


@pytest.mark.parametrize("wid", WALKS)
def test_a_lesson_quotes_the_rulebook_word_for_word(wid):
    walk, books = by_id(wid), book_words()
    problems = [f"en: {q!r}" for text in walkthrough_texts(walk) for q in misquoted(text, books)]
    for lang in ("nl", "it"):
        with using(lang):
            texts = walkthrough_texts(localize(walk))
        problems += [f"{lang}: {q!r}" for text in texts for q in misquoted(text, books)]
    assert problems == []


def test_the_italian_book_allows_two_beige_cards_again_as_the_colour_swap_lesson_quotes_it():
    """The passage the colour-swap lesson quotes is the colour swap rule's words (the Italian
    book, 001 line 146), and the lesson's quotation is in them in every language."""
    swap = plain(GAME.rules["trapper.cards.swap"].words)
    walk = by_id("trapper/colour-swap")
    for lang in ("en", "nl", "it"):
        with using(lang):
            texts = walkthrough_texts(localize(walk))
        quotes = [plain(next(g for g in m.groups() if g)) for text in texts
                  for m in QUOTED.finditer(text) if "nuovo" in m.group(0)]
        assert quotes, lang
        assert all(f" {q} " in f" {swap} " for q in quotes), (lang, quotes)


def test_the_check_finds_words_picked_out_of_a_passage():
    books = [plain("Se si desidera muovere ancora il Trapper, si possono di nuovo giocare due "
                   "carte beige o anche due carte verdi o due carte viola.")]
    assert misquoted('it says: "di nuovo due carte beige".', books) == ["di nuovo due carte beige"]
    assert misquoted('it says: "di nuovo giocare due carte beige".', books) == []
    assert misquoted('«O due carte viola»: two purple cards', books) == []
    assert misquoted('"Als hij eerst twee beige kaarten heeft gebruikt"', books) == []
