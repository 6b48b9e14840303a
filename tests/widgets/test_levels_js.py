"""The page's levels (``widgets/static/levels.js``, run under Node) agree with the reference,
``widgets/parts/mastery.py`` (the ``fsrs`` package's FSRS-6 scheduler): on many records of
right/miss evidence over several rules and a fixed clock, every rule's level, due time, counts
and chance of recall, the count per level, the order practice takes the rules and what the
record's second half changed."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from widgets.parts import mastery

ROOT = Path(__file__).resolve().parents[2]
LEVELS_JS = ROOT / "widgets" / "static" / "levels.js"

RUN = """
import { readFileSync } from "node:fs";
const L = await import(process.argv[1]);
const cases = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map(({ record, rules, now }) => {
  const found = L.states(L.readRecord(record, rules), now);
  const before = L.states(L.readRecord(record.slice(0, record.length >> 1), rules), now);
  const moved = L.changes(before, found).map((c) => ({ rule: c.rule, level: c.level, days: c.days, was: c.was }));
  return { states: found, order: L.practiceOrder(rules, found), tally: L.tally(rules, found), changes: moved };
});
process.stdout.write(JSON.stringify(out));
"""

START = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)
RULES = ["g.a", "g.b", "g.c", "g.d"]
#: the gaps between two pieces of evidence: at once, minutes (learning steps), hours, days
GAPS = [timedelta(seconds=5), timedelta(minutes=1), timedelta(minutes=2), timedelta(minutes=10),
        timedelta(minutes=11), timedelta(hours=3), timedelta(hours=23), timedelta(days=1),
        timedelta(days=2), timedelta(days=3, hours=5), timedelta(days=9), timedelta(days=40),
        timedelta(days=400)]


def ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def records(count: int = 300) -> list[dict]:
    """Records made from a fixed seed: a sequence of right/miss evidence over the rules (one
    rule alone, or several interleaved), and a moment to read them at: at the last, minutes,
    days or a year after, or a little before (the browser's clock ahead of the kernel's)."""
    draw = random.Random(32)
    made = []
    for number in range(count):
        rules = RULES[:1 + number % len(RULES)]
        at, record = START, []
        for _ in range(draw.randint(1, 14)):
            at += draw.choice(GAPS)
            record.append({"rule": draw.choice(rules), "right": draw.random() < 0.7,
                           "at": ms(at), "from": draw.choice(mastery.SOURCES)})
        later = draw.choice([timedelta(0), timedelta(minutes=5), timedelta(hours=2),
                             timedelta(days=1), timedelta(days=6), timedelta(days=365),
                             -timedelta(minutes=30), -timedelta(hours=3)])
        made.append({"record": record, "rules": RULES, "now": ms(at + later)})
    return made


def in_node(cases: list[dict]) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed (the static site's build needs it too): apt-get install nodejs")
    done = subprocess.run([node, "--input-type=module", "-e", RUN, LEVELS_JS.as_uri()],
                          input=json.dumps(cases), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def reference(case: dict) -> dict:
    now = datetime.fromtimestamp(case["now"] / 1000, tz=timezone.utc)
    found = mastery.states(mastery.read_record(case["record"], case["rules"]), now)
    return {"states": {rule: {"level": s.level, "due": ms(s.due),
                              "days": s.as_json(now)["days"], "right": s.right,
                              "missed": s.missed, "recall": s.recall}
                       for rule, s in found.items()},
            "order": mastery.practice_order(case["rules"], found),
            "tally": mastery.tally(case["rules"], found),
            "changes": [{k: c[k] for k in ("rule", "level", "days", "was")} for c in mastery.changes(
                mastery.states(mastery.read_record(case["record"][:len(case["record"]) // 2],
                                                   case["rules"]), now), found, now)]}


def test_levels_in_the_page_agree_with_the_reference():
    cases = records()
    answers = in_node(cases)
    levels_seen = set()
    for case, got in zip(cases, answers, strict=True):
        want = reference(case)
        assert got["tally"] == want["tally"], case
        assert got["order"] == want["order"], case
        assert got["changes"] == want["changes"], case
        assert set(got["states"]) == set(want["states"]), case
        for rule, state in want["states"].items():
            mine = got["states"][rule]
            assert {k: mine[k] for k in ("level", "due", "days", "right", "missed")} == \
                {k: state[k] for k in ("level", "due", "days", "right", "missed")}, (rule, case)
            assert mine["recall"] == pytest.approx(state["recall"], rel=1e-9, abs=1e-12), (rule, case)
            levels_seen.add(state["level"])
    # the records reach every level a rule with evidence can stand at
    assert levels_seen == {"seen", "practised", "known", "due"}


def test_the_issue_sequence_and_unreadable_entries():
    """Right, right, miss on one rule (the issue's sequence), beside entries the record may
    hold that cannot be read (a file edited by hand) and a rule outside the game."""
    t = START
    record = [{"rule": "g.a", "right": True, "at": ms(t)},
              {"rule": "g.a", "right": True, "at": ms(t + timedelta(minutes=2))},
              {"rule": "g.a", "right": False, "at": ms(t + timedelta(minutes=4))},
              {"rule": "g.b", "right": "yes", "at": ms(t)}, {"rule": 3, "right": True, "at": 0},
              {"rule": "other.x", "right": True, "at": ms(t)}, 7, None,
              {"rule": "g.c", "right": True, "at": -5}]
    steps = [{"record": record[:n], "rules": RULES, "now": ms(t + timedelta(minutes=5))}
             for n in (1, 2, 3, len(record))]
    got = in_node(steps)
    assert [g["states"]["g.a"]["level"] for g in got] == ["practised", "known", "seen", "seen"]
    assert got[-1]["states"]["g.a"]["due"] == ms(t + timedelta(minutes=14))
    assert set(got[-1]["states"]) == {"g.a"}
    for mine in got:
        for state in mine["states"].values():
            del state["rule"]
    assert got == [reference(s) for s in steps]
