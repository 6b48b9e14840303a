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

The trap search (:mod:`tutor.intrappola.traps`) works on :class:`Geometry`, the places of
one table size worked out once: every prey a trap can name (one place, or two side by side)
and the table as a grid of bits, on which one shift moves every card to its neighbour.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Callable, Iterable

from tutor.core.i18n import translator

T = translator("intrappola")

ROWS = COLUMNS = 4
PER_PICTURE = ROWS * COLUMNS
LETTERS = "ABCDEFGH"

#: the four sides of a place, in the order they are checked and reported: (row, column) steps
_STEPS = {"above": (-1, 0), "below": (1, 0), "left": (0, -1), "right": (0, 1)}


def place(card: int) -> tuple[int, int]:
    """(row, column) of a card on the whole table, both from 0, row 0 at the top."""
    picture, index = divmod(card, PER_PICTURE)
    return index // COLUMNS, picture * COLUMNS + index % COLUMNS


def card_at(row: int, column: int) -> int:
    picture, col = divmod(column, COLUMNS)
    return picture * PER_PICTURE + row * COLUMNS + col


def all_cards(pictures: int) -> range:
    return range(pictures * PER_PICTURE)


def is_card(value: object, pictures: int) -> bool:
    """Whether ``value`` is a card of a game with ``pictures`` pictures (a whole number in
    range; a truth value is not a card)."""
    return type(value) is int and 0 <= value < pictures * PER_PICTURE


@cache
def sides(card: int, pictures: int) -> tuple[tuple[str, int | None], ...]:
    """Each side of a place and the place beyond it, or None where the table's edge closes it.

    Between two pictures there is no edge: the pictures lie side by side as one rectangle.
    """
    row, column = place(card)
    return tuple((side, card_at(row + dr, column + dc)
                  if 0 <= row + dr < ROWS and 0 <= column + dc < pictures * COLUMNS else None)
                 for side, (dr, dc) in _STEPS.items())


def neighbours(card: int, pictures: int) -> tuple[int, ...]:
    """The places that touch a place on a side (never diagonally)."""
    return geometry(pictures).neighbours[card]


def points(card: int, pictures: int) -> int:
    """1 for the table's four corners, 2 for its other border places, 4 inside.

    A place scores by how many of its sides the table's edge already closes.
    """
    return geometry(pictures).points[card]


@dataclass(frozen=True)
class Geometry:
    """The places of a table of ``pictures`` pictures, worked out once (:func:`geometry`).

    ``preys`` lists every prey a trap may name in the order traps are listed: each single
    place by number, then each pair of places side by side, by its first place (the pair
    below it before the pair to its right); ``index`` finds a prey's place in that list and
    ``around[i]`` are the places touching prey ``i``, in order.

    For the trap search the table is also a *grid* of bits, row by row over the whole
    rectangle (``width`` places to a row): ``bit[c]`` is card ``c``'s bit, ``card[g]`` the
    card at grid place ``g``; the edge masks (``top``, ``bottom``, ``left``, ``right``) hold
    the places on each edge, ``inner_left``/``inner_right`` the places with a neighbour on
    that side, ``upper`` the places with a neighbour below. Shifting a grid mask by one row
    or one place moves every card to its neighbour's place at once.
    """

    pictures: int
    neighbours: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    preys: tuple[tuple[int, ...], ...]
    index: dict[tuple[int, ...], int]
    around: tuple[tuple[int, ...], ...]
    width: int
    bit: tuple[int, ...]
    card: tuple[int, ...]
    full: int
    top: int
    bottom: int
    left: int
    right: int
    inner_left: int
    inner_right: int
    upper: int

    def grid(self, cards: Iterable[int]) -> int:
        """A set of cards as a grid mask."""
        bit, found = self.bit, 0
        for card in cards:
            found |= bit[card]
        return found


