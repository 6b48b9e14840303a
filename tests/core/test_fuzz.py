"""Bad input never crashes: walkthrough files and saved games, broken at random.

Byte flips, truncation, wrong types, deep nesting, huge numbers, files too large: reading
and replaying gives a result or a MalformedInput naming where, never another exception.
Each test is bounded (a fixed number of examples, no deadline per example).
"""
from __future__ import annotations

import json
from itertools import islice

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from examples.nim import GAME as NIM
from tutor.core import BadState, BadWalkthrough, MalformedInput, registry
from tutor.core.game import CHANCE
from tutor.core import walkthrough as wt
from tutor.core.inputs import MAX_BYTES
from tutor.core.match import Match

from ..contract import playout

FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: one walkthrough per game (the smallest), as bytes
WALKS = {}
for _wid, _path in sorted(wt.library().items(), key=lambda item: item[1].stat().st_size):
    WALKS.setdefault(_wid.split("/")[0], _path.read_bytes())


def _saved(game, options) -> str:
    match = Match.new(game, options, seed=3)
    for _, move in zip(range(25), (m for _, m in playout(game, options, 3))):
        if move is None:
            break
        match.play(move)
    return match.save()


SAVED = {g.name: _saved(g, g.example_options()[-1]) for g in [NIM, *registry.games().values()]}
GAMES = {NIM.name: NIM, **registry.games()}


