"""Trapper free play on the free-play shell (:mod:`widgets.freeplay`): 2-4 seats, each a
person or the computer, standard / young / tactical rules, a seed.

What Trapper adds to the shell:

* clicks: a click on a trapper (or on one of the person's cards) chooses that trapper, a
  click on a tile takes it. A card of the chosen trapper's colour pays one card; a card of
  another colour then pays two of that colour (``trapper.cards.swap``). Where several moves
  fit (how to pay, which canoe a tile joins) the shell offers them as buttons; a click the
  rules refuse is tried as the move it means and explained by the engine's one check;
* the hand as card buttons, and the moves that are not takes (end turn, pass, drop out,
  exchanges, the next few bids) as buttons;
* the board through the eyes of the person to move (the other hands and the face-down
  tiles hidden); the computer (:mod:`tutor.trapper.computer`) decides from its own view;
* at the end, the ledger: every payment of the game with why it was paid.

>>> play = TrapperPlay(players=2, seats=("person", "computer"), seed=3)
>>> play.click("d6")  # one move takes d6 (P1 has no green card: two beige pay): played
>>> play.log[-1], play.choices
('P1: green: take d6 paying beige beige', [])
>>> play.click("a1")  # green again (moved this turn): a face-down tile is refused
>>> play.refusal.rule_id
'trapper.take.face-down'
>>> play.state.trappers[0], len(play.match.moves)  # nothing changed
(43, 1)
"""
from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as widgets

from tutor.core.errors import MalformedInput
from tutor.trapper import AUCTION_OPEN, GAME, TrapperHints, auction_phase
from tutor.trapper.computer import choose
from tutor.trapper.moves import AuctionTake, Bid, Take
from tutor.trapper.scoring import RANK_PAYOUTS
from tutor.trapper.state import VARIANTS
from tutor.trapper.tiles import COLOURS, NEIGHBOURS, square_index

from .app import message_widget
from .freeplay import PACE, FreePlay, FreePlayApp
from .freeplay import say as shell_says
from .texts import text
from .trapper import INK, TRAPPER_COLOURS, TrapperView

#: Bids offered as buttons: the next few amounts (any other can be typed or listed).
BIDS_SHOWN = 3


def say(key: str, **params: object) -> str:
    return text(f"trapper_play.{key}", **params)


def computer(game, state, rnd):
    """The heuristic computer, deciding from what its seat may see."""
    return choose(game, game.observation(state, state.actor))


