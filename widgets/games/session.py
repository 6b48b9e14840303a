"""Free play on a page, without the widget: :class:`PlaySession` makes the scene the page
shows from a :class:`~widgets.games.freeplay.FreePlay`, a game's board drawer and its
:class:`Extras`, handles what the learner does, and paces the computers. The free-play page
(:mod:`widgets.pages.play`) puts its scenes in a trait; the lesson page sends them while the
learner plays on from a step, and a try-it step shows its board through one.

>>> from examples.nim import NimGame as Nim
>>> from widgets.parts.drawing import FactsDrawer
>>> from widgets.games.freeplay import FreePlay
>>> session = PlaySession(FreePlay(Nim(), {"heap": 5}), FactsDrawer(Nim()), pace=0)
>>> [label for label, _ in session.scene["moves"]]
['take 1', 'take 2', 'take 3']
>>> session.handle({"type": "typed", "text": "take 9"})
>>> "nim.take" in session.scene["status"] and session.play.state.heap
5
"""
from __future__ import annotations

import asyncio
import dataclasses
import html
import logging
import re
from typing import Any, Callable, Sequence
from urllib.parse import quote

from tutor.core.errors import BadOption, MalformedInput
from tutor.core.game import CHANCE
from tutor.core.walkthrough import Frame

from widgets.games.freeplay import PACE, FreePlay, players_option, seat_label
from widgets.parts.drawing import BoardDrawer
from widgets.parts.html import message_html, refusal_html
from widgets.parts.messages import (PLAY, AskHint, BoardClick, GameButton, Load, NewGame,
                                    PickChoice, PickMove, Save, Switch, Typed, Undo, Unread)
from widgets.parts.texts import T

log = logging.getLogger(__name__)

#: a board element's click target in the drawn SVG
TARGET = re.compile(r'data-target="([^"]*)"')


class Extras:
    """What one game adds to the shell (the defaults add nothing)."""

    #: how many players the learner may choose (empty: the game fixes it)
    player_counts: Sequence[int] = ()

    def fields(self, play: FreePlay) -> list[dict]:
        """Setup fields before the seats: ``{"name", "label", "options": [[value, label]], "value"}``."""
        return []

    def options(self, play: FreePlay, values: dict) -> dict:
        """The options of a new game from the setup's values."""
        options = dict(play.match.options)
        if "players" in values and self.player_counts:
            count = whole(values["players"])
            if count is None:
                raise BadOption(T._("the number of players must be a whole number, not {value}",
                                    value=repr(values["players"])), where="players",
                                field="options")
            options["players"] = players_option(count)  # a count the game refuses: its words
        return options

    def actions(self, play: FreePlay) -> list[tuple[str, str, Any]]:
        """The game's buttons: ``(id, label, what to do)``."""
        return []

    def hints(self, play: FreePlay):
        """Hints for the board drawer (the chosen trapper, the tiles chosen for a flip): the
        game's typed hints (``tutor.<game>.hints``), or None."""
        return None

    def try_hints(self, play: FreePlay):
        """The hints of a try-it step's board: what the learner chose, but none of free play's
        help that would tell the move away (which tiles a trapper may take). Default: the
        same as :meth:`hints`."""
        return self.hints(play)

    def turn_text(self, play: FreePlay) -> str:
        return ""

    def over_html(self, play: FreePlay) -> str:
        return ""


