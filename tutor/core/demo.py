"""The example game Nim under its old name, for the views' tests and doctests.

The game itself lives in ``examples/nim`` (the template of ``docs/new-game.md``); this
module only re-exports it. New code imports ``examples.nim``.
"""
from examples.nim import NimGame as Nim
from examples.nim import NimState, Take

__all__ = ["Nim", "NimState", "Take"]
