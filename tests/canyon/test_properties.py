"""Apply accepts exactly what legal_moves lists (issue 14.4), for every variant.

Random reachable states (random games of each example option set), candidate moves built
directly from every move class with fields in range and out of range: a move is listed by
``legal_moves`` exactly when ``apply`` accepts it; a refused move names a rule of the
catalogue and leaves the state as it was. A move text that reads but names an impossible
thing (a mountain field, a card nobody holds, a tempo the cards cannot show) is refused with a
rule id. Bounded: a fixed number of examples per variant, no deadline.
"""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.canyon import GAME, MOUNTAIN, Drift, Launch, Paddle, Play, Stay, Tempo
from tutor.canyon.cards import SUITS, Card
from tutor.core import IllegalMove

from ..contract import playout

BOUNDED = settings(max_examples=80, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow])

VARIANTS = GAME.example_options()


def _reachable(options: dict) -> list:
    """Every state of two random games, and one in five of a third (a finished one too)."""
    states = [s for seed in (1, 2) for s, _ in playout(GAME, options, seed)]
    return states + [s for s, _ in itertools.islice(playout(GAME, options, 3), 0, None, 5)]


POOLS = {i: _reachable(options) for i, options in enumerate(VARIANTS)}


def _moves(state, draw) -> list:
    """Moves of every class, the player and the fields drawn in range and out of it."""
    seats = len(state.players)
    fields = state.board.rows * state.board.cols
    player = draw(st.integers(-1, seats))
    field = draw(st.integers(-2, fields + 1) | st.sampled_from(sorted(state.board.starts)))
    card = Card(draw(st.sampled_from([*SUITS, "black"])), draw(st.integers(0, 11)))
    held = [c for hand in state.hands for c in hand]
    if held and draw(st.booleans()):
        card = draw(st.sampled_from(held))
    cards = tuple(draw(st.lists(st.integers(-1, 8), max_size=3)))
    own = [player, state.turn][draw(st.integers(0, 1))]
    return [Launch(own, field), Tempo(own, cards), Play(own, card), Paddle(own, field),
            Stay(own), Drift(own)]


def _check(state, move) -> None:
    before = json.dumps(GAME.to_json(state), sort_keys=True)
    listed = move in set(GAME.legal_moves(state))
    try:
        after = GAME.apply(state, move)
    except IllegalMove as refused:
        assert not listed, f"listed but refused: {move} ({refused.rule_id})"
        assert refused.rule_id in GAME.rules, refused.rule_id
        assert refused.reason
        assert json.dumps(GAME.to_json(state), sort_keys=True) == before
    else:
        assert listed, f"accepted but not listed: {move}"
        assert after is not state
        assert json.dumps(GAME.to_json(state), sort_keys=True) == before


@pytest.mark.parametrize("variant", range(len(VARIANTS)),
                         ids=[json.dumps(o, sort_keys=True) for o in VARIANTS])
@BOUNDED
@given(data=st.data())
def test_listed_exactly_when_accepted(variant, data):
    state = data.draw(st.sampled_from(POOLS[variant]))
    for move in _moves(state, data.draw):
        _check(state, move)
    for move in GAME.legal_moves(state):  # and every listed move is accepted
        GAME.apply(state, move)


@pytest.mark.parametrize("variant", range(len(VARIANTS)),
                         ids=[json.dumps(o, sort_keys=True) for o in VARIANTS])
def test_a_text_that_reads_but_names_an_impossible_thing_is_refused(variant):
    seen = set()
    for state in POOLS[variant]:
        if GAME.outcome(state) is not None or state.phase in seen:
            continue
        seen.add(state.phase)
        name = state.players[state.turn]
        mountain = state.board.field_name(state.board.kinds.index(MOUNTAIN))
        nobody_holds = next(c for c in (Card(s, v) for s in SUITS for v in range(1, 11))
                            if all(c not in hand for hand in state.hands))
        for text in (f"{name}: paddle to {mountain}", f"{name}: start at {mountain}",
                     f"{name}: play {nobody_holds}", f"{name}: tempo 2 with 1+1",
                     f"{name}: tempo 7 with 7"):
            move = GAME.parse_move(state, text)
            before = json.dumps(GAME.to_json(state), sort_keys=True)
            with pytest.raises(IllegalMove) as refused:
                GAME.apply(state, move)
            assert refused.value.rule_id in GAME.rules
            assert json.dumps(GAME.to_json(state), sort_keys=True) == before
    assert len(seen) >= 4
