"""Completeness (check --lang, i18nbuild status) and the glossary check."""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from i18nbuild import catalogs
from i18nbuild import check as catalog_check
from tutor.core import i18n
from tutor.core.errors import MalformedInput
from tutor.core.i18n_glossary import Glossary

ROOT = Path(i18n.__file__).resolve().parents[2]

SOURCE = '''
from tutor.core.i18n import translator
T = translator("demo")
def say(n, tile):
    return (T._("Take {tile}", tile=tile), T.n_("{n} point", "{n} points", n),
            T.p_("menu", "Open"))
'''


@pytest.fixture
def demo(tmp_path, monkeypatch):
    """A domain 'demo' (Python code) with complete nl and it catalogs."""
    code = tmp_path / "demo" / "texts.py"
    code.parent.mkdir()
    code.write_text(SOURCE, encoding="utf-8")
    domain = catalogs.Domain("demo", tmp_path / "demo" / "locale", [code])
    monkeypatch.setattr(catalogs, "domains", lambda: {"demo": domain})
    catalogs.init("nl", out=io.StringIO())
    catalogs.init("it", out=io.StringIO())
    fill(domain.po("nl"), {"Take {tile}": "Neem {tile}", "{n} point": ("{n} punt", "{n} punten"),
                           "Open": "Openen"})
    fill(domain.po("it"), {"Take {tile}": "Prendi {tile}",
                           "{n} point": ("{n} punto", "{n} punti"), "Open": "Apri"})
    return domain


def fill(po: Path, strings: dict) -> None:
    """Translate ``strings`` in ``po``; a plural's last form stands for the forms a newer Babel
    gives the language (Italian has a third, "many", since Babel 2.19: "un milione di punti")."""
    catalog = catalogs._read_po(po)
    for message in catalog:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if key in strings:
            found = strings[key]
            if isinstance(found, tuple) and all(found):
                found += (found[-1],) * (catalog.num_plurals - len(found))
            message.string = found
    catalogs._write_po(catalog, po)


def run_check(**kwargs) -> tuple[int, str]:
    out = io.StringIO()
    return catalog_check.check(out, **kwargs), out.getvalue()


def test_complete_catalogs_pass_even_when_shipped(demo, monkeypatch):
    monkeypatch.setattr(i18n, "SHIPPED", ("en", "nl", "it"))
    status, text = run_check()
    assert status == 0, text
    assert "ok   nl demo: 3 translated, 0 missing, 0 stale, 0 broken" in text


def test_a_missing_string_fails_only_a_shipped_language(demo, monkeypatch):
    monkeypatch.setattr(i18n, "SHIPPED", ("en",))
    fill(demo.po("it"), {"Open": ""})
    status, text = run_check()
    assert status == 0 and "todo it demo: 2 translated, 1 missing" in text
    monkeypatch.setattr(i18n, "SHIPPED", ("en", "it"))
    status, text = run_check()
    assert status == 1
    assert "FAIL it demo" in text and "missing" in text and "“Open” (menu)" in text


def test_a_broken_placeholder_fails_naming_file_string_and_language(demo):
    fill(demo.po("nl"), {"Take {tile}": "Neem {tegel}"})
    status, text = run_check()  # nl is not shipped: a broken catalog fails all the same
    assert status == 1
    line = next(l for l in text.splitlines() if "broken" in l and "{tegel}" in l)
    assert str(demo.po("nl")) in line or "demo/locale/nl/LC_MESSAGES/demo.po" in line
    assert "[nl]" in line and "“Take {tile}”" in line and "{tegel} is not in the English" in line
    fill(demo.po("nl"), {"Take {tile}": "Neem het kaartje"})
    status, text = run_check()
    assert status == 1 and "“Take {tile}”: {tile} is missing" in text


def test_a_plural_form_with_a_renamed_placeholder_is_broken(demo):
    fill(demo.po("it"), {"{n} point": ("{n} punto", "{num} punti")})
    status, text = run_check()
    assert status == 1 and "(plural form 1): {num} is not in the English" in text


