"""Trapper free play: a whole game, 2-4 seats, each a person or the computer.

:class:`TrapperPlay` is the game being played, without widgets (tested without a kernel): a
:class:`~tutor.core.match.Match` (history, undo, save, load) with the seats, what the person
on turn has clicked, the refusal or message to show and a log. :class:`PlayApp` puts it on
screen: the setup bar, the Trapper board view (clicks on it), the hand as card buttons, the
moves that are not takes as buttons, a text box, undo, save/load, and at the end the ledger.

How a person plays a take: click a trapper (or one of their cards: that trapper, paying one
card; then a card of another colour pays two of that colour instead), then a tile. Where
several moves fit the click (how to pay, which canoe a tile joins) they are offered as
buttons. A click the rules refuse is tried as a move and explained by the engine's one check
(its reason and rule id); nothing changes.

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

import asyncio
import html
import json
from typing import Any, Callable
from urllib.parse import quote

import ipywidgets as widgets

from tutor.core.errors import IllegalMove, MalformedInput
from tutor.core.match import Match
from tutor.core.walkthrough import Frame
from tutor.trapper import GAME, tactical
from tutor.trapper.computer import choose
from tutor.trapper.moves import AuctionTake, Bid, Take
from tutor.trapper.scoring import RANK_PAYOUTS
from tutor.trapper.state import VARIANTS
from tutor.trapper.tiles import COLOURS, NEIGHBOURS, square_index, square_name

from .texts import text

SEAT_KINDS = ("person", "computer")
#: Seconds between two computer moves on screen (each is shown, board first).
PACE = 0.7
#: Bids offered as buttons: the next few amounts (any other can be typed).
BIDS_SHOWN = 3
LIMIT = 5000  # moves: a safety bound on a game of computers
#: The trappers' colours on the card buttons (as the board view draws them).
TRAPPER_COLOURS = {"green": "#2e9d3a", "blue": "#2249b8", "beige": "#e3c58f",
                   "purple": "#7b2fa8"}


def say(key: str, **params: object) -> str:
    return text(f"trapper_play.{key}", **params)


def read_seats(seats, players: int) -> tuple[str, ...]:
    """The seats as a tuple of ``person``/``computer``; by default a person and computers.

    >>> read_seats(None, 3)
    ('person', 'computer', 'computer')
    >>> read_seats(["person", "robot"], 2)
    Traceback (most recent call last):
    ...
    ValueError: seats must be 2 of person, computer; not ['person', 'robot']
    """
    if seats is None:
        return ("person",) + ("computer",) * (players - 1)
    seats = tuple(seats)
    if len(seats) != players or any(s not in SEAT_KINDS for s in seats):
        raise ValueError(f"seats must be {players} of {', '.join(SEAT_KINDS)}; not {list(seats)}")
    return seats


class TrapperPlay:
    """A game of Trapper being played; every change goes through the engine's one check."""

    def __init__(self, players: int | list = 2, seats=None, variant: str = "standard",
                 seed: int = 0):
        self.on_change: list[Callable[[], None]] = []
        self.new_game(players, seats, variant, seed)

    # ---- starting, saving, loading ------------------------------------------------------------
    def new_game(self, players: int | list = 2, seats=None, variant: str = "standard",
                 seed: int = 0) -> None:
        """A new game; wrong options raise BadOption / ValueError and change nothing."""
        options = {"players": players, "variant": variant}
        match = Match.new(GAME, options, seed)  # BadOption names the wrong option
        self.seats = read_seats(seats, len(match.state.players))
        self.match = match
        self.log: list[str] = []
        self._fresh()

    def _fresh(self, message: str = "") -> None:
        self.selected: int | None = None  # the trapper colour chosen
        self.pay: int | str | None = None  # "card", a pair's colour, or not said yet
        self.choices: list = []
        self.refusal: IllegalMove | None = None
        self.refused: Any = None
        self.message = message

    def save(self) -> str:
        """The game as JSON text (:meth:`Match.save`, plus who sits where)."""
        data = json.loads(self.match.save())
        data["seats"] = list(self.seats)
        return json.dumps(data, indent=1)

    def load(self, saved: str) -> bool:
        """Load a saved game; if it cannot be read, say why and keep the game on the board."""
        try:
            match = Match.load(saved, games={GAME.name: GAME})
            data = json.loads(saved)
            seats = data.get("seats")
            players = len(match.state.players)
            seats = read_seats(seats, players) if seats is not None else (
                self.seats if len(self.seats) == players else read_seats(None, players))
        except (MalformedInput, ValueError) as exc:
            self.message = say("bad_load", problem=str(exc))
            self._changed()
            return False
        self.match, self.seats = match, seats
        self.log = [say("played", player=self.name_of(s), move=t) for s, t in
                    zip((GAME.to_move(s) for s in match.states), match.moves_text())]
        self._fresh(say("loaded", moves=len(match.moves)))
        self._changed()
        return True

    # ---- reading ----------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    @property
    def over(self) -> bool:
        return GAME.outcome(self.state) is not None

    def mover(self) -> int | None:
        return GAME.to_move(self.state)

    def person_to_move(self) -> bool:
        mover = self.mover()
        return mover is not None and self.seats[mover] == "person"

    def name_of(self, seat: int | None) -> str:
        return self.state.players[seat] if seat is not None else ""

    def viewer(self) -> int | None:
        """Whose eyes the board is shown through: the person to move, else the only person
        seat; None (everything shown) for a table of computers or at the end."""
        if self.over:
            return None
        if self.person_to_move():
            return self.mover()
        people = [s for s, kind in enumerate(self.seats) if kind == "person"]
        return people[0] if len(people) == 1 else None

    def shown_state(self):
        seat = self.viewer()
        return self.state if seat is None else GAME.observation(self.state, seat)

    def actions(self) -> list:
        """The legal moves that are not takes (end turn, pass, drop out, exchanges, bids),
        bids limited to the next few amounts (of the chosen colour, if one is)."""
        if not self.person_to_move():
            return []
        found = []
        state = self.state
        for move in GAME.legal_moves(state):
            if isinstance(move, Take):
                continue
            if isinstance(move, Bid):
                if move.amount > state.bid + BIDS_SHOWN:
                    continue
                colour = move.colour if move.colour is not None else state.moved
                if self.selected is not None and colour != self.selected:
                    continue
            found.append(move)
        return found

    # ---- a person's clicks ----------------------------------------------------------------
    def click(self, square_name: str) -> None:
        """A click on a square of the board: a trapper chooses it, a tile is taken."""
        square = square_index(square_name)
        if square is None or not self.person_to_move():
            self.message = "" if square is None else say("not_your_turn")
            self._changed()
            return
        if square in self.state.trappers:
            self.select(self.state.trappers.index(square))
            return
        self.take(square)

    def select(self, colour: int, pay: int | str | None = None) -> None:
        self.selected, self.pay, self.choices = colour, pay, []
        self.refusal = self.refused = None
        self.message = ""
        self._changed()

    def click_card(self, colour: int) -> None:
        """A card of the hand: its trapper paying one card; with another trapper chosen (or
        moved this turn), two cards of this colour pay for that one (``trapper.cards.swap``)."""
        chosen = self.selected if self.selected is not None else self.state.moved
        if chosen is None or chosen == colour or self.state.variant == "tactical":
            self.select(colour, "card")
        else:
            self.select(chosen, colour)

    def takes_of(self, square: int) -> list:
        """The legal takes of ``square`` that fit what was clicked (trapper, payment)."""
        found = [m for m in GAME.legal_moves(self.state)
                 if isinstance(m, Take) and m.square == square]
        if self.selected is not None:
            found = [m for m in found if m.colour == self.selected]
        if self.pay == "card":
            found = [m for m in found if m.paying is None]
        elif isinstance(self.pay, int):
            found = [m for m in found if m.paying == self.pay]
        return found

    def take(self, square: int) -> None:
        found = self.takes_of(square)
        if len(found) == 1:
            self.play(found[0])
        elif found:
            self.choices = found
            self.refusal = self.refused = None
            self.message = say("choose", square=square_name(square))
            self._changed()
        else:
            self.explain(self._tried(square))

    def _tried(self, square: int):
        """The take a refused click meant: the chosen trapper (else the one moved this turn,
        else one next to the square, else green), paid as clicked."""
        state = self.state
        colour = self.selected if self.selected is not None else state.moved
        if colour is None:
            near = [c for c, at in enumerate(state.trappers) if square in NEIGHBOURS[at].values()]
            colour = near[0] if near else 0
        if state.variant == "tactical":
            cards = tuple(state.bid if c == colour else 0 for c in range(4))
            return AuctionTake(colour, square, None, (), cards)
        pay = self.pay if isinstance(self.pay, int) else None
        hand = state.hands[state.turn]
        if self.pay is None and not hand[colour]:  # not said: a pair, if there is one
            pay = next((c for c in range(4) if c != colour and hand[c] >= 2), None)
        return Take(colour, square, pay)

    def explain(self, move) -> None:
        """Show why ``move`` is refused: the engine's own check, reason and rule id."""
        try:
            GAME.check(self.state, move)
        except IllegalMove as exc:
            self.choices, self.refusal, self.refused, self.message = [], exc, move, ""
            self._changed()
            return
        self.play(move)  # legal after all (only the clicks did not say it)

    # ---- moves --------------------------------------------------------------------------------
    def play(self, move) -> bool:
        """Play a move for the seat to move; a refused one is shown, nothing changes."""
        mover = self.mover()
        try:
            words = GAME.move_text(self.state, move)
            self.match.play(move)
        except IllegalMove as exc:
            self.choices, self.refusal, self.refused, self.message = [], exc, move, ""
            self._changed()
            return False
        self.log.append(say("played", player=self.name_of(mover), move=words))
        self._fresh()
        self._changed()
        return True

    def play_text(self, words: str) -> bool:
        try:
            move = GAME.parse_move(self.state, words)
        except MalformedInput as exc:
            self.message = say("bad_text", problem=str(exc))
            self.refusal = self.refused = None
            self._changed()
            return False
        return self.play(move)

    def computer_move(self) -> bool:
        """One move of the computer seat to move; False when a person (or nobody) is to move."""
        mover = self.mover()
        if mover is None or self.seats[mover] != "computer":
            return False
        return self.play(choose(GAME, self.state))

    def run_computers(self, limit: int = LIMIT) -> int:
        """Computer seats play until a person is to move or the game ends; how many moves."""
        for count in range(limit):
            if not self.computer_move():
                return count
        raise RuntimeError(f"the computers made {limit} moves without an end")

    def undo(self) -> None:
        """Take back the last move of a person and the computer moves since, so that person
        is to move again; at a table of computers, the last move. Nothing before the first
        decision of a person (the computers would only play it again)."""
        match = self.match
        people = "person" in self.seats
        decisions = [i for i, s in enumerate(match.states[:-1])
                     if not people or self.seats[GAME.to_move(s)] == "person"]
        if not decisions:
            self._fresh(say("nothing_to_undo"))
            self._changed()
            return
        taken = match.moves_text()[decisions[-1]:]
        while len(match.moves) > decisions[-1]:
            match.undo()
        self.log = self.log[:len(match.moves)]
        self._fresh(say("undone", moves=", ".join(taken)))
        self._changed()

    # ---- the end ----------------------------------------------------------------------------
    def ledger_rows(self) -> list[tuple[str, str, int, str, str]]:
        """(player, what, coins, why, rule id) for every line of the ledger."""
        rows = []
        for line in self.state.ledger:
            rows.append((self.name_of(line.player), line.what, line.amount, why(line),
                         line.rule))
        return rows

    def result(self) -> str:
        outcome = GAME.outcome(self.state)
        names = " & ".join(self.name_of(w) for w in outcome.winners)
        money = outcome.scores[outcome.winners[0]]
        key = "winner" if len(outcome.winners) == 1 else "winners"
        return say("over", result=say(key, names=names, money=money))

    # ---- observers ---------------------------------------------------------------------------
    def _changed(self) -> None:
        for callback in tuple(self.on_change):
            callback()


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
        lone_canoe = line.what.startswith("canoe of ")
        return say("why_lone_canoe" if lone_canoe else "why_single")
    return say("why_other")


