"""The one contract every game implements: :class:`Game`, generic in its state and move.

A :class:`Game` is a set of pure functions over immutable states. The tutor, the step
player, the walkthrough replay, the drills and the shared contract test only ever talk to
a game through this class, so a new game is a new subclass and nothing else changes.

Legal moves and ``apply`` share a single check, :meth:`Game.violation`: the listing is the
candidates that pass it, ``apply`` refuses what fails it. They cannot disagree.

Chance is explicit. A game either keeps its random order in the state (a shuffled draw pile,
reshuffled with :func:`tutor.core.seeding.rng`) or, where a real random event is part of a
turn (dice), makes it a move of the :data:`CHANCE` player, listed with probabilities by
:meth:`Game.chance_outcomes`. A walkthrough fixes chance by writing the position or the
chance move ("roll 5 6") itself.

What a game must write (abstract) and what it may refine (with a default):

=====================  ========================================================  ========
states                 ``initial_state``, ``players``, ``to_move``, ``outcome``   must
                       ``phase`` (a StrEnum member), ``example_options``           may
moves (one check)      ``candidate_moves``, ``violation``, ``play``                must
                       ``chance_outcomes``, ``move_rules``, ``move_kind``          may
computer players       ``computers`` (``best_move`` asks them)                    may
text                   ``move_text``, ``parse_move``                               must
                       ``parse_position``, ``position_text``                       should
saving                 ``to_json``, ``from_json`` (one codec: :mod:`.codec`)      given
                       ``json_forms`` (a type the codec cannot read from hints)   may
hidden information     ``observation``, ``resample``                               may
facts                  ``facts``                                                   must
                       ``fact_labels`` (patterns)                                  may
checks                 ``problems`` (no state may), ``invariants`` (play keeps)   may
=====================  ========================================================  ========

``rules`` is read from the ``rules.toml`` beside the module that defines the game class;
``hints`` is the game's frozen dataclass of walkthrough view hints (:mod:`tutor.core.hints`).

The example game ``examples/nim.py`` fills the whole contract on one page::

    >>> from examples.nim import GAME as nim
    >>> s = nim.initial_state({"heap": 5}, seed=0)
    >>> [nim.move_text(s, m) for m in nim.legal_moves(s)]
    ['take 1', 'take 2', 'take 3']
    >>> s2 = nim.apply(s, nim.parse_move(s, "take 3"))
    >>> nim.facts(s2)["heap"], nim.to_move(s2), nim.phase(s2).name
    (2, 1, 'PLAY')
    >>> nim.apply(s2, nim.parse_move(s2, "take 3"))
    Traceback (most recent call last):
    ...
    tutor.core.errors.IllegalMove: only 2 left on the heap [nim.take.heap]
"""
from __future__ import annotations

import random
import re
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import (Any, Callable, ClassVar, Generic, Hashable, Iterable, Iterator, Mapping, TypeVar,
                    cast)

from . import movecheck
from .codec import Codec, JsonForm
from .errors import BadOption, BadState, IllegalMove
from .hints import Hints
from .i18n import translator
from .inputs import guarded
from .rules import RuleCatalogue

T = translator("core")  # a saved state or a computer player refused in the page's language

#: The player index of chance (dice, shuffles that are part of a turn).
CHANCE = -1

#: A fact's value: a JSON scalar.
Fact = int | float | str | bool | None

S = TypeVar("S")  # a game's state: a frozen dataclass
M = TypeVar("M", bound=Hashable)  # a game's move: a frozen dataclass
F = TypeVar("F", bound=Callable[[Any], "dict[str, Fact]"])  # a game's facts(state)


class Phase(StrEnum):
    """The phases of a game that has no others: it goes on, or it is over. Every game's phases
    are a ``StrEnum`` like this one: a member is its value (``Phase.OVER == "over"``), which
    is what a saved state writes and a page shows."""

    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Violation:
    """Why a move is not legal: a rule id and the parameters of its refusal text."""

    rule_id: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: a score per player and the winners (ties share)."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]


