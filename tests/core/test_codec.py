"""The one state codec (tutor/core/codec.py): every state play reaches, in every game and
option set, goes to JSON and back unchanged; hostile JSON is refused with a BadState naming
the field, never another exception."""
from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Literal, Mapping, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from examples.nim import GAME as NIM
from tutor.core import BadState, registry
from tutor.core.codec import MAX_DEPTH, MAX_INT, MAX_ITEMS, MAX_TEXT, Codec
from tutor.core.game import random_move

GAMES = {NIM.name: NIM, **registry.games()}
CASES = [(name, number) for name, game in sorted(GAMES.items())
         for number in range(len(game.example_options()))]
BOUNDED = settings(max_examples=12, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow])


def _through_json(data):
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("name, number", CASES)
@BOUNDED
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 120))
def test_every_state_play_reaches_goes_to_json_and_back(name, number, seed, plies):
    game = GAMES[name]
    state = game.initial_state(game.example_options()[number], seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        data = _through_json(game.to_json(state))
        assert game.from_json(data) == state
        assert game.to_json(game.from_json(data)) == data
        move = random_move(game, state, rnd)
        if move is None:
            break
        state = game.apply(state, move)


def _middle(game):
    rnd, state = random.Random(7), game.initial_state(game.example_options()[-1], 7)
    for _ in range(30):
        move = random_move(game, state, rnd)
        if move is None:
            break
        state = game.apply(state, move)
    return _through_json(game.to_json(state))


STATES = {name: _middle(game) for name, game in GAMES.items()}

#: values no field of any state accepts as they are
HOSTILE = {
    "huge int": 10**5000, "just too large": MAX_INT + 1, "very negative": -(10**30),
    "deep list": None, "deep object": None, "huge text": "x" * (MAX_TEXT + 1),
    "a set": {1, 2}, "bytes": b"\x00", "an object()": object(),
}


def _deep(kind: str, levels: int = 10_000):
    value: object = 1
    for _ in range(levels):
        value = [value] if kind == "deep list" else {"a": value}
    return value


def _paths(data, prefix=()):
    """Every path to a value in JSON data (objects by key, lists by index)."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*prefix, index))


def _replace(data, path, value):
    data = _through_json(data)
    if not path:
        return value
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("kind", sorted(HOSTILE))
@settings(max_examples=15, deadline=None, derandomize=True)
@given(data=st.data())
def test_a_hostile_value_anywhere_in_a_state_is_a_bad_state(name, kind, data):
    state = STATES[name]
    paths = list(_paths(state))
    path = data.draw(st.sampled_from(paths))
    value = _deep(kind) if kind.startswith("deep") else HOSTILE[kind]
    with pytest.raises(BadState):
        GAMES[name].from_json(_replace(state, path, value))


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=20, deadline=None, derandomize=True)
@given(data=st.data())
def test_an_unknown_field_in_any_object_is_named(name, data):
    state = STATES[name]
    objects = [p for p in _paths(state) if isinstance(_at(state, p), dict)]
    path = data.draw(st.sampled_from(objects))
    bad = _through_json(state)
    _at(bad, path)["colour"] = "red"
    with pytest.raises(BadState) as refused:
        GAMES[name].from_json(bad)
    assert "colour" in str(refused.value)


def _at(data, path):
    for key in path:
        data = data[key]
    return data


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("value", [None, [], "state", 3, 2.5, True, [{}], _deep("deep list", 50)])
def test_a_state_that_is_not_an_object_is_a_bad_state(name, value):
    with pytest.raises(BadState):
        GAMES[name].from_json(value)


def test_a_state_of_too_many_values_is_refused_before_it_is_read_through():
    state = _through_json(STATES["trapper"])
    state["draw"] = [0] * (MAX_ITEMS + 1)
    with pytest.raises(BadState, match=f"field 'draw': too large: more than {MAX_ITEMS} values"):
        GAMES["trapper"].from_json(state)


# ---- the kinds of value no game's state uses yet ---------------------------------------------
class Suit(Enum):
    HEARTS = "hearts"
    SPADES = "spades"


class Card(NamedTuple):
    suit: Suit
    rank: int


@dataclass(frozen=True)
class Leaf:
    name: str
    weight: float = 1.0


@dataclass(frozen=True)
class Tree:
    kind: Literal["oak", "elm"]
    leaves: frozenset[Card]
    counts: Mapping[str, int]
    places: Mapping[Card, Leaf]
    children: tuple[Tree, ...] = ()
    best: Card | Leaf | None = None
    extra: dict[str, tuple[int, ...]] = field(default_factory=dict)


TREE = Tree("oak", frozenset({Card(Suit.HEARTS, 3), Card(Suit.SPADES, 1)}),
            MappingProxyType({"b": 2, "a": 1}), MappingProxyType({Card(Suit.SPADES, 12): Leaf("x")}),
            (Tree("elm", frozenset(), MappingProxyType({}), MappingProxyType({}), best=Leaf("y", 2.5)),),
            best=Card(Suit.HEARTS, 1), extra={"k": (1, 2)})


def test_enums_named_tuples_sets_mappings_unions_and_nesting_go_to_json_and_back():
    codec = Codec(Tree)
    data = _through_json(codec.encode(TREE))
    assert data["leaves"] == [["hearts", 3], ["spades", 1]]  # a set as a sorted list
    assert data["places"] == [[["spades", 12], {"name": "x", "weight": 1.0}]]  # pairs: keys are not texts
    assert codec.decode(data) == TREE
    assert codec.encode(codec.decode(data)) == data


@pytest.mark.parametrize("change, where", [
    (lambda d: d.update(kind="ash"), "field 'kind'"),
    (lambda d: d.update(leaves=[["hearts", 3], ["hearts", 3]]), "field 'leaves[1]'"),
    (lambda d: d["counts"].update(c="three"), "field 'counts.c'"),
    (lambda d: d.update(counts=[["a", 1]]), "field 'counts'"),
    (lambda d: d["places"][0].__setitem__(1, {"name": "x", "weight": float("nan")}),
     "field 'places[0][1].weight'"),
    (lambda d: d["children"][0].update(best={"suit": "clubs"}), "field 'children[0].best.suit'"),
    (lambda d: d.update(best=["clubs", 1]), "field 'best[0]'"),
])
def test_each_kind_names_the_path_of_what_is_wrong(change, where):
    codec = Codec(Tree)
    data = _through_json(codec.encode(TREE))
    change(data)
    with pytest.raises(BadState) as refused:
        codec.decode(data)
    assert refused.value.where == where, refused.value


def test_nesting_deeper_than_the_bound_is_refused_without_recursion():
    codec = Codec(Tree)
    data = {"kind": "oak", "leaves": [], "counts": {}, "places": []}
    for _ in range(MAX_DEPTH + 1):
        data = {**data, "children": [data]}
    with pytest.raises(BadState, match="nested deeper than 32 levels"):
        codec.decode(data)


def test_a_type_the_codec_cannot_read_is_a_programming_error_at_once():
    @dataclass(frozen=True)
    class Odd:
        value: object

    with pytest.raises(TypeError, match="JsonForm"):
        Codec(Odd)


def _types(value):
    """A value's types all the way down (equality alone would take a StrEnum member's text,
    or a list for a tuple)."""
    if dataclasses.is_dataclass(value):
        return type(value), tuple(_types(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, Mapping):
        return type(value), tuple((_types(k), _types(v)) for k, v in
                                  sorted(value.items(), key=lambda item: repr(item[0])))
    if isinstance(value, (tuple, list, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, frozenset) else value
        return type(value), tuple(map(_types, items))
    return type(value)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_read_back_has_the_types_it_was_written_with(name):
    game = GAMES[name]
    rnd, state = random.Random(7), game.initial_state(game.example_options()[-1], 7)
    for _ in range(30):
        move = random_move(game, state, rnd)
        if move is None:
            break
        state = game.apply(state, move)
    assert _types(game.from_json(_through_json(game.to_json(state)))) == _types(state)
    assert _types(Codec(Tree).decode(_through_json(Codec(Tree).encode(TREE)))) == _types(TREE)
