"""The core on the demo game: errors, rule catalogues, walkthrough files, replay, the CLI."""
from __future__ import annotations

import textwrap

import pytest

from tutor.__main__ import main
from tutor.core import BadWalkthrough, IllegalMove, MalformedInput, RuleCatalogue, registry
from tutor.core import walkthrough as wt
from examples.nim import NimGame as Nim

NIM = Nim()

GOOD = textwrap.dedent('''
    game = "nim"
    title = "Taking the last counter"
    [setup]
    position = "heap: 4"
    narration = "Four counters are left."
    rules = ["nim.take"]

    [[steps]]
    title = "Too greedy"
    move = "take 5"
    refused = "nim.take"
    narration = "Five is more than one turn allows."

    [[steps]]
    move = "take 3"
    narration = "P1 takes three."
    rules = ["nim.take"]
    expect = { heap = 1, turn = "P2" }

    [[steps]]
    narration = "One counter is left for P2."

    [[steps]]
    move = "take 1"
    narration = "P2 takes the last one and wins."
    expect = { heap = 0 }
''')


@pytest.fixture(autouse=True)
def nim_registered(monkeypatch):
    games = {**registry.games(), "nim": NIM}
    monkeypatch.setattr(registry, "games", lambda: games)


def test_replay_gives_a_frame_per_step_and_refusals_leave_the_state():
    replay = wt.replay(wt.parse(GOOD, "good.toml"))
    assert [f.index for f in replay.frames] == [0, 1, 2, 3, 4]
    start, refused, took, talk, last = replay.frames
    assert start.narration == "Four counters are left." and start.rule_ids == ("nim.take",)
    assert refused.refusal.rule_id == "nim.take" and refused.state == start.state
    assert refused.rule_ids == ("nim.take",) and "not 5" in refused.refusal.reason
    assert took.state.heap == 1 and took.move_text == "take 3"
    assert talk.move is None and talk.state == took.state
    assert last.rule_ids == ("nim.take",)  # from the game when the step names none
    assert NIM.outcome(last.state).winners == (1,)


@pytest.mark.parametrize("change, message", [
    (('expect = { heap = 1, turn = "P2" }', 'expect = { heap = 2 }'),
     "step 2 (line 15), field 'expect': expect: 'heap' should be 2 but is 1"),
    (('expect = { heap = 0 }', 'expect = { heep = 0 }'), "no fact called 'heep'"),
    (('refused = "nim.take"', 'refused = "nim.take.heap"'),
     "step 1 (line 9), field 'refused': move 'take 5' is refused by nim.take, not nim.take.heap"),
    (('move = "take 3"', 'move = "grab 3"'), "step 2 (line 15), field 'move': expected 'take N'"),
    (('move = "take 1"', 'move = "take 2"'), "move 'take 2' is refused: only 1 left"),
    (('rules = ["nim.take"]\n\n[[steps]]', 'rules = ["nim.tak"]\n\n[[steps]]'), "unknown rule id 'nim.tak'"),
    (('narration = "P1 takes three."', 'story = "P1 takes three."'), "unknown field(s) ['story']"),
    (('game = "nim"', 'game = "chess"'), "field 'game': no game called 'chess'"),
    (('position = "heap: 4"', 'position = "heap: four"'),
     "bad.toml, [setup], field 'position', line 1, column 7 (file line 5): heap is a whole number, not 'four'"),
    (('position = "heap: 4"', 'position = "heap 4"'),
     "[setup], field 'position', line 1, column 1 (file line 5): expected 'key: value' or"),
    (('title = "Too greedy"\nmove = "take 5"\nrefused = "nim.take"', 'title = 3'),
     "step 1 (line 9): field 'title' must be str, not int"),
    (('[setup]', 'steps = 1\n[setup]'), "not valid TOML"),
])
def test_a_bad_walkthrough_names_file_step_and_field(change, message):
    old, new = change
    assert old in GOOD
    with pytest.raises(BadWalkthrough) as err:
        wt.replay(wt.parse(GOOD.replace(old, new, 1), "bad.toml"))
    assert message in str(err.value)
    assert str(err.value).startswith("bad.toml")


@pytest.mark.parametrize("old, new, message", [
    ('rules = ["nim.take"]\n\n[[steps]]', 'rules = ["nim.take"]\ncolour = 1\n\n[[steps]]',
     "bad.toml, [setup]: unknown field(s) ['colour']; allowed: ['narration', 'options', "
     "'position', 'rules', 'seed', 'view']"),
    ('position = "heap: 4"', 'seed = "4"', "bad.toml, [setup]: field 'seed' must be int, not str"),
    ('rules = ["nim.take"]\n\n[[steps]]', 'rules = "nim.take"\n\n[[steps]]',
     "bad.toml, [setup]: field 'rules' must be list, not str"),
    ('rules = ["nim.take"]\n\n[[steps]]', 'rules = ["nim.take", 3]\n\n[[steps]]',
     "bad.toml, [setup]: field 'rules' must be a list of rule ids"),
    ('[setup]\n', '[settings]\n', "bad.toml: unknown field(s) ['settings']; allowed: ['game', "
     "'lang', 'order', 'setup', 'source', 'steps', 'summary', 'title']"),
    ('title = "Taking', 'order = true\ntitle = "Taking',
     "bad.toml: field 'order' must be int, not bool"),
    ('title = "Taking', 'lang = "de"\ntitle = "Taking',
     "bad.toml, field 'lang': 'de' is not a language"),
    ('move = "take 3"', 'move = "take 3"\nask = "How many?"',
     "bad.toml, step 2 (line 15): field 'ask' must be dict, not str"),
    ('move = "take 3"', 'move = "take 3"\ntry = { accept = [" "] }',
     "bad.toml, step 2 (line 15), field 'try': field 'accept' must be a list of texts"),
    ('move = "take 3"', 'move = "take 3"\nask = { fact = "heap", prompt = "How many?", rule = 1 }',
     "bad.toml, step 2 (line 15), field 'ask': field 'rule' must be str, not int"),
    ('narration = "One counter is left for P2."', 'title = "Talk"',
     "bad.toml, step 3 (line 21): field 'narration' is missing"),
])
def test_each_table_of_a_walkthrough_names_its_wrong_field(old, new, message):
    """The file's tables as the reader declares them: a field's type, presence and name."""
    assert old in GOOD
    with pytest.raises(BadWalkthrough) as err:
        wt.parse(GOOD.replace(old, new, 1), "bad.toml")
    assert str(err.value).startswith(message), err.value


