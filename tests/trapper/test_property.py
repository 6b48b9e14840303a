"""Apply accepts exactly what legal_moves lists (issue 14.4), for every variant.

Over random reachable states (a seeded random game, stopped at a random ply), moves built
directly from every move class - with fields in range and out of range, with choices that
fit and choices that do not - and move texts that read but name something impossible:

* listed <=> accepted (``violation`` is None);
* refused => an IllegalMove whose rule id is in the catalogue, with a filled-in reason, and
  the state unchanged;
* accepted => apply gives a new state.
"""
from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.sizes import sized
from tutor.core import BadMoveText, IllegalMove
from tutor.core.game import random_move
from tutor.trapper import GAME
from tutor.trapper.moves import AuctionTake, Bid, DropOut, EndTurn, Exchange, Pass, Take
from tutor.trapper.tiles import COLOURS, SPECIES, TILES, square_name

OPTIONS = GAME.example_options()
NAMES = sorted({t.name for t in TILES})
COLOUR = st.integers(-1, 4)
SQUARE = st.integers(-1, 64)
PAYING = st.none() | st.integers(-1, 4)
CARDS = st.lists(st.integers(-1, 9), min_size=3, max_size=5).map(tuple)
# choices: nothing, a tile name or two, words that are no tile, anything
CHOICE = (st.just(()) | st.lists(st.sampled_from(NAMES), min_size=1, max_size=3).map(tuple)
          | st.tuples(st.text(alphabet="abcdefghij 1234", max_size=8)))


def reachable(seed: int, plies: int, options: dict) -> object:
    rnd = random.Random(seed)
    state = GAME.initial_state(options, seed)
    for _ in range(plies):
        move = random_move(GAME, state, rnd)
        if move is None:
            break
        state = GAME.apply(state, move)
    return state


@st.composite
def moves(draw, state):
    """A move of any class, its fields in or out of range (often those of a legal one)."""
    legal = list(GAME.legal_moves(state))
    takes = [m for m in legal if isinstance(m, Take)]
    kind = draw(st.sampled_from(["take", "near", "auction", "end", "pass", "drop", "exchange",
                                 "bid"]))
    if kind == "near" and takes:  # a legal take with one field changed
        base = draw(st.sampled_from(takes))
        field = draw(st.sampled_from(["colour", "square", "paying", "choice", "cards"]))
        values = {"colour": COLOUR, "square": SQUARE, "paying": PAYING, "choice": CHOICE,
                  "cards": CARDS}
        changes = {field: draw(values[field])}
        if field == "cards" and not isinstance(base, AuctionTake):
            return AuctionTake(base.colour, base.square, base.paying, base.choice,
                               changes["cards"])
        if isinstance(base, AuctionTake):
            return AuctionTake(**{**base.__dict__, **changes})
        return Take(**{**base.__dict__, **changes})
    if kind in ("take", "near"):
        return Take(draw(COLOUR), draw(SQUARE), draw(PAYING), draw(CHOICE))
    if kind == "auction":
        return AuctionTake(draw(COLOUR), draw(SQUARE), draw(PAYING), draw(CHOICE), draw(CARDS))
    if kind == "exchange":
        return Exchange(tuple(draw(st.lists(st.integers(-1, 6), max_size=4))))
    if kind == "bid":
        return Bid(draw(st.integers(-2, 14)), draw(st.none() | COLOUR))
    return {"end": EndTurn(), "pass": Pass(), "drop": DropOut()}[kind]


def texts(state):
    """Move texts that read, naming things that may not be there."""
    colour = st.sampled_from(COLOURS)
    square = st.sampled_from([square_name(sq) for sq in range(64)])
    canoe = st.sampled_from([n for n in NAMES if n.startswith("canoe")])
    single = st.sampled_from([n for n in NAMES if not n.startswith("canoe")])
    return st.one_of(
        st.builds(lambda c, s: f"{c}: take {s}", colour, square),
        st.builds(lambda c, s, p: f"{c}: take {s} paying {p} {p}", colour, square, colour),
        st.builds(lambda c, s, n: f"{c}: take {s} to {n}", colour, square, canoe),
        st.builds(lambda c, s, n: f"{c}: take {s} with {n}", colour, square, single),
        st.builds(lambda s: "exchange " + " ".join(s),
                  st.lists(st.sampled_from(SPECIES), min_size=1, max_size=4)),
        st.builds(lambda c, n: f"bid {c} {n}", colour, st.integers(1, 12)),
        st.builds(lambda n: f"bid {n}", st.integers(1, 12)),
        st.sampled_from(["end turn", "pass", "drop out"]),
    )


def check(state, move, legal) -> None:
    found = GAME.violation(state, move)
    assert (move in legal) == (found is None), (GAME.move_text(state, move), found)
    before = GAME.to_json(state)
    if found is None:
        assert GAME.apply(state, move) != state
        return
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, move)
    assert refused.value.rule_id == found.rule_id and refused.value.rule_id in GAME.rules
    assert refused.value.reason and "{" not in refused.value.reason
    assert GAME.to_json(state) == before


@pytest.mark.parametrize("options", OPTIONS, ids=[o.get("variant", "standard") + f"-{o['players']}"
                                                  for o in OPTIONS])
@settings(max_examples=int(os.environ.get("TRAPPER_EXAMPLES", sized(40))), deadline=None,
          derandomize=not os.environ.get("TRAPPER_RANDOM"),
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10**6), plies=st.integers(0, 90))
def test_apply_accepts_exactly_the_listed_moves(options, data, seed, plies):
    state = reachable(seed, plies, options)
    legal = set(GAME.legal_moves(state))
    for _ in range(8):
        check(state, data.draw(moves(state)), legal)
    for _ in range(4):
        text = data.draw(texts(state))
        try:
            move = GAME.parse_move(state, text)
        except BadMoveText:
            continue
        check(state, move, legal)
