"""A step that asks does not show its answer beside the question: Canyon's setup asked "Marc
deals the first round. Who is the start player?" over a players' table saying "▶ Herman start",
and the movement-points lesson asked Carl's movement points beside his row's "Points 3" (and a
step title "…: 3 fields"). While a question is asked, the panel leaves the asked fact out."""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import using
from tutor.core.walkthrough import by_id, replay
from widgets.games import kit_for
from widgets.pages.lesson.steps import task_data


def _rows(panel: str) -> dict[str, str]:
    """Each player's row of the table, by the name in bold."""
    return {re.search(r"<b>([^<]+)</b>", row).group(1): row
            for row in re.findall(r"<tr class=\"[^\"]*\">.*?</tr>", panel, re.S)}


def _asked(lesson: str, index: int):
    played = replay(by_id(lesson))
    frame = played.frames[index]
    assert frame.question is not None
    return frame, task_data(played.game, kit_for(played.game), frame)["scene"]["panel"]


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_who_starts_is_not_in_the_table_while_it_is_asked(lang):
    with using(lang):
        frame, panel = _asked("canyon/setup", 1)
        start = frame.before.players[frame.before.start_player]
        assert frame.question.fact == "start_player" and frame.answer == start
        rows = _rows(panel)
        assert "cy-turn" not in panel and "▶" not in panel  # the start player launches first
        from widgets.games.canyon import T
        assert T._("start") not in re.sub(r"<[^>]+>", " ", rows[start]).split()
        assert T._("dealer") in re.sub(r"<[^>]+>", " ", rows["Marc"]).split()  # the prompt says it


def test_a_canoe_s_movement_points_are_not_in_the_table_while_they_are_asked():
    frame, panel = _asked("canyon/movement-points", 2)
    assert frame.question.fact == "points.Carl" and frame.answer == 3
    cells = re.findall(r'data-label="[^"]*">([^<]*)<', _rows(panel)["Carl"])
    assert cells.count("?") == 2, cells  # bonus and points
    assert "?" not in _rows(panel)["Anne"]  # the others' stay: Anne's 3 is her own
    assert str(frame.answer) not in frame.title.split(":")[-1]  # nor in the step's title


def test_the_table_shows_them_once_the_step_is_done():
    played = replay(by_id("canyon/setup"))
    kit = kit_for(played.game)
    frame = played.frames[1]
    panel = kit.drawer(played.game).panel(frame)
    assert "cy-turn" in panel and "▶" in panel
