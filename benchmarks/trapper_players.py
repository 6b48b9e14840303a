"""Trapper: the heuristic computer player against random play, over seeded games.

One heuristic seat against random seats (2 players: one each); the heuristic's seat moves
round the table from game to game, so it does not always start. A win is having the most
money alone; a shared first place is counted apart. Prints games, wins, shared, win rate,
mean money of each side and the time the heuristic takes per move, for each rule set.

    python benchmarks/trapper_players.py [--games 200] [--variant standard young tactical]
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

from tutor.trapper import GAME  # noqa: E402
from tutor.trapper.computer import Random, heuristic, play_game  # noqa: E402


class Timed:
    """The heuristic player, timing each of its moves."""

    def __init__(self):
        self.seconds, self.moves = 0.0, 0

    def __call__(self, game, state):
        started = time.perf_counter()
        move = heuristic(game, state)
        self.seconds += time.perf_counter() - started
        self.moves += 1
        return move


def measure(games: int, variant: str, players: int = 2) -> dict:
    """Play ``games`` seeded games; the figures of the heuristic against random play."""
    timed = Timed()
    wins = shared = 0
    mine, theirs = [], []
    for seed in range(games):
        seat = seed % players
        seats = [Random(seed * 10 + s) for s in range(players)]
        seats[seat] = timed
        state = play_game(GAME, {"players": players, "variant": variant}, seed, seats)
        outcome = GAME.outcome(state)
        if outcome.winners == (seat,):
            wins += 1
        elif seat in outcome.winners:
            shared += 1
        mine.append(outcome.scores[seat])
        theirs += [m for s, m in enumerate(outcome.scores) if s != seat]
    return {"variant": variant, "players": players, "games": games, "wins": wins,
            "shared": shared, "rate": wins / games, "money": statistics.mean(mine),
            "random money": statistics.mean(theirs),
            "ms per move": 1000 * timed.seconds / max(1, timed.moves)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", nargs="*", default=["standard", "young", "tactical"])
    args = parser.parse_args(argv)
    print(f"Trapper, heuristic against random play, {args.players} players, seeded games 0..")
    print(f"{'rules':<9} {'games':>5} {'wins':>5} {'shared':>6} {'win rate':>8} "
          f"{'mean money':>10} {'random money':>12} {'ms/move':>8}")
    for variant in args.variant:
        r = measure(args.games, variant, args.players)
        print(f"{variant:<9} {r['games']:>5} {r['wins']:>5} {r['shared']:>6} {r['rate']:>8.1%} "
              f"{r['money']:>10.1f} {r['random money']:>12.1f} {r['ms per move']:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
