"""Practice drills made by the engine: endless, seeded questions on real positions.

Positions come from seeded random games (every option set of the game in turn) and from
the frames of the game's walkthroughs. On each, a *kind* of drill makes a question with
options, exactly one of them right, each explained:

* ``legal-move`` (every game): "Which of these moves may Anna make now?" - one legal move and
  up to three the engine refuses (candidates it rejects, or moves that were legal elsewhere),
  each with the rule that refuses it;
* ``may-do`` (every game whose moves come in several kinds): "What may Anna do now?" - the
  kinds of move she has (:meth:`~tutor.core.game.Game.move_kind`), against sets with a kind
  she has not or without one she has;
* a game's own kinds: ``KINDS`` in ``tutor/<game>/drills.py`` (beside the game's module), a
  mapping from a kind's name to a :data:`DrillKind`; beside it ``CANDIDATES``, where the
  moves ``may-do`` tries a kind with are not the game's candidate moves (:func:`candidates`).

A kind is a function ``(game, state, rnd, pool) -> Drill | None``: None when the position
does not suit it. ``pool`` holds moves seen legal in other positions (distractors).

>>> from examples.nim import GAME as nim
>>> drill = next(drills(nim, seed=4, kinds=["legal-move"]))
>>> drill.prompt, [o.text for o in drill.options], drill.answer
('Which of these moves may Anna make now?', ['take 3', 'take 2', 'take 4'], 1)
>>> drill.options[0].rule_id, drill.options[0].explanation
('nim.take.heap', 'Only 2 left on the heap.')

The players are named as free play names them (:data:`NAMES`: Anna, Ben, ...), in every
position, a lesson's too; a rule's refusal is shown as a sentence (:func:`sentence`).
"""
from __future__ import annotations

import importlib
import itertools
import random
import re
import sys
from dataclasses import dataclass, field, fields, is_dataclass, replace
from types import ModuleType
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from . import walkthrough as wt
from .errors import MalformedInput
from .game import CHANCE, Game, Violation, random_move
from .i18n import translator
from .seeding import rng

T = translator("core")

#: plies a random game runs at most before a new one starts
MAX_PLIES = 400
#: distractors a question has at most, and at least
MOST_WRONG, FEWEST_WRONG = 3, 2
#: the players' names in every drill's position and in free play (``widgets/games/freeplay.py``
#: takes them from here), so a learner meets one set of names in both (not P1, P2 or Solo)
NAMES = ("Anna", "Ben", "Cleo", "Dirk", "Emma", "Finn")
#: the names of :data:`NAMES` a question says "she" of (the others "he"): a question names its
#: player once ("Anna plays 7 and names 4 8. As far as she can see, ..."), not twice
SHE = frozenset({"Anna", "Cleo", "Emma"})

#: a first word that is a place or a piece's name (c4, A14, 7): it keeps its case
_PLACE = re.compile(r"^\w*\d")


def sentence(text: str) -> str:
    """A rule's refusal (a clause: "d3 is not water") as a sentence of its own: a capital
    first (not where it starts with a place, "c4", or a number) and a full stop.

    >>> sentence("it is Ben's turn, not Anna's"), sentence("c4 is empty"), sentence("Done.")
    ("It is Ben's turn, not Anna's.", 'c4 is empty.', 'Done.')
    """
    text = text.strip()
    if not text:
        return text
    if text[0].islower() and not _PLACE.match(text):
        text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def she(player: str) -> bool:
    """Whether a question says "she" of ``player`` (else "he"): a kind that names its player
    once and then speaks of her or him has a sentence for each (the players of a drill are
    always :data:`NAMES`: :func:`named`).

    >>> she("Anna"), she("Ben")
    (True, False)
    """
    return player in SHE