# ---- on screen ------------------------------------------------------------------------------------
_CSS = """<style>
.tp-bar { gap: 6px; align-items: center; }
.tp-status { font-size: 19px; }
.tp-message { background: #fff4ce; border-left: 6px solid #d9a400; padding: 4px 10px; }
.tp-log { font-size: 15px; color: #444; }
.tp-ledger td, .tp-ledger th { padding: 2px 10px; font-size: 16px; text-align: left; }
.tp-ledger td.tp-coins { text-align: right; font-weight: bold; }
.tp-ledger tr.tp-total td { border-top: 2px solid #333; font-weight: bold; }
.tp-ledger code { color: #3949ab; font-size: 14px; }
</style>"""


class PlayApp:
    """The free-play app: one widget (``.widget``) over a :class:`TrapperPlay`.

    ``pace``: seconds between computer moves shown one by one (when a kernel's event loop
    runs); with no loop or ``pace=0`` the computers play at once and the log lists each move.
    """

    def __init__(self, players: int = 2, seats=None, variant: str = "standard", seed: int = 0,
                 pace: float = PACE):
        self.play = TrapperPlay(players, seats, variant, seed)
        self.pace = pace
        from .trapper import TrapperView  # import late: widgets.trapper re-exports play_app

        self.view = TrapperView(GAME)
        self.view.on_click(self.play.click)
        self._build()
        self.play.on_change.append(self.show)
        self.show()
        self.computers()

    # ---- made once ---------------------------------------------------------------------------
    def _build(self) -> None:
        names = self.play.state.players
        self.count = widgets.Dropdown(options=[2, 3, 4], value=len(names),
                                      description=say("players"))
        self.count.observe(lambda _change: self._seat_lists(), names="value")
        self.variant = widgets.Dropdown(
            options=[(say(f"variant_{v}"), v) for v in VARIANTS], value=self.play.state.variant,
            description=say("variant"))
        self.seed = widgets.BoundedIntText(value=self.play.state.seed, min=0, max=10**9,
                                           description=say("seed"),
                                           layout=widgets.Layout(width="180px"))
        self.seat_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._seat_lists(self.play.seats)
        bar = widgets.HBox([self.count, self.seat_box, self.variant, self.seed,
                            self._button(say("new_game"), self.new_game)],
                           layout=widgets.Layout(flex_flow="row wrap"))
        bar.add_class("tp-bar")
        self.status = widgets.HTML()
        self.status.add_class("tp-status")
        self.cards = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.action_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.move_box = widgets.Text(placeholder=say("move_hint"), description=say("move_box"))
        typed = widgets.HBox([self.move_box, self._button(say("play"), self._typed),
                              self._button(say("undo"), self.play.undo)],
                             layout=widgets.Layout(flex_flow="row wrap"))
        self.saved = widgets.Textarea(placeholder=say("saved_game"),
                                      layout=widgets.Layout(width="100%", height="90px"))
        self.download = widgets.HTML()
        saving = widgets.VBox([widgets.HBox([self._button(say("save"), self.save),
                                             self._button(say("load"), self.load),
                                             self.download]), self.saved])
        self.ledger = widgets.HTML()
        self.log_box = widgets.HTML()
        self.log_box.add_class("tp-log")
        self.widget = widgets.VBox(
            [widgets.HTML(_CSS + f"<h2>{html.escape(say('title'))}</h2>"), bar, self.status,
             self.cards, self.choice_box, self.action_box, typed, self.view.widget,
             self.ledger, self.log_box, saving], layout=widgets.Layout(width="100%"))
        self.widget.add_class("tutor-app")

    @staticmethod
    def _button(label: str, action: Callable[[], Any]) -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
        button.on_click(lambda _b: action())
        return button

    def _seat_lists(self, seats=None) -> None:
        count = self.count.value
        seats = seats or read_seats(None, count)
        self.seat_box.children = [
            widgets.Dropdown(options=[(say(f"seat_{k}"), k) for k in SEAT_KINDS], value=kind,
                             description=f"P{i + 1}", layout=widgets.Layout(width="220px"))
            for i, kind in enumerate(seats)]

    # ---- actions ---------------------------------------------------------------------------
    def new_game(self) -> None:
        seats = tuple(d.value for d in self.seat_box.children)
        self.play.new_game(self.count.value, seats, self.variant.value, self.seed.value)
        self.show()
        self.computers()

    def _typed(self) -> None:
        if self.play.play_text(self.move_box.value):
            self.move_box.value = ""
        self.computers()

    def save(self) -> None:
        self.saved.value = self.play.save()
        self.play.message = say("saved", moves=len(self.play.match.moves))
        href = "data:application/json;charset=utf-8," + quote(self.saved.value)
        self.download.value = (f'<a download="trapper-game.json" href="{href}">'
                               f"{html.escape(say('download'))}</a>")
        self.show()

    def load(self) -> None:
        if self.play.load(self.saved.value):
            self._setup_bar_from_game()
            self.computers()

    def _setup_bar_from_game(self) -> None:
        state = self.play.state
        self.count.value = len(state.players)
        self._seat_lists(self.play.seats)
        self.variant.value, self.seed.value = state.variant, state.seed

    def _do(self, move) -> None:
        self.play.play(move)
        self.computers()

    def _card(self, colour: int) -> None:
        self.play.click_card(colour)

    # ---- the computers -----------------------------------------------------------------------
    def computers(self) -> None:
        """Let the computer seats play: one move at a time, shown, when a loop runs."""
        if self.play.over or self.play.person_to_move():
            return
        try:
            loop = asyncio.get_running_loop() if self.pace > 0 else None
        except RuntimeError:
            loop = None
        if loop is None:  # at once: the board is drawn once, at the end; the log has each move
            self.play.on_change.remove(self.show)
            try:
                self.play.run_computers()
            finally:
                self.play.on_change.append(self.show)
            self.show()
        else:
            loop.call_later(self.pace, self._computer_step)

    def _computer_step(self) -> None:
        if self.play.computer_move():  # shows the move (board first) through on_change
            self.computers()

    # ---- showing -----------------------------------------------------------------------------
    def show(self) -> None:
        """Board first, then the texts and buttons beside it."""
        play = self.play
        match = play.match
        last = match.moves[-1] if match.moves else None
        before = match.states[-2] if len(match.states) > 1 else None
        view = {"targets": COLOURS[play.selected]} if play.selected is not None else {}
        if play.refusal is not None:
            frame = Frame(len(match.moves), play.shown_state(), "", (), before=play.state,
                          move=play.refused, refusal=play.refusal, view=view)
        else:
            frame = Frame(len(match.moves), play.shown_state(), "", (), before=before,
                          move=last, view=view)
        self.view.show(frame)
        self.status.value = self._status_html()
        self._fill_buttons()
        self.ledger.value = ledger_html(play) if play.over else ""
        self.log_box.value = html.escape(" · ".join(play.log[-14:]))

    def _status_html(self) -> str:
        play, state = self.play, self.play.state
        parts = []
        if play.message:
            parts.append(f'<div class="tp-message">{html.escape(play.message)}</div>')
        if play.refusal is not None:
            parts.append(f'<div class="tutor-refusal"><b>✖</b> '
                         f'<code>{html.escape(play.refusal.move_text or "")}</code>: '
                         f"{html.escape(play.refusal.reason)} "
                         f"<code>[{html.escape(play.refusal.rule_id)}]</code></div>")
        if play.over:
            parts.append(f"<b>{html.escape(play.result())}</b>")
            return "".join(parts)
        mover = play.mover()
        if state.variant == "tactical" and tactical.phase(state) != tactical.OPEN:
            parts.append(html.escape(say("auction", colour=COLOURS[state.moved], bid=state.bid,
                                         bidder=play.name_of(state.bidder))))
        if play.person_to_move():
            parts.append(html.escape(say("your_turn", player=play.name_of(mover),
                                         seat=say("seat_person"))))
            if play.selected is not None:
                paying = ""
                if play.pay == "card":
                    paying = say("paying_one", colour=COLOURS[play.selected])
                elif isinstance(play.pay, int):
                    paying = say("paying_pair", colour=COLOURS[play.pay])
                parts.append(html.escape(say("selected", colour=COLOURS[play.selected],
                                             paying=paying)))
            else:
                parts.append(f'<span class="tutor-hint">{html.escape(say("click_hint"))}</span>')
        else:
            parts.append(html.escape(say("computer_turn", player=play.name_of(mover))))
        return "<br>".join(parts)

    def _fill_buttons(self) -> None:
        play = self.play
        person = play.person_to_move()
        hand = play.state.hands[play.mover()] if person else ()
        cards = []
        for colour, count in enumerate(hand):
            if count:
                button = self._button(f"{COLOURS[colour]} ×{count}",
                                      lambda c=colour: self._card(c))
                button.style.button_color = TRAPPER_COLOURS[COLOURS[colour]]
                cards.append(button)
        self.cards.children = ([widgets.HTML(html.escape(say("hand")))] + cards) if cards else []
        self.choice_box.children = [
            self._button(GAME.move_text(play.state, m), lambda m=m: self._do(m))
            for m in play.choices] + ([self._button(say("cancel"), lambda: play.select(None))]
                                      if play.choices else [])
        self.action_box.children = [self._button(GAME.move_text(play.state, m),
                                                 lambda m=m: self._do(m))
                                    for m in play.actions()]


