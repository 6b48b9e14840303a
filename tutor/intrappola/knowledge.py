"""The knowledge overlay: for each empty place, where its card can be, as the hunter knows it.

A card whose place is empty is in one of three spots: the hunter's own hand, the other
player's hand, or the deck. The hunter has *seen for certain* where some of them are
(``state.known`` and ``state.under``, kept up to date by the turns); the rest are unseen.

Counting every way to put the unseen cards into the other hand's free slots and the deck's
free positions, each unseen card lies in the other hand in the same share of them:
``free hand slots / unseen cards``. That share is exact for what the hunter has seen (the
tests compare it with a brute-force enumeration); it does not guess from how the other
player chose to play.

>>> from tutor.intrappola.position import parse_position
>>> s = parse_position('''
... table: 1 2 3
... hand Anna: 4 5 6
... hand Bruno: 7 8 9
... deck: 10 11 12 13 14 15 16
... ''')
>>> w = whereabouts(s, 0)
>>> w[6].where, w[6].chance  # card 7: unseen, in Bruno's 3 slots among 10 unseen cards
('unseen', Fraction(3, 10))
>>> w[3].where, w[3].chance  # card 4: in Anna's own hand
('yours', Fraction(0, 1))
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .cards import all_cards
from .state import InTrappolaState

#: where a card can be, from one player's point of view
YOURS, THEIRS, DECK, UNSEEN = "yours", "theirs", "deck", "unseen"


@dataclass(frozen=True)
class Whereabouts:
    """Where the card of an empty place is, for one player, and the chance it is in the
    other player's hand (1 when seen there, 0 when seen elsewhere)."""

    card: int
    where: str
    chance: Fraction


def whereabouts(state: InTrappolaState, player: int) -> dict[int, Whereabouts]:
    """For every card not on the table, where ``player`` knows (or does not know) it is.

    It reads only what ``player`` sees, so it gives the same on the player's observation."""
    other = 1 - player
    table, own = set(state.table), set(state.hands[player])
    known, under = set(state.known[player]), set(state.under[player])
    hidden = [c for c in all_cards(state.pictures) if c not in table and c not in own]
    unseen = [c for c in hidden if c not in known and c not in under]
    free_slots = len(state.hands[other]) - len(known)
    share = Fraction(free_slots, len(unseen)) if unseen else Fraction(0)
    found = {c: Whereabouts(c, YOURS, Fraction(0)) for c in own}
    for card in hidden:
        if card in known:
            found[card] = Whereabouts(card, THEIRS, Fraction(1))
        elif card in under:
            found[card] = Whereabouts(card, DECK, Fraction(0))
        else:
            found[card] = Whereabouts(card, UNSEEN, share)
    return dict(sorted(found.items()))