def named(game: Game[Any, Any], state: Any) -> Any:
    """``state`` with its players named as free play names them (:data:`NAMES`); a state
    that keeps its names in no ``players`` field (or has more players than names) as it is."""
    players = getattr(state, "players", None)
    if not is_dataclass(state) or isinstance(state, type) or not isinstance(players, tuple) \
            or not players or len(players) > len(NAMES) \
            or "players" not in {f.name for f in fields(state)}:
        return state
    wanted = NAMES[:len(players)]
    return state if players == wanted else replace(state, players=wanted)


@dataclass(frozen=True)
class Option:
    """One answer offered: its text, whether it is right, and why (a rule where one decides)."""

    text: str
    right: bool
    explanation: str = ""
    rule_id: str | None = None
    #: the move it names (a move question), else None
    move: Any = None


@dataclass(frozen=True)
class Drill:
    """One question on one position."""

    kind: str
    game: str
    prompt: str
    state: Any
    #: whose eyes the position is shown through (the player to move)
    viewer: int
    options: tuple[Option, ...]
    #: where the position comes from: "seed 12, ply 30" or "trapper/green-turn, step 3"
    source: str = ""
    #: the fact the question asks, where the board or panel would show it (Canyon's movement
    #: points, Trigger's roll): the view hides it, as while a lesson's question asks it
    asks: str | None = None

    @property
    def answer(self) -> int:
        """The index of the right option."""
        return next(i for i, o in enumerate(self.options) if o.right)


DrillKind = Callable[[Game[Any, Any], Any, random.Random, Sequence[Any]], "Drill | None"]


# ---- positions -------------------------------------------------------------------------------
def _walkthrough_states(game: Game[Any, Any]) -> list[tuple[Any, str]]:
    found = []
    for path in wt.walkthroughs_of(game):
        try:
            replay = wt.replay(wt.load(path, game), game)
        except MalformedInput:  # a broken walkthrough is `tutor check`'s to report
            continue
        found += [(named(game, f.state), f"{replay.walkthrough.id}, step {f.index}")
                  for f in replay.frames]
    return found


def positions(game: Game[Any, Any], seed: int = 0) -> Iterator[tuple[Any, str]]:
    """Endless positions (state, where it comes from): random games and walkthrough frames.
    Where a position comes from starts with ``seed`` (a random game, of the option set
    ``options[k]``) or with the walkthrough's id."""
    rnd = rng(seed, "drill positions")
    frames = _walkthrough_states(game)
    options = game.example_options()
    for number in itertools.count(1):
        chosen = options[number % len(options)]
        game_seed = rnd.randrange(2**31)
        state = named(game, game.initial_state(chosen, game_seed))
        for ply in range(MAX_PLIES):
            if frames and rnd.random() < 0.15:
                yield frames[rnd.randrange(len(frames))]
            if rnd.random() < 0.25:
                yield state, f"seed {game_seed} of options[{number % len(options)}], ply {ply}"
            move = random_move(game, state, rnd)
            if move is None:
                break
            state = game.apply(state, move)


# ---- the kinds every game has ----------------------------------------------------------------
def _mover(game: Game[Any, Any], state: Any) -> int | None:
    mover = game.to_move(state)
    return None if mover is None or mover == CHANCE else mover


def legal_move(game: Game[Any, Any], state: Any, rnd: random.Random,
               pool: Sequence[Any]) -> Drill | None:
    """"Which of these moves may P make now?": one legal move, refused ones beside it."""
    mover = _mover(game, state)
    if mover is None:
        return None
    legal = list(game.legal_moves(state))
    if not legal:
        return None
    right = rnd.choice(legal)
    texts = {game.move_display(state, right)}
    wrong: list[Option] = []
    others = [m for m in game.candidate_moves(state) if m not in legal]
    others += [m for m in pool if m not in legal]
    rnd.shuffle(others)
    for move in others:
        found = game.violation(state, move)
        text = game.move_display(state, move)
        if found is None or text in texts:
            continue
        texts.add(text)
        wrong.append(Option(text, False, sentence(game.rules.reason(found.rule_id,
                                                                    **found.params)),
                            found.rule_id, move))
        if len(wrong) == MOST_WRONG:
            break
    if len(wrong) < FEWEST_WRONG:
        return None
    why = game.move_rules(state, right)
    options = [*wrong, Option(game.move_display(state, right), True,
                              T._("This move is allowed."), why[0] if why else None, right)]
    rnd.shuffle(options)
    player = game.players(state)[mover]
    return Drill("legal-move", game.name, T._("Which of these moves may {player} make now?",
                                              player=player), state, mover, tuple(options))


