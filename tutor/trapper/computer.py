"""Computer players for Trapper: a heuristic one (``"heuristic"``) and random play (``"random"``).

The heuristic plays one move at a time (so a view can show each) and sees only what the
player it plays for may see: its own hand, the face-up tiles, the displays; face-down tiles
and the other hands are only counted. It weighs a take by what the tile does to its display:

* a tile that fills a canoe pays at once: twice its tiles, plus the most-valuable-canoe tile
  (16 or more) that the sale takes;
* a canoe that is not full is worth what is attached, plus the chance of filling it (fewer
  animals missing, more of that species still to come, more tiles left: a better chance);
* a single costs its value (a bare canoe: the animals it shows), less the chance that a
  canoe still to come takes it;
* every card played costs about a coin (cards are the turns still to come).

It goes on with the same trapper while a take is worth its card (looking one take ahead on
the face-up neighbours of the square it moves to, so it will take a canoe for the animal
beside it, or on every face-up tile when the take leaves the trapper isolated, so it will take
a poor tile to fetch a good one); an isolated trapper weighs every face-up tile
(``trapper.take.isolated``). With nothing worth a card it ends the turn, or passes to draw (a
card is worth less in a bigger hand, so a take that was not worth it may become so); with a
full hand it draws no more but takes what costs it little. It drops out when no card is left to
draw, or once everybody else has dropped out and it is ahead with a full hand; alone and
behind, it takes what costs it little. Sold canoes are handed in for the highest
most-species tile it can get, once three or more species can go, or near the end, and
always before it takes (or opens the auction for) the last tile, which ends the game.
In the tactical variant (``trapper.variant.tactical``) cards are the only currency of the
auctions and count nothing at the end (``trapper.end.scoring`` scores displays and bonus
tiles, never a hand), so a card is worth about two coins in a small hand and less in a big
one, the same for every player (only the count of another hand is seen). As stone holder it
weighs each trapper as the stone holder's turn goes: the best tile and, since the colour
stays named for the turn, the best take after it (every face-up tile once the trapper would
stand isolated); it foresees the auction (the strongest rival raises while their best tile
is worth more than their cards, it raises by the rule below) and opens with 1 on the trapper
whose foreseen auction pays it most, if any pays, or, with a full hand (16) while others
still play, costs it little;
an auction a rival would win counts nothing (the rival could open it on their own turn).
Otherwise it passes and draws 4. In an auction it raises by one while the tile won at the
higher bid is worth more to it than letting the bidder take theirs at this bid (a coin the
bidder gains counts half a coin against it), and pays with the fewest cards for the tile
worth most with what it leads to.

>>> from tutor.trapper import GAME
>>> s = GAME.parse_position('''players: Anna, Ben
... hand Anna: green 1, blue 1
... display Anna: canoe-mink1 | canoe-bear3
... board:
...   6  *  *        mink3/N  *      *  *  *  *
...   5  *  bear4/E  green    blue   ?  *  *  *
...   4  *  *        purple   beige  *  *  *  *''', seed=1)
>>> GAME.move_text(s, choose(GAME, s))  # mink 3 fills the 1-mink canoe (6 coins)
'green: take c6'
>>> s = GAME.apply(s, choose(GAME, s))
>>> GAME.move_text(s, choose(GAME, s))  # no green card left, nor a pair: the turn ends
'end turn'
>>> random_player = Random(7)
>>> GAME.is_legal(s, random_player(GAME, s))
True
"""
from __future__ import annotations

import random as _random
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

from tutor.core.game import Game

from . import display as disp
from . import auction
from .moves import DROP_OUT, END_TURN, PASS, AuctionTake, Bid, Exchange, Move, Take
from .scoring import canoe_bonus_tile, display_payments
from .state import Cards, Display, Row, TrapperState
from .tiles import ANIMAL, CANOE, NEIGHBOURS, SPECIES, TILES
from .variants import rules_of

KINDS = ("heuristic", "random")
#: a computer player: the move it makes for the player deciding
Player = Callable[[Game[TrapperState, Move], TrapperState], Move]

