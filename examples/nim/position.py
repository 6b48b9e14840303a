"""Nim positions in the core grammar (``docs/position-text.md``)::

    heap: 7
    turn: P2           # who takes next (default: the first player)
    taken P1: 2        # counters a player has taken so far (default 0)
    variant: misere    # default: the options' variant
"""
from __future__ import annotations

from typing import Mapping

from tutor.core import position as grammar
from tutor.core.errors import BadOption, BadState

from .options import read_options
from .state import NimState
from .variants import VARIANTS


def parse_position(text: str, options: Mapping[str, object] | None = None) -> NimState:
    pos = grammar.parse(text)
    pos.check_keys(plain=("heap", "turn", "variant"), subjects=("taken",))
    try:
        players, heap, variant = read_options(options)
    except BadOption as exc:
        raise BadState(exc.problem, where=f"options, {exc.where}") from None
    if (entry := pos.get("heap")) is not None:
        heap = entry.number(lo=0, hi=1000)
    if (entry := pos.get("variant")) is not None:
        variant = entry.choice(VARIANTS)
    turn = players.index(entry.choice(players)) if (entry := pos.get("turn")) else 0
    taken = [0, 0]
    for entry in pos.every("taken"):
        if entry.subject not in players:
            entry.fail(f"no player called {entry.subject!r}", entry.subject_column)
        taken[players.index(entry.subject)] = entry.number(lo=0)
    return NimState(players, heap, turn, tuple(taken), variant)


def position_text(state: NimState) -> str:
    lines = [grammar.entry_text("heap", state.heap),
             grammar.entry_text("turn", state.players[state.turn]),
             grammar.entry_text("variant", state.variant)]
    lines += [grammar.entry_text("taken", n, subject=p) for p, n in zip(state.players, state.taken)]
    return "\n".join(lines) + "\n"
