"""What the class missed (issue 32.6): per rule of the lesson's steps that ask, how many
students answered right at their first answer; counts only, no names."""
from __future__ import annotations

from pathlib import Path

from examples.nim import GAME as NIM
from tutor.core import registry
from tutor.core.walkthrough import load, replay

from widgets.pages.lesson.teach import ClassMessages, ClassTeacher
from widgets.parts.messages import ClassJudge

NIM_FILE = Path(__file__).resolve().parents[2] / "examples" / "walkthroughs" / "first-game.toml"


def test_the_table_counts_three_students_first_answers(monkeypatch):
    monkeypatch.setitem(registry.games(), "nim", NIM)
    walk = load(NIM_FILE, NIM)
    teacher = ClassTeacher(lambda: replay(walk, NIM), "en")

    class Page:
        sent: list = []
        remake = None

        def send(self, content):
            self.sent.append(content)

    page = Page()
    messages = ClassMessages.__new__(ClassMessages)
    messages.page, messages.teacher = page, teacher
    step_ask = 4  # "Who wins?" - choice 0 is right
    rule = teacher.replay("en").frames[step_ask].answer_rule
    answers = [
        {"poll": "p1", "sid": "a", "step": step_ask, "kind": "ask", "value": {"choice": 0}, "lang": "en"},
        {"poll": "p1", "sid": "b", "step": step_ask, "kind": "ask", "value": {"choice": 1}, "lang": "nl"},
        {"poll": "p1", "sid": "c", "step": step_ask, "kind": "ask", "value": {"choice": 0}, "lang": "it"},
    ]
    messages.handle(ClassJudge(answers))
    # b changes to the right answer, a to a wrong one: only first answers count
    messages.handle(ClassJudge([{**answers[1], "value": {"choice": 0}},
                                {**answers[0], "value": {"choice": 1}}]))
    row = next(r for r in teacher.missed() if r["rule"] == rule)
    assert (row["answered"], row["right"]) == (3, 2)
    sent = [m for m in page.sent if m["type"] == "class-missed"][-1]
    assert f'data-rule="{rule}" data-right="2" data-answered="3"' in sent["html"]
    for name in ("a", "b", "c"):
        assert f">{name}<" not in sent["html"] and f'"{name}"' not in str(sent["rows"])
    # a try-it step's rules are rows too: a first move refused counts as not right
    messages.handle(ClassJudge([{"poll": "p2", "sid": "a", "step": 2, "kind": "try",
                                 "value": {"text": "take 7"}, "lang": "en"}]))
    tried = teacher.replay("en").frames[2].rule_ids
    assert tried and all(r["rule"] in tried or r["rule"] == rule for r in teacher.missed())
    take = next(r for r in teacher.missed() if r["rule"] == tried[0])
    assert take["answered"] >= 1 and take["right"] <= take["answered"] - 1
