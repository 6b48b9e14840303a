"""The picture cards: their places on the table, their neighbours and their points.

Each picture has 16 cards, numbered 1-16 row by row, four to a row. A card's number is its
place. With several pictures the table is one rectangle, 4 rows high and 4 columns per
picture, the pictures side by side from left to right (A, B, C...).

A card is kept as one small whole number, ``16 * picture + number - 1``, and written as its
number alone with one picture ("6") or with its picture's letter with several ("B6").

>>> card_name(5, 1), card_name(21, 2)
('6', 'B6')
>>> read_card("B6", 2), read_card("6", 1)
(21, 5)
>>> [card_name(c, 1) for c in neighbours(read_card("6", 1), 1)]
['2', '10', '5', '7']
>>> [card_name(c, 1) for c in neighbours(read_card("1", 1), 1)]  # the edge closes two sides
['5', '2']
>>> [points(read_card(n, 1), 1) for n in ("1", "2", "6")]
[1, 2, 4]
"""
from __future__ import annotations

import re
from functools import cache

ROWS = COLUMNS = 4
PER_PICTURE = ROWS * COLUMNS
LETTERS = "ABCDEFGH"

#: the four sides of a place, in the order they are checked and reported
SIDES = ("above", "below", "left", "right")


def place(card: int) -> tuple[int, int]:
    """(row, column) of a card on the whole table, both from 0, row 0 at the top."""
    picture, index = divmod(card, PER_PICTURE)
    return index // COLUMNS, picture * COLUMNS + index % COLUMNS


def card_at(row: int, column: int) -> int:
    picture, col = divmod(column, COLUMNS)
    return picture * PER_PICTURE + row * COLUMNS + col


def number(card: int) -> int:
    """The number printed on the card (1-16), its place in its own picture."""
    return card % PER_PICTURE + 1


def picture_of(card: int) -> int:
    return card // PER_PICTURE


def all_cards(pictures: int) -> range:
    return range(pictures * PER_PICTURE)


@cache
def sides(card: int, pictures: int) -> tuple[tuple[str, int | None], ...]:
    """Each side of a place and the place beyond it, or None where the table's edge closes it.

    Between two pictures there is no edge: the pictures lie side by side as one rectangle.
    """
    row, column = place(card)
    steps = {"above": (-1, 0), "below": (1, 0), "left": (0, -1), "right": (0, 1)}
    found = []
    for side in SIDES:
        r, c = row + steps[side][0], column + steps[side][1]
        inside = 0 <= r < ROWS and 0 <= c < pictures * COLUMNS
        found.append((side, card_at(r, c) if inside else None))
    return tuple(found)


def neighbours(card: int, pictures: int) -> tuple[int, ...]:
    """The places that touch a place on a side (never diagonally)."""
    return tuple(other for _, other in sides(card, pictures) if other is not None)


def points(card: int, pictures: int) -> int:
    """1 for the table's four corners, 2 for its other border places, 4 inside.

    A place scores by how many of its sides the table's edge already closes.
    """
    edges = sum(other is None for _, other in sides(card, pictures))
    return {0: 4, 1: 2, 2: 1}[edges]


def card_name(card: int, pictures: int) -> str:
    if pictures == 1:
        return str(number(card))
    return f"{LETTERS[picture_of(card)]}{number(card)}"


def cards_text(cards, pictures: int) -> str:
    """Cards written in order, separated by spaces ("" for none)."""
    return " ".join(card_name(c, pictures) for c in sorted(cards))


_CARD = re.compile(r"([A-Ha-h]?)(\d{1,2})")


def read_card(text: str, pictures: int) -> int:
    """The card a text names; ValueError says why it names none.

    >>> read_card("C3", 2)
    Traceback (most recent call last):
    ...
    ValueError: 'C3': there are only 2 pictures (A-B)
    """
    found = _CARD.fullmatch(text.strip())
    if not found:
        raise ValueError(f"{text!r} is not a card: write its number" +
                         (" with its picture's letter, like B6" if pictures > 1 else ", like 6"))
    letter, digits = found.group(1).upper(), int(found.group(2))
    if not 1 <= digits <= PER_PICTURE:
        raise ValueError(f"{text!r}: card numbers run from 1 to {PER_PICTURE}")
    if not letter:
        if pictures > 1:
            raise ValueError(f"{text!r}: with {pictures} pictures name the picture too, like A{digits}")
        letter = "A"
    picture = LETTERS.index(letter)
    if picture >= pictures:
        span = "A" if pictures == 1 else f"A-{LETTERS[pictures - 1]}"
        raise ValueError(f"{text!r}: there are only {pictures} picture{'s' * (pictures > 1)} ({span})")
    return picture * PER_PICTURE + digits - 1
