"""Move texts: written and read (each text reads back to the same move). Texts in files and
saved games are these, in English; :func:`shown` writes a move in the current language.

>>> m = parse("green: take c5 paying blue blue to canoe of 3 bears")
>>> m
Take(colour=0, square=34, paying=1, choice=('canoe of 3 bears',))
>>> text(m)
'green: take c5 paying blue blue to canoe of 3 bears'
>>> text(parse("beige: take h1 with mushroom 5, bear 4"))
'beige: take h1 with mushroom 5, bear 4'
>>> [text(parse(t)) for t in ("end turn", "pass", "drop out", "exchange salmon bear")]
['end turn', 'pass', 'drop out', 'exchange bear salmon']
>>> text(parse("bid beige 2")), text(parse("bid 3"))
('bid beige 2', 'bid 3')
>>> m = parse("beige: take c5 paying beige beige beige green green blue blue", tactical_bid=5)
>>> m.cards, text(m)
((2, 2, 3, 0), 'beige: take c5 paying beige beige beige green green blue blue')
>>> parse("beige: take c5", tactical_bid=2).cards
(0, 0, 2, 0)
>>> parse("green: take z9")
Traceback (most recent call last):
...
tutor.core.errors.BadMoveText: 'z9' is not a square (files a-h, ranks 1-8)
"""
from __future__ import annotations

import re
from typing import Iterable

from tutor.core.errors import BadMoveText

from .moves import AuctionTake, Bid, DropOut, EndTurn, Exchange, Move, Pass, Take
from .tiles import COLOURS, SPECIES, TILES, ids_by_name, square_index, square_name

_FIXED: dict[str, Move] = {"end turn": EndTurn(), "pass": Pass(), "drop out": DropOut()}
_TAKE = re.compile(
    r"(?P<colour>\w+)\s*:\s*take\s+(?P<square>\S+)"
    r"(?:\s+paying\s+(?P<paying>\w+(?:\s+(?!to\b|with\b)\w+)*))?"
    r"(?:\s+(?P<how>to|with)\s+(?P<choice>.+?))?"
)
_BID = re.compile(r"bid\s+(?:(?P<colour>[a-z]+)\s+)?(?P<amount>\d+)")


def text(move: Move) -> str:
    if isinstance(move, Bid):
        named = f"{COLOURS[move.colour]} " if move.colour is not None else ""
        return f"bid {named}{move.amount}"
    if isinstance(move, Take):
        words = f"{COLOURS[move.colour]}: take {square_name(move.square)}"
        if isinstance(move, AuctionTake):
            order = [move.colour] + [c for c in range(4) if c != move.colour]
            words += " paying " + " ".join(COLOURS[c] for c in order for _ in range(move.cards[c]))
        elif move.paying is not None:
            words += f" paying {COLOURS[move.paying]} {COLOURS[move.paying]}"
        if move.choice:
            kind = TILES[ids_by_name(move.choice[0])[0]].kind
            joined = ", ".join(move.choice)
            words += f" to {joined}" if kind == "canoe" else f" with {joined}"
        return words
    if isinstance(move, Exchange):
        return "exchange " + " ".join(SPECIES[s] for s in move.species)
    for words, fixed in _FIXED.items():
        if move == fixed:
            return words
    raise TypeError(f"not a Trapper move: {move!r}")


def _colour(word: str) -> int:
    if word not in COLOURS:
        raise BadMoveText(f"'{word}' is not a trapper colour ({', '.join(COLOURS)})")
    return COLOURS.index(word)


def canonical_choice(names: Iterable[str]) -> tuple[str, ...]:
    """Mushroom, herb, then animals by value (highest first), then canoes: one spelling."""
    order = {"mushroom": 0, "herb": 1, "animal": 2, "canoe": 3}

    def key(name: str) -> tuple[int, int, str]:
        tile = TILES[ids_by_name(name)[0]]
        return order[tile.kind], -tile.value, name

    return tuple(sorted(names, key=key))


def parse(words: str, tactical_bid: int | None = None) -> Move:
    """The move a text names; :class:`BadMoveText` says what could not be read.

    In the tactical variant (``tactical_bid``: the running auction's bid) a take is the
    winner's :class:`AuctionTake`; without ``paying`` it pays the bid in the trapper's colour.
    """
    words = " ".join(words.split()).lower()
    if words in _FIXED:
        return _FIXED[words]
    if words.startswith("bid"):
        found = _BID.fullmatch(words)
        if not found:
            raise BadMoveText(f"cannot read {words!r}: a bid is e.g. 'bid beige 2' or 'bid 3'")
        colour = None if found["colour"] is None else _colour(found["colour"])
        if int(found["amount"]) < 1:
            raise BadMoveText("a bid is 1 or more")
        return Bid(int(found["amount"]), colour)
    if words.startswith("exchange"):
        names = words.split()[1:]
        unknown = [n for n in names if n not in SPECIES]
        if not names or unknown:
            raise BadMoveText(
                f"exchange needs species names ({', '.join(SPECIES)}), got {' '.join(names)!r}"
            )
        return Exchange(tuple(sorted(SPECIES.index(n) for n in names)))
    found = _TAKE.fullmatch(words)
    if not found:
        raise BadMoveText(
            f"cannot read {words!r}: expected e.g. 'green: take c5', "
            "'green: take c5 paying blue blue', 'end turn', 'pass', 'exchange bear elk', "
            "'drop out' or (tactical) 'bid beige 2'"
        )
    colour = _colour(found["colour"])
    square = square_index(found["square"])
    if square is None:
        raise BadMoveText(f"'{found['square']}' is not a square (files a-h, ranks 1-8)")
    choice = _choice(found)
    paid = [_colour(w) for w in (found["paying"] or "").split()]
    if tactical_bid is not None:
        cards = tuple(paid.count(c) for c in range(4)) if paid else tuple(
            tactical_bid if c == colour else 0 for c in range(4))
        return AuctionTake(colour, square, None, choice, cards)
    paying = None
    if paid:
        paying = paid[0]
        if len(paid) != 2 or paid[1] != paid[0]:
            raise BadMoveText("a colour swap pays two cards of one colour, e.g. 'paying blue blue'")
    return Take(colour, square, paying, choice)


def _choice(found: re.Match[str]) -> tuple[str, ...]:
    choice: tuple[str, ...] = ()
    if found["how"]:
        choice = tuple(n.strip() for n in found["choice"].split(","))
        unknown = [n for n in choice if not ids_by_name(n)]
        if unknown:
            raise BadMoveText(f"no tile called {unknown[0]!r} (e.g. 'bear 4', 'canoe of 3 bears', "
                              "'mushroom 5', 'herb 1')")
        kinds = {TILES[ids_by_name(n)[0]].kind == "canoe" for n in choice}
        if found["how"] == "to" and (len(choice) != 1 or kinds != {True}):
            raise BadMoveText("'to' names the one canoe the tile joins, e.g. 'to canoe of 3 bears'")
        if found["how"] == "with" and True in kinds:
            raise BadMoveText("'with' names the singles an arriving canoe takes, e.g. "
                              "'with mushroom 5, bear 4'")
        choice = canonical_choice(choice)
    return choice
