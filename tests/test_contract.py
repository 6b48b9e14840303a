"""The one contract test, run over every registered game (and the demo game Nim).

Random legal play to the end for several seeds per option set. At every ply: the JSON
round trip gives the same state; every legal move's text parses back to it; facts are
JSON scalars; observations exist for every player; a sample of moves that are not legal
is refused with a known rule id and a reason, leaving the state as it was.
"""
from __future__ import annotations

import json
import random

import pytest

from tutor.core import CHANCE, IllegalMove, registry
from tutor.core.demo import Nim

from .contract import json_round_trip, playout

GAMES = [Nim(), *registry.games().values()]
CASES = [(g, o) for g in GAMES for o in g.example_options()]
SEEDS = range(6)


def _id(case):
    game, options = case
    return f"{game.name}-{json.dumps(options, sort_keys=True)}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_random_play_keeps_the_contract(case):
    game, options = case
    for seed in SEEDS:
        rnd = random.Random(seed)
        seen_moves = []
        for state, move in playout(game, options, seed):
            json_round_trip(game, state)
            facts = game.facts(state)
            assert all(isinstance(v, (int, str, bool, float, type(None))) for v in facts.values())
            for player in range(len(game.players(state))):
                game.observation(state, player)
            if move is None:
                outcome = game.outcome(state)
                assert outcome.winners and len(outcome.scores) == len(game.players(state))
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


def test_every_game_has_a_rule_catalogue_and_options():
    assert "trapper" in registry.names()
    for game in GAMES:
        assert len(game.rules) > 0
        for rule in game.rules.values():
            assert rule.id.startswith(game.name + "."), rule.id
        for options in game.example_options():
            game.initial_state(options, seed=0)
