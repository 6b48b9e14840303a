"""Typed view hints: every walkthrough's ``view`` tables are read into the game's hints
dataclass; unknown keys and wrong types are errors naming file, step and field."""
from __future__ import annotations

import re
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


# ---- a hint names a place of the position it is shown on ---------------------------------------
def _shipped_with(wid: str, old: str, new: str):
    """A shipped walkthrough with one hint rewritten, read and replayed (the check's path)."""
    path = wt.library()[wid]
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    return wt.replay(wt.parse(text.replace(old, new, 1), path.name))


@pytest.mark.parametrize("wid, old, new, field, problem", [
    # one picture: a place of picture B is no place of the game
    ("intrappola/es1-corner", 'highlight = ["1"]', 'highlight = ["B11"]', "view.highlight",
     "'B11': there is only one picture"),
    # two pictures: C is none of them, and a bare number names no picture
    ("intrappola/variant-several-pictures", 'highlight = ["A4", "A8"]',
     'highlight = ["A4", "C3"]', "view.highlight", "'C3': there are only 2 pictures"),
    ("intrappola/variant-several-pictures", 'highlight = ["A4", "A8"]',
     'highlight = ["A4", "8"]', "view.highlight", "with 2 pictures name the picture too"),
    ("intrappola/begin-setup", 'overlay = "Anna"', 'overlay = "Zoe"', "view.overlay",
     "'Zoe' does not play here"),
    # a team's board by a name no side has
    ("trigger/teams", 'board = "Cleo+Dirk"', 'board = "Cleo+Ben"', "view.board",
     "no side 'Cleo+Ben' plays here"),
    ("trigger/malus", 'board = "Anna"', 'board = "Anna+Ben"', "view.board",
     "no side 'Anna+Ben' plays here"),
])
def test_a_hint_naming_a_place_the_position_has_not_is_refused(wid, old, new, field, problem):
    with pytest.raises(BadWalkthrough) as err:
        _shipped_with(wid, old, new)
    said = str(err.value)
    name = re.escape(wt.library()[wid].name)
    assert re.match(rf"{name}, (step \d+ \(line \d+\)|\[setup\]), field '{field}': ", said), said
    assert problem in said


@pytest.mark.parametrize("after, where", [("[[steps]]", "step 1 (line 35)"),
                                          ("[setup]", "[setup]")])
def test_a_canyon_mark_off_the_map_is_refused(after, where):
    with pytest.raises(BadWalkthrough) as err:
        _shipped_with("canyon/current-push", after, after + '\nview = { mark = ["c3", "z40"] }')
    assert str(err.value).startswith(f"current-push.toml, {where}, field 'view.mark': "
                                     "there is no field z40"), str(err.value)


def test_hints_naming_the_position_s_places_pass():
    replay = _shipped_with("intrappola/variant-several-pictures", 'highlight = ["A4", "A8"]',
                           'highlight = ["A4", "B1"]')
    assert any(f.view.highlight == ("A4", "B1") for f in replay.frames)
    replay = _shipped_with("canyon/current-push", "[[steps]]", '[[steps]]\nview = { mark = ["c3"] }')
    assert replay.frames[1].view.mark == ("c3",)
