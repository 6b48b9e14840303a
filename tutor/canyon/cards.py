"""The 50 playing cards, the tempo cards, and who wins a trick.

Five suits (colours) of the values 1 to 10. The rulebook names only blue, red and green;
the other two colours are this project's choice.

>>> Card.parse("blue 7")
Card(suit='blue', value=7)
>>> len(DECK), str(DECK[0])
(50, 'blue 1')
>>> table = ((0, Card("blue", 7)), (1, Card("blue", 8)), (2, Card("blue", 3)), (3, Card("red", 9)))
>>> trick_winner(table, trump="green")
1
>>> tempo_cards(6), tempo_cards(2), tempo_cards(8)
((4, 2), (2,), None)
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

from tutor.core.errors import BadMoveText
from tutor.core.inputs import whole_number
from tutor.core.i18n import translator

T = translator("canyon")

SUITS = ("blue", "green", "red", "yellow", "purple")
VALUES = tuple(range(1, 11))
#: each player's set of tempo cards
TEMPO_CARDS = (0, 1, 2, 3, 4)


def colours() -> dict[str, str]:
    """The card colours in the current language (the learner writes them so:
    :mod:`.notation` reads them), by their canonical name."""
    # Translators: the colours of the playing cards, one word each, lower case
    return {"blue": T.p_("colour", "blue"), "green": T.p_("colour", "green"),
            "red": T.p_("colour", "red"), "yellow": T.p_("colour", "yellow"),
            "purple": T.p_("colour", "purple")}


def suit_letters() -> dict[str, str]:
    """A card's colour as the page shows it beside the value ("3B"), in the current language:
    its colour's first letters there, each unlike the others ("G" is giallo on an Italian page,
    so green is "Ve"; Dutch groen and geel are "Gr" and "Ge"). A learner types a card as it is
    shown (:mod:`.notation` reads "3B"), so the letters of one language never begin alike.

    >>> suit_letters()["green"]
    'G'
    """
    # Translators: a card's colour as a letter or two beside its value ("3B"), the first
    # letters of the colour's name; the five must differ (learners type them: "speel 3Gr")
    return {"blue": T.p_("a blue card's letter", "B"), "green": T.p_("a green card's letter", "G"),
            "red": T.p_("a red card's letter", "R"),
            "yellow": T.p_("a yellow card's letter", "Y"),
            "purple": T.p_("a purple card's letter", "P")}


class Card(NamedTuple):
    """A playing card: a suit (colour) and a value 1-10 (a named tuple: cards are compared
    and hashed on every move, and tuples do that fastest)."""

    suit: str
    value: int

    def __str__(self) -> str:
        return f"{self.suit} {self.value}"

    @classmethod
    def parse(cls, text: str) -> "Card":
        """A card from its text, e.g. ``"blue 7"``; BadMoveText names what is wrong."""
        known = BY_TEXT.get(text)
        if known is not None:
            return known
        parts = text.split()
        if len(parts) != 2:
            raise BadMoveText(T._("a card is a colour and a value, like 'blue 7', not {text}",
                                 text=repr(text)))
        suit, value = parts[0].lower(), parts[1]
        if suit not in SUITS:  # the colours as the learner writes them (notation.colours)
            raise BadMoveText(T._("no colour {colour}; the colours are {colours}",
                                 colour=repr(parts[0]),
                                 colours=", ".join(colours()[s] for s in SUITS)))
        number = whole_number(value)
        if number not in VALUES:
            raise BadMoveText(T._("card values are 1 to 10, not {value}", value=repr(value)))
        return cls(suit, number)


DECK: tuple[Card, ...] = tuple(Card(s, v) for s in SUITS for v in VALUES)
BY_TEXT = {str(c): c for c in DECK}
#: a card a player cannot see (in an observation)
HIDDEN = Card("hidden", 0)


def from_json(data: object) -> Card:
    """A card in a saved state, written as its text (``"blue 7"``)."""
    if not isinstance(data, str):
        raise BadMoveText(T._("a card is a colour and a value, like 'blue 7', not {text}",
                              text=repr(data)))
    return Card.parse(data)


def trick_winner(table: tuple[tuple[int, Card], ...], trump: str) -> int:
    """The player who wins a full trick: the highest trump, else the highest of the led suit.
    A card of any other suit never wins."""
    led = table[0][1].suit

    def strength(play: tuple[int, Card]) -> tuple[int, int]:
        card = play[1]
        rank = 2 if card.suit == trump else 1 if card.suit == led else 0
        return rank, card.value

    return max(table, key=strength)[0]


def tempo_cards(tempo: int) -> tuple[int, ...] | None:
    """The usual way to show a tempo: one card up to 4, two different cards (the higher
    first) from 5 to 7; None when no cards can show it."""
    if tempo in TEMPO_CARDS:
        return (tempo,)
    if 5 <= tempo <= 7:
        return (4, tempo - 4)
    return None


def card_text(card: Card) -> str:
    """A card's text, ``"blue 7"``; ``"?"`` for one an observation hides (it names no card)."""
    return "?" if card == HIDDEN else str(card)


def cards_text(cards: Iterable[Card]) -> str:
    """``"blue 7, red 2"`` (a hidden card ``"?"``); ``"-"`` for none."""
    return ", ".join(map(card_text, cards)) or "-"
