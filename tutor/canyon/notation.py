"""Move texts: each move reads back to itself.

``Anne: start at c1`` · ``Anne: tempo 2`` · ``Carl: tempo 6 with 4+2`` ·
``Marc: play blue 3`` · ``Carl: paddle to f7`` · ``Anne: stay`` · ``Anne: drift``

The player's name may be left out; the player on turn is meant then. These texts are
language-neutral (walkthroughs and saved games keep them); :func:`display` writes a move in the
learner's language with the rulebook's words (Dutch: kano, tempo, ...), and :func:`parse` reads
those words too.

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
from typing import Callable

from tutor.core.errors import BadMoveText
from tutor.core.i18n import Said, translator
from tutor.core.inputs import whole_number

from .board import Board
from .cards import SUITS, Card, colours, suit_letters, tempo_cards
from .moves import Drift, Launch, Move, Paddle, Play, Stay, Tempo
from .state import CAVE, OFF

T = translator("canyon")

#: the canonical words of move texts (a phrase may be two words)
START_AT, TEMPO, WITH, PLAY, PADDLE_TO, STAY, DRIFT = (
    "start at", "tempo", "with", "play", "paddle to", "stay", "drift")
PHRASES = (START_AT, TEMPO, WITH, PLAY, PADDLE_TO, STAY, DRIFT)

_TEMPO = re.compile(r"tempo\s+(\d+)(?:\s+with\s+(\d+(?:\s*\+\s*\d+)*))?")


def field_text(board: Board, field: int) -> str:
    """A canoe's place as text: a field's name (``c12``), ``cave`` or ``off``."""
    if field == CAVE:
        return "cave"
    if field == OFF:
        return "off"
    return board.field_name(field)


def words() -> dict[str, str]:
    """The words of move texts in the current language, by their canonical phrase."""
    # Translators: the words of typed moves ("Anne: paddle to f7", "Carl: tempo 6 with 4+2",
    # "Marc: play blue 3", "Anne: stay", "Anne: drift", "Anne: start at c1"), the rulebook's
    # own words; lower case, no ':'
    return {START_AT: T.p_("move word", "start at"), TEMPO: T.p_("move word", "tempo"),
            WITH: T.p_("move word", "with"), PLAY: T.p_("move word", "play"),
            PADDLE_TO: T.p_("move word", "paddle to"), STAY: T.p_("move word", "stay"),
            DRIFT: T.p_("move word", "drift")}


def card_display(card: Card) -> str:
    """A card in the learner's language (``blue 7``, Dutch ``blauw 7``)."""
    return f"{colours().get(card.suit, card.suit)} {card.value}"


def phase_display(phase: str) -> str:
    """A phase of the round ("tricks") in the learner's language."""
    # Translators: the phases of a Canyon round, as the board's panel names them
    return {"launch": T.p_("phase", "launch"), "tempo": T.p_("phase", "tempo"),
            "tricks": T.p_("phase", "tricks"), "move": T.p_("phase", "move"),
            "over": T.p_("phase", "over")}.get(str(phase), str(phase))


def colour_display(suit: str) -> str:
    """A card colour in the learner's language."""
    return colours().get(suit, suit)


def said_card(card: Card) -> Said:
    """A card as a refusal's parameter: in the language of the page that shows it."""
    return Said(card_display, card)


def said_colour(suit: str) -> Said:
    return Said(colour_display, suit)


def players_display(names: tuple[str, ...]) -> str:
    """Players named together in the learner's language ("Anne and Carl", Dutch "Anne en
    Carl"): the winners who share a win."""
    if len(names) < 2:
        return "".join(names)
    # Translators: players named together, "Anne and Carl" (those who share the win)
    return T._("{first} and {second}", first=", ".join(names[:-1]), second=names[-1])


def said_players(names: tuple[str, ...]) -> Said:
    return Said(players_display, names)


def text(board: Board, players: tuple[str, ...], move: Move) -> str:
    """The move's language-neutral text: :func:`display` in the canonical words."""
    return _written(board, players, move, dict(zip(PHRASES, PHRASES)), str)


def _who(players: tuple[str, ...], player: int) -> str:
    return players[player] if 0 <= player < len(players) else f"#{player + 1}"


def display(board: Board, players: tuple[str, ...], move: Move) -> str:
    """A move in the learner's language, with the rulebook's words (:func:`parse` reads it)."""
    return _written(board, players, move, words(), card_display)


def _written(board: Board, players: tuple[str, ...], move: Move, said: dict[str, str],
             card_text: Callable[[Card], str]) -> str:
    match move:
        case Launch(_, dock):
            body = f"{said[START_AT]} {_field(board, dock)}"
        case Tempo(_, cards):
            shown = sum(cards)
            body = f"{said[TEMPO]} {shown}"
            if cards != tempo_cards(shown):
                body += f" {said[WITH]} {'+'.join(map(str, cards))}"
        case Play(_, card):
            body = f"{said[PLAY]} {card_text(card)}"
        case Paddle(_, end):
            body = f"{said[PADDLE_TO]} {_field(board, end)}"
        case Stay():
            body = said[STAY]
        case Drift():
            body = said[DRIFT]
        case _:
            raise TypeError(f"not a Canyon move: {move!r}")
    return f"{_who(players, move.player)}: {body}"


