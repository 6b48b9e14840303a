"""Mastery per rule (widgets/parts/mastery.py): the scheduler's sequence for a fixed clock, the
record read as the browser keeps it, practice's order, the rule's lesson step."""
from __future__ import annotations

import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import fsrs
import pytest
from packaging.requirements import Requirement

from tutor.core import registry
from tutor.core.walkthrough import library, load

from widgets.parts import mastery
from widgets.parts.mastery import Evidence, practice_order, read_record, rule_steps, states

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parents[2]


def test_right_right_miss_moves_the_level_up_then_down_with_the_scheduler_s_dates():
    minute = timedelta(minutes=1)
    first = [Evidence("trapper.take.water", True, T0)]
    after_one = states(first, T0 + minute)["trapper.take.water"]
    assert after_one.level == "practised"
    assert after_one.due == T0 + timedelta(minutes=10)  # FSRS's second learning step

    second = first + [Evidence("trapper.take.water", True, T0 + 2 * minute)]
    after_two = states(second, T0 + 3 * minute)["trapper.take.water"]
    assert after_two.level == "known"
    assert after_two.card.state is fsrs.State.Review
    assert after_two.due.date() == (T0 + timedelta(days=2)).date()  # stability 2.3 days
    # the same record when its day has come: due again
    assert states(second, T0 + timedelta(days=3))["trapper.take.water"].level == "due"

    third = second + [Evidence("trapper.take.water", False, T0 + 4 * minute)]
    after_miss = states(third, T0 + 5 * minute)["trapper.take.water"]
    assert after_miss.level == "seen"  # a miss moves it down
    assert after_miss.card.state is fsrs.State.Relearning
    assert after_miss.due == T0 + 14 * minute  # relearning: ten minutes after the miss
    assert (after_miss.right, after_miss.missed) == (2, 1)
    assert after_miss.card.stability < after_two.card.stability
    # right again after relearning: known again, due sooner than before the miss
    fourth = third + [Evidence("trapper.take.water", True, T0 + 20 * minute)]
    again = states(fourth, T0 + 21 * minute)["trapper.take.water"]
    assert again.level == "known" and again.card.stability < after_two.card.stability


def test_evidence_far_after_now_does_not_count_and_one_rule_does_not_move_another():
    found = states([Evidence("a", True, T0), Evidence("b", False, T0 + timedelta(hours=2))],
                   T0 + timedelta(minutes=1))
    assert set(found) == {"a"}
    assert mastery.state_of(found, "b").level == "not-seen"


def test_evidence_a_browser_clock_slightly_ahead_stamped_counts_as_made_now():
    now = T0 + timedelta(minutes=1)
    found = states([Evidence("a", False, now + timedelta(seconds=30))], now)
    assert found["a"].level == "seen" and found["a"].due == now + timedelta(minutes=1)


def test_the_record_is_read_as_the_browser_keeps_it_and_bad_entries_are_left_out():
    at = int(T0.timestamp() * 1000)
    record = [
        {"rule": "trapper.take.water", "right": False, "at": at + 5, "from": "drill"},
        {"rule": "trapper.take.water", "right": True, "at": at, "from": "try"},
        {"rule": "trapper.take.water", "right": "yes", "at": at},
        {"rule": "no.such.rule", "right": True, "at": at},
        {"rule": "trapper.money", "right": True, "at": "never"},
        {"rule": "trapper.money", "right": True, "at": at, "from": "server"},
        "junk",
    ]
    read = read_record(record, registry.get("trapper").rules)
    assert [(e.rule, e.right, e.source) for e in read] == [
        ("trapper.take.water", True, "try"), ("trapper.money", True, ""),
        ("trapper.take.water", False, "drill")]
    assert read[0].at == T0
    assert read_record({"not": "a list"}) == []
    assert read_record(record[:1])[0].as_json() == record[0]


def test_practice_takes_due_then_weakest_first():
    old = T0 - timedelta(days=30)
    evidence = [Evidence("known", True, T0 - timedelta(minutes=5)),
                Evidence("known", True, T0 - timedelta(minutes=3)),
                Evidence("due", True, old), Evidence("due", True, old + timedelta(minutes=2)),
                Evidence("missed", False, T0 - timedelta(minutes=1)),
                Evidence("learning", True, T0 - timedelta(minutes=1))]
    found = states(evidence, T0)
    assert {r: found[r].level for r in found} == {
        "known": "known", "due": "due", "missed": "seen", "learning": "practised"}
    assert practice_order(["fresh", "known", "learning", "missed", "due"], found) == [
        "due", "missed", "learning", "fresh", "known"]
    counted = mastery.tally(["fresh", "known", "due"], found)
    assert (counted["known"], counted["due"], counted["not-seen"], counted["total"]) == (1, 1, 1, 3)


def test_a_session_s_changes_name_each_rule_that_moved():
    before = states([Evidence("a", True, T0)], T0)
    after = states([Evidence("a", True, T0), Evidence("a", True, T0 + timedelta(minutes=1)),
                    Evidence("b", False, T0)], T0 + timedelta(minutes=2))
    moved = mastery.changes(before, after, T0 + timedelta(minutes=2))
    assert [(m["rule"], m["was"], m["level"]) for m in moved] == [
        ("a", "practised", "known"), ("b", "not-seen", "seen")]
    assert moved[0]["days"] == 2


def test_each_rule_links_to_the_first_lesson_step_that_shows_it():
    walks = [load(path) for wid, path in sorted(library().items()) if wid.startswith("trapper/")]
    steps = rule_steps(walks)
    game = registry.get("trapper")
    assert set(steps) <= set(game.rules)
    assert len(steps) > len(list(game.rules)) // 2
    wid, index = steps["trapper.take.water"]
    walk = next(w for w in walks if w.id == wid)
    shown = walk.intro_rules if index == 0 else walk.steps[index - 1].rules
    assert "trapper.take.water" in shown


def test_the_kernel_gets_the_scheduler_on_the_site_too():
    """fsrs is a dependency of the project and one of the site kernel's pinned wheels, at the
    version installed here (pure Python: py3-none-any)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    needed = {Requirement(r).name for r in data["project"]["dependencies"]}
    assert "fsrs" in needed
    from sitebuild import pins

    assert set(needed) <= set(pins.KERNEL)
    from importlib.metadata import version

    assert pins.KERNEL["fsrs"] == version("fsrs")


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_drills_list_of_rules_for_the_lessons_does_not_call_them_due(lang):
    """The drills page headed the rules practice wants that no question asks about (missed,
    practised, due) "Due, …" ("Da ripassare, …"), while the course page counted 0 due for
    the same record: a practised rule is not due. The heading now does not use the count
    line's word for due."""
    from tutor.core.i18n import using
    from widgets.pages.course import count_line
    from widgets.parts.words import drill_texts

    with using(lang):
        line = count_line("Trapper", {"known": 1, "total": 3, "due": 7})
        due_word = line.split("7", 1)[1].strip().lower()  # the words after the count
        heading = drill_texts()["through_lessons"].lower()
    assert due_word and due_word not in heading, (due_word, heading)
