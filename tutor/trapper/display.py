"""A player's display: where a new tile goes, and the sale of a full canoe.

Attaching is mandatory and immediate (``trapper.display.attach``). Where the display
offers several ways, the player chooses; a choice is a tuple of tile names:

* an animal, mushroom or herb: ``("canoe of 3 bears",)`` - the canoe it joins;
* a canoe: the singles it takes, mushroom first, then herb, then animals by value
  (reading: an arriving canoe takes a mushroom/herb before its animals, so a mushroom
  can still join a canoe the same arrival fills).

``options`` lists every choice; when there is only one, the move need not name it.

>>> from tutor.trapper.tiles import by_code
>>> d = Display(singles=(by_code("bear2"), by_code("mushroom5"), by_code("mushroom1")))
>>> options(d, by_code("canoe-bear3"))
(('mushroom 1', 'bear 2'), ('mushroom 5', 'bear 2'))
>>> d2, sold = add(d, by_code("canoe-bear3"), ("mushroom 5", "bear 2"))
>>> text(d2), sold
('canoe of 3 bears + mushroom 5 + bear 2 | mushroom 1', None)
>>> d3, sold = add(Display(), by_code("canoe-mink1"), ())
>>> options(d3, by_code("mink3"))
(('canoe of 1 mink',),)
>>> d4, sold = add(d3, by_code("mink3"), ("canoe of 1 mink",))
>>> text(d4), sold.paid
('nothing', 6)
"""
from __future__ import annotations

from itertools import combinations, product

from .state import Display, Row, Sold
from .tiles import ANIMAL, CANOE, HERB, MUSHROOM, TILES


ALONE = ((),)  # the one way: the tile simply lies there (or a canoe takes nothing)
# what options() asks of every tile, by tile id (a tuple index is cheaper than an attribute)
_KIND = tuple(t.kind for t in TILES)
_SPECIES = tuple(t.species for t in TILES)
_NAME = tuple(t.name for t in TILES)


def options(display: Display, tile: int) -> tuple[tuple[str, ...], ...]:
    """Every way ``tile`` can join ``display``; ``((),)`` when it simply lies there."""
    kind, rows = _KIND[tile], display.rows
    if kind != CANOE:  # the usual case (listing moves asks it for every tile in reach)
        if not rows:
            return ALONE
        if kind == ANIMAL:
            species = _SPECIES[tile]
            found = [(_NAME[r.canoe],) for r in rows if _SPECIES[r.canoe] == species]
        elif kind == MUSHROOM:
            found = [(_NAME[r.canoe],) for r in rows if r.mushroom is None]
        else:
            found = [(_NAME[r.canoe],) for r in rows if r.herb is None]
        return tuple(found) if found else ALONE
    new = TILES[tile]
    # a canoe: one single mushroom, one single herb, then up to its capacity of its animals
    mushrooms, herbs, animals = [], [], []
    for single in display.singles:
        other = TILES[single]
        if other.kind == MUSHROOM:
            mushrooms.append(single)
        elif other.kind == HERB:
            herbs.append(single)
        elif other.species == new.species:
            animals.append(single)
    if not (mushrooms or herbs or animals):
        return ALONE
    # highest value first (the order choices are written in); no animals: one team of none
    names = [TILES[t].name for t in sorted(animals, key=lambda t: (-TILES[t].value, t))]
    teams = sorted(set(combinations(names, min(new.value, len(names)))),
                   key=lambda team: [-int(n.split()[-1]) for n in team])
    none: list[tuple[str, ...]] = [()]
    # a single mushroom or herb: by name (the order choices are listed in)
    return tuple(m + h + a for m, h, a in product(
        [(n,) for n in sorted(_NAME[t] for t in mushrooms)] or none,
        [(n,) for n in sorted(_NAME[t] for t in herbs)] or none, teams))


def _take_single(singles: list[int], name: str) -> int:
    for tile in singles:
        if TILES[tile].name == name:
            singles.remove(tile)
            return tile
    raise ValueError(name)  # options() guarantees the name is there


def add(display: Display, tile: int, choice: tuple[str, ...]) -> tuple[Display, Sold | None]:
    """The display with ``tile`` attached per ``choice`` (one of :func:`options`), and
    the sale if a canoe became full (the sold canoe leaves the rows)."""
    rows = list(display.rows)
    if TILES[tile].kind == CANOE:
        singles = list(display.singles)
        row = Row(tile)
        for name in choice:
            row = row.joined(_take_single(singles, name))
        return _settle(rows, tuple(singles), display.sold, row, len(rows))
    if not choice:
        return Display(display.rows, display.singles + (tile,), display.sold), None
    at = next(i for i, r in enumerate(rows) if TILES[r.canoe].name == choice[0])
    return _settle(rows, display.singles, display.sold, rows[at].joined(tile), at)


def _settle(rows: list[Row], singles: tuple[int, ...], sold: tuple[Sold, ...], row: Row,
            at: int) -> tuple[Display, Sold | None]:
    """Put ``row`` at index ``at``, or sell it at once when full (``trapper.canoe.full``)."""
    if row.missing == 0:
        sale = Sold(row.canoe, row.attached, 2 * sum(TILES[t].value for t in row.attached))
        del rows[at:at + 1]
        return Display(tuple(rows), singles, sold + (sale,)), sale
    rows[at:at + 1] = [row]
    return Display(tuple(rows), singles, sold), None


def row_text(row: Row) -> str:
    return " + ".join(TILES[t].name for t in (row.canoe, *row.attached))


def text(display: Display) -> str:
    """Rows, bare canoes, then singles, joined by `` | ``; ``nothing`` when empty."""
    parts = [row_text(r) for r in display.rows if not r.is_single]
    parts += [TILES[r.canoe].name for r in display.rows if r.is_single]
    parts += [TILES[t].name for t in display.singles]
    return " | ".join(parts) or "nothing"


def sold_text(display: Display) -> str:
    """The sold canoes with what each paid, e.g. ``canoe of 1 mink (6)``."""
    return " | ".join(f"{TILES[s.canoe].name} ({s.paid})" for s in display.sold) or "nothing"
