"""Typed view hints: every walkthrough's ``view`` tables are read into the game's hints
dataclass; unknown keys and wrong types are errors naming file, step and field."""
from __future__ import annotations

import textwrap

import pytest

from tutor.core import BadWalkthrough, registry
from tutor.core import walkthrough as wt
from tutor.core.hints import Hints


def test_every_frame_of_every_shipped_walkthrough_carries_its_game_s_hints():
    seen = set()
    for wid in wt.library():
        replay = wt.replay(wt.by_id(wid))
        for frame in replay.frames:
            assert type(frame.view) is replay.game.hints and isinstance(frame.view, Hints)
            if frame.view != replay.game.hints():
                seen.add(replay.game.name)
    assert seen == {"trapper", "intrappola", "trigger"}  # Canyon's walkthroughs set none yet


CANYON = textwrap.dedent('''
    game = "canyon"
    title = "A hint"
    [setup]
    options = { players = 3 }
    narration = "The start."
    [[steps]]
    move = "Carl: launch a1"
    narration = "Carl launches."
    view = VIEW
''')


def _canyon(view: str):
    return wt.parse(CANYON.replace("VIEW", view), "hint.toml")


@pytest.mark.parametrize("view, problem", [
    ('{ mark = "e12" }', "step 1 (line 7), field 'view.mark': must be a list of texts, not a text"),
    ('{ mark = [12] }', "field 'view.mark': must be a list of texts; item 1 is a whole number"),
    ('{ chain = true }', "field 'view.chain': unknown hint; CanyonHints knows mark"),
    ('"mark"', "field 'view': must be a table of hints, not a text"),
])
def test_a_wrong_hint_names_file_step_and_field(view, problem):
    with pytest.raises(BadWalkthrough) as err:
        _canyon(view)
    assert str(err.value).startswith("hint.toml, ") and problem in str(err.value)


def test_a_right_hint_is_the_dataclass():
    walk = _canyon('{ mark = ["e12", "c3"] }')
    assert walk.steps[0].view == registry.get("canyon").hints(mark=("e12", "c3"))


@pytest.mark.parametrize("game, view, problem", [
    ("trapper", {"targets": "pink"}, "targets is a trapper colour"),
    ("trapper", {"mark": ["z9"]}, "mark: 'z9' is not a square"),
    ("trigger", {"lines": ["row 9"]}, "'row 9' is not a line"),
    ("trigger", {"link": -1}, "link counts from 0"),
    ("trigger", {"link": "2"}, "must be a whole number, not a text"),
    ("intrappola", {"overlay": ["Anna"]}, "must be a text, not a list"),
])
def test_each_game_checks_its_values(game, view, problem):
    from tutor.core.hints import read_hints
    with pytest.raises(BadWalkthrough, match=problem):
        read_hints(registry.get(game).hints, view, where="w.toml, step 1")
