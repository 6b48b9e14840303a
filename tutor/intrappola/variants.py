"""The variants: one picture (the base game) or several side by side.

The rules of play stay the same ("Le regole rimangono le medesime"); what changes is the
set-up - how many cards each player gets and how the deck is made - and only there, in
:func:`deal`. Points go by place on the whole table in every variant
(:func:`tutor.intrappola.cards.points`).
"""
from __future__ import annotations

from tutor.core.seeding import rng

from .cards import PER_PICTURE, all_cards
from .state import InTrappolaState


def deal(players: tuple[str, str], pictures: int, seed: int) -> InTrappolaState:
    """The set-up: 3 cards of every picture face up at their places, each picture shuffled on
    its own; the rest, gathered, is the deck; each player gets 3 cards with one picture
    (intrappola.setup, (1)-(5)), 5 with several (intrappola.variant.pictures, (1)-(7))."""
    table: list[int] = []
    rest: list[int] = []
    for picture in range(pictures):
        cards = list(all_cards(pictures))[picture * PER_PICTURE:(picture + 1) * PER_PICTURE]
        rng(seed, "picture", picture).shuffle(cards)
        table += cards[:3]
        rest += cards[3:]
    if pictures > 1:
        # (6) "Riunire in un unico mazzo le carte immagini rimaste": the pictures were
        # shuffled each on its own, so the gathered deck is shuffled before dealing
        rng(seed, "deck").shuffle(rest)
    size = 3 if pictures == 1 else 5
    hands = (tuple(sorted(rest[:size])), tuple(sorted(rest[size:2 * size])))
    return InTrappolaState(players, pictures, hands, tuple(rest[2 * size:]), tuple(sorted(table)),
                           ((), ()))