def _typical(refused: Sequence[tuple[Any, Violation]]) -> tuple[Any, Violation]:
    """The example of a kind of move the mover may not make: a move refused by the rule that
    refuses most of the kind's moves (ties: the rule met first), the first such move - so the
    reason given is the kind's, not one move's ("Ben has no cards", rather than "c4 is empty").

    >>> _typical([("a", Violation("x.empty")), ("b", Violation("x.cards")),
    ...           ("c", Violation("x.cards"))])
    ('b', Violation(rule_id='x.cards', params={}))
    """
    counts: dict[str, int] = {}
    for _, found in refused:
        counts[found.rule_id] = counts.get(found.rule_id, 0) + 1
    most = max(counts.values())
    return next(pair for pair in refused if counts[pair[1].rule_id] == most)


def _whole_kind(move: Any) -> bool:
    """A move that is all there is of its kind (end the turn, pass, stay put): a move that
    names nothing but, perhaps, its player.

    >>> from examples.nim import Take
    >>> _whole_kind(Take(2))
    False
    """
    return is_dataclass(move) and all(f.name == "player" for f in fields(move))


def may_do(game: Game[Any, Any], state: Any, rnd: random.Random,
           pool: Sequence[Any]) -> Drill | None:
    """"What may P do now?": the kinds of move P has, against sets that add or leave out one
    (a kind she has not tried with her own moves: :func:`candidates`)."""
    mover = _mover(game, state)
    if mover is None:
        return None
    legal = list(game.legal_moves(state))
    have: dict[str, Any] = {}
    for move in legal:
        have.setdefault(game.move_kind(state, move), move)
    # a kind she has not: its moves refused, each with its refusal - the mover's own candidates,
    # else (a kind she has no candidate of) moves seen legal elsewhere: a pool's move says why
    # that move is wrong here ("A5 is not in Ben's hand"), not why the kind is; the turn's own
    # rule (another player's move: "it is Ben's turn, not Anna's") says nothing of why the
    # mover may not make such a move now: such a kind is not offered
    turn = f"{game.name}.turn"
    tried: dict[str, list[tuple[Any, Violation]]] = {}
    for moves in (candidates(game, state), pool):
        met: set[str] = set(tried)
        for move in moves:
            kind = game.move_kind(state, move)
            if kind in have or kind in met:
                continue
            found = game.violation(state, move)
            if found is not None and found.rule_id != turn:
                tried.setdefault(kind, []).append((move, found))
    refused = {kind: _typical(moves) for kind, moves in tried.items()}
    if not have or len(have) + len(refused) < 2:
        return None
    right = sorted(have)
    sets: list[tuple[list[str], str, str | None]] = []
    for kind, (move, found) in refused.items():
        reason = game.rules.reason(found.rule_id, **found.params)
        shown = game.move_display(state, move)
        if _whole_kind(move):  # "end turn" is no example of ending the turn: it is that
            why = T._("Not allowed now: {kind} (“{move}”). {reason}", kind=kind, move=shown,
                      reason=sentence(reason))
        else:
            why = sentence(T._("Not allowed now: {kind}. For example, “{move}” is refused: "
                               "{reason}", kind=kind, move=shown, reason=reason))
        sets.append((sorted([*right, kind]), why, found.rule_id))
    if len(right) > 1:
        for kind in right:
            example = game.move_display(state, have[kind])
            sets.append(([k for k in right if k != kind], T._(
                "Allowed too: {kind}, for example “{move}”.", kind=kind, move=example), None))
    rnd.shuffle(sets)
    wrong = [Option(", ".join(kinds), False, why, rule) for kinds, why, rule in sets[:MOST_WRONG]]
    if len(wrong) < FEWEST_WRONG:
        return None
    options = [*wrong, Option(", ".join(right), True, T._("Exactly these."))]
    rnd.shuffle(options)
    player = game.players(state)[mover]
    return Drill("may-do", game.name, T._("What may {player} do now?", player=player), state,
                 mover, tuple(options))


