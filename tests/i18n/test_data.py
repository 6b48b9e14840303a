"""Data texts (rules, walkthroughs) through the catalogs; extraction matches lookup; stale texts."""
from __future__ import annotations

import io
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from i18nbuild import catalogs
from i18nbuild import check as catalog_check
from tutor.core import i18n, walkthrough
from tutor.core.i18n import localize, rule_texts, using, walkthrough_texts
from i18nbuild.compile import compile_catalog
from tutor.core.rules import RuleCatalogue

TRAPPER = Path(i18n.__file__).resolve().parents[1] / "trapper"

RULES = '''
["demo.take"]
title = "Taking"
text = "Take one tile."
refusal = "{tile} cannot be taken"

["demo.move"]
title = "Moving"
text = "Move the trapper."

["demo.jump"]
title = "Jumping"
text = "Move the trapper one square."
'''

DUTCH = {"Taking": "Nemen", "Take one tile.": "Neem één kaartje.",
         "{tile} cannot be taken": "{tile} kan niet genomen worden", "Moving": "Bewegen",
         "Move the trapper.": "Beweeg de trapper.", "Jumping": "Springen",
         "Move the trapper one square.": "Beweeg de trapper één vakje."}


def _translate_all(po: Path, how) -> None:
    catalog = catalogs._read_po(po)
    for message in catalog:
        if message.id:
            message.string = how(message.id)
    catalogs._write_po(catalog, po)
    compile_catalog(po)


@pytest.fixture
def demo(tmp_path, monkeypatch):
    """A game domain 'demo' in tmp: rules.toml, its Dutch catalog fully translated."""
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "rules.toml").write_text(RULES, encoding="utf-8")
    domain = catalogs.Domain("demo", folder / "locale", [folder / "rules.toml"])
    monkeypatch.setattr(catalogs, "domains", lambda: {"demo": domain})
    assert catalogs.init("nl", out=io.StringIO()) == 0
    _translate_all(domain.po("nl"), DUTCH.__getitem__)
    return domain


def test_a_rule_catalogue_gives_its_rules_in_the_current_language(demo):
    rules = RuleCatalogue.from_file(demo.localedir.parent / "rules.toml")
    with using("nl"):
        rule = rules["demo.take"]
        assert (rule.id, rule.title, rule.text) == ("demo.take", "Nemen", "Neem één kaartje.")
        assert rules.reason("demo.take", tile="beer 4") == "beer 4 kan niet genomen worden"
        assert [r.title for r in rules.values()] == ["Nemen", "Bewegen", "Springen"]
    assert rules["demo.take"].title == "Taking"
    assert rules.reason("demo.take", tile="bear 4") == "bear 4 cannot be taken"


def test_a_refusal_whose_translation_lost_its_placeholder_is_given_in_english(demo):
    po = demo.po("nl")
    po.write_text(po.read_text(encoding="utf-8").replace("{tile} kan", "{tegel} kan"),
                  encoding="utf-8")
    compile_catalog(po)
    rules = RuleCatalogue.from_file(demo.localedir.parent / "rules.toml")
    with using("nl"):
        assert rules.reason("demo.take", tile="bear 4") == "bear 4 cannot be taken"


def test_when_the_english_changes_the_translation_is_stale_not_shown(demo):
    rules_file = demo.localedir.parent / "rules.toml"
    assert catalog_check.analyse(demo, "nl").complete
    rules_file.write_text(RULES.replace("Move the trapper.", "Move the trapper one step."),
                          encoding="utf-8")
    rules = RuleCatalogue.from_file(rules_file)
    with using("nl"):  # the new English text is shown, never the translation of the old one
        assert rules["demo.move"].text == "Move the trapper one step."
        assert rules["demo.move"].title == "Bewegen"
    before_update = catalog_check.analyse(demo, "nl")
    assert before_update.missing == ["“Move the trapper one step.” (demo.move)"]
    assert len(before_update.stale) == 1 and "“Move the trapper.” (demo.move)" in \
        before_update.stale[0] and "no longer in the sources" in before_update.stale[0]

    catalogs.update(out=io.StringIO())
    catalog = catalogs._read_po(demo.po("nl"))
    moved = catalog.get("Move the trapper one step.", "demo.move")
    # carried over from the same rule (not from demo.jump's closer text), marked fuzzy
    assert moved.fuzzy and moved.string == "Beweeg de trapper."
    assert moved.previous_id == ["Move the trapper."]
    assert catalog.get("Move the trapper one square.", "demo.jump").string == \
        "Beweeg de trapper één vakje."
    catalogs.update(out=io.StringIO())  # a second update keeps the old English as it was
    text = demo.po("nl").read_text(encoding="utf-8")
    assert text.count("#| msgid \"Move the trapper.\"") == 1 and "# |" not in text
    after_update = catalog_check.analyse(demo, "nl")
    assert after_update.missing == []
    assert len(after_update.stale) == 1 and "older English text" in after_update.stale[0]
    compile_catalog(demo.po("nl"))
    i18n.reload()
    with using("nl"):  # fuzzy: compiled, but still not shown
        assert RuleCatalogue.from_file(rules_file)["demo.move"].text == \
            "Move the trapper one step."

    moved.flags.discard("fuzzy")  # the translator checks it
    moved.string = "Beweeg de trapper één stap."
    catalogs._write_po(catalog, demo.po("nl"))
    assert catalog_check.analyse(demo, "nl").complete
    compile_catalog(demo.po("nl"))
    i18n.reload()
    with using("nl"):
        assert RuleCatalogue.from_file(rules_file)["demo.move"].text == \
            "Beweeg de trapper één stap."


