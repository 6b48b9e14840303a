"""The games, by name.

Each game is a sub-package of ``tutor`` that exposes ``GAME`` (an instance of its
:class:`~tutor.core.game.Game`). They are found by looking, so adding a game touches no
shared file. A game that lives elsewhere (the example game ``examples.nim``, a game under
construction) joins with :func:`register`, or :func:`load` of its module path (the CLI's
``--load examples.nim``). A name read from a file never imports anything but a game
package of ``tutor``.

>>> "trapper" in names()
True
>>> get("trapper").name
'trapper'
"""
from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache
from pathlib import Path
from typing import Any

import tutor

from .errors import BadOption
from .game import Game


#: games registered from outside ``tutor/``, by name
_EXTRA: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Make a game from outside ``tutor/`` known to :func:`get` by its name (walkthroughs,
    saved games, the CLI). The shipped games (:func:`games`) stay the sub-packages."""
    _EXTRA[game.name] = game
    return game


def extras() -> dict[str, Game[Any, Any]]:
    """The games registered from outside ``tutor/``."""
    return dict(_EXTRA)


@cache
def games() -> dict[str, Game[Any, Any]]:
    """The shipped games: the sub-packages of ``tutor`` that name a ``GAME``, by name."""
    found: dict[str, Game[Any, Any]] = {}
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


def get(name: str) -> Game[Any, Any]:
    """The game called ``name``; a clear error lists the known ones otherwise.

    A game whose package has its name (``tutor.<name>``) is imported alone: an app showing
    one game does not import the others (their memory and start time)."""
    if name in _EXTRA:
        return _EXTRA[name]
    game = _alone(name)
    if game is not None:
        return game
    try:
        return games()[name]
    except KeyError:
        known = ", ".join([*names(), *_EXTRA])
        raise BadOption(f"no game called {name!r}; known games: {known}") from None


def load(path: str) -> Game[Any, Any]:
    """Import the module ``path`` (``"examples.nim"``) and register its ``GAME``."""
    try:
        game = getattr(importlib.import_module(path), "GAME", None)
    except ImportError as exc:
        raise BadOption(f"cannot import {path!r}: {exc}") from None
    if not isinstance(game, Game):
        raise BadOption(f"module {path!r} has no GAME")
    return register(game)


@cache
def _alone(name: str) -> Game[Any, Any] | None:
    """The game of package ``tutor.<name>`` if that package exists and names its game so."""
    if not name.isidentifier() or name == "core" or package_folder(name) is None:
        return None
    game = getattr(importlib.import_module(f"tutor.{name}"), "GAME", None)
    return game if isinstance(game, Game) and game.name == name else None


def package_folder(name: str) -> Path | None:
    """The folder of the sub-package ``tutor.<name>``, found without importing it.

    >>> package_folder("trapper").name, package_folder("no_such_game")
    ('trapper', None)
    """
    if not name.isidentifier():
        return None
    spec = importlib.util.find_spec(f"tutor.{name}")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])