@cache
def geometry(pictures: int) -> Geometry:
    cards = all_cards(pictures)
    near = tuple(tuple(o for _, o in sides(c, pictures) if o is not None) for c in cards)
    score = tuple({0: 4, 1: 2, 2: 1}[4 - len(near[c])] for c in cards)
    preys: list[tuple[int, ...]] = [(c,) for c in cards]
    for card in cards:
        preys += [(card, other) for other in near[card] if other > card]
    around = tuple(tuple(sorted({n for p in prey for n in near[p]} - set(prey)))
                   for prey in preys)
    width = COLUMNS * pictures
    spot = [place(c) for c in cards]
    bit = tuple(1 << (row * width + column) for row, column in spot)
    at = [0] * len(cards)
    for c, (row, column) in enumerate(spot):
        at[row * width + column] = c

    def where(test: Callable[[int, int], bool]) -> int:
        return sum(bit[c] for c, (row, column) in enumerate(spot) if test(row, column))

    return Geometry(
        pictures, near, score, tuple(preys), {p: i for i, p in enumerate(preys)}, around, width,
        bit, tuple(at), (1 << len(cards)) - 1,
        top=where(lambda r, c: r == 0), bottom=where(lambda r, c: r == ROWS - 1),
        left=where(lambda r, c: c == 0), right=where(lambda r, c: c == width - 1),
        inner_left=where(lambda r, c: c > 0), inner_right=where(lambda r, c: c < width - 1),
        upper=where(lambda r, c: r < ROWS - 1))


def card_name(card: int, pictures: int) -> str:
    """"6" with one picture, "B6" with several; a card of a picture the game does not have
    keeps its letter (a move naming it is refused, and says which card it named); "?" for a
    card an observation hides (``state.HIDDEN``, -1: it names no card).

    >>> card_name(5, 1), card_name(21, 2), card_name(21, 1), card_name(-1, 1)
    ('6', 'B6', 'B6', '?')
    """
    if card < 0:
        return "?"
    picture, index = divmod(card, PER_PICTURE)  # the number printed on it is index + 1
    if pictures == 1 and card < PER_PICTURE:
        return str(index + 1)
    return f"{LETTERS[picture]}{index + 1}"


def any_name(value: object, pictures: int) -> str:
    """A card's name, or for something that names no card of any game the value itself (a
    move built by hand may hold anything; its refusal still says what it held)."""
    if type(value) is int and 0 <= value < len(LETTERS) * PER_PICTURE:
        return card_name(value, pictures)
    return repr(value)


def cards_text(cards: Iterable[int], pictures: int) -> str:
    """Cards written in order, separated by spaces ("" for none)."""
    return " ".join(card_name(c, pictures) for c in sorted(cards))


_CARD = re.compile(r"([A-Ha-h]?)([0-9]{1,2})")  # ASCII digits only: int() reads "١" too


def read_card(text: str, pictures: int, any_picture: bool = False) -> int:
    """The card a text names; ValueError says why it names none. With ``any_picture`` a
    card of a picture the game does not have is read too (a move text naming it is refused
    by the rules, with the rule that says why).

    >>> read_card("C3", 2)
    Traceback (most recent call last):
    ...
    ValueError: 'C3': there are only 2 pictures (A-B)
    >>> read_card("C3", 2, any_picture=True)
    34
    """
    found = _CARD.fullmatch(text.strip())
    if not found:
        raise ValueError(T._("'{text}' is not a card: write its number with its picture's "
                             "letter, like B6", text=text) if pictures > 1 else
                         T._("'{text}' is not a card: write its number, like 6", text=text))
    letter, digits = found.group(1).upper(), int(found.group(2))
    if not 1 <= digits <= PER_PICTURE:
        raise ValueError(T._("'{text}': card numbers run from 1 to {last}", text=text,
                             last=PER_PICTURE))
    if not letter:
        if pictures > 1:
            raise ValueError(T._("'{text}': with {pictures} pictures name the picture too, "
                                 "like A{digits}", text=text, pictures=pictures, digits=digits))
        letter = "A"
    picture = LETTERS.index(letter)
    if picture >= pictures and not any_picture:
        if pictures == 1:
            raise ValueError(T._("'{text}': there is only one picture (A)", text=text))
        raise ValueError(T._("'{text}': there are only {pictures} pictures (A-{last})",
                             text=text, pictures=pictures, last=LETTERS[pictures - 1]))
    return picture * PER_PICTURE + digits - 1
