"""Each game's pages: one module per game (its board drawer and its free play together),
listed in :data:`GAMES`, the registry the pages ask (:func:`kit_for`, :func:`drawer_for`).

A :class:`Kit` makes the game's own :class:`~widgets.games.freeplay.FreePlay` (its clicks, its
computers, what it shows through whose eyes), its board drawer and its
:class:`~widgets.games.session.Extras`. The free-play pages start a whole game with them;
the lesson page uses the same parts for a try-it step (the learner's clicks mean what they mean
in free play) and to play on from a step. A game without a module here (the example game, a
game under construction) gets the shell itself: listed and typed moves, a computer that plays
any legal move, the game's facts as its board.

>>> from examples.nim import GAME as nim
>>> kit = kit_for(nim)
>>> play = kit.new_play()
>>> type(play).__name__, type(kit.drawer(nim)).__name__, play.game is nim
('FreePlay', 'FactsDrawer', True)
>>> drawer_for("trapper").__name__, drawer_for("no-such-game").__name__
('TrapperDrawer', 'FactsDrawer')
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from widgets.games.freeplay import FreePlay
from widgets.games.session import Extras
from widgets.parts.drawing import BoardDrawer, FactsDrawer

#: the games with pages of their own, by the engine's name: the module that draws and plays it
GAMES = {
    "trapper": "widgets.games.trapper",
    "canyon": "widgets.games.canyon",
    "intrappola": "widgets.games.intrappola",
    "trigger": "widgets.games.trigger",
}


@dataclass(frozen=True)
class Kit:
    """What free play of one game is made of (a try-it step and "play on from here" use it
    too): each game's module has one, its ``KIT``."""

    #: a new game of the game's own free play (its options as keywords, ``seed`` among them)
    new_play: Callable[..., FreePlay]
    #: the board drawer's class (called with the game)
    drawer: Callable[[Any], BoardDrawer]
    #: the game's additions to the shell
    extras: Callable[[], Extras] = Extras
    #: a new game without a seed asked for is dealt at random (else seed 0)
    fresh_seed: bool = False


def kit(name: str) -> Kit | None:
    """The kit of the game called ``name`` (None: not in :data:`GAMES`)."""
    return importlib.import_module(GAMES[name]).KIT if name in GAMES else None


def kit_for(game: Any) -> Kit:
    """The free-play kit of ``game``, else the plain shell."""
    return kit(game.name) or Kit(lambda **options: FreePlay(game, None), FactsDrawer, Extras)


def drawer_for(name: str) -> type[BoardDrawer]:
    """The drawer class of the game called ``name``, else :class:`FactsDrawer`."""
    found = kit(name)
    return found.drawer if found is not None else FactsDrawer  # type: ignore[return-value]