CARD = 1.0  # a card, in coins
AUCTION_CARD = 2.0  # a card in the tactical variant (the auctions' only currency), in a
#                    hand of 6 or fewer; in a bigger hand 2 * 6 / cards
GO_ON = 0.25  # a take must be worth this much more than its cards
LOOK_AHEAD = 0.9  # how much the next take of the turn counts (it may not come)
FULL_HAND = 14  # a hand this big takes what costs little (BEHIND) rather than draw more;
#                 alone and ahead with nothing worth taking, it drops out
AUCTION_FULL_HAND = 16  # a stone holder with this many cards opens what costs it little
DENY = 0.5  # tactical: a coin the bidder gains in an auction it lets go, in coins it loses
BEHIND = -1.5  # alone in the game and behind (to catch up), or with a full hand (cards
#               hoarded are the draw pile the game ends without): a take may cost this much
REVEAL = 0.5  # each face-down tile a take turns up: more to choose from later
SINGLE_JOINS = 0.6  # the chance, early on, that a canoe still to come takes a single
JOINED = 1.5  # what a single that a canoe takes is worth, by its value (it may be sold)
MEAN_ANIMAL = 2.5  # the mean value of an animal tile (1, 2, 2, 3, 3, 4)
#: The chance of filling a canoe missing 1, 2, 3 animals, early in the game.
FILL = {1: 0.7, 2: 0.45, 3: 0.2}


@dataclass(frozen=True)
class Outlook:
    """What is public and still to come: tiles left per species, canoes per species, how far
    the game is (1.0 at the start, 0.0 with no tiles left), bonus tiles left."""

    animals: dict[str, int]
    canoes: dict[str, int]
    later: float
    canoe_bonus_left: tuple[int, ...]
    young: bool

    @classmethod
    def of(cls, state: TrapperState) -> "Outlook":
        taken = [t for d in state.displays for t in d.tiles()] + list(state.handed_in)
        gone = Counter((TILES[t].kind, TILES[t].species) for t in taken)
        bonus_tiles = rules_of(state).bonus_tiles
        return cls({s: 6 - gone[ANIMAL, s] for s in SPECIES},
                   {s: 3 - gone[CANOE, s] for s in SPECIES}, min(1.0, state.tiles_left / 30),
                   state.canoe_bonus_left if bonus_tiles else (), not bonus_tiles)


def tile_on(state: TrapperState, square: int) -> int:
    """The tile on a square a move takes (there is one)."""
    tile = state.board[square]
    assert tile is not None
    return tile


# ---- what a display is worth -----------------------------------------------------------------
def row_worth(row: Row, seen: Outlook) -> float:
    canoe = TILES[row.canoe]
    attached = sum(TILES[t].value for t in row.attached)
    missing = row.missing
    now = float(attached if row.attached else -canoe.value)  # its final scoring if never filled
    left = seen.animals[canoe.species or ""]
    if left < missing:
        return now
    chance = FILL[missing] * seen.later * min(1.0, left / (missing + 1))
    filled = 2 * (attached + MEAN_ANIMAL * missing) - CARD * missing
    return chance * filled + (1 - chance) * now


def single_worth(tile: int, seen: Outlook) -> float:
    info = TILES[tile]
    if info.kind == ANIMAL:
        chance = SINGLE_JOINS * seen.later * seen.canoes[info.species or ""] / 3
    else:  # a mushroom or herb waits for any canoe
        chance = SINGLE_JOINS * seen.later * min(1.0, sum(seen.canoes.values()) / 6)
    return -(1 - chance) * info.value + chance * JOINED * info.value


def display_worth(display: Display, seen: Outlook) -> float:
    """What a display is likely to bring, sold canoes aside (their money is already paid)."""
    worth = sum(row_worth(r, seen) for r in display.rows)
    worth += sum(single_worth(t, seen) for t in display.singles)
    if not seen.young:  # sold canoes of different species: a most-species tile to come
        worth += len({TILES[s.canoe].species for s in display.sold})
    return worth


def sale_worth(paid: int, seen: Outlook) -> float:
    """A sale's money and the most-valuable-canoe tile it takes (16 or more)."""
    bonus = canoe_bonus_tile(seen.canoe_bonus_left, paid)
    return paid + (min(12.0, (bonus - 14) / 2) if bonus is not None else 0.0)


def tile_gain(display: Display, tile: int, choice: tuple[str, ...],
              seen: Outlook) -> tuple[float, Display]:
    """How much better the display is with ``tile`` attached as ``choice``, and the display."""
    after, sold = disp.add(display, tile, choice or disp.options(display, tile)[0])
    gain = display_worth(after, seen) - display_worth(display, seen)
    if sold is not None:
        gain += sale_worth(sold.paid, seen)
    return gain, after


