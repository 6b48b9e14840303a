"""The state of a game of Trapper: frozen dataclasses and tuples only.

Field guide (the board view and the tests read these; names are stable):

:class:`TrapperState`
    ``players``      names, by seat; play goes in this order ("clockwise").
    ``variant``      ``"standard"``; for young players ``"no-bonus"`` (no bonus tiles),
                     ``"no-water"`` (no water rule) or ``"young"`` (both); or ``"tactical"``
                     (the right to take a tile is auctioned).
    ``seed``         the game's seed; reshuffles use ``rng(seed, "reshuffle", n)``.
    ``board``        64 squares, index ``rank * 8 + file`` (a1 = 0, h1 = 7, a8 = 56, h8 = 63;
                     see :func:`tutor.trapper.tiles.square_name`). Each holds a tile id
                     (:data:`tutor.trapper.tiles.TILES`) or ``None`` when empty. A square a
                     trapper stands on is empty (its tile was taken).
                     In an observation, a face-down tile shows as :data:`HIDDEN`.
    ``face_up``      64 booleans: True where the tile is face up (turned and aligned).
    ``water``        64 sides, by **tile id**: the board side (``N``, ``E``, ``S``, ``W``)
                     the tile's water faces once it is turned up and aligned. A trapper on
                     that side of the tile cannot take it (rule ``trapper.take.water``).
    ``trappers``     4 squares, one per colour in :data:`tutor.trapper.tiles.COLOURS` order
                     (green, blue, beige, purple).
    ``hands``        per player, 4 card counts by colour (green, blue, beige, purple). In an
                     observation, another player's hand is ``(n,)``: only how many cards.
    ``draw``         the face-down draw pile as colour indexes, ``draw[0]`` drawn first.
                     In an observation it is ``(HIDDEN,) * len(draw)``.
    ``discard``      4 counts by colour: the open discard pile.
    ``aside``        4 counts by colour: cards laid aside by players who dropped out.
    ``reshuffles``   how many times the discard pile became the draw pile.
    ``displays``     per player, a :class:`Display` (rows, singles, sold canoes).
    ``box``          tile ids removed unseen: the 4 centre tiles at setup (and, in a written
                     position, the tiles it leaves out). :data:`HIDDEN` in an observation.
    ``handed_in``    tile ids of sold canoes (with their stacks) handed in to the box for
                     a most-species bonus tile (seen by everybody).
    ``ledger``       every payment, in order (:class:`Payment`); money is its sum per player.
    ``canoe_bonus``  per player, the most-valuable-canoe bonus tiles held (16..36).
    ``species_bonus``per player, the most-species bonus tiles held (1..6).
    ``turn``         the seat whose turn it is (in the tactical variant: the start-stone holder).
    ``moved``        colour index of the trapper moved this turn, or None (none yet). In the
                     tactical variant: the colour the stone holder named for this turn.
    ``played``       how many cards the player on turn has played this turn (in the tactical
                     variant: the cards the auctions' winners paid in the stone holder's turn).
    ``exchanged``    True once the player on turn exchanged for a most-species tile.
    ``dropped``      per player, True once they dropped out.
    ``over``         True when the game has ended and the final scoring is in the ledger.
    ``last``         squares of the last take: ``(from, to)`` of the trapper that moved,
                     or ``()`` when the last move took no tile.

Tactical variant only (the auction; all at their defaults otherwise):

    ``bid``          the highest bid of the running auction; 0 when none runs.
    ``bidder``       the seat holding that bid, or None.
    ``acting``       the seat that decides now in the auction (raise or pass, or - once all
                     others have passed - the winner paying and taking), or None when the
                     stone holder decides (``turn``). :attr:`TrapperState.actor` gives it.
    ``out``          per player, True once they passed in the running auction.

>>> from tutor.trapper import GAME
>>> s = GAME.initial_state({"players": 2}, seed=1)
>>> sum(t is not None for t in s.board), sum(s.face_up), len(s.draw), s.hands[0]
(60, 8, 52, (1, 3, 2, 0))
>>> s.money(0), s.canoe_bonus_left[:3], s.species_bonus_left
(0, (16, 18, 20), (1, 2, 3, 4, 5, 6))
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .tiles import ANIMAL, HERB, MUSHROOM, TILES

#: Marks what an observation hides (a face-down tile, a card in the draw pile).
HIDDEN = -1
CANOE_BONUS = tuple(range(16, 37, 2))
SPECIES_BONUS = tuple(range(1, 7))
#: The variants by name (their rules: :mod:`tutor.trapper.variants`).
VARIANTS = ("standard", "young", "tactical", "no-bonus", "no-water")
#: Four card counts by colour (a hand, the discard pile).
Cards = tuple[int, ...]


class Phase(StrEnum):
    """Where a game of Trapper stands (the tactical variant's auction has three phases)."""

    PLAY = "play"  # standard and young: the player on turn moves trappers, draws, ...
    OPEN = "open"  # tactical: no auction runs; the stone holder passes or bids
    BIDDING = "bidding"  # tactical: the acting player raises or passes
    PAYING = "paying"  # tactical: the auction's winner pays and takes a tile
    OVER = "over"


@dataclass(frozen=True)
class Row:
    """A canoe in a display with what is attached to it (a canoe with nothing attached is,
    in the rulebook's words, a single; the view shows it apart from the rows).

    ``animals`` in the order they were attached; ``mushroom``/``herb`` a tile id or None.
    """

    canoe: int
    animals: tuple[int, ...] = ()
    mushroom: int | None = None
    herb: int | None = None

    @property
    def attached(self) -> tuple[int, ...]:
        """Mushroom, herb, then animals: everything beside the canoe."""
        extras = tuple(t for t in (self.mushroom, self.herb) if t is not None)
        return extras + self.animals

    @property
    def is_single(self) -> bool:
        return not self.attached

    @property
    def missing(self) -> int:
        return TILES[self.canoe].value - len(self.animals)

    def takes(self, tile: int) -> bool:
        """Whether ``tile`` may join this row (``trapper.display.row``): an animal of the
        canoe's species while one is missing, a mushroom or a herb where it has none."""
        info = TILES[tile]
        return ((info.kind == ANIMAL and info.species == TILES[self.canoe].species
                 and self.missing > 0) or (info.kind == MUSHROOM and self.mushroom is None)
                or (info.kind == HERB and self.herb is None))

    def joined(self, tile: int) -> Row:
        """This row with ``tile`` attached (a tile it takes)."""
        kind = TILES[tile].kind
        if kind == MUSHROOM:
            return Row(self.canoe, self.animals, tile, self.herb)
        if kind == HERB:
            return Row(self.canoe, self.animals, self.mushroom, tile)
        return Row(self.canoe, self.animals + (tile,), self.mushroom, self.herb)


@dataclass(frozen=True)
class Sold:
    """A full canoe, sold at once: its tiles stacked under it, and what the bank paid."""

    canoe: int
    tiles: tuple[int, ...]
    paid: int


@dataclass(frozen=True)
class Display:
    """The tiles in front of a player: canoes with their rows, singles, sold canoes.

    ``singles`` are animals, mushrooms and herbs with no canoe to join (bare canoes are in
    ``rows`` with nothing attached).
    """

    rows: tuple[Row, ...] = ()
    singles: tuple[int, ...] = ()
    sold: tuple[Sold, ...] = ()

    def tiles(self) -> tuple[int, ...]:
        """Every tile id in this display (rows, singles, sold stacks)."""
        return (*self.singles, *(t for r in self.rows for t in (r.canoe, *r.attached)),
                *(t for s in self.sold for t in (s.canoe, *s.tiles)))


@dataclass(frozen=True)
class Payment:
    """One line of the ledger: the bank pays ``amount`` (negative: the player pays).

    ``reason`` says which case of the rule paid it, so a view explains a line without
    working it out again: ``"sale"`` (a full canoe sold), ``"row"`` (a canoe that is not full
    counts what is attached), ``"bare canoe"`` (costs the animals it shows), ``"single"``
    (costs its value), ``"rank"`` (a bonus tile's rank over all players: ``rank`` 1-5).
    """

    player: int
    amount: int
    rule: str  # the rule id that explains it
    what: str  # which tiles or bonus tile, e.g. "canoe of 3 bears" or "canoe bonus 26"
    reason: str = ""
    rank: int = 0


@dataclass(frozen=True)
class TrapperState:
    """A position of Trapper (see the module docstring for every field)."""

    players: tuple[str, ...]
    variant: str
    seed: int
    board: tuple[int | None, ...]
    face_up: tuple[bool, ...]
    water: tuple[str, ...]
    trappers: tuple[int, ...]
    hands: tuple[Cards, ...]
    draw: tuple[int, ...]
    discard: Cards
    aside: Cards
    reshuffles: int
    displays: tuple[Display, ...]
    box: tuple[int, ...]
    handed_in: tuple[int, ...]
    ledger: tuple[Payment, ...]
    canoe_bonus: tuple[tuple[int, ...], ...]
    species_bonus: tuple[tuple[int, ...], ...]
    turn: int = 0
    moved: int | None = None
    played: int = 0
    exchanged: bool = False
    dropped: tuple[bool, ...] = ()
    over: bool = False
    last: tuple[int, ...] = ()
    bid: int = 0
    bidder: int | None = None
    acting: int | None = None
    out: tuple[bool, ...] = ()

    @property
    def actor(self) -> int:
        """The seat that decides now: the player on turn, or the bidder to act in an auction."""
        return self.turn if self.acting is None else self.acting

    def money(self, player: int) -> int:
        """What the player has: the sum of the ledger lines for them."""
        return sum(p.amount for p in self.ledger if p.player == player)

    @property
    def tiles_left(self) -> int:
        """How many tiles lie on the board, face up or down (the last one taken ends the
        game: ``trapper.end``)."""
        return sum(t is not None for t in self.board)

    @property
    def canoe_bonus_left(self) -> tuple[int, ...]:
        """Most-valuable-canoe tiles no player holds (the young players' variant plays
        without bonus tiles: its rules, :class:`tutor.trapper.variants.Young`, take none)."""
        return _bonus_left(CANOE_BONUS, self.canoe_bonus)

    @property
    def species_bonus_left(self) -> tuple[int, ...]:
        """Most-species tiles no player holds (none are used in the young variant)."""
        return _bonus_left(SPECIES_BONUS, self.species_bonus)


def _bonus_left(kinds: tuple[int, ...], held_by: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The tiles of ``kinds`` that no player holds in ``held_by`` (per player)."""
    held = {t for tiles in held_by for t in tiles}
    return tuple(t for t in kinds if t not in held)
