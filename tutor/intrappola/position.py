"""InTrappola positions in the core grammar (``docs/position-text.md``), and the one
consistency check of every state.

Every card of every picture must be in exactly one place: on the table, in a hand, in the
deck (top first) or among a player's caught prey (which lie on the table too)::

    table: 1 2 3 5 9          # face up at their places
    hand Anna: 4 8 12         # Anna's hand
    hand Bruno: 6 7 10        # Bruno's hand
    deck: 11 13 14 15 16      # top first; leave it out to shuffle the rest (seeded)
    turn: Anna                # the hunter (the first player when left out)
    caught Bruno: 16          # prey Bruno caught (optional)
    known Anna: 6             # cards Anna has seen in Bruno's hand (optional)
    under Anna: 15            # cards Anna has put under the deck (optional)
    quiet: 0                  # discard turns in a row (optional)

With several pictures write ``pictures: 2`` (or pass the option) and name cards with
their picture's letter: ``A6``, ``B11``. ``players: Anna Bruno`` names the players (else
the options' or the default names). What the last turn did, for a position copied out of
a game, is ``last: missed Anna  cards 10  prey 9  gained 8  placed 1`` (the kind and the
hunter, then what the turn moved) with the hands shown at B1 as ``shown Anna: 4 15``.
A position written before the one grammar, with ``Anna: 4 8 12`` for a hand, still reads.

>>> s = parse_position("table: 1 2 3\\nhand Anna: 4 5 6\\nhand Bruno: 7 8 9\\n"
...                    "deck: 10 11 12 13 14 15 16")
>>> len(s.deck), s.players[s.turn]
(7, 'Anna')
>>> parse_position("table: 1 2 3\\nhand Anna: 4 5 x6")
Traceback (most recent call last):
...
tutor.core.errors.BadState: line 2, column 16: 'x6' is not a card: write its number, like 6
"""
from __future__ import annotations

from typing import Mapping

from tutor.core import position as grammar
from tutor.core.errors import BadOption, BadState
from tutor.core.i18n import translator
from tutor.core.options import table
from tutor.core.seeding import rng

from .cards import all_cards, cards_text, geometry, neighbours, read_card
from .options import MAX_PICTURES, MOST_QUIET, read_options
from .rules import problems, record_fits, shape_problems
from .state import InTrappolaState, LastTurn, Pair

T = translator("intrappola")

_PLAIN = ("pictures", "players", "table", "deck", "turn", "quiet", "last")
_SUBJECTS = ("hand", "caught", "known", "under", "shown")
_KINDS = ("caught", "missed", "discard", "pass")
_LAST = ("cards", "prey", "drawn", "gained", "placed")


def _options(pos: grammar.Position, options: Mapping[str, object] | None
             ) -> tuple[tuple[str, str], int]:
    given = table(options)
    if (entry := pos.get("pictures")) is not None and "pictures" not in given:
        given["pictures"] = entry.number(lo=1, hi=MAX_PICTURES)
    entry = pos.get("players")
    if entry is not None:
        given["players"] = entry.value.replace(",", " ").split()
    try:
        return read_options(given)
    except BadOption as exc:  # a bad option inside a position is a bad position
        if exc.where == "players" and entry is not None:
            entry.fail(exc.problem)
        raise BadState(exc.problem, where=f"options, {exc.where}") from None


def _card(token: grammar.Token, pictures: int) -> int:
    try:
        return read_card(token.text, pictures)
    except ValueError as exc:
        token.fail(str(exc))


def _cards(entry: grammar.Entry | None, pictures: int) -> tuple[int, ...]:
    return _distinct(entry.words(), pictures) if entry is not None else ()


def _distinct(tokens: list[grammar.Token], pictures: int) -> tuple[int, ...]:
    """The cards of a line; a card written twice in it is refused at its second place (a set
    would merge it silently, and a list would say 'more than one place' of no line)."""
    found: list[int] = []
    for token in tokens:
        card = _card(token, pictures)
        if card in found:
            token.fail(T._("'{name}' is written twice", name=token.text))
        found.append(card)
    return tuple(found)


def _last(pos: grammar.Position, players: tuple[str, str], pictures: int) -> LastTurn | None:
    entry = pos.get("last")
    if entry is None:
        for stray in pos.every("shown"):  # the hands shown at B1 belong to a last turn
            stray.fail(T._("'shown' tells the hands shown in the last turn: write its 'last' "
                           "line too"), stray.key_column)
        return None
    parts = entry.fields(_KINDS + _LAST)
    if not parts or parts[0][0] not in _KINDS:  # an empty line ('last:' with a comment) too
        entry.fail(T._("the last turn starts with its kind: {kinds}", kinds=", ".join(_KINDS)))
    kind, who = parts[0]
    if who.text not in players:
        who.fail(T._("no player called '{name}'", name=who.text))
    found: dict[str, tuple[int, ...]] = {}
    for name, token in parts[1:]:
        if name in found or name in _KINDS:
            token.fail(T._("'{name}' is written twice", name=name))
        words = [grammar.Token(w, token.line, token.column + token.text.index(w))
                 for w in token.text.split()]
        found[name] = _distinct(words, pictures)
    one = {k: (v[0] if v else None) for k, v in found.items() if k in ("drawn", "gained", "placed")}
    for key, cards in found.items():
        if key in one and len(cards) != 1:
            entry.fail(T._("'{name}' is one card", name=key))
    shown_entries = {e.subject: e for e in pos.every("shown")}
    shown = (tuple(tuple(sorted(_cards(shown_entries.get(p), pictures))) for p in players)
             if shown_entries else ())
    prey = tuple(sorted(found.get("prey", ())))
    score = sum(geometry(pictures).points[c] for c in prey) if kind == "caught" else 0
    return LastTurn(kind, players.index(who.text), tuple(sorted(found.get("cards", ()))), prey,
                    score, one.get("drawn"), one.get("gained"), one.get("placed"),
                    shown)


