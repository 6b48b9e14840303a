"""`python -m i18nbuild update` merges one template into every language's catalog: each catalog
takes, if anything, its OWN old translations, never another language's. It once filled a
changed English text in the Dutch catalog with the Italian translation as fuzzy (Babel's
``Catalog.update`` put the template's own message into the Italian catalog, the fuzzy match
wrote the Italian text into it, and the Dutch catalog got that same message). Run here on a
domain in tmp with a template made in the test, never on the checkout's catalogs."""
from __future__ import annotations

import io

import pytest

from i18nbuild import catalogs as build

from .conftest import write_po

# (context, msgid, msgstr) of the old catalogs: the same texts, translated in each language
OLD = {
    "it": [("rule:move", "Move a piece one step forward.", "Muovi un pezzo di un passo avanti."),
           ("rule:take", "Take a piece by jumping over it.", "Cattura un pezzo saltandolo."),
           ("rule:gone", "This rule was removed from the book.", "Questa regola è stata tolta."),
           (None, "Press the board to start.", "Premi la tavola per iniziare."),
           ("rule:count", ("{n} piece left", "{n} pieces left"),
            ("{n} pezzo rimasto", "{n} pezzi rimasti"))],
    "nl": [("rule:move", "Move a piece one step forward.", "Zet een stuk een stap vooruit."),
           ("rule:take", "Take a piece by jumping over it.", "Sla een stuk door erover te springen."),
           ("rule:gone", "This rule was removed from the book.", "Deze regel is geschrapt."),
           (None, "Press the board to start.", "Druk op het bord om te beginnen."),
           ("rule:count", ("{n} piece left", "{n} pieces left"),
            ("{n} stuk over", "{n} stukken over"))],
}
# The sources now: three texts changed (one in a context, one without, one plural), one kept,
# one removed, one new.
NOW = [("rule:move", "Move a piece one step forward or sideways."),
       ("rule:take", "Take a piece by jumping over it."),
       (None, "Press the board once to start."),
       ("rule:count", ("{n} piece is left", "{n} pieces are left")),
       ("rule:new", "A brand new rule.")]


def template():
    from babel.messages.catalog import Catalog

    made = Catalog(domain="demo", charset="utf-8", fuzzy=False)
    for line, (context, msgid) in enumerate(NOW, 1):
        made.add(msgid, None, [("tutor/demo/rules.toml", line)], context=context)
    return made


@pytest.fixture
def demo(tmp_path, monkeypatch):
    """A domain 'demo' in tmp with nl and it catalogs; `update` sees only it."""
    domain = build.Domain("demo", tmp_path / "locale", [])
    for lang, entries in OLD.items():
        write_po(domain.localedir, "demo", lang, entries)
    monkeypatch.setattr(build, "domains", lambda: {"demo": domain})
    monkeypatch.setattr(build, "extract", lambda d: template())
    return domain


def run_update(languages=None):
    out = io.StringIO()
    assert build.update(["demo"], languages, out=out) == 0
    return out.getvalue()


def entries(domain, lang):
    return {(m.context, m.id): m for m in build._read_po(domain.po(lang)) if m.id}


def own(lang, context):
    return next(s for c, _, s in OLD[lang] if c == context)


@pytest.mark.parametrize("order", [None, ["it", "nl"], ["nl", "it"]])
def test_a_changed_text_is_fuzzy_with_its_own_languages_old_translation(demo, order):
    run_update(order)
    for lang in ("it", "nl"):
        got = entries(demo, lang)
        changed = got[("rule:move", "Move a piece one step forward or sideways.")]
        assert changed.fuzzy
        assert changed.string == own(lang, "rule:move"), lang
        assert changed.previous_id == ["Move a piece one step forward."]
        no_context = got[(None, "Press the board once to start.")]
        assert no_context.fuzzy and no_context.string == own(lang, None), lang


@pytest.mark.parametrize("order", [None, ["nl", "it"]])
def test_a_changed_plural_keeps_its_own_languages_forms(demo, order):
    run_update(order)
    for lang in ("it", "nl"):
        plural = entries(demo, lang)[("rule:count", ("{n} piece is left", "{n} pieces are left"))]
        assert plural.fuzzy
        forms = tuple(plural.string)  # Babel's CLDR gives Italian a third form: left empty
        assert forms[:2] == own(lang, "rule:count") and not any(forms[2:]), lang
        assert plural.previous_id == ["{n} piece left", "{n} pieces left"]


def test_a_new_text_is_untranslated_and_not_fuzzy_in_every_language(demo):
    run_update()
    for lang in ("it", "nl"):
        new = entries(demo, lang)[("rule:new", "A brand new rule.")]
        assert new.string == "" and not new.fuzzy and not new.previous_id, lang


def test_a_kept_text_keeps_its_translation_and_a_removed_one_is_gone(demo):
    run_update()
    for lang in ("it", "nl"):
        got = entries(demo, lang)
        kept = got[("rule:take", "Take a piece by jumping over it.")]
        assert kept.string == own(lang, "rule:take") and not kept.fuzzy, lang
        assert not kept.previous_id
        assert not [k for k in got if k[0] == "rule:gone"], lang
        text = demo.po(lang).read_text(encoding="utf-8")
        assert "removed from the book" not in text
        other = "nl" if lang == "it" else "it"
        assert not [s for _, _, s in OLD[other] if isinstance(s, str) and s in text], lang


def test_one_languages_fuzzy_match_does_not_mark_anothers_current_translation(demo):
    """nl already translated the new English (updated alone before, then translated); the
    update of both must leave it as it is, not flag it fuzzy with Italian's old English."""
    run_update(["nl"])
    write_po(demo.localedir, "demo", "nl",
             [(c, m, own("nl", c) if c != "rule:move" else "Zet een stuk vooruit of opzij.")
              for c, m in NOW if c != "rule:new"])
    run_update()
    current = entries(demo, "nl")[("rule:move", "Move a piece one step forward or sideways.")]
    assert current.string == "Zet een stuk vooruit of opzij."
    assert not current.fuzzy and not current.previous_id
    italian = entries(demo, "it")[("rule:move", "Move a piece one step forward or sideways.")]
    assert italian.fuzzy and italian.string == own("it", "rule:move")


def test_a_second_update_keeps_each_languages_stale_entry_and_old_english(demo):
    run_update()
    run_update()
    for lang in ("it", "nl"):
        changed = entries(demo, lang)[("rule:move", "Move a piece one step forward or sideways.")]
        assert changed.fuzzy and changed.string == own(lang, "rule:move"), lang
        assert changed.previous_id == ["Move a piece one step forward."]


def test_merge_leaves_the_template_as_it_was():
    from babel.messages.catalog import Catalog

    made = template()
    before = [(m.id, m.string, sorted(m.flags), m.previous_id) for m in made]
    for lang in ("it", "nl"):
        catalog = Catalog(locale=lang, domain="demo", charset="utf-8")
        for context, msgid, msgstr in OLD[lang]:
            catalog.add(msgid, msgstr, context=context)
        build.merge(catalog, made)
    assert [(m.id, m.string, sorted(m.flags), m.previous_id) for m in made] == before
