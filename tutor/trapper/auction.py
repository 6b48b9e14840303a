"""The auction of the tactical variant (``trapper.variant.tactical``): the right to take a
tile is auctioned (the rule object that uses it: :class:`tutor.trapper.variants.Tactical`).

The start-stone holder (``state.turn``) either passes - draws 4 cards, and the stone goes
left - or names a trapper colour (fixed for the rest of their turn) and bids. Going left,
each player raises or passes (a player who passed is out of this auction only), round after
round until all but one have passed. The winner pays the bid in cards of that colour (each
card may be replaced by two cards of one other colour) and takes a tile for that trapper.
Then the stone holder decides again. Three phases follow from the state:

* ``open``: no auction runs (``bid == 0``); the stone holder decides;
* ``bidding``: ``acting`` raises or passes;
* ``paying``: everybody else has passed, so ``acting`` is the ``bidder``: pay and take.

>>> from tutor.trapper import GAME
>>> s = GAME.initial_state({"players": ["A", "B", "C"], "variant": "tactical"}, seed=1)
>>> s.hands[0], phase(s)
((1, 4, 3, 0), 'open')
>>> s = GAME.apply(s, GAME.parse_move(s, "bid beige 2"))
>>> phase(s), s.players[s.actor], s.bid
('bidding', 'B', 2)
>>> s = GAME.apply(s, GAME.parse_move(s, "pass"))
>>> s = GAME.apply(s, GAME.parse_move(s, "pass"))
>>> phase(s), s.players[s.actor]
('paying', 'A')
"""
from __future__ import annotations

from itertools import product
from typing import Iterator

from tutor.core.frozen import evolve, set_item
from tutor.core.game import Violation
from tutor.core.i18n import Said

from .moves import DROP_OUT, PASS, AuctionTake, Bid, DropOut, Exchange, Move, Pass, Take
from .notation import colour_name, said_colour
from .rules import (Rules, draw, drop_out, next_in, next_turn, play_exchange,
                    well_formed_exchange, well_formed_take)
from .state import Cards, TrapperState

OPEN, BIDDING, PAYING = "open", "bidding", "paying"
DRAW = 4  # the stone holder draws 4 when passing


def cards_text(counts: tuple[tuple[int, int], ...]) -> str:
    """Cards by colour, in the current language: "beige 3, green 2"."""
    return ", ".join(f"{colour_name(c)} {n}" for c, n in counts)


def phase(state: TrapperState) -> str:
    if state.bid == 0:
        return OPEN
    return PAYING if state.acting == state.bidder else BIDDING