def parse_position(text: str, options: Mapping[str, object] | None = None,
                   seed: int = 0) -> InTrappolaState:
    """A state from a position text (see the module doc); errors name line and column."""
    pos = grammar.parse(text)
    players, pictures = _options(pos, options)
    pos.check_keys(plain=(*_PLAIN, *players), subjects=_SUBJECTS)
    for entry in pos:
        if entry.subject is not None and entry.subject not in players:
            entry.fail(T._("no player called '{name}'; the players are {players}",
                           name=entry.subject, players=", ".join(players)),
                       entry.subject_column)
        if entry.key in players and pos.get("hand", entry.key) is not None:
            entry.fail(T._("{name}'s hand is written twice", name=entry.key), entry.key_column)

    def pair(key: str) -> Pair:
        """Each player's cards under ``key`` (a hand also as written before the grammar)."""
        found = [pos.get(key, p) or (pos.get(p) if key == "hand" else None) for p in players]
        first, second = (tuple(sorted(_cards(entry, pictures))) for entry in found)
        return first, second

    caught = pair("caught")
    table = tuple(sorted({*_cards(pos.get("table"), pictures), *caught[0], *caught[1]}))
    hands = pair("hand")
    if pos.get("deck") is not None:
        deck = _cards(pos.get("deck"), pictures)
    else:
        placed = {*table, *hands[0], *hands[1]}
        rest = [c for c in all_cards(pictures) if c not in placed]
        rng(seed, "position deck").shuffle(rest)
        deck = tuple(rest)
    turn = players.index(line.choice(players)) if (line := pos.get("turn")) else 0
    quiet = line.number(lo=0, hi=MOST_QUIET) if (line := pos.get("quiet")) else 0
    state = InTrappolaState(players, pictures, hands, deck, table, caught, turn, quiet,
                            pair("known"), pair("under"), _last(pos, players, pictures))
    _count(pos, players, pictures)
    found = problems(state)  # a position is refused with the first, at its line
    if found:
        blamed = _blamed(pos, state)
        if blamed is not None:
            blamed.fail(found[0], blamed.key_column)
        raise BadState(found[0])
    return state


def _blamed(pos: grammar.Position, state: InTrappolaState) -> grammar.Entry | None:
    """The line that writes the first of a state's problems (:func:`problems`, in its order):
    the last turn, a player's caught prey, what they know, what they put under the deck."""
    if shape_problems(state):
        return pos.get("last")
    table, deck = set(state.table), set(state.deck)
    for p, name in enumerate(state.players):
        around = {n for c in state.caught[p] for n in neighbours(c, state.pictures)}
        if not around <= table:
            return pos.get("caught", name)
        if not set(state.known[p]) <= set(state.hands[1 - p]):
            return pos.get("known", name)
        if not set(state.under[p]) <= deck:
            return pos.get("under", name)
    if set(state.under[0]) & set(state.under[1]):
        return pos.get("under", state.players[1])
    return pos.get("last") if not record_fits(state) else None


def _count(pos: grammar.Position, players: tuple[str, str], pictures: int) -> None:
    """Every card in one place, refused at the line that breaks it: a card written in a second
    place (the table with the caught prey is one), at its second place; cards in no place, at
    the deck's line (a position without one gets the rest shuffled into it)."""
    where: dict[int, grammar.Entry] = {}
    lines = [pos.get("table"), *(pos.get("caught", p) for p in players),
             *(pos.get("hand", p) or pos.get(p) for p in players), pos.get("deck")]
    for entry in lines:
        if entry is None:
            continue
        for token in entry.words():
            card = _card(token, pictures)
            first = where.setdefault(card, entry)
            if first is not entry and {first.key, entry.key} != {"table", "caught"}:
                token.fail(T._("cards in more than one place: {cards}",
                               cards=cards_text([card], pictures)))
    deck = pos.get("deck")
    missing = [c for c in all_cards(pictures) if c not in where]
    if deck is not None and missing:
        deck.fail(T._("cards that are nowhere: {cards}", cards=cards_text(missing, pictures)))


def position_text(state: InTrappolaState) -> str:
    """The position of a state, which :func:`parse_position` reads back to the same state."""
    P, entry = state.pictures, grammar.entry_text
    caught = {*state.caught[0], *state.caught[1]}
    lines = [entry("pictures", P)] if P > 1 else []
    lines += [entry("players", " ".join(state.players)), entry("turn", state.players[state.turn]),
              entry("table", cards_text([c for c in state.table if c not in caught], P))]
    lines += [entry("hand", cards_text(h, P), p) for p, h in zip(state.players, state.hands)]
    lines.append(entry("deck", " ".join(cards_text([c], P) for c in state.deck)))
    for key in ("caught", "known", "under"):
        lines += [entry(key, cards_text(cards, P), p)
                  for p, cards in zip(state.players, getattr(state, key)) if cards]
    if state.quiet:
        lines.append(entry("quiet", state.quiet))
    last = state.last
    if last is not None:
        parts = [f"{last.kind} {state.players[last.hunter]}"]
        parts += [f"{k} {cards_text(getattr(last, k), P)}" for k in ("cards", "prey")
                  if getattr(last, k)]
        parts += [f"{k} {cards_text([getattr(last, k)], P)}"
                  for k in ("drawn", "gained", "placed") if getattr(last, k) is not None]
        lines.append(entry("last", "  ".join(parts)))
        lines += [entry("shown", cards_text(cards, P), p)
                  for p, cards in zip(state.players, last.shown)]
    return "\n".join(lines) + "\n"
