"""Final scoring (``trapper.end.scoring``, ``trapper.end.bonus``) as ledger lines.

* a canoe that is not full, with something attached: **plus** the single value of what is
  attached (the canoe itself counts nothing);
* every single: **minus** its value; a bare canoe costs the number of animals it shows;
* bonus tiles, each kind ranked on its own over all players: 12, 8, 5, 3, 2.

>>> from tutor.trapper.tiles import by_code
>>> from tutor.trapper.state import Display, Row
>>> row = Row(by_code("canoe-bear2"), (by_code("bear1"),), mushroom=by_code("mushroom2"))
>>> [p.amount for p in display_payments(0, Display(rows=(row,)))]
[3]
>>> lone = Display(rows=(Row(by_code("canoe-elk3")),), singles=(by_code("bear3"),))
>>> [p.amount for p in display_payments(0, lone)]
[-3, -3]
>>> [(p.player, p.amount, p.what) for p in bonus_payments([(18, 30), (26,)], "canoe bonus")]
[(0, 12, 'canoe bonus 30'), (1, 8, 'canoe bonus 26'), (0, 5, 'canoe bonus 18')]
"""
from __future__ import annotations

from typing import Sequence

from .display import row_text
from .state import Display, Payment, TrapperState
from .tiles import TILES

RANK_PAYOUTS = (12, 8, 5, 3, 2)


def canoe_bonus_tile(left: tuple[int, ...], paid: int) -> int | None:
    """The most-valuable-canoe tile a sale of ``paid`` coins takes: the highest of those
    ``left`` (in rising order) not above it (``trapper.bonus.canoe``), or None.

    >>> canoe_bonus_tile((16, 18, 22), 20), canoe_bonus_tile((16, 18), 14)
    (18, None)
    """
    fitting = [t for t in left if t <= paid]
    return fitting[-1] if fitting else None


def display_payments(player: int, display: Display) -> tuple[Payment, ...]:
    """Rows that are not full count plus, singles (and bare canoes) count minus."""
    found = []
    for row in display.rows:
        if row.is_single:
            found.append(Payment(player, -TILES[row.canoe].value, "trapper.end.scoring",
                                 TILES[row.canoe].name, "bare canoe"))
        else:
            value = sum(TILES[t].value for t in row.attached)
            found.append(Payment(player, value, "trapper.end.scoring", row_text(row), "row"))
    for tile in display.singles:
        found.append(Payment(player, -TILES[tile].value, "trapper.end.scoring", TILES[tile].name,
                             "single"))
    return tuple(found)


def bonus_payments(held: Sequence[tuple[int, ...]], label: str) -> tuple[Payment, ...]:
    """The five highest tiles of one kind over all players get 12, 8, 5, 3, 2."""
    ranked = sorted(((tile, player) for player, tiles in enumerate(held) for tile in tiles),
                    reverse=True)
    return tuple(Payment(player, pay, "trapper.end.bonus", f"{label} {tile}", "rank", rank)
                 for rank, ((tile, player), pay) in enumerate(zip(ranked, RANK_PAYOUTS), start=1))


def final_payments(state: TrapperState) -> tuple[Payment, ...]:
    """Every ledger line of the final scoring, player by player, then the bonus ranks."""
    found: list[Payment] = []
    for player, display in enumerate(state.displays):
        found += display_payments(player, display)
    found += bonus_payments(state.canoe_bonus, "canoe bonus")
    found += bonus_payments(state.species_bonus, "species bonus")
    return tuple(found)


def winners(state: TrapperState) -> tuple[int, ...]:
    """The richest players, by seat (equal money is a shared win: ``trapper.end``'s reading)."""
    scores = [state.money(p) for p in range(len(state.players))]
    best = max(scores)
    return tuple(p for p, m in enumerate(scores) if m == best)
