"""The walkthroughs InTrappola needs are there, with the try-it steps and questions the
course asks for. (They are replayed once, by the one replay test and the goldens.)"""
from __future__ import annotations

import tomllib
from pathlib import Path

from tutor.core import walkthrough
from tutor.intrappola import GAME

WALKS = {wid: walkthrough.load(path, GAME) for wid, path in walkthrough.library().items()
         if wid.startswith("intrappola/")}


def test_the_book_s_examples_and_cases_each_have_a_walkthrough():
    assert {w.split("/")[1] for w in WALKS} == {
        "begin-setup", "es1-corner", "es2-border", "es3-inner", "es4-pair-caught",
        "es4-pair-missed", "es5-several-prey", "es5-missed", "turn-a-caught", "turn-b-missed",
        "turn-c-discard", "turn-d-refused", "deck-runs-out", "pass-stuck", "end-vittoria",
        "variant-several-pictures"}


def test_learners_try_moves_and_answer_questions():
    steps = [step for walk in WALKS.values() for step in walk.steps]
    assert sum(step.try_it is not None for step in steps) >= 5
    assert sum(step.ask is not None for step in steps) >= 3


def test_the_course_order_is_one_place_per_walkthrough():
    assert sorted(w.order for w in WALKS.values()) == list(range(1, len(WALKS) + 1))


def test_the_coverage_names_every_walkthrough_and_every_rule_of_the_book():
    path = Path(__file__).resolve().parents[2] / "tutor" / "intrappola" / "coverage.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    named = {w for s in data["section"] for w in s.get("walkthroughs", [])}
    rules = {r for s in data["section"] for r in s.get("rules", [])}
    assert named == set(WALKS)
    assert rules == set(GAME.rules) - {"intrappola.knowledge"}  # our own addition to the book
