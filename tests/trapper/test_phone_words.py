"""Trapper's words on a phone and in Italian: a phone's tile shows a short word, 5 letters at
most (12 px), and the Italian one for visone (mink) was "viso." - a face -, cut by a rule
for every language; the Italian pages wrote the piece "il trapper" where the rulebook and the
game's glossary (``tutor/trapper/glossary.toml``) name it "il Trapper"."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.core.i18n import using
from tutor.core.i18n_glossary import Glossary
from tutor.trapper import TILES
from widgets.games.trapper import short_word, tile_words
from widgets.parts.texts import T

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("mink", "lynx", "elk", "bear", "wolf", "salmon", "herb", "mushroom")
#: a dotted stem a learner reads as another word ("viso": face)
MISREAD = {"it": {"viso"}}


def full_words() -> dict[str, str]:
    """Each kind's whole word in the language in use, as the tiles' wide words say it."""
    found = {}
    for tile, info in enumerate(TILES):
        kind = info.species or info.kind
        if info.kind != "canoe" and kind not in found:
            found[kind] = tile_words(tile)[0]
    return found


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_phone_s_tile_word_is_a_word_or_an_abbreviation_of_it_no_other_word_shares(lang):
    with using(lang):
        whole = full_words()
        short = {kind: short_word(kind) for kind in KINDS}
    assert set(whole) == set(KINDS)
    assert len(set(short.values())) == len(KINDS), short  # each tells its kind
    for kind, word in short.items():
        assert len(word) <= 5, (kind, word)  # 29 units: 12 px on a phone, a tile's width
        if word == whole[kind]:
            continue
        stem = word.removesuffix(".")
        assert word.endswith(".") and whole[kind].startswith(stem), (kind, word, whole[kind])
        others = [w for k, w in whole.items() if k != kind and w.startswith(stem)]
        assert not others, (kind, word, others)
        assert stem not in MISREAD.get(lang, set()), (kind, word)


def test_the_italian_mink_and_the_translated_tile_words_on_the_board():
    with using("it"):
        assert short_word("mink") != "viso." and short_word("mink") == T.p_("tile on a phone", "mink")
        mink = next(t for t, info in enumerate(TILES) if info.species == "mink" and info.kind != "canoe")
        assert tile_words(mink)[2] == short_word("mink")
    with using("nl"):
        assert short_word("mushroom") == "padd." and short_word("salmon") == "zalm"


def _messages(lang: str, path: str, where: set[str] | None = None):
    with open(ROOT / path.format(lang=lang), "rb") as file:
        catalog = read_po(file)
    for message in catalog:
        places = {p for p, _ in message.locations}
        if not message.id or (where is not None and not places & where):
            continue
        if message.context == "tile on a phone":
            continue  # a word shortened to 5 letters (checked above), not the term in full
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        yield from zip(ids, strings)


def test_the_italian_pages_name_the_piece_il_trapper_with_the_glossary_s_capital():
    glossary = Glossary.from_file(ROOT / "tutor/trapper/glossary.toml")
    trapper = next(t for t in glossary.terms if t.key == "trapper")
    assert trapper.forms["it"][0] == "Trapper"
    piece = re.compile(r"\btrappers?\b(?! cards?)", re.IGNORECASE)
    checked, wrong = 0, []
    texts = [*_messages("it", "widgets/locale/{lang}/LC_MESSAGES/widgets.po",
                        {"widgets/games/trapper.py", "widgets/pages/course.py"}),
             *_messages("it", "tutor/trapper/locale/{lang}/LC_MESSAGES/trapper.po")]
    for english, italian in texts:
        if not italian or not piece.search(english):
            continue
        checked += 1
        # the Dutch rulebook quoted ("Een trapper is geïsoleerd") keeps its own spelling
        said = re.sub(r"\b(?:[Ee]en|[Dd]e) trapper\b", "", italian)
        if re.search(r"\btrapper\b", said):
            wrong.append(italian)
    assert checked > 20 and not wrong, wrong


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_trapper_s_page_words_use_the_game_s_glossary(lang):
    # as the lessons do: the board said "munten" where the rulebook says "goudmunten", "ligt
    # open" for "blootgelegd", "regola del blocco" for the water rule ("regola dell'acqua")
    glossary = Glossary.from_file(ROOT / "tutor/trapper/glossary.toml")
    problems, checked = [], 0
    for english, translation in _messages(lang, "widgets/locale/{lang}/LC_MESSAGES/widgets.po",
                                          {"widgets/games/trapper.py"}):
        checked += 1
        problems += [(english, translation, p.problem)
                     for p in glossary.check(lang, english, translation)]
    assert checked > 40 and not problems, problems
