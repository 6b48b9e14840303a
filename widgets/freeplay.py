"""One free-play shell for every game: seats, a seed, moves, undo, save and load.

:class:`FreePlay` is the game being played, without widgets (so it is tested without a
kernel): a :class:`~tutor.core.match.Match` (the history: every state and move), who sits
in each seat (a person, or a kind of computer), and what to show now - a refusal, a
message, the moves a click may mean, a log. :class:`FreePlayApp` puts it on screen around
a game's board view; the view only reads states and reports clicks.

A game plugs in with arguments, or with a small subclass overriding a method:

* ``computers``: seat kind -> ``choose(game, state, rng) -> move``. It gets the whole state;
  a game with hidden hands looks at ``game.observation(state, seat)`` inside it.
* :meth:`FreePlay.moves_for_click` ``(state, target)``: the moves a click on the board may
  mean (legal or not): one legal -> played, several -> offered, none -> the first one's
  rule explains why not.
* :meth:`FreePlay.automatic`: a move the shell makes for a seat that has no decision.
* :meth:`FreePlay.describe`: a move's line in the log (hide there what a seat may not see).
* :meth:`FreePlay.summary`: the game-over text; ``observe=True``: the board is shown through
  the eyes of the person to move (:meth:`FreePlay.seen`).

Chance moves (:data:`~tutor.core.game.CHANCE`) are drawn by the shell from the seed and the
move number, so undoing and playing again meets the same dice, and a saved game (its moves
as text, chance included) loads to the same position.

>>> from tutor.core.demo import Nim
>>> play = FreePlay(Nim(), {"heap": 5}, seats=("person", "computer"), seed=0)
>>> play.play_text("take 4")  # refused: the reason and the rule id, nothing changes
False
>>> play.refusal.rule_id, play.state.heap
('nim.take', 5)
>>> play.play_text("take 2"), play.advance(), play.log[0]  # the computer answers
(True, 1, 'P1: take 2')
>>> play.undo()  # back to the person's decision: the computer's move goes too
>>> play.state.heap, play.log, play.message
(5, [], 'Taken back: take 2, take 3.')
"""
from __future__ import annotations

import asyncio
import html
import json
from itertools import islice
from typing import Any, Callable, Iterable, Mapping, Sequence
from urllib.parse import quote

import ipywidgets as widgets

from tutor.core.errors import BadOption, IllegalMove, MalformedInput
from tutor.core.game import CHANCE, Game
from tutor.core.hints import Hints
from tutor.core.match import Match
from tutor.core.seeding import rng
from tutor.core.walkthrough import Frame

from .keepalive import keepalive
from .texts import text

PERSON = "person"
#: The moves listed for a person to pick from (any other can be typed).
LISTED = 60
#: Non-person moves in a row before the shell stops (a safety bound, never reached in play).
LIMIT = 5000
#: Seconds between two computer moves on screen, when a kernel's event loop runs.
PACE = 0.6

Chooser = Callable[[Game, Any, Any], Any]


def say(key: str, **params: object) -> str:
    """A text of the free-play shell (``[freeplay]`` in ``widgets/texts.toml``).

    >>> say("played", player="Anna", move="take 2")
    'Anna: take 2'
    """
    return text(f"freeplay.{key}", **params)


def random_choice(game: Game, state: Any, rnd) -> Any:
    """The plainest computer: any legal move, drawn with ``rnd``."""
    return rnd.choice(list(game.legal_moves(state)))


