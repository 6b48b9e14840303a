"""The rules of a Trapper turn as pure functions: what a trapper can take, the one check
(:func:`violation`), the candidate moves, and the new state after a legal move.

A tile at square *s* whose water faces side *X* cannot be taken by a trapper standing on
the *X* side of *s* (``trapper.take.water``; not in the young players' variant).
"""
from __future__ import annotations

import dataclasses
from typing import Any
from itertools import combinations

from tutor.core.frozen import evolve, set_item
from tutor.core.game import Violation
from tutor.core.seeding import rng

from . import display as disp
from .moves import AuctionTake, Bid, DropOut, EndTurn, Exchange, Move, Pass, Take
from .scoring import canoe_bonus_tile, final_payments
from .state import Payment, TrapperState
from .tiles import COLOURS, NEIGHBOURS, SPECIES, TILES, square_name

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
END_TURN, PASS, DROP_OUT = EndTurn(), Pass(), DropOut()
NO_CARDS = (0, 0, 0, 0)


# ---- what a trapper can take -----------------------------------------------------------------
def blocked(state: TrapperState, side: str, square: int) -> bool:
    """True if the tile on ``square`` (on ``side`` of the trapper) turns its water towards it."""
    return state.variant != "young" and state.water[state.board[square]] == OPPOSITE[side]


class _Seen:
    """What the moves of one state keep asking, worked out once per state: listing the legal
    moves checks a dozen moves against the same state (and states never change)."""

    __slots__ = ("state", "near", "options")

    def __init__(self, state):
        self.state = state
        self.near: list[tuple[int, ...] | None] = [None] * 4
        self.options: dict[int, tuple] = {}


_seen = _Seen(None)


def _about(state: TrapperState) -> _Seen:
    global _seen
    if _seen.state is not state:
        _seen = _Seen(state)
    return _seen


# per square: (neighbour, the water side of the neighbour's tile that faces this square)
_FACING = tuple(tuple((n, OPPOSITE[side]) for side, n in NEIGHBOURS[sq].items())
                for sq in range(64))


def adjacent_targets(state: TrapperState, colour: int) -> tuple[int, ...]:
    """Face-up tiles next to the trapper that it can take (orthogonal, water allowing)."""
    seen = _seen if _seen.state is state else _about(state)
    near = seen.near[colour]
    if near is None:
        board, face_up, water = state.board, state.face_up, state.water
        young = state.variant == "young"  # no water rule
        found = []
        for sq, facing in _FACING[state.trappers[colour]]:
            tile = board[sq]
            if tile is not None and face_up[sq] and (young or water[tile] != facing):
                found.append(sq)
        near = seen.near[colour] = tuple(found)
    return near


def tile_options(state: TrapperState, tile: int) -> tuple[tuple[str, ...], ...]:
    """How ``tile`` could join the display of the player on turn (:func:`display.options`)."""
    options = (_seen if _seen.state is state else _about(state)).options
    found = options.get(tile)
    if found is None:
        player = state.turn if state.acting is None else state.acting  # state.actor, inlined
        found = options[tile] = disp.options(state.displays[player], tile)
    return found


def targets(state: TrapperState, colour: int) -> tuple[tuple[int, ...], bool]:
    """The squares the trapper of ``colour`` can take from now, and whether it is isolated
    (then any face-up tile: ``trapper.take.isolated``)."""
    near = adjacent_targets(state, colour)
    if near:
        return near, False
    board, face_up = state.board, state.face_up
    return tuple(sq for sq in range(64) if face_up[sq] and board[sq] is not None), True


_PAYS: dict[tuple[int, ...], tuple[tuple[int | None, ...], ...]] = {}


def payments(state: TrapperState, colour: int) -> tuple[int | None, ...]:
    """How the player on turn can pay for one take: one card (None) or a pair of a colour
    (the standard game: the player on turn decides)."""
    return _pay_table(state.hands[state.turn])[colour]


def _pay_table(hand: tuple[int, ...]) -> tuple[tuple[int | None, ...], ...]:
    """:func:`payments` of a hand for each colour."""
    found = _PAYS.get(hand)
    if found is None:  # the same few hands come back all game: work each out once
        found = _PAYS[hand] = tuple(
            ((None,) if hand[c] >= 1 else ())
            + tuple(o for o in range(4) if o != c and hand[o] >= 2) for c in range(4))
    return found


