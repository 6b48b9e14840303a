"""A Trapper state to and from JSON; a bad state raises BadState naming the field.

>>> from tutor.trapper import GAME
>>> s = GAME.initial_state({"players": 3}, seed=4)
>>> from_json(to_json(s)) == s
True
>>> data = to_json(s); data["trappers"] = [35, 36, 28]
>>> from_json(data)
Traceback (most recent call last):
...
tutor.core.errors.BadState: field 'trappers': must be a list of 4 squares (0-63)
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, NoReturn

from tutor.core.errors import BadState
from tutor.core.i18n import N_, translator

from .state import (CANOE_BONUS, SPECIES_BONUS, VARIANTS, Display, Payment, Row, Sold,
                    TrapperState)
from .tiles import NEIGHBOURS, SIDES, TILES


def _row(row: Row) -> dict[str, Any]:
    return {"canoe": row.canoe, "animals": list(row.animals), "mushroom": row.mushroom,
            "herb": row.herb}


def _display(d: Display) -> dict[str, Any]:
    return {"rows": [_row(r) for r in d.rows], "singles": list(d.singles),
            "sold": [{"canoe": s.canoe, "tiles": list(s.tiles), "paid": s.paid} for s in d.sold]}


def to_json(s: TrapperState) -> dict[str, Any]:
    return {
        "players": list(s.players), "variant": s.variant, "seed": s.seed,
        "board": list(s.board), "face_up": list(s.face_up), "water": "".join(s.water),
        "trappers": list(s.trappers), "hands": [list(h) for h in s.hands],
        "draw": list(s.draw), "discard": list(s.discard), "aside": list(s.aside),
        "reshuffles": s.reshuffles, "displays": [_display(d) for d in s.displays],
        "box": list(s.box), "handed_in": list(s.handed_in),
        "ledger": [[p.player, p.amount, p.rule, p.what] for p in s.ledger],
        "canoe_bonus": [list(b) for b in s.canoe_bonus],
        "species_bonus": [list(b) for b in s.species_bonus],
        "turn": s.turn, "moved": s.moved, "played": s.played, "exchanged": s.exchanged,
        "dropped": list(s.dropped), "over": s.over, "last": list(s.last),
        "bid": s.bid, "bidder": s.bidder, "acting": s.acting, "out": list(s.out),
    }


T = translator("trapper")
_FIELD = object()  # read the value from the field itself (a given value may be None)


class _Reader:
    """Reads fields, naming the one that is wrong."""

    def __init__(self, data: Mapping[str, Any]):
        if not isinstance(data, Mapping):
            raise BadState(T._("a Trapper state must be a JSON object"))
        self.data = data

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise BadState(T._("is missing"), where=f"field '{key}'")
        return self.data[key]

    @staticmethod
    def fail(key: str, problem: str) -> NoReturn:
        raise BadState(problem, where=f"field '{key}'")

    def number(self, key: str, low: int = 0, high: int = 10**9, value: Any = _FIELD) -> int:
        value = self.get(key) if value is _FIELD else value
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(key, T._("must be a whole number from {low} to {high}, not {value}",
                                low=low, high=high, value=repr(value)))
        result: int = value
        return result

    def ints(self, key: str, length: int | None, low: int, high: int, value: Any = _FIELD,
             what: str = N_("numbers"), allow_none: bool = False) -> tuple[Any, ...]:
        value = self.get(key) if value is _FIELD else value
        ok = isinstance(value, list) and (length is None or len(value) == length) and all(
            (allow_none and v is None) or (isinstance(v, int) and not isinstance(v, bool)
                                           and low <= v <= high) for v in value)
        if not ok:
            if length is None:
                self.fail(key, T._("must be a list of {what} ({low}-{high})", what=T._(what),
                                   low=low, high=high))
            self.fail(key, T._("must be a list of {n} {what} ({low}-{high})", n=length,
                               what=T._(what), low=low, high=high))
        return tuple(value)

    def flag(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            self.fail(key, T._("must be true or false, not {value}", value=repr(value)))
        return value is True


def _read_display(r: _Reader, key: str, raw: Any) -> Display:
    if not isinstance(raw, Mapping) or set(raw) != {"rows", "singles", "sold"}:
        r.fail(key, T._("must be an object with rows, singles and sold"))
    rows = []
    if not isinstance(raw["rows"], list) or not isinstance(raw["sold"], list):
        r.fail(key, T._("rows and sold must be lists"))
    for i, row in enumerate(raw["rows"]):
        where = f"{key}.rows[{i}]"
        if not isinstance(row, Mapping) or set(row) != {"canoe", "animals", "mushroom", "herb"}:
            r.fail(where, T._("must be an object with canoe, animals, mushroom, herb"))
        canoe = r.number(where + ".canoe", 0, 63, row["canoe"])
        animals = r.ints(where + ".animals", None, 0, 63, row["animals"], N_("tile ids"))
        extras = [row[k] if row[k] is None else r.number(f"{where}.{k}", 0, 63, row[k])
                  for k in ("mushroom", "herb")]
        built = Row(canoe, animals, *extras)
        if (TILES[canoe].kind != "canoe" or built.missing <= 0
                or any(TILES[a].species != TILES[canoe].species or TILES[a].kind != "animal"
                       for a in animals)
                or (extras[0] is not None and TILES[extras[0]].kind != "mushroom")
                or (extras[1] is not None and TILES[extras[1]].kind != "herb")):
            r.fail(where, T._("is not a canoe row that is not full (animals of its species, "
                              "a mushroom, a herb)"))
        rows.append(built)
    singles = r.ints(key + ".singles", None, 0, 63, raw["singles"], N_("tile ids"))
    if any(TILES[t].kind == "canoe" for t in singles):
        r.fail(key + ".singles", T._("a canoe is never a single here: it is a row with nothing"))
    sold = []
    for i, s in enumerate(raw["sold"]):
        where = f"{key}.sold[{i}]"
        if not isinstance(s, Mapping) or set(s) != {"canoe", "tiles", "paid"}:
            r.fail(where, T._("must be an object with canoe, tiles, paid"))
        sold.append(Sold(r.number(where + ".canoe", 0, 63, s["canoe"]),
                         r.ints(where + ".tiles", None, 0, 63, s["tiles"], N_("tile ids")),
                         r.number(where + ".paid", 0, 200, s["paid"])))
    return Display(tuple(rows), singles, tuple(sold))


def from_json(data: Mapping[str, Any]) -> TrapperState:
    r = _Reader(data)
    players = r.get("players")
    if (not isinstance(players, list) or not 2 <= len(players) <= 4
            or not all(isinstance(p, str) and p for p in players)):
        r.fail("players", T._("must be a list of 2 to 4 names"))
    n = len(players)
    variant = r.get("variant")
    if variant not in VARIANTS:
        r.fail("variant", T._("must be one of {variants}, not {value}",
                               variants=", ".join(VARIANTS), value=repr(variant)))
    water = r.get("water")
    if not isinstance(water, str) or len(water) != 64 or set(water) - set(SIDES):
        r.fail("water", T._("must be 64 letters N, E, S or W (one per tile id)"))
    face_up = r.get("face_up")
    if not isinstance(face_up, list) or len(face_up) != 64 or not all(
            isinstance(v, bool) for v in face_up):
        r.fail("face_up", T._("must be a list of 64 true/false"))
    hands = r.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        r.fail("hands", T._("must be a list of {n} hands", n=n))
    displays = r.get("displays")
    if not isinstance(displays, list) or len(displays) != n:
        r.fail("displays", T._("must be a list of {n} displays", n=n))
    ledger = r.get("ledger")
    if not isinstance(ledger, list) or not all(
            isinstance(p, list) and len(p) == 4 and isinstance(p[0], int) and 0 <= p[0] < n
            and isinstance(p[1], int) and isinstance(p[2], str) and isinstance(p[3], str)
            for p in ledger):
        r.fail("ledger", T._("must be a list of [player, amount, rule id, what]"))
    moved = r.get("moved")
    state = TrapperState(
        players=tuple(players), variant=variant, seed=r.number("seed", -(2**63), 2**63),
        board=r.ints("board", 64, 0, 63, what=N_("tile ids or null"), allow_none=True),
        face_up=tuple(face_up), water=tuple(water),
        trappers=r.ints("trappers", 4, 0, 63, what=N_("squares")),
        hands=tuple(r.ints(f"hands[{i}]", 4, 0, 64, h, N_("card counts"))
                    for i, h in enumerate(hands)),
        draw=r.ints("draw", None, 0, 3, what=N_("colour indexes")),
        discard=r.ints("discard", 4, 0, 64, what=N_("card counts")),
        aside=r.ints("aside", 4, 0, 64, what=N_("card counts")),
        reshuffles=r.number("reshuffles"),
        displays=tuple(_read_display(r, f"displays[{i}]", d) for i, d in enumerate(displays)),
        box=r.ints("box", None, 0, 63, what=N_("tile ids")),
        handed_in=r.ints("handed_in", None, 0, 63, what=N_("tile ids")),
        ledger=tuple(Payment(*p) for p in ledger),
        canoe_bonus=tuple(r.ints(f"canoe_bonus[{i}]", None, 16, 36, b, N_("bonus tiles"))
                          for i, b in enumerate(_list(r, "canoe_bonus", n))),
        species_bonus=tuple(r.ints(f"species_bonus[{i}]", None, 1, 6, b, N_("bonus tiles"))
                            for i, b in enumerate(_list(r, "species_bonus", n))),
        turn=r.number("turn", 0, n - 1),
        moved=None if moved is None else r.number("moved", 0, 3),
        played=r.number("played", 0, 64), exchanged=r.flag("exchanged"),
        dropped=tuple(_bools(r, "dropped", n)), over=r.flag("over"),
        last=r.ints("last", None, 0, 63, what=N_("squares")),
        bid=r.number("bid", 0, 64),
        bidder=None if r.get("bidder") is None else r.number("bidder", 0, n - 1),
        acting=None if r.get("acting") is None else r.number("acting", 0, n - 1),
        out=tuple(_bools(r, "out", n)),
    )
    check(state)
    return state


def _bools(r: _Reader, key: str, n: int) -> list[bool]:
    value = r.get(key)
    if not isinstance(value, list) or len(value) not in (0, n) or not all(
            isinstance(v, bool) for v in value):
        r.fail(key, T._("must be a list of true/false, one per player ({n}), or empty", n=n))
    return [v is True for v in value]


def _list(r: _Reader, key: str, n: int) -> list[Any]:
    value = r.get(key)
    if not isinstance(value, list) or len(value) != n:
        r.fail(key, T._("must be a list with one entry per player ({n})", n=n))
    return list(value)


def problems(s: TrapperState) -> list[tuple[str, str]]:
    """What is wrong with a state, as (field, problem): 64 tiles and 64 cards each once,
    trappers apart on empty squares, bonus tiles once, a consistent turn and auction."""
    found: list[tuple[str, str]] = []
    if len(s.dropped) != len(s.players):
        return [("dropped", T._("must be true/false per player"))]
    if s.variant != "tactical" and (s.bid or s.bidder is not None or s.acting is not None):
        found.append(("bid", T._("only the tactical variant has auctions")))
    if s.bid and (s.bidder is None or s.acting is None or s.moved is None or not s.out):
        found.append(("bid", T._("a running auction needs bidder, acting, a colour (moved) "
                                 "and out")))
    if len(set(s.trappers)) != 4 or any(s.board[t] is not None for t in s.trappers):
        found.append(("trappers", T._("trappers stand on 4 different empty squares")))
    if any(up and t is None for up, t in zip(s.face_up, s.board)):
        found.append(("face_up", T._("an empty square cannot be face up")))
    counted = Counter(t for t in s.board if t is not None)
    counted.update(s.box)
    counted.update(s.handed_in)
    for d in s.displays:
        counted.update(d.tiles())
    twice = [TILES[t].name for t, k in counted.items() if k > 1]
    missing = [TILES[t].name for t in range(64) if t not in counted]
    if twice or missing:
        found.append(("board", T._("the 64 tiles must each be somewhere once (twice: {twice}; "
                                   "missing: {missing})", twice=", ".join(twice[:3]) or "-",
                                   missing=", ".join(missing[:3]) or "-")))
    cards = [0, 0, 0, 0]
    for pile in (*s.hands, s.discard, s.aside):
        for c in range(4):
            cards[c] += pile[c]
    for c in s.draw:
        cards[c] += 1
    if cards != [16, 16, 16, 16]:
        found.append(("hands", T._("there must be 16 cards of each colour, not {cards}",
                                   cards=cards)))
    for key, held, kinds in (("canoe_bonus", s.canoe_bonus, CANOE_BONUS),
                             ("species_bonus", s.species_bonus, SPECIES_BONUS)):
        flat = [t for tiles in held for t in tiles]
        if len(set(flat)) != len(flat) or not set(flat) <= set(kinds):
            found.append((key, T._("each bonus tile exists once")))
    if s.moved is None and s.played:
        found.append(("played", T._("cards played but no trapper moved")))
    if s.dropped[s.turn] and not s.over:
        found.append(("turn", T._("the player on turn has dropped out")))
    return found


def check(s: TrapperState) -> None:
    """Raise BadState naming the field of the first of :func:`problems`."""
    found = problems(s)
    if found:
        key, problem = found[0]
        raise BadState(problem, where=f"field '{key}'")


def invariants(s: TrapperState) -> list[str]:
    """What random play must never break, as sentences (the soak checks them at every ply):
    :func:`problems`, and: no count below zero; every tile next to a trapper face up; every
    row of a display a canoe that is not full with animals of its species and at most one
    mushroom and one herb; no single that a row must take; every sold canoe full and paid
    twice its tiles; a game that is not over has a player in it.
    """
    found = [f"{key}: {problem}" for key, problem in problems(s)]
    if found:
        return found
    piles = [*s.hands, s.discard, s.aside]
    if any(n < 0 for pile in piles for n in pile):
        found.append(f"a card count below zero: hands {s.hands}, discard {s.discard}")
    for colour, sq in enumerate(s.trappers):
        for near in NEIGHBOURS[sq].values():
            if s.board[near] is not None and not s.face_up[near]:
                found.append(f"trapper {colour} on {sq}: the tile on {near} is face down")
    for p, d in enumerate(s.displays):
        for row in d.rows:
            canoe = TILES[row.canoe]
            if (canoe.kind != "canoe" or row.missing <= 0 or any(
                    TILES[a].kind != "animal" or TILES[a].species != canoe.species
                    for a in row.animals)):
                found.append(f"player {p}: the row of {canoe.name} is not a row that can wait")
        for single in d.singles:
            tile = TILES[single]
            if any((tile.kind == "animal" and TILES[r.canoe].species == tile.species)
                   or (tile.kind == "mushroom" and r.mushroom is None)
                   or (tile.kind == "herb" and r.herb is None) for r in d.rows):
                found.append(f"player {p}: {tile.name} lies single but a row must take it")
        for sold in d.sold:
            animals = [t for t in sold.tiles if TILES[t].kind == "animal"]
            if (len(animals) != TILES[sold.canoe].value
                    or sold.paid != 2 * sum(TILES[t].value for t in sold.tiles)):
                found.append(f"player {p}: the sale of {TILES[sold.canoe].name} is wrong")
    if not s.over and all(s.dropped):
        found.append("everybody has dropped out but the game is not over")
    return found
