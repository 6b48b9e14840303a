"""How many examples, games or rounds a randomised test runs: sized for every change (CI), or
ten times that with ``--long`` (the root conftest.py sets ``TUTOR_LONG``) for a nightly run.

>>> sized(20) == (200 if LONG else 20), sized(3, long=7) == (7 if LONG else 3)
(True, True)
"""
from __future__ import annotations

import os

#: the long run: python3 run.py test --long (or TUTOR_LONG=1)
LONG = os.environ.get("TUTOR_LONG") == "1"


def sized(usual: int, long: int | None = None) -> int:
    """``usual`` in a normal run; ``long`` (ten times ``usual`` unless given) in a long run."""
    return (long if long is not None else 10 * usual) if LONG else usual
