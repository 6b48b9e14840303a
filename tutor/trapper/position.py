"""Trapper positions in the one position grammar (``docs/position-text.md``,
:mod:`tutor.core.position`): written by hand for a walkthrough, written back by
:func:`position_text`. Example::

    players: Anna, Ben
    turn: Anna
    board:
      8  *  *  *        *         *            *  *  *
      6  *  *  *        bear2/N   *            *  *  *
      5  *  *  bear4/E  green     mushroom5/N  *  *  *
      4  *  *  *        purple    beige        *  *  *
         a  b  c        d         e            f  g  h
    hand Anna: green 2, blue 2, beige 1
    display Anna: canoe-elk2 + herb3 | wolf1

**The board** is a block of rank lines, each a rank number (8 at the top, the north edge)
and 8 tokens, files a to h; a rank not written is eight ``*``; a line of file letters may
label the columns. Tokens:

* ``.`` an empty square; ``green``, ``blue``, ``beige``, ``purple``: that trapper;
* ``bear4`` a face-up tile (codes: ``mink1`` .. ``salmon4``, ``canoe-bear3``, ``herb1``,
  ``mushroom5``), with its water side if it matters: ``bear4/E`` (N, E, S or W);
* ``(bear4)`` or ``(bear4/E)`` that tile face down;
* ``*`` some face-down tile, ``?`` some face-up tile, both filled by the seed from the tiles
  the text does not place. Tiles placed nowhere are in the box.

A tile next to a trapper is face up (it was turned up when the trapper arrived): a ``*``
there is turned up; ``(bear4)`` there is an error.

**Other keys** (all optional; a subject is a player's name):

* ``players: Anna, Ben`` (else the options' players) · ``variant: young``
* ``turn: Anna`` (else the first player) · ``moved: green`` and ``played: 2`` for a position
  in the middle of a turn · ``dropped: Ben``
* tactical variant, in the middle of an auction: ``bid: 3``, ``bidder: Cleo``, ``acting:
  Anna`` (who decides now; the bidder when all others passed), ``passed: Ben``; ``moved`` is
  the colour the stone holder (``turn``) named
* ``hand Anna: green 2, blue 2, beige 1`` (colours not named: 0; ``*``: dealt by the seed).
  Hands not given get 6 cards (8 in the tactical variant) from the cards left.
* ``draw: blue, blue, purple`` the top of the draw pile, first drawn first; the cards left
  lie below it in seeded order · ``discard: green 3, blue 1`` · ``aside: purple 2`` (the
  cards of players who dropped out)
* ``display Anna: canoe-bear3 + mushroom5 + bear4 | bear2`` groups apart by ``|``, tiles of
  a row joined by ``+`` (a row starts with its canoe); tile names work too (``bear 4``)
* ``sold Anna: canoe-mink1 + mink3`` full canoes already sold (the money is not added)
* ``money Anna: 26`` · ``bonus Anna: canoe 26, species 4``

Every problem is a BadState naming the line and column.

>>> from tutor.trapper import GAME
>>> s = parse_position('''hand P1: green 2
... board:
...   5  *  bear4/E  green   blue   ?  *  *  *
...   4  *  *        purple  beige  *  *  *  *''', seed=1)
>>> s.hands[0], s.trappers[0], GAME.facts(s)["water.b5"], GAME.facts(s)["square.c5"]
((2, 0, 0, 0), 34, 'E', 'trapper green')
>>> GAME.facts(s)["square.c6"] != "face down", GAME.facts(s)["square.a8"]
(True, 'face down')
>>> parse_position("board:\\n  5 * bear4/Q green blue * * * *")
Traceback (most recent call last):
...
tutor.core.errors.BadState: line 2, column 7: 'bear4/Q': the water side must be N, E, S or W
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Mapping

from tutor.core import position as grammar
from tutor.core.errors import BadOption, BadState
from tutor.core.i18n import translator
from tutor.core.inputs import whole_number
from tutor.core.position import Entry, Position, Token
from tutor.core.seeding import rng

from .facts import bonus_text, hand_text
from .notation import colour_adjective, said_colour, tile_name
from .options import read_options
from .rules import pieces
from .setup import START, shuffled_water
from .state import CANOE_BONUS, SPECIES_BONUS, Cards, Display, Payment, Row, Sold, TrapperState
from .tiles import (COLOURS, FILES, NEIGHBOURS, SIDES, TILES, ids_by_code, ids_by_name,
                    square_name)
from .variants import RULES

T = translator("trapper")  # an author's or a learner's position is refused in their language
PLAIN = ("players", "variant", "turn", "moved", "played", "dropped", "bid", "bidder", "acting",
         "passed", "board", "draw", "discard", "aside")
SUBJECTS = ("hand", "display", "sold", "money", "bonus")
_TILE = re.compile(r"(?P<open>\()?(?P<code>[a-z0-9-]+)(?:/(?P<side>\w))?(?P<close>\))?")


class _Tiles:
    """Hands out tile ids by code or name; each tile once."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, token: Token) -> int:
        word = token.text
        found = ids_by_code(word) or ids_by_name(word)
        if not found:
            token.fail(T._("{word} is not a tile (e.g. bear4, canoe-bear3, herb1, mushroom5)",
                           word=repr(word)))
        free = [t for t in found if t not in self.used]
        if not free:
            token.fail(T._("{word}: there is no other such tile left ({count} in the game)",
                           word=repr(word), count=len(found)))
        self.used.add(free[0])
        return free[0]


