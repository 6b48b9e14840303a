"""A game being played: the history of states and moves, undo, save and load.

A :class:`Match` owns the history; views only report what was clicked. Stepping back is
an index (``undo`` drops the last move). A saved game is the game's name, its options, the
seed and the moves as text, so a file stays readable and is checked move by move on load.

>>> from tutor.core.demo import Nim
>>> m = Match.new(Nim(), {"heap": 5}, seed=0)
>>> m.play_text("take 2").play_text("take 1").facts()["heap"]
2
>>> m.undo().facts()["heap"]
3
>>> Match.load(m.save(), games={"nim": Nim()}).moves_text()
['take 2']
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable, Mapping

from . import registry
from .errors import BadState, MalformedInput
from .game import Game, Move, State
from .i18n import translator

T = translator("core")  # the texts a learner sees when a saved game cannot be read


@dataclass
class Match:
    game: Game
    options: Mapping[str, object]
    seed: int
    states: list[State]
    moves: list[Move] = field(default_factory=list)

    @classmethod
    def new(cls, game: Game, options: Mapping[str, object] | None = None, seed: int = 0) -> "Match":
        options = dict(options or {})
        return cls(game, options, seed, [game.initial_state(options, seed)])

    @property
    def state(self) -> State:
        return self.states[-1]

    def facts(self) -> dict[str, object]:
        return self.game.facts(self.state)

    def play(self, move: Move) -> "Match":
        """Apply a move (IllegalMove leaves the match as it was)."""
        self.states.append(self.game.apply(self.state, move))
        self.moves.append(move)
        return self

    def play_text(self, text: str) -> "Match":
        return self.play(self.game.parse_move(self.state, text))

    def undo(self) -> "Match":
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
    def load(cls, text: str, games: Mapping[str, Game] | None = None) -> "Match":
        """A match from :meth:`save`'s text; errors name the field or the move that is wrong."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadState(T._("not JSON: {problem}", problem=exc), where=T._("saved game")) from None
        if not isinstance(data, dict):
            raise BadState(T._("expected an object with game, options, seed, moves"),
                           where=T._("saved game"))
        for key, kind in (("game", str), ("options", dict), ("seed", int), ("moves", list)):
            if not isinstance(data.get(key), kind):
                raise BadState(T._("field '{field}' is missing or not a {kind}", field=key,
                                    kind=kind.__name__), where=T._("saved game"))
        lookup: Callable[[str], Game] = games.get if games else registry.get
        game = lookup(data["game"])
        if game is None:
            raise BadState(T._("unknown game {name}", name=repr(data["game"])),
                           where=T._("saved game, field '{field}'", field="game"))
        try:
            match = cls.new(game, data["options"], data["seed"])
        except MalformedInput as exc:
            raise BadState(exc.problem,
                           where=T._("saved game, field '{field}'", field="options")) from None
        for number, text in enumerate(data["moves"], start=1):
            where = T._("saved game, move {number}", number=number)
            if not isinstance(text, str):
                raise BadState(T._("a move must be a text"), where=where)
            try:
                match.play_text(text)
            except MalformedInput as exc:
                raise BadState(exc.problem, where=where) from None
            except Exception as exc:  # IllegalMove: the file does not describe a legal game
                raise BadState(T._("{move} is not legal here: {problem}", move=repr(text), problem=exc),
                              where=where) from None
        return match
