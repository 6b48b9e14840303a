"""Seeded randomness: one stable generator per (seed, purpose).

Using a label per purpose keeps chance reproducible and independent: reshuffling the
discard pile for the third time does not depend on how many dice were rolled before.

>>> rng(7, "deal").random() == rng(7, "deal").random()
True
>>> rng(7, "deal").random() == rng(7, "reshuffle", 1).random()
False
"""
from __future__ import annotations

import random


def rng(seed: int, *labels: object) -> random.Random:
    """A generator fixed by a seed and labels (string seeding is stable across runs)."""
    return random.Random("/".join([str(seed), *map(str, labels)]))