@dataclass
class _Board:
    """What the board block says."""

    board: list[int | None] = field(default_factory=lambda: [None] * 64)
    face_up: list[bool] = field(default_factory=lambda: [False] * 64)
    water: list[str | None] = field(default_factory=lambda: [None] * 64)  # by tile id
    trappers: list[int | None] = field(default_factory=lambda: [None] * 4)
    fill: list[tuple[int, Token]] = field(default_factory=list)  # the * and ? squares
    tokens: dict[int, Token] = field(default_factory=dict)  # where each square is written


def parse_position(text: str, options: Mapping[str, object] | None = None,
                   seed: int = 0) -> TrapperState:
    """The state a position text describes (see the module docstring)."""
    pos = grammar.parse(text)
    pos.check_keys(plain=PLAIN, subjects=SUBJECTS)
    opts = dict(options or {})
    if (entry := pos.get("players")) is not None:
        opts["players"] = [t.text for t in entry.items(",")]
    if (entry := pos.get("variant")) is not None:
        opts["variant"] = entry.value
    try:
        players, variant = read_options(opts)
    except BadOption as exc:
        entry = pos.get(exc.where or "")
        if entry is not None:
            entry.fail(exc.problem)
        raise BadState(exc.problem, where=f"options, {exc.where}") from None
    tiles = _Tiles()
    state = _people(pos, players, variant, seed, tiles)
    drawn = _board(pos.get("board"), tiles)
    board, face_up = drawn.board, drawn.face_up
    # the tiles the text does not place fill the * and ? squares; the rest is the box
    left = [t for t in range(64) if t not in tiles.used]
    rng(seed, "position", "tiles").shuffle(left)
    if len(drawn.fill) > len(left):
        drawn.fill[len(left)][1].fail(T._(
            "no tiles left for this square: the text places {placed} tiles and asks for "
            "{asked} more", placed=len(tiles.used), asked=len(drawn.fill)))
    for (sq, _), tile in zip(drawn.fill, left):
        board[sq] = tile
    unseen = {sq for sq, _ in drawn.fill if not face_up[sq]}
    trappers = [sq for sq in drawn.trappers if sq is not None]
    for colour, sq in enumerate(trappers):
        for near in NEIGHBOURS[sq].values():
            if near in unseen:
                face_up[near] = True  # turned up when the trapper arrived
            elif board[near] is not None and not face_up[near]:
                drawn.tokens[near].fail(T._(
                    "the tile on {square} is next to the {colour} trapper, so it must be face up",
                    square=square_name(near), colour=said_colour(colour)))
    state = replace(state, board=tuple(board), face_up=tuple(face_up),
                    water=tuple(w or s for w, s in zip(drawn.water, shuffled_water(seed))),
                    trappers=tuple(trappers), box=tuple(left[len(drawn.fill):]))
    if all(t is None for t in state.board) or all(state.dropped):  # the end (trapper.end): its
        state = replace(state, over=True, moved=None, played=0)  # scoring is in the money said
    found = pieces(state)
    if found:
        raise BadState(found[0][1], where="position")
    return state


