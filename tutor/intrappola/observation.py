"""What one player can see: the table, their own hand, the sizes of the other hand and of
the deck, what they have seen for certain, and the knowledge overlay built on it.

The other hand and the deck order are not in it at all, so a view or a computer player
built on an observation cannot peek.

>>> from tutor.intrappola.variants import deal
>>> seen = observe(deal(('Anna', 'Bruno'), 1, seed=1), 0)
>>> seen.hand == deal(('Anna', 'Bruno'), 1, seed=1).hands[0], seen.other_hand_size, seen.deck_size
(True, 3, 7)
>>> hasattr(seen, "deck") or hasattr(seen, "hands")
False
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .knowledge import Whereabouts, whereabouts
from .state import InTrappolaState, LastTurn


@dataclass(frozen=True)
class Observation:
    player: int
    players: tuple[str, str]
    pictures: int
    hand: tuple[int, ...]
    other_hand_size: int
    deck_size: int
    table: tuple[int, ...]
    caught: tuple[tuple[int, ...], tuple[int, ...]]
    turn: int
    known: tuple[int, ...]  # cards seen in the other hand
    under: tuple[int, ...]  # cards this player put under the deck, still in it
    last: LastTurn | None
    overlay: tuple[Whereabouts, ...]


def _last_as_seen(last: LastTurn | None, player: int) -> LastTurn | None:
    """The last turn without what ``player`` did not see: the cards the other player drew
    or gained from the deck, and the card they put under it."""
    if last is None:
        return None
    if last.hunter == player:
        return replace(last, gained=None)  # B3: the other player took it face down
    if last.kind == "discard":
        return replace(last, cards=(), drawn=None)
    return replace(last, drawn=None)


def observe(state: InTrappolaState, player: int) -> Observation:
    return Observation(
        player=player,
        players=state.players,
        pictures=state.pictures,
        hand=state.hands[player],
        other_hand_size=len(state.hands[1 - player]),
        deck_size=len(state.deck),
        table=state.table,
        caught=state.caught,
        turn=state.turn,
        known=state.known[player],
        under=state.under[player],
        last=_last_as_seen(state.last, player),
        overlay=tuple(whereabouts(state, player).values()),
    )
