"""Named facts about a Trapper state (JSON scalars), for walkthrough expectations.

Keys (``<p>`` is a player's name, ``<sq>`` a square like ``c5``, ``<c>`` a colour):

``turn`` player on turn (``"over"`` at the end) · ``turn.trapper`` colour moved this turn or
``"none"`` · ``played`` cards paid for tiles this turn · ``draw`` / ``discard`` pile sizes ·
``trapper.<c>`` its square · ``isolated.<c>`` true/false · ``square.<sq>`` tile name,
``"face down"``, ``"empty"`` or ``"trapper green"`` · ``water.<sq>`` water side of a face-up
tile · ``money.<p>`` · ``hand.<p>`` e.g. ``"green 2, blue 0, beige 1, purple 0"`` ·
``cards.<p>`` · ``display.<p>`` rows and singles · ``sold.<p>`` · ``bonus.<p>`` ·
``dropped.<p>`` · ``over`` · ``winners`` (names, at the end) · ``tiles.left`` on the board ·
``to move`` who decides now · ``water rule``, ``bonus tiles`` whether the game has them (the
young players' simplifications leave either out) · tactical auction: ``auction.bid``, ``auction.bidder``,
``auction.passed.<p>`` (and ``turn`` is the start-stone holder, ``turn.trapper`` the colour
named for the turn).

>>> from tutor.trapper import GAME
>>> f = facts(GAME.initial_state({"players": ["Anna", "Ben"]}, seed=3))
>>> f["square.d5"], f["display.Anna"], f["money.Ben"], f["bonus.Anna"], f["tiles.left"]
('trapper green', 'nothing', 0, 'none', 60)
"""
from __future__ import annotations

from tutor.core.game import Fact
from tutor.core.i18n import N_

from . import display as disp
from .scoring import winners
from .state import TrapperState
from .tiles import COLOURS, TILES, square_name
from .variants import rules_of


#: what each fact is, for learners ("Anna's money: yours 26, the book's 20")
LABELS = {
    "turn": N_("whose turn it is"),
    "turn.trapper": N_("the trapper moved this turn"),
    # (in the tactical variant the stone holder's turn holds every auction: its winners pay)
    "played": N_("cards paid for tiles this turn (by whoever took them)"),
    "draw": N_("cards in the draw pile"),
    "discard": N_("cards in the discard pile"),
    "over": N_("whether the game is over"),
    "water rule": N_("whether water blocks the way to a tile (the water rule)"),
    "bonus tiles": N_("whether the game is played with bonus tiles"),
    "tiles.left": N_("loot tiles left on the board"),
    "to move": N_("who decides now"),
    "auction.bid": N_("the highest bid"),
    "auction.bidder": N_("who holds the highest bid"),
    "auction.passed.{player}": N_("whether {player} passed in this auction"),
    "trapper.{colour}": N_("the square of the {colour} trapper"),
    "isolated.{colour}": N_("whether the {colour} trapper is isolated"),
    "square.{square}": N_("what lies on {square}"),
    "water.{square}": N_("the water side of the tile on {square}"),
    "money.{player}": N_("{player}'s money"),
    "hand.{player}": N_("{player}'s cards"),
    "cards.{player}": N_("how many cards {player} holds"),
    "display.{player}": N_("{player}'s display"),
    "sold.{player}": N_("{player}'s sold canoes"),
    "bonus.{player}": N_("{player}'s bonus tiles"),
    "dropped.{player}": N_("whether {player} has dropped out"),
    "winners": N_("the winners"),
}


def hand_text(hand: tuple[int, ...]) -> str:
    """Four card counts by colour (a hand, a pile): ``green 2, blue 0, beige 1, purple 0``."""
    return ", ".join(f"{c} {n}" for c, n in zip(COLOURS, hand))


def hand_shown(state: TrapperState, player: int) -> tuple[int, ...] | None:
    """``player``'s cards by colour as ``state`` shows them, or None where the state is an
    observation that hides them (another player's hand: only how many cards it holds).

    >>> from tutor.trapper import GAME
    >>> s = GAME.initial_state({"players": 2}, seed=1)
    >>> hand_shown(s, 1), hand_shown(GAME.observation(s, 0), 1), cards_held(GAME.observation(s, 0), 1)
    ((1, 1, 4, 0), None, 6)
    """
    hand = state.hands[player]
    return tuple(hand) if len(hand) == len(COLOURS) else None


def cards_held(state: TrapperState, player: int) -> int:
    """How many cards ``player`` holds (known even where the hand itself is hidden)."""
    return sum(state.hands[player])


def bonus_text(state: TrapperState, player: int) -> str:
    held = [f"canoe {t}" for t in state.canoe_bonus[player]]
    held += [f"species {t}" for t in state.species_bonus[player]]
    return ", ".join(held) or "none"


def square_fact(state: TrapperState, square: int) -> str:
    if square in state.trappers:
        return f"trapper {COLOURS[state.trappers.index(square)]}"
    tile = state.board[square]
    if tile is None:
        return "empty"
    return TILES[tile].name if state.face_up[square] else "face down"


def facts(state: TrapperState) -> dict[str, Fact]:
    found: dict[str, Fact] = {
        "turn": "over" if state.over else state.players[state.turn],
        "turn.trapper": "none" if state.moved is None else COLOURS[state.moved],
        "played": state.played,
        "draw": len(state.draw),
        "discard": sum(state.discard),
        "over": state.over,
        "tiles.left": state.tiles_left,
        "to move": "over" if state.over else state.players[state.actor],
        "auction.bid": state.bid,
        "auction.bidder": "none" if state.bidder is None else state.players[state.bidder],
    }
    rules = rules_of(state)
    found["water rule"], found["bonus tiles"] = rules.water, rules.bonus_tiles
    for c, colour in enumerate(COLOURS):
        found[f"trapper.{colour}"] = square_name(state.trappers[c])
        found[f"isolated.{colour}"] = rules.isolated(state, c)
    for sq in range(64):
        name = square_name(sq)
        found[f"square.{name}"] = square_fact(state, sq)
        tile = state.board[sq]
        if tile is not None and state.face_up[sq]:
            found[f"water.{name}"] = state.water[tile]
    for p, name in enumerate(state.players):
        found[f"money.{name}"] = state.money(p)
        shown = hand_shown(state, p)
        found[f"hand.{name}"] = "hidden" if shown is None else hand_text(shown)
        found[f"cards.{name}"] = cards_held(state, p)
        found[f"display.{name}"] = disp.text(state.displays[p])
        found[f"sold.{name}"] = disp.sold_text(state.displays[p])
        found[f"bonus.{name}"] = bonus_text(state, p)
        found[f"dropped.{name}"] = state.dropped[p]
        # (a player who dropped out is out of every auction without having passed in it)
        found[f"auction.passed.{name}"] = (bool(state.out) and state.out[p]
                                           and not state.dropped[p])
    if state.over:
        found["winners"] = ", ".join(state.players[p] for p in winners(state))
    return found
