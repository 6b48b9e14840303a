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


class Page:
    """The teacher's page as the class's messages see it: what was sent to it."""
    remake = None

    def __init__(self):
        self.sent: list = []

    def send(self, content):
        self.sent.append(content)


def listening(teacher: ClassTeacher) -> tuple[Page, ClassMessages]:
    """The class's messages to ``teacher``, sent to a page that keeps them."""
    page = Page()
    messages = ClassMessages.__new__(ClassMessages)
    messages.page, messages.teacher = page, teacher
    return page, messages


def test_the_table_counts_three_students_first_answers(monkeypatch):
    monkeypatch.setitem(registry.games(), "nim", NIM)
    walk = load(NIM_FILE, NIM)
    teacher = ClassTeacher(lambda: replay(walk, NIM), "en")

    page, messages = listening(teacher)
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


def test_a_refused_move_s_rule_is_a_row_and_rows_name_the_steps_that_ask():
    """A walk: a student's move refused by a rule no step asks about (Trapper's water, at the
    green turn's try-it step) was missing from the table; and a rule whose steps the class
    skipped showed "0 | 0" as if asked and missed. The refused rule is now a row (its title in
    the teacher's language, how many moves it refused), and every row names its steps, for the
    teacher's page to say "not asked" of the ones it never asked (classroom.js)."""
    from tutor.core.i18n import using
    from tutor.core.walkthrough import by_id

    teacher = ClassTeacher(lambda: replay(by_id("trapper/green-turn")), "nl")

    page, messages = listening(teacher)
    messages.handle(ClassJudge([
        {"poll": "p1", "sid": "g", "step": 2, "kind": "try", "value": {"text": "verde: prendi c4"}, "lang": "it"},
        {"poll": "p1", "sid": "d", "step": 2, "kind": "try", "value": {"text": "groen: neem d3"}, "lang": "nl"},
    ]))
    rows = {r["rule"]: r for r in teacher.missed()}
    water = rows["trapper.take.water"]
    game = teacher.replay("nl").game
    with using("nl"):
        dutch = game.rules["trapper.take.water"].title
    assert (water["refused"], water["answered"], water["steps"], water["title"]) == (1, 0, [], dutch)
    assert rows["trapper.take"]["steps"] == ["2:try"] and rows["trapper.take"]["refused"] == 0
    assert "5:try" in rows["trapper.cards.swap"]["steps"]  # a later step, not asked yet
    html = [m for m in page.sent if m["type"] == "class-missed"][-1]["html"]
    assert 'data-rule="trapper.take.water"' in html and 'data-refused="1" data-steps=""' in html
    assert 'data-steps="5:try"' in html and 'class="tk-not-asked"' in html
