"""Computer players for Trigger: a greedy one and one that looks ahead.

Both play a turn the same way, one move at a time (so a view can show each): claim a malus
when the opponent left one, take every bonus (the whole chain), turn every free star, then
pay for tiles with what is left of the roll, and again, until nothing more helps; then end
the turn. The malus is blind (the value under the tile is not known), but where it falls is
not: a tile that would be the one face-up number of another line is a bonus given straight
back (and with it the missed one, and all that sets off), so the malus goes on the face-down
tile that leaves the most face up once those free bonuses are taken (the first such tile);
alone, the self-malus goes there too, chosen as an opponent would. Alone, on the last line of
the score sheet, a roll too bad to turn anything is rolled again when that gives a lower
score, worked out exactly over the new roll.

They differ in which tiles they pay for:

* ``greedy`` spends as much of the roll as it can (the largest total that fits, fewest
  tiles on a tie), blind to what the flip sets off;
* ``search`` tries the flips worth trying (one tile, or up to four that use nearly all the
  roll), plays each out with its whole chain reaction and its free stars, and keeps the one
  whose board is best: least left to pay, stars closer to free, and most set up for the next
  roll (a tile that would set off a big chain counts for what it would clear). When a flip
  clears the board it takes the cheapest flip that does (a solo score counts the last roll
  only as far as it was needed).

>>> from tutor.trigger import GAME
>>> state = GAME.parse_position('''
... turn: Anna
... roll: 3 4
... board Anna:
...   (3) 7 (6) (*) 4 (2)
...   (8) (1) 5 3 9 (10)
...   (12) (4) (*) (7) (5) (9)
...   (2) 11 (11) 6 (8) (1)
...   (*) 2 10 (3) (6) 1
...   (4) (9) 8 (12) (7) 12
... board Ben:
... ''' + "  1 1 1 1 1 1\\n" * 6)
>>> GAME.move_text(state, choose(GAME, state, "greedy"))  # 7 points, the first way found
'flip b1'
>>> GAME.move_text(state, choose(GAME, state, "search"))  # the cheapest that clears the board
'flip b5'
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Iterator

from tutor.core.game import CHANCE
from tutor.core.seeding import rng

from .board import LINE_BY_NAME, STAR_POINTS, Board
from .chain import chain_reaction, has_bonus
from .dice import ROLLS
from .moves import Chain, End, Flip, Malus, Move, NextRound, Reroll, Star
from .state import SHEET, Phase, TriggerState
from .variants import rules_of

if TYPE_CHECKING:
    from tutor.core.game import Game

KINDS = ("greedy", "search")


def choose(game: Game[TriggerState, Move], state: TriggerState, kind: str = "search") -> Move:
    """The next move of the player on turn: after the roll, in the 'play' phase, or the
    next round's when a round is over."""
    if kind not in KINDS:
        raise ValueError(f"no computer player {kind!r}; known: {', '.join(KINDS)}")
    if state.phase == Phase.ROUND_OVER:
        return NextRound()  # the one move there: the return round (solo: the next try)
    if (len(state.sheet) == SHEET and not state.missed[0] and rules_of(state).may_reroll(state)
            and roll_again_pays(state)):
        return Reroll()
    board = state.boards[state.side]
    if not state.acted:
        target = state.opponent(state.side)
        claims = [Malus(name, c) for name in state.missed[target]
                  for c in LINE_BY_NAME[name].cells if state.boards[target].down[c]]
        if claims:
            return malus_claim(state.boards[target], claims)
    if has_bonus(board):
        return Chain()
    free = [c for c in board.up_stars() if board.star_free(c)]
    if free:
        return Star(free[0])
    left = state.setup.allowance(state.dice or (0, 0)) - state.spent
    cells = greedy_flip(board, left) if kind == "greedy" else search_flip(board, left)
    # the tiles of the chosen combination are turned one at a time, the dearest first
    return Flip((max(cells, key=lambda c: (board.values[c], -c)),)) if cells else End()


def greedy_flip(board: Board, left: int) -> tuple[int, ...]:
    """The largest total that fits in ``left`` (fewest tiles on a tie); () if nothing fits."""
    best: dict[int, tuple[int, ...]] = {0: ()}  # total -> the fewest tiles reaching it
    for cell, value in board.numbers():
        for total, cells in sorted(best.items(), reverse=True):
            new = total + value
            if new <= left and (new not in best or len(cells) + 1 < len(best[new])):
                best[new] = cells + (cell,)
    return tuple(sorted(best[max(best)]))


def malus_claim(board: Board, claims: list[Malus]) -> Malus:
    """The malus that leaves the most face up on ``board`` once its owner has taken the free
    bonuses it opens; the first on a tie. A solo self-malus is chosen the same way, as an
    opponent would choose it (``trigger.solo.malus``), never the tile that suits the player."""
    def left_up(claim: Malus) -> int:
        return settle(board.turned([claim.cell], face_down=False)).count_up()
    return max(claims, key=left_up)


def roll_again_pays(state: TriggerState) -> bool:
    """Solo, on the last line of the score sheet, a roll of the sheet too bad to turn a tile:
    whether rolling again gives a lower score than keeping it, exactly, over the 36 ways the
    new roll can fall, each played as this player plays it (the sheet ends with this roll)."""
    board = settle(state.boards[0])
    keep = state.setup.allowance(state.dice or (0, 0)) + board.points()
    again = sum(p * last_turn(board, state.setup.allowance(dice)) for dice, p in ROLLS)
    return again < keep


