"""The free-play view (``widgets/static/play.js`` draws it) around a
:class:`~widgets.games.session.PlaySession`: the game's free play and its board drawer.

Python sends the whole scene as one trait (``scene``: the board, the panel, the status - a
refusal, a message, whose turn -, the moves to pick, the game's buttons, the log, the setup);
the page reports what the learner does (:data:`widgets.parts.messages.PLAY`). A refusal is
shown in the story column: the board never moves.

>>> from examples.nim import NimGame as Nim
>>> from widgets.parts.drawing import FactsDrawer
>>> from widgets.games.freeplay import FreePlay
>>> page = PlayPage(FreePlay(Nim(), {"heap": 5}), FactsDrawer(Nim()), pace=0)
>>> [label for label, _ in page.scene["moves"]]
['take 1', 'take 2', 'take 3']
>>> page.handle({"type": "typed", "text": "take 9"})
>>> "nim.take" in page.scene["status"] and page.play.state.heap
5
"""
from __future__ import annotations

import random
from typing import Any

import traitlets

from tutor.core.game import CHANCE

from widgets import games
from widgets.games.freeplay import LIMIT, PACE, FreePlay
from widgets.games.session import Extras, PlaySession
from widgets.parts.drawing import BoardDrawer
from widgets.parts.messages import PLAY, Language
from widgets.parts.texts import T
from widgets.parts.view import View
from widgets.parts.words import words
from widgets.serving.language import Speaking, switch


class PlayPage(Speaking, View):
    """A game being played, on the page (see the module's docs)."""

    kind = traitlets.Unicode("play").tag(sync=True)
    MESSAGES = PLAY
    title = traitlets.Unicode("").tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    scene = traitlets.Dict().tag(sync=True)
    #: the last save's text (not synced: the keep-alive widget follows it, so a page whose
    #: kernel is gone can offer to reload from it)
    saved = traitlets.Unicode("")

    def __init__(self, play: FreePlay, drawer: BoardDrawer, extras: Extras | None = None,
                 pace: float = PACE, title: str = ""):
        self._title = title
        texts = words("play")
        super().__init__(title=title or T._("{game}: play a whole game", game=play.game.title),
                         game=play.game.title, texts=texts)
        self.session = PlaySession(play, drawer, extras, pace, publish=self._publish)

    def _publish(self, scene: dict) -> None:
        self.scene = scene
        self.saved = scene["saved"]

    @property
    def play(self) -> FreePlay:
        return self.session.play

    def act(self, message: Any) -> None:
        match message:
            case Language(lang=lang):  # the language menu
                if switch(lang) is not None:
                    self.relocalize()
            case _:
                self.session.act(message)

    def relocalize(self, asked: Any = None) -> None:
        """Make every text again in the current language (the menu, or a preheated kernel
        that built the page before its request came); the game is not touched."""
        with self.hold_sync():
            self.texts = words("play")
            self.title = self._title or T._("{game}: play a whole game", game=self.play.game.title)
            self.game = self.play.game.title
            self.play.retell()  # the moves so far, told in the new language
            self.session.show()
            self.speak(asked)

    def restore(self, text: str) -> None:
        self.session.restore(text)

    def release(self) -> None:
        """The learner left: the computers stop (no move is played on a timer any more)."""
        self.session.close()


def play_app(name: str, pace: float = PACE, seed: int | None = None, **options: Any) -> PlayPage:
    """Free play of the game called ``name`` as one widget, with the game's options (players,
    seats, variant, mode, pictures...; wrong ones raise BadOption); without a seed, a game whose
    deal should differ each visit is dealt at random (:attr:`widgets.games.Kit.fresh_seed`)."""
    kit = games.kit(name)
    if kit is None:
        raise LookupError(f"no free play of {name!r}")
    if seed is None:
        seed = random.randrange(10 ** 6) if kit.fresh_seed else 0
    play = kit.new_play(seed=seed, **options)
    opening(play)
    return PlayPage(play, kit.drawer(play.game), kit.extras(), pace=pace)


def opening(play: FreePlay) -> int:
    """Make the game's opening chance at once (Trigger's opening roll, a deal), from its seed:
    the page opens on the position after it, the one its first paint shows (widgets/app.py
    play_view, sitebuild/paint.py), not on the one before it with the dice rolled 0.6 s after
    (the first paint showed the board before the roll, the page the board after it: a phone's
    board 39 px shorter, a projector's wider, when the page came). How many moves it made.

    >>> from widgets.games import kit
    >>> play = kit("trigger").new_play(seed=0)
    >>> play.mover() == CHANCE, opening(play) > 0, play.person_to_move()
    (True, True, True)
    """
    made = 0
    while not play.over and play.mover() == CHANCE and made < LIMIT and play.step():
        made += 1
    return made