def _board(entry: Entry | None, tiles: _Tiles) -> _Board:
    found = _Board()
    ranks: dict[int, list[Token]] = {}
    for line in entry.rows() if entry is not None else []:
        if [t.text for t in line] == list(FILES):
            continue  # the file letters
        head = line[0]
        if head.text not in "12345678" or len(head.text) != 1:
            head.fail(T._("a board line starts with its rank, 1 to 8, not {text}",
                          text=repr(head.text)))
        if int(head.text) in ranks:
            head.fail(T._("rank {rank} is written twice", rank=head.text))
        if len(line) != 9:
            head.fail(T.n_("rank {rank} has {n} square, not 8 (files a to h)",
                           "rank {rank} has {n} squares, not 8 (files a to h)", len(line) - 1,
                           rank=head.text))
        ranks[int(head.text)] = line[1:]
    for rank in range(8, 0, -1):
        row = ranks.get(rank)
        for file in range(8):
            sq = (rank - 1) * 8 + file
            if row is None:
                found.fill.append((sq, entry.token() if entry is not None else
                                   Token("*", 0, 0)))
                continue
            _square(found, sq, row[file], tiles)
    missing = [colour_adjective(c) for c in range(4) if found.trappers[c] is None]
    if missing:
        # Translators: the last of several colours named together ("green, blue and beige")
        names = (T._("{some} and {last}", some=", ".join(missing[:-1]), last=missing[-1])
                 if len(missing) > 1 else missing[0])
        problem = T.n_("the {colours} trapper is not on the board (write each colour on its "
                       "square)", "the {colours} trappers are not on the board (write each "
                       "colour on its square)", len(missing), colours=names)
        if entry is None:
            raise BadState(T._("{problem}; the position has no 'board:'", problem=problem),
                           where="board")
        entry.fail(problem, entry.key_column)
    return found


def _square(found: _Board, sq: int, token: Token, tiles: _Tiles) -> None:
    word = token.text
    found.tokens[sq] = token
    if word == ".":
        return
    if word in COLOURS:
        c = COLOURS.index(word)
        if found.trappers[c] is not None:
            token.fail(T._("the {colour} trapper is placed twice", colour=said_colour(c)))
        found.trappers[c] = sq
        return
    if word in ("*", "?"):
        found.fill.append((sq, token))
        found.face_up[sq] = word == "?"
        return
    match = _TILE.fullmatch(word)
    if not match or bool(match["open"]) != bool(match["close"]):
        token.fail(T._("{word} is not a square token (., *, ?, a trapper colour, a tile like "
                       "bear4 or bear4/E, or (bear4) face down)", word=repr(word)))
    if match["side"] and match["side"] not in SIDES:
        token.fail(T._("{word}: the water side must be N, E, S or W", word=repr(word)))
    tile = tiles.take(Token(match["code"], token.line, token.column + bool(match["open"])))
    found.board[sq] = tile
    found.face_up[sq] = not match["open"]
    found.water[tile] = match["side"]


def _who(entry: Entry, players: tuple[str, ...], token: Token | None = None) -> int:
    """The player an entry's subject (or ``token``) names."""
    name = token.text if token is not None else entry.subject
    if name is None or name not in players:
        where = token.column if token is not None else entry.subject_column
        if token is None and name is None:
            where = entry.value_column
        entry.fail(T._("'{key}' needs a player's name ({players}), not {name}", key=entry.key,
                       players=", ".join(players), name=repr(name)), where)
    return players.index(name)


def _cards(entry: Entry) -> list[int]:
    counts = [0, 0, 0, 0]
    for part in entry.items(","):
        words = part.text.split()
        number = whole_number(words[1]) if len(words) == 2 else None
        if number is None or words[0] not in COLOURS:
            part.fail(T._("{text}: write cards as 'green 2, blue 1'", text=repr(part.text)))
        counts[COLOURS.index(words[0])] += number
    return counts


def _group_tiles(group: Token, tiles: _Tiles) -> list[int]:
    found, offset = [], 0
    for piece in group.text.split("+"):
        lead = len(piece) - len(piece.lstrip())
        found.append(tiles.take(Token(piece.strip(), group.line, group.column + offset + lead)))
        offset += len(piece) + 1
    return found