def test_an_incomplete_plural_entry_is_reported(demo, monkeypatch):
    fill(demo.po("nl"), {"{n} point": ("{n} punt", "")})
    monkeypatch.setattr(i18n, "SHIPPED", ("en", "nl"))
    status, text = run_check(languages=["nl"])
    assert status == 1 and "“{n} point”: 1 of 2 plural forms" in text


def test_a_changed_english_text_is_reported_stale(demo, monkeypatch):
    code = demo.sources[0]
    code.write_text(SOURCE.replace('"Open"', '"Open it"'), encoding="utf-8")
    monkeypatch.setattr(i18n, "SHIPPED", ("en", "nl"))
    status, text = run_check(languages=["nl"])
    assert status == 1
    assert "missing" in text and "“Open it” (menu)" in text
    assert "stale" in text and "“Open” (menu): its English is no longer in the sources" in text
    catalogs.update(out=io.StringIO())
    status, text = run_check(languages=["nl"])
    assert status == 1 and "“Open it” (menu): translated from an older English text; was “Open”" \
        in text


def test_an_obsolete_entry_fails_the_check_and_update_drops_it(demo):
    """A `#~` entry is translation memory the tutor never shows: it must not come back."""
    po = demo.po("it")
    po.write_text(po.read_text(encoding="utf-8")
                  + '\n#~ msgid "Close"\n#~ msgstr "Chiudi"\n', encoding="utf-8")
    status, text = run_check()
    assert status == 1, text  # it is not shipped here: an obsolete entry fails all the same
    line = next(l for l in text.splitlines() if l.startswith("FAIL it demo"))
    assert "1 obsolete" in line
    assert "[it] “Close”: an obsolete `#~` entry" in text
    catalogs.update(out=io.StringIO())
    assert "#~" not in po.read_text(encoding="utf-8")
    assert run_check()[0] == 0


def test_the_project_catalogs_hold_no_obsolete_entry():
    for domain in catalogs.domains().values():
        for lang in domain.languages():
            text = domain.po(lang).read_text(encoding="utf-8")
            assert not any(line.startswith("#~") for line in text.splitlines()), domain.po(lang)


def test_status_prints_a_table_per_domain_and_language(demo):
    fill(demo.po("it"), {"Open": ""})
    out = io.StringIO()
    catalog_check.status(out)
    rows = [line.split() for line in out.getvalue().splitlines()]
    assert rows[0] == ["domain", "lang", "translated", "missing", "stale", "broken", "glossary"]
    assert ["demo", "nl", "3", "0", "0", "0", "0"] in rows
    assert ["demo", "it", "2", "1", "0", "0", "0"] in rows


def test_the_project_catalogs_pass_and_core_is_complete_in_dutch_and_italian():
    status, text = run_check()
    assert status == 0, text
    for lang in ("nl", "it"):
        report = catalog_check.analyse(catalogs.domains()["core"], lang)
        assert report.complete and report.translated >= 15, report


