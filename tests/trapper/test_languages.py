"""Trapper's texts in the learner's language (issue 13): a small Dutch catalog made here stands
in for the translations to come; move texts in files stay English whatever the page shows."""
from __future__ import annotations

import io

import pytest

from tutor.core import BadMoveText, BadOption, i18n
from tutor.core.i18n import using
from i18nbuild.compile import compile_catalog
from tutor.trapper import GAME, game, notation, options

from .helpers import position

# (context, English, Dutch); a plural entry has tuples. Dutch words from the rulebook (seed 000).
DUTCH = [
    ("colour", "green", "groen"), ("colour", "blue", "blauw"),
    ("species", "bear", "beer"), ("species, plural", "bears", "beren"),
    (None, "{colour}: take {square}", "{colour}: neem {square}"),
    (None, ("canoe of {n} {animal}", "canoe of {n} {animals}"),
     ("kano met {n} {animal}", "kano met {n} {animals}")),
    (None, "Trapper is for 2 to 4 players, not {n}", "Trapper is voor 2 tot 4 spelers, niet {n}"),
    (None, "'{word}' is not a trapper colour ({colours})",
     "'{word}' is geen trapperkleur ({colours})"),
    (None, "a move is a text, not {kind}", "een zet is een tekst, geen {kind}"),
]


@pytest.fixture
def dutch(tmp_path, monkeypatch):
    """The Trapper translators read a Dutch catalog holding only DUTCH."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(locale="nl", domain="trapper", charset="utf-8")
    for context, english, dutch_text in DUTCH:
        catalog.add(english, dutch_text, context=context)
    po = tmp_path / "nl" / "LC_MESSAGES" / "trapper.po"
    po.parent.mkdir(parents=True)
    out = io.BytesIO()
    write_po(out, catalog)
    po.write_bytes(out.getvalue())
    compile_catalog(po)
    for module in (notation, options, game):
        monkeypatch.setattr(module.T, "localedir", tmp_path)
    i18n.reload()
    yield
    i18n.reload()


def test_a_move_is_shown_in_the_page_language_and_written_in_english(dutch):
    state = position()
    with using("nl"):
        move = GAME.parse_move(state, "green: take c5")  # the canonical text reads in Dutch
        assert notation.shown(move) == "groen: neem c5"
        assert GAME.move_text(state, move) == "green: take c5"
    assert notation.shown(move) == "green: take c5"


@pytest.mark.parametrize("lang, tile, name", [
    ("en", "canoe of 1 bear", "canoe of 1 bear"), ("en", "canoe of 3 bears", "canoe of 3 bears"),
    ("nl", "canoe of 1 bear", "kano met 1 beer"), ("nl", "canoe of 3 bears", "kano met 3 beren"),
])
def test_a_canoe_is_named_with_the_plural_of_its_language(dutch, lang, tile, name):
    from tutor.trapper.tiles import ids_by_name

    with using(lang):
        assert notation.tile_name(ids_by_name(tile)[0]) == name


def test_option_errors_are_in_the_page_language(dutch):
    with using("nl"), pytest.raises(BadOption) as caught:
        GAME.initial_state({"players": 5}, 0)
    assert (caught.value.where, caught.value.problem) == (
        "players", "Trapper is voor 2 tot 4 spelers, niet 5")


def test_move_text_errors_are_in_the_page_language(dutch):
    state = position()
    with using("nl"), pytest.raises(BadMoveText) as caught:
        GAME.parse_move(state, "pink: take c5")
    assert str(caught.value) == "'pink' is geen trapperkleur (groen, blauw, beige, purple)"
    with using("nl"), pytest.raises(BadMoveText) as caught:
        GAME.parse_move(state, 5)  # type: ignore[arg-type]
    assert str(caught.value) == "een zet is een tekst, geen int"


def test_the_catalogs_hold_every_english_text_of_the_package():
    """`python -m i18nbuild update --domain trapper` was run after the last text changed."""
    from i18nbuild.catalogs import _read_po, domains, extract

    trapper = domains()["trapper"]
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
              for m in extract(trapper) if m.id}
    for lang in ("nl", "it"):
        held = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
                for m in _read_po(trapper.po(lang)) if m.id}
        assert sorted(wanted - held, key=str) == [], lang


@pytest.mark.parametrize("lang, canoe, colours", [
    ("nl", "kano met 3 elanden", ("groen", "blauw", "beige", "paars")),
    ("it", "canoa alce da 3", ("verde", "blu", "beige", "viola")),
])
def test_the_shipped_catalogs_name_colours_species_and_tiles(lang, canoe, colours):
    """The real catalogs (not the small one above): the words were once looked up with a
    context the catalogs did not have, so every colour and species showed in English."""
    from tutor.trapper.tiles import TILES, ids_by_name

    with using(lang):
        assert tuple(notation.colour_name(c) for c in range(4)) == colours
        assert notation.tile_name(ids_by_name("canoe of 3 elk")[0]) == canoe
        with using("en"):
            english = [notation.species_name(s, plural) for s in range(6) for plural in (0, 1)]
        local = [notation.species_name(s, plural) for s in range(6) for plural in (0, 1)]
        assert sum(a != b for a, b in zip(english, local)) >= 9, local
        assert len({notation.tile_name(t) for t in range(len(TILES))}) == len(
            {TILES[t].name for t in range(len(TILES))})


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("variant", ["standard", "tactical"])
def test_every_move_is_shown_in_the_language_and_read_back(lang, variant):
    """Seeded games: every legal move of every position, as the page shows it in Dutch or
    Italian, parses back to the same move (a learner can type what the page shows); the
    English text still reads; the words shown are the language's, not English."""
    from tutor.trapper import GAME as TRAPPER

    from ..contract import shown_moves_read_back

    checked, changed = shown_moves_read_back(TRAPPER, {"players": 3, "variant": variant}, lang,
                                             plies=80)
    assert checked > 300 and changed > 0.9 * checked, (checked, changed)


