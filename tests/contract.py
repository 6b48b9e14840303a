"""Random legal play through any game, checking the contract at every ply.

Shared by the contract test and the benchmarks. ``playout`` yields (state, move) pairs.
"""
from __future__ import annotations

import json
import random

from tutor.core import Game
from tutor.core.game import random_move


def choose(game: Game, state, rnd: random.Random):
    """A uniformly random legal move (or a chance move by its probabilities)."""
    return random_move(game, state, rnd)


def playout(game: Game, options: dict, seed: int, max_plies: int = 5000):
    """Random play from a new game to its end; yields each state and the move made in it."""
    rnd = random.Random(seed)
    state = game.initial_state(options, seed)
    for _ in range(max_plies):
        if game.outcome(state) is not None:
            yield state, None
            return
        move = choose(game, state, rnd)
        assert move is not None, f"no legal move but the game is not over: {game.facts(state)}"
        yield state, move
        state = game.apply(state, move)
    raise AssertionError(f"{game.name} {options} seed {seed}: not over after {max_plies} plies")


def json_round_trip(game: Game, state) -> None:
    data = json.loads(json.dumps(game.to_json(state)))
    assert game.from_json(data) == state


def refusal(game: Game, state, text: str):
    """The IllegalMove a move text meets in ``state``; the state must be left as it was,
    the rule must be in the game's catalogue, and a reason must be given. Fails the test if
    the move is legal."""
    from tutor.core import IllegalMove

    before = game.to_json(state)
    try:
        game.apply(state, game.parse_move(state, text))
    except IllegalMove as exc:
        assert game.to_json(state) == before, f"{text!r} changed the state it was refused in"
        assert exc.rule_id in game.rules and exc.reason, exc
        return exc
    raise AssertionError(f"{text!r} should be refused")


def shown_moves_read_back(game: Game, options: dict, lang: str, seeds=range(3),
                          plies: int = 100, per_state: int = 40) -> tuple[int, int]:
    """Random play; in each position the legal moves (the first ``per_state``), as
    ``move_display`` shows them in ``lang``, parse back to the same move, and so do their
    canonical texts. Returns how many were checked and how many were shown otherwise than
    the canonical text (the language's own words)."""
    from tutor.core.i18n import using

    checked = changed = 0
    for seed in seeds:
        for ply, (state, move) in enumerate(playout(game, options, seed)):
            if move is None or ply >= plies:
                break
            with using(lang):
                for legal in list(game.legal_moves(state))[:per_state]:
                    shown, text = game.move_display(state, legal), game.move_text(state, legal)
                    assert game.parse_move(state, shown) == legal, shown
                    assert game.parse_move(state, text) == legal, text
                    checked += 1
                    changed += shown != text
    return checked, changed
