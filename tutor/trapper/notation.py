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
from tutor.core.i18n import SOURCE, Said, current, per_language, translator, using
from tutor.core.inputs import whole_number

from .moves import AuctionTake, Bid, DropOut, EndTurn, Exchange, Move, Pass, Take
from .tiles import COLOURS, SPECIES, TILES, ids_by_name, square_index, square_name

T = translator("trapper")
_FIXED: dict[str, Move] = {"end turn": EndTurn(), "pass": Pass(), "drop out": DropOut()}
_TAKE = re.compile(
    r"(?P<colour>\w+)\s*:\s*take\s+(?P<square>\S+)"
    r"(?:\s+paying\s+(?P<paying>\w+(?:\s+(?!to\b|with\b)\w+)*))?"
    r"(?:\s+(?P<how>to|with)\s+(?P<choice>.+?))?"
)
_BID = re.compile(r"bid\s+(?:(?P<colour>[a-z]+)\s+)?(?P<amount>\d+)")


def text(move: Move) -> str:
    """The move's text in files and saved games: :func:`shown`'s words in English."""
    with using(SOURCE):
        return shown(move)


def _colour(word: str) -> int:
    if word not in COLOURS:
        raise BadMoveText(T._("'{word}' is not a trapper colour ({colours})", word=word,
                              colours=", ".join(colour_name(c) for c in range(4))))
    return COLOURS.index(word)


def canonical_choice(names: Iterable[str]) -> tuple[str, ...]:
    """Mushroom, herb, then animals by value (highest first), then canoes: one spelling."""
    order = {"mushroom": 0, "herb": 1, "animal": 2, "canoe": 3}

    def key(name: str) -> tuple[int, int, str]:
        tile = TILES[ids_by_name(name)[0]]
        return order[tile.kind], -tile.value, name

    return tuple(sorted(names, key=key))


def parse(words: str, tactical_bid: int | None = None) -> Move:
    """The move a text names, written in English (as in files) or as :func:`shown` writes it
    in the current language; :class:`BadMoveText` says what could not be read.

    In the tactical variant (``tactical_bid``: the running auction's bid) a take is the
    winner's :class:`AuctionTake`; without ``paying`` it pays the bid in the trapper's colour.
    """
    try:
        return _parse(words, tactical_bid)
    except BadMoveText as first:
        if current() == SOURCE:
            raise
        english = canonical_text(words)
        if english == " ".join(words.split()).lower():
            raise
        try:
            return _parse(english, tactical_bid)
        except BadMoveText as again:  # the whole text unread again: said of the words as
            if again.text is not None:  # typed, not half translated ('blue prendi' for 'blu
                raise first from None  # prendi')
            raise  # it names what it could read ('no square c9')


def _parse(words: str, tactical_bid: int | None) -> Move:
    words = " ".join(words.split()).lower()
    if words in _FIXED:
        return _FIXED[words]
    if words.startswith("bid"):
        found = _BID.fullmatch(words)
        colour = None if found is None or found["colour"] is None else _colour(found["colour"])
        amount = whole_number(found["amount"]) if found else None
        if amount is None:  # (or 5,000 digits, or a digit of another script)
            raise BadMoveText(T._("cannot read '{text}': a bid is e.g. 'bid beige 2' or 'bid 3'",
                                  text=words), text=words)
        return Bid(amount, colour)
    if words.startswith("exchange"):
        names = words.split()[1:]
        unknown = [n for n in names if n not in SPECIES]
        if not names or unknown:
            raise BadMoveText(T._("exchange needs species names ({species}), got '{text}'",
                                  species=", ".join(species_name(i) for i in range(len(SPECIES))),
                                  text=" ".join(names)))
        return Exchange(tuple(sorted(SPECIES.index(n) for n in names)))
    found = _TAKE.fullmatch(words)
    if not found:
        raise BadMoveText(T._(
            "cannot read '{text}': expected e.g. 'green: take c5', 'green: take c5 paying blue "
            "blue', 'end turn', 'pass', 'exchange bear elk', 'drop out' or (tactical) "
            "'bid beige 2'", text=words), text=words)
    colour = _colour(found["colour"])
    square = square_index(found["square"])
    if square is None:
        raise BadMoveText(T._("'{square}' is not a square (files a-h, ranks 1-8)",
                              square=found["square"]))
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
            raise BadMoveText(T._("a colour swap pays two cards of one colour, e.g. "
                                  "'paying blue blue'"), rule_id="trapper.cards.swap")
    return Take(colour, square, paying, choice)


