"""The translation runtime: real catalogs, plurals, contexts, placeholders, fallback, languages."""
from __future__ import annotations

import asyncio
import threading

import pytest

from tutor.core import i18n
from tutor.core.errors import BadState
from tutor.core.i18n import current, points, set_language, translator, using
from tutor.core.match import Match

from i18nbuild.compile import compile_catalog

from .conftest import write_po


def test_plurals_come_from_the_dutch_and_italian_catalogs():
    with using("nl"):
        assert [points(n) for n in (0, 1, 2, 7)] == ["0 punten", "1 punt", "2 punten", "7 punten"]
    with using("it"):
        assert [points(n) for n in (0, 1, 2)] == ["0 punti", "1 punto", "2 punti"]
    assert [points(n) for n in (1, 2)] == ["1 point", "2 points"]


def test_plural_rule_is_the_catalogs_not_english(tmp_path):
    # a catalog with three forms (as Polish has) must pick its form by its own header
    write_po(tmp_path, "demo", "nl", [(None, ("{n} apple", "{n} apples"), ("A{n}", "B{n}"))])
    po = tmp_path / "nl" / "LC_MESSAGES" / "demo.po"
    po.write_text(po.read_text(encoding="utf-8").replace(
        "nplurals=2; plural=(n != 1);",
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);").replace(
        'msgstr[1] "B{n}"', 'msgstr[1] "B{n}"\nmsgstr[2] "C{n}"'), encoding="utf-8")
    compile_catalog(po)
    T = translator("demo", tmp_path)
    with using("nl"):
        assert [T.n_("{n} apple", "{n} apples", n) for n in (1, 3, 5, 22)] == \
            ["A1", "B3", "C5", "B22"]


def test_placeholders_are_filled_after_translation():
    with using("nl"):
        assert translator("core")._("saved game, move {number}", number=3) == \
            "opgeslagen spel, zet 3"
    with using("it"):
        assert translator("core")._("saved game, move {number}", number=3) == \
            "partita salvata, mossa 3"


def test_a_learner_loading_a_bad_saved_game_reads_the_error_in_their_language():
    from examples.nim import NimGame as Nim

    games = {"nim": Nim()}
    bad = '{"game": "nim", "options": {}, "seed": 0, "moves": [5]}'
    with using("nl"), pytest.raises(BadState) as dutch:
        Match.load(bad, games)
    assert str(dutch.value) == "opgeslagen spel, zet 1: een zet moet een tekst zijn"
    with using("it"), pytest.raises(BadState) as italian:
        Match.load(bad, games)
    assert str(italian.value) == "partita salvata, mossa 1: una mossa deve essere un testo"
    with pytest.raises(BadState) as english:
        Match.load(bad, games)
    assert str(english.value) == "saved game, move 1: a move must be a text"


def test_rule_titles_with_a_context_come_from_the_game_catalog():
    from tutor.trapper import GAME

    with using("nl"):
        assert GAME.rules["trapper.canoe.full"].title == "Een volle kano wordt meteen verkocht"
        assert GAME.rules["trapper.take"].title == "Een buitkaartje nemen"
    with using("it"):
        assert GAME.rules["trapper.canoe.full"].title == "Una canoa completa viene venduta subito"
    assert GAME.rules["trapper.canoe.full"].title == "A full canoe is sold at once"


def test_the_same_msgid_in_another_context_is_not_translated(tmp_path):
    write_po(tmp_path, "demo", "nl", [("a.rule", "Passing", "Passen")])
    T = translator("demo", tmp_path)
    with using("nl"):
        assert T.p_("a.rule", "Passing") == "Passen"
        assert T.p_("another.rule", "Passing") == "Passing"
        assert T._("Passing") == "Passing"


def test_a_missing_string_is_english_and_logged_once(warnings):
    T = translator("core")
    with using("nl"):
        assert T._("A text nobody translated {x}", x=1) == "A text nobody translated 1"
        assert T._("A text nobody translated {x}", x=2) == "A text nobody translated 2"
        assert T._("saved game") == "opgeslagen spel"
    with using("it"):
        assert T._("A text nobody translated {x}", x=3) == "A text nobody translated 3"
    logged = [r.getMessage() for r in warnings.records]
    assert len([m for m in logged if "A text nobody translated" in m]) == 2  # nl once, it once
    assert i18n.fallbacks() == [("core", "nl", None, "A text nobody translated {x}"),
                                ("core", "it", None, "A text nobody translated {x}")]