def _middle_state(game) -> str:
    states = [s for s, _ in playout(game, game.example_options()[-1], 5)]
    return json.dumps(game.to_json(states[len(states) // 2]))


STATES = {name: _middle_state(game) for name, game in GAMES.items()}


def _mutate(data: bytes, draw) -> bytes:
    """Flip, drop, insert or truncate bytes, or splice in a hostile value."""
    kind = draw(st.sampled_from(["flip", "truncate", "insert", "hostile", "delete"]))
    if kind == "truncate":
        return data[:draw(st.integers(0, len(data)))]
    at = draw(st.integers(0, len(data)))
    if kind == "flip":
        flips = draw(st.lists(st.tuples(st.integers(0, len(data) - 1), st.integers(0, 255)),
                              min_size=1, max_size=8))
        out = bytearray(data)
        for index, value in flips:
            out[index] = value
        return bytes(out)
    if kind == "delete":
        return data[:at] + data[at + draw(st.integers(1, 40)):]
    if kind == "insert":
        return data[:at] + draw(st.binary(min_size=1, max_size=20)) + data[at:]
    hostile = draw(st.sampled_from([
        b"[" * 5000 + b"]" * 5000, b"{a=" * 900, b"9" * 5000, b"-" + b"9" * 4400,
        b"1e99999", b"\xff\xfe", b'"\\ud800"', b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]"
        b"]]]]]]]]]]]]]]]]]]]]]]]", b"\x00", b"nan", b'"' + b"x" * 3000 + b'"']))
    return data[:at] + hostile + data[at:]


def _replay(data: bytes) -> None:
    try:
        wt.replay(wt.parse(data, "fuzzed.toml"))
    except MalformedInput as exc:
        assert str(exc).startswith("fuzzed.toml"), exc


@pytest.mark.parametrize("game", sorted(WALKS))
@FUZZ
@given(data=st.data())
def test_a_broken_walkthrough_is_refused_with_file_step_and_field(game, data):
    _replay(_mutate(WALKS[game], data.draw))


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=6)


def _toml_value(value) -> str:
    """A TOML spelling of a JSON-like value (None as an empty table)."""
    if value is None:
        return "{}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value) if value == value and abs(value) != float("inf") else "nan"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"


@pytest.mark.parametrize("game", sorted(WALKS))
@FUZZ
@given(data=st.data())
def test_a_field_of_the_wrong_type_is_refused(game, data):
    """Each field of the first step (and of the setup) replaced by a value of any type."""
    text = WALKS[game].decode()
    lines = text.splitlines()
    fields = [i for i, line in enumerate(lines)
              if " = " in line and not line.startswith(" ") and '"""' not in line]
    index = data.draw(st.sampled_from(fields))
    key = lines[index].split(" = ")[0]
    lines[index] = f"{key} = {_toml_value(data.draw(VALUES))}"
    _replay("\n".join(lines).encode())


def _leaf_paths(data, prefix=()):
    """Every path below the top of JSON data (objects by key, lists by index)."""
    items = data.items() if isinstance(data, dict) else enumerate(data) \
        if isinstance(data, list) else ()
    for key, value in items:
        yield (*prefix, key)
        yield from _leaf_paths(value, (*prefix, key))


def _alike(value):
    """Values of the same kind as ``value``: what gets past the types to the game's checks."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-3, 70) | st.integers(-(2**63), 2**63)
    if isinstance(value, str):
        return st.sampled_from(["", "x", "over", "standard", "two", "row 1", "default"]) | st.text()
    if isinstance(value, list) and value:
        return st.lists(st.sampled_from(value), max_size=len(value) + 2) | st.permutations(value)
    return st.just(value)


def works_on(game, state) -> None:
    """Everything a page asks of a state runs without an exception (a refused move is an
    IllegalMove, never a crash), and the state is one the game may hold."""
    assert game.problems(state) == []
    assert game.from_json(json.loads(json.dumps(game.to_json(state)))) == state
    game.facts(state), game.phase(state), game.outcome(state)
    for player in range(len(game.players(state))):
        game.observation(state, player)
    mover = game.to_move(state)
    moves = [m for m, _ in game.chance_outcomes(state)] if mover == CHANCE else \
        list(islice(game.legal_moves(state), 50))
    for move in moves[:5]:
        game.parse_move(state, game.move_text(state, move))
        game.facts(game.apply(state, move))


@pytest.mark.parametrize("name", sorted(SAVED))
@FUZZ
@given(data=st.data())
def test_a_broken_saved_game_is_refused(name, data):
    text = _mutate(SAVED[name].encode(), data.draw)
    try:
        match = Match.load(text, games=GAMES)
    except BadState as exc:
        assert str(exc).startswith("saved game"), exc
        return
    works_on(match.game, match.state)  # the bytes still make a game: one that works


@pytest.mark.parametrize("name", sorted(SAVED))
@FUZZ
@given(data=st.data())
def test_a_saved_game_with_wrong_types_is_refused(name, data):
    saved = json.loads(SAVED[name])
    key = data.draw(st.sampled_from(["game", "options", "seed", "moves", "option", "move"]))
    value = data.draw(VALUES)
    if key == "option":
        saved["options"][data.draw(st.sampled_from([*saved["options"], "extra"]))] = value
    elif key == "move" and saved["moves"]:
        saved["moves"][data.draw(st.integers(0, len(saved["moves"]) - 1))] = value
    else:
        saved[key] = value
    try:
        match = Match.load(json.dumps(saved), games=GAMES)
    except BadState as exc:
        assert str(exc).startswith("saved game"), exc
        return
    works_on(match.game, match.state)


@pytest.mark.parametrize("name", sorted(SAVED))
@FUZZ
@given(data=st.data())
def test_a_state_with_a_value_of_any_type_is_refused_or_works(name, data):
    """``from_json`` of a state with one value (a leaf or a whole part) replaced by a value
    of any type: a BadState, or - the value fits - a state the game works on."""
    game = GAMES[name]
    state = json.loads(STATES[name])
    path = data.draw(st.sampled_from(list(_leaf_paths(state))))
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(VALUES | _alike(target[path[-1]]))
    try:
        loaded = game.from_json(state)
    except BadState:
        return  # refused, naming the field: what a broken state must get
    works_on(game, loaded)


@pytest.mark.parametrize("problem, data, message", [
    ("non-UTF-8", b'game = "nim"\n\xe9t\xe9', "fuzzed.toml: not UTF-8 text: byte 0xe9 at position 13"),
    ("deep", b"a = " + b"[" * 3000 + b"]" * 3000, "fuzzed.toml: nested deeper than 32 levels"),
    ("huge number", b"order = " + b"9" * 5000, "fuzzed.toml: not valid TOML: Exceeds the limit"),
    ("huge file", b"# " + b"x" * (MAX_BYTES + 1), f"fuzzed.toml: too large: {MAX_BYTES + 3} bytes"),
])
def test_each_crash_of_before_is_a_clear_error(problem, data, message):
    with pytest.raises(BadWalkthrough) as err:
        wt.parse(data, "fuzzed.toml")
    assert str(err.value).startswith(message)


def test_a_huge_walkthrough_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(BadWalkthrough, match=r"big.toml: too large: 1000001 bytes, at most"):
        wt.load(path)


@pytest.mark.parametrize("saved, message", [
    (b"\xff", "saved game: not UTF-8 text"),
    ("[" * 2000 + "]" * 2000, "saved game: nested deeper than 32 levels"),
    ('{"game": "nim", "options": {}, "seed": ' + "9" * 5000 + ', "moves": []}',
     "saved game: not JSON: Exceeds the limit"),
    ('{"game": "nim", "options": {"heap": [[[[1]]]]}, "seed": 1, "moves": []}',
     "saved game, field 'options': heap must be a whole number"),
    ('{"game": "nim", "options": {}, "seed": true, "moves": []}', "field 'seed' is missing"),
    ('{"game": "os.path", "options": {}, "seed": 1, "moves": []}', "unknown game 'os.path'"),
    ('{"game": "nim", "options": {}, "seed": 1, "moves": ["take 3", 7]}',
     "saved game, move 2: a move must be a text"),
    (" " * (MAX_BYTES + 1), "saved game: too large"),
])
def test_a_bad_saved_game_names_what_is_wrong(saved, message):
    with pytest.raises(BadState) as err:
        Match.load(saved, games=GAMES)
    assert str(err.value).startswith("saved game") and message in str(err.value), err.value


def test_the_check_command_goes_through_every_file_and_sums_up(tmp_path, capsys):
    from tutor.__main__ import main
    good = tmp_path / "good.toml"
    good.write_bytes(WALKS["trapper"])
    (tmp_path / "latin1.toml").write_bytes(b'game = "trapper"\ntitle = "\xe9"\n')
    (tmp_path / "deep.toml").write_bytes(b"a = " + b"[" * 3000 + b"]" * 3000)
    (tmp_path / "view.toml").write_bytes(WALKS["trapper"].replace(
        b"[[steps]]", b'[[steps]]\nview = { mark = "d3" }', 1))
    files = sorted(str(p) for p in tmp_path.iterdir())
    assert main(["check", *files]) == 1
    out = capsys.readouterr().out
    assert "latin1.toml: not UTF-8 text: byte 0xe9" in out
    assert "deep.toml: nested deeper than 32 levels" in out
    assert "field 'view.mark': must be a list of texts, not a text" in out
    assert "1 passed, 3 failed" in out