class FreePlay:
    """A game being played; every change goes through the engine's one check."""

    def __init__(self, game: Game, options: Mapping[str, object] | None = None,
                 seats: Sequence[str] | None = None, seed: int = 0, *,
                 computers: Mapping[str, Chooser] | None = None, observe: bool = False):
        self.game = game
        self.computers = dict(computers or {"computer": random_choice})
        self.observe = observe
        self.on_change: list[Callable[[], None]] = []
        self.new_game(options, seats, seed)

    # ---- seats ---------------------------------------------------------------------------------
    @property
    def kinds(self) -> tuple[str, ...]:
        """The seat kinds: a person, then each kind of computer."""
        return (PERSON, *self.computers)

    def default_seats(self, state) -> tuple[str, ...]:
        """A person in the first seat, the first kind of computer in the others."""
        first = next(iter(self.computers))
        return (PERSON,) + (first,) * (len(self.game.players(state)) - 1)

    def read_seats(self, seats: Sequence[str] | None, state) -> tuple[str, ...]:
        """The seats checked against the players of ``state``; BadOption names the problem."""
        if seats is None:
            return self.default_seats(state)
        count = len(self.game.players(state))
        if (not isinstance(seats, (list, tuple)) or len(seats) != count
                or any(s not in self.kinds for s in seats)):
            raise BadOption(f"seats must be {count} of {', '.join(self.kinds)}, not {seats!r}",
                            where="seats")
        return tuple(seats)

    # ---- starting, saving, loading ----------------------------------------------------------------
    def new_game(self, options: Mapping[str, object] | None = None,
                 seats: Sequence[str] | None = None, seed: int = 0) -> None:
        """A new game; wrong options or seats raise BadOption and change nothing."""
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise BadOption(f"the seed must be a whole number of at least 0, not {seed!r}",
                            where="seed")
        match = Match.new(self.game, options, seed)
        self.seats = self.read_seats(seats, match.state)
        self.match = match
        self.log: list[str] = []
        self._fresh()
        self._changed()

    def _fresh(self, message: str = "") -> None:
        self.refusal: IllegalMove | None = None
        self.refused: Any = None
        self.choices: list = []
        self.message = message
        self.problem = ""

    def save(self) -> str:
        """The game as JSON text: :meth:`Match.save` and who sits where."""
        data = json.loads(self.match.save())
        data["seats"] = list(self.seats)
        self._fresh(say("saved", moves=len(self.match.moves)))
        self._changed()
        return json.dumps(data, indent=1)

    def load(self, saved: str) -> bool:
        """Load a saved game; if it cannot be read, say why and keep the game on the board."""
        try:
            match = Match.load(saved, games={self.game.name: self.game})
            seats = json.loads(saved).get("seats")
            if seats is None and len(self.seats) == len(self.game.players(match.state)):
                seats = self.seats
            seats = self.read_seats(seats, match.state)
        except MalformedInput as exc:
            self._fresh()
            self.problem = say("bad_load", problem=str(exc))
            self._changed()
            return False
        self.match, self.seats = match, seats
        self.log = [self.describe(before, move, after) for before, move, after
                    in zip(match.states, match.moves, match.states[1:])]
        self._fresh(say("loaded", moves=len(match.moves)))
        self._changed()
        return True

    # ---- reading --------------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    @property
    def over(self) -> bool:
        return self.game.to_move(self.state) is None

    def players(self) -> tuple[str, ...]:
        return tuple(self.game.players(self.state))

    def mover(self, state=None) -> int | None:
        return self.game.to_move(self.state if state is None else state)

    def decides(self, state) -> bool:
        """Whether a person has a decision in ``state`` (not chance, not an automatic move)."""
        mover = self.game.to_move(state)
        return (mover is not None and mover != CHANCE and self.seats[mover] == PERSON
                and self.automatic(state) is None)

    def person_to_move(self) -> bool:
        return self.decides(self.state)

    def viewer(self) -> int | None:
        """Whose eyes the board is shown through (``observe``): the person to move, else the
        only person seat; None (everything shown) at the end or at a table of computers."""
        if not self.observe or self.over:
            return None
        if self.person_to_move():
            return self.mover()
        people = [s for s, kind in enumerate(self.seats) if kind == PERSON]
        return people[0] if len(people) == 1 else None

    def seen(self, state, seat: int | None):
        """What ``seat`` sees of ``state`` (everything when ``seat`` is None)."""
        return state if seat is None else self.game.observation(state, seat)

    def legal(self) -> list[tuple[str, Any]]:
        """(text, move) of the person's legal moves, the first :data:`LISTED` of them."""
        if not self.person_to_move():
            return []
        state = self.state
        return [(self.game.move_text(state, m), m)
                for m in islice(self.listed_moves(state), LISTED)]

    # ---- hooks ------------------------------------------------------------------------------------
    def listed_moves(self, state) -> Iterable:
        """The moves offered in the list (all legal moves; a game may keep it shorter)."""
        return self.game.legal_moves(state)

    def moves_for_click(self, state, target) -> list:
        """The moves a click on ``target`` may mean, legal or not (none: clicks do nothing)."""
        return []

    def target_name(self, target) -> str:
        """A click's target as the learner reads it (a square's name)."""
        return str(target)

    def automatic(self, state):
        """A move the shell makes for the seat to move without asking (None: ask)."""
        return None

    def describe(self, before, move, after) -> str:
        """The log line of a move."""
        mover = self.game.to_move(before)
        who = say("chance") if mover == CHANCE else self.game.players(before)[mover]
        return say("played", player=who, move=self.game.move_text(before, move))

    def summary(self) -> str:
        """The game-over text: the winners and everyone's score."""
        outcome = self.game.outcome(self.state)
        names = self.players()
        winners = " & ".join(names[w] for w in outcome.winners)
        key = "winner" if len(outcome.winners) == 1 else "winners"
        scores = ", ".join(say("score", player=n, score=s) for n, s in zip(names, outcome.scores))
        return say("over", result=say(key, names=winners), scores=scores)

    # ---- a person's moves -------------------------------------------------------------------------
    def play(self, move) -> bool:
        """Play ``move`` for the person to move; a refused one is shown, nothing changes."""
        if not self.person_to_move():
            return self._not_now()
        try:
            self._apply(move)
        except IllegalMove as exc:
            self._fresh()
            self.refusal, self.refused = exc, move
            self._changed()
            return False
        self._fresh()
        self._changed()
        return True

    def play_text(self, words: str) -> bool:
        """Play a typed move; text that cannot be read gets its own message."""
        if not self.person_to_move():
            return self._not_now()
        try:
            move = self.game.parse_move(self.state, words)
        except MalformedInput as exc:
            self._fresh()
            self.problem = say("bad_text", problem=str(exc))
            self._changed()
            return False
        return self.play(move)

    def _not_now(self) -> bool:
        """No person decides now: say why (the game is over, or a computer plays)."""
        self._fresh()
        self.problem = say("game_over" if self.over else "not_your_turn")
        self._changed()
        return False

    def click(self, target) -> None:
        """A click on the board: one legal move is played, several offered, none explained."""
        if not self.person_to_move():
            self._not_now()
            return
        state = self.state
        candidates = list(self.moves_for_click(state, target))
        legal = [m for m in candidates if self.game.is_legal(state, m)]
        if len(legal) == 1:
            self.play(legal[0])
        elif legal:
            self._fresh(say("choose"))
            self.choices = legal
            self._changed()
        elif candidates:
            self.play(candidates[0])  # refused: the engine's reason and rule id are shown
        else:
            self._fresh(say("nothing_there", target=self.target_name(target)))
            self._changed()

    def _apply(self, move) -> None:
        before = self.state
        self.match.play(move)  # IllegalMove leaves the match as it was
        self.log.append(self.describe(before, move, self.state))

    # ---- the other seats ----------------------------------------------------------------------------
    def step(self) -> bool:
        """One move that is not a person's decision (chance, automatic, a computer);
        False when a person is to move or the game is over."""
        state = self.state
        mover = self.game.to_move(state)
        if mover is None:
            return False
        number = len(self.match.moves)
        if mover == CHANCE:
            moves, weights = zip(*self.game.chance_outcomes(state))
            move = rng(self.match.seed, "free play chance", number).choices(moves, weights)[0]
        else:
            move = self.automatic(state)
            if move is None:
                kind = self.seats[mover]
                if kind == PERSON:
                    return False
                move = self.computers[kind](self.game, state, rng(self.match.seed, kind, number))
        self._apply(move)  # a message (loaded, taken back) stays until the person acts
        self._changed()
        return True

    def advance(self, limit: int = LIMIT) -> int:
        """Play :meth:`step` until a person decides or the game ends; how many moves."""
        for count in range(limit):
            if not self.step():
                return count
        raise RuntimeError(f"{limit} moves in a row without a person's decision")

    def undo(self) -> None:
        """Take back the person's last decision and every move after it (computers, chance),
        so that person decides again."""
        moves, states = self.match.moves, self.match.states
        last = next((i for i in range(len(moves) - 1, -1, -1) if self.decides(states[i])), None)
        if last is None:
            self._fresh(say("nothing_to_undo"))
            self._changed()
            return
        taken = self.match.moves_text()[last:]
        while len(moves) > last:
            self.match.undo()
        del self.log[last:]
        self._fresh(say("undone", moves=", ".join(taken)))
        self._changed()

    # ---- observers ----------------------------------------------------------------------------------
    def _changed(self) -> None:
        for callback in tuple(self.on_change):
            callback()