def test_a_missing_catalog_is_english_and_logged_once(warnings):
    T = translator("nosuchdomain")
    with using("nl"):
        assert T._("Hello") == "Hello"
        assert T.n_("{n} point", "{n} points", 2) == "2 points"
        assert T.p_("ctx", "Bye") == "Bye"
    logged = [r.getMessage() for r in warnings.records]
    assert len(logged) == 1 and "no nl catalog for nosuchdomain" in logged[0]


def test_a_translation_with_a_broken_placeholder_shows_english(tmp_path, warnings):
    write_po(tmp_path, "demo", "nl", [(None, "Take {tile}", "Neem {tegel}")])
    T = translator("demo", tmp_path)
    with using("nl"):
        assert T._("Take {tile}", tile="bear 4") == "Take bear 4"
        assert T._("Take {tile}", tile="bear 2") == "Take bear 2"
    assert len([r for r in warnings.records if "does not fit" in r.getMessage()]) == 1


def test_an_english_text_that_does_not_fit_its_params_is_a_bug_that_raises():
    with pytest.raises(KeyError):
        translator("core")._("Take {tile}", title="x")


def test_empty_and_fuzzy_translations_are_never_shown(tmp_path):
    write_po(tmp_path, "demo", "nl", [(None, "Empty", ""), (None, "Old", "Oud", ["fuzzy"]),
                                      (None, ("{n} day", "{n} days"), ("{n} dag", ""))])
    T = translator("demo", tmp_path)
    with using("nl"):
        assert T._("Empty") == "Empty"
        assert T._("Old") == "Old"
        assert T.n_("{n} day", "{n} days", 1) == "1 dag"
        assert T.n_("{n} day", "{n} days", 4) == "4 days"  # the empty form: English, never ""


def test_using_rejects_a_language_the_tutor_does_not_offer():
    with pytest.raises(ValueError, match="unknown language 'de'"):
        with using("de"):
            pass
    with pytest.raises(ValueError):
        set_language("xx")


def test_using_is_safe_across_threads_and_tasks():
    T = translator("core")
    barrier = threading.Barrier(3)
    seen: dict[str, list[str]] = {}

    def work(lang):
        with using(lang):
            barrier.wait()  # all three inside their block at once
            seen[lang] = [current(), T._("saved game"), points(2)]
            barrier.wait()

    threads = [threading.Thread(target=work, args=(lang,)) for lang in ("en", "nl", "it")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"en": ["en", "saved game", "2 points"],
                    "nl": ["nl", "opgeslagen spel", "2 punten"],
                    "it": ["it", "partita salvata", "2 punti"]}

    async def task(lang, gate):
        with using(lang):
            await gate.wait()
            return current(), points(1)

    async def main():
        gate = asyncio.Event()
        tasks = [asyncio.create_task(task(lang, gate)) for lang in ("it", "nl")]
        await asyncio.sleep(0)
        gate.set()
        return await asyncio.gather(*tasks)

    # a thread of its own: other tests (browser, notebooks) may leave a loop running here
    results = []
    runner = threading.Thread(target=lambda: results.append(asyncio.run(main())))
    runner.start()
    runner.join()
    assert results == [[("it", "1 punto"), ("nl", "1 punt")]]
    assert current() == "en"


def test_set_language_is_the_whole_process_and_using_still_wins():
    set_language("it")
    result = []
    worker = threading.Thread(target=lambda: result.append((current(), points(2))))
    worker.start()
    worker.join()
    assert result == [("it", "2 punti")]  # another thread (a widget callback) sees it
    with using("nl"):
        assert points(2) == "2 punten"
    assert current() == "it"


def test_language_names_are_each_in_itself():
    assert [i18n.language_name(lang) for lang in i18n.LANGUAGES] == \
        ["English", "Nederlands", "Italiano"]
