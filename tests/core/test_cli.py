"""The command line: soak, readings, lessons, coverage, check --lang, --load."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from examples.nim import GAME as NIM
from examples.nim import NimGame
from tutor.__main__ import ROOT, main
from tutor.core import course, registry
from tutor.core import walkthrough as wt
from tutor.core.coverage import markdown


class LeakyNim(NimGame):
    """Nim with a bug: the heap goes below zero once 3 or fewer are left."""

    name = "leakynim"

    def play(self, state, move):
        after = super().play(state, move)
        return replace(after, heap=-1) if after.heap <= 3 else after

    def invariants(self, state):
        return ["a counter vanished"] if state.heap < 0 else []


class CrashingNim(NimGame):
    name = "crashingnim"

    def play(self, state, move):
        if state.heap == 5:
            raise ZeroDivisionError("oops")
        return super().play(state, move)


@pytest.fixture(autouse=True)
def known_games():
    for game in (NIM, LeakyNim(), CrashingNim()):
        registry.register(game)


def test_soak_plays_every_variant_and_passes(capsys):
    assert main(["soak", "--games", "5", "--game", "nim"]) == 0
    out = capsys.readouterr().out
    assert 'nim variant 0 {"heap": 10}: 5 games, 0 failed' in out
    assert "nim variant 1" in out and "10 games in" in out and ", 0 failed" in out


def test_soak_names_the_seed_of_a_failure_and_the_command_to_replay_it(capsys):
    assert main(["soak", "--games", "4", "--game", "leakynim", "--variant", "0", "--seed", "7"]) == 1
    out = capsys.readouterr().out
    assert "FAIL leakynim variant 0 {\"heap\": 10} seed 7, ply" in out
    assert "a counter vanished" in out
    assert "again: python -m tutor soak --game leakynim --variant 0 --seed 7 --games 1" in out
    assert "4 games in" in out and "4 failed" in out


def test_soak_reports_a_crash_and_goes_on(capsys):
    assert main(["soak", "--games", "3", "--game", "crashingnim", "--game", "nim"]) == 1
    out = capsys.readouterr().out
    assert "ZeroDivisionError: oops (test_cli.py:" in out
    assert "nim variant 1" in out  # the next game is still played


def test_an_unknown_game_is_a_usage_error(capsys):
    assert main(["soak", "--games", "1", "--game", "chess"]) == 2
    assert "no game called 'chess'" in capsys.readouterr().err


def test_readings_show_the_book_s_words_and_the_choice(capsys):
    assert main(["readings", "--json"]) == 0
    found = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    misere = found["nim.variant.misere"]
    assert misere["words"] == "Who takes the last counter loses." and misere["book"] == "en"
    assert misere["reading"].startswith("The folk rule says")
    assert all(r["reading"] for r in found.values())
    assert any(r["game"] == "trapper" for r in found.values())
    assert main(["readings"]) == 0
    text = capsys.readouterr().out
    assert "nim.variant.misere: Misère: the last counter loses\n  book:    [en] “Who takes" in text


def test_lessons_json_is_the_course(capsys):
    assert main(["lessons", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [e["course_position"] for e in found] == list(range(1, len(wt.library()) + 1))
    assert {e["id"] for e in found} == set(wt.library())
    first = found[0]
    assert set(first) == {"game", "id", "name", "course_position", "title", "order", "steps",
                          "try_it", "questions", "languages"}
    # every shipped lesson is translated whole into every shipped language (once, every
    # entry said ["en"]: the question was never put to the catalogs)
    from tutor.core.i18n import SHIPPED
    assert all(e["languages"] == list(SHIPPED) for e in found), \
        [(e["id"], e["languages"]) for e in found if e["languages"] != list(SHIPPED)]
    by_game = [e["order"] for e in found if e["game"] == "trapper"]
    assert by_game == sorted(by_game)
    green = next(e for e in found if e["id"] == "trapper/green-turn")
    assert green["steps"] == len(wt.by_id("trapper/green-turn").steps)
    assert course.next_lesson("trapper/setup") == found[[e["id"] for e in found].index("trapper/setup") + 1]["id"]


def test_lessons_count_the_try_it_steps_and_questions_of_a_walkthrough(monkeypatch, capsys):
    # the browser tests' walkthrough: three steps, one try-it step, two questions
    shipped = wt.library()
    fixture = Path(ROOT, "tests", "browser", "fixtures", "trapper-try.toml")
    monkeypatch.setattr(wt, "library", lambda: {**shipped, "trapper/try-fixture": fixture})
    assert main(["lessons", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    entry = next(e for e in found if e["id"] == "trapper/try-fixture")
    assert (entry["game"], entry["name"], entry["steps"], entry["try_it"], entry["questions"]) == (
        "trapper", "try-fixture", 3, 1, 2)
    assert entry["course_position"] == [e["id"] for e in found].index("trapper/try-fixture") + 1


def test_a_lesson_whose_narration_changed_after_translation_is_english_only():
    """A stale translation (the English changed, the catalogs did not) is not a language the
    lesson has; nor is one whose catalog misses a single text."""
    from dataclasses import replace

    from tutor.core.i18n import SHIPPED, walkthrough_languages
    walk = wt.load(wt.library()["trapper/green-turn"])
    assert walkthrough_languages(walk) == list(SHIPPED)
    steps = list(walk.steps)
    steps[1] = replace(steps[1], narration=steps[1].narration + " Changed after translation.")
    assert walkthrough_languages(replace(walk, steps=tuple(steps))) == ["en"]


def test_check_lang_calls_the_i18n_check(monkeypatch, capsys):
    from i18nbuild import check
    path = str(wt.library()["trapper/setup"])
    monkeypatch.setattr(check, "check", lambda out: print("nl: 3 missing", file=out) or 1)
    assert main(["check", path, "--lang"]) == 1
    assert "nl: 3 missing" in capsys.readouterr().out


def test_the_example_game_s_walkthrough_checks_with_load(capsys):
    path = Path(ROOT, "examples", "walkthroughs", "first-game.toml")
    assert main(["--load", "examples.nim", "check", str(path)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["--load", "examples.nothing", "games"]) == 2


def test_docs_coverage_md_is_current(capsys):
    assert main(["coverage", "--check"]) == 0, "run: python -m tutor coverage"


def test_coverage_of_the_example_game():
    text = markdown([NIM])
    assert "| *The last counter* (example) | lines 4-5 | `nim.over` | `nim/first-game` | — |" in text
    assert "3 entries, 1 of them worked examples; without a rule or walkthrough: 0." in text


def test_a_wrong_coverage_entry_is_named(tmp_path, monkeypatch):
    from tutor.core import coverage
    bad = tmp_path / "coverage.toml"
    bad.write_text('book = "b"\nlanguage = "en"\n[[section]]\nname = "x"\nplace = "1"\n'
                   'rules = ["nim.nothing"]\n')
    monkeypatch.setattr(coverage, "path_of", lambda game: bad)
    with pytest.raises(Exception, match="coverage.toml, section 1: no rule 'nim.nothing'"):
        coverage.load(NIM)
    bad.write_text('book = "b"\nlanguage = "en"\n[[section]]\nname = "x"\nplace = "1"\n'
                   'readings = ["nim.take"]\n')
    with pytest.raises(Exception, match="rule 'nim.take' has no reading"):
        coverage.load(NIM)
    bad.write_text('book = "b"\nlanguage = "en"\n[[section]]\nname = "x"\nplace = "1"\n'
                   'walkthroughs = "nim/first-game"\nlevel = 1\n')
    with pytest.raises(Exception, match=r"section 1: unknown field\(s\) \['level'\]; allowed: "
                                        r"\['kind', 'name', 'note', 'place', 'readings'"):
        coverage.load(NIM)
    bad.write_text('book = "b"\nlanguage = "en"\n[[section]]\nname = "x"\nplace = "1"\n'
                   'walkthroughs = ["nim/first-game", 2]\n')
    with pytest.raises(Exception, match="section 1: field 'walkthroughs' must be a list of "
                                        "walkthrough ids"):
        coverage.load(NIM)
    bad.write_text('language = "en"\n')
    with pytest.raises(Exception, match="coverage.toml: field 'book' is missing"):
        coverage.load(NIM)


def test_coverage_check_lists_every_trigger_rule_with_a_walkthrough_or_a_reason(capsys):
    """Issue 23: `coverage --check` names, for every Trigger rule, the walkthroughs that show
    it or why none does; the teams, the self-malus and the too-bad roll have walkthroughs."""
    from tutor.trigger import GAME as TRIGGER

    assert main(["coverage", "--check"]) == 0
    out = capsys.readouterr().out
    listed = {line.split()[1].rstrip(":") for line in out.splitlines() if line.startswith("ok   ")}
    assert set(TRIGGER.rules) <= listed
    for rule, lesson in [("trigger.teams", "trigger/teams"),
                         ("trigger.solo.malus", "trigger/solo-malus"),
                         ("trigger.solo.replay.bad", "trigger/solo-reroll")]:
        line = next(l for l in out.splitlines() if l.startswith(f"ok   {rule}:"))
        assert lesson in line, line


def test_a_rule_with_neither_a_walkthrough_nor_a_reason_fails_the_check(tmp_path, monkeypatch,
                                                                         capsys):
    from tutor.core import coverage
    from tutor.trigger import GAME as TRIGGER

    real = coverage.path_of(TRIGGER)
    text = real.read_text(encoding="utf-8")
    gap = tmp_path / "coverage.toml"
    gap.write_text(text.replace('\n"trigger.end.over" = ', '\n# "trigger.end.over" = '),
                   encoding="utf-8")
    monkeypatch.setattr(coverage, "path_of",
                        lambda game: gap if game.name == "trigger" else real.parent.parent
                        / game.name / "coverage.toml")
    assert main(["coverage", "--check"]) == 1
    assert "FAIL trigger.end.over: no walkthrough shows it" in capsys.readouterr().out
    stale = tmp_path / "stale.toml"
    stale.write_text(text.replace('[untaught]\n', '[untaught]\n"trigger.teams" = "old"\n'),
                     encoding="utf-8")
    monkeypatch.setattr(coverage, "path_of", lambda game: stale)
    with pytest.raises(Exception, match="'trigger.teams' is listed as untaught but trigger/teams"):
        coverage.rule_listing(TRIGGER, coverage.load(TRIGGER))