# ---- the standard game ------------------------------------------------------------------------
def card_cost(hand: Cards) -> float:
    """A card is worth less in a big hand (more turns' worth of cards in it already)."""
    return CARD * min(1.0, 6 / max(1, sum(hand)))


def hidden_around(state: TrapperState, square: int) -> int:
    """How many face-down tiles a take on ``square`` turns up (more to choose from later)."""
    return sum(state.board[n] is not None and not state.face_up[n]
               for n in NEIGHBOURS[square].values())


def _next_take(state: TrapperState, move: Take, display: Display, hand: Cards, seen: Outlook,
               card: float) -> float:
    """The best take after ``move`` with the same trapper (:func:`_take_after`), paid with
    one card of its colour, else a pair of another, from what ``hand`` keeps."""
    left = list(hand)
    if move.paying is None:
        left[move.colour] -= 1
    else:
        left[move.paying] -= 2
    cost = card if left[move.colour] else 2 * card if any(
        n >= 2 for c, n in enumerate(left) if c != move.colour) else None
    return 0.0 if cost is None else _take_after(state, move.square, display, seen, cost)


def _take_after(state: TrapperState, square: int, display: Display, seen: Outlook,
                cost: float) -> float:
    """The best take after a take on ``square`` with the same trapper among tiles face up now
    (the tiles it would turn up are not known yet), or 0 when none is worth its ``cost``."""
    rules = rules_of(state)
    near = [sq for side, sq in NEIGHBOURS[square].items()
            if state.board[sq] is not None and sq not in state.trappers
            and not (state.face_up[sq] and rules.blocked(state, side, sq))]
    if near:
        near = [sq for sq in near if state.face_up[sq]]  # what it turns up is not known yet
    else:  # nothing beside the new square can be taken, nor is turned up: isolated, the
        near = [sq for sq in range(64) if sq != square and state.face_up[sq]  # next
                and state.board[sq] is not None and sq not in state.trappers]  # take: any tile
    best = 0.0
    for sq in near:
        tile = tile_on(state, sq)
        for choice in disp.options(display, tile):
            best = max(best, tile_gain(display, tile, choice, seen)[0] - cost)
    return best


def _standard(state: TrapperState, legal: list[Move]) -> Move:
    me = state.turn
    seen = Outlook.of(state)
    display, hand = state.displays[me], state.hands[me]
    card = card_cost(hand)
    behind = _alone(state) and not _ahead(state, me)
    hoarding = sum(hand) >= FULL_HAND and not _alone(state)  # (alone and ahead: drop out)
    best, best_move = (BEHIND if behind or hoarding else GO_ON), None
    for move in legal:
        if not isinstance(move, Take):
            continue
        gain, after = tile_gain(display, tile_on(state, move.square), move.choice, seen)
        cost = card if move.paying is None else 2 * card
        worth = (gain - cost + REVEAL * hidden_around(state, move.square)
                 + LOOK_AHEAD * _next_take(state, move, after, hand, seen, card))
        if worth > best:
            best, best_move = worth, move
    if best_move is None:
        return _no_take(state, legal, seen, FULL_HAND)
    return _exchange_before_the_end(state, legal, seen) or best_move


def _exchange_before_the_end(state: TrapperState, legal: list[Move],
                             seen: Outlook) -> Exchange | None:
    """The exchange to make before a take of the last tile on the board: that take ends the
    game (``trapper.end``), and the sold canoes with it."""
    if state.tiles_left != 1:
        return None
    return _exchange(state, legal, seen, ending=True)


def _no_take(state: TrapperState, legal: list[Move], seen: Outlook, full: int) -> Move:
    """With no take (or bid) worth its cards: an exchange worth making now, else end the
    turn, or drop out when done (:func:`_done`), or pass."""
    exchange = _exchange(state, legal, seen, ending=False)
    if exchange is not None:
        return exchange
    if END_TURN in legal:  # cards played this turn (never in the tactical variant)
        return END_TURN
    if _done(state, state.hands[state.actor], full):
        return _exchange(state, legal, seen, ending=True) or DROP_OUT
    return PASS


def _alone(state: TrapperState) -> bool:
    return sum(not d for d in state.dropped) == 1


