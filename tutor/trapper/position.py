"""Trapper positions written by hand (walkthrough setups), and written back out.

A position is lines of ``key: value`` and eight board lines, one per rank, each a rank
number and 8 tokens (files a to h). Blank lines and lines starting with ``#`` are skipped;
a line of file letters ``a b c d e f g h`` may label the columns. Example::

    players: Anna, Ben
    turn: Anna
    8  *  *  *        *         *        *       *  *
    7  *  *  *        *         *        *       *  *
    6  *  *  *        bear2/N   *        *       *  *
    5  *  *  bear4/E  green     mushroom5/N  *   *  *
    4  *  *  *        ?         *        *       *  *
    3  *  *  *        *         *        *       *  *
    2  *  *  *        *         *        *       *  *
    1  *  *  *        *         *        *       *  *
       a  b  c        d         e        f       g  h
    hand Anna: green 2, blue 2, beige 1
    display Anna: canoe-elk2 + herb3 | wolf1

Board tokens:

* ``.`` an empty square; ``green``, ``blue``, ``beige``, ``purple``: that trapper;
* ``bear4`` a face-up tile (codes: ``mink1``.. ``salmon4``, ``canoe-bear3``, ``herb1``,
  ``mushroom5``), optionally with its water side: ``bear4/E`` (N, E, S or W);
* ``(bear4)`` or ``(bear4/E)`` that tile face down;
* ``*`` some face-down tile, ``?`` some face-up tile, both filled by the seed from the tiles
  the text does not place. Tiles placed nowhere are in the box. A rank not written is
  eight ``*``.

A tile next to a trapper is face up (it was turned up when the trapper arrived): a ``*``
there is turned up; ``(bear4)`` there is an error.

Other lines (all optional; names are the players' names):

* ``players: Anna, Ben`` (else the options' players) · ``variant: young``
* ``turn: Anna`` (else the first player) · ``moved: green`` and ``played: 2`` for a position
  in the middle of a turn · ``dropped: Ben``
* tactical variant, in the middle of an auction: ``bid: 3``, ``bidder: Cleo``, ``acting: Anna``
  (who decides now; the bidder when all others passed), ``passed: Ben``; ``moved`` is the
  colour the stone holder (``turn``) named
* ``hand Anna: green 2, blue 2, beige 1`` (colours not named: 0). Hands not given get 6
  cards (8 in the tactical variant) from the cards left, dealt by the seed.
* ``draw: blue, blue, purple`` the top of the draw pile, first drawn first; the cards left
  lie below it in seeded order. ``discard: green 3, blue 1`` · ``aside: purple 2`` (the cards
  of players who dropped out)
* ``display Anna: canoe-bear3 + mushroom5 + bear4 | bear2`` groups apart by ``|``, tiles of
  a row joined by ``+`` (a row starts with its canoe); tile names work too (``bear 4``).
* ``sold Anna: canoe-mink1 + mink3`` full canoes already sold (the money is not added).
* ``money Anna: 26`` · ``bonus Anna: canoe 26, species 4``

Every problem raises BadState naming the line and column.

>>> from tutor.trapper import GAME
>>> s = parse_position('''hand P1: green 2
... 5  *  bear4/E  green   blue   ?  *  *  *
... 4  *  *        purple  beige  *  *  *  *''', seed=1)
>>> s.hands[0], s.trappers[0], GAME.facts(s)["water.b5"], GAME.facts(s)["square.c5"]
((2, 0, 0, 0), 34, 'E', 'trapper green')
>>> GAME.facts(s)["square.c6"] != "face down", GAME.facts(s)["square.a8"]
(True, 'face down')
>>> parse_position("5 * bear4/Q green blue * * * *")
Traceback (most recent call last):
...
tutor.core.errors.BadState: line 1, column 5: 'bear4/Q': the water side must be N, E, S or W
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Mapping

from tutor.core.errors import BadOption, BadState
from tutor.core.seeding import rng

from . import saving
from .facts import bonus_text, hand_text
from .options import read_options
from .setup import START, shuffled_water
from .state import CANOE_BONUS, SPECIES_BONUS, Display, Payment, Row, Sold, TrapperState
from .variants import RULES
from .tiles import (COLOURS, FILES, NEIGHBOURS, SIDES, TILES, ids_by_code, ids_by_name,
                    square_name)

_TILE = re.compile(r"(?P<open>\()?(?P<code>[a-z0-9-]+)(?:/(?P<side>\w))?(?P<close>\))?")
_KEYED = re.compile(r"(?P<key>[a-z]+)(?:\s+(?P<who>[^:]+?))?\s*:\s*(?P<value>.*)")


class _Text:
    """The lines of a position, with where each token is, for error messages."""

    def __init__(self, text: str):
        self.lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1)
                      if line.strip() and not line.lstrip().startswith("#")]

    @staticmethod
    def fail(line: int | None, column: int | None, problem: str):
        where = f"line {line}" + (f", column {column}" if column else "") if line else "board"
        raise BadState(problem, where=where)


def _tokens(line: str) -> list[tuple[int, str]]:
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]


class _Tiles:
    """Hands out tile ids by code or name; each tile once."""

    def __init__(self):
        self.used: set[int] = set()

    def take(self, word: str, line: int, column: int | None) -> int:
        found = ids_by_code(word) or ids_by_name(word)
        if not found:
            _Text.fail(line, column, f"{word!r} is not a tile (e.g. bear4, canoe-bear3, "
                                     "herb1, mushroom5)")
        free = [t for t in found if t not in self.used]
        if not free:
            _Text.fail(line, column, f"{word!r}: there is no other such tile left "
                                     f"({len(found)} in the game)")
        self.used.add(free[0])
        return free[0]


def parse_position(text: str, options: Mapping[str, object] | None = None,
                   seed: int = 0) -> TrapperState:
    """The state a position text describes (see the module docstring)."""
    if not isinstance(text, str):
        raise BadState("a position is a text")
    src = _Text(text)
    keyed: dict[tuple[str, str | None], tuple[int, str]] = {}
    ranks: dict[int, tuple[int, str]] = {}
    for n, line in src.lines:
        stripped = line.strip()
        first = stripped.split()[0]
        if stripped.split() == list(FILES):
            continue
        if first in "12345678" and len(first) == 1:
            if int(first) in ranks:
                src.fail(n, 1, f"rank {first} is written twice")
            ranks[int(first)] = (n, line)
            continue
        found = _KEYED.fullmatch(stripped)
        if not found:
            src.fail(n, 1, "expected a rank line ('5 * * bear4/E green ...') or "
                           "'key: value' (players, turn, hand NAME, display NAME, ...)")
        key = (found["key"], found["who"])
        if key in keyed:
            src.fail(n, 1, f"'{stripped.split(':')[0]}' is given twice")
        keyed[key] = (n, found["value"].strip())
    opts = dict(options or {})
    if ("players", None) in keyed:
        n, value = keyed.pop(("players", None))
        opts["players"] = [p.strip() for p in value.split(",")]
    if ("variant", None) in keyed:
        n, value = keyed.pop(("variant", None))
        opts["variant"] = value
    try:
        players, variant = read_options(opts)
    except BadOption as exc:
        raise BadState(exc.problem, where=f"options, {exc.where}") from None
    tiles = _Tiles()
    state = _people(src, keyed, players, variant, seed, tiles)
    board, face_up, water, trappers, fill = _board(src, ranks, tiles, seed)
    # the tiles the text does not place fill the * and ? squares; the rest is the box
    left = [t for t in range(64) if t not in tiles.used]
    rng(seed, "position", "tiles").shuffle(left)
    if len(fill) > len(left):
        n, col = fill[len(left)][1:]
        src.fail(n, col, f"no tiles left for this square: the text places {len(tiles.used)} "
                         f"tiles and asks for {len(fill)} more")
    for (sq, n, col), tile in zip(fill, left):
        board[sq] = tile
    unseen = {sq for sq, n, col in fill if not face_up[sq]}
    for colour, sq in enumerate(trappers):
        for near in NEIGHBOURS[sq].values():
            if near in unseen:
                face_up[near] = True  # turned up when the trapper arrived
            elif board[near] is not None and not face_up[near]:
                src.fail(*_where_of(ranks, near), f"the tile on {square_name(near)} is next to "
                         f"the {COLOURS[colour]} trapper, so it must be face up")
    state = replace(state, board=tuple(board), face_up=tuple(face_up),
                    water=tuple(w or s for w, s in zip(water, shuffled_water(seed))),
                    trappers=tuple(trappers), box=tuple(left[len(fill):]))
    try:
        saving.check(state)
    except BadState as exc:
        raise BadState(exc.problem, where="position") from None
    return state


def _where_of(ranks, square: int) -> tuple[int, int | None]:
    n, line = ranks[square // 8 + 1]
    return n, _tokens(line)[1 + square % 8][0]


def _board(src: _Text, ranks, tiles: _Tiles, seed: int):
    board: list[int | None] = [None] * 64
    face_up = [False] * 64
    water: list[str | None] = [None] * 64  # by tile id; None: from the seed
    trappers: list[int | None] = [None] * 4
    fill = []  # (square, line, column) of * and ? squares
    for rank in range(8, 0, -1):
        n, line = ranks.get(rank, (0, f"{rank}" + " *" * 8))
        tokens = _tokens(line)[1:]
        if len(tokens) != 8:
            src.fail(n, None, f"rank {rank} has {len(tokens)} squares, not 8 (files a to h)")
        for file, (col, token) in enumerate(tokens):
            sq = (rank - 1) * 8 + file
            if token == ".":
                continue
            if token in COLOURS:
                c = COLOURS.index(token)
                if trappers[c] is not None:
                    src.fail(n, col, f"the {token} trapper is placed twice")
                trappers[c] = sq
                continue
            if token in ("*", "?"):
                fill.append((sq, n, col))
                face_up[sq] = token == "?"
                continue
            found = _TILE.fullmatch(token)
            if not found or bool(found["open"]) != bool(found["close"]):
                src.fail(n, col, f"{token!r} is not a square token (., *, ?, a trapper colour, "
                                 "a tile like bear4 or bear4/E, or (bear4) face down)")
            if found["side"] and found["side"] not in SIDES:
                src.fail(n, col, f"{token!r}: the water side must be N, E, S or W")
            tile = tiles.take(found["code"], n, col)
            board[sq] = tile
            face_up[sq] = not found["open"]
            water[tile] = found["side"]
    missing = [COLOURS[c] for c in range(4) if trappers[c] is None]
    if missing:
        names = ", ".join(missing[:-1]) + " and " + missing[-1] if len(missing) > 1 else missing[0]
        verb = "trappers are" if len(missing) > 1 else "trapper is"
        src.fail(None, None, f"the {names} {verb} not on the board (write each colour on "
                             "its square)")
    return board, face_up, water, trappers, fill


def _who(src: _Text, players, n: int, name: str | None, key: str) -> int:
    if name is None or name not in players:
        src.fail(n, 1, f"'{key}' needs a player's name ({', '.join(players)}), "
                       f"not {name!r}")
    return players.index(name)


def _cards(src: _Text, n: int, value: str) -> list[int]:
    counts = [0, 0, 0, 0]
    for part in filter(None, (p.strip() for p in value.split(","))):
        words = part.split()
        if len(words) != 2 or words[0] not in COLOURS or not words[1].isdigit():
            src.fail(n, None, f"{part!r}: write cards as 'green 2, blue 1'")
        counts[COLOURS.index(words[0])] += int(words[1])
    return counts


def _group_tiles(src, tiles: _Tiles, n: int, group: str) -> list[int]:
    return [tiles.take(w.strip(), n, None) for w in group.split("+")]


def _display(src, tiles, n: int, value: str) -> Display:
    rows, singles = [], []
    for group in filter(None, (g.strip() for g in value.split("|"))):
        ids = _group_tiles(src, tiles, n, group)
        head = TILES[ids[0]]
        if head.kind != "canoe":
            if len(ids) > 1:
                src.fail(n, None, f"{group!r}: a row starts with its canoe")
            singles.append(ids[0])
            continue
        row = Row(ids[0])
        for t in ids[1:]:
            tile = TILES[t]
            if tile.kind == "animal" and tile.species == head.species and row.missing > 0:
                row = replace(row, animals=row.animals + (t,))
            elif tile.kind in ("mushroom", "herb") and getattr(row, tile.kind) is None:
                row = replace(row, **{tile.kind: t})
            else:
                src.fail(n, None, f"{group!r}: {tile.name} cannot join {head.name} "
                                  "(trapper.display.row)")
        if row.missing <= 0:
            src.fail(n, None, f"{group!r}: a full canoe is sold at once: write it in 'sold'")
        rows.append(row)
    for t in singles:
        tile = TILES[t]
        fits = [r for r in rows
                if (tile.kind == "animal" and TILES[r.canoe].species == tile.species)
                or (tile.kind != "animal" and getattr(r, tile.kind) is None)]
        if fits:
            src.fail(n, None, f"{tile.name} must join {TILES[fits[0].canoe].name} "
                              "(trapper.display.attach)")
    return Display(tuple(rows), tuple(singles))


def _sold(src, tiles, n: int, value: str) -> tuple[Sold, ...]:
    found = []
    for group in filter(None, (g.strip() for g in value.split("|"))):
        ids = _group_tiles(src, tiles, n, group)
        head = TILES[ids[0]]
        animals = [t for t in ids[1:] if TILES[t].kind == "animal"
                   and TILES[t].species == head.species]
        if head.kind != "canoe" or len(animals) != head.value:
            src.fail(n, None, f"{group!r}: a sold canoe holds exactly the animals it shows")
        found.append(Sold(ids[0], tuple(ids[1:]), 2 * sum(TILES[t].value for t in ids[1:])))
    return tuple(found)


def _bonus(src, n: int, value: str) -> tuple[list[int], list[int]]:
    canoe, species = [], []
    for part in filter(None, (p.strip() for p in value.split(","))):
        words = part.split()
        ok = len(words) == 2 and words[1].isdigit()
        if ok and words[0] == "canoe" and int(words[1]) in CANOE_BONUS:
            canoe.append(int(words[1]))
        elif ok and words[0] == "species" and int(words[1]) in SPECIES_BONUS:
            species.append(int(words[1]))
        else:
            src.fail(n, None, f"{part!r}: write bonus tiles as 'canoe 26, species 4'")
    return canoe, species


def _people(src: _Text, keyed, players, variant, seed, tiles: _Tiles) -> TrapperState:
    """Everything but the board: cards, displays, money, bonus tiles, whose turn."""
    p = len(players)
    hands: list[list[int] | None] = [None] * p
    displays = [Display()] * p
    ledger, canoe_bonus, species_bonus = [], [[] for _ in players], [[] for _ in players]
    dropped = [False] * p
    top, discard, aside = [], [0, 0, 0, 0], [0, 0, 0, 0]
    turn, moved, played = 0, None, None
    auction = {"bid": 0, "bidder": None, "acting": None, "passed": ()}
    for (key, name), (n, value) in keyed.items():
        if key == "hand":
            i = _who(src, players, n, name, key)
            hands[i] = None if value == "*" else _cards(src, n, value)
        elif key in ("display", "sold"):
            i = _who(src, players, n, name, key)
            if key == "display":
                displays[i] = replace(_display(src, tiles, n, value), sold=displays[i].sold)
            else:
                displays[i] = replace(displays[i], sold=_sold(src, tiles, n, value))
        elif key == "money":
            i = _who(src, players, n, name, key)
            if not re.fullmatch(r"-?\d+", value):
                src.fail(n, None, f"money is a whole number, not {value!r}")
            ledger.append(Payment(i, int(value), "trapper.money", "money at the start"))
        elif key == "bonus":
            i = _who(src, players, n, name, key)
            canoe_bonus[i], species_bonus[i] = _bonus(src, n, value)
        elif name is not None:
            src.fail(n, 1, f"'{key}' takes no player's name")
        elif key == "turn":
            turn = _who(src, players, n, value, key)
        elif key == "dropped":
            for who in value.split(","):
                dropped[_who(src, players, n, who.strip(), key)] = True
        elif key == "draw":
            for word in filter(None, (w.strip() for w in value.split(","))):
                if word not in COLOURS:
                    src.fail(n, None, f"{word!r} is not a card colour ({', '.join(COLOURS)})")
                top.append(COLOURS.index(word))
        elif key == "discard":
            discard = _cards(src, n, value)
        elif key == "aside":
            aside = _cards(src, n, value)
        elif key == "moved":
            if value not in COLOURS:
                src.fail(n, None, f"{value!r} is not a trapper colour ({', '.join(COLOURS)})")
            moved = COLOURS.index(value)
        elif key == "played":
            if not value.isdigit():
                src.fail(n, None, f"played is a number of cards, not {value!r}")
            played = int(value)
        elif key == "bid":
            if not value.isdigit():
                src.fail(n, None, f"bid is a number of cards, not {value!r}")
            auction["bid"] = int(value)
        elif key in ("bidder", "acting"):
            auction[key] = _who(src, players, n, value, key)
        elif key == "passed":
            auction["passed"] = tuple(_who(src, players, n, w.strip(), key)
                                      for w in value.split(",") if w.strip())
        else:
            src.fail(n, 1, f"unknown line '{key}' (players, variant, turn, moved, played, bid, "
                           "bidder, acting, passed, aside, "
                           "dropped, hand, draw, discard, display, sold, money, bonus)")
    if played and moved is None:
        src.fail(keyed[("played", None)][0], None, "cards played, but which trapper moved? "
                                                   "add 'moved: <colour>'")
    # cards: the named ones first, the rest shuffled by the seed
    left = Counter({c: 16 for c in range(4)})
    for counts in [*(h for h in hands if h is not None), discard, aside]:
        for c in range(4):
            left[c] -= counts[c]
    for c in top:
        left[c] -= 1
    short = [COLOURS[c] for c in range(4) if left[c] < 0]
    if short:
        raise BadState(f"more than 16 {short[0]} cards are named", where="cards")
    deck = [c for c in range(4) for _ in range(left[c])]
    rng(seed, "position", "cards").shuffle(deck)
    size = RULES[variant].hand_size
    for i in range(p):
        if hands[i] is None:
            dealt, deck = deck[:size], deck[size:]
            hands[i] = [dealt.count(c) for c in range(4)]
    return TrapperState(
        players=players, variant=variant, seed=seed, board=(None,) * 64,
        face_up=(False,) * 64, water=("N",) * 64, trappers=START,
        hands=tuple(tuple(h) for h in hands), draw=tuple(top + deck),
        discard=tuple(discard), aside=tuple(aside), reshuffles=0, displays=tuple(displays),
        box=(), handed_in=(), ledger=tuple(ledger),
        canoe_bonus=tuple(tuple(b) for b in canoe_bonus),
        species_bonus=tuple(tuple(b) for b in species_bonus),
        turn=turn, moved=moved, played=played if played is not None else int(moved is not None),
        dropped=tuple(dropped), bid=auction["bid"], bidder=auction["bidder"],
        acting=auction["acting"],
        out=tuple(i in auction["passed"] or dropped[i] for i in range(p)) if auction["bid"] else (),
    )


# ---- writing ---------------------------------------------------------------------------------
def _token(state: TrapperState, sq: int) -> str:
    if sq in state.trappers:
        return COLOURS[state.trappers.index(sq)]
    tile = state.board[sq]
    if tile is None:
        return "."
    word = f"{TILES[tile].code}/{state.water[tile]}"
    return word if state.face_up[sq] else f"({word})"


def _groups(display: Display) -> str:
    parts = [" + ".join(TILES[t].code for t in (r.canoe, *r.attached)) for r in display.rows]
    return " | ".join(parts + [TILES[t].code for t in display.singles])


def position_text(state: TrapperState) -> str:
    """A position text for ``state`` (money as one line per player; the box is left out).

    >>> from tutor.trapper import GAME
    >>> s = GAME.initial_state({"players": 2}, seed=2)
    >>> again = parse_position(position_text(s), seed=2)
    >>> GAME.facts(again) == GAME.facts(s), again.hands == s.hands, again.draw == s.draw
    (True, True, True)
    """
    tokens = [[_token(state, (rank - 1) * 8 + f) for f in range(8)] for rank in range(8, 0, -1)]
    width = max(len(t) for row in tokens for t in row)
    lines = [f"players: {', '.join(state.players)}", f"variant: {state.variant}",
             f"turn: {state.players[state.turn]}"]
    if state.moved is not None:
        lines += [f"moved: {COLOURS[state.moved]}", f"played: {state.played}"]
    if any(state.dropped):
        lines.append("dropped: " + ", ".join(p for p, d in zip(state.players, state.dropped) if d))
    if state.bid:
        passed = [p for i, p in enumerate(state.players) if state.out[i] and not state.dropped[i]]
        lines += [f"bid: {state.bid}", f"bidder: {state.players[state.bidder]}",
                  f"acting: {state.players[state.acting]}", "passed: " + ", ".join(passed)]
    for rank, row in zip(range(8, 0, -1), tokens):
        lines.append(f"{rank}  " + " ".join(t.ljust(width) for t in row).rstrip())
    lines.append("   " + " ".join(f.ljust(width) for f in FILES).rstrip())
    for p, name in enumerate(state.players):
        lines.append(f"hand {name}: {hand_text(state.hands[p])}")
    lines.append("draw: " + ", ".join(COLOURS[c] for c in state.draw))
    lines.append(f"discard: {hand_text(state.discard)}")
    if any(state.aside):
        lines.append(f"aside: {hand_text(state.aside)}")
    for p, name in enumerate(state.players):
        d = state.displays[p]
        if d.rows or d.singles:
            lines.append(f"display {name}: {_groups(d)}")
        if d.sold:
            lines.append(f"sold {name}: " + " | ".join(
                " + ".join(TILES[t].code for t in (s.canoe, *s.tiles)) for s in d.sold))
        if state.money(p):
            lines.append(f"money {name}: {state.money(p)}")
        if state.canoe_bonus[p] or state.species_bonus[p]:
            lines.append(f"bonus {name}: {bonus_text(state, p)}")
    return "\n".join(lines)
