"""Invariants at every ply of random Trapper games (all example options, several seeds)."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tutor.core import IllegalMove
from tutor.trapper import GAME
from tutor.trapper.moves import Take

from ..contract import json_round_trip, playout

CASES = [(o, seed) for o in GAME.example_options() for seed in range(8)]

# tile values by id, written out independently of tutor.trapper.tiles:
# 18 canoes (capacities 1,2,3 per species), 36 animals (1,2,2,3,3,4 per species),
# herbs 1-5, mushrooms 1-5
VALUE = [c for _ in range(6) for c in (1, 2, 3)] + [v for _ in range(6) for v in (1, 2, 2, 3, 3, 4)]
VALUE += [1, 2, 3, 4, 5] * 2


def tiles_everywhere(s) -> Counter:
    found = Counter(t for t in s.board if t is not None)
    found.update(s.box)
    found.update(s.handed_in)
    for d in s.displays:
        for row in d.rows:
            found.update((row.canoe, *row.animals))
            found.update(t for t in (row.mushroom, row.herb) if t is not None)
        found.update(d.singles)
        for sold in d.sold:
            found.update((sold.canoe, *sold.tiles))
    return found


def cards_everywhere(s) -> list[int]:
    cards = [0, 0, 0, 0]
    for pile in (*s.hands, s.discard, s.aside):
        for c in range(4):
            cards[c] += pile[c]
    for c in s.draw:
        cards[c] += 1
    return cards


@pytest.mark.parametrize("options, seed", CASES, ids=[f"{json.dumps(o)}-{s}" for o, s in CASES])
def test_random_games_conserve_tiles_cards_and_money(options, seed):
    plies = 0
    sales = 0
    for state, move in playout(GAME, options, seed):
        plies += 1
        assert tiles_everywhere(state) == Counter(range(64))
        assert cards_everywhere(state) == [16, 16, 16, 16]
        facts = GAME.facts(state)
        for p, name in enumerate(state.players):
            assert facts[f"money.{name}"] == sum(x.amount for x in state.ledger if x.player == p)
        if move is None:
            assert state.over and GAME.outcome(state) is not None
            break
        after = GAME.apply(state, move)
        new_lines = after.ledger[len(state.ledger):]
        assert after.ledger[:len(state.ledger)] == state.ledger  # the ledger only grows
        for line in new_lines:
            if line.rule == "trapper.canoe.full":
                sales += 1
                sold = after.displays[line.player].sold[-1]
                assert line.amount == 2 * sum(VALUE[t] for t in sold.tiles)
                assert len([t for t in sold.tiles if 18 <= t < 54]) == VALUE[sold.canoe]
        if isinstance(move, Take):
            # the moved trapper stands where the tile was, its neighbours are face up
            assert after.trappers[move.colour] == move.square
    assert plies > 1


def test_json_round_trip_move_text_and_refusals_at_every_ply():
    """The shared contract, for Trapper alone (so it runs while other games are unfinished)."""
    for options in GAME.example_options():
        for seed in range(6):
            rnd = random.Random(seed)
            seen = []
            for state, move in playout(GAME, options, seed):
                json_round_trip(GAME, state)
                for p in range(len(state.players)):
                    GAME.observation(state, p)
                if move is None:
                    assert list(GAME.legal_moves(state)) == []
                    break
                legal = list(GAME.legal_moves(state))
                assert move in legal
                for m in legal:
                    assert GAME.parse_move(state, GAME.move_text(state, m)) == m
                others = [m for m in rnd.sample(seen, min(10, len(seen))) if m not in legal]
                before = GAME.to_json(state)
                for bad in others:
                    with pytest.raises(IllegalMove) as refused:
                        GAME.apply(state, bad)
                    assert refused.value.rule_id in GAME.rules
                assert GAME.to_json(state) == before
                seen.extend(legal[:5])


def test_the_invariants_name_what_random_play_must_never_break():
    from dataclasses import replace

    from tutor.trapper.state import Display, Row
    from tutor.trapper.tiles import by_code

    state = GAME.initial_state({"players": 2}, seed=3)
    assert GAME.invariants(state) == []
    lost = replace(state, box=state.box[1:])
    assert GAME.invariants(lost) == [
        "board: the 64 tiles must each be somewhere once (twice: -; missing: wolf 3)"]
    wolf_canoe, wolf = by_code("canoe-wolf2"), by_code("wolf3")
    board = tuple(None if t in (wolf_canoe, wolf) else t for t in state.board)
    box = tuple(t for t in state.box if t not in (wolf_canoe, wolf))
    loose = replace(state, board=board, box=box, face_up=tuple(
        up and t is not None for up, t in zip(state.face_up, board)),
        displays=(Display(rows=(Row(wolf_canoe),), singles=(wolf,)), Display()))
    assert GAME.invariants(loose) == ["player 0: wolf 3 lies single but a row must take it"]
