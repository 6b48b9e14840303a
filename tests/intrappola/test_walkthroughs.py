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


def _explained(table: int, caught: int, deck: int) -> bool:
    """Whether a one-picture table of ``table`` cards, ``caught`` of them prey, with ``deck``
    cards left, is one a game can reach: the deal puts 3 on the table and 7 in the deck; a
    catch turn (one prey, or a pair) leaves its prey and the 1-4 cards played on the table and
    draws one card; a missed trap puts one card on the table and takes two from the deck (the
    last one alone, when only one is left); a discard or a pass changes neither count."""
    for turns in range((caught + 1) // 2, caught + 1):
        for last_alone in (0, 1) if deck == 0 else (0,):
            misses, odd = divmod(7 - deck - turns - last_alone, 2)
            played = table - 3 - caught - misses
            if misses >= 0 and not odd and turns <= played <= 4 * turns:
                return True
    return False


#: the rulebook's own drawing of example 5 (4 cards on the table, nothing caught), shown with
#: hands and a deck of the deal's sizes: a table no deal leaves, said to be the book's example
BOOK_DRAWINGS = {"intrappola/es5-several-prey", "intrappola/es5-missed"}


def test_every_lesson_s_table_is_one_a_game_reaches():
    """Three lessons said 'late in a game' with nine or eleven cards on the table and nothing
    caught, and two had a prey caught while its neighbour was in a hand: no game gets there."""
    for wid, walk in WALKS.items():
        state = walkthrough.replay(walk).frames[0].state
        if state.pictures != 1 or wid in BOOK_DRAWINGS:
            continue
        caught = len(state.caught[0]) + len(state.caught[1])
        assert _explained(len(state.table), caught, len(state.deck)), (wid, state.table, state.deck)