#: the rules of a variant that replaces the base game's turn, by variant name: the tactical
#: auction (:mod:`.tactical`) registers itself here, since it builds on this module
VARIANT_RULES: dict[str, Any] = {}


# ---- the one check ---------------------------------------------------------------------------
def violation(state: TrapperState, move: Move) -> Violation | None:
    """The first rule ``move`` breaks, with the parameters of its refusal text."""
    if state.over:
        return Violation("trapper.end")
    if state.variant in VARIANT_RULES:
        return VARIANT_RULES[state.variant].violation(state, move)
    if type(move) is Take:  # the move listed most: straight to its check
        return _take_violation(state, move)
    if isinstance(move, Take):
        if isinstance(move, AuctionTake):
            return Violation("trapper.variant.tactical")
        return _take_violation(state, move)
    if isinstance(move, Bid):
        return Violation("trapper.variant.tactical")
    if isinstance(move, EndTurn):
        return Violation("trapper.turn.draw") if state.played == 0 else None
    if isinstance(move, Pass):
        return Violation("trapper.turn.pass") if state.played else None
    if isinstance(move, DropOut):
        return Violation("trapper.end.drop-out") if state.played else None
    if isinstance(move, Exchange):
        return exchange_violation(state, move)
    return Violation("trapper.turn")


def _take_violation(state: TrapperState, move: Take) -> Violation | None:
    colour, paying, sq = move.colour, move.paying, move.square
    if state.moved is not None and colour != state.moved:
        return Violation("trapper.turn.one-trapper",
                         {"moved": COLOURS[state.moved], "colour": COLOURS[colour]})
    hand = state.hands[state.turn]  # the standard game: the player on turn decides
    if paying is None:
        if hand[colour] < 1:
            return Violation("trapper.cards", {"colour": COLOURS[colour]})
    elif paying == colour or hand[paying] < 2:
        return Violation("trapper.cards.swap", {
            "colour": COLOURS[colour], "paying": COLOURS[paying], "count": hand[paying]})
    # the usual case, decided from what the listing of this state already worked out: a
    # free neighbour (so a face-up tile) - or, for an isolated trapper, any face-up tile -
    # joining the display as the move says
    seen = _seen if _seen.state is state else _about(state)
    near = seen.near[colour]
    if near is not None:
        tile = state.board[sq]
        if (sq in near) if near else (tile is not None and state.face_up[sq]):
            options = seen.options.get(tile)
            if options is not None and (move.choice in options if move.choice
                                        else len(options) == 1):
                return None
    return target_violation(state, colour, sq, move.choice)  # the same rules, in full


def target_violation(state: TrapperState, colour: int, sq: int,
                     choice: tuple[str, ...]) -> Violation | None:
    """Whether the trapper of ``colour`` may take the tile on ``sq`` into the display of the
    player deciding, joining it as ``choice`` (the part of a take that is not the cards)."""
    tile = state.board[sq]
    if tile is None or not state.face_up[sq]:
        if sq in state.trappers:
            return Violation("trapper.take.trapper", {
                "square": square_name(sq), "other": COLOURS[state.trappers.index(sq)]})
        rule = "trapper.take.empty" if tile is None else "trapper.take.face-down"
        return Violation(rule, {"square": square_name(sq)})
    near = adjacent_targets(state, colour)
    if near and sq not in near:  # not isolated: only a free neighbour may be taken
        params = {"tile": TILES[tile].name, "square": square_name(sq), "colour": COLOURS[colour]}
        sides = {n: s for s, n in NEIGHBOURS[state.trappers[colour]].items()}
        if sq in sides and blocked(state, sides[sq], sq):
            return Violation("trapper.take.water", params)
        return Violation("trapper.take.adjacent", params)
    options = tile_options(state, tile)
    if choice:
        if choice not in options:
            return Violation("trapper.display.attach", {
                "tile": TILES[tile].name, "choice": ", ".join(choice),
                "options": _options_text(options)})
    elif len(options) > 1:
        return Violation("trapper.display.choice",
                         {"tile": TILES[tile].name, "options": _options_text(options)})
    return None


def _options_text(options) -> str:
    return " / ".join(", ".join(o) or "as a single" for o in options)


