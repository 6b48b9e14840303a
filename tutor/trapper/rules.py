"""The rules of a Trapper turn: the one check (:meth:`Rules.violation`), shared by listing
and applying moves, and what a legal move does (:meth:`Rules.play`).

:class:`Rules` is the standard game; each variant is a subclass that changes a few of its
parts (:mod:`.variants`).

A tile at square *s* whose water faces side *X* cannot be taken by a trapper standing on
the *X* side of *s* (``trapper.take.water``).
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import combinations
from typing import ClassVar, Iterator

from tutor.core.frozen import evolve, set_item
from tutor.core.game import Violation
from tutor.core.i18n import Said, translator
from tutor.core.seeding import rng

from . import display as disp
from .moves import (DROP_OUT, END_TURN, PASS, AuctionTake, Bid, DropOut, EndTurn, Exchange,
                    Move, Pass, Take)
from .scoring import canoe_bonus_tile, final_payments
from .state import (CANOE_BONUS, SPECIES_BONUS, VARIANTS, Cards, Payment, Phase,
                    TrapperState)
from .notation import said_colour, said_species, said_tile, tile_name
from .tiles import NEIGHBOURS, SIDES, SPECIES, TILES, ids_by_name, square_name

T = translator("trapper")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
NO_CARDS: Cards = (0, 0, 0, 0)
Options = tuple[tuple[str, ...], ...]  # the ways a tile can join a display


class _Seen:
    """What the moves of one state keep asking, worked out once per state: listing the legal
    moves checks a dozen moves against the same state (and states never change)."""

    __slots__ = ("state", "near", "options")

    def __init__(self, state: TrapperState | None):
        self.state = state
        self.near: list[tuple[int, ...] | None] = [None] * 4
        self.options: dict[int, Options] = {}


_seen = _Seen(None)


def _about(state: TrapperState) -> _Seen:
    global _seen
    if _seen.state is not state:
        _seen = _Seen(state)
    return _seen


# per square: (neighbour, the water side of the neighbour's tile that faces this square)
_FACING = tuple(tuple((n, OPPOSITE[side]) for side, n in NEIGHBOURS[sq].items())
                for sq in range(64))
# Every plain take, made once: (colour * 64 + square) * 5 + paying (0: one card, 1 + c: a pair
# of colour c). Moves are immutable, and making frozen dataclasses is the dearest part of
# listing moves.
_PLAIN = tuple(Take(colour, square, None if pay == 0 else pay - 1)
               for colour in range(4) for square in range(64) for pay in range(5))
_PLAIN_IDS = frozenset(map(id, _PLAIN))  # (they live as long as the module)
_CANOE = tuple(tile.kind == "canoe" for tile in TILES)
_NO_TILES = (None,) * 64
# the cards a plain take pays, by colour: one of the trapper's colour, or two of another
_ONE_CARD = tuple(set_item(NO_CARDS, c, 1) for c in range(4))
_TWO_CARDS = tuple(set_item(NO_CARDS, c, 2) for c in range(4))
_PAYS: dict[Cards, tuple[tuple[int | None, ...], ...]] = {}


def pay_table(hand: Cards) -> tuple[tuple[int | None, ...], ...]:
    """Per trapper colour, how a hand can pay for one take: one card of the colour (None) or a
    pair of another colour (its index)."""
    found = _PAYS.get(hand)
    if found is None:  # the same few hands come back all game: work each out once
        found = _PAYS[hand] = tuple(
            ((None,) if hand[c] >= 1 else ())
            + tuple(o for o in range(4) if o != c and hand[o] >= 2) for c in range(4))
    return found


def _plus(a: Cards, b: Cards) -> Cards:  # four card counts
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _minus(a: Cards, b: Cards) -> Cards:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def options_text(options: Options) -> str:
    """The ways a tile can join a display, in the current language."""
    return " / ".join(choice_text(o) or T._("as a single") for o in options)


def choice_text(choice: tuple[str, ...]) -> str:
    """The tiles a choice names, in the current language."""
    return ", ".join(tile_name(ids_by_name(n)[0]) if isinstance(n, str) and ids_by_name(n)
                     else str(n) for n in choice)


def well_formed_take(move: Take) -> bool:
    """Whether a take's fields are in range: a colour 0-3, a square 0-63, no pair or a pair of
    a colour 0-3, a tuple for the choice (a take built by hand may have anything; a choice is
    checked by being one of the ways the tile can join the display)."""
    colour, square, paying = move.colour, move.square, move.paying
    return (type(colour) is int and 0 <= colour < 4 and type(square) is int and 0 <= square < 64
            and (paying is None or (type(paying) is int and 0 <= paying < 4))
            and type(move.choice) is tuple)


def well_formed_exchange(move: Exchange) -> bool:
    """At least one species, indexes 0-5 in rising order (the one spelling the listing uses; a
    species named twice is refused by the rules)."""
    species = move.species
    return (type(species) is tuple and bool(species)
            and all(type(s) is int and 0 <= s < 6 for s in species)
            and list(species) == sorted(species))


class Rules:
    """The standard game of Trapper (a variant overrides the parts it changes)."""

    #: the variant's name (``TrapperState.variant``)
    name: ClassVar[str] = "standard"
    #: cards dealt to each player at the start (``trapper.setup``)
    hand_size: ClassVar[int] = 6
    #: whether water blocks the way to a tile (``trapper.take.water``)
    water: ClassVar[bool] = True
    #: whether the game is played with bonus tiles (``trapper.bonus.canoe``, ``.species``)
    bonus_tiles: ClassVar[bool] = True
    #: whether the right to take a tile is auctioned (``trapper.variant.tactical``)
    auctioned: ClassVar[bool] = False

    # ---- what a trapper can take ---------------------------------------------------------
    def blocked(self, state: TrapperState, side: str, square: int) -> bool:
        """True if the tile on ``square`` (on ``side`` of the trapper) turns its water to it."""
        tile = state.board[square]
        return self.water and tile is not None and state.water[tile] == OPPOSITE[side]

    def adjacent_targets(self, state: TrapperState, colour: int) -> tuple[int, ...]:
        """Face-up tiles next to the trapper that it can take (orthogonal, water allowing)."""
        seen = _seen if _seen.state is state else _about(state)
        near = seen.near[colour]
        if near is None:
            board, face_up, water, dry = state.board, state.face_up, state.water, not self.water
            near = seen.near[colour] = tuple(
                sq for sq, facing in _FACING[state.trappers[colour]]
                if (tile := board[sq]) is not None and face_up[sq]
                and (dry or water[tile] != facing))
        return near

    def isolated(self, state: TrapperState, colour: int) -> bool:
        """True when no tile next to this trapper can be taken (``trapper.take.isolated``)."""
        return not self.adjacent_targets(state, colour)

    def targets(self, state: TrapperState, colour: int) -> tuple[tuple[int, ...], bool]:
        """The squares the trapper of ``colour`` can take from now, and whether it is isolated
        (then any face-up tile: ``trapper.take.isolated``)."""
        near = self.adjacent_targets(state, colour)
        if near:
            return near, False
        board, face_up = state.board, state.face_up
        return tuple(sq for sq in range(64) if face_up[sq] and board[sq] is not None), True

    def tile_options(self, state: TrapperState, tile: int) -> Options:
        """How ``tile`` could join the display of the player deciding (:func:`display.options`)."""
        options = (_seen if _seen.state is state else _about(state)).options
        found = options.get(tile)
        if found is None:
            player = state.turn if state.acting is None else state.acting  # state.actor, inlined
            found = options[tile] = disp.options(state.displays[player], tile)
        return found

    def payments(self, state: TrapperState, colour: int) -> tuple[int | None, ...]:
        """How the player on turn can pay for one take of ``colour`` (see :func:`pay_table`)."""
        return pay_table(state.hands[state.turn])[colour]

    # ---- bonus tiles -----------------------------------------------------------------------
    def canoe_bonus(self, state: TrapperState, paid: int) -> int | None:
        """The most-valuable-canoe tile a sale of ``paid`` takes (``trapper.bonus.canoe``)."""
        return canoe_bonus_tile(state.canoe_bonus_left, paid)

    def exchanges(self, state: TrapperState) -> Iterator[Exchange]:
        """Most-species exchanges worth listing: sold canoes of k species, tile k still there."""
        display = state.displays[state.turn]  # (no auction runs: the player on turn decides)
        if not state.exchanged and display.sold:
            have = sorted({SPECIES.index(TILES[s.canoe].species or "") for s in display.sold})
            for k in state.species_bonus_left:
                for species in combinations(have, k):
                    yield Exchange(species)

    def exchange_violation(self, state: TrapperState, move: Exchange) -> Violation | None:
        if state.exchanged:
            return Violation("trapper.bonus.species.once", {"player": state.players[state.actor]})
        twice = [said_species(s) for s in set(move.species) if move.species.count(s) > 1]
        if twice:
            return Violation("trapper.bonus.species.different", {
                "species": twice[0], "player": state.players[state.actor]})
        have = {TILES[s.canoe].species for s in state.displays[state.actor].sold}
        for s in move.species:
            if SPECIES[s] not in have:
                return Violation("trapper.bonus.species", {
                    "species": said_species(s), "player": state.players[state.actor]})
        if len(move.species) not in state.species_bonus_left:
            return Violation("trapper.bonus.species.taken", {"number": len(move.species)})
        return None

    # ---- the one check ---------------------------------------------------------------------
    def phase(self, state: TrapperState) -> Phase:
        return Phase.OVER if state.over else Phase.PLAY

    def violation(self, state: TrapperState, move: Move) -> Violation | None:
        """The first rule ``move`` breaks, with the parameters of its refusal text."""
        if state.over:
            return Violation("trapper.end")
        if type(move) is Take:  # the move listed most: straight to its check
            if id(move) not in _PLAIN_IDS and not well_formed_take(move):  # (listed: formed)
                return Violation("trapper.turn")
            return self._take_violation(state, move)
        # the refusals below name the player on turn (a drill asks about a named player)
        if isinstance(move, (AuctionTake, Bid)):  # no auction runs outside the tactical variant
            return Violation("trapper.turn.bid", {"player": state.players[state.turn]})
        if isinstance(move, Take):
            return Violation("trapper.turn")  # a subclass of Take the game does not know
        if isinstance(move, EndTurn):
            return (Violation("trapper.turn.draw", {"player": state.players[state.turn]})
                    if state.played == 0 else None)
        if isinstance(move, Pass):
            return (Violation("trapper.turn.pass", {"player": state.players[state.turn]})
                    if state.played else None)
        if isinstance(move, DropOut):
            return (Violation("trapper.end.drop-out", {"player": state.players[state.turn]})
                    if state.played else None)
        if isinstance(move, Exchange):
            if not well_formed_exchange(move):
                return Violation("trapper.turn")
            return self.exchange_violation(state, move)
        return Violation("trapper.turn")

    def _take_violation(self, state: TrapperState, move: Take) -> Violation | None:
        colour, paying, sq = move.colour, move.paying, move.square
        if state.moved is not None and colour != state.moved:
            return Violation("trapper.turn.one-trapper",
                             {"moved": said_colour(state.moved), "colour": said_colour(colour),
                              "player": state.players[state.turn]})
        hand = state.hands[state.turn]  # the standard game: the player on turn decides
        if paying is None:
            if hand[colour] < 1:
                return Violation("trapper.cards", {"colour": said_colour(colour),
                                                   "player": state.players[state.turn]})
        elif paying == colour:
            return Violation("trapper.cards.swap.other", {"colour": said_colour(colour),
                                                          "player": state.players[state.turn]})
        elif hand[paying] < 2:
            return Violation("trapper.cards.swap", {
                "colour": said_colour(colour), "paying": said_colour(paying),
                "count": hand[paying], "player": state.players[state.turn]})
        # the usual case, decided from what the listing of this state already worked out: a
        # free neighbour (so a face-up tile) - or, for an isolated trapper, any face-up tile -
        # joining the display as the move says
        seen = _seen if _seen.state is state else _about(state)
        near = seen.near[colour]
        if near is not None:
            tile = state.board[sq]
            if tile is not None and ((sq in near) if near else state.face_up[sq]):
                options = seen.options.get(tile)
                if options is not None and ((len(options) > 1 and move.choice in options)
                                            if move.choice else len(options) == 1):
                    return None
        return self.target_violation(state, colour, sq, move.choice)  # the same rules, in full

    def target_violation(self, state: TrapperState, colour: int, sq: int,
                         choice: tuple[str, ...]) -> Violation | None:
        """Whether the trapper of ``colour`` may take the tile on ``sq`` into the display of the
        player deciding, joining it as ``choice`` (the part of a take that is not the cards)."""
        tile = state.board[sq]
        if tile is None or not state.face_up[sq]:
            if sq in state.trappers:
                return Violation("trapper.take.trapper", {
                    "square": square_name(sq), "other": said_colour(state.trappers.index(sq))})
            rule = "trapper.take.empty" if tile is None else "trapper.take.face-down"
            return Violation(rule, {"square": square_name(sq)})
        near = self.adjacent_targets(state, colour)
        if near and sq not in near:  # not isolated: only a free neighbour may be taken
            params = {"tile": said_tile(tile), "square": square_name(sq),
                      "colour": said_colour(colour)}
            sides = {n: s for s, n in NEIGHBOURS[state.trappers[colour]].items()}
            if sq in sides and self.blocked(state, sides[sq], sq):
                return Violation("trapper.take.water", params)
            return Violation("trapper.take.adjacent", params)
        options = self.tile_options(state, tile)
        if choice:
            if choice not in options:
                return Violation("trapper.display.attach", {
                    "tile": said_tile(tile), "choice": Said(choice_text, choice),
                    "options": Said(options_text, options), "player": state.players[state.actor]})
            if len(options) == 1:  # one spelling: the one way is not named
                return Violation("trapper.display.one-way", {
                    "tile": said_tile(tile), "choice": Said(choice_text, choice),
                    "player": state.players[state.actor]})
        elif len(options) > 1:
            return Violation("trapper.display.choice",
                             {"tile": said_tile(tile), "options": Said(options_text, options),
                              "player": state.players[state.actor]})
        return None

    # ---- candidates ------------------------------------------------------------------------
    def candidates(self, state: TrapperState) -> Iterator[Move]:
        """The moves worth checking (a superset of the legal ones), in a stable order."""
        if state.over:
            return
        colours = range(4) if state.moved is None else (state.moved,)
        display = state.displays[state.turn]
        board, rows = state.board, display.rows
        seen = _about(state)
        known = seen.options  # kept for the check of each move listed here
        ways = pay_table(state.hands[state.turn])
        for colour in colours:
            pays = ways[colour]
            if not pays:
                continue
            base = colour * 320
            near = seen.near[colour]
            if near is None:
                near = self.adjacent_targets(state, colour)
            # an isolated trapper: any face-up tile
            for sq in near or self.targets(state, colour)[0]:
                tile = board[sq]
                assert tile is not None
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
        if not state.exchanged and display.sold:
            yield from self.exchanges(state)

    # ---- playing ---------------------------------------------------------------------------
    def play(self, state: TrapperState, move: Move) -> TrapperState:
        """The state after ``move`` (already checked by :meth:`violation`)."""
        if isinstance(move, Take):
            paid = _ONE_CARD if move.paying is None else _TWO_CARDS
            return self.take_tile(state, move,
                                  paid[move.colour if move.paying is None else move.paying])
        if isinstance(move, (EndTurn, Pass)):
            return next_turn(draw(state, 2))
        if isinstance(move, Exchange):
            return play_exchange(state, move)
        if isinstance(move, DropOut):
            return drop_out(state)
        raise TypeError(move)

    def take_tile(self, state: TrapperState, move: Take, cards: Cards) -> TrapperState:
        """The deciding player pays ``cards`` (counts by colour) to the discard pile and takes
        the tile: the trapper moves, new neighbours turn up, the display attaches and sells."""
        player = state.turn if state.acting is None else state.acting  # state.actor, inlined
        colour, sq = move.colour, move.square
        hand = state.hands[player]
        tile = state.board[sq]
        assert tile is not None
        board = set_item(state.board, sq, None)
        face_up = list(state.face_up)
        face_up[sq] = False
        for n, _ in _FACING[sq]:
            if board[n] is not None:
                face_up[n] = True  # reveal and align (trapper.take.reveal)
        choice = move.choice or self.tile_options(state, tile)[0]
        display, sold = disp.add(state.displays[player], tile, choice)
        ledger, canoe_bonus = state.ledger, state.canoe_bonus
        if sold is not None:
            ledger += (Payment(player, sold.paid, "trapper.canoe.full", TILES[sold.canoe].name,
                               "sale"),)
            bonus = self.canoe_bonus(state, sold.paid)
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


# ---- what every variant does the same way ------------------------------------------------------
def drop_out(state: TrapperState) -> TrapperState:
    """The player on turn lays their cards aside and leaves; the others play on."""
    hand = state.hands[state.turn]
    state = evolve(state, hands=set_item(state.hands, state.turn, NO_CARDS),
                   aside=_plus(state.aside, hand),
                   dropped=set_item(state.dropped, state.turn, True), last=())
    return finish(state) if all(state.dropped) else next_turn(state)


def play_exchange(state: TrapperState, move: Exchange) -> TrapperState:
    """Sold canoes of the named species, one each with its stack, go to the box for the
    most-species tile with that number (it does not matter which canoe of a species)."""
    player = state.turn
    sold = list(state.displays[player].sold)
    handed: list[int] = []
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
    """The player on turn draws ``count`` cards. When the draw pile is used up, the discard
    pile is shuffled at once and becomes the new draw pile (``trapper.cards.reshuffle``: the
    cards played after that go to a new discard pile); a pile used up while the discard pile
    was empty is refilled when a card is next drawn."""
    discard, reshuffles = state.discard, state.reshuffles
    hand, cards = list(state.hands[state.turn]), list(state.draw)
    for n in range(count + 1):
        if not cards and any(discard):
            reshuffles += 1
            cards = [c for c in range(4) for _ in range(discard[c])]
            rng(state.seed, "reshuffle", reshuffles).shuffle(cards)
            discard = NO_CARDS
        if n == count or not cards:
            break  # drawn; or both piles empty: fewer cards (a reading)
        hand[cards.pop(0)] += 1
    return evolve(state, draw=tuple(cards), discard=discard, reshuffles=reshuffles,
                  hands=set_item(state.hands, state.turn, tuple(hand)))


def next_in(out: tuple[bool, ...], after: int) -> int:
    """The next player to the left of ``after`` who is not ``out`` (``after`` itself when
    nobody else is)."""
    n = len(out)
    return next(((after + step) % n for step in range(1, n) if not out[(after + step) % n]),
                after)


def next_turn(state: TrapperState) -> TrapperState:
    """The turn (or start stone) goes to the next player on the left who has not dropped out."""
    return evolve(state, turn=next_in(state.dropped, state.turn), moved=None, played=0,
                  exchanged=False)


def finish(state: TrapperState) -> TrapperState:
    """The end: the final scoring goes into the ledger (``trapper.end.scoring``)."""
    state = evolve(state, over=True, moved=None, played=0)
    return evolve(state, ledger=state.ledger + final_payments(state))

def _shape(s: TrapperState) -> list[str]:
    """What a state read from outside (JSON) may get wrong that play never does: counts per
    player, lengths, tile ids, squares and colours in range (the rest of the checks, and
    the rules, read the state by these)."""
    n = len(s.players)
    if not 2 <= n <= 4 or len(set(s.players)) != n or not all(s.players):
        return [T._("players: there must be 2 to 4 different names, not {players}",
                    players=list(s.players))]
    if s.variant not in VARIANTS:
        return [T._("variant: one of {variants}, not {variant}", variants=", ".join(VARIANTS),
                    variant=repr(s.variant))]
    lengths = {"board": (s.board, 64), "face_up": (s.face_up, 64), "water": (s.water, 64),
               "trappers": (s.trappers, 4), "hands": (s.hands, n), "discard": (s.discard, 4),
               "aside": (s.aside, 4), "displays": (s.displays, n),
               "canoe_bonus": (s.canoe_bonus, n), "species_bonus": (s.species_bonus, n),
               "dropped": (s.dropped, n)}
    found = [T.n_("{field}: {n} entry, not {expected}", "{field}: {n} entries, not {expected}",
                  len(items), field=key, expected=count)
             for key, (items, count) in lengths.items() if len(items) != count]
    if len(s.out) not in (0, n):
        found.append(T.n_("{field}: {n} entry, not 0 or {expected}",
                          "{field}: {n} entries, not 0 or {expected}", len(s.out), field="out",
                          expected=n))
    if any(len(hand) != 4 for hand in s.hands):
        found.append(T._("{field}: each hand must be 4 card counts, one per colour",
                         field="hands"))
    tiles = [*(t for t in s.board if t is not None), *s.box, *s.handed_in,
             *(t for d in s.displays for t in d.tiles())]
    if any(not 0 <= t < 64 for t in tiles):
        found.append(T._("a tile id is out of the range 0-63"))
    if any(not 0 <= sq < 64 for sq in (*s.trappers, *s.last)):
        found.append(T._("a square is out of the range 0-63"))
    if any(not 0 <= c < 4 for c in s.draw) or (s.moved is not None and not 0 <= s.moved < 4):
        found.append(T._("a colour is out of the range 0-3 ({fields})", fields="draw, moved"))
    if any(w not in SIDES for w in s.water):
        found.append(T._("{field}: each side must be N, E, S or W", field="water"))
    if any(not 0 <= seat < n for seat in (s.turn, s.bidder, s.acting, *(p.player for p in s.ledger))
           if seat is not None):
        found.append(T._("a seat out of 0-{last} ({fields})", last=n - 1,
                         fields="turn, bidder, acting, ledger"))
    if not 0 <= s.played <= 64 or not 0 <= s.bid <= 10_000 or s.reshuffles < 0:
        found.append(T._("one of {fields} is out of range", fields="played, bid, reshuffles"))
    return found


def pieces(s: TrapperState) -> list[tuple[str, str]]:
    """What is wrong with the pieces of a state, as (field, problem) in the author's language
    (a written position is checked by these): 64 tiles and 64 cards each once, trappers apart
    on empty squares, bonus tiles once, a consistent turn and auction."""
    found: list[tuple[str, str]] = []
    if s.variant != "tactical" and (s.bid or s.bidder is not None or s.acting is not None):
        found.append(("bid", T._("only the tactical variant has auctions")))
    if s.bid and (s.bidder is None or s.acting is None or s.moved is None or not s.out):
        found.append(("bid", T._("a running auction needs bidder, acting, a colour (moved) "
                                 "and out")))
    if len(set(s.trappers)) != 4 or any(s.board[t] is not None for t in s.trappers):
        found.append(("trappers", T._("trappers stand on 4 different empty squares")))
    if any(up and t is None for up, t in zip(s.face_up, s.board)):
        found.append(("face_up", T._("an empty square cannot be face up")))
    counted = Counter(t for t in s.board if t is not None)
    counted.update(s.box)
    counted.update(s.handed_in)
    for d in s.displays:
        counted.update(d.tiles())
    twice = [tile_name(t) for t, k in counted.items() if k > 1]
    missing = [tile_name(t) for t in range(64) if t not in counted]
    if twice or missing:
        found.append(("board", T._("the 64 tiles must each be somewhere once (twice: {twice}; "
                                   "missing: {missing})", twice=", ".join(twice[:3]) or "-",
                                   missing=", ".join(missing[:3]) or "-")))
    cards = [sum(n) + s.draw.count(c) for c, n in enumerate(zip(*s.hands, s.discard, s.aside))]
    if cards != [16, 16, 16, 16]:
        found.append(("hands", T._("there must be 16 cards of each colour, not {cards}",
                                   cards=cards)))
    for key, held, kinds in (("canoe_bonus", s.canoe_bonus, CANOE_BONUS),
                             ("species_bonus", s.species_bonus, SPECIES_BONUS)):
        flat = [t for tiles in held for t in tiles]
        if len(set(flat)) != len(flat) or not set(flat) <= set(kinds):
            found.append((key, T._("each bonus tile exists once")))
    if s.moved is None and s.played:
        found.append(("played", T._("cards played but no trapper moved")))
    if s.dropped[s.turn] and not s.over:
        found.append(("turn", T._("the player on turn has dropped out")))
    return found


def problems(state: TrapperState) -> list[str]:
    """What no state of Trapper may be, whoever made it (play, a position, a saved state), as
    sentences in the author's language: a shape out of range (:func:`_shape`), the pieces
    miscounted (:func:`pieces`), a card count below zero, a display row that is not a canoe
    waiting for animals of its species (with at most a mushroom and a herb), a canoe lying
    single."""
    s = state
    found = _shape(s) or [f"{key}: {problem}" for key, problem in pieces(s)]
    if found:
        return found
    piles = [*s.hands, s.discard, s.aside]
    if any(n < 0 for pile in piles for n in pile):
        found.append(T._("a card count is below zero: hands {hands}, discard {discard}",
                         hands=s.hands, discard=s.discard))
    for p, d in enumerate(s.displays):
        for row in d.rows:
            canoe = TILES[row.canoe]
            if (canoe.kind != "canoe" or row.missing <= 0 or any(
                    TILES[a].kind != "animal" or TILES[a].species != canoe.species
                    for a in row.animals)
                    or (row.mushroom is not None and TILES[row.mushroom].kind != "mushroom")
                    or (row.herb is not None and TILES[row.herb].kind != "herb")):
                found.append(T._("{player}: the row of the {canoe} is not a row that can wait "
                                 "for animals", player=s.players[p], canoe=tile_name(row.canoe)))
        if any(TILES[t].kind == "canoe" for t in d.singles):
            found.append(T._("{player}: a canoe lies single, but a canoe always starts a row",
                             player=s.players[p]))
    return found


def invariants(state: TrapperState) -> list[str]:
    """What is wrong with a state that play reached, as sentences (the soak checks them at
    every ply): :func:`problems`, and: every tile next to a trapper face up; no single that a
    row must take; every sold canoe full and paid twice its tiles; a game that is not over
    has a player in it.
    """
    s = state
    found = problems(s)
    if found:
        return found
    for colour, sq in enumerate(s.trappers):
        for near in NEIGHBOURS[sq].values():
            if s.board[near] is not None and not s.face_up[near]:
                found.append(f"trapper {colour} on {sq}: the tile on {near} is face down")
    for p, d in enumerate(s.displays):
        for single in d.singles:
            if any(r.takes(single) for r in d.rows):
                found.append(f"player {p}: {TILES[single].name} lies single but a row must "
                             "take it")
        for sold in d.sold:
            animals = [t for t in sold.tiles if TILES[t].kind == "animal"]
            if (len(animals) != TILES[sold.canoe].value
                    or sold.paid != 2 * sum(TILES[t].value for t in sold.tiles)):
                found.append(f"player {p}: the sale of {TILES[sold.canoe].name} is wrong")
    if not s.over and all(s.dropped):
        found.append("everybody has dropped out but the game is not over")
    return found
