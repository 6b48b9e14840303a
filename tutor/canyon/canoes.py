"""The canoes on the river: who blocks whom, the current, drifting and pushing, the winner.

>>> from tutor.canyon import GAME
>>> s = GAME.parse_position('''
... phase: move
... Anne: canoe c7  tempo 2  tricks 4
... Carl: canoe c8  tempo 1  tricks 1
... Marc: canoe b1  tempo 0  tricks 0
... Herman: canoe b2  tempo 0  tricks 0
... map:
...   #...#
...   #.o.#
...   C...#
...   #...#
...   #vvv#
...   #vvv#
...   #vvv#
...   #>vv#
...   #DWW#
... ''')
>>> must_drift(s, 0), in_current(s, 1), must_drift(s, 1)
(True, True, False)
>>> after = drift(s, 0)  # Anne onto c8, Carl pushed on over the waterfall
>>> [after.board.field_name(f) if f >= 0 else f for f in after.canoes[:2]], after.pushed
(['c8', -1], (1,))
"""
from __future__ import annotations

from .rounds import made
from .state import CAVE, OFF, CanyonState


def blocking(state: CanyonState, player: int) -> frozenset[int]:
    """The fields of the other canoes (the rock cave holds any number)."""
    return frozenset(f for i, f in enumerate(state.canoes) if i != player and f >= 0)


def in_current(state: CanyonState, player: int) -> bool:
    field = state.canoes[player]
    return field >= 0 and state.board.is_current(field)


def must_drift(state: CanyonState, player: int) -> bool:
    return in_current(state, player) and not made(state.tempo_of(player), state.tricks[player])


def points(state: CanyonState, player: int) -> int:
    """This round's movement points (in the current: only the bonus, if the tempo was made),
    as they stood when the move phase began."""
    return state.points[player] if state.points else 0


def drift_chain(state: CanyonState, player: int) -> tuple[tuple[int, int, int], ...]:
    """What a drift of ``player``'s canoe moves: ``(canoe, from, to)`` for the drifting canoe,
    then for each canoe it pushes on, in order; ``to`` is :data:`CAVE` for a canoe swept over
    the waterfall (the rock cave).

    >>> from tutor.canyon import GAME
    >>> s = GAME.parse_position('''
    ... players: Anne Carl Marc
    ... phase: move
    ... Marc: canoe a1  tempo 0  tricks 0
    ... Anne: canoe b2  tempo 2  tricks 4
    ... Carl: canoe b3  tempo 1  tricks 1
    ... map:
    ...   S.
    ...   .v
    ...   .v
    ...   DW
    ...   C#
    ... ''')
    >>> [(p, s.board.field_name(a), to) for p, a, to in drift_chain(s, 0)]
    [(0, 'b2', 5), (1, 'b3', -1)]
    """
    canoes, chain, cur = list(state.canoes), [], player
    while True:
        target = state.board.drift[canoes[cur]]
        occupant = canoes.index(target) if target >= 0 and target in canoes else None
        chain.append((cur, canoes[cur], CAVE if target < 0 else target))
        canoes[cur] = CAVE if target < 0 else target
        if occupant is None:
            return tuple(chain)
        cur = occupant


def drift(state: CanyonState, player: int) -> CanyonState:
    """The canoe drifts one field with its arrow; a canoe in the way is pushed on one field
    with the arrow under it, and so on; over the waterfall means the rock cave."""
    canoes, moved = list(state.canoes), list(state.moved)
    chain = drift_chain(state, player)
    for canoe, _, to in chain:
        canoes[canoe] = to
        if to == CAVE:
            moved[canoe] = True  # our reading: a canoe swept to the cave rests this round
    start, first = chain[0][1], chain[0][2]
    path = (start, first) if first >= 0 else (start,)
    moved[player] = True
    return state.but(canoes=tuple(canoes), moved=tuple(moved), last_path=path,
                     pushed=tuple(canoe for canoe, _, _ in chain[1:]))


def distance_to_village(state: CanyonState, player: int) -> int:
    field = state.canoes[player]
    board = state.board
    if field == CAVE:
        return board.village_distance[board.cave]
    if field == OFF:
        return min(board.village_distance[s] for s in board.starts) if board.starts else 0
    return board.village_distance[field]


def winners(state: CanyonState) -> tuple[int, ...]:
    """First at a landing dock wins; several in one round: most points left over, then the
    higher tempo announced in that round; still equal: they share the win."""
    docked = [p for p in range(state.seats) if state.left_over[p] >= 0]
    if not docked:
        return ()
    key = {p: (state.left_over[p], state.tempo_of(p) or 0) for p in docked}
    best = max(key.values())
    return tuple(p for p in docked if key[p] == best)
