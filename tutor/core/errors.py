"""The error family of the engine.

Two kinds of problem reach a learner or an author, and they are kept apart:

* :class:`IllegalMove` - the move is well formed but the rules forbid it. It carries the
  stable id of the rule that forbids it and a plain-language reason taken from the game's
  rule catalogue. The state it was tried on is never changed (states are immutable).
* :class:`MalformedInput` - the input itself cannot be read: a move text that does not
  parse, a saved game or position that is not valid, a walkthrough file with a missing
  field. It names where the problem is (file, step, field) and what is wrong.

>>> err = IllegalMove("trapper.take.water", "bear 4 has its water side towards the green trapper")
>>> str(err)
'bear 4 has its water side towards the green trapper [trapper.take.water]'
"""
from __future__ import annotations

from typing import Any


class TutorError(Exception):
    """Base of every error the engine raises on purpose. Copied and pickled with every field
    it was made with (Exception's own way passes only the message, which these ``__init__``
    do not take: a deep copy of a page's state holding a refusal failed)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _remade, (type(self), self.args, self.__dict__)


def _remade(cls: type[TutorError], args: tuple[Any, ...], fields: dict[str, Any]) -> TutorError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    return error


class IllegalMove(TutorError):
    """A move the rules forbid. ``rule_id`` names the rule, ``reason`` explains it."""

    def __init__(self, rule_id: str, reason: str, move_text: str | None = None):
        super().__init__(f"{reason} [{rule_id}]")
        self.rule_id = rule_id
        self.reason = reason
        self.move_text = move_text


class MalformedInput(TutorError):
    """Input that cannot be read at all. ``where`` locates it, ``problem`` says what is wrong
    (both already in the learner's language). Where the reader knows more, it says it in
    fields a page can use whatever the language: ``field`` (the field that is wrong, e.g.
    ``"options"``), ``move`` (the number of the move, from 1, that cannot be read or played),
    ``rule_id`` (the rule that refused that move) and ``line`` (the line, from 1, of a written
    text: a position).

    >>> str(MalformedInput("bad colour 'pink'", where="green_turn.toml, step 2, field 'move'"))
    "green_turn.toml, step 2, field 'move': bad colour 'pink'"
    """

    def __init__(self, problem: str, where: str | None = None, *, field: str | None = None,
                 move: int | None = None, rule_id: str | None = None, line: int | None = None):
        super().__init__(f"{where}: {problem}" if where else problem)
        self.problem = problem
        self.where = where
        self.field = field
        self.move = move
        self.rule_id = rule_id
        self.line = line


class BadMoveText(MalformedInput):
    """A move text that does not parse. ``text``: the text, where it is the whole text that
    cannot be read (not one of its parts: a square, a colour). ``rule_id``: the rule that
    forbids what the text asks, where it names a move no move of the game can hold (Trapper's
    colour swap paid with two colours): a lesson refuses it by that rule."""

    def __init__(self, problem: str, where: str | None = None, *, text: str | None = None,
                 rule_id: str | None = None, **fields: Any):
        super().__init__(problem, where, **fields)
        self.text = text
        self.rule_id = rule_id


class BadMove(MalformedInput):
    """A move object the game did not make: another class, or a field of the wrong type
    (:mod:`tutor.core.movecheck`)."""


class BadState(MalformedInput):
    """A saved state (JSON) or a written position that is not a valid state of the game."""


class BadWalkthrough(MalformedInput):
    """A walkthrough file that is malformed, or whose replay does not match its expectations."""


class BadOption(MalformedInput):
    """An unknown or out-of-range game option (players, variant, ...)."""
