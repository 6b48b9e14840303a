"""The one contract test, run over every shipped game and the example game Nim.

Random legal play to the end for several seeds per option set. At every ply: the JSON
round trip gives the same state; every legal move's text parses back to it; facts are
JSON scalars with labels; the phase is a member of the game's StrEnum; the invariants hold;
every player's observation is a state of the game that shows no more than itself and
survives the JSON round trip; a sample of moves that are not legal is refused with a known
rule id and a reason, leaving the state as it was. Then every game's position text reads
back to the same facts, resampling keeps what the player has seen, and the computer players
answer through ``best_move`` with a legal move from the observation alone.
"""
from __future__ import annotations

import json
import random
from enum import StrEnum

import pytest

from examples.nim import GAME as NIM
from tests.sizes import sized
from tutor.core import CHANCE, IllegalMove, registry
from tutor.core.game import Game
from tutor.core.hints import Hints

from .contract import json_round_trip, playout

GAMES = [NIM, *registry.games().values()]
CASES = [(g, o) for g in GAMES for o in g.example_options()]
SEEDS = range(sized(3))  # 30 with --long


def _id(case):
    game, options = case
    return f"{game.name}-{json.dumps(options, sort_keys=True)}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_random_play_keeps_the_contract(case):
    game, options = case
    phases = type(game.phase(game.initial_state(options, 0)))
    assert issubclass(phases, StrEnum)
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
                seen = game.observation(state, player)
                assert type(seen) is type(state)
                assert game.observation(seen, player) == seen  # it shows no more than itself
                assert game.players(seen) == players
                if player == game.to_move(state):  # the player deciding sees it is their turn
                    assert game.to_move(seen) == player
                json.dumps(game.to_json(seen))  # what the goldens record of it
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
            # once after all of them (to_json was half this test's time): a refusal that
            # changed the state is still found, the moves tried are named
            assert game.to_json(state) == before, others
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


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_position_text_reads_back_to_the_same_facts(game):
    _position_round_trip(game)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_resample_keeps_what_the_player_has_seen(game):
    _resample(game)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_best_move_asks_the_computer_with_the_observation_only(game, monkeypatch):
    """Each computer player of the game, through the contract's one door: a legal move,
    decided from what the player deciding sees (a spy on the computer sees the observation,
    never the state), the same for the same seed; None once the game is over."""
    seen_by_computer = []
    for options, seed, state in _sample_states(game, every=13):
        mover = game.to_move(state)
        if mover is None:
            assert game.best_move(state) is None
            continue
        for kind in game.computers or [""]:
            move = game.best_move(state, kind, seed=seed)
            if mover == CHANCE:
                assert move in [m for m, _ in game.chance_outcomes(state)]
                continue
            assert game.is_legal(state, move), (kind, game.move_text(state, move))
            assert game.best_move(state, kind, seed=seed) == move
    computers = dict(game.computers)
    for kind, choose in computers.items():
        monkeypatch.setitem(computers, kind, lambda g, seen, rnd, choose=choose: (
            seen_by_computer.append(seen), choose(g, seen, rnd))[1])
    monkeypatch.setattr(type(game), "computers", computers)
    for options, seed, state in _sample_states(game, every=17):
        mover = game.to_move(state)
        if mover is not None and mover != CHANCE:
            seen_by_computer.clear()
            game.best_move(state)
            assert seen_by_computer in ([], [game.observation(state, mover)])
            assert bool(seen_by_computer) == bool(game.computers)


def test_an_unknown_computer_player_is_a_bad_option():
    from tutor.core import BadOption

    trigger = registry.get("trigger")
    state = trigger.initial_state({"mode": "solo"}, 0)
    while trigger.to_move(state) == CHANCE:
        state = trigger.apply(state, trigger.best_move(state, seed=1))
    with pytest.raises(BadOption, match="no computer player 'clever'; known: search, greedy"):
        trigger.best_move(state, "clever")


def test_the_default_resample_serves_only_games_that_hide_nothing():
    state = NIM.initial_state({"heap": 5})
    assert NIM.resample(state, 0, seed=3) is state
    trapper = registry.get("trapper")
    with pytest.raises(NotImplementedError, match="trapper hides information"):
        Game.resample(trapper, trapper.initial_state({}, 0), 0, seed=1)
