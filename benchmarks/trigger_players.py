"""Trigger: the searching computer player against the greedy one, over seeded rounds.

Each round is one round of a two-player game (``rounds = 1``) on the boards drawn for its
seed; the players swap seats every round so neither always has the first roll or the same
board. Prints rounds won, points lost (the winner scores the loser's face-up tiles, stars
25) and the time a decision takes.

    python benchmarks/trigger_players.py [--rounds 200]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutor.trigger import GAME  # noqa: E402
from tutor.trigger.computer import play  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv)
    won = {"search": 0, "greedy": 0}
    lost = {"search": [], "greedy": []}
    started = time.perf_counter()
    plies = 0
    for seed in range(args.rounds):
        kinds = ("search", "greedy") if seed % 2 == 0 else ("greedy", "search")
        state = play(GAME, {"rounds": 1}, seed, kinds)
        winner, points = state.results[0]
        won[kinds[winner]] += 1
        lost[kinds[winner]].append(0)
        lost[kinds[1 - winner]].append(points)
        plies += sum(state.turns) + 1
    seconds = time.perf_counter() - started
    print(f"Trigger, {args.rounds} seeded rounds, seats swapped every round")
    print(f"{'player':<8} {'rounds won':>10} {'share':>7} {'mean points lost':>17}")
    for kind in ("search", "greedy"):
        print(f"{kind:<8} {won[kind]:>10} {won[kind] / args.rounds:>7.1%} "
              f"{statistics.mean(lost[kind]):>17.1f}")
    print(f"{seconds:.1f} s in all, {1000 * seconds / plies:.1f} ms per turn on average")
    return 0


if __name__ == "__main__":
    sys.exit(main())