def test_a_step_or_setup_that_is_no_table_is_named():
    with pytest.raises(BadWalkthrough, match=r"^w.toml, step 1: a step must be a table$"):
        wt.parse('game = "nim"\ntitle = "T"\nsteps = [1]\n', "w.toml")
    with pytest.raises(BadWalkthrough, match=r"^w.toml: field 'setup' must be dict, not int$"):
        wt.parse('game = "nim"\ntitle = "T"\nsetup = 3\n[[steps]]\nnarration = "N"\n', "w.toml")
    with pytest.raises(BadWalkthrough, match=r"^w.toml: a walkthrough needs at least one step$"):
        wt.parse('game = "nim"\ntitle = "T"\nsteps = []\n', "w.toml")


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(BadWalkthrough, match="nope.toml: cannot read the file"):
        wt.load(tmp_path / "nope.toml")


def test_illegal_move_carries_rule_and_leaves_state():
    state = NIM.initial_state({"heap": 2})
    with pytest.raises(IllegalMove) as err:
        NIM.apply(state, NIM.parse_move(state, "take 3"))
    assert err.value.rule_id == "nim.take.heap" and err.value.move_text == "take 3"
    assert state.heap == 2
    assert [NIM.move_text(state, m) for m in NIM.legal_moves(state)] == ["take 1", "take 2"]


def test_bad_options_and_bad_state_are_malformed_input():
    with pytest.raises(MalformedInput, match="heap: heap must be a whole number from 1"):
        NIM.initial_state({"heap": 0})
    with pytest.raises(MalformedInput, match="field 'players': is missing"):
        NIM.from_json({"heap": 3})


def test_rule_catalogue_checks_its_fields():
    with pytest.raises(MalformedInput, match="rule 'x.y': field 'text' is missing"):
        RuleCatalogue.from_toml_text('["x.y"]\ntitle = "T"\n', source="r.toml")
    with pytest.raises(MalformedInput, match="unknown field"):
        RuleCatalogue.from_toml_text('["x.y"]\ntitle = "T"\ntext = "t"\ncolour = 1\n', "r.toml")
    cat = RuleCatalogue.from_toml_text('["x.y"]\ntitle = "T"\ntext = "t"\nreading = "we read"\n', "r")
    assert cat["x.y"].is_reading and cat.reason("x.y") == "T"
    with pytest.raises(KeyError, match="no rule with id 'x.z'"):
        cat["x.z"]


def test_check_command_reports_the_first_failing_step(tmp_path, capsys):
    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text(GOOD)
    bad.write_text(GOOD.replace("expect = { heap = 0 }", "expect = { heap = 9 }"))
    assert main(["check", str(good)]) == 0
    assert main(["check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "ok   " in out and "4 steps" in out
    assert "FAIL bad.toml, step 4 (line 24), field 'expect': expect: 'heap' should be 9 but is 0" in out
    assert "1 passed, 1 failed" in out


def test_every_shipped_walkthrough_replays():
    library = wt.library()
    assert "trapper/green-turn" in library
    for wid in library:
        replay = wt.replay(wt.by_id(wid))
        assert len(replay.frames) == len(replay.walkthrough.steps) + 1
    with pytest.raises(BadWalkthrough, match="no walkthrough 'trapper/nope'"):
        wt.by_id("trapper/nope")


def test_match_undo_save_and_load_name_the_bad_move():
    from tutor.core.match import Match
    from tutor.core import BadState
    match = Match.new(NIM, {"heap": 6}, seed=3).play_text("take 2").play_text("take 3")
    loaded = Match.load(match.save())
    assert loaded.state == match.state and loaded.moves_text() == ["take 2", "take 3"]
    assert match.undo().undo().undo().state == NIM.initial_state({"heap": 6})
    with pytest.raises(IllegalMove):
        match.play_text("take 9")
    assert match.moves == []
    broken = match.save().replace('"moves": []', '"moves": ["take 3", "take 3", "take 3"]')
    with pytest.raises(BadState, match="saved game, move 3: 'take 3' is not legal here: only 0 left|saved game, move 3"):
        Match.load(broken)
    with pytest.raises(BadState, match="field 'seed' is missing"):
        Match.load('{"game": "nim", "options": {}, "moves": []}')
    with pytest.raises(BadState, match="saved game: not JSON"):
        Match.load("{")


def test_every_shipped_walkthrough_has_its_own_place_in_the_teaching_order():
    by_game: dict[str, list[int]] = {}
    for wid in wt.library():
        walk = wt.by_id(wid)
        assert walk.order != 1000, f"{wid} has no 'order'"
        by_game.setdefault(walk.game, []).append(walk.order)
    for game, orders in by_game.items():
        assert sorted(orders) == list(range(1, len(orders) + 1)), game
    with pytest.raises(BadWalkthrough, match="field 'order' must be int"):
        wt.parse(GOOD.replace('title = "Taking', 'order = "first"\ntitle = "Taking', 1), "o.toml")