def most_payable(hand: Cards, colour: int) -> int:
    """The highest bid a hand can pay for a trapper: its cards of that colour, plus one for
    every two cards of another colour."""
    return hand[colour] + sum(n // 2 for c, n in enumerate(hand) if c != colour)


# ---- the one check -----------------------------------------------------------------------------
def violation(rules: Rules, state: TrapperState, move: Move) -> Violation | None:
    if state.over:
        return Violation("trapper.end")
    now = phase(state)
    if now == OPEN:
        return _open_violation(rules, state, move)
    assert state.moved is not None
    if now == BIDDING:
        if isinstance(move, Pass):
            return None
        if isinstance(move, Bid):
            return _bid_violation(rules, state, move, state.actor)
        return Violation("trapper.tactical.auction", {
            "player": state.players[state.actor], "bid": state.bid})
    # paying
    if not isinstance(move, Take):
        return Violation("trapper.tactical.won", {"bid": state.bid,
                                                  "colour": said_colour(state.moved),
                                                  "player": state.players[state.actor]})
    if not well_formed_take(move):
        return Violation("trapper.turn")
    if move.colour != state.moved:
        return Violation("trapper.tactical.colour", {"colour": said_colour(state.moved)})
    cards = move.cards if isinstance(move, AuctionTake) else None
    if (cards is None or move.paying is not None or type(cards) is not tuple or len(cards) != 4
            or not all(type(n) is int for n in cards) or any(n < 0 for n in cards)
            or any(n % 2 for c, n in enumerate(cards) if c != move.colour)
            or most_payable(cards, move.colour) != state.bid):
        return Violation("trapper.tactical.pay", {"bid": state.bid,
                                                  "colour": said_colour(state.moved),
                                                  "player": state.players[state.actor]})
    hand = state.hands[state.actor]
    short = tuple((c, n) for c, n in enumerate(cards) if n > hand[c])  # only what is lacking
    if short:
        return Violation("trapper.tactical.hand", {
            "cards": Said(cards_text, short), "hand": Said(cards_text, tuple(enumerate(hand))),
            "player": state.players[state.actor]})
    return rules.target_violation(state, move.colour, move.square, move.choice)


def _open_violation(rules: Rules, state: TrapperState, move: Move) -> Violation | None:
    if isinstance(move, (Pass, DropOut)):
        return None
    if isinstance(move, Exchange):
        if not well_formed_exchange(move):
            return Violation("trapper.turn")
        return rules.exchange_violation(state, move)
    if isinstance(move, Bid):
        return _bid_violation(rules, state, move, state.turn)
    if isinstance(move, Take):
        return Violation("trapper.tactical.open", {"player": state.players[state.turn]})
    return Violation("trapper.variant.tactical")


def _bid_violation(rules: Rules, state: TrapperState, move: Bid,
                   player: int) -> Violation | None:
    fixed = state.moved
    if not (type(move.amount) is int and move.amount >= 1 and (
            move.colour is None or (type(move.colour) is int and 0 <= move.colour < 4))):
        return Violation("trapper.tactical.bid", {"amount": move.amount})
    if move.colour is None and fixed is None:
        return Violation("trapper.tactical.name", {"player": state.players[player]})
    if move.colour is not None and fixed is not None:  # one spelling: "bid 3"
        return Violation("trapper.tactical.colour", {"colour": said_colour(fixed)})
    colour = fixed if fixed is not None else move.colour
    assert colour is not None
    if move.amount <= state.bid:
        return Violation("trapper.tactical.raise", {"bid": state.bid,
                                                    "player": state.players[player]})
    most = most_payable(state.hands[player], colour)
    if move.amount > most:
        return Violation("trapper.tactical.cannot-pay", {
            "amount": move.amount, "colour": said_colour(colour), "most": most,
            "player": state.players[player]})
    if state.bid == 0 and not rules.targets(state, colour)[0]:
        return Violation("trapper.tactical.no-tile", {"colour": said_colour(colour)})
    return None


# ---- candidates ----------------------------------------------------------------------------------
def payments(hand: Cards, colour: int, bid: int) -> Iterator[Cards]:
    """Every way to pay ``bid`` for ``colour``: card counts by colour (pairs replace cards)."""
    others = [c for c in range(4) if c != colour]
    ranges = [range(min(hand[c] // 2, bid) + 1) for c in others]
    for pairs in product(*ranges):
        own = bid - sum(pairs)
        if 0 <= own <= hand[colour]:
            pair = dict(zip(others, pairs))
            yield tuple(own if c == colour else 2 * pair[c] for c in range(4))


def candidates(rules: Rules, state: TrapperState) -> Iterator[Move]:
    if state.over:
        return
    now = phase(state)
    if now == OPEN:
        yield PASS
        yield DROP_OUT
        yield from rules.exchanges(state)
        colours = range(4) if state.moved is None else (state.moved,)
        hand = state.hands[state.turn]
        for colour in colours:
            named = colour if state.moved is None else None
            for amount in range(1, most_payable(hand, colour) + 1):
                yield Bid(amount, named)
        return
    assert state.moved is not None
    if now == BIDDING:
        yield PASS
        for amount in range(state.bid + 1,
                            most_payable(state.hands[state.actor], state.moved) + 1):
            yield Bid(amount)
        return
    colour = state.moved
    ways = list(payments(state.hands[state.actor], colour, state.bid))
    for sq in rules.targets(state, colour)[0]:
        tile = state.board[sq]
        assert tile is not None
        options = rules.tile_options(state, tile)
        for choice in (((),) if len(options) == 1 else options):
            for cards in ways:
                yield AuctionTake(colour, sq, None, choice, cards)


# ---- playing -------------------------------------------------------------------------------------
def play(rules: Rules, state: TrapperState, move: Move) -> TrapperState:
    now = phase(state)
    if now == OPEN:
        if isinstance(move, Pass):  # only the stone holder draws, and only when passing
            return next_turn(draw(state, DRAW))
        if isinstance(move, DropOut):
            return drop_out(state)
        if isinstance(move, Exchange):
            return play_exchange(state, move)
        assert isinstance(move, Bid)
        out = state.dropped
        colour = state.moved if state.moved is not None else move.colour
        return evolve(state, bid=move.amount, bidder=state.turn, moved=colour, out=out,
                      acting=next_in(out, state.turn), last=())
    if now == BIDDING:
        if isinstance(move, Pass):  # out of this auction only
            out = set_item(state.out, state.actor, True)
            return evolve(state, out=out, acting=next_in(out, state.actor))
        assert isinstance(move, Bid)
        return evolve(state, bid=move.amount, bidder=state.actor,
                      acting=next_in(state.out, state.actor))
    assert isinstance(move, AuctionTake)
    after = rules.take_tile(state, move, move.cards)
    return evolve(after, bid=0, bidder=None, acting=None, out=())
