"""The golden records: every game's seeded playthroughs and walkthrough replays as stored.

A failure prints the diff and the command that writes the records again. Regenerate only
when the change is meant (a rule fixed, a fact added), and say so in the commit.
"""
from __future__ import annotations

import pytest

from tutor.core import goldens, registry

NAMES = registry.names()


@pytest.mark.parametrize("name", NAMES)
def test_goldens_are_as_stored(name):
    fresh = list(goldens.goldens([name]))
    assert fresh, f"{name} makes no goldens"
    diffs = [d for d in (goldens.diff(g) for g in fresh) if d]
    stale = goldens.stored(goldens.FOLDER, [name]) - {g.path for g in fresh}
    if diffs or stale:
        shown = "\n".join(diffs)
        lines = shown.splitlines()
        if len(lines) > 150:
            shown = "\n".join(lines[:150]) + f"\n... ({len(lines) - 150} more diff lines)"
        pytest.fail(f"{len(diffs)} golden(s) of {name} differ, {len(stale)} stale "
                    f"{sorted(stale)}:\n{shown}\n"
                    f"If the change is meant: python -m tutor goldens --write {name}",
                    pytrace=False)


def test_every_game_and_option_set_has_a_playthrough_and_every_walkthrough_a_record():
    kept = goldens.stored(goldens.FOLDER, NAMES)
    for name in NAMES:
        game = registry.get(name)
        for number in range(1, len(game.example_options()) + 1):
            assert f"{name}/play-{number}.txt" in kept
    from tutor.core import walkthrough
    for wid in walkthrough.library():
        game, stem = wid.split("/", 1)
        assert f"{game}/walk-{stem}.txt" in kept


def test_the_goldens_stay_small():
    sizes = {p: (goldens.FOLDER / p).stat().st_size for p in goldens.stored(goldens.FOLDER, NAMES)}
    assert max(sizes.values()) < 300_000, max(sizes, key=sizes.get)
    assert sum(sizes.values()) < 3_000_000


def test_a_changed_record_is_shown_as_a_diff_with_the_command(tmp_path, capsys):
    from tutor.__main__ import goldens as command
    game = registry.get(NAMES[0])
    assert command([game.name], write=True, folder=tmp_path) == 0
    record = tmp_path / game.name / "play-1.txt"
    lines = record.read_text().splitlines(keepends=True)
    assert lines[4].startswith("to move: ")
    lines[4] = "to move: somebody else\n"
    record.write_text("".join(lines))
    (tmp_path / game.name / "play-99.txt").write_text("old\n")
    capsys.readouterr()
    assert command([game.name], write=False, folder=tmp_path) == 1
    out = capsys.readouterr().out
    assert "-to move: somebody else" in out and "+to move: " in out
    assert f"{game.name}/play-99.txt: kept, but no longer made" in out
    assert f"regenerate: python -m tutor goldens --write {game.name}" in out
    assert command([game.name], write=True, folder=tmp_path) == 0
    assert not (tmp_path / game.name / "play-99.txt").exists()
    assert command([game.name], write=False, folder=tmp_path) == 0


def test_flatten_names_every_leaf():
    assert goldens.flatten({"a": [1, {"b": (2, 3)}], "c": {}}) == {
        "a.0": 1, "a.1.b.0": 2, "a.1.b.1": 3, "c": {}}
