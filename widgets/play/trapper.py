"""Trapper free play on the shared shell (:mod:`widgets.play.model`, :mod:`widgets.play.page`):
2-4 seats, each a person or the computer, standard / young / tactical rules, a seed.

What Trapper adds to the shell:

* clicks: a click on a trapper (or on one of the person's cards) chooses that trapper, a
  click on a tile takes it. A card of the chosen trapper's colour pays one card; a card of
  another colour then pays two of that colour (``trapper.cards.swap``). Where several moves
  fit (how to pay, which canoe a tile joins) the shell offers them as buttons; a click the
  rules refuse is tried as the move it means and explained by the engine's one check;
* the hand as card buttons, and the moves that are not takes (end turn, pass, drop out,
  exchanges, the next few bids) as buttons (:class:`TrapperExtras`);
* the board through the eyes of the person to move (the other hands and the face-down
  tiles hidden); the computer (:mod:`tutor.trapper.computer`) decides from its own view;
* at the end, the ledger: every payment of the game with why it was paid.

>>> play = TrapperPlay(players=2, seats=("person", "computer"), seed=3)
>>> play.click("d6")  # one move takes d6 (Anna has no green card: two beige pay): played
>>> play.log[-1], play.choices
('Anna: green: take d6 paying beige beige', [])
>>> play.click("a1")  # green again (moved this turn): a face-down tile is refused
>>> play.refusal.rule_id
'trapper.take.face-down'
>>> play.state.trappers[0], len(play.match.moves)  # nothing changed
(43, 1)
"""
from __future__ import annotations

import html
from typing import Sequence

from tutor.core.i18n import N_
from tutor.trapper import (AUCTION_OPEN, COLOURS, GAME, NEIGHBOURS, VARIANTS,
                           AuctionTake, Bid, Take, TrapperHints, auction_payments, auction_phase,
                           colour_name, rules_of, said_colour, square_index)

from ..boards.trapper import TrapperDrawer
from ..texts import T
from .kits import Kit
from .model import PACE, FreePlay, names
from .page import Extras, PlayPage

#: Bids offered as buttons: the next few amounts (any other can be typed or listed).
BIDS_SHOWN = 3