# ---- on screen ----------------------------------------------------------------------------------------
class FreePlayApp:
    """The free-play app: one widget (:attr:`widget`) over a :class:`FreePlay`.

    ``view_class`` is the game's board view (made here); ``setup`` are widgets put in the
    setup bar before the seats, ``extras`` under the move controls (above the board).
    ``pace``: seconds between computer moves shown one by one (when a kernel's event loop
    runs); without a loop, or with ``pace=0``, the computers play at once and the log lists
    each move.

    >>> from tutor.core.demo import Nim
    >>> from widgets.board import FactsView
    >>> app = FreePlayApp(FreePlay(Nim(), {"heap": 5}), FactsView, pace=0)
    >>> [label for label, _ in app.moves.options]
    ['take 1', 'take 2', 'take 3']
    >>> app.typed.value = "take 9"
    >>> app.try_button.click()
    >>> "nim.take" in app.status.value and app.play.state.heap
    5
    """

    def __init__(self, play: FreePlay, view_class: type, extras: Sequence[widgets.Widget] = (),
                 setup: Sequence[widgets.Widget] = (), pace: float = PACE, title: str = "",
                 player_counts: Sequence[int] = ()):
        self.play = play
        self.player_counts = tuple(player_counts)
        self.pace = pace
        self._pending = None
        self.view = view_class(play.game)
        if self.takes_clicks():
            self.view.on_click(self.clicked)
        self._build(title or say("title", game=play.game.title), extras, setup)
        self.play.on_change.append(self.show)
        self.show()
        self.computers()

    def takes_clicks(self) -> bool:
        """Only a game that maps clicks to moves listens to the board."""
        return type(self.play).moves_for_click is not FreePlay.moves_for_click \
            or type(self.play).click is not FreePlay.click

    # ---- made once ------------------------------------------------------------------------------
    def _build(self, title: str, extras, setup) -> None:
        self.seed = widgets.BoundedIntText(value=self.play.match.seed, min=0, max=10 ** 9,
                                           description=say("seed"),
                                           layout=widgets.Layout(width="190px"))
        self.seat_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.seat_lists()
        self.new_button = self._button(say("new_game"), self.new_game)
        self.count = None  # how many players, when the game lets the learner choose
        if len(self.player_counts) > 1:
            self.count = widgets.Dropdown(options=self.player_counts,
                                          value=len(self.play.players()),
                                          description=say("players"),
                                          layout=widgets.Layout(width="170px"))
            self.count.observe(lambda _change: self._count_changed(), names="value")
            setup = [self.count, *setup]
        bar = widgets.HBox([*setup, self.seat_box, self.seed, self.new_button],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.status = widgets.HTML()
        self.moves = widgets.Dropdown(description=say("your_move"),
                                      layout=widgets.Layout(width="auto", min_width="320px"))
        self.play_button = self._button(say("play"), self._play_listed, "primary")
        self.typed = widgets.Text(placeholder=say("type_hint"))
        self.try_button = self._button(say("try"), self._typed)
        self.undo_button = self._button(say("undo"), self._undo)
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        controls = widgets.HBox([self.moves, self.play_button, self.typed, self.try_button,
                                 self.undo_button],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.log_box = widgets.HTML()
        self.saved = widgets.Textarea(placeholder=say("saved_game"),
                                      layout=widgets.Layout(width="100%", height="90px"))
        self.download = widgets.HTML()
        self.save_button = self._button(say("save"), self.save)
        self.load_button = self._button(say("load"), self.load)
        saving = widgets.VBox([widgets.HBox([self.save_button, self.load_button, self.download]),
                               self.saved])
        # a page whose kernel is gone says so, and offers to reload from the last save
        self.alive = keepalive(restore=self._restore)
        self.widget = widgets.VBox(
            [widgets.HTML(_CSS + f"<h2>{html.escape(title)}</h2>"), bar, self.status, controls,
             self.choice_box, *extras, self.view.widget, self.log_box, saving, self.alive],
            layout=widgets.Layout(width="100%"))
        self.widget.add_class("tutor-app")

    @staticmethod
    def _button(label: str, action: Callable[[], Any], style: str = "") -> widgets.Button:
        button = widgets.Button(description=label, button_style=style,
                                layout=widgets.Layout(width="auto"))
        button.on_click(lambda _b: action())
        return button

    def seat_label(self, kind: str) -> str:
        return say(f"seat_{kind}")

    def seat_lists(self, names: Sequence[str] | None = None, seats: Sequence[str] | None = None):
        """One list per seat (a person or a kind of computer), labelled with the player."""
        names = names or self.play.players()
        seats = seats or self.play.seats
        self.seat_box.children = [
            widgets.Dropdown(options=[(self.seat_label(k), k) for k in self.play.kinds],
                             value=kind, description=name, layout=widgets.Layout(width="auto"))
            for name, kind in zip(names, seats)]

    # ---- actions ----------------------------------------------------------------------------------
    def options(self) -> Mapping[str, object]:
        """The options of the next New game (a game with its own setup widgets adds to them)."""
        options = dict(self.play.match.options)
        if self.count is not None:
            options["players"] = self.count.value
        return options

    def _count_changed(self) -> None:
        """New seat lists for the chosen number of players, named as the game names them."""
        try:
            state = self.play.game.initial_state(self.options(), 0)
        except MalformedInput as exc:
            self.play.problem = say("bad_setup", problem=str(exc))
            self.show()
            return
        self.seat_lists(self.play.game.players(state), self.play.default_seats(state))

    def new_game(self) -> None:
        """A new game with the seats and seed of the setup bar; bad ones are a message."""
        try:
            self.play.new_game(self.options(), tuple(d.value for d in self.seat_box.children),
                               self.seed.value)
        except MalformedInput as exc:
            self.play.problem = say("bad_setup", problem=str(exc))
            self.show()
            return
        self.computers()

    def _play_listed(self) -> None:
        if self.moves.value is not None:
            self.do(self.moves.value)

    def _typed(self) -> None:
        if self.play.play_text(self.typed.value):
            self.typed.value = ""
        self.computers()

    def do(self, move) -> None:
        """Play a person's move, then let the computers answer."""
        self.play.play(move)
        self.computers()

    def clicked(self, target) -> None:
        self.play.click(target)
        self.computers()

    def _undo(self) -> None:
        self._cancel()
        self.play.undo()

    def save(self) -> None:
        self.saved.value = self.play.save()
        self.alive.saved = self.saved.value  # offered if the page's kernel is gone
        href = "data:application/json;charset=utf-8," + quote(self.saved.value)
        self.download.value = (f'<a download="{html.escape(self.play.game.name)}-game.json" '
                               f'href="{href}">{html.escape(say("download"))}</a>')

    def _restore(self, saved: str) -> None:
        """The reader reloaded from the last saved position: load that save."""
        self.saved.value = saved
        self.load()

    def load(self) -> None:
        self._cancel()
        if self.play.load(self.saved.value):
            self.seed.value = self.play.match.seed
            if self.count is not None:  # the setup bar shows the loaded game
                self.count.value = len(self.play.players())
            self.seat_lists()
            self.computers()

    # ---- the computers ----------------------------------------------------------------------------
    def computers(self) -> None:
        """Let the other seats move: one move at a time, each shown, when a loop runs."""
        if self.play.over or self.play.person_to_move():
            return
        try:
            loop = asyncio.get_running_loop() if self.pace > 0 else None
        except RuntimeError:
            loop = None
        if loop is None:  # at once: drawn once at the end; the log has every move
            self.play.on_change.remove(self.show)
            try:
                self.play.advance()
            finally:
                self.play.on_change.append(self.show)
            self.show()
        else:
            self._cancel()
            self._pending = loop.call_later(self.pace, self._computer_step)

    def _computer_step(self) -> None:
        self._pending = None
        if self.play.step():  # shown (board first) through on_change
            self.computers()

    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # ---- showing ----------------------------------------------------------------------------------
    def view_hints(self) -> Hints:
        """Hints for the board view (a game's app gives its own)."""
        return self.play.game.hints()

    def frame(self) -> Frame:
        """What the board shows: the last move (or a refused one) through the viewer's eyes."""
        play, match = self.play, self.play.match
        seat = play.viewer()
        shown = play.seen(play.state, seat)
        if play.refusal is not None:
            return Frame(len(match.moves), shown, "", (), before=shown, move=play.refused,
                         refusal=play.refusal, view=self.view_hints())
        before = play.seen(match.states[-2], seat) if match.moves else None
        return Frame(len(match.moves), shown, "", (), before=before,
                     move=match.moves[-1] if match.moves else None, view=self.view_hints())

    def show(self) -> None:
        """Board first, then the texts and buttons around it."""
        self.view.show(self.frame())
        self.status.value = self.status_html()
        listed = self.play.legal()
        self.moves.options = listed
        self.moves.value = listed[0][1] if listed else None
        person = self.play.person_to_move()
        for control in (self.moves, self.play_button, self.typed, self.try_button):
            control.disabled = not person
        self.choice_box.children = [
            self._button(self.play.game.move_text(self.play.state, m), lambda m=m: self.do(m))
            for m in self.play.choices]
        lines = [html.escape(line) for line in self.play.log[-12:]]
        self.log_box.value = (f'<div class="fp-log"><b>{html.escape(say("log"))}</b> '
                              + " · ".join(lines) + "</div>")

    def status_html(self) -> str:
        play = self.play
        parts = []
        if play.refusal is not None:
            parts.append(refusal_html(play.game, play.refusal))
        if play.problem:
            parts.append(f'<div class="tutor-refusal">{html.escape(play.problem)}</div>')
        if play.message:
            parts.append(f'<div class="fp-message">{html.escape(play.message)}</div>')
        if play.over:
            parts.append(self.over_html())
        else:
            parts.append(f'<div class="fp-turn">{html.escape(self.turn_text())}</div>')
        return "".join(parts)

    def turn_text(self) -> str:
        play = self.play
        mover = play.mover()
        if mover == CHANCE:
            return say("chance_turn")
        name = play.players()[mover]
        if not play.person_to_move():
            return say("computer_turn", player=name)
        click = " " + say("click_hint") if self.takes_clicks() else ""
        return say("your_turn", player=name) + click

    def over_html(self) -> str:
        """The game-over summary and a table of the scores, winners marked."""
        play = self.play
        outcome = play.game.outcome(play.state)
        rows = "".join(
            f'<tr class="{"fp-won" if p in outcome.winners else ""}"><td>{html.escape(name)}</td>'
            f"<td>{html.escape(str(score))}</td>"
            f'<td>{html.escape(say("won") if p in outcome.winners else "")}</td></tr>'
            for p, (name, score) in enumerate(zip(play.players(), outcome.scores)))
        return (f'<div class="fp-over">{html.escape(play.summary())}</div>'
                f'<table class="fp-scores"><tr><th>{html.escape(say("player"))}</th>'
                f'<th>{html.escape(say("score_heading"))}</th><th></th></tr>{rows}</table>')


def refusal_html(game: Game, refusal: IllegalMove) -> str:
    """A refused move, clearly marked: the move, the plain reason, the rule id and the rule."""
    rule = game.rules.get(refusal.rule_id)
    told = (f"<br><b>{html.escape(rule.title)}</b>: {html.escape(rule.text)}" if rule else "")
    move = f"<code>{html.escape(refusal.move_text)}</code>: " if refusal.move_text else ""
    return (f'<div class="tutor-refusal"><b class="tutor-refused">✖ {html.escape(say("refused"))}'
            f"</b> {move}{html.escape(refusal.reason)} <code>[{html.escape(refusal.rule_id)}]</code>"
            f"{told}</div>")


_CSS = """<style>
.tutor-app { font-size: 18px; line-height: 1.4; color: #1d1d1d; }
.tutor-app .widget-button { font-size: 17px; height: 38px; }
.tutor-refusal { background: #fde8e8; border-left: 8px solid #c62828; padding: 8px 12px;
                 font-size: 19px; margin: 4px 0; }
.tutor-refusal b.tutor-refused { color: #b71c1c; font-size: 20px; }
.fp-message { background: #fff4ce; border-left: 6px solid #d9a400; padding: 6px 12px; margin: 4px 0; }
.fp-turn { font-size: 20px; font-weight: bold; margin: 4px 0; }
.fp-over { font-size: 21px; font-weight: bold; color: #1b5e20; margin: 6px 0; }
.fp-scores { border-collapse: collapse; margin: 4px 0 8px 0; font-size: 18px; }
.fp-scores th, .fp-scores td { padding: 3px 12px; border-bottom: 1px solid #ddd; text-align: left; }
.fp-won { background: #e8f5e9; font-weight: bold; }
.fp-log { font-size: 15px; color: #444; margin: 6px 0; }
</style>"""
