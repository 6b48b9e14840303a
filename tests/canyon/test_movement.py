"""Legal end fields: the engine's search against an independent brute force on small maps."""
from __future__ import annotations

import random

from tutor.canyon.board import Board
from tutor.canyon.movement import exact_path, plan_move
from tutor.core import BadState

from .brute import all_paths, brute_ends


def engine_ends(board, start, points, canoes):
    plan = plan_move(board, start, points, canoes)
    return {} if plan.blocked else {end: plan.used(end) for end in plan.ends}


def brute(board, start, points, canoes):
    found = brute_ends(board, start, points, canoes)
    return {} if found == {start: 0} else found


def random_board(rnd: random.Random) -> Board | None:
    rows, cols = rnd.randint(4, 7), rnd.randint(3, 6)
    grid = [[rnd.choices(".#o", weights=(6, 2, 1))[0] for _ in range(cols)] for _ in range(rows)]
    grid[0][rnd.randrange(cols)] = "S"
    grid[-1][rnd.randrange(cols)] = "D"
    try:
        return Board.parse("\n".join("".join(r) for r in grid))
    except BadState:
        return None


def test_engine_matches_brute_force_on_random_small_maps():
    rnd = random.Random(2024)
    checked = 0
    while checked < 300:
        board = random_board(rnd)
        if board is None:
            continue
        water = [i for i, k in enumerate(board.kinds) if k == "."]
        if len(water) < 2:
            continue
        start = rnd.choice(water + list(board.starts))
        others = [w for w in water if w != start]
        canoes = frozenset(rnd.sample(others, min(len(others), rnd.randint(0, 3))))
        points = rnd.randint(0, 7)
        assert engine_ends(board, start, points, canoes) == brute(board, start, points, canoes), (
            board.text, board.field_name(start), points, sorted(map(board.field_name, canoes)))
        checked += 1


def test_engine_matches_brute_force_on_the_default_board():
    board = Board.builtin("default")
    water = [i for i, k in enumerate(board.kinds) if k in ".v>\\"]
    rnd = random.Random(7)
    for _ in range(150):
        start = rnd.choice(water + list(board.starts) + [board.cave])
        canoes = frozenset(rnd.sample([w for w in water if w != start], rnd.randint(0, 6)))
        points = rnd.randint(1, 5)
        assert engine_ends(board, start, points, canoes) == brute(board, start, points, canoes)


def test_every_listed_path_is_legal():
    board = Board.builtin("default")
    canoes = frozenset({board.field("f14"), board.field("e13")})
    for start in (board.field("e11"), board.starts[0], board.cave):
        for points in range(1, 12):
            plan = plan_move(board, start, points, canoes)
            for end, path in plan.ends.items():
                assert path[0] == start and path[-1] == end
                assert len(set(path)) == len(path)  # no field twice
                assert not set(path[1:]) & canoes  # never through a canoe
                assert all(b in board.neighbours[a] for a, b in zip(path, path[1:]))
                assert len(path) - 1 <= points


def test_the_legal_ends_are_nearest_the_village_among_the_longest_moves():
    board = Board.parse("""
        #S###
        #...#
        #.o.#
        #...#
        ##D##
    """)
    start = board.field("b1")
    plan = plan_move(board, start, 2, frozenset())
    assert sorted(map(board.field_name, plan.ends)) == ["b3", "d3"]  # either side of the island
    # three points: round the island is as near as straight down then sideways
    plan = plan_move(board, start, 3, frozenset())
    assert sorted(map(board.field_name, plan.ends)) == ["b4", "c4", "d4"]
    # four points reach the dock in exactly 4: it ends there, none left over
    plan = plan_move(board, start, 4, frozenset())
    assert plan.docked and plan.left_over(board.field("c5")) == 0
    # eleven points: the dock is reached early and the rest is left over
    plan = plan_move(board, start, 11, frozenset())
    assert plan.left_over(board.field("c5")) == 7


def test_a_blocked_canoe_stays_and_a_partly_blocked_one_uses_what_it_can():
    board = Board.parse("#S#\n#.#\n#.#\n#D#")
    start = board.field("b2")
    assert plan_move(board, start, 3, frozenset({board.field("b3")})).blocked
    # a dead end of 2 fields: only 2 of 5 points can be used
    board = Board.parse("#S##\n#..#\n##.#\n#D##")
    plan = plan_move(board, board.field("b1"), 5, frozenset({board.field("b4")}))
    assert [len(p) - 1 for p in plan.ends.values()] == [3]


def test_exact_path_respects_parity_free_king_moves():
    board = Board.parse("S...\n....\n...D")
    a, b = board.field("a2"), board.field("b2")
    assert exact_path(board, a, b, 1, frozenset()) == (a, b)
    path = exact_path(board, a, b, 4, frozenset())
    assert path is not None and len(path) == 5 and len(set(path)) == 5
    assert exact_path(board, a, b, 12, frozenset()) is None  # only 10 water fields


def test_brute_force_helper_agrees_with_itself_on_a_line():
    board = Board.parse("S...D")
    paths = list(all_paths(board, board.field("a1"), 9, frozenset()))
    assert [len(p) - 1 for p in paths] == [0, 1, 2, 3, 4]


def _bfs(board, start, end, canoes):
    """Fewest steps over water round the canoes, docks entered only as the end (independent
    of the engine's search)."""
    from collections import deque
    seen, queue = {start: 0}, deque([start])
    while queue:
        cur = queue.popleft()
        if cur == end:
            return seen[cur]
        if cur != start and board.kinds[cur] == "D":
            continue
        for n in board.neighbours[cur]:
            if n not in seen and n not in canoes and board.kinds[n] in ".vD<>^/\\":
                seen[n] = seen[cur] + 1
                queue.append(n)
    return None


def test_a_refused_paddle_names_reach_or_through_by_the_true_distance():
    """A field out of reach is 'too far' when some way round the canoes leads there, and
    'through' when none does: the engine's short search (one step beyond the points, then
    the whole river) agrees with a plain breadth-first search on every field."""
    from tutor.canyon import GAME, Paddle
    from tutor.canyon.rules import plan

    rnd = random.Random(5)
    checked = 0
    for seed in range(60):
        state = GAME.initial_state({"players": 4, "map": "short"}, seed)
        while GAME.facts(state)["phase"] != "move":
            state = GAME.apply(state, rnd.choice(list(GAME.legal_moves(state))))
        p = state.turn
        found = plan(state, p)
        if GAME.facts(state)["drifts." + state.players[p]]:
            continue
        for end in range(len(state.board.kinds)):
            v = GAME.violation(state, Paddle(p, end))
            if v is None or v.rule_id not in ("canyon.move.reach", "canyon.current.bonus",
                                              "canyon.move.through"):
                continue
            true = _bfs(state.board, found.start, end, found.canoes)
            if true is None:
                assert v.rule_id == "canyon.move.through"
            else:
                assert v.rule_id != "canyon.move.through" and v.params["distance"] == true
            checked += 1
    assert checked > 100