def _choice(found: re.Match[str]) -> tuple[str, ...]:
    choice: tuple[str, ...] = ()
    if found["how"]:
        choice = tuple(n.strip() for n in found["choice"].split(","))
        unknown = [n for n in choice if not ids_by_name(n)]
        if unknown:
            raise BadMoveText(T._("no tile called '{name}' (e.g. 'bear 4', 'canoe of 3 bears', "
                                  "'mushroom 5', 'herb 1')", name=unknown[0]))
        kinds = {TILES[ids_by_name(n)[0]].kind == "canoe" for n in choice}
        if found["how"] == "to" and (len(choice) != 1 or kinds != {True}):
            raise BadMoveText(T._("'to' names the one canoe the tile joins, e.g. 'to canoe of 3 "
                                  "bears'"))
        if found["how"] == "with" and True in kinds:
            raise BadMoveText(T._("'with' names the singles an arriving canoe takes, e.g. "
                                  "'with mushroom 5, bear 4'"))
        choice = canonical_choice(choice)
    return choice


# ---- in the learner's language --------------------------------------------------------------
# Move texts in files are the English ones above; these put moves and the game's words in the
# current language for display (the rulebooks' own words: see glossary.toml).

# the words are written out in the calls, so that the catalogs hold them with their context;
# each table is made once per language (:func:`~tutor.core.i18n.per_language`)
@per_language
def _colours() -> tuple[str, ...]:
    return (T.p_("colour", "green"), T.p_("colour", "blue"), T.p_("colour", "beige"),
            T.p_("colour", "purple"))


@per_language
def _adjectives() -> tuple[str, ...]:
    # Translators: a colour as an adjective before "trapper" (Dutch: groene, blauwe, beige,
    # paarse); the same as the colour itself where the language does not inflect it
    return (T.p_("colour, before a noun", "green"), T.p_("colour, before a noun", "blue"),
            T.p_("colour, before a noun", "beige"), T.p_("colour, before a noun", "purple"))


@per_language
def _plurals() -> tuple[str, ...]:
    # Translators: a colour after a plural noun, "two green cards" (Italian: "due carte
    # verdi"); the same as the colour itself where the language does not inflect it
    return (T.p_("colour, after a plural noun", "green"),
            T.p_("colour, after a plural noun", "blue"),
            T.p_("colour, after a plural noun", "beige"),
            T.p_("colour, after a plural noun", "purple"))


@per_language
def _species() -> tuple[tuple[str, ...], tuple[str, ...]]:
    return ((T.p_("species", "mink"), T.p_("species", "lynx"), T.p_("species", "elk"),
             T.p_("species", "bear"), T.p_("species", "wolf"), T.p_("species", "salmon")),
            (T.p_("species, plural", "minks"), T.p_("species, plural", "lynxes"),
             T.p_("species, plural", "elk"), T.p_("species, plural", "bears"),
             T.p_("species, plural", "wolves"), T.p_("species, plural", "salmon")))


def colour_name(colour: int) -> str:
    """A trapper colour in the current language."""
    return _colours()[colour]


def colour_adjective(colour: int) -> str:
    """A trapper colour before a noun, where the language inflects it (Dutch "de groene
    trapper"; translations write ``{colour:adj}``)."""
    return _adjectives()[colour]


def colour_plural(colour: int) -> str:
    """A trapper colour after a plural noun, where the language inflects it (Italian "due
    carte verdi"; translations write ``{colour:pl}``)."""
    return _plurals()[colour]


def species_name(species: int, plural: bool = False) -> str:
    """A species in the current language (``plural``: as on a canoe of 2 or 3; "elk" and
    "salmon" are the same in English but not in Dutch or Italian, hence two contexts)."""
    return _species()[plural][species]


def tile_name(tile: int) -> str:
    """A loot tile in the current language: "bear 4", "canoe of 3 bears", "herb 1"."""
    info = TILES[tile]
    if info.kind == "canoe":
        species = SPECIES.index(info.species or "")
        return T.n_("canoe of {n} {animal}", "canoe of {n} {animals}", info.value,
                    animal=species_name(species), animals=species_name(species, plural=True))
    if info.kind == "animal":
        return T._("{species} {value}", species=species_name(SPECIES.index(info.species or "")),
                   value=info.value)
    if info.kind == "herb":
        return T._("herb {value}", value=info.value)
    return T._("mushroom {value}", value=info.value)


