"""Trigger's walkthroughs, read from their goldens (the one replay test, tests/test_core.py,
and the goldens test replay them; this file does not replay them again)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
FILES = sorted((ROOT / "tutor" / "trigger" / "walkthroughs").glob("*.toml"))
GOLDENS = ROOT / "tests" / "goldens" / "trigger"


def test_the_issue_walkthroughs_are_all_there_each_with_its_golden():
    assert len(FILES) >= 7
    assert {f"walk-{p.stem}.txt" for p in FILES} <= {p.name for p in GOLDENS.iterdir()}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_step_names_the_rule_it_shows(path):
    golden = (GOLDENS / f"walk-{path.stem}.txt").read_text(encoding="utf-8")
    frames = re.split(r"^== frame (\d+) ==$", golden, flags=re.M)[1:]
    rules = {int(n): re.search(r"^rules:(.*)$", body, flags=re.M) for n, body in
             zip(frames[::2], frames[1::2])}
    assert len(rules) >= 2
    for index, found in rules.items():
        if index:
            assert found and found.group(1).split(), f"step {index} names no rule"


def test_a_cell_a_narration_places_in_a_corner_is_that_corner():
    """"e1, top right" said a corner of a cell beside it (the corner is f1): a cell named with
    a corner of the board ("e1, top right") must be that corner; "near the top right" may be
    any cell (checked in the English walkthroughs, which the catalogs translate)."""
    from tutor.trigger.board import COLUMNS, SIZE

    corners = {"top left": f"{COLUMNS[0]}1", "top right": f"{COLUMNS[-1]}1",
               "bottom left": f"{COLUMNS[0]}{SIZE}", "bottom right": f"{COLUMNS[-1]}{SIZE}"}
    said = re.compile(r"\b([a-f][1-6]),\s+(top|bottom) (left|right)\b")
    wrong = []
    for toml in FILES:
        text = " ".join(toml.read_text().split())
        for cell, upright, side in said.findall(text):
            if corners[f"{upright} {side}"] != cell:
                wrong.append(f"{toml.name}: {cell}, {upright} {side}")
    assert not wrong, wrong


@pytest.mark.parametrize("path", [p for p in FILES if "\nposition = " in p.read_text()],
                         ids=lambda p: p.stem)
def test_a_lesson_begins_with_no_bonus_left_by_the_player_who_just_played(path):
    """A player who ends a turn with a line of a single face-up number left a bonus untaken:
    the other may claim a malus (rulebook 6 and 7). The round's end began so - Ben's four
    numbers each the last of a line, six bonuses he never took, no malus offered - and then
    told of his 88 points lost as if the board were one a game leaves. Only the player about
    to play may have a bonus open (a star lesson's, said in its narration)."""
    from tutor.core.walkthrough import load
    from tutor.trigger import GAME

    lesson = load(path)
    facts = GAME.facts(GAME.parse_position(lesson.position, lesson.options, lesson.seed))
    open_ = {key.split(".", 1)[1] for key, value in facts.items() if key.startswith("bonus.") and value}
    assert open_ <= {facts["side"]}, {key: facts[key] for key in facts if key.startswith("bonus.")}
