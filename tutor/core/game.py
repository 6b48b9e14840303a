"""The one contract every game implements.

A :class:`Game` is a set of pure functions over immutable states. The tutor, the step
player, the walkthrough replay and the shared contract test only ever talk to a game
through this class, so a new game is a new subclass and nothing else changes.

Legal moves and ``apply`` share a single check, :meth:`Game.violation`: the listing is the
candidates that pass it, ``apply`` refuses what fails it. They cannot disagree.

Chance is explicit. A game either keeps its random order in the state (a shuffled draw pile,
reshuffled with :func:`tutor.core.seeding.rng`) or, where a real random event is part of a
turn (dice), makes it a move of the :data:`CHANCE` player, listed with probabilities by
:meth:`Game.chance_outcomes`. A walkthrough fixes chance by writing the position or the
chance move ("roll 5 6") itself.

A tiny example game, Nim with one heap, shows the whole contract::

    >>> from tutor.core.demo import Nim
    >>> nim = Nim()
    >>> s = nim.initial_state({"heap": 5}, seed=0)
    >>> [nim.move_text(s, m) for m in nim.legal_moves(s)]
    ['take 1', 'take 2', 'take 3']
    >>> s2 = nim.apply(s, nim.parse_move(s, "take 3"))
    >>> nim.facts(s2)["heap"], nim.to_move(s2)
    (2, 1)
    >>> nim.apply(s2, nim.parse_move(s2, "take 3"))
    Traceback (most recent call last):
    ...
    tutor.core.errors.IllegalMove: only 2 left on the heap [nim.take.heap]
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable, Iterator, Mapping

from .errors import IllegalMove
from .rules import RuleCatalogue

#: The player index of chance (dice, shuffles that are part of a turn).
CHANCE = -1

State = Any  # a game's own frozen dataclass
Move = Hashable  # a game's own frozen dataclass


@dataclass(frozen=True)
class Violation:
    """Why a move is not legal: a rule id and the parameters of its refusal text."""

    rule_id: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: a score per player and the winners (ties share)."""

    scores: tuple
    winners: tuple[int, ...]


class Game(ABC):
    """Base class of every game. Subclasses fill in the abstract methods."""

    #: registry key, e.g. ``"trapper"``
    name: str = ""
    #: shown to learners
    title: str = ""
    #: the rule catalogue (loaded from the game's ``rules.toml``)
    rules: RuleCatalogue

    # ---- states -------------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, options: Mapping[str, object] | None = None, seed: int = 0) -> State:
        """A new game. ``options`` (players, variant, ...) are checked: raise BadOption."""

    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The player index whose decision it is, :data:`CHANCE`, or None when over."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """None while the game goes on; the scores and winners once it is over."""

    def example_options(self) -> list[dict]:
        """Option sets that cover the game's variants (the contract test plays each)."""
        return [{}]

    def players(self, state: State) -> tuple[str, ...]:
        """The players' names, by index."""
        return tuple(state.players)

    # ---- moves: one check shared by listing and apply ------------------------------------
    @abstractmethod
    def candidate_moves(self, state: State) -> Iterable[Move]:
        """A lazy superset of the legal moves; each is filtered by :meth:`violation`."""

    @abstractmethod
    def violation(self, state: State, move: Move) -> Violation | None:
        """The first rule ``move`` breaks in ``state``, or None if it is legal."""

    @abstractmethod
    def play(self, state: State, move: Move) -> State:
        """The state after a move already known to be legal (never call it directly)."""

    def legal_moves(self, state: State) -> Iterator[Move]:
        """The legal moves, lazily, in a stable order."""
        return (m for m in self.candidate_moves(state) if self.violation(state, m) is None)

    def is_legal(self, state: State, move: Move) -> bool:
        return self.violation(state, move) is None

    def check(self, state: State, move: Move) -> None:
        """Raise :class:`IllegalMove` with rule id and reason if ``move`` is not legal."""
        found = self.violation(state, move)
        if found is not None:
            raise IllegalMove(
                found.rule_id,
                self.rules.reason(found.rule_id, **found.params),
                move_text=self.move_text(state, move),
            )

    def apply(self, state: State, move: Move) -> State:
        """The new state after ``move``; the old state is untouched (it is immutable)."""
        self.check(state, move)
        return self.play(state, move)

    def chance_outcomes(self, state: State) -> list[tuple[Move, float]]:
        """When :meth:`to_move` is CHANCE: the chance moves and their probabilities."""
        return []

    # ---- text ---------------------------------------------------------------------------
    @abstractmethod
    def move_text(self, state: State, move: Move) -> str:
        """A readable text that :meth:`parse_move` reads back to the same move."""

    @abstractmethod
    def parse_move(self, state: State, text: str) -> Move:
        """The move a text names; raise BadMoveText when it cannot be read."""

    # ---- saving -------------------------------------------------------------------------
    @abstractmethod
    def to_json(self, state: State) -> dict:
        """A JSON-ready dict; ``from_json(to_json(s)) == s``."""

    @abstractmethod
    def from_json(self, data: Mapping) -> State:
        """The state a dict describes; raise BadState naming the field that is wrong."""

    # ---- hidden information -------------------------------------------------------------
    def observation(self, state: State, player: int) -> State:
        """What ``player`` can see. Games with hidden hands override this."""
        return state

    # ---- walkthrough support -------------------------------------------------------------
    def parse_position(
        self, text: str, options: Mapping[str, object] | None = None, seed: int = 0
    ) -> State:
        """A state from a position text an author writes by hand (see each game's docs)."""
        raise NotImplementedError(f"{self.name} has no position text")

    @abstractmethod
    def facts(self, state: State) -> dict[str, object]:
        """Named, JSON-scalar facts about a state, used by walkthrough expectations,
        e.g. ``{"money.Anna": 26, "trapper.green": "d5"}``."""

    def move_rules(self, state: State, move: Move) -> tuple[str, ...]:
        """Rule ids a legal move shows (the step player names them when not given)."""
        return ()