def test_dutch_puts_the_colour_before_trapper_as_an_adjective():
    """"de groen trapper" was shown: Dutch inflects the colour before a noun. Refusals, fact
    labels and drills write {colour:adj}; a plain text given for it is shown as it is."""
    from tutor.core.i18n import translator
    from tutor.core.walkthrough import by_id, replay

    with using("nl"):
        refused = replay(i18n.localize(by_id("trapper/green-turn"))).frames[1].refusal
        assert "de groene trapper" in refused.reason
        assert GAME.fact_label("trapper.purple") == "het veld van de paarse trapper"
        assert GAME.rules.reason("trapper.tactical.no-tile", colour=notation.said_colour(3)) \
            == "de paarse trapper kan geen kaartje nemen"
        # a caller that gives the plain word: the word as it is, not the sentence in English
        assert translator("trapper").p_("trapper.tactical.no-tile",
                                        "the {colour} trapper can take no tile",
                                        colour="blauw") == "de blauw trapper kan geen kaartje nemen"
        # the other trapper named by its colour alone: "niet de blauwe", not "niet de blauw"
        assert GAME.rules.reason("trapper.turn.one-trapper", moved=notation.said_colour(0),
                                 colour=notation.said_colour(1), player="Anna"
                                 ).endswith(", niet de blauwe")
    with using("it"):
        assert "il Trapper verde" in replay(i18n.localize(
            by_id("trapper/green-turn"))).frames[1].refusal.reason


@pytest.mark.parametrize("lang, words", [("nl", "de opzet heeft een instelling die Trapper niet kent: “colour”"),
                                         ("it", "la preparazione ha un’impostazione che Trapper non conosce: “colour”")])
def test_an_unknown_option_is_refused_in_the_page_language(lang, words):
    """A saved game's setup is read by the options: an unknown one was refused in English
    whatever the page's language ("unknown option(s) ['colour']; known: ...")."""
    from tutor.core.match import Match

    saved = '{"game": "trapper", "options": {"colour": 1}, "seed": 1, "moves": []}'
    with using(lang), pytest.raises(BadOption) as caught:
        GAME.initial_state({"colour": 1}, 0)
    assert caught.value.where == "options" and caught.value.problem.startswith(words)
    with using(lang), pytest.raises(Exception) as loaded:
        Match.load(saved)
    assert words in str(loaded.value)


@pytest.mark.parametrize("lang, typed, known", [("it", "blu prendi", "blue"), ("nl", "blauw pakt", "blue")])
def test_a_move_that_cannot_be_read_is_quoted_as_typed(lang, typed, known):
    """'blu prendi' was said back as "non riesco a leggere 'blue prendi'": the words the
    reader had translated on its way, which the learner never typed."""
    with using(lang), pytest.raises(BadMoveText) as refused:
        GAME.parse_move(GAME.initial_state({"players": 2}, 3), typed)
    assert f"'{typed}'" in str(refused.value) and known not in str(refused.value)
