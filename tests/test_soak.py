"""The soak in CI: a few hundred seeded random games for every variant of every game.

At every ply (tutor/core/soak.py): a player to move has a legal move unless the game is over,
the game's invariants hold (tiles, cards, coins conserved), the JSON round trip gives the same
state, and the game ends. BENCHMARKS.md records the 10,000-game run per variant
(`python -m tutor soak --games 10000`); this is its smaller sibling that every CI run plays.
20 games per variant in every run, 200 with ``--long`` (tests/sizes.py); ``TUTOR_SOAK_GAMES``
changes the count.
"""
from __future__ import annotations

import os

import pytest

from tests.sizes import sized
from tutor.core import registry
from tutor.core.soak import soak

GAMES = int(os.environ.get("TUTOR_SOAK_GAMES", sized(20)))
#: seeds after the ones the game packages' own tests and the goldens use
FIRST_SEED = 10_000

CASES = [pytest.param(name, number, id=f"{name}-{number}")
         for name in registry.names()
         for number in range(len(registry.get(name).example_options()))]


def test_every_game_and_variant_is_soaked():
    names = {name for name, _ in (case.values for case in CASES)}
    assert {"trapper", "canyon", "intrappola", "trigger"} <= names
    assert len(CASES) >= 4 + 3 + 3 + 4


@pytest.mark.parametrize("name, number", CASES)
def test_random_games_keep_every_invariant(name, number):
    game = registry.get(name)
    options = game.example_options()[number]
    failures = [f"seed {seed}: {problem} (again: python -m tutor soak --game {name} "
                f"--variant {number} --seed {seed} --games 1)"
                for seed, problem in soak(game, options, range(FIRST_SEED, FIRST_SEED + GAMES))
                if problem is not None]
    assert not failures, f"{len(failures)} of {GAMES} games failed:\n" + "\n".join(failures[:5])
