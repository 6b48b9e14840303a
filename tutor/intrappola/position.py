"""Positions an author writes by hand, and the one consistency check of every state.

A position is a few ``key: cards`` lines. Every card of every picture must be in exactly
one place: on the table, in a hand, in the deck (top first) or among a player's caught
prey (which lie on the table too). Lines may come in any order; ``#`` starts a comment::

    table: 1 2 3 5 9          # face up at their places
    Anna: 4 8 12              # Anna's hand
    Bruno: 6 7 10             # Bruno's hand
    deck: 11 13 14 15 16      # top first; leave it out to shuffle the rest (seeded)
    turn: Anna                # the hunter (Anna when left out)
    caught Bruno: 16          # prey Bruno caught (optional)
    known Anna: 6             # cards Anna has seen in Bruno's hand (optional)
    under Anna: 15            # cards Anna has put under the deck (optional)
    quiet: 0                  # discard turns in a row (optional)

With several pictures write ``pictures: 2`` (or pass the option) and name cards with
their picture's letter: ``A6``, ``B11``.

>>> s = read_position("table: 1 2 3\\nAnna: 4 5 6\\nBruno: 7 8 9\\ndeck: 10 11 12 13 14 15 16")
>>> len(s.deck), s.players[s.turn]
(7, 'Anna')
>>> read_position("table: 1 2 3\\nAnna: 4 5 x6")
Traceback (most recent call last):
...
tutor.core.errors.BadState: line 2, column 11: 'x6' is not a card: write its number, like 6
"""
from __future__ import annotations

import re
from typing import Mapping, NamedTuple

from tutor.core.errors import BadOption, BadState
from tutor.core.options import known
from tutor.core.seeding import rng

from .cards import all_cards, cards_text, read_card
from .state import IntrappolaState

DEFAULT_PLAYERS = ("Anna", "Bruno")
MAX_PICTURES = 4


def check_options(options: Mapping[str, object] | None) -> tuple[tuple[str, str], int]:
    """The players' names and the number of pictures, checked (BadOption names the option)."""
    options = known(options, ("pictures", "players"))
    pictures = options.get("pictures", 1)
    if not isinstance(pictures, int) or isinstance(pictures, bool) or not 1 <= pictures <= MAX_PICTURES:
        raise BadOption(f"pictures must be a whole number from 1 to {MAX_PICTURES}, not {pictures!r}",
                        where="pictures")
    players = options.get("players", DEFAULT_PLAYERS)
    if (not isinstance(players, (list, tuple)) or len(players) != 2
            or not all(isinstance(p, str) and re.fullmatch(r"[A-Za-z][\w-]*", p) for p in players)
            or players[0] == players[1]):
        raise BadOption(f"players must be two different one-word names, not {players!r}",
                        where="players")
    return tuple(players), pictures


def deal(options: Mapping[str, object] | None, seed: int) -> IntrappolaState:
    """The setup: with one picture 3 cards to each hand and 3 face up, the rest is the deck;
    with several, 3 face up from each picture, the rest gathered and shuffled, 5 to each."""
    players, pictures = check_options(options)
    table, rest = [], []
    for picture in range(pictures):
        cards = list(all_cards(pictures))[picture * 16:(picture + 1) * 16]
        rng(seed, "picture", picture).shuffle(cards)
        table += cards[:3]
        rest += cards[3:]
    if pictures > 1:
        rng(seed, "deck").shuffle(rest)
    size = 3 if pictures == 1 else 5
    hands = (tuple(sorted(rest[:size])), tuple(sorted(rest[size:2 * size])))
    return IntrappolaState(players, pictures, hands, tuple(rest[2 * size:]), tuple(sorted(table)),
                           ((), ()))


