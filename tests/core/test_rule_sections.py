"""Where a rule stands in the rulebook, as a learner reads it on the rule's card: the printed
book's headings (``Rule.section``), in the edition of the learner's language where the game has
one, never our citation of the seed files' lines (``Rule.source``)."""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import LANGUAGES, using
from tutor.core.registry import games
from widgets.parts.html import rule_html, rules_html

GAMES = games()
#: what cites our seed files, not the printed book: a line number, a seed file's number, the
#: words our citations use for a book ("rulebook (Italian)", "seed 004")
CITATION = re.compile(r"\b(lines?|righe?|riga|regels?)\s+\d|\b00\d\b|\bseed\b|\brulebook\b", re.I)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_rule_says_where_the_printed_book_has_it_without_our_line_numbers(name, lang):
    game = GAMES[name]
    with using(lang):
        for rule_id in game.rules:
            rule = game.rules[rule_id]
            assert rule.section, f"{name} {lang}: {rule_id} has no section"
            assert not CITATION.search(rule.section), f"{rule_id} ({lang}): {rule.section!r}"
            for heading in re.split(r" · | › ", rule.section):
                assert heading.strip() == heading and heading, f"{rule_id}: {rule.section!r}"


def test_trapper_s_italian_learner_is_sent_to_the_italian_book_and_the_others_to_the_dutch():
    rules = GAMES["trapper"].rules
    with using("en"):
        english = {r: rules[r].section for r in rules}
    with using("nl"):
        dutch = {r: rules[r].section for r in rules}
    with using("it"):
        italian = {r: rules[r].section for r in rules}
    assert dutch == english  # the Dutch book's headings
    assert all(italian[r] != dutch[r] for r in rules), [r for r in rules if italian[r] == dutch[r]]
    assert italian["trapper.turn"] == "Svolgimento del gioco" and dutch["trapper.turn"] == "Spelverloop"


@pytest.mark.parametrize("name", ["canyon", "intrappola"])
def test_a_game_with_one_printed_book_points_into_it_in_every_language(name):
    rules = GAMES[name].rules
    seen = []
    for lang in LANGUAGES:
        with using(lang):
            seen.append({r: rules[r].section for r in rules})
    assert all(found == seen[0] for found in seen)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_shows_the_section_and_not_our_citation(lang):
    rules = GAMES["trapper"].rules
    with using(lang):
        rule = rules["trapper.turn"]
        card = rule_html(rule)
        assert f'data-section="{rule.section}"' in card and rule.section in card
        assert rule.source and "000 line" in rule.source and "000 line" not in card
        places = re.findall(r'data-section="([^"]*)"', rules_html(GAMES["trapper"], list(rules)))
        assert len(places) == len(rules) and not any(CITATION.search(place) for place in places)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_card_names_the_book_s_language_where_the_learner_reads_another(name, lang):
    """An Italian learner of Canyon is sent to the Dutch book and told so; a Dutch learner of
    Trapper to the Dutch book, an Italian one to the Italian book, without a language named."""
    game = GAMES[name]
    with using(lang):
        cards = rules_html(game, list(game.rules))
        books = set(re.findall(r'data-book="([a-z]*)"', cards))
        labels = {line.removesuffix(section) for section, line in re.findall(
            r'data-section="([^"]*)" data-book="[a-z]*">([^<]*)</div>', cards)}
        generic = {line.removesuffix(section) for section, line in re.findall(
            r'data-section="([^"]*)" data-book="[a-z]*">([^<]*)</div>',
            rule_html(game.rules[next(iter(game.rules))], lang))}
    assert books == {lang if lang in game.rulebooks else game.rulebooks[0]}
    assert len(labels) == 1
    assert (labels == generic) == (lang in game.rulebooks), (labels, generic)
