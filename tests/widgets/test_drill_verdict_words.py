"""The drills page's verdicts, read as a learner: an option that is a move with a colon of its
own read "Not this one: Cleo: start at g1." (now in quotes), and a sum in an explanation broke
across lines on a phone ("9" at a line's end, "− 5 − 4 = 0" on the next)."""
from __future__ import annotations

import html
import re

from tutor.core import registry

from widgets.pages.drills.view import DrillsPage


def test_a_move_option_with_a_colon_is_quoted_in_its_verdict():
    page = DrillsPage(registry.get("canyon"), seed=1, kinds=["legal-move"])
    drill = page.run.drill
    assert all(":" in o.text for o in drill.options)  # "Anna: tempo 4"
    wrong = next(i for i, o in enumerate(drill.options) if not o.right)
    page.handle({"type": "choose", "index": wrong})
    heads = [html.unescape(h) for h in re.findall(r"<b>(.*?)</b>", page.result["html"])]
    assert len(heads) == 2
    assert f"“{drill.options[wrong].text}”" in heads[0]
    assert f"“{drill.options[drill.answer].text}”" in heads[1]


def test_a_sum_in_an_explanation_does_not_break_across_lines():
    page = DrillsPage(registry.get("trigger"), seed=1, kinds=["points-left"])
    page.handle({"type": "choose", "index": page.run.drill.answer})
    shown = html.unescape(page.result["html"])
    sums = re.findall(r"\d[\u00a0 ][−=][\u00a0 ]\d", shown)
    assert sums and all(" " not in s for s in sums), sums


def test_a_question_s_answer_is_not_shown_on_its_board():
    """Trigger's board wrote '3 + 3: a double, worth 12' beside the dice of the question 'how
    many points may Anna turn?'; Canyon's panel showed the movement points asked about."""
    from tutor.core.walkthrough import Frame

    trigger = DrillsPage(registry.get("trigger"), seed=1, kinds=["roll-allows"])
    for _ in range(3):
        drill = trigger.run.drill
        assert drill.asks == "roll"
        assert "data-allowance" not in trigger.question["board"]
        assert f'data-dice="{drill.state.dice[0]} {drill.state.dice[1]}"' not in trigger.question["board"]
        shown = trigger.drawer.board(Frame(0, drill.state, "", ()), drill.viewer)
        assert "data-allowance" in shown  # the same position, not asked: the roll's worth shown
        trigger.handle({"type": "next"})
    canyon = DrillsPage(registry.get("canyon"), seed=1, kinds=["movement-points"])
    for _ in range(3):
        drill = canyon.run.drill
        name = drill.asks.split(".", 1)[1]
        row = re.search(rf"<b>{name}</b>.*?</tr>", canyon.question["panel"], re.S)[0]
        answer = drill.options[drill.answer].text
        cells = re.findall(r'<td class="cy-num"[^>]*>([^<]*)</td>', row)
        assert cells[-1] == "?" and answer not in cells[-2:], (cells, answer)
        canyon.handle({"type": "next"})


def test_canyon_s_drill_board_rings_no_end_field():
    """The board ringed every field the canoe may end on, the answer to 'Where may it end its
    move?' and to 'Which of these moves may Anna make?' in the move phase."""
    from tutor.core.walkthrough import Frame

    page = DrillsPage(registry.get("canyon"), seed=1, kinds=["end-field"])
    for _ in range(3):
        drill = page.run.drill
        assert 'class="cy-end"' not in page.question["board"]
        assert 'class="cy-end"' in page.drawer.board(Frame(0, drill.state, "", ()), drill.viewer)
        page.handle({"type": "next"})