def validate(state: IntrappolaState) -> IntrappolaState:
    """Raise BadState naming what is wrong: every card exactly once, knowledge true."""
    everything = [*state.table, *state.deck, *state.hands[0], *state.hands[1]]
    cards = set(all_cards(state.pictures))
    extra = [c for c in everything if c not in cards]
    if extra:
        raise BadState(f"cards that do not exist with {state.pictures} picture(s): {extra}")
    seen = set()
    twice = sorted({c for c in everything if c in seen or seen.add(c)})
    if twice:
        raise BadState(f"cards in more than one place: {cards_text(twice, state.pictures)}")
    missing = cards - seen
    if missing:
        raise BadState(f"cards that are nowhere: {cards_text(missing, state.pictures)}")
    for p, name in enumerate(state.players):
        if not set(state.caught[p]) <= set(state.table):
            raise BadState(f"{name}'s caught prey must lie on the table")
        if not set(state.known[p]) <= set(state.hands[1 - p]):
            raise BadState(f"{name} cannot know cards that are not in the other hand")
        if not set(state.under[p]) <= set(state.deck):
            raise BadState(f"{name} cannot know cards under the deck that are not in it")
    if set(state.caught[0]) & set(state.caught[1]):
        raise BadState("a prey can be caught by one player only")
    if state.turn not in (0, 1) or state.quiet < 0:
        raise BadState("turn must be 0 or 1 and quiet at least 0")
    return state


_LINE = re.compile(r"\s*([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s*:(.*)")


def read_position(text: str, options: Mapping[str, object] | None = None,
                  seed: int = 0) -> IntrappolaState:
    """A state from a position text (see the module doc); errors name line and column."""
    options = dict(options or {})
    lines = _lines(text)
    if "pictures" in lines and "pictures" not in options:
        at = lines.pop("pictures")
        if not at.value.strip().isdigit():
            raise BadState(f"line {at.line}, column {at.first}: pictures must be a number")
        options["pictures"] = int(at.value)
    lines.pop("pictures", None)
    try:
        players, pictures = check_options(options)
    except BadOption as exc:  # a bad option inside a position is a bad position
        raise BadState(str(exc)) from None
    keys = {"table", "deck", "turn", "quiet", *players,
            *(f"{k} {p}" for k in ("caught", "known", "under") for p in players)}
    for key, at in lines.items():
        if key not in keys:
            raise BadState(f"line {at.line}, column {at.key_column}: unknown line {key!r}; "
                           f"known: {', '.join(sorted(keys))}")

    def cards(key: str) -> tuple[int, ...]:
        if key not in lines:
            return ()
        at = lines[key]
        found = []
        for match in re.finditer(r"\S+", at.value):
            try:
                found.append(read_card(match.group(), pictures))
            except ValueError as exc:
                raise BadState(f"line {at.line}, column {at.column + match.start()}: {exc}") from None
        return tuple(found)

    caught = tuple(cards(f"caught {p}") for p in players)
    table = tuple(sorted({*cards("table"), *caught[0], *caught[1]}))
    hands = tuple(tuple(sorted(cards(p))) for p in players)
    if "deck" in lines:
        deck = cards("deck")
    else:
        placed = {*table, *hands[0], *hands[1]}
        deck = [c for c in all_cards(pictures) if c not in placed]
        rng(seed, "position deck").shuffle(deck)
    turn = 0
    if "turn" in lines:
        at = lines["turn"]
        if at.value.strip() not in players:
            raise BadState(f"line {at.line}, column {at.first}: turn must be one of {', '.join(players)}")
        turn = players.index(at.value.strip())
    quiet = 0
    if "quiet" in lines:
        at = lines["quiet"]
        if not at.value.strip().isdigit():
            raise BadState(f"line {at.line}, column {at.first}: quiet must be a number")
        quiet = int(at.value)
    state = IntrappolaState(
        players, pictures, hands, tuple(deck), table, caught, turn, quiet,
        known=tuple(tuple(sorted(cards(f"known {p}"))) for p in players),
        under=tuple(tuple(sorted(cards(f"under {p}"))) for p in players),
    )
    return validate(state)


class _Line(NamedTuple):
    line: int
    key_column: int
    column: int  # where the value starts (just after the colon)
    value: str

    @property
    def first(self) -> int:
        """The column of the value's first character."""
        return self.column + len(self.value) - len(self.value.lstrip())


def _lines(text: str) -> dict[str, _Line]:
    """key -> where it stands and its value, comments dropped."""
    found = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0]
        if not content.strip():
            continue
        match = _LINE.fullmatch(content)
        if not match:
            column = len(content) - len(content.lstrip()) + 1
            raise BadState(f"line {number}, column {column}: expected 'key: cards', "
                           f"got {content.strip()!r}")
        key = " ".join(match.group(1).split())
        if key in found:
            raise BadState(f"line {number}, column 1: {key!r} is given twice")
        found[key] = _Line(number, match.start(1) + 1, match.start(2) + 1, match.group(2))
    return found
