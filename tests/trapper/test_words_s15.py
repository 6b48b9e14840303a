"""Trapper's word for the pawn in the catalogs agrees with the glossary: Italian "Trapper"
(capital, as the Italian rulebook writes it: "il Trapper blu", never "trapper blu"), Dutch
"trapper" with its colour as an adjective before it ("de blauwe trapper", never "trapper
blauw") - every text of the game's catalog, the refusals naming the player included."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import tutor.trapper

HERE = Path(tutor.trapper.__file__).parent
GLOSSARY = tomllib.loads((HERE / "glossary.toml").read_text(encoding="utf-8"))
#: the colours as each catalog says them (the engine's: green, blue, beige, purple)
COLOURS = {"nl": r"(?:groen|groene|blauw|blauwe|beige|paars|paarse|\{colour[^}]*\}"
                 r"|\{moved[^}]*\}|\{other[^}]*\})",
           "it": r"(?:verde|blu|beige|viola)"}


def texts(lang: str) -> list[tuple[str, str]]:
    with open(HERE / "locale" / lang / "LC_MESSAGES" / "trapper.po", "rb") as f:
        catalog = read_po(f)
    found = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        found += [(" / ".join(ids), s) for s in strings if s]
    return found


def test_the_glossary_writes_trapper_as_the_books_do():
    assert GLOSSARY["terms"]["trapper"]["it"] == ["Trapper"]
    assert GLOSSARY["terms"]["trapper"]["nl"][0] == "trapper"


def test_italian_writes_trapper_with_a_capital():
    said = [(en, it) for en, it in texts("it") if re.search(r"\btrappers?\b", en, re.I)]
    assert len(said) > 50
    # "trapper" lower-case is the English word in a spelling the learner types ("a trapper
    # colour" of the position syntax is translated as "il colore di un Trapper")
    assert [(en, it) for en, it in said if re.search(r"\btrapper\b", it)] == []
    assert [(en, it) for en, it in texts("it")
            if re.search(r"\btrapper " + COLOURS["it"] + r"\b", it)] == []


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_no_colour_follows_a_lowercase_trapper(lang):
    """"trapper blu" / "trapper blauw": the engine's fact word ("trapper blue") with only its
    colour translated; the catalogs say "il Trapper blu" and "de blauwe trapper"."""
    assert [(en, s) for en, s in texts(lang)
            if re.search(r"\btrapper " + COLOURS[lang], s)] == []


@pytest.mark.parametrize("paying, words", [(0, "due carte verdi"), (3, "due carte viola")])
def test_italian_colours_agree_with_the_plural_cards_they_follow(paying, words):
    """The colour-swap refusal said "richiede due carte verde" (a singular colour after
    "carte"): a colour after a plural noun is its plural form, ``{colour:pl}`` (verdi; blu,
    beige and viola do not change)."""
    from tutor.core import registry
    from tutor.core.i18n import using
    from tutor.trapper.notation import said_colour

    game = registry.get("trapper")
    with using("it"):
        said = game.rules.reason("trapper.cards.swap", colour=said_colour(1),
                                 paying=said_colour(paying), count=1, player="Anna")
    assert words in said, said


def test_no_italian_text_puts_a_colour_unchanged_after_plural_cards():
    for _, string in texts("it"):
        assert not re.search(r"\bcarte \{(?:colour|paying)\}", string), string