class TrapperPlay(FreePlay):
    """A game of Trapper being played (no widgets): the shell plus what was clicked."""

    def __init__(self, players: int | list = 2, seats=None, variant: str = "standard",
                 seed: int = 0):
        self.selected: int | None = None  # the trapper colour chosen
        self.pay: int | str | None = None  # "card", a pair's colour, or not said yet
        super().__init__(GAME, {"players": players, "variant": variant}, seats, seed,
                         computers={"computer": computer}, observe=True)

    # ---- the choice of a trapper and a payment is forgotten once anything is played ---------
    def _apply(self, move) -> None:
        super()._apply(move)
        self.selected = self.pay = None

    def new_game(self, options=None, seats=None, seed: int = 0) -> None:
        self.selected = self.pay = None
        super().new_game(options, seats, seed)

    def load(self, saved: str) -> bool:
        self.selected = self.pay = None
        return super().load(saved)

    def undo(self) -> None:
        self.selected = self.pay = None
        super().undo()

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
        if chosen is None or chosen == colour or self.state.variant == "tactical":
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
        else one next to the square, else green), paid as clicked (else with a card of its
        colour, else a pair if there is one)."""
        state = self.state
        colour = self.selected if self.selected is not None else state.moved
        if colour is None:
            near = [c for c, at in enumerate(state.trappers) if square in NEIGHBOURS[at].values()]
            colour = near[0] if near else 0
        if state.variant == "tactical":
            cards = tuple(state.bid if c == colour else 0 for c in range(4))
            return AuctionTake(colour, square, None, (), cards)
        pay = self.pay if isinstance(self.pay, int) else None
        hand = state.hands[state.actor]
        if self.pay is None and not hand[colour]:
            pay = next((c for c in range(4) if c != colour and hand[c] >= 2), None)
        return Take(colour, square, pay)


def why(line) -> str:
    """The explanation of one ledger line (a payment), from its rule and amount.

    >>> from tutor.trapper.state import Payment
    >>> why(Payment(0, 8, "trapper.end.bonus", "canoe bonus 26"))
    'bonus tile, rank 2 of its kind over all players (12, 8, 5, 3, 2)'
    >>> why(Payment(0, -3, "trapper.end.scoring", "canoe of 3 elk"))
    'a canoe with nothing attached is a single: it costs the animals it shows'
    """
    if line.rule == "trapper.canoe.full":
        return say("why_sold")
    if line.rule == "trapper.end.bonus" and line.amount in RANK_PAYOUTS:
        return say("why_bonus", rank=RANK_PAYOUTS.index(line.amount) + 1)
    if line.rule == "trapper.end.scoring":
        if line.amount >= 0 or " + " in line.what:
            return say("why_row")
        return say("why_lone_canoe" if line.what.startswith("canoe of ") else "why_single")
    return say("why_other")


# ---- on screen ------------------------------------------------------------------------------------
class TrapperApp(FreePlayApp):
    """The shell's app with the players and rules in the setup bar, the hand and the moves
    that are not takes as buttons, the chosen trapper's targets dotted, and the ledger."""

    def __init__(self, players: int = 2, seats=None, variant: str = "standard", seed: int = 0,
                 pace: float = PACE):
        play = TrapperPlay(players, seats, variant, seed)
        self.variant = widgets.Dropdown(
            options=[(say(f"variant_{v}"), v) for v in VARIANTS], value=play.state.variant,
            description=say("variant"), layout=widgets.Layout(width="300px"))
        self.cards = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.action_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__(play, TrapperView, extras=[self.cards, self.action_box],
                         setup=[self.variant], pace=pace, title=say("title"),
                         player_counts=(2, 3, 4))

    def options(self):
        return {**super().options(), "variant": self.variant.value}

    def load(self) -> None:
        before = self.play.match
        super().load()
        if self.play.match is not before:  # loaded: the setup bar shows the loaded game
            self.variant.value = self.play.state.variant

    # ---- showing -----------------------------------------------------------------------------
    def view_hints(self) -> TrapperHints:
        selected = self.play.selected
        return TrapperHints(targets=COLOURS[selected]) if selected is not None else TrapperHints()

    def show(self) -> None:
        super().show()
        self._fill_buttons()

    def turn_text(self) -> str:
        play, state = self.play, self.play.state
        if not play.person_to_move():
            return super().turn_text()
        parts = []
        others = play.since_last_decision()
        if others:
            parts.append(say("last_moves", moves=" · ".join(others)))
        if state.variant == "tactical" and auction_phase(state) != AUCTION_OPEN:
            parts.append(say("auction", colour=COLOURS[state.moved], bid=state.bid,
                             bidder=play.players()[state.bidder]))
        parts.append(shell_says("your_turn", player=play.players()[play.mover()]))
        if play.selected is not None:
            paying = ""
            if play.pay == "card":
                paying = say("paying_one", colour=COLOURS[play.selected])
            elif isinstance(play.pay, int):
                paying = say("paying_pair", colour=COLOURS[play.pay])
            parts.append(say("selected", colour=COLOURS[play.selected], paying=paying))
        else:
            parts.append(say("click_hint"))
        return " ".join(parts)

    def over_html(self) -> str:
        return super().over_html() + ledger_html(self.play)

    def _fill_buttons(self) -> None:
        play = self.play
        hand = play.state.hands[play.mover()] if play.person_to_move() else ()
        cards = []
        for colour, count in enumerate(hand):
            if count:
                button = self._button(f"{COLOURS[colour]} ×{count}",
                                      lambda c=colour: play.click_card(c))
                button.style.button_color = TRAPPER_COLOURS[COLOURS[colour]]
                button.style.text_color = INK[COLOURS[colour]]
                cards.append(button)
        self.cards.children = ([widgets.HTML(html.escape(say("hand")))] + cards) if cards else []
        self.action_box.children = [self._button(GAME.move_text(play.state, m),
                                                 lambda m=m: self.do(m))
                                    for m in play.actions()]


def ledger_html(play: TrapperPlay) -> str:
    """The final scoring as a table: every ledger line with why, each player's total."""
    head = "".join(f"<th>{html.escape(say(k))}</th>"
                   for k in ("ledger_player", "ledger_what", "ledger_coins", "ledger_why"))
    rows, lines = [], play.ledger_rows()
    for seat, name in enumerate(play.players()):
        for who, what, coins, reason, rule in lines:
            if who == name:
                rows.append(f"<tr><td>{html.escape(who)}</td><td>{html.escape(what)}</td>"
                            f'<td class="tp-coins">{coins:+d}</td><td>{html.escape(reason)} '
                            f"<code>[{html.escape(rule)}]</code></td></tr>")
        rows.append(f'<tr class="tp-total"><td>{html.escape(name)}</td>'
                    f"<td>{html.escape(say('ledger_total'))}</td>"
                    f'<td class="tp-coins">{play.state.money(seat)}</td><td></td></tr>')
    return (_LEDGER_CSS + f"<h3>{html.escape(say('ledger_title'))}</h3>"
            f'<table class="tp-ledger"><tr>{head}</tr>{"".join(rows)}</table>')


_LEDGER_CSS = """<style>
.tp-ledger { border-collapse: collapse; }
.tp-ledger td, .tp-ledger th { padding: 2px 10px; font-size: 16px; text-align: left;
                               border-bottom: 1px solid #e3e3e3; }
.tp-ledger td.tp-coins { text-align: right; font-weight: bold; }
.tp-ledger tr.tp-total td { border-top: 2px solid #333; font-weight: bold; }
.tp-ledger code { color: #3949ab; font-size: 14px; }
</style>"""


def play_app(players: int = 2, seats: Sequence[str] | None = None, variant: str = "standard",
             seed: int = 0, pace: float = PACE) -> widgets.Widget:
    """The free-play app as one widget; wrong options give a plain message."""
    try:
        return TrapperApp(players, seats, variant, seed, pace).widget
    except (MalformedInput, ValueError, TypeError) as exc:
        return message_widget(text("cannot_play", problem=str(exc)))
