"""A position text the shared grammar cannot read is refused in the page's language: the "Write
a lesson" page and free play's "load a position" show the reader's problem to the author or
learner who typed it. The grammar's refusals (a line that is no entry, a key written twice, a
number, a choice, yes or no, an unknown key, a subject, a seat's fields) were English on Dutch
and Italian pages; the place (line and column) is the same in every language."""
from __future__ import annotations

from typing import Callable

import pytest

from tests.refusals import refusal, said_in
from tutor.core import position as grammar
from tutor.core.errors import BadState
from tutor.core.position import Token


def _get(text: str, key: str = "heap", subject: str | None = None) -> grammar.Entry:
    entry = grammar.parse(text).get(key, subject)
    assert entry is not None
    return entry


BAD: dict[str, Callable[[], object]] = {  # one of each of the grammar's refusals
    "entry": lambda: grammar.parse("heap 7"),
    "twice": lambda: grammar.parse("heap: 1\nheap: 2"),
    "text": lambda: grammar.parse(7),  # type: ignore[arg-type]
    "number": lambda: _get("heap: x").number(),
    "this": lambda: Token("x", 3, 5).number(),
    "range": lambda: _get("heap: 9").number(0, 5),
    "at least": lambda: _get("heap: -1").number(lo=0),
    "at most": lambda: _get("heap: 9").number(hi=3),
    "choice": lambda: _get("heap: 7").choice(["1", "2", "3"]),
    "flag": lambda: _get("heap: maybe").flag(),
    "key": lambda: grammar.parse("pile: 3").check_keys(plain=["heap"], subjects=["hand"]),
    "no subject": lambda: grammar.parse("heap Anna: 3").check_keys(plain=["heap"]),
    "subject": lambda: grammar.parse("hand: 3").check_keys(subjects=["hand"]),
    "fields": lambda: _get("seat Anne: wibble 3", "seat", "Anne").fields(["canoe", "tempo"]),
    "value": lambda: _get("seat Anne: canoe", "seat", "Anne").fields(["canoe", "tempo"]),
}
#: a word of each language's refusals
WORD = {"nl": ("getal", "verwacht", "staat", "geen", "ja of nee", "onbekende", "onderwerp",
               "waarde", "tekst", " of "),
        "it": ("numero", "atteso", "scritto", "sì o no", "sconosciuta", "soggetto", "valore",
               "testo", " o ")}


def _refusal(case: str) -> BadState:
    return refusal(BAD[case])


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_position_the_grammar_cannot_read_is_refused_in_the_page_s_language(case, lang):
    english, local = said_in(lang, lambda: BAD[case](), WORD[lang], case)
    assert _refusal(case).problem == english.problem  # and English again outside the block