def last_turn(board: Board, roll: int) -> int:
    """What a turn played with ``roll`` adds to a solo score when no roll follows: what was
    paid if it clears the board, else the roll and the points left face up."""
    spent = 0
    while not board.cleared():
        cells = search_flip(board, roll - spent)
        if not cells:
            return roll + board.points()
        cell = max(cells, key=lambda c: (board.values[c], -c))
        spent, board = spent + board.values[cell], settle(board.turned([cell]))
    return spent


# ---- the search ---------------------------------------------------------------------------
def settle(board: Board) -> Board:
    """The board after the whole chain reaction and every star it frees."""
    board, _ = chain_reaction(board)
    while True:
        free = [c for c in board.up_stars() if board.star_free(c)]
        if not free:
            return board
        board = board.turned(free)


def candidate_flips(board: Board, left: int, slack: int = 3, most: int = 4) -> Iterator[tuple[int, ...]]:
    """Single tiles, and sets of up to ``most`` tiles using all but ``slack`` of the roll."""
    numbers = [(c, v) for c, v in board.numbers() if v <= left]
    for cell, _ in numbers:
        yield (cell,)

    def extend(start: int, chosen: tuple[int, ...], total: int) -> Iterator[tuple[int, ...]]:
        for i in range(start, len(numbers)):
            cell, value = numbers[i]
            if total + value > left:
                continue
            found = chosen + (cell,)
            if len(found) > 1 and total + value >= left - slack:
                yield found
            if len(found) < most:
                yield from extend(i + 1, found, total + value)

    yield from extend(0, (), 0)


def pressure(board: Board) -> float:
    """What a board still asks of its owner (lower is better).

    The face-up numbers must be paid or freed; a face-up star costs 25 at the end unless
    its lines clear, so each number tile still in a star's row or column weighs a little
    more. Minus the best lever for the next roll: the tile whose flip sets off the most.
    """
    cost = float(sum(v for _, v in board.numbers()))
    for star in board.up_stars():
        cost += 2.0 * len(board.blockers(star))
        cost += STAR_POINTS * 0.1
    return cost - 0.6 * lever(board)


def lever(board: Board) -> float:
    """The most a single flip would clear beyond its own value (by the chain it sets off)."""
    freed = [sum(board.values[c] for _, c in chain_reaction(board.turned([cell]))[1])
             for cell, _ in board.numbers()]
    return max(freed, default=0)


def search_flip(board: Board, left: int, keep: int = 12) -> tuple[int, ...]:
    """The flip whose settled board is under the least pressure; () if no flip helps."""
    if left <= 0:
        return ()
    scored: list[tuple[int, int, tuple[int, ...], Board]] = []
    for cells in candidate_flips(board, left):
        after = settle(board.turned(cells))
        rough = sum(v for _, v in after.numbers())
        scored.append((rough, -sum(board.values[c] for c in cells), cells, after))
    if not scored:
        return ()
    scored.sort(key=lambda item: item[:2])
    best = min(scored[:keep], key=lambda item: (pressure(item[3]), item[1], item[2]))
    if best[3].cleared():  # nothing beats clearing the board: do it as cheaply as it goes
        return cheapest_clearing(board, -best[1]) or best[2]
    return best[2]


def cheapest_clearing(board: Board, bound: int) -> tuple[int, ...]:
    """The cheapest flip (a total below ``bound``) after which the chain reaction and the
    free stars clear the board; () if there is none."""
    numbers = sorted(board.numbers(), key=lambda item: item[1])
    found: tuple[int, ...] = ()

    def extend(start: int, chosen: tuple[int, ...], total: int) -> None:
        nonlocal bound, found
        for i in range(start, len(numbers)):
            cell, value = numbers[i]
            if total + value >= bound:
                return  # sorted: every later tile costs as much or more
            cells = chosen + (cell,)
            if settle(board.turned(cells)).cleared():
                bound, found = total + value, cells
                return  # any other set from here costs more
            extend(i + 1, cells, total + value)

    extend(0, (), 0)
    return tuple(sorted(found))


def play(game: Game[TriggerState, Move], options: dict[str, object], seed: int,
         kinds: tuple[str, ...], max_plies: int = 20000) -> TriggerState:
    """A whole match (or solo game) between computer players of ``kinds`` (by player),
    chance seeded; its last state."""
    state = game.initial_state(options, seed)
    dice = rng(seed, "computer dice")
    for _ in range(max_plies):
        mover = game.to_move(state)
        if mover is None:
            return state
        if mover == CHANCE:
            moves, weights = zip(*game.chance_outcomes(state))
            move = dice.choices(moves, weights)[0]
        elif state.phase == Phase.ROUND_OVER:
            move = next(iter(game.legal_moves(state)))
        else:
            move = choose(game, state, kinds[mover])
        state = game.apply(state, move)
    raise RuntimeError(f"seed {seed}: no end after {max_plies} plies")


def _search(game: Game[TriggerState, Move], seen: TriggerState, rnd: random.Random) -> Move:
    return choose(game, seen, "search")


def _greedy(game: Game[TriggerState, Move], seen: TriggerState, rnd: random.Random) -> Move:
    return choose(game, seen, "greedy")


#: the computer players (``TriggerGame.computers``; ``best_move`` asks them): a search of the
#: flips, or the greedy player
COMPUTERS = {"search": _search, "greedy": _greedy}