def _canonical(body: str) -> str:
    """A move text's body with the current language's words made canonical."""
    said = words()
    for phrase in PHRASES:
        local = said[phrase].lower()
        if local != phrase and phrase != WITH and (body == local or body.startswith(local + " ")):
            body = phrase + body[len(local):]
            break
    local_with = said[WITH].lower()
    if body.startswith(TEMPO + " ") and local_with != WITH:
        body = body.replace(f" {local_with} ", f" {WITH} ")
    return body


#: a card as the page shows it, its value and its colour's letters: "3b", "10 gr"
_SHOWN = re.compile(r"(\d+)\s*([^\W\d_]+)")


def read_card(text: str) -> Card:
    """A card as a learner types it in the current language: as the page shows it, the value
    and the colour's letters ("3B", "3 b", Dutch "7Gr", Italian "7Ve"), or the colour's word
    and the value ("blue 3", Dutch "blauw 3"; the other way round too). The letters and words
    are the page's language's (and the canonical English words, which move texts keep): an
    Italian "3G" is giallo, never green."""
    body = " ".join(text.lower().split())
    shown = _SHOWN.fullmatch(body)
    if shown:
        letters = suit_letters()
        by_letter = {letter.lower(): suit for suit, letter in letters.items()}
        suit = by_letter.get(shown.group(2))
        if suit is None and shown.group(2) not in _by_word():
            raise BadMoveText(T._("no colour {letter}; the cards show {letters}",
                                  letter=repr(shown.group(2)),
                                  letters=", ".join(f"{shown.group(1)}{letters[s]}" for s in SUITS)))
        return Card.parse(f"{suit or _by_word()[shown.group(2)]} {shown.group(1)}")
    parts = body.split()
    if len(parts) == 2 and parts[0] not in _by_word() and parts[1] in _by_word():
        parts.reverse()  # "3 blauw"
    if len(parts) == 2 and parts[0] in _by_word():
        return Card.parse(f"{_by_word()[parts[0]]} {parts[1]}")
    return Card.parse(body)


def _by_word() -> dict[str, str]:
    """The colours by their word in the current language and by the canonical word."""
    return {**{suit: suit for suit in SUITS},
            **{local.lower(): suit for suit, local in colours().items()}}


def _looks_like_card(body: str) -> bool:
    """Whether a move text without a move word is a card ("3B", "blauw 3"): a card played."""
    parts = body.split()
    return bool(_SHOWN.fullmatch(body)) or (
        len(parts) == 2 and any(p in _by_word() for p in parts) and any(p.isdigit() for p in parts))


def _field(board: Board, index: int) -> str:
    return board.field_name(index) if 0 <= index < board.rows * board.cols else f"#{index}"


def parse(board: Board, players: tuple[str, ...], turn: int, raw: str) -> Move:
    """The move a text names (``turn``: the player meant when no name is given)."""
    if not isinstance(raw, str) or not raw.strip():
        raise BadMoveText(T._("empty move text; {help}", help=_help()))
    who, sep, body = raw.partition(":")
    if sep:
        name = who.strip()
        matches = [i for i, p in enumerate(players) if p.lower() == name.lower()]
        if not matches:
            raise BadMoveText(T._("no player called {name}; the players are {players}",
                                  name=repr(name), players=", ".join(players)))
        player = matches[0]
    else:
        player, body = turn, raw
    if player < 0:
        raise BadMoveText(T._("name the player, like 'Anne: tempo 2'"))
    body = _canonical(" ".join(body.lower().split()))
    if body.startswith("start at "):
        return Launch(player, _parse_field(board, body[len("start at "):]))
    if body.startswith("paddle to "):
        return Paddle(player, _parse_field(board, body[len("paddle to "):]))
    if body.startswith("play "):
        return Play(player, read_card(body[len("play "):]))
    if _looks_like_card(body):  # the card alone, as the page shows it: "3B"
        return Play(player, read_card(body))
    if body == "stay":
        return Stay(player)
    if body == "drift":
        return Drift(player)
    found = _TEMPO.fullmatch(body)
    if found:
        # (a number of 5,000 digits matches \d+, and so does a digit of another script)
        numbers = [whole_number(v.strip()) for v in (found.group(2) or "").split("+") if v]
        shown = whole_number(found.group(1))
        if shown is None or None in numbers:
            raise BadMoveText(T._("no tempo cards show {tempo}: the most is 4+3 = 7",
                                  tempo=found.group(1)[:9]))
        if found.group(2) is None:
            cards = tempo_cards(shown)
            if cards is None:  # a number no two of one's tempo cards make: their rule
                raise BadMoveText(T._("no tempo cards show {tempo}: the most is 4+3 = 7",
                                      tempo=shown), rule_id="canyon.round.tempo.cards")
        else:
            cards = tuple(n for n in numbers if n is not None)
            if sum(cards) != shown:
                raise BadMoveText(T._("{cards} shows {sum}, not {tempo}", cards=found.group(2),
                                      sum=sum(cards), tempo=shown))
        return Tempo(player, cards)
    raise BadMoveText(T._("cannot read {text}; {help}", text=repr(raw), help=_help()))


def _help() -> str:
    """What a move looks like, said with every move text the notation cannot read."""
    return T._("moves look like 'Anne: tempo 2', 'Anne: tempo 6 with 4+2', 'Anne: play blue 7' "
               "(or the card as shown, 'Anne: 7B'), 'Anne: paddle to f7', 'Anne: stay', "
               "'Anne: drift', 'Anne: start at c1'")


def _parse_field(board: Board, name: str) -> int:
    try:
        return board.field(name)
    except ValueError as exc:
        raise BadMoveText(str(exc)) from None