def ledger_html(play: TrapperPlay) -> str:
    """The final scoring as a table: every ledger line with why, each player's total."""
    head = "".join(f"<th>{html.escape(say(k))}</th>"
                   for k in ("ledger_player", "ledger_what", "ledger_coins", "ledger_why"))
    rows = []
    state = play.state
    for seat, name in enumerate(state.players):
        for who, what, coins, reason, rule in play.ledger_rows():
            if who == name:
                rows.append(f"<tr><td>{html.escape(who)}</td><td>{html.escape(what)}</td>"
                            f'<td class="tp-coins">{coins:+d}</td><td>{html.escape(reason)} '
                            f"<code>[{html.escape(rule)}]</code></td></tr>")
        rows.append(f'<tr class="tp-total"><td>{html.escape(name)}</td>'
                    f"<td>{html.escape(say('ledger_total'))}</td>"
                    f'<td class="tp-coins">{state.money(seat)}</td><td></td></tr>')
    return (f"<h3>{html.escape(say('ledger_title'))}</h3>"
            f'<table class="tp-ledger"><tr>{head}</tr>{"".join(rows)}</table>')


def play_app(players: int = 2, seats=None, variant: str = "standard", seed: int = 0,
             pace: float = PACE) -> widgets.Widget:
    """The free-play app as one widget; wrong options give a plain message."""
    from .app import message_widget  # the app module finds this one by name: import late

    try:
        return PlayApp(players, seats, variant, seed, pace).widget
    except (MalformedInput, ValueError, TypeError) as exc:
        return message_widget(text("cannot_play", problem=str(exc)))
