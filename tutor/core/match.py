"""A game being played: the history of states and moves, undo, save and load.

A :class:`Match` owns the history; views only report what was clicked. Stepping back is
an index (``undo`` drops the last move). A saved game is the game's name, its options, the
seed and the moves as text, so a file stays readable and is checked move by move on load.

>>> from examples.nim import GAME as nim
>>> m = Match.new(nim, {"heap": 5}, seed=0)
>>> m.play_text("take 2").play_text("take 1").facts()["heap"]
2
>>> m.undo().facts()["heap"]
3
>>> Match.load(m.save(), games={"nim": nim}).moves_text()
['take 2']
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, TypeVar

from . import inputs, registry
from .errors import BadState, IllegalMove, MalformedInput
from .game import Fact, Game
from .i18n import translator

T = translator("core")  # the texts a learner sees when a saved game cannot be read
S = TypeVar("S")
M = TypeVar("M")


@dataclass
class Match(Generic[S, M]):
    game: Game[S, M]
    options: Mapping[str, object]
    seed: int
    states: list[S]
    moves: list[M] = field(default_factory=list)

    @classmethod
    def new(cls, game: Game[S, M], options: Mapping[str, object] | None = None,
            seed: int = 0) -> "Match[S, M]":
        options = dict(options or {})
        return cls(game, options, seed, [game.initial_state(options, seed)])

    @property
    def state(self) -> S:
        return self.states[-1]

    def facts(self) -> dict[str, Fact]:
        return self.game.facts(self.state)

    def play(self, move: M) -> "Match[S, M]":
        """Apply a move (IllegalMove leaves the match as it was)."""
        self.states.append(self.game.apply(self.state, move))
        self.moves.append(move)
        return self

    def play_text(self, text: str) -> "Match[S, M]":
        return self.play(self.game.parse_move(self.state, text))

    def undo(self) -> "Match[S, M]":
        """Take back the last move; nothing happens at the start."""
        if self.moves:
            self.moves.pop()
            self.states.pop()
        return self

    def moves_text(self) -> list[str]:
        return [self.game.move_text(s, m) for s, m in zip(self.states, self.moves)]

    def save(self) -> str:
        """The match as JSON text (game, options, seed, moves as text)."""
        return json.dumps({"game": self.game.name, "options": self.options, "seed": self.seed,
                           "moves": self.moves_text()}, indent=1)

    @classmethod
    def load(cls, text: str | bytes,
             games: Mapping[str, Game[Any, Any]] | None = None) -> "Match[Any, Any]":
        """A match from :meth:`save`'s text (or UTF-8 bytes); whatever the input, a problem is
        a BadState naming the field or the move that is wrong (in words, and in its ``field``,
        ``move`` and ``rule_id``), never a crash."""
        where = T._("saved game")
        data = inputs.load_json(text, where, BadState)
        if not isinstance(data, dict):
            raise BadState(T._("expected an object with game, options, seed, moves"),
                           where=where)
        for key, kind in (("game", str), ("options", dict), ("seed", int), ("moves", list)):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise BadState(T._("field '{field}' is missing or not a {kind}", field=key,
                                   kind=kind.__name__), where=where, field=key)
        if not 0 <= data["seed"] < 2**63:
            raise BadState(T._("the seed is a whole number from 0 to 2**63 - 1"),
                           where=T._("saved game, field '{field}'", field="seed"), field="seed")
        lookup: Callable[[str], Game[Any, Any] | None] = games.get if games else registry.get
        try:
            game = lookup(data["game"])
        except MalformedInput:
            game = None
        if game is None:
            raise BadState(T._("unknown game {name}", name=repr(data["game"])),
                           where=T._("saved game, field '{field}'", field="game"), field="game")
        try:
            match = inputs.guarded(lambda: cls.new(game, data["options"], data["seed"]), "")
        except MalformedInput as exc:
            raise BadState(exc.problem, where=T._("saved game, field '{field}'", field="options"),
                           field="options") from None
        for number, move in enumerate(data["moves"], start=1):
            at = T._("saved game, move {number}", number=number)
            if not isinstance(move, str):
                raise BadState(T._("a move must be a text"), where=at, move=number)
            try:
                inputs.guarded(lambda: match.play_text(move), "")
            except MalformedInput as exc:
                raise BadState(exc.problem, where=at, move=number) from None
            except IllegalMove as exc:  # the file does not describe a legal game
                raise BadState(T._("{move} is not legal here: {problem}", move=repr(move),
                                   problem=exc), where=at, move=number,
                               rule_id=exc.rule_id) from None
        return match
