"""The current and the waterfall (Stroming en waterval): which canoes drift, and what a
drift moves - the drifting canoe, the canoes it pushes on, the rock cave for one swept over
the waterfall.

>>> from tutor.canyon import GAME
>>> s = GAME.parse_position('''
... phase: move
... seat Anne: canoe c7  tempo 2  tricks 4
... seat Carl: canoe c8  tempo 1  tricks 1
... seat Marc: canoe b1  tempo 0  tricks 0
... seat Herman: canoe b2  tempo 0  tricks 0
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

from .state import CAVE, CanyonState


def in_current(state: CanyonState, player: int) -> bool:
    """Whether the player's canoe lies in the current (a field with an arrow)."""
    field = state.canoes[player]
    return field >= 0 and state.board.is_current(field)


def must_drift(state: CanyonState, player: int) -> bool:
    """A canoe in the current drifts when its player missed the tempo announced."""
    return in_current(state, player) and state.tempo_of(player) != state.tricks[player]


def drift_chain(state: CanyonState, player: int) -> tuple[tuple[int, int, int], ...]:
    """What a drift of ``player``'s canoe moves: ``(canoe, from, to)`` for the drifting canoe,
    then for each canoe it pushes on, in order; ``to`` is :data:`CAVE` for a canoe swept over
    the waterfall (the rock cave).

    >>> from tutor.canyon import GAME
    >>> s = GAME.parse_position('''
    ... players: Anne Carl Marc
    ... phase: move
    ... seat Marc: canoe a1  tempo 0  tricks 0
    ... seat Anne: canoe b2  tempo 2  tricks 4
    ... seat Carl: canoe b3  tempo 1  tricks 1
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
    with the arrow under it (a reading, ``canyon.current.push``), and so on; over the
    waterfall means the rock cave."""
    canoes, moved = list(state.canoes), list(state.moved)
    chain = drift_chain(state, player)
    for canoe, _, to in chain:
        canoes[canoe] = to
        if to == CAVE:
            moved[canoe] = True  # a reading (canyon.current.waterfall): it rests this round
    start, first = chain[0][1], chain[0][2]
    path = (start, first) if first >= 0 else (start,)
    moved[player] = True
    return state.but(canoes=tuple(canoes), moved=tuple(moved), last_path=path,
                     pushed=tuple(canoe for canoe, _, _ in chain[1:]))
