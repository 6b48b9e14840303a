"""The lesson's maker of steps (no widgets here): :class:`StepComposer` turns a replayed frame
into its :class:`~widgets.parts.step.StepView`, kept per frame and per view setting, so that
going back and forth only sends what was made once.

>>> from examples.nim import NimGame as Nim
>>> from tutor.core.walkthrough import Frame, Replay
>>> from widgets.parts.drawing import FactsDrawer
>>> nim = Nim()
>>> s0 = nim.initial_state({"heap": 5})
>>> s1 = nim.apply(s0, nim.parse_move(s0, "take 2"))
>>> frames = (Frame(0, s0, "Five counters.", ()),
...           Frame(1, s1, "P1 takes two.", ("nim.take",), move_text="take 2", before=s0))
>>> composer = StepComposer(Replay(None, nim, frames), FactsDrawer(nim))
>>> shown = composer.view(1)
>>> shown.label, "P1 takes two." in shown.narration, "nim.take" in shown.rules
('Step 1 of 1', True, True)
>>> shown.alt.startswith("Move: take 2. heap is now 3.")
True
>>> composer.view(1) is shown  # made once
True
"""
from __future__ import annotations

from typing import Any

from widgets.games import Kit, kit_for
from widgets.games.session import BOARD, PANEL
from widgets.pages.lesson.model import BACK, FORWARD, asking_session, following, opening, phases
from widgets.parts.drawing import BoardDrawer
from widgets.parts.html import (move_html, paragraphs, refusal_html, rules_html, stronger_html,
                                stronger_words)
from widgets.parts.step import Phase, StepView
from widgets.parts.texts import T

#: what the page needs of the free-play scene of a step that asks
ASKING_SCENE = ("board", "status", "moves", "choices", "actions", "can_move", "panel", "legend")


def asking_scene(scene: dict) -> dict:
    """The part of a free-play scene a step that asks shows (its board, the moves, the
    game's buttons, what the click meant)."""
    return {key: scene[key] for key in ASKING_SCENE}


def mover_name(game: Any, frame: Any) -> str | None:
    """The name of the player whose move a try-it step asks for (None: no one player)."""
    mover = game.to_move(frame.before)
    players = game.players(frame.before)
    return players[mover] if isinstance(mover, int) and 0 <= mover < len(players) else None


def try_prompt(game: Any, frame: Any, clickable: str = BOARD) -> str:
    """What a try-it step asks, in a sentence naming the player to move; a click is offered
    only where one makes the move (``clickable``: on the board, on a card in the hand, "":
    nowhere, :meth:`~widgets.games.session.PlaySession.clicks_make`)."""
    player = mover_name(game, frame)
    if player is not None and clickable == BOARD:
        return T._("Your turn: make {player}’s move. Click the board, pick the move from the "
                   "list, or type it.", player=player)
    if player is not None and clickable == PANEL:
        return T._("Your turn: make {player}’s move. Click the card in the hand, pick it from "
                   "the list, or type it.", player=player)
    if player is not None:
        return T._("Your turn: make {player}’s move. Pick it from the list, or type it.",
                   player=player)
    return T._("Your turn: make the next move. Pick it from the list, or type it.")


def task_data(game: Any, kit: Kit, frame: Any, drawer: BoardDrawer | None = None) -> dict | None:
    """What a step that asks shows before its move (None for a step that only shows): what
    the lesson decides for the page ahead (``opens``: the phase it opens in, arrived at going
    ``forward`` or ``back``; ``then``: the phase Next moves each asking phase on to), the
    try-it prompt, the question, and the board before the move as free play draws it. A
    choice no catalog translated (a lesson written by playing it) is said as the game's
    drawer says the fact's values (``yes`` in Dutch: ``ja``)."""
    order = phases(frame)
    if order == [Phase.DONE] or frame.before is None:
        return None
    found: dict = {
        "opens": {way: opening(frame, way).value for way in (FORWARD, BACK)},
        "then": {p.value: following(frame, p).value for p in order if following(frame, p)},
    }
    session = asking_session(game, kit, frame)
    if Phase.TRY in order:
        found["prompt"] = try_prompt(game, frame, session.clicks_make(frame.move))
        found["example"] = frame.move_words or ""
    if frame.question is not None:
        asked, said = frame.question, drawer or kit.drawer(game)
        choices = [shown if shown != key else said.choice_value(key, asked.fact)
                   for shown, key in zip(asked.choices, asked.keys)]
        found["ask"] = {"prompt": asked.prompt, "choices": choices, "number": not choices}
    found["scene"] = asking_scene(session.scene)
    session.close()
    return found


def step_name(frame: Any) -> str:
    """A step's name in the step list: "3 · A raises to 4" (step 0 is the setup)."""
    if frame.index == 0:
        return T._("{index} · {title}", index=0, title=T._("Setup"))
    name = frame.title or getattr(frame, "move_words", frame.move_text) or ""
    return T._("{index} · {title}", index=frame.index, title=name) if name else str(frame.index)


class StepComposer:
    """The steps of one replayed walkthrough, composed for the page on demand."""

    def __init__(self, replay: Any, drawer: BoardDrawer):
        self.replay = replay
        self.game = replay.game
        self.drawer = drawer
        self.kit = kit_for(self.game)
        self.frames = tuple(replay.frames)
        self._kept: dict[tuple, StepView] = {}

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def names(self) -> list[str]:
        return [step_name(f) for f in self.frames]

    def setting_key(self) -> tuple:
        return tuple(sorted(self.drawer.setting.items()))

    def forget(self) -> None:
        """Drop every composed step (a view setting changed)."""
        self._kept.clear()

    def view(self, index: int) -> StepView:
        key = (index, self.setting_key())
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = self._compose(self.frames[index])
        return found

    def _compose(self, frame: Any) -> StepView:
        drawer = self.drawer
        if frame.refusal is not None:
            move = refusal_html(frame.refusal, move_text=frame.move_words,
                                note=T._("This move is not allowed, so nothing changes on the "
                                         "board."))
        else:
            move = move_html(frame.move_words)
        title = frame.title if frame.index else T._("Setup")
        return StepView(
            index=frame.index,
            label=T._("Step {index} of {last}", index=frame.index, last=self.last),
            title=title,
            board=drawer.board(frame),
            alt=drawer.describe(frame),
            panel=drawer.panel(frame),
            legend=drawer.legend(frame),
            move=move,
            narration=paragraphs(frame.narration) + stronger_html(frame),
            said=" ".join(" ".join((frame.narration, *(stronger_words(frame) or ()))).split()),
            rules=rules_html(self.game, frame.rule_ids),
            switches=tuple(drawer.switches(frame)),
            task=task_data(self.game, self.kit, frame, drawer),
        )