def _display(entry: Entry, tiles: _Tiles) -> Display:
    rows, singles = [], []
    for group in entry.items("|"):
        ids = _group_tiles(group, tiles)
        head = TILES[ids[0]]
        if head.kind != "canoe":
            if len(ids) > 1:
                group.fail(T._("{text}: a row starts with its canoe", text=repr(group.text)))
            singles.append(ids[0])
            continue
        row = Row(ids[0])
        for t in ids[1:]:
            if not row.takes(t):
                group.fail(T._("{text}: {tile} cannot join {canoe} ({rule})",
                               text=repr(group.text), tile=tile_name(t), canoe=tile_name(ids[0]),
                               rule="trapper.display.row"))
            row = row.joined(t)
        if row.missing <= 0:
            group.fail(T._("{text}: a full canoe is sold at once: write it in 'sold'",
                           text=repr(group.text)))
        rows.append(row)
    for t in singles:
        fits = [r for r in rows if r.takes(t)]
        if fits:
            entry.fail(T._("{tile} must join {canoe} ({rule})", rule="trapper.display.attach",
                           tile=tile_name(t), canoe=tile_name(fits[0].canoe)))
    return Display(tuple(rows), tuple(singles))


def _sold(entry: Entry, tiles: _Tiles) -> tuple[Sold, ...]:
    found = []
    for group in entry.items("|"):
        ids = _group_tiles(group, tiles)
        head = TILES[ids[0]]
        animals = [t for t in ids[1:] if TILES[t].kind == "animal"
                   and TILES[t].species == head.species]
        if head.kind != "canoe" or len(animals) != head.value:
            group.fail(T._("{text}: a sold canoe holds exactly the animals it shows",
                           text=repr(group.text)))
        found.append(Sold(ids[0], tuple(ids[1:]), 2 * sum(TILES[t].value for t in ids[1:])))
    return tuple(found)


def _bonus(entry: Entry) -> tuple[list[int], list[int]]:
    canoe: list[int] = []
    species: list[int] = []
    for part in entry.items(","):
        words = part.text.split()
        number = whole_number(words[1]) if len(words) == 2 else None
        if number is not None and words[0] == "canoe" and number in CANOE_BONUS:
            canoe.append(number)
        elif number is not None and words[0] == "species" and number in SPECIES_BONUS:
            species.append(number)
        else:
            part.fail(T._("{text}: write bonus tiles as 'canoe 26, species 4'",
                          text=repr(part.text)))
    return canoe, species


def _colour(entry: Entry) -> int:
    return COLOURS.index(entry.choice(COLOURS))