class TrapperPlay(FreePlay):
    """A game of Trapper being played (no widgets): the shell plus what was clicked."""

    def __init__(self, players: int | list = 2, seats=None, variant: str = "standard",
                 seed: int = 0):
        self.selected: int | None = None  # the trapper colour chosen
        self.pay: int | str | None = None  # "card", a pair's colour, or not said yet
        if isinstance(players, int):
            players = names(players)
        super().__init__(GAME, {"players": players, "variant": variant}, seats, seed,
                         observe=True)

    # ---- the choice of a trapper and a payment is forgotten once anything is played ---------
    def forget(self) -> None:
        self.selected = self.pay = None

    # ---- reading ----------------------------------------------------------------------------
    def actions(self) -> list:
        """The legal moves that are not takes (end turn, pass, drop out, exchanges, bids),
        bids limited to the next few amounts (of the chosen colour, if one is)."""
        if not self.person_to_move():
            return []
        state, found = self.state, []
        for move in GAME.legal_moves(state):
            if isinstance(move, Take):
                continue
            if isinstance(move, Bid):
                colour = move.colour if move.colour is not None else state.moved
                if move.amount > state.bid + BIDS_SHOWN or (
                        self.selected is not None and colour != self.selected):
                    continue
            found.append(move)
        return found

    def since_last_decision(self, most: int = 8) -> list[str]:
        """The log lines of the other seats since the seat to move last decided."""
        mover, found = self.mover(), []
        for state, line in zip(reversed(self.match.states[:-1]), reversed(self.log)):
            if GAME.to_move(state) == mover:
                break
            found.insert(0, line)
        return found[-most:]

    def ledger_rows(self) -> list[tuple[str, str, int, str, str]]:
        """(player, what, coins, why, rule id) for every line of the ledger."""
        names = self.players()
        return [(names[line.player], line.what, line.amount, why(line), line.rule)
                for line in self.state.ledger]

    # ---- clicks -------------------------------------------------------------------------------
    def click(self, target) -> None:
        """A click on a square: a trapper is chosen, a tile is taken (see the shell)."""
        square = square_index(str(target))
        if self.person_to_move() and square in self.state.trappers:
            self.select(self.state.trappers.index(square))
            return
        super().click(target)

    def select(self, colour: int | None, pay: int | str | None = None) -> None:
        self._fresh()
        self.selected, self.pay = colour, pay
        self._changed()

    def click_card(self, colour: int) -> None:
        """A card of the hand: its trapper, paying one card; with another trapper chosen (or
        moved this turn), two cards of this colour pay for that one instead."""
        chosen = self.selected if self.selected is not None else self.state.moved
        if chosen is None or chosen == colour or rules_of(self.state).auctioned:
            self.select(colour, "card")
        else:
            self.select(chosen, colour)

    def moves_for_click(self, state, target) -> list:
        """The legal takes of the square that fit what was clicked; if there is none, the
        take the click meant (refused: its rule explains why)."""
        square = square_index(str(target))
        if square is None:
            return []
        return self.takes_of(square) or [self._tried(square)]

    def takes_of(self, square: int) -> list:
        """The legal takes of ``square`` that fit the chosen trapper and payment."""
        found = [m for m in GAME.legal_moves(self.state)
                 if isinstance(m, Take) and m.square == square]
        if self.selected is not None:
            found = [m for m in found if m.colour == self.selected]
        if self.pay == "card":
            found = [m for m in found if m.paying is None]
        elif isinstance(self.pay, int):
            found = [m for m in found if m.paying == self.pay]
        return found

    def _tried(self, square: int):
        """The take a refused click meant: the chosen trapper (else the one moved this turn,
        else one next to the square, else green), paid as clicked, else in the first way the
        engine says the hand can pay (a card of its colour, else a pair; in an auction, the
        bid), else as the bid in the trapper's colour (the engine then says why not)."""
        state = self.state
        colour = self.selected if self.selected is not None else state.moved
        if colour is None:
            near = [c for c, at in enumerate(state.trappers) if square in NEIGHBOURS[at].values()]
            colour = near[0] if near else 0
        rules = rules_of(state)
        if rules.auctioned:
            ways = auction_payments(state.hands[state.actor], colour, state.bid)
            cards = next(iter(ways), tuple(state.bid if c == colour else 0 for c in range(4)))
            return AuctionTake(colour, square, None, (), cards)
        if isinstance(self.pay, int) or self.pay == "card":
            return Take(colour, square, self.pay if isinstance(self.pay, int) else None)
        ways = rules.payments(state, colour)
        return Take(colour, square, ways[0] if ways else None)


#: why a ledger line was paid, by the reason the engine gives it (``Payment.reason``)
REASONS = {
    "sale": N_("a full canoe is sold at once: what it holds, added and doubled"),
    "rank": N_("bonus tile, rank {rank} of its kind over all players (12, 8, 5, 3, 2)"),
    "row": N_("a canoe that is not full: what is attached counts once (the canoe itself nothing)"),
    "bare canoe": N_("a canoe with nothing attached is a single: it costs the animals it shows"),
    "single": N_("a single costs its value"),
}


def why(line) -> str:
    """The explanation of one ledger line (a payment): the engine's reason for it, in words.

    >>> from tutor.trapper.state import Payment
    >>> why(Payment(0, 8, "trapper.end.bonus", "canoe bonus 26", "rank", 2))
    'bonus tile, rank 2 of its kind over all players (12, 8, 5, 3, 2)'
    >>> why(Payment(0, -3, "trapper.end.scoring", "canoe of 3 elk", "bare canoe"))
    'a canoe with nothing attached is a single: it costs the animals it shows'
    """
    text = REASONS.get(line.reason)
    return T._(text, rank=line.rank) if text else T._("see the rule")