def exchange_violation(state: TrapperState, move: Exchange) -> Violation | None:
    if state.variant == "young":
        return Violation("trapper.variant.young")
    if state.exchanged:
        return Violation("trapper.bonus.species.once")
    have = {TILES[s.canoe].species for s in state.displays[state.actor].sold}
    for s in move.species:
        if SPECIES[s] not in have:
            return Violation("trapper.bonus.species", {"species": SPECIES[s]})
    if len(move.species) not in state.species_bonus_left:
        return Violation("trapper.bonus.species.taken", {"number": len(move.species)})
    return None


# ---- candidates --------------------------------------------------------------------------------
# Every plain take, made once: (colour * 64 + square) * 5 + paying (0: one card, 1 + c: a pair
# of colour c). Moves are immutable, and making frozen dataclasses is the dearest part of
# listing moves.
_PLAIN = tuple(Take(colour, square, None if pay == 0 else pay - 1)
               for colour in range(4) for square in range(64) for pay in range(5))
_CANOE = tuple(tile.kind == "canoe" for tile in TILES)


def candidates(state: TrapperState):
    """The moves worth checking (a superset of the legal ones), in a stable order."""
    if state.over:
        return
    if state.variant in VARIANT_RULES:
        yield from VARIANT_RULES[state.variant].candidates(state)
        return
    colours = range(4) if state.moved is None else (state.moved,)
    display = state.displays[state.turn]
    board, rows = state.board, display.rows
    seen = _about(state)
    known = seen.options  # kept for the check of each move listed here
    ways = _pay_table(state.hands[state.turn])
    for colour in colours:
        pays = ways[colour]
        if not pays:
            continue
        base = colour * 320
        for sq in adjacent_targets(state, colour) or targets(state, colour)[0]:  # isolated: any face-up tile
            tile = board[sq]
            options = known.get(tile)
            if options is None:  # tile_options(), inlined: the player on turn decides here
                # a tile that is not a canoe joins an empty row list in one way only
                options = known[tile] = (disp.options(display, tile) if rows or _CANOE[tile]
                                         else disp.ALONE)
            if len(options) == 1:
                at = base + sq * 5
                for pay in pays:
                    yield _PLAIN[at if pay is None else at + 1 + pay]
            else:
                for pay in pays:
                    for choice in options:
                        yield Take(colour, sq, pay, choice)
    if state.played:
        yield END_TURN
    else:
        yield PASS
        yield DROP_OUT
    if state.variant != "young" and not state.exchanged and display.sold:
        yield from exchanges(state)


def exchanges(state: TrapperState):
    """Most-species exchanges worth listing: sold canoes of k species, tile k still there."""
    display = state.displays[state.turn]
    if not state.exchanged and display.sold:
        have = sorted({SPECIES.index(TILES[s.canoe].species) for s in display.sold})
        for k in state.species_bonus_left:
            for species in combinations(have, k):
                yield Exchange(species)


# ---- playing ---------------------------------------------------------------------------------


def _plus(a: tuple, b: tuple) -> tuple:  # four card counts
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _minus(a: tuple, b: tuple) -> tuple:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


# the cards a plain take pays, by colour: one of the trapper's colour, or two of another
_ONE_CARD = tuple(set_item(NO_CARDS, c, 1) for c in range(4))
_TWO_CARDS = tuple(set_item(NO_CARDS, c, 2) for c in range(4))


def play(state: TrapperState, move: Move) -> TrapperState:
    """The state after ``move`` (already checked by :func:`violation`)."""
    if state.variant in VARIANT_RULES:
        return VARIANT_RULES[state.variant].play(state, move)
    if isinstance(move, Take):
        paid = _ONE_CARD if move.paying is None else _TWO_CARDS
        return take_tile(state, move, paid[move.colour if move.paying is None else move.paying])
    if isinstance(move, (EndTurn, Pass)):
        return next_turn(draw(state, 2))
    if isinstance(move, Exchange):
        return play_exchange(state, move)
    if isinstance(move, DropOut):
        return drop_out(state)
    raise TypeError(move)


def drop_out(state: TrapperState) -> TrapperState:
    """The player on turn lays their cards aside and leaves; the others play on."""
    hand = state.hands[state.turn]
    state = evolve(state, hands=set_item(state.hands, state.turn, NO_CARDS),
                   aside=tuple(a + h for a, h in zip(state.aside, hand)),
                   dropped=set_item(state.dropped, state.turn, True), last=())
    return finish(state) if all(state.dropped) else next_turn(state)


