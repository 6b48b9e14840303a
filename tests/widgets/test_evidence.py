"""The evidence each learner act makes (issue 32): a try-it step, a question, a drill answer,
free play's refused and played moves. The models make it; the page keeps it in the browser
(widgets/static/mastery.js)."""
from __future__ import annotations

from pathlib import Path

import pytest

from examples.nim import GAME as NIM
from tutor.core import registry
from tutor.core import walkthrough as wt

from widgets.games.freeplay import FreePlay
from widgets.pages.drills.model import DrillRun
from widgets.pages.drills.view import DrillsPage
from widgets.pages.lesson.model import Lesson

ROOT = Path(__file__).resolve().parents[2]
TRY_FILE = ROOT / "tests" / "browser" / "fixtures" / "trapper-try.toml"
NIM_FILE = ROOT / "examples" / "walkthroughs" / "first-game.toml"


def acts(log) -> list[tuple[str, bool, str]]:
    return [(i["rule"], i["right"], i["from"]) for i in log.tail()["items"]]


def test_a_try_it_step_records_the_rule_broken_then_its_rules_not_right_at_the_first_try():
    lesson = Lesson(wt.replay(wt.load(TRY_FILE)), index=1)
    lesson.attempt("green: take c4")  # refused by the water rule
    assert acts(lesson.evidence) == [("trapper.take.water", False, "try")]
    lesson.attempt("green: take d3")  # the book's move, at the second try
    assert acts(lesson.evidence)[1:] == [("trapper.take", False, "try"),
                                         ("trapper.take.reveal", False, "try")]
    numbers = [i["n"] for i in lesson.evidence.tail()["items"]]
    assert numbers == [1, 2, 3]


def test_a_try_it_step_right_at_the_first_try_and_a_question_record_right(monkeypatch):
    monkeypatch.setitem(registry.games(), "nim", NIM)
    lesson = Lesson(wt.replay(wt.load(NIM_FILE, NIM), NIM), index=2)
    lesson.attempt("take 3")
    assert acts(lesson.evidence) == [("nim.take", True, "try")]
    lesson.answer("5")  # wrong: 4 are left
    assert acts(lesson.evidence)[-1] == (lesson.frame.answer_rule, False, "ask")


def test_a_drill_answer_records_the_rule_of_the_option_chosen_and_of_the_right_one():
    run = DrillRun(NIM, seed=4, kinds=["legal-move"])
    wrong = next(i for i, o in enumerate(run.drill.options) if not o.right)
    chosen, right = run.drill.options[wrong], run.drill.options[run.drill.answer]
    run.choose(wrong)
    assert acts(run.evidence) == [(chosen.rule_id, False, "drill"), (right.rule_id, False, "drill")]
    run.choose(run.drill.answer)  # looked at after answering: no evidence
    assert len(run.evidence.items) == 2
    run.next()
    run.choose(run.drill.answer)
    assert acts(run.evidence)[-1] == (run.drill.options[run.drill.answer].rule_id, True, "drill")


def test_the_drills_page_sends_the_evidence_with_the_verdict():
    page = DrillsPage(NIM, seed=4, kinds=["legal-move"])
    page.handle({"type": "choose", "index": page.run.drill.answer})
    assert [i["right"] for i in page.result["evidence"]["items"]] == [True]


@pytest.mark.parametrize("heap", [3])
def test_free_play_records_a_refused_move_s_rule_and_a_played_move_s_rules(heap):
    play = FreePlay(NIM, {"heap": heap}, seats=["person", "person"])
    assert play.play_text("take 4") is False
    assert acts(play.evidence) == [(play.refusal.rule_id, False, "play")]
    before = play.state
    move = NIM.parse_move(before, "take 1")
    assert play.play(move)
    assert acts(play.evidence)[1:] == [(r, True, "play") for r in NIM.move_rules(before, move)]
    assert len(acts(play.evidence)) > 1