def final_money(state: TrapperState, player: int) -> int:
    """Money with the display scored as if the game ended now (bonus tiles left out)."""
    return state.money(player) + sum(p.amount for p in
                                     display_payments(player, state.displays[player]))


def _ahead(state: TrapperState, me: int) -> bool:
    mine = final_money(state, me)
    return all(mine > final_money(state, p) for p in range(len(state.players)) if p != me)


def _done(state: TrapperState, hand: Cards, full: int) -> bool:
    """Drop out: no card left to draw, or a full hand, ahead, and nobody else still playing
    (while others play, passing keeps the tiles they would take in reach)."""
    if not (state.draw or any(state.discard)):
        return True
    return _alone(state) and sum(hand) >= full and _ahead(state, state.actor)


def _exchange(state: TrapperState, legal: list[Move], seen: Outlook,
              ending: bool) -> Exchange | None:
    """The exchange for the highest most-species tile, when worth doing now."""
    found = [m for m in legal if isinstance(m, Exchange)]
    if not found:
        return None
    move = max(found, key=lambda m: len(m.species))
    if len(move.species) >= 3 or ending or seen.later < 0.4:
        return move
    return None


# ---- the tactical variant ---------------------------------------------------------------------
def auction_card(cards: int) -> float:
    """A card in the tactical variant, in coins, for a hand of ``cards`` (any player's: only
    the count is seen): worth less in a bigger hand, as in the standard game."""
    return AUCTION_CARD * min(1.0, 6 / max(1, cards))


def _tile_worth(state: TrapperState, display: Display, square: int, choice: tuple[str, ...],
                seen: Outlook, ahead: float | None) -> float:
    """A tile's gain to ``display``, what its take turns up, and (``ahead``: the next auction's
    price, when the same trapper comes up again for this player) the best take after it."""
    tile = tile_on(state, square)
    gain, after = tile_gain(display, tile, choice, seen)
    worth = gain + REVEAL * hidden_around(state, square)
    if ahead is not None:
        worth += LOOK_AHEAD * _take_after(state, square, after, seen, ahead)
    return worth


def _trapper_worth(state: TrapperState, display: Display, colour: int, seen: Outlook,
                   ahead: float | None) -> float:
    """The most a tile the trapper of ``colour`` can take now is worth to ``display``."""
    squares = rules_of(state).targets(state, colour)[0]
    return max((_tile_worth(state, display, sq, choice, seen, ahead)
                for sq in squares for choice in disp.options(display, tile_on(state, sq))),
               default=float("-inf"))


def _rival(state: TrapperState, me: int, colour: int, seen: Outlook) -> tuple[float, float, int]:
    """The strongest other bidder for ``colour``: what its best tile is worth to them, their
    card's worth and how many cards they hold (only the count is seen)."""
    best = (float("-inf"), AUCTION_CARD, 0)
    for p in range(len(state.players)):
        if p == me or state.dropped[p]:
            continue
        cards = sum(state.hands[p])
        worth = _trapper_worth(state, state.displays[p], colour, seen, None)
        best = max(best, (worth, auction_card(cards), cards))
    return best


def _raises(mine: float, card: float, theirs: float, their_card: float, bid: int) -> bool:
    """Raise to ``bid + 1``: the tile won at that price is worth more to me than letting the
    rival take theirs at ``bid`` (a coin they gain counts DENY of a coin I lose)."""
    return mine - card * (bid + 1) > -DENY * max(0.0, theirs - their_card * bid)


def _contest(mine: float, card: float, most: int, rival: tuple[float, float, int],
             start: int = 1) -> float:
    """What opening at ``start`` (the computer opens at 1) is likely worth to me: the rival
    raises while the tile is worth more than their cards, I raise by :func:`_raises`; the
    winner pays the last bid."""
    theirs, their_card, their_most = rival
    bid, mine_holds = start, True
    while True:
        if mine_holds and bid < their_most and theirs - their_card * (bid + 1) > 0:
            bid, mine_holds = bid + 1, False
        elif not mine_holds and bid < most and _raises(mine, card, theirs, their_card, bid):
            bid, mine_holds = bid + 1, True
        else:
            break
    return mine - card * bid if mine_holds else 0.0


