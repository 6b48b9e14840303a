"""Each game's free-play parts, found by looking: ``KIT`` in ``widgets/play/<game>.py``.

A :class:`Kit` makes the game's own :class:`~widgets.play.model.FreePlay` (its clicks, its
computers, what it shows through whose eyes), its board drawer and its :class:`Extras`. The
free-play notebooks start a whole game with them; the lesson page uses the same parts for a
try-it step (the learner's clicks mean what they mean in free play) and to play on from a
step. A game without a free-play module gets the shell itself: listed and typed moves, a
computer that plays any legal move, the game's drawer (or its facts).

>>> from examples.nim import GAME as nim
>>> kit = kit_for(nim)
>>> play = kit.new_play()
>>> type(play).__name__, type(kit.drawer(nim)).__name__, play.game is nim
('FreePlay', 'FactsDrawer', True)
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from ..boards import BoardDrawer, drawer_for
from .model import FreePlay
from .session import Extras


@dataclass(frozen=True)
class Kit:
    """What free play of one game is made of."""

    #: a new game of the game's own free play, with its default options
    new_play: Callable[[], FreePlay]
    #: the board drawer's class (called with the game)
    drawer: Callable[[Any], BoardDrawer]
    #: the game's additions to the shell
    extras: Callable[[], Extras] = Extras


def kit_for(game: Any) -> Kit:
    """The free-play kit of ``game``: ``widgets.play.<game>.KIT``, else the plain shell."""
    name = f"{__package__}.{game.name.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        module = None
    found = getattr(module, "KIT", None)
    if isinstance(found, Kit):
        return found
    return Kit(lambda: FreePlay(game, None), drawer_for(game.name), Extras)
