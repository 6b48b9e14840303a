"""An examiner's reading of InTrappola's Dutch and Italian: where a translation said something
else than the English (true or not of the position), the catalog entry is read beside the
replayed fact it must agree with. Each test names the lesson step or rule it reads."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tutor.core import registry
from tutor.core.i18n import localize, using
from tutor.core.walkthrough import by_id, replay
from tutor.intrappola.moves import Trap

GAME = registry.get("intrappola")


def step_text(wid: str, step: int, lang: str, field: str = "narration") -> str:
    """A text of step ``step`` (1-based) of lesson ``wid`` as the catalog of ``lang`` has it."""
    with using(lang):
        return getattr(localize(by_id(wid)).steps[step - 1], field)


def rule_text(rule_id: str, lang: str, field: str = "text") -> str:
    with using(lang):
        return getattr(GAME.rules[rule_id], field)  # the rule in the current language


@pytest.mark.parametrize("lang, named", [("nl", r"\b(?:genoemd|noemt|noemen)\b"),
                                         ("it", r"\bdichiar")])
def test_turn_d_step_1_says_the_card_names_no_prey(lang, named):
    """turn-d-refused, step 1: 'play 12' names no prey, and that is why the engine refuses it
    ("it touches no prey you name"). The English says "card 12 names no prey"; the Dutch and
    Italian said it "closes no prey", another claim."""
    frame = replay(by_id("intrappola/turn-d-refused")).frames[1]
    assert isinstance(frame.move, Trap) and frame.move.prey == ()
    assert frame.refusal is not None
    assert frame.refusal.rule_id == "intrappola.trap.must-spring"
    text = step_text("intrappola/turn-d-refused", 1, lang)
    last = text.rsplit(":", 1)[-1]  # "... and card 12 names no prey"
    assert "12" in last and re.search(named, last), text


@pytest.mark.parametrize("lang, equal, places", [("nl", "even waarschijnlijk", "die plekken"),
                                                 ("it", "uguale probabilità", "quei posti")])
def test_knowledge_does_not_make_the_three_places_equally_likely(lang, equal, places):
    """intrappola.knowledge: an unseen card is equally likely to be any of the unseen cards,
    so its chance of being in the opponent's hand is their unseen cards over all unseen cards
    (3 in 10 at the start: begin-setup, step 2). The Dutch and Italian said it was equally
    likely to be in each of "those places" (own hand, opponent's hand, deck): 1 in 3."""
    frame = replay(by_id("intrappola/begin-setup")).frames[2]
    facts = GAME.facts(frame.state)
    unseen = {k: Fraction(v) for k, v in facts.items()
              if k.startswith("chance.Anna.") and v != "0"}
    assert set(unseen.values()) == {Fraction(3, 10)}  # Bruno's 3 of the 10 Anna cannot see
    text = rule_text("intrappola.knowledge", lang)
    clause = next(s for s in re.split(r"(?<=\.)\s", text) if equal in s).split(":")[0]
    assert places not in clause, clause


def test_variant_points_depend_on_the_place_in_dutch():
    """variant-several-pictures, step 2, and the reading of intrappola.variant.pictures: the
    points go *by* the place in the whole rectangle (A4, a corner of picture A, scores 2;
    B4, a corner of the rectangle, 1; A8, beside picture B, 4). The Dutch said "Punten gaan
    naar de plaats" - points go *to* the place."""
    facts = GAME.facts(replay(by_id("intrappola/variant-several-pictures")).frames[2].state)
    assert (facts["points.A4"], facts["points.B4"], facts["points.A8"]) == (2, 1, 4)
    for text in (step_text("intrappola/variant-several-pictures", 2, "nl"),
                 rule_text("intrappola.variant.pictures", "nl", "reading")):
        assert "gaan naar de plaats" not in text, text
        assert re.search(r"\bhangen af van de plaats\b", text), text


def test_es5_step_3_says_place_6_is_closed_too_in_italian():
    """es5-several-prey, step 3: the same cards close place 6 too, yet card 6 stays in
    Bruno's hand. The Italian dropped the "too" ("anche se la sua posizione è circondata")."""
    frame = replay(by_id("intrappola/es5-several-prey")).frames[3]
    facts = GAME.facts(frame.state)
    assert facts["place.6"] == "Bruno" and facts["last.prey"] == "11"
    assert all(facts[f"place.{n}"] == "table" for n in (2, 5, 7, 10))  # 6's four sides
    text = step_text("intrappola/es5-several-prey", 3, "it")
    assert re.search(r"anche la sua posizione", text), text


def test_the_missed_pair_s_italian_title_says_what_missed():
    """es4-pair-missed: the Italian title ended "Due prede adiacenti: fallita", a feminine
    singular after two prey (the caught one says "catturate", of the prey). What missed is the
    trap the lesson plays (a Trap that catches nothing), and the title now says so."""
    frames = replay(by_id("intrappola/es4-pair-missed")).frames
    assert any(isinstance(f.move, Trap) for f in frames if f.move is not None)
    with using("it"):
        title = localize(by_id("intrappola/es4-pair-missed")).title
    assert title.endswith("trappola fallita"), title