# ---- on the page ------------------------------------------------------------------------------
class TrapperExtras(Extras):
    """The players and rules in the setup; the hand and the moves that are not takes as
    buttons; the chosen trapper's targets dotted; the ledger at the end."""

    player_counts = (2, 3, 4)

    def fields(self, play: TrapperPlay) -> list[dict]:
        labels = {"standard": T._("standard"),  # the young players' two simplifications, each
                  "no-bonus": T._("young players: no bonus tiles"),  # on its own, then both
                  "no-water": T._("young players: no water rule"),
                  "young": T._("young players: both"), "tactical": T._("tactical (auction)")}
        return [{"name": "variant", "label": T._("Rules"),
                 "options": [[v, labels[v]] for v in labels if v in VARIANTS],
                 "value": play.state.variant}]

    def options(self, play: TrapperPlay, values: dict) -> dict:
        options = {k: v for k, v in super().options(play, values).items()
                   if k not in ("bonus_tiles", "water_rule")}  # the variant names them
        options["variant"] = values.get("variant", play.state.variant)
        return options

    def hints(self, play: TrapperPlay) -> TrapperHints:
        return TrapperHints(targets=COLOURS[play.selected]) if play.selected is not None \
            else TrapperHints()

    def try_hints(self, play: TrapperPlay) -> TrapperHints:
        """A try-it step: no dots on the tiles a trapper may take (that is the question)."""
        return TrapperHints(targets="none")

    def actions(self, play: TrapperPlay) -> list:
        found = []
        for colour, count in enumerate(play.state.hands[play.mover()]):
            if count:
                found.append((f"card-{colour}", T._("{colour} card ×{count}",
                                                    colour=colour_name(colour), count=count),
                              lambda c=colour: play.click_card(c)))
        for i, move in enumerate(play.actions()):
            found.append((f"move-{i}", GAME.move_display(play.state, move),
                          lambda m=move: play.play(m)))
        return found

    def turn_text(self, play: TrapperPlay) -> str:
        state = play.state
        parts = []
        others = play.since_last_decision()
        if others:
            parts.append(T._("Since your last move: {moves}.", moves=" · ".join(others)))
        if rules_of(state).auctioned and auction_phase(state) != AUCTION_OPEN:
            parts.append(T._("Auction for the {colour} trapper: bid {bid} by {bidder}.",
                             colour=said_colour(state.moved), bid=state.bid,
                             bidder=play.players()[state.bidder]))
        parts.append(T._("{player} to play.", player=play.players()[play.mover()]))
        if play.selected is not None:
            colour = colour_name(play.selected)
            if play.pay == "card":
                parts.append(T._("Trapper chosen: {colour}, paying one {colour} card.", colour=colour))
            elif isinstance(play.pay, int):
                parts.append(T._("Trapper chosen: {colour}, paying two {pair} cards.",
                                 colour=colour, pair=colour_name(play.pay)))
            else:
                parts.append(T._("Trapper chosen: {colour}.", colour=colour))
        elif play.judge is not None:  # a try-it step: no dots (see try_hints)
            parts.append(T._("Click a trapper or a card to choose the trapper, then the tile it "
                             "takes."))
        else:
            parts.append(T._("Click a trapper or a card to choose the trapper, then a tile with "
                             "a dot to take it."))
        return " ".join(parts)

    def over_html(self, play: TrapperPlay) -> str:
        return ledger_html(play)


def ledger_html(play: TrapperPlay) -> str:
    """The final scoring as a table: every ledger line with why, each player's total."""
    heads = (T._("Player"), T._("What"), T._("Coins"), T._("Why"))
    head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in heads)
    rows, lines = [], play.ledger_rows()
    for seat, name in enumerate(play.players()):
        for who, what, coins, reason, rule in lines:
            if who == name:
                rows.append(f'<tr data-player="{html.escape(who)}" data-coins="{coins}" '
                            f'data-rule="{html.escape(rule)}"><td>{html.escape(who)}</td>'
                            f"<td>{html.escape(what)}</td>"
                            f'<td class="tp-coins">{coins:+d}</td><td>{html.escape(reason)} '
                            f"<code>[{html.escape(rule)}]</code></td></tr>")
        rows.append(f'<tr class="tp-total"><td>{html.escape(name)}</td>'
                    f"<td>{html.escape(T._('Total'))}</td>"
                    f'<td class="tp-coins">{play.state.money(seat)}</td><td></td></tr>')
    return (f"<h3>{html.escape(T._('The ledger: every payment, and why'))}</h3>"
            f'<div class="tp-scroll" tabindex="0" role="region" aria-label="{html.escape(T._("The ledger"))}">'
            f'<table class="tp-ledger"><tr>{head}</tr>{"".join(rows)}</table></div>')


def play_app(players: int = 2, seats: Sequence[str] | None = None, variant: str = "standard",
             seed: int = 0, pace: float = PACE) -> PlayPage:
    """Trapper free play as one widget (wrong options raise BadOption)."""
    play = TrapperPlay(players, seats, variant, seed)
    return PlayPage(play, TrapperDrawer(GAME), TrapperExtras(), pace=pace)


#: the parts of trapper's free play (a try-it step and "play on from here" use them too)
KIT = Kit(TrapperPlay, TrapperDrawer, TrapperExtras)
