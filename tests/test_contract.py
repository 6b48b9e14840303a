"""The one contract test, run over every shipped game and the example game Nim.

Random legal play to the end for several seeds per option set. At every ply: the JSON
round trip gives the same state; every legal move's text parses back to it; facts are
JSON scalars with labels; the phase is a member of the game's Enum; the invariants hold;
observations exist for every player; a sample of moves that are not legal is refused with
a known rule id and a reason, leaving the state as it was. Then the parts of the contract a
game may still lack are checked where it has them (position text, resampling); the games
that lack them are listed, strictly: the test fails once a game has the part, so the list
only shrinks.
"""
from __future__ import annotations

import json
import random
from enum import Enum

import pytest

from examples.nim import GAME as NIM
from tutor.core import CHANCE, IllegalMove, registry
from tutor.core.game import Game
from tutor.core.hints import Hints

from .contract import json_round_trip, playout

GAMES = [NIM, *registry.games().values()]
CASES = [(g, o) for g in GAMES for o in g.example_options()]
SEEDS = range(6)

#: games whose position text does not yet read back to the same facts, or is not written
POSITION_PENDING = {"canyon"}
#: games that hide information but cannot yet deal the hidden parts again (play on from here)
RESAMPLE_PENDING = {"canyon"}


def _id(case):
    game, options = case
    return f"{game.name}-{json.dumps(options, sort_keys=True)}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_random_play_keeps_the_contract(case):
    game, options = case
    phases = type(game.phase(game.initial_state(options, 0)))
    assert issubclass(phases, Enum)
    for seed in SEEDS:
        rnd = random.Random(seed)
        seen_moves = []
        for state, move in playout(game, options, seed):
            json_round_trip(game, state)
            facts = game.facts(state)
            assert all(isinstance(v, (int, str, bool, float, type(None))) for v in facts.values())
            assert isinstance(game.phase(state), phases)
            assert game.invariants(state) == []
            players = game.players(state)
            assert players and all(isinstance(p, str) for p in players)
            for player in range(len(players)):
                game.observation(state, player)
            if move is None:
                outcome = game.outcome(state)
                assert outcome.winners and len(outcome.scores) == len(players)
                assert game.to_move(state) is None
                assert list(game.legal_moves(state)) == []
                break
            if game.to_move(state) == CHANCE:
                continue
            legal = list(game.legal_moves(state))
            assert move in legal
            for m in legal[:40]:
                assert game.parse_move(state, game.move_text(state, m)) == m
            # moves that are not legal here: rejected candidates and moves from earlier plies
            others = [m for m in game.candidate_moves(state) if m not in legal][:10]
            others += [m for m in rnd.sample(seen_moves, min(10, len(seen_moves))) if m not in legal]
            before = game.to_json(state)
            for bad in others:
                with pytest.raises(IllegalMove) as refused:
                    game.apply(state, bad)
                assert refused.value.rule_id in game.rules
                assert refused.value.reason
                assert game.to_json(state) == before
            seen_moves.extend(legal[:5])


def test_every_game_has_a_rule_catalogue_options_hints_and_labels():
    assert "trapper" in registry.names()
    for game in GAMES:
        assert isinstance(game, Game)
        assert len(game.rules) > 0, f"{game.name}: no rules.toml read"
        for rule in game.rules.values():
            assert rule.id.startswith(game.name + "."), rule.id
        for options in game.example_options():
            state = game.initial_state(options, seed=0)
            for key in game.facts(state):
                assert isinstance(game.fact_label(key), str) and game.fact_label(key)
        assert issubclass(game.hints, Hints) and game.hints() == game.hints()


def _sample_states(game, every=9):
    for options in game.example_options():
        for seed in range(2):
            for ply, (state, _) in enumerate(playout(game, options, seed)):
                if ply % every == 0:
                    yield options, seed, state


def _position_round_trip(game):
    for options, seed, state in _sample_states(game):
        text = game.position_text(state)
        again = game.parse_position(text, options, seed)
        assert game.facts(again) == game.facts(state), text


def _resample(game):
    for options, seed, state in _sample_states(game):
        for player in range(len(game.players(state))):
            if game.to_move(state) is None:
                continue
            other = game.resample(state, player, seed=seed + 7)
            assert game.observation(other, player) == game.observation(state, player)
            assert game.players(other) == game.players(state)


def _pending(names):
    return [pytest.param(g, id=g.name, marks=pytest.mark.xfail(
        strict=True, reason=f"{g.name} does not have this part of the contract yet"))
            if g.name in names else pytest.param(g, id=g.name) for g in GAMES]


@pytest.mark.parametrize("game", _pending(POSITION_PENDING))
def test_position_text_reads_back_to_the_same_facts(game):
    _position_round_trip(game)


@pytest.mark.parametrize("game", _pending(RESAMPLE_PENDING))
def test_resample_keeps_what_the_player_has_seen(game):
    _resample(game)


def test_the_default_resample_serves_only_games_that_hide_nothing():
    state = NIM.initial_state({"heap": 5})
    assert NIM.resample(state, 0, seed=3) is state
    trapper = registry.get("trapper")
    with pytest.raises(NotImplementedError, match="trapper hides information"):
        Game.resample(trapper, trapper.initial_state({}, 0), 0, seed=1)
