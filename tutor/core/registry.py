"""The games, by name.

Each game is a sub-package of ``tutor`` that exposes ``GAME`` (an instance of its
:class:`~tutor.core.game.Game`). They are found by looking, so adding a game touches no
shared file.

>>> "trapper" in names()
True
>>> get("trapper").name
'trapper'
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import tutor

from .errors import BadOption
from .game import Game


@cache
def games() -> dict[str, Game]:
    found = {}
    for info in pkgutil.iter_modules(tutor.__path__):
        if not info.ispkg or info.name == "core":
            continue
        module = importlib.import_module(f"tutor.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return dict(sorted(found.items()))


def names() -> list[str]:
    return list(games())


def get(name: str) -> Game:
    """The game called ``name``; a clear error lists the known ones otherwise."""
    try:
        return games()[name]
    except KeyError:
        raise BadOption(f"no game called {name!r}; known games: {', '.join(names())}") from None