def _tactical(state: TrapperState, legal: list[Move]) -> Move:
    me = state.actor
    seen = Outlook.of(state)
    display, hand = state.displays[me], state.hands[me]
    card = auction_card(sum(hand))
    holder = me == state.turn  # the stone holder opens the next auction too (same trapper)
    now = auction.phase(state)
    if now == auction.PAYING:
        worths: dict[tuple[int, tuple[str, ...], bool], float] = {}  # many ways to pay a tile

        def take_worth(move: Move) -> float:
            assert isinstance(move, AuctionTake)
            left = tuple(n - k for n, k in zip(hand, move.cards))
            goes_on = holder and auction.most_payable(left, move.colour) > 0
            key = (move.square, move.choice, goes_on)
            if key not in worths:
                worths[key] = _tile_worth(state, display, move.square, move.choice, seen,
                                          card if goes_on else None)
            return worths[key] - card * sum(move.cards)
        return max(legal, key=take_worth)
    assert state.moved is not None or now == auction.OPEN
    ahead = card if holder else None
    if now == auction.BIDDING:
        assert state.moved is not None and state.bidder is not None
        worth = _trapper_worth(state, display, state.moved, seen, ahead)
        bidder = state.bidder
        their_card = auction_card(sum(state.hands[bidder]))
        theirs = _trapper_worth(state, state.displays[bidder], state.moved, seen,
                                their_card if bidder == state.turn else None)
        raise_to = Bid(state.bid + 1)
        if raise_to in legal and _raises(worth, card, theirs, their_card, state.bid):
            return raise_to
        return PASS
    # the stone holder opens an auction, exchanges, passes or drops out
    bids = [m for m in legal if isinstance(m, Bid) and m.amount == 1]
    # while others play, a full hand takes what costs it little rather than draw more; alone,
    # a take that costs it is a loss and nothing else (it may drop out: :func:`_done`)
    hoarding = sum(hand) >= AUCTION_FULL_HAND and not _alone(state)
    best, best_bid = (BEHIND if hoarding else GO_ON), None
    for bid in bids:
        colour = bid.colour if bid.colour is not None else state.moved
        assert colour is not None
        worth = _contest(_trapper_worth(state, display, colour, seen, ahead), card,
                         auction.most_payable(hand, colour), _rival(state, me, colour, seen))
        if worth > best:
            best, best_bid = worth, bid
    if best_bid is None:
        return _no_take(state, legal, seen, AUCTION_FULL_HAND)
    return _exchange_before_the_end(state, legal, seen) or best_bid


# ---- the players ---------------------------------------------------------------------------------
def choose(game: Game[TrapperState, Move], state: TrapperState, kind: str = "heuristic",
           rnd: _random.Random | None = None) -> Move:
    """The move the computer makes for the player deciding now (``state.actor``)."""
    if kind not in KINDS:
        raise ValueError(f"no computer player {kind!r}; known: {', '.join(KINDS)}")
    legal = list(game.legal_moves(state))
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    if kind == "random":
        return (rnd or _random.Random(0)).choice(legal)
    if state.variant == "tactical":
        return _tactical(state, legal)
    return _standard(state, legal)


class Random:
    """Random play (seeded): any legal move, each as likely. The benchmark's opponent."""

    def __init__(self, seed: int = 0) -> None:
        self.rnd = _random.Random(seed)

    def __call__(self, game: Game[TrapperState, Move], state: TrapperState) -> Move:
        return choose(game, state, "random", self.rnd)


def heuristic(game: Game[TrapperState, Move], state: TrapperState) -> Move:
    return choose(game, state, "heuristic")


def play_game(game: Game[TrapperState, Move], options: dict[str, object], seed: int,
              players: Sequence[Player], limit: int = 5000) -> TrapperState:
    """A whole game, each seat played by ``players[seat](game, state)``; every move is
    checked by :meth:`Game.apply`. ``limit`` bounds the moves (RuntimeError past it)."""
    state = game.initial_state(options, seed)
    for _ in range(limit):
        if game.outcome(state) is not None:
            return state
        seat = game.to_move(state)
        assert seat is not None
        state = game.apply(state, players[seat](game, state))
    raise RuntimeError(f"no end after {limit} moves (seed {seed})")


def _heuristic(game: Game[TrapperState, Move], seen: TrapperState, rnd: _random.Random) -> Move:
    return choose(game, seen)


#: the computer players (``TrapperGame.computers``; ``best_move`` asks them)
COMPUTERS = {"computer": _heuristic}