def _named_tile(name: str) -> str:
    found = ids_by_name(name)
    return tile_name(found[0]) if found else name


def shown(move: Move) -> str:
    """A move as a learner reads it, in the current language (files keep :func:`text`)."""
    if isinstance(move, Bid):
        if move.colour is None:
            return T._("bid {amount}", amount=move.amount)
        return T._("bid {colour} {amount}", colour=colour_name(move.colour), amount=move.amount)
    if isinstance(move, Take):
        words = T._("{colour}: take {square}", colour=colour_name(move.colour),
                    square=square_name(move.square))
        if isinstance(move, AuctionTake):
            order = [move.colour] + [c for c in range(4) if c != move.colour]
            cards = " ".join(colour_name(c) for c in order for _ in range(move.cards[c]))
            words = T._("{take} paying {cards}", take=words, cards=cards)
        elif move.paying is not None:
            pair = colour_name(move.paying)
            words = T._("{take} paying {cards}", take=words, cards=f"{pair} {pair}")
        if move.choice:
            joined = ", ".join(_named_tile(n) for n in move.choice)
            canoe = TILES[ids_by_name(move.choice[0])[0]].kind == "canoe"
            words = (T._("{take} to {canoe}", take=words, canoe=joined) if canoe
                     else T._("{take} with {tiles}", take=words, tiles=joined))
        return words
    if isinstance(move, Exchange):
        return T._("exchange {species}",
                   species=" ".join(species_name(s) for s in move.species))
    if isinstance(move, EndTurn):
        return T._("end turn")
    if isinstance(move, Pass):
        return T._("pass")
    if isinstance(move, DropOut):
        return T._("drop out")
    raise TypeError(f"not a Trapper move: {move!r}")


def said_colour(colour: int) -> Said:
    """A trapper colour as a text's parameter: its name, ``{colour:adj}`` before a noun,
    ``{colour:pl}`` after a plural one."""
    return Said(colour_name, colour, adj=colour_adjective, pl=colour_plural)


def said_tile(tile: int) -> Said:
    return Said(tile_name, tile)


def said_species(species: int) -> Said:
    return Said(species_name, species)


# ---- read back in the learner's language ----------------------------------------------------
def _chunks(template: str) -> tuple[list[str], list[str]]:
    """A template's words between its placeholders, and the placeholders in order."""
    parts = re.split(r"(\{\w+\})", template)
    return parts[0::2], parts[1::2]


def _pairs() -> list[tuple[str, str]]:
    """(the current language's words, the English ones) of every word :func:`shown` writes."""
    pairs = [(colour_name(c), COLOURS[c]) for c in range(4)]
    pairs += [(tile_name(t), TILES[t].name) for t in range(len(TILES))]
    pairs += [(species_name(s), SPECIES[s]) for s in range(len(SPECIES))]
    for english in ("{colour}: take {square}", "{take} paying {cards}", "{take} to {canoe}",
                    "{take} with {tiles}", "bid {colour} {amount}", "bid {amount}",
                    "exchange {species}", "end turn", "pass", "drop out"):
        local = T._(english)  # the same texts shown() writes (extracted there)
        (theirs, their_slots), (ours, our_slots) = _chunks(local), _chunks(english)
        if their_slots != our_slots:  # the words moved around the placeholders: not read
            continue
        pairs += [(a, b) for a, b in zip(theirs, ours) if a.strip() and a != b]
    return pairs


def canonical_text(words: str) -> str:
    """A move text in the current language put back in English words, for :func:`parse`.

    >>> canonical_text("green: take c5")
    'green: take c5'
    """
    text = " ".join(words.split()).lower()
    pairs = sorted(((a.lower(), b) for a, b in _pairs()), key=lambda p: -len(p[0]))
    kept: list[str] = []
    for local, english in pairs:
        left = r"(?<!\w)" if local[:1].isalnum() else ""
        right = r"(?!\w)" if local[-1:].isalnum() else ""
        pattern = re.compile(left + re.escape(local) + right)
        if pattern.search(text):
            kept.append(english)
            text = pattern.sub(f"\x00{len(kept) - 1}\x00", text)
    return re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], text)