def test_extracted_rule_texts_are_exactly_what_the_catalogue_looks_up():
    template = catalogs.extract(catalogs.domains()["trapper"])
    extracted = {(m.context, m.id) for m in template if m.context and m.context.startswith(
        "trapper.")}
    rules = RuleCatalogue.from_file(TRAPPER / "rules.toml")
    looked_up = {(rule_id, text) for rule_id in rules for _, text in rule_texts(rules[rule_id])}
    assert looked_up and looked_up <= extracted


def test_every_walkthrough_text_is_extracted_and_localized(tmp_path):
    """A catalog translating every extracted text turns every text of every Trapper
    walkthrough, and nothing else (moves, rules, facts stay)."""
    domain = catalogs.domains()["trapper"]
    catalog = catalogs.extract(domain)
    catalog.locale = "nl"
    for message in catalog:
        if message.id:
            message.string = f"«{message.id}»"
    po = tmp_path / "nl" / "LC_MESSAGES" / "trapper.po"
    catalogs._write_po(catalog, po)
    compile_catalog(po)
    paths = sorted((TRAPPER / "walkthroughs").glob("*.toml"))
    assert paths
    for path in paths:
        walk = walkthrough.load(path)
        with using("nl"):
            local = localize(walk, tmp_path)
        english = walkthrough_texts(walk)
        assert walkthrough_texts(local) == [f"«{t}»" for t in english]
        assert [s.move for s in local.steps] == [s.move for s in walk.steps]
        assert [s.rules for s in local.steps] == [s.rules for s in walk.steps]
        assert local.id == walk.id and local.position == walk.position
    assert i18n.fallbacks() == []


def test_localize_reaches_the_parts_of_a_step(tmp_path):
    """A question of a try-it step (a dataclass inside a step) is translated too."""
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Ask:
        fact: str
        prompt: str
        choices: tuple[str, ...] = ()

    @dataclass(frozen=True)
    class Step:
        narration: str
        move: str | None = None
        ask: Ask | None = None

    @dataclass(frozen=True)
    class Walk:
        id: str
        game: str
        title: str
        steps: tuple[Step, ...]

    walk = Walk("demo/ask", "demo", "Asking", (
        Step("Anna sells.", "green: take d3", Ask("money.Anna", "How much?", ("bear", "wolf"))),))
    from .conftest import write_po
    write_po(tmp_path, "demo", "it", [("demo/ask", t, f"IT {t}") for t in
                                     ("Asking", "Anna sells.", "How much?", "bear", "wolf")])
    with using("it"):
        local = localize(walk, tmp_path)
    assert local == Walk("demo/ask", "demo", "IT Asking", (
        Step("IT Anna sells.", "green: take d3",
             Ask("money.Anna", "IT How much?", ("IT bear", "IT wolf"))),))
    assert localize(walk, tmp_path) is walk  # English: the walkthrough itself


def test_a_walkthrough_text_missing_from_the_catalog_stays_english(tmp_path):
    walk = walkthrough.load(TRAPPER / "walkthroughs" / "green-turn.toml")
    from .conftest import write_po
    write_po(tmp_path, "trapper", "nl", [(walk.id, walk.title, "De groene beurt")])
    with using("nl"):
        local = localize(walk, tmp_path)
    assert local.title == "De groene beurt"
    assert local.steps[0].narration == walk.steps[0].narration
    assert replace(local, title=walk.title) == walk