def whole(value: Any) -> int | None:
    """A whole number as a setup sends it (``3``, ``"3"``, ``" -1 "``), else None.

    >>> whole(3), whole("9"), whole(" -1 "), whole(4.0), whole("x"), whole(True), whole(2.5)
    (3, 9, -1, 4, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,19}\s*", value):
        return int(value)
    return None


def places_of(drawn: str) -> list[str]:
    """The places a drawing (a board, a players' panel) names for a click (``data-target``),
    in order, each once."""
    return list(dict.fromkeys(html.unescape(n) for n in TARGET.findall(drawn)))


#: where a click makes a move (:meth:`PlaySession.clicks_move`): on the board, on the players'
#: panel (a card in the hand)
BOARD, PANEL = "board", "panel"
#: the last moves the log shows (numbered as in the game)
LOG_SHOWN = 14
#: the attribute that marks a winner's row in the scores
WINNER = ' data-winner="true"'


class PlaySession:
    """Free play on a page, without the widget: the scene, what the learner does, the
    computers' pace. ``publish(scene)`` is called with every new scene (the free-play page
    sets its trait; the lesson page sends it while the learner plays on from a step).

    ``from_position``: the game was started from a walkthrough's position
    (:meth:`FreePlay.start_at`): no new game, save or load is offered (a saved game starts
    from the game's own beginning), and the scene says so."""

    def __init__(self, play: FreePlay, drawer: BoardDrawer, extras: Extras | None = None,
                 pace: float = PACE, publish: Callable[[dict], None] | None = None,
                 trying: bool = False, asking: Any = None):
        #: a try-it step's board (:meth:`Extras.try_hints`)
        self.trying = trying
        #: the question a step asks on this board: its frames carry it without its answer,
        #: and a drawer leaves the asked fact out of what it shows (Canyon's panel)
        self.asking = asking
        self.play = play
        self.drawer = drawer
        drawer.playing = not trying  # a try-it board is its walkthrough's: the book's hands, shown
        self.extras = extras or Extras()
        self.pace = pace
        self.publish = publish
        self.scene: dict = {}
        #: the last save's text
        self.saved = ""
        self._pending = None
        self._actions: dict[str, Any] = {}
        #: the coach's hint last marked on the board and its places (:meth:`hint_marks`)
        self._marked: tuple[Any, tuple[str, ...]] = (None, ())
        #: the places of the board drawn last, as it names them (``data-target``), and of the
        #: players' panel drawn with it (Canyon's cards in the hand of the player to move)
        self.places: list[str] = []
        self.panel_places: list[str] = []
        self.play.on_change.append(self.show)
        self.show()
        self.computers()

    def close(self) -> None:
        """Stop the computers and stop showing (the learner went back to the lesson)."""
        self._cancel()
        if self.show in self.play.on_change:
            self.play.on_change.remove(self.show)

    # ---- what the learner does ------------------------------------------------------------------
    def handle(self, content: Any) -> None:
        """A message of the page (:data:`widgets.parts.messages.PLAY`; one not read is dropped with a
        log line)."""
        try:
            message = PLAY.read(content)
        except Unread as why:
            log.warning("free play: dropped a message: %s", why)
            return
        self.act(message)

    def act(self, message: Any) -> None:
        """What the learner did, as read: a move, a click, undo, a new game, ..."""
        play = self.play
        match message:
            case BoardClick(target=target):
                play.click(target)
            case PickMove(index=index):
                listed = play.legal()
                if 0 <= index < len(listed):
                    play.play(listed[index][1])
            case PickChoice(index=index):
                if 0 <= index < len(play.choices):
                    play.play(play.choices[index])
            case Typed(text=text):
                play.play_text(text)
            case GameButton(id=name):
                self._actions.get(name, lambda: None)()
            case Undo():
                self._cancel()
                play.undo()
            case AskHint():
                play.hint()
            case NewGame(values=values) if play.started_at is None:
                self.new_game(values or {})
            case Save() if play.started_at is None:
                self.saved = play.save()
                self.show()
            case Load(text=text) if play.started_at is None:
                self._cancel()
                play.load(text)
            case Switch(name=name, value=value):
                self.drawer.setting[name] = value
                self.show()
                return
        self.computers()

    def restore(self, text: str) -> None:
        """The reader reloaded the page from the last saved position: load that save."""
        self.saved = text
        self._cancel()
        self.play.load(text)
        self.computers()

    def new_game(self, values: dict) -> None:
        """A new game with the setup's players, seats and seed; bad ones are a message."""
        try:
            self._check_fields(values)
            options = self.extras.options(self.play, values)
            seats = values.get("seats") or None  # a list; anything else is the seats' refusal
            seed = values.get("seed", self.play.match.seed)
            seed = seed if whole(seed) is None else whole(seed)  # else new_game's refusal
            self.play.new_game(options, seats, seed)
        except (MalformedInput, ValueError, TypeError) as exc:
            if isinstance(exc, MalformedInput):
                problem = exc.problem
            else:  # Python's own words ("invalid literal for int()"): English, and no help
                log.warning("a new game's setup %r cannot be read: %s", values, exc)
                problem = T._("its setup cannot be read")
            self.play.problem = T._("That game cannot be started (the game on the board is "
                                    "kept): {problem}", problem=problem)
            self.show()

    def _check_fields(self, values: dict) -> None:
        """Each setup field's value one its menu offers, else BadOption naming the choices as
        the menu does (a hand-made or stale setup message: the engine's refusal named the
        option and its values by their code, "mode must be one of two, 2v1, 2v2, solo", and
        Canyon's rounds took any word for "every round")."""
        for field in self.extras.fields(self.play):
            if field["name"] not in values:
                continue
            chosen = values[field["name"]]
            if not isinstance(chosen, str) or chosen not in [v for v, _ in field["options"]]:
                choices = ", ".join(f"“{label}”" for _, label in field["options"])
                raise BadOption(T._("{field}: choose one of {choices}, not {value}",
                                    field=field["label"], choices=choices, value=repr(chosen)),
                                where=field["name"], field="options")

    # ---- the computers ---------------------------------------------------------------------------
    def computers(self) -> None:
        """Let the other seats move: one move at a time, each shown, when a loop runs."""
        if self.play.over or self.play.person_to_move() or self.play.judge is not None:
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
        if self.play.step():
            self.computers()

    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # ---- showing ---------------------------------------------------------------------------------
    def frame(self) -> Frame:
        """What the board shows: the last move (or a refused one) through the viewer's eyes."""
        play, match = self.play, self.play.match
        seat = play.viewer()
        shown = play.seen(play.state, seat)
        hints = self.extras.try_hints(play) if self.trying else self.extras.hints(play)
        if play.refusal is not None:
            return Frame(len(match.moves), shown, "", (), before=shown, move=play.refused,
                         question=self.asking,
                         move_text=play.refusal.move_text, refusal=play.refusal, view=hints,
                         move_shown=play.game.move_display(play.state, play.refused))
        last = {}
        if match.moves:
            before, move = match.states[-2], match.moves[-1]
            last = dict(before=play.seen(before, seat), move=move,
                        move_text=play.game.move_text(before, move),
                        move_shown=play.move_words(before, move, match.states[-1]))
        frame = Frame(len(match.moves), shown, "", (), view=hints, question=self.asking, **last)
        marks = self.hint_marks(frame)
        if marks:  # the coach's move on the board, as a step's marks (gone with the hint)
            frame = dataclasses.replace(frame, view=self.drawer.mark_targets(hints, marks))
        return frame

    def hint_marks(self, frame: Frame) -> tuple[str, ...]:
        """The places the coach's hinted move is made with (:meth:`FreePlay.targets_of`: what
        a click on the board or the players' panel would choose), named as they name them
        (``data-target``): only places they show the viewer, and found alike in every world
        dealt again from what the viewer sees, so nothing hidden shows through the marks."""
        play = self.play
        hint = play.hinted
        if hint is None:
            return ()
        if self._marked[0] is hint:
            return self._marked[1]
        seat = play.viewer()  # the board's places and the panel's (a card of Canyon's hand)
        names = places_of(self.drawer.board(frame, seat) + self.drawer.panel(frame, seat))
        state = play.state
        found = list(dict.fromkeys(n for n in play.targets_of(state, hint.move, names)
                                   if n in names))
        for world in play.worlds(state)[1:]:
            if not found:
                break
            again = set(play.targets_of(world, hint.move, found))
            found = [n for n in found if n in again]
        self._marked = (hint, tuple(found))
        return self._marked[1]

    def show(self) -> None:
        play, drawer = self.play, self.drawer
        frame = self.frame()
        seat = play.viewer()
        board, panel = drawer.board(frame, seat), drawer.panel(frame, seat)
        self.places, self.panel_places = places_of(board), places_of(panel)
        self.scene = {
            "board": board,
            "alt": drawer.describe(frame),
            "panel": panel,
            # the hand of the person to play from (Canyon's tempo and tricks), for a line under
            # the status (play.js: on a phone the panel with the hand is far below the screen)
            "hand": drawer.hand(frame, seat) if play.person_to_move() else "",
            "legend": drawer.legend(frame),
            "switches": [{"name": s.name, "label": s.label, "options": [list(o) for o in s.options],
                          "value": s.value} for s in drawer.switches(frame, seat)],
            "status": self.status_html(),
            "moves": [[text, i] for i, (text, _) in enumerate(play.legal())],
            "choices": [[play.game.move_display(play.state, m), i] for i, m in enumerate(play.choices)],
            "actions": self.buttons(),
            "can_move": play.person_to_move(),
            "over": self.over_html() if play.over else "",
            "log": play.log[-LOG_SHOWN:],
            # the number of the first line shown: the list goes on from the game's moves
            "log_start": max(1, len(play.log) - LOG_SHOWN + 1),
            "setup": self.setup(),
            "saved": self.saved,
            "download": ("data:application/json;charset=utf-8," + quote(self.saved)
                         if self.saved else ""),
            "filename": f"{play.game.name}-game.json",
            "moves_done": len(play.match.moves),
            "from_position": play.started_at is not None,
            "evidence": play.evidence.tail(),
        }
        if self.publish is not None:
            self.publish(self.scene)

    def buttons(self) -> list[list[str]]:
        """The game's buttons now, ``[id, label]``, each id kept for a press (the scene lists
        them; a lesson built ahead presses them without drawing the board)."""
        play = self.play
        listed = self.extras.actions(play) if play.person_to_move() else []
        self._actions = {key: action for key, _, action in listed}
        return [[key, label] for key, label, _ in listed]

    def setup(self) -> dict:
        play = self.play
        fields = list(self.extras.fields(play))
        counts = self.extras.player_counts
        if len(counts) > 1:
            fields.insert(0, {"name": "players", "label": T._("Players"),
                              "options": [[str(n), str(n)] for n in counts],
                              "value": str(len(play.players()))})
        seats = [{"name": name, "value": kind,
                  "options": [[k, seat_label(k)] for k in play.kinds]}
                 for name, kind in zip(play.players(), play.seats)]
        return {"fields": fields, "seats": seats, "seed": play.match.seed}

    def status_html(self) -> str:
        play = self.play
        parts = []
        if play.refusal is not None:
            rule = play.game.rules.get(play.refusal.rule_id)
            words = play.game.move_display(play.state, play.refused)  # in the page's words
            parts += [refusal_html(play.refusal, rule, move_text=words), self.closest_html()]
        parts += [self.hint_html(), message_html(play.problem, "problem"),
                  message_html(play.message, "note")]
        if not play.over:
            # what happened in its own words, lighter than whose turn it is and what to do (a
            # phone showed both whole under Trigger's board, its opening roll told)
            since, turn = self.turn_parts()
            said = f'<span class="tp-since">{html.escape(since)}</span> ' if since else ""
            parts.append(f'<div class="tp-turn">{said}{html.escape(turn)}</div>')
        else:  # the moves that ended the game, since the learner's last (the status was empty)
            others, decided = play.since_people()
            if others:
                parts.append(f'<div class="tp-last"><span class="tp-since">'
                             f'{html.escape(self.since_words(others, decided))}</span></div>')
        return "".join(parts)

    @staticmethod
    def since_words(others: list[str], decided: bool) -> str:
        """The moves of the others told in one sentence: since the learner's last move, or
        (``decided`` False: the learner has not moved yet) so far."""
        moves = " · ".join(others)
        since = (T._("Since your last move: {moves}.", moves=moves) if decided
                 else T._("So far: {moves}.", moves=moves))
        return since[:-1] if since.endswith("..") else since  # (the last line a sentence: Trigger's dice)

    def hint_html(self) -> str:
        """The coach's hint: the move (``data-move``), the rules it uses (``data-rules``) and
        the facts it changes."""
        hint = self.play.hinted
        if hint is None:
            return ""
        rules = ", ".join(f"{title} [{rule}]" for rule, title in hint.rules)
        shown = self.drawer.fact_value  # the engine's words and values in the page's language
        gains = "; ".join(T._("{fact}: {before} → {after}", fact=label,
                              before=shown(before, key) or "-", after=shown(after, key) or "-")
                          for key, (label, before, after) in zip(hint.keys, hint.gains))
        ids = " ".join(rule for rule, _ in hint.rules)
        return (f'<div class="tp-hint" role="status" data-move="{html.escape(hint.text)}" '
                f'data-rules="{html.escape(ids)}"><b>{html.escape(T._("Hint: {move}", move=hint.text))}</b>'
                + (f'<div>{html.escape(T._("Rules it uses: {rules}", rules=rules))}</div>' if rules else "")
                + (f'<div>{html.escape(T._("What it changes: {gains}", gains=gains))}</div>' if gains else "")
                + "</div>")

    def closest_html(self) -> str:
        """After a refused move, the legal moves closest to it (``data-moves``)."""
        play = self.play
        if not play.near:
            return ""
        shown = [play.game.move_display(play.state, m) for m in play.near]
        texts = [play.game.move_text(play.state, m) for m in play.near]
        return (f'<div class="tp-closest" data-moves="{html.escape("|".join(texts))}">'
                + html.escape(T._("Allowed moves close to yours: {moves}", moves=", ".join(shown)))
                + "</div>")

    def turn_text(self) -> str:
        return " ".join(filter(None, self.turn_parts()))

    def turn_parts(self) -> tuple[str, str]:
        """What happened since the person to move last decided (the computers' moves, the
        dice: "" where nothing did), and whose turn it is and how to move."""
        play = self.play
        mover = play.mover()
        if mover == CHANCE:
            return "", T._("The dice are rolled…")
        name = play.players()[mover]
        if not play.person_to_move():
            return "", T._("The computer plays for {player}…", player=name)
        others = play.since_last_decision()  # what the computers did meanwhile
        # ("since your last move" only once the learner has moved in this game)
        since = self.since_words(others, play.decided_before()) if others else ""
        return since, self.extras.turn_text(play) or self._where(name)

    def _where(self, name: str) -> str:
        """Where the person on turn makes a move: the board, the hand, or the list."""
        where = self.clicks_move()
        if where == BOARD:
            return T._("{player} to play: click the board, pick a move from the list, or type "
                       "one.", player=name)
        if where == PANEL:
            return T._("{player} to play: click a card in the hand, pick a move from the list, "
                       "or type one.", player=name)
        return T._("{player} to play: pick a move from the list, or type one.", player=name)

    def clicks_move(self) -> str:
        """Where a click makes a legal move now: on the board drawn now (:data:`BOARD`), on
        the players' panel drawn with it (:data:`PANEL`: a card of Canyon's hand in the
        tricks, InTrappola's discard), or nowhere ("": InTrappola's pass)."""
        play = self.play
        state = play.state
        for where, places in ((BOARD, self.places), (PANEL, self.panel_places)):
            if any(play.game.is_legal(state, move) for name in places
                   for move in play.moves_for_click(state, name)):
                return where
        return ""

    def clicks_make(self, move: Any) -> str:
        """Where clicks can make ``move`` (:meth:`clicks_move`'s places: those the coach would
        mark, :meth:`~widgets.games.freeplay.FreePlay.targets_of`), or ""."""
        for where, places in ((BOARD, self.places), (PANEL, self.panel_places)):
            if places and self.play.targets_of(self.play.state, move, places):
                return where
        return ""

    def over_html(self) -> str:
        """The game-over summary (the engine's outcome) and the scores, winners marked."""
        play = self.play
        outcome = play.game.outcome(play.state)
        # alone (Trigger's solo game) there is a score, no winner (the engine names the player)
        won = outcome.winners if len(play.players()) > 1 else ()
        rows = "".join(
            f'<tr class="{"tp-won" if p in won else ""}" data-player="{html.escape(name)}"'
            f' data-score="{score}"{WINNER if p in won else ""}>'
            f"<td>{html.escape(name)}</td>"
            f"<td>{html.escape(str(score))}</td>"
            f'<td>{html.escape(T._("winner") if p in won else "")}</td></tr>'
            for p, (name, score) in enumerate(zip(play.players(), outcome.scores)))
        return (f'<div class="tp-over">{html.escape(play.summary())}</div>'
                f'<table class="tp-scores"><tr><th scope="col">{html.escape(T._("Player"))}</th>'
                f'<th scope="col">{html.escape(T._("Score"))}</th><th scope="col">'
                f'<span class="tp-sr">{html.escape(T._("Result"))}</span></th></tr>{rows}</table>'
                + self.extras.over_html(play))