def take_tile(state: TrapperState, move: Take, cards: tuple[int, ...]) -> TrapperState:
    """The deciding player pays ``cards`` (counts by colour) to the discard pile and takes
    the tile: the trapper moves, new neighbours turn up, the display attaches and sells."""
    player = state.turn if state.acting is None else state.acting  # state.actor, inlined
    colour, sq = move.colour, move.square
    hand = state.hands[player]
    tile = state.board[sq]
    board = set_item(state.board, sq, None)
    face_up = list(state.face_up)
    face_up[sq] = False
    for n, _ in _FACING[sq]:
        if board[n] is not None:
            face_up[n] = True  # reveal and align (trapper.take.reveal)
    choice = move.choice or tile_options(state, tile)[0]
    display, sold = disp.add(state.displays[player], tile, choice)
    ledger, canoe_bonus = state.ledger, state.canoe_bonus
    if sold is not None:
        ledger += (Payment(player, sold.paid, "trapper.canoe.full", TILES[sold.canoe].name),)
        bonus = canoe_bonus_tile(state.canoe_bonus_left, sold.paid)
        if bonus is not None:
            canoe_bonus = set_item(canoe_bonus, player, canoe_bonus[player] + (bonus,))
    state = evolve(
        state, board=board, face_up=tuple(face_up),
        trappers=set_item(state.trappers, colour, sq),
        hands=set_item(state.hands, player, _minus(hand, cards)),
        discard=_plus(state.discard, cards),
        displays=set_item(state.displays, player, display), ledger=ledger,
        canoe_bonus=canoe_bonus, moved=colour, played=state.played + sum(cards),
        last=(state.trappers[colour], sq),
    )
    if board == _NO_TILES:  # (tuple equality stops at the first tile: cheaper than count)
        return finish(state)  # all loot tiles taken (trapper.end)
    return state


_NO_TILES = (None,) * 64


def play_exchange(state: TrapperState, move: Exchange) -> TrapperState:
    """Sold canoes of the named species, one each with its stack, go to the box for the
    most-species tile with that number (it does not matter which canoe of a species)."""
    player = state.turn
    sold = list(state.displays[player].sold)
    handed = []
    for s in move.species:
        stack = next(x for x in sold if TILES[x.canoe].species == SPECIES[s])
        sold.remove(stack)
        handed += [stack.canoe, *stack.tiles]
    display = dataclasses.replace(state.displays[player], sold=tuple(sold))
    return evolve(
        state, displays=set_item(state.displays, player, display),
        handed_in=state.handed_in + tuple(handed), exchanged=True, last=(),
        species_bonus=set_item(state.species_bonus, player,
                               state.species_bonus[player] + (len(move.species),)),
    )


def draw(state: TrapperState, count: int) -> TrapperState:
    """The player on turn draws ``count`` cards; an empty draw pile is refilled from the
    shuffled discard pile (``trapper.cards.reshuffle``)."""
    pile, discard, reshuffles = state.draw, state.discard, state.reshuffles
    hand = list(state.hands[state.turn])
    if len(pile) >= count:  # the usual case: no reshuffle, the cards from the top
        for card in pile[:count]:
            hand[card] += 1
        return evolve(state, draw=pile[count:],
                      hands=set_item(state.hands, state.turn, tuple(hand)))
    pile = list(pile)
    for _ in range(count):
        if not pile:
            if not any(discard):
                break  # both piles empty: fewer cards (a reading)
            reshuffles += 1
            pile = [c for c in range(4) for _ in range(discard[c])]
            rng(state.seed, "reshuffle", reshuffles).shuffle(pile)
            discard = NO_CARDS
        hand[pile.pop(0)] += 1
    return evolve(state, draw=tuple(pile), discard=discard, reshuffles=reshuffles,
                  hands=set_item(state.hands, state.turn, tuple(hand)))


def next_turn(state: TrapperState) -> TrapperState:
    """The turn (or start stone) goes to the next player on the left who has not dropped out."""
    n = len(state.players)
    turn = state.turn
    for step in range(1, n + 1):
        if not state.dropped[(turn + step) % n]:
            turn = (turn + step) % n
            break
    return evolve(state, turn=turn, moved=None, played=0, exchanged=False)


def finish(state: TrapperState) -> TrapperState:
    """The end: the final scoring goes into the ledger (``trapper.end.scoring``)."""
    state = evolve(state, over=True, moved=None, played=0)
    return evolve(state, ledger=state.ledger + final_payments(state))
