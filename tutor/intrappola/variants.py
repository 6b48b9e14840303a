"""The variants: one picture (the base game) or several side by side.

The rules of play stay the same ("Le regole rimangono le medesime"); what changes is the
set-up - how many cards each player gets and how the deck is made - chosen once, at the
start, by a small rule object (as python-chess's ``variant.py`` subclasses its board)
instead of ``if pictures > 1`` through the rules. Points go by place on the whole table in
every variant (:func:`tutor.intrappola.cards.points`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.core.seeding import rng

from .cards import PER_PICTURE, all_cards
from .state import InTrappolaState


@dataclass(frozen=True)
class Variant:
    name: str
    #: the rule that sets the game up
    rule: str
    #: cards dealt to each player
    hand_size: int

    def gather(self, rest: list[int], rnd: random.Random) -> list[int]:
        """The deck made of the cards of every picture left after the table's 3 each."""
        return rest


@dataclass(frozen=True)
class SeveralPictures(Variant):
    def gather(self, rest: list[int], rnd: random.Random) -> list[int]:
        # (6) "Riunire in un unico mazzo le carte immagini rimaste": the pictures were
        # shuffled each on its own, so the gathered deck is shuffled before dealing
        rnd.shuffle(rest)
        return rest


#: (1)-(5) of the base game: 3 cards to each player
ONE_PICTURE = Variant("one picture", "intrappola.setup", 3)
#: (1)-(7) with two or more pictures: 5 cards to each player
SEVERAL_PICTURES = SeveralPictures("several pictures", "intrappola.variant.pictures", 5)


def rules_of(state: InTrappolaState | int) -> Variant:
    """The rules a state is played by (its variant's rule object: how it was set up), by its
    number of pictures; at the set-up, before there is a state, the number itself."""
    pictures = state if isinstance(state, int) else state.pictures
    return ONE_PICTURE if pictures == 1 else SEVERAL_PICTURES


def deal(players: tuple[str, str], pictures: int, seed: int) -> InTrappolaState:
    """The set-up: 3 cards of every picture face up at their places, each picture shuffled on
    its own; the rest, gathered, is the deck; each player gets the variant's hand."""
    variant = rules_of(pictures)
    table: list[int] = []
    rest: list[int] = []
    for picture in range(pictures):
        cards = list(all_cards(pictures))[picture * PER_PICTURE:(picture + 1) * PER_PICTURE]
        rng(seed, "picture", picture).shuffle(cards)
        table += cards[:3]
        rest += cards[3:]
    rest = variant.gather(rest, rng(seed, "deck"))
    size = variant.hand_size
    hands = (tuple(sorted(rest[:size])), tuple(sorted(rest[size:2 * size])))
    return InTrappolaState(players, pictures, hands, tuple(rest[2 * size:]), tuple(sorted(table)),
                           ((), ()))
