"""Move texts: each move reads back to itself.

``Anne: start at c1`` · ``Anne: tempo 2`` · ``Carl: tempo 6 with 4+2`` ·
``Marc: play blue 3`` · ``Carl: paddle to f7`` · ``Anne: stay`` · ``Anne: drift``

The player's name may be left out; the player on turn is meant then.

>>> from tutor.canyon.board import Board
>>> board = Board.parse("S.\\n.D")
>>> names = ("Anne", "Carl", "Marc")
>>> parse(board, names, 1, "tempo 6 with 4+2")
Tempo(player=1, cards=(4, 2))
>>> text(board, names, parse(board, names, 0, "Marc: paddle to b1"))
'Marc: paddle to b1'
"""
from __future__ import annotations

import re

from tutor.core.errors import BadMoveText

from .board import Board
from .cards import Card, tempo_cards
from .moves import Drift, Launch, Move, Paddle, Play, Stay, Tempo
from .state import CAVE, OFF

_TEMPO = re.compile(r"tempo\s+(\d+)(?:\s+with\s+(\d+(?:\s*\+\s*\d+)*))?")


def field_text(board: Board, field: int) -> str:
    """A canoe's place as text: a field's name (``c12``), ``cave`` or ``off``."""
    if field == CAVE:
        return "cave"
    if field == OFF:
        return "off"
    return board.field_name(field)


def text(board: Board, players: tuple[str, ...], move: Move) -> str:
    who = players[move.player] if 0 <= move.player < len(players) else f"seat {move.player + 1}"
    return f"{who}: {_body(board, move)}"


def _field(board: Board, index: int) -> str:
    return board.field_name(index) if 0 <= index < board.rows * board.cols else f"#{index}"


def _body(board: Board, move: Move) -> str:
    match move:
        case Launch(_, dock):
            return f"start at {_field(board, dock)}"
        case Tempo(_, cards):
            shown = sum(cards)
            if cards == tempo_cards(shown):
                return f"tempo {shown}"
            return f"tempo {shown} with {'+'.join(map(str, cards))}"
        case Play(_, card):
            return f"play {card}"
        case Paddle(_, end):
            return f"paddle to {_field(board, end)}"
        case Stay():
            return "stay"
        case Drift():
            return "drift"
    raise TypeError(f"not a Canyon move: {move!r}")


def parse(board: Board, players: tuple[str, ...], turn: int, raw: str) -> Move:
    """The move a text names (``turn``: the player meant when no name is given)."""
    if not isinstance(raw, str) or not raw.strip():
        raise BadMoveText("empty move text")
    who, sep, body = raw.partition(":")
    if sep:
        name = who.strip()
        matches = [i for i, p in enumerate(players) if p.lower() == name.lower()]
        if not matches:
            raise BadMoveText(f"no player called {name!r}; the players are {', '.join(players)}")
        player = matches[0]
    else:
        player, body = turn, raw
    if player < 0:
        raise BadMoveText("name the player, like 'Anne: tempo 2'")
    body = " ".join(body.lower().split())
    if body.startswith("start at "):
        return Launch(player, _parse_field(board, body[len("start at "):]))
    if body.startswith("paddle to "):
        return Paddle(player, _parse_field(board, body[len("paddle to "):]))
    if body.startswith("play "):
        return Play(player, Card.parse(body[len("play "):]))
    if body == "stay":
        return Stay(player)
    if body == "drift":
        return Drift(player)
    found = _TEMPO.fullmatch(body)
    if found:
        shown = int(found.group(1))
        if found.group(2) is None:
            cards = tempo_cards(shown)
            if cards is None:
                raise BadMoveText(f"no tempo cards show {shown}: the most is 4+3 = 7")
        else:
            cards = tuple(int(v) for v in found.group(2).split("+"))
            if sum(cards) != shown:
                raise BadMoveText(f"{found.group(2)} shows {sum(cards)}, not {shown}")
        return Tempo(player, cards)
    raise BadMoveText(
        f"cannot read {raw!r}; moves look like 'Anne: tempo 2', 'Anne: tempo 6 with 4+2', "
        "'Anne: play blue 7', 'Anne: paddle to f7', 'Anne: stay', 'Anne: drift', 'Anne: start at c1'"
    )


def _parse_field(board: Board, name: str) -> int:
    try:
        return board.field(name)
    except ValueError as exc:
        raise BadMoveText(str(exc)) from None
