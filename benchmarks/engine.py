"""(d) Engine speed: random playouts of every game beside random python-chess playouts, per ply.

A ply is what a random player does on every turn: list the legal moves, pick one, apply it
(for us ``Game.apply``, which checks the move again and returns a new immutable state; for
python-chess ``list(board.legal_moves)`` and ``board.push``, which changes the board in
place). Both loops also ask whether the game is over. Chess games end by checkmate,
stalemate, insufficient material or the 75-move rule; repetitions are not looked for (it is
costly in python-chess, and leaving it out makes the yardstick faster, not slower).

Games alternate — one game of ours, one chess game, same seed — and the figure is the
median over games of (time of the game / plies in it). The time is this process's CPU time
(``time.process_time``), so that other jobs on a shared machine disturb it less than they
would wall-clock time.

    python benchmarks/engine.py [--games 40] [--game trapper|canyon|intrappola|trigger|all]

Every game is measured against its own chess games in the same run (``all``, the default,
measures the four games one after the other).
"""
from __future__ import annotations

import argparse
import random
import time

import chess

from common import Row, median, report, save
from tests.contract import choose
from tutor.core import registry


def our_game(game, options: dict, seed: int) -> tuple[float, int]:
    """Seconds and plies of one random game (the new game's setup is not timed)."""
    rnd = random.Random(seed)
    state = game.initial_state(options, seed)
    plies = 0
    start = time.process_time()
    while game.outcome(state) is None:
        move = choose(game, state, rnd)  # lists the legal moves, picks one
        state = game.apply(state, move)
        plies += 1
    return time.process_time() - start, plies


def chess_game(seed: int) -> tuple[float, int]:
    rnd = random.Random(seed)
    board = chess.Board()
    plies = 0
    start = time.process_time()
    while True:
        moves = list(board.legal_moves)
        if not moves or board.is_insufficient_material() or board.is_seventyfive_moves():
            break
        board.push(rnd.choice(moves))
        plies += 1
    return time.process_time() - start, plies


def run(games: int = 40, name: str = "all") -> list[Row]:
    if name == "all":
        return [row for each in registry.names() for row in run(games, each)]
    game = registry.get(name)
    options = game.example_options()
    ours, theirs, ours_plies, their_plies = [], [], [], []
    for seed in range(games):
        seconds, plies = our_game(game, options[seed % len(options)], seed)
        ours.append(seconds / plies * 1e6)
        ours_plies.append(plies)
        seconds, plies = chess_game(seed)
        theirs.append(seconds / plies * 1e6)
        their_plies.append(plies)
    return [Row(
        "(d)", f"{name} µs/ply", median(ours), "python-chess µs/ply", median(theirs), "µs", 1.0,
        note=f"{games} games each; median plies per game {median(ours_plies):.0f} "
             f"({name}) and {median(their_plies):.0f} (chess); python-chess {chess.__version__}",
        samples={"ours": ours, "chess": theirs},
    )]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", default="all", help="a game's name, or all (default)")
    options = parser.parse_args()
    rows = run(options.games, options.game)
    report("(d) engine: random playouts, time per ply (legal moves + apply)", rows)
    print("saved", save("engine", rows))


if __name__ == "__main__":
    main()