def test_the_command_line(tmp_path):
    run = subprocess.run([sys.executable, "-m", "i18nbuild", "status", "--domain", "core"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    row = run.stdout.split("\n")[1].split()
    assert row[:2] == ["core", "nl"] and int(row[2]) >= 15 and row[3] == "0"
    bad = subprocess.run([sys.executable, "-m", "i18nbuild", "status", "--domain", "nope"],
                         cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode != 0 and "unknown domain(s) nope" in bad.stderr


# ---- glossary ------------------------------------------------------------------------------
TRAPPER_GLOSSARY = ROOT / "tutor" / "trapper" / "glossary.toml"


def test_the_trapper_translations_use_the_rulebooks_words():
    domain = catalogs.domains()["trapper"]
    for lang in ("nl", "it"):
        report = catalog_check.analyse(domain, lang, glossary=Glossary.from_file(TRAPPER_GLOSSARY))
        assert report.translated >= 8 and report.words == [], report.words


def test_an_ad_hoc_word_fails_the_check_naming_the_rulebook_word(tmp_path, monkeypatch):
    glossary = Glossary.from_file(TRAPPER_GLOSSARY)
    assert [p.problem for p in glossary.check("nl", "A full canoe is sold at once",
                                              "Een volle boot wordt meteen verkocht")] == \
        ["'canoe' is 'kano' here, not 'boot'"]
    assert [p.problem for p in glossary.check("it", "Taking a loot tile",
                                              "Prendere una piastrella")] == \
        ["'loot tile' is 'tessera Bottino' here, not 'piastrella'"]
    problems = glossary.check("nl", "Play trapper cards", "Speel kaarten")
    assert [p.term for p in problems] == ["trapper-card"]  # not also "trapper"
    assert "'trapperkaart' / 'trapperkaarten'" in problems[0].problem
    assert glossary.check("nl", "Play trapper cards", "Speel trapperkaarten") == []
    assert glossary.check("nl", "The canoes are full", "De kano's zijn vol") == []

    # through the check: a Trapper catalog with an ad-hoc word fails, naming it
    locale = tmp_path / "trapper" / "locale"
    locale.parent.mkdir()
    (tmp_path / "trapper" / "glossary.toml").write_text(TRAPPER_GLOSSARY.read_text("utf-8"),
                                                         encoding="utf-8")
    real = catalogs.domains()["trapper"]
    domain = catalogs.Domain("trapper", locale, real.sources)
    monkeypatch.setattr(catalogs, "domains", lambda: {"trapper": domain})
    catalogs.init("nl", out=io.StringIO())
    catalog = catalogs._read_po(domain.po("nl"))
    catalog.get("A full canoe is sold at once", "trapper.canoe.full").string = \
        "Een volle boot wordt meteen verkocht"
    catalogs._write_po(catalog, domain.po("nl"))
    monkeypatch.setattr(i18n, "SHIPPED", ("en", "nl"))
    status, text = run_check(languages=["nl"])
    assert status == 1
    assert "words   " in text and "[nl] “A full canoe is sold at once” (trapper.canoe.full): " \
        "'canoe' is 'kano' here, not 'boot'" in text


def test_a_malformed_glossary_names_the_file_and_term():
    with pytest.raises(MalformedInput, match=r"g.toml, term 'canoe', field 'nl'"):
        Glossary.from_toml_text('[terms.canoe]\nen = ["canoe"]\nnl = []\n', "g.toml")
    with pytest.raises(MalformedInput, match=r"g.toml, term 'canoe'"):
        Glossary.from_toml_text('[terms.canoe]\nnl = "kano"\n', "g.toml")


def test_placeholders_code_and_quoted_moves_are_not_words_of_the_glossary():
    """Found translating Trigger: "{player} rolled..." asked for the Dutch 'speler' (the
    placeholder's name is not a word of the text), and the move text 'return round', which
    stays as it is in every language, asked for 'revanche'."""
    glossary = Glossary.from_toml_text(
        '[terms.player]\nen = ["player", "players"]\nnl = ["speler", "spelers"]\n'
        '[terms.return-round]\nen = ["return round"]\nnl = ["revanche"]\n'
        '[terms.canoe]\nen = ["canoe"]\nnl = ["kano"]\navoid = { nl = ["boot"] }\n', "g.toml")
    assert glossary.check("nl", "{player} rolled 5", "voor {player} is 5 gegooid") == []
    assert glossary.check("nl", "moves: 'end', 'return round'", "zetten: 'end', 'return round'") \
        == []
    assert glossary.check("nl", "type `return round`", "typ `return round`") == []
    # a numbered line is a line of writing (a rulebook's, a score sheet's), not the term
    glossary = Glossary.from_toml_text(
        '[terms.line]\nen = ["line", "lines"]\nnl = ["lijn", "lijnen"]\n'
        '[terms.player]\nen = ["player", "players"]\nnl = ["speler", "spelers"]\n'
        '[terms.canoe]\nen = ["canoe"]\nnl = ["kano"]\navoid = { nl = ["boot"] }\n', "g.toml")
    assert glossary.check("nl", "Dutch rulebook, 7. MALUS, line 57", "Nederlandse regels, 7. MALUS, "
                          "regel 57") == []
    assert glossary.check("nl", "on lines 1 to 20 of the sheet", "op regels 1 tot 20") == []
    assert [p.term for p in glossary.check("nl", "the last tile of a line", "de laatste van een rij")] \
        == ["line"]
    # the words themselves still count, and an apostrophe inside a word opens no quote
    assert [p.term for p in glossary.check("nl", "the player's turn", "de beurt van Anna")] \
        == ["player"]
    assert [p.term for p in glossary.check("nl", "Anna's canoe", "Anna's boot")] == ["canoe"]
    # a placeholder in the translation does not stand in for the word
    assert [p.term for p in glossary.check("nl", "the other player", "de andere {speler}")] \
        == ["player"]


def test_the_book_s_words_are_not_translated(tmp_path):
    """A rule's ``words`` (quoted from the rulebook) and ``book`` (their language) are shown as
    the book has them in every language: they are not extracted for translation, and a lesson
    in another language shows them unchanged (a Dutch quote was checked as if it were English:
    its "die" asked for 'dobbelsteen')."""
    from tutor.core.rules import RuleCatalogue

    template = catalogs.extract(catalogs.domains()["trigger"])
    rules = RuleCatalogue.from_file(ROOT / "tutor" / "trigger" / "rules.toml")
    quoted = [rules[r] for r in rules if rules[r].words]
    assert quoted
    ids = {(m.context, m.id) for m in template}
    for rule in quoted:
        assert (rule.id, rule.words) not in ids and (rule.id, rule.book) not in ids
        for lang in ("nl", "it"):
            with i18n.using(lang):
                local = i18n.localize_rule(rule, "trigger")
            assert (local.words, local.book) == (rule.words, rule.book)


def test_a_plural_form_may_use_the_placeholders_of_its_own_english_form():
    """Found translating Trapper: "canoe of {n} {animal}" / "canoe of {n} {animals}" - each
    English form has its own placeholder, and a correct translation ("kano met {n} {animal}" /
    "kano met {n} {animals}") was reported broken ({animals} 'missing' in form 0). A form must
    keep what every English form has; a placeholder of no English form is still refused."""
    from babel.messages.catalog import Message

    def problems(ids, strings):
        return catalog_check._placeholders(Message(ids, strings), "nl")

    canoe = ("canoe of {n} {animal}", "canoe of {n} {animals}")
    assert problems(canoe, ("kano met {n} {animal}", "kano met {n} {animals}")) == []
    assert problems(canoe, ("canoa {animal} da {n}", "canoa {animal} da {n}")) == []
    assert "{beast} is not in the English" in problems(canoe, ("kano {beast}", "kano"))[0]
    cards = ("{who} has {n} card", "{who} has {n} cards")
    assert problems(cards, ("{n} kaart", "{who} heeft {n} kaarten")) == [
        "[nl] “{who} has {n} card” (plural form 0): {who} is missing"]


def test_every_text_with_a_context_is_written_in_the_call():
    """``T.p_(context, text)`` is extracted only when the text is a literal: a variable there
    (Trapper's colours and species once were) keeps the words out of the catalogs, and the
    page shows them in English whatever the catalogs say. (tutor/core/i18n.py translates the
    data files' texts, which their own extractors read from rules.toml and the walkthroughs.)"""
    import ast

    hidden = []
    for folder in ("tutor", "widgets"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == ROOT / "tutor" / "core" / "i18n.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "p_" and len(node.args) >= 2
                        and not all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                    for a in node.args[:2])):
                    hidden.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not hidden, f"p_ calls whose words the catalogs never see: {hidden}"


def test_a_rule_s_section_is_the_printed_book_s_heading_not_asked_for_the_glossary_s_words():
    """The Italian book heads the passage "Esempio di un turno" (no 'Trapper' in it): a
    section keeps the book's heading; a title in the same words would miss the glossary's."""
    domain = catalogs.domains()["trapper"]
    template = catalogs.extract(domain)
    section = template.get("Een trapper is geïsoleerd", "trapper.take.face-down")
    assert section is not None and catalog_check._book_heading(section)
    title = template.get("Only face-up tiles", "trapper.take.face-down")
    assert title is not None and not catalog_check._book_heading(title)
    report = catalog_check.analyse(domain, "it", template,
                                   glossary=Glossary.from_file(TRAPPER_GLOSSARY))
    assert report.words == [] and report.translated > 500
    assert Glossary.from_file(TRAPPER_GLOSSARY).check("it", "Een trapper is geïsoleerd",
                                                      "Esempio di un turno")  # a text would fail


def test_a_game_s_board_words_in_the_widgets_catalog_follow_that_game_s_glossary(tmp_path):
    """Canyon's panel said "Rondeteller" (the book: "rondenteller") and Italian's "Contatore dei
    round" (ours: "segnamanche"): the widgets catalog was checked against no glossary, though a
    game's views say that game's words. Now a text only ``widgets/games/<game>.py`` says is
    checked against that game's glossary."""
    real = catalogs.domains()["widgets"]
    template = catalogs.extract(real)
    copy = catalogs.Domain("widgets", tmp_path / "locale", real.sources)
    po = copy.po("nl")
    po.parent.mkdir(parents=True)
    po.write_text(real.po("nl").read_text(encoding="utf-8").replace(
        'msgstr "Rondenteller"', 'msgstr "Rondeteller"'), encoding="utf-8")
    views = catalog_check.view_glossaries()
    assert "widgets/games/canyon.py" in views and "widgets/games/trigger.py" in views
    found = catalog_check.analyse(copy, "nl", template, views=views).words
    assert len(found) == 1 and "Round counter" in found[0] and "'Rondeteller'" in found[0], found
    assert catalog_check.analyse(copy, "nl", template).words == []  # as it was checked before
    assert catalog_check.analyse(real, "nl", template, views=views).words == []


def test_a_board_s_dotted_abbreviation_stands_for_its_glossary_word():
    glossary = Glossary.from_toml_text('[terms.mink]\nen = ["mink"]\nit = ["visone", "visoni"]\n',
                                       "g.toml")
    assert glossary.check("it", "mink", "vis.") == []
    assert [p.term for p in glossary.check("it", "mink", "vol.")] == ["mink"]
    assert [p.term for p in glossary.check("it", "a mink", "un vis. sul tavolo")] == ["mink"]


def test_dutch_and_italian_write_a_decimal_with_a_comma():
    """InTrappola's end lesson said "gemiddeld 1.5" and "1.5 in media": both languages write
    1,5. Every decimal of an English text is written with a comma in its translations."""
    import re

    from babel.messages import pofile

    decimal = re.compile(r"(?<![\w.])(\d+)\.(\d+)(?![\w.])")
    wrong = []
    for domain in catalogs.domains().values():
        for lang in ("nl", "it"):
            with open(domain.po(lang), "rb") as handle:
                catalog = pofile.read_po(handle)
            for message in catalog:
                english = " ".join(message.id) if isinstance(message.id, (list, tuple)) else message.id
                local = (" ".join(message.string) if isinstance(message.string, (list, tuple))
                         else message.string)
                for whole, part in decimal.findall(english or ""):
                    if f"{whole}.{part}" in (local or "") or f"{whole},{part}" not in (local or ""):
                        wrong.append((domain.name, lang, f"{whole}.{part}", (local or "")[:80]))
    assert not wrong, wrong
