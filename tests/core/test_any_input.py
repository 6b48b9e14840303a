"""Any input, from anywhere, is read or refused with a MalformedInput naming what and where.

One hypothesis test per reader of outside input: move texts and position texts (each game's
own parser), move objects handed to ``apply``/``violation``/``is_legal`` (the guard of
:mod:`tutor.core.movecheck`), walkthrough files, saved games and the page's address. The
hostile values are those that crashed readers before: numbers of more than 4,300 digits
(Python's int-string limit), digits ``str.isdigit`` accepts but ``int`` does not ('²'),
deep nesting, values of the wrong type, bytes that are not UTF-8.
"""
from __future__ import annotations

import dataclasses
import json
import re
import typing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from examples.nim import GAME as NIM
from tutor.canyon.cards import Card
from tutor.canyon.moves import Play, Tempo
from tutor.core import BadMove, BadState, BadWalkthrough, IllegalMove, MalformedInput, registry
from tutor.core import movecheck
from tutor.core import walkthrough as wt
from tutor.core.match import Match
from tutor.trigger.moves import Flip, Opening
from widgets.serving.params import parse_request, parse_step

from ..contract import playout

ANY = settings(max_examples=50, deadline=None, derandomize=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
GAMES = {NIM.name: NIM, **registry.games()}
#: what the guard of a reader lets through when a reader fails in its own way
FALLBACK = "cannot be read ("


def _states(game, per_option: int = 6) -> list:
    """A few states of a random game per option set (start, middle, near the end)."""
    found = []
    for number, options in enumerate(game.example_options()):
        states = [s for s, _ in playout(game, options, 11 + number)]
        step = max(1, len(states) // per_option)
        found.extend((options, s) for s in states[::step][:per_option])
    return found


STATES = {name: _states(game) for name, game in GAMES.items()}

#: hostile pieces of text: huge numbers, digits int() refuses, nesting, odd characters
HOSTILE = st.sampled_from([
    "9" * 5000, "-" + "9" * 4400, "1" + "0" * 4300, "²", "1²", "³³", "٣", "𝟙", "½", "Ⅻ",
    "(" * 3000, "[" * 3000 + "]" * 3000, "((((((7))))))", "\x00", "\ud800", "\ufeff", "\u202e",
    "1e99999", "nan", "-0", "+5", "0x10", "٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣", "x" * 3000, "",
])


def _hostile_text(text: str, draw) -> str:
    """``text`` with a number swapped for a hostile piece, or a piece put somewhere."""
    piece = draw(HOSTILE)
    numbers = list(re.finditer(r"\d+", text))
    if numbers and draw(st.booleans()):
        found = draw(st.sampled_from(numbers))
        return text[:found.start()] + piece + text[found.end():]
    if draw(st.booleans()):
        return draw(st.text(max_size=40))
    at = draw(st.integers(0, len(text)))
    return text[:at] + piece + text[at:]


def _read_or_refused(read, *args) -> None:
    try:
        read(*args)
    except MalformedInput as exc:
        assert exc.problem and FALLBACK not in str(exc), exc


# ---- move texts ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(GAMES))
@ANY
@given(data=st.data())
def test_any_move_text_is_read_or_refused(name, data):
    game = GAMES[name]
    _, state = data.draw(st.sampled_from(STATES[name]))
    legal = list(game.legal_moves(state)) or [m for m, _ in game.chance_outcomes(state)]
    text = game.move_text(state, data.draw(st.sampled_from(legal))) if legal else "pass"
    _read_or_refused(game.parse_move, state, _hostile_text(text, data.draw))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("junk", [None, 7, b"\xff\xfe take 1", ["take", 1], {"move": 1}])
def test_a_move_text_of_the_wrong_type_is_refused(name, junk):
    game = GAMES[name]
    with pytest.raises(MalformedInput):
        game.parse_move(STATES[name][0][1], junk)


@pytest.mark.parametrize("name, text", [
    ("canyon", "Anne: tempo " + "9" * 5000),
    ("canyon", "Anne: tempo 6 with 4+" + "2" * 4400),
    ("canyon", "Anne: play blue " + "7" * 5000),
    ("canyon", "Anne: play blue ²"),
    ("canyon", "Anne: paddle to c1²"),
    ("trapper", "bid green " + "3" * 5000),
    ("trapper", "bid " + "3" * 5000),
    ("trigger", "open ² 5"),
    ("trigger", "roll 1² 5"),
])
def test_each_number_that_crashed_a_move_parser_is_a_bad_move_text(name, text):
    """Before: ValueError (int-string limit, or int('²'))."""
    game = GAMES[name]
    state = game.initial_state(game.example_options()[0], seed=1)
    with pytest.raises(MalformedInput) as err:
        game.parse_move(state, text)
    assert len(str(err.value)) < 400 or "9" * 5000 not in str(err.value)


# ---- position texts --------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(GAMES))
@ANY
@given(data=st.data())
def test_any_position_text_is_read_or_refused(name, data):
    game = GAMES[name]
    options, state = data.draw(st.sampled_from(STATES[name]))
    text = game.position_text(state)
    broken = _hostile_text(text, data.draw)
    try:
        game.parse_position(broken, options)
    except MalformedInput as exc:
        # a line's problem names its line; a whole position's (a card twice) says what
        assert exc.problem and FALLBACK not in str(exc), exc


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("junk", [None, 7, b"\xff\xfe players: 2", ["players: 2"]])
def test_a_position_of_the_wrong_type_is_refused(name, junk):
    with pytest.raises(MalformedInput):
        GAMES[name].parse_position(junk)


@pytest.mark.parametrize("name", sorted(registry.games()))
@pytest.mark.parametrize("junk", ["players=2", 5, [1, 2], [("players", 2)], {1: 2}, {None: 2}])
def test_options_that_are_no_table_of_named_options_are_refused_in_the_learner_s_words(name, junk):
    """Trapper and Canyon read options that were no table as one (a text, a list of pairs) or
    failed with ValueError and TypeError (also on a name that is no text); every game now says
    it, in the page's language."""
    from tutor.core.i18n import using

    game = registry.get(name)
    with pytest.raises(MalformedInput) as refused:
        game.initial_state(junk)
    named = isinstance(junk, dict)  # a name that is no text: an unknown option, by its name
    assert refused.value.where in (("options", str(next(iter(junk)))) if named else ("options",))
    with using("nl"), pytest.raises(MalformedInput) as in_dutch:
        game.initial_state(junk)
    # (a name: the setting the game does not know, as a learner reads it: "instelling")
    said = str(in_dutch.value)
    assert (("optie" in said or "instelling" in said) if named else "opties" in said), said


@pytest.mark.parametrize("name, options, where", [
    ("trigger", {"mode": "three"}, "mode"), ("intrappola", {"pictures": 99}, "pictures"),
    ("intrappola", {"colours": 2}, "options")])
def test_an_option_the_game_does_not_take_is_refused_in_the_page_s_language(name, options, where):
    """The shared option checks (tutor/core/options.py) said "mode must be one of ..." and
    "unknown option(s) ['colours']" in English on Dutch and Italian pages."""
    from tutor.core.i18n import using

    for lang, word in (("nl", "niet"), ("it", "non")):
        with using(lang), pytest.raises(MalformedInput) as refused:
            registry.get(name).initial_state(options)
        assert refused.value.where == where
        assert f" {word} " in str(refused.value) or "sconosciut" in str(refused.value) \
            or "onbekend" in str(refused.value), str(refused.value)


@pytest.mark.parametrize("name, old, new", [
    ("trapper", r"(hand \w+: green )\d+", r"\g<1>" + "9" * 5000),
    ("trapper", r"(hand \w+: green )\d+", r"\g<1>²"),
    ("canyon", r"(draw \w+ )\d+", r"\g<1>" + "9" * 5000),
    ("canyon", r"(draw \w+ )\d+", r"\g<1>²"),
])
def test_each_number_that_crashed_a_position_reader_names_its_line(name, old, new):
    """Before: ValueError from int() in the Trapper and Canyon position readers."""
    game = GAMES[name]
    options, state = STATES[name][len(STATES[name]) // 2]
    text = game.position_text(state)
    broken = re.sub(old, new, text, count=1)
    assert broken != text
    with pytest.raises(BadState) as err:
        game.parse_position(broken, options)
    assert err.value.where.startswith("line "), err.value


# ---- move objects ----------------------------------------------------------------------------
WILD = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6)
    | st.integers(0, 2).map(lambda k: (10**5000, -10**400, 2**63)[k])  # (no repr of 5000 digits)
    | st.sampled_from(["blue", Card("blue", 7), Card("hidden", 0)]),
    lambda inner: st.lists(inner, max_size=3).map(tuple) | st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=5)


def _field_value(hint, draw):
    """A value for a field: mostly of any type, sometimes of the field's own type (small)."""
    if draw(st.integers(0, 2)) == 0:
        return draw(WILD)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        return draw(st.integers(-3, 70))
    if hint is str:
        return draw(st.sampled_from(["row 1", "col e", "diag a1-f6", "green", "x"]))
    if origin is tuple:
        return tuple(draw(st.integers(-1, 40)) for _ in range(draw(st.integers(0, 3))))
    if hint is Card:
        return Card(draw(st.sampled_from(["blue", "red", "pink"])), draw(st.integers(0, 11)))
    return draw(WILD)


@pytest.mark.parametrize("name", sorted(GAMES))
@ANY
@given(data=st.data())
def test_any_move_object_is_applied_or_refused(name, data):
    """A move of the game's classes with any values in its fields, or no move at all: apply,
    violation and is_legal answer, or refuse it (IllegalMove, BadMove), never crash."""
    game = GAMES[name]
    _, state = data.draw(st.sampled_from(STATES[name]))
    classes = movecheck.move_classes(type(game))
    if data.draw(st.integers(0, 5)) == 0:
        move = data.draw(WILD | st.sampled_from([Flip((1,)), Play(0, Card("blue", 7)), object()]))
    else:
        kind = data.draw(st.sampled_from(classes))
        hints = typing.get_type_hints(kind)
        values = {f.name: _field_value(hints[f.name], data.draw) for f in dataclasses.fields(kind)}
        move = kind(**values)
    for ask in (game.apply, game.violation, game.is_legal):
        try:
            ask(state, move)
        except (IllegalMove, BadMove):
            pass


@pytest.mark.parametrize("name, move", [
    ("canyon", Play(0, ("blue", 7))),  # before: AttributeError ('tuple' has no 'suit')
    ("canyon", Play(0, "blue 7")),
    ("canyon", Tempo(0, 3)),
    ("trigger", Opening(None)),  # before: TypeError (no len())
    ("trigger", Flip(("a1",))),
    ("trigger", Flip((10**5000,))),
    ("trigger", Play(0, Card("blue", 7))),  # another game's move
    ("nim", "take 1"),
])
def test_a_move_the_game_did_not_make_is_refused_by_apply_violation_and_is_legal(name, move):
    game = GAMES[name]
    state = STATES[name][1][1]
    for ask in (game.apply, game.violation, game.is_legal):
        with pytest.raises(BadMove) as err:
            ask(state, move)
        assert err.value.where == "move" and err.value.problem


def test_the_guard_names_the_class_and_the_field():
    game = GAMES["canyon"]
    with pytest.raises(BadMove, match=r"Play: field 'card' must be a Card, not tuple"):
        game.apply(STATES["canyon"][1][1], Play(0, ("blue", 7)))
    with pytest.raises(BadMove, match=r"Flip: field 'cells' item 1 is a whole number out of range"):
        GAMES["trigger"].violation(STATES["trigger"][1][1], Flip((10**5000,)))


def test_the_games_own_moves_pass_the_guard_and_listing_is_unchanged():
    """Every candidate a game lists is of its own making; listing agrees with is_legal."""
    for name, game in GAMES.items():
        for _, state in STATES[name][:4]:
            listed = list(game.legal_moves(state))
            for move in listed:
                assert movecheck.problem(type(game), move) is None, (name, move)
                assert game.is_legal(state, move)
            assert listed == [m for m in game.candidate_moves(state) if game.is_legal(state, m)]


# ---- walkthrough files and saved games -------------------------------------------------------
WALKS = {}
for _wid, _path in sorted(wt.library().items(), key=lambda item: item[1].stat().st_size):
    WALKS.setdefault(_wid.split("/")[0], _path.read_text())


@pytest.mark.parametrize("game", sorted(WALKS))
@ANY
@given(data=st.data())
def test_a_walkthrough_move_of_any_text_names_its_step_and_field(game, data):
    """A step's move swapped for hostile text: refused naming the file, step and field, in
    the game's own words (not the catch-all of a reader that failed in its own way)."""
    text = WALKS[game]
    moves = list(re.finditer(r'^move = "([^"\n]*)"', text, re.M))
    found = data.draw(st.sampled_from(moves))
    broken = _hostile_text(found.group(1), data.draw)
    broken = json.dumps(broken).replace("\\ud800", "?")  # TOML has no lone surrogate escape
    data_bytes = (text[:found.start()] + f"move = {broken}" + text[found.end():]).encode()
    if data.draw(st.booleans()):
        data_bytes = data_bytes.replace(b"move = ", b"move = \xff", 1)  # not UTF-8
    try:
        wt.replay(wt.parse(data_bytes, "any.toml"))
    except BadWalkthrough as exc:
        assert str(exc).startswith("any.toml") and FALLBACK not in str(exc), exc


@pytest.mark.parametrize("wid, old, new", [
    ("trapper/tactical-auction", 'move = "bid beige 2"', 'move = "bid beige ' + "2" * 5000 + '"'),
    ("canyon/current-push", 'move = "Herman: paddle to b9"', 'move = "Herman: play blue ²"'),
    ("canyon/current-push", 'move = "Herman: paddle to b9"', 'move = "Herman: tempo ' + "4" * 4400 + '"'),
    ("trigger/roll-and-flip", 'move = "roll 5 6"', 'move = "roll 5 ²"'),
])
def test_a_walkthrough_move_that_crashed_its_parser_is_refused_in_its_words(wid, old, new):
    """Before: the parser's ValueError, caught by the replay's catch-all ('cannot be read
    (ValueError: Exceeds the limit ...)')."""
    text = wt.library()[wid].read_text()
    assert old in text
    with pytest.raises(BadWalkthrough) as err:
        wt.replay(wt.parse(text.replace(old, new, 1), "any.toml"))
    assert "field 'move'" in str(err.value) and FALLBACK not in str(err.value), err.value


SAVED = {}
for _name, _game in GAMES.items():
    _match = Match.new(_game, _game.example_options()[0], seed=4)
    for _, _move in zip(range(12), (m for _, m in playout(_game, _game.example_options()[0], 4))):
        if _move is None:
            break
        _match.play(_move)
    SAVED[_name] = json.loads(_match.save())


@pytest.mark.parametrize("name", sorted(SAVED))
@ANY
@given(data=st.data())
def test_a_saved_game_with_any_move_text_names_the_move(name, data):
    saved = json.loads(json.dumps(SAVED[name]))
    number = data.draw(st.integers(0, len(saved["moves"]) - 1))
    saved["moves"][number] = _hostile_text(saved["moves"][number], data.draw)
    text = json.dumps(saved)
    try:
        Match.load(text, games=GAMES)
    except BadState as exc:
        assert str(exc).startswith("saved game") and FALLBACK not in str(exc), exc


@pytest.mark.parametrize("name", sorted(SAVED))
@ANY
@given(data=st.data())
def test_a_saved_game_of_any_bytes_is_refused(name, data):
    """Invalid UTF-8, deep nesting, huge numbers anywhere in the file."""
    raw = json.dumps(SAVED[name]).encode()
    at = data.draw(st.integers(0, len(raw)))
    piece = data.draw(st.sampled_from([b"\xff", b"\xc3\x28", b"[" * 5000, b"9" * 5000,
                                       b'"' + "²".encode() + b'"', b"\xed\xa0\x80"]))
    try:
        Match.load(raw[:at] + piece + raw[at:], games=GAMES)
    except BadState as exc:
        assert str(exc).startswith("saved game"), exc


# ---- the page's address ----------------------------------------------------------------------
ADDRESS = st.one_of(
    st.text(max_size=60),
    HOSTILE.map(lambda piece: f"step={piece}"),
    HOSTILE.map(lambda piece: f"lang={piece}&step=2&present={piece}"),
    st.sampled_from(["step=%ff", "lang=%c3%28&step=%ed%a0%80", "step=1" + "&a=1" * 300,
                     "step=" + "%5B" * 3000]),
)


@ANY
@given(query=ADDRESS, accept=st.text(max_size=40) | HOSTILE, last=st.integers(0, 40))
def test_any_address_opens_a_step_and_a_language(query, accept, last):
    """The address is read with a safe value for anything (the page never fails): a step in
    0..last, a language offered, and a sentence when the step asked for is not one."""
    request = parse_request(query, accept_language=accept)
    choice = request.step_choice(last=last)
    assert 0 <= choice.index <= last
    assert request.lang in ("en", "nl", "it")


@pytest.mark.parametrize("raw", [10**5000, -10**5000, 2.5, None, b"3", ["3"], "²", "9" * 5000],
                         ids=["huge", "-huge", "float", "none", "bytes", "list", "sup", "digits"])
def test_any_step_value_opens_a_step(raw):
    """Before: a step number of 5,000 digits given as a number raised ValueError."""
    choice = parse_step(raw, last=4)
    assert 0 <= choice.index <= 4
    assert (choice.message != "") == (raw is not None)


@pytest.mark.parametrize("query, accept", [(None, ""), (7, ""), (b"step=2", ""), ("step=2", 7),
                                           ("step=2", None), ("step=2", b"nl")])
def test_an_address_of_the_wrong_type_opens_the_setup_in_a_language(query, accept):
    """Before: AttributeError / TypeError."""
    request = parse_request(query, accept_language=accept)
    assert request.lang in ("en", "nl", "it") and request.step_choice(last=3).index in (0, 2)