class Game(ABC, Generic[S, M]):
    """Base class of every game. Subclasses fill in the abstract methods."""

    #: registry key, e.g. ``"trapper"``
    name: ClassVar[str] = ""
    #: shown to learners
    title: ClassVar[str] = ""
    #: the rule catalogue, read from ``rules.toml`` beside the game's module
    rules: ClassVar[RuleCatalogue]
    #: the languages the printed rulebook is in (the editions a rule's ``section`` points into),
    #: the one a learner of another language is sent to first: ``("nl", "it")``
    rulebooks: ClassVar[tuple[str, ...]] = ()
    #: the frozen dataclass of the game's walkthrough view hints
    hints: ClassVar[type[Hints]] = Hints
    #: human labels of facts: a key pattern (``{name}`` matches one dotted part) -> an English
    #: text naming the parts, translated in the game's domain: ``{"money.{player}":
    #: "{player}'s money"}``. A key no pattern matches is its own label.
    fact_labels: ClassVar[Mapping[str, str]] = {}
    #: the JSON form of a type in the game's state that the state codec cannot read from its
    #: type hints (:class:`~tutor.core.codec.JsonForm`): ``{Board: JsonForm(write, read)}``
    json_forms: ClassVar[Mapping[type, JsonForm]] = {}
    #: the game's computer players by name, the best first: each a ``choose(game, seen, rnd)``
    #: giving the move of the player deciding in ``seen`` - their observation, never more
    computers: ClassVar[Mapping[str, Callable[[Any, Any, random.Random], Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Read ``rules.toml`` beside the subclass's module unless the class sets ``rules``;
        put the guard against move objects the game did not make (:mod:`.movecheck`) in
        front of the ``violation`` and ``apply`` it writes."""
        super().__init_subclass__(**kwargs)
        movecheck.install(cls)
        if "rules" in cls.__dict__:
            return
        module = sys.modules.get(cls.__module__)
        source = getattr(module, "__file__", None)
        if source is not None and (Path(source).parent / "rules.toml").is_file():
            cls.rules = RuleCatalogue.from_file(Path(source).parent / "rules.toml")

    # ---- states -------------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, options: Mapping[str, object] | None = None, seed: int = 0) -> S:
        """A new game. ``options`` (players, variant, ...) are checked: raise BadOption."""

    @abstractmethod
    def players(self, state: S) -> tuple[str, ...]:
        """The players' names, by index."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The player index whose decision it is, :data:`CHANCE`, or None when over."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on; the scores and winners once it is over."""

    def phase(self, state: S) -> StrEnum:
        """The phase of the game, a member of the game's own StrEnum (default: play, over)."""
        return Phase.OVER if self.to_move(state) is None else Phase.PLAY

    def example_options(self) -> list[dict[str, object]]:
        """Option sets that cover the game's variants (the contract test plays each)."""
        return [{}]

    def variant_rules(self, state: S) -> tuple[str, ...]:
        """The rules (ids) a state is played by beyond the game's standard ones: its variant
        or options (a drill's position says so: a board without water is the young
        players' game, not a mistake). Default: none."""
        return ()

    # ---- moves: one check shared by listing and apply ------------------------------------
    @abstractmethod
    def candidate_moves(self, state: S) -> Iterable[M]:
        """A lazy superset of the legal moves; each is filtered by :meth:`violation`."""

    @abstractmethod
    def violation(self, state: S, move: M) -> Violation | None:
        """The first rule ``move`` breaks in ``state``, or None if it is legal."""

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """The state after a move already known to be legal (never call it directly)."""

    def legal_moves(self, state: S) -> Iterator[M]:
        """The legal moves, lazily, in a stable order."""
        return (m for m in self.candidate_moves(state) if self.violation(state, m) is None)

    def is_legal(self, state: S, move: M) -> bool:
        return self.violation(state, move) is None

    def check(self, state: S, move: M) -> None:
        """Raise :class:`IllegalMove` with rule id and reason if ``move`` is not legal."""
        found = self.violation(state, move)
        if found is not None:
            raise IllegalMove(found.rule_id, self.rules.reason(found.rule_id, **found.params),
                              move_text=self.move_text(state, move))

    def apply(self, state: S, move: M) -> S:
        """The new state after ``move``; the old state is untouched (it is immutable)."""
        self.check(state, move)
        return self.play(state, move)

    def chance_outcomes(self, state: S) -> list[tuple[M, float]]:
        """When :meth:`to_move` is CHANCE: the chance moves and their probabilities."""
        return []

    def move_rules(self, state: S, move: M) -> tuple[str, ...]:
        """Rule ids a legal move shows (the step player names them when not given)."""
        return ()

    def best_move(self, state: S, kind: str = "", seed: int = 0) -> M | None:
        """The computer's move for whoever decides now, or None when nobody does (or they have
        no legal move). ``kind`` names one of :attr:`computers` ("": the first, the best); it
        sees only :meth:`observation` of the player deciding, and ``seed`` fixes whatever it
        leaves to chance. Chance's own moves are drawn by their probabilities; a game without
        computer players plays a random legal move.

        >>> from examples.nim import GAME as nim
        >>> nim.move_text(s := nim.initial_state({"heap": 6}), nim.best_move(s))
        'take 2'
        """
        mover = self.to_move(state)
        rnd = random.Random(seed)
        if mover is None or mover == CHANCE or not self.computers:
            return random_move(self, state, rnd)
        if kind and kind not in self.computers:
            raise BadOption(T._("no computer player {kind}; known: {known}", kind=repr(kind),
                                    known=", ".join(self.computers)), where="kind")
        if next(iter(self.legal_moves(state)), None) is None:
            return None
        choose = self.computers[kind or next(iter(self.computers))]
        move: M = choose(self, self.observation(state, mover), rnd)
        return move

    def move_kind(self, state: S, move: M) -> str:
        """What kind of move this is, for learners ("take a tile", "pass"): the drills ask
        which kinds a player has. Default: the move class's name in words (``EndTurn`` ->
        "end turn"); a game gives translated names."""
        return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(move).__name__).lower()

    # ---- text ---------------------------------------------------------------------------
    @abstractmethod
    def move_text(self, state: S, move: M) -> str:
        """A readable text that :meth:`parse_move` reads back to the same move."""

    def move_display(self, state: S, move: M) -> str:
        """The move as the learner reads it, in the current language (the rulebook's words where
        it has them). Files, saved games and the computer keep :meth:`move_text`; a game whose
        texts have no words to translate keeps this default."""
        return self.move_text(state, move)

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """The move a text names; raise BadMoveText when it cannot be read."""

    def parse_position(self, text: str, options: Mapping[str, object] | None = None,
                       seed: int = 0) -> S:
        """A state from a position text an author writes by hand (the grammar of
        :mod:`tutor.core.position`); raise BadState naming line and column."""
        raise NotImplementedError(f"{self.name} has no position text")

    def position_text(self, state: S) -> str:
        """The position text of a state: :meth:`parse_position` reads it back to a state
        with the same facts."""
        raise NotImplementedError(f"{self.name} cannot write a position text yet")

    # ---- saving: one codec for every game -------------------------------------------------
    def to_json(self, state: S) -> dict[str, Any]:
        """The state as JSON data, its fields by name (:mod:`tutor.core.codec`);
        ``from_json(to_json(s)) == s``."""
        data: dict[str, Any] = _codec(type(self)).encode(state)
        return data

    def from_json(self, data: Mapping[str, Any]) -> S:
        """The state ``data`` describes, read by the state's type hints and then checked by
        :meth:`problems`: BadState names the field, or what does not hold, when it is not a
        state of this game."""
        state: S = _codec(type(self)).decode(data)
        problems = guarded(lambda: self.problems(state),
                           T.p_("where a problem is", "state"), BadState)
        if problems:
            raise BadState(T._("not a state of {title}: {problem}",
                                   title=self.title or self.name, problem=problems[0]))
        return state

    # ---- hidden information -------------------------------------------------------------
    def observation(self, state: S, player: int) -> S:
        """What ``player`` can see. Games with hidden hands override this."""
        return state

    def resample(self, state: S, player: int, seed: int) -> S:
        """A state ``player`` cannot tell from ``state``: the same observation, the hidden
        parts dealt again by ``seed`` ("play on from here" without peeking). The default
        serves games that hide nothing from ``player``."""
        if self.observation(state, player) == state:
            return state
        raise NotImplementedError(f"{self.name} hides information: it must write resample")

    # ---- facts --------------------------------------------------------------------------
    @abstractmethod
    def facts(self, state: S) -> dict[str, Fact]:
        """Named, JSON-scalar facts about a state, used by walkthrough expectations,
        questions and lessons, e.g. ``{"money.Anna": 26, "trapper.green": "d5"}``."""

    def fact_label(self, key: str) -> str:
        """A fact's name for learners, in the current language (see :attr:`fact_labels`).

        >>> from examples.nim import GAME as nim
        >>> nim.fact_label("heap"), nim.fact_label("taken.P2"), nim.fact_label("nonsense")
        ('counters on the heap', 'counters P2 has taken', 'nonsense')
        """
        for pattern, names, label in _label_patterns(type(self)):
            found = pattern.fullmatch(key)
            if found:
                params = {name: self.label_word(name, value)
                          for name, value in zip(names, found.groups())}
                return translator(self.name)._(label, **params)
        return key

    def label_word(self, name: str, value: str) -> object:
        """A fact key's part as its label shows it (``trapper.green``: the colour in the
        page's language); the default keeps it as the key has it."""
        return value

    def problems(self, state: S) -> list[str]:
        """What no state of this game may be, whoever made it (play, a position text, a saved
        state): a count per player or a value out of range, a card in two places; as
        sentences, empty when all holds. :meth:`from_json` refuses a state with any."""
        return []

    def invariants(self, state: S) -> list[str]:
        """What is wrong with a state that play reached: :meth:`problems`, and what play keeps
        besides (things conserved, counts that go with the round); as sentences, empty when
        all holds. The soak checks it at every ply."""
        return self.problems(state)


def random_move(game: Game[S, M], state: S, rnd: random.Random) -> M | None:
    """A uniformly random legal move, or a chance move by its probabilities; None when
    nobody is to move or the player to move has no legal move."""
    mover = game.to_move(state)
    if mover is None:
        return None
    if mover == CHANCE:
        outcomes = game.chance_outcomes(state)
        if not outcomes:
            return None
        return rnd.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
    legal = list(game.legal_moves(state))
    return rnd.choice(legal) if legal else None


def by_state(compute: F, keep: int = 4) -> F:
    """A game's ``facts(state)`` remembered for the last ``keep`` states asked about, by
    identity (states are immutable): a board's drawing, its text alternative and the step's
    changes ask for the same state's facts several times. Each call gets its own copy.

    >>> calls = []
    >>> facts = by_state(lambda state: calls.append(state) or {"n": len(state)})
    >>> state = (1, 2)
    >>> facts(state) == facts(state) == {"n": 2}, len(calls), facts(state) is facts(state)
    (True, 1, False)
    """
    recent: list[tuple[Any, dict[str, Fact]]] = []

    def facts(state: Any) -> dict[str, Fact]:
        for seen, found in recent:
            if seen is state:
                return dict(found)
        found = compute(state)
        recent.append((state, found))
        del recent[:-keep]
        return dict(found)
    return cast(F, facts)


@cache
def _codec(cls: type[Game[Any, Any]]) -> Codec:
    """The state codec of a game class, whose ``Game[State, Move]`` base names its state."""
    state = movecheck.game_type(cls, 0)
    if not isinstance(state, type):
        raise TypeError(f"{cls.__name__} names no state type: subclass Game[State, Move]")
    return Codec(state, cls.json_forms)


@cache
def _label_patterns(cls: type[Game[Any, Any]]) -> list[tuple[re.Pattern[str], list[str], str]]:
    found = []
    for pattern, label in cls.fact_labels.items():
        names = re.findall(r"\{(\w+)\}", pattern)
        regex = "".join(r"([^.]+)" if part.startswith("{") else re.escape(part)
                        for part in re.split(r"(\{\w+\})", pattern) if part)
        found.append((re.compile(regex), names, label))
    return found