GENERIC: dict[str, DrillKind] = {"legal-move": legal_move, "may-do": may_do}


def _drills_module(game: Game[Any, Any]) -> ModuleType | None:
    """The ``drills`` module beside the game's module, None if it has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.drills")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.drills":
            raise
        return None


def candidates(game: Game[Any, Any], state: Any) -> list[Any]:
    """The mover's own moves a ``may-do`` drill tries a kind she has not with, its example
    the move refused by the rule that refuses most of them (:func:`_typical`): the game's
    :meth:`~tutor.core.game.Game.candidate_moves`, or where its ``drills`` module has
    ``CANDIDATES`` (a function of the game and the state), those: a game leaves out the moves
    whose refusal says why that one move is wrong, not why the kind is (Canyon: a paddle to a
    field that is no water, "b3 is not water", where the canoe has no points to paddle)."""
    module = _drills_module(game)
    chosen = getattr(module, "CANDIDATES", None)
    return list(chosen(game, state) if chosen is not None else game.candidate_moves(state))


def kinds_of(game: Game[Any, Any]) -> dict[str, DrillKind]:
    """Every kind of drill of a game: the generic ones, then the game's own (``KINDS`` of the
    ``drills`` module beside the game's module, if there is one; a game on one page, as
    ``examples/nim.py``, names them ``DRILLS`` in its module)."""
    found = dict(GENERIC)
    found.update(getattr(sys.modules.get(type(game).__module__), "DRILLS", {}))
    module = _drills_module(game)
    own: Mapping[str, DrillKind] = getattr(module, "KINDS", {}) if module is not None else {}
    found.update(own)
    return found


def drills(game: Game[Any, Any], seed: int = 0,
           kinds: Iterable[str] | None = None) -> Iterator[Drill]:
    """Endless drills of the kinds named (default: all), seeded: the same seed, the same
    questions."""
    every = kinds_of(game)
    chosen = list(kinds) if kinds is not None else list(every)
    unknown = [k for k in chosen if k not in every]
    if unknown:
        raise KeyError(f"no drill kind {unknown[0]!r} for {game.name}; known: {', '.join(every)}")
    rnd = rng(seed, "drills")
    pools: dict[str, list[Any]] = {}  # moves seen legal, by option set (or walkthrough)
    misses = 0
    for state, source in positions(game, seed):
        pool = pools.setdefault(source.split(",")[0].split(" of ")[-1], [])
        mover = _mover(game, state)
        if mover is not None and len(pool) < 200:
            pool.extend(m for m in list(game.legal_moves(state))[:3] if m not in pool)
        kind = chosen[rnd.randrange(len(chosen))]
        drill = every[kind](game, state, rnd, pool)
        if drill is None:
            misses += 1
            if misses > 5000:
                raise RuntimeError(f"{game.name}: no position suits the drills {chosen}")
            continue
        misses = 0
        yield replace(drill, source=source)


@dataclass
class Sitting:
    """A learner's run of drills: the running score."""

    asked: int = 0
    right: int = 0
    answers: list[tuple[str, bool]] = field(default_factory=list)

    def answer(self, drill: Drill, chosen: int) -> Option:
        """Record the learner's choice; the option chosen (with its explanation)."""
        option = drill.options[chosen]
        self.asked += 1
        self.right += option.right
        self.answers.append((drill.kind, option.right))
        return option