def _people(pos: Position, players: tuple[str, ...], variant: str, seed: int,
            tiles: _Tiles) -> TrapperState:
    """Everything but the board: cards, displays, money, bonus tiles, whose turn."""
    p = len(players)
    hands: list[list[int] | None] = [None] * p
    displays = [Display()] * p
    ledger: list[Payment] = []
    canoe_bonus: list[list[int]] = [[] for _ in players]
    species_bonus: list[list[int]] = [[] for _ in players]
    dropped = [False] * p
    top: list[int] = []
    piles = {"discard": [0, 0, 0, 0], "aside": [0, 0, 0, 0]}
    seat: dict[str, int] = {}  # turn, bidder, acting
    moved, played, bid, passed = None, None, 0, set()
    for entry in pos:
        key = entry.key
        i = _who(entry, players) if key in SUBJECTS else -1
        if key == "hand":
            hands[i] = None if entry.value == "*" else _cards(entry)
        elif key == "display":
            displays[i] = replace(_display(entry, tiles), sold=displays[i].sold)
        elif key == "sold":
            displays[i] = replace(displays[i], sold=_sold(entry, tiles))
        elif key == "money":
            ledger.append(Payment(i, entry.number(), "trapper.money", "money at the start"))
        elif key == "bonus":
            canoe_bonus[i], species_bonus[i] = _bonus(entry)
        elif key in ("turn", "bidder", "acting"):
            seat[key] = _who(entry, players, entry.token())
        elif key == "dropped":
            for who in entry.items(","):
                dropped[_who(entry, players, who)] = True
        elif key == "draw":
            for word in entry.items(","):
                if word.text not in COLOURS:
                    word.fail(T._("{text} is not a card colour ({colours})",
                                  text=repr(word.text), colours=", ".join(COLOURS)))
                top.append(COLOURS.index(word.text))
        elif key in piles:
            piles[key] = _cards(entry)
        elif key == "moved":
            moved = _colour(entry)
        elif key == "played":
            played = entry.number(lo=0, hi=64)
        elif key == "bid":
            bid = entry.number(lo=0, hi=64)
        elif key == "passed":
            passed = {_who(entry, players, w) for w in entry.items(",")}
    said = pos.get("played")
    if played and moved is None and said is not None:
        said.fail(T._("cards played, but which trapper moved? add 'moved: <colour>'"))
    # cards: the named ones first, the rest shuffled by the seed
    named = zip(*(h for h in hands if h is not None), *piles.values())
    left = [16 - sum(n) - top.count(c) for c, n in enumerate(named)]
    short = [c for c in range(4) if left[c] < 0]
    if short:
        raise BadState(T._("more than 16 {colour} cards are named", colour=said_colour(short[0])),
                       where="cards")
    deck = [c for c in range(4) for _ in range(left[c])]
    rng(seed, "position", "cards").shuffle(deck)
    size = RULES[variant].hand_size
    dealt_hands: list[Cards] = []
    for hand in hands:
        if hand is None:
            dealt, deck = deck[:size], deck[size:]
            hand = [dealt.count(c) for c in range(4)]
        dealt_hands.append(tuple(hand))
    return TrapperState(
        players=players, variant=variant, seed=seed, board=(None,) * 64,
        face_up=(False,) * 64, water=("N",) * 64, trappers=START,
        hands=tuple(dealt_hands), draw=tuple(top + deck),
        discard=tuple(piles["discard"]), aside=tuple(piles["aside"]), reshuffles=0,
        displays=tuple(displays), box=(), handed_in=(), ledger=tuple(ledger),
        canoe_bonus=tuple(tuple(b) for b in canoe_bonus),
        species_bonus=tuple(tuple(b) for b in species_bonus), turn=seat.get("turn", 0),
        moved=moved, played=played if played is not None else int(moved is not None),
        dropped=tuple(dropped), bid=bid, bidder=seat.get("bidder"), acting=seat.get("acting"),
        out=tuple(i in passed or dropped[i] for i in range(p)) if bid else (),
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
    entry = grammar.entry_text
    names = state.players
    lines = [entry("players", ", ".join(names)), entry("variant", state.variant),
             entry("turn", names[state.turn])]
    if state.moved is not None:
        lines += [entry("moved", COLOURS[state.moved]), entry("played", state.played)]
    if any(state.dropped):
        lines.append(entry("dropped", ", ".join(p for p, d in zip(names, state.dropped) if d)))
    if state.bid:
        assert state.bidder is not None and state.acting is not None
        passed = [p for i, p in enumerate(names) if state.out[i] and not state.dropped[i]]
        lines += [entry("bid", state.bid), entry("bidder", names[state.bidder]),
                  entry("acting", names[state.acting]), entry("passed", ", ".join(passed))]
    rows = [[str(rank)] + [_token(state, (rank - 1) * 8 + f) for f in range(8)]
            for rank in range(8, 0, -1)]
    lines.append(entry("board", block=grammar.columns(rows + [[""] + list(FILES)])))
    for p, name in enumerate(names):
        lines.append(entry("hand", hand_text(state.hands[p]), subject=name))
    lines.append(entry("draw", ", ".join(COLOURS[c] for c in state.draw)))
    lines.append(entry("discard", hand_text(state.discard)))
    if any(state.aside):
        lines.append(entry("aside", hand_text(state.aside)))
    for p, name in enumerate(names):
        d = state.displays[p]
        if d.rows or d.singles:
            lines.append(entry("display", _groups(d), subject=name))
        if d.sold:
            lines.append(entry("sold", " | ".join(
                " + ".join(TILES[t].code for t in (s.canoe, *s.tiles)) for s in d.sold),
                subject=name))
        if state.money(p):
            lines.append(entry("money", state.money(p), subject=name))
        if state.canoe_bonus[p] or state.species_bonus[p]:
            lines.append(entry("bonus", bonus_text(state, p), subject=name))
    return "\n".join(lines) + "\n"
