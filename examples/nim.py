"""Nim on one page: the whole game contract (``tutor/core/game.py``) for the simplest game.

Two players take 1 to 3 counters from one heap in turn; who takes the last counter wins (in
the misère variant: loses). From the top: the rules, the state and the move, the variants,
the one check, the facts, a computer player and a drill, and the game class that puts them
together. A tutor game has the same parts, each in its module of ``tutor/<game>/``
(``docs/new-game.md`` walks through this file).

>>> s = GAME.apply(GAME.initial_state({"heap": 5}), Take(3))
>>> GAME.facts(s)["heap"], [GAME.move_text(s, m) for m in GAME.legal_moves(s)]
(2, ['take 1', 'take 2'])
>>> GAME.apply(s, GAME.parse_move(s, "take 3"))
Traceback (most recent call last):
...
tutor.core.errors.IllegalMove: only 2 left on the heap [nim.take.heap]
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from tutor.core import options as read
from tutor.core import position as grammar
from tutor.core.drills import Drill, DrillKind, Option
from tutor.core.errors import BadMoveText, BadOption, BadState
from tutor.core.frozen import evolve, set_item
from tutor.core.game import Fact, Game, Outcome, Violation
from tutor.core.hints import Hints
from tutor.core.i18n import N_, translator
from tutor.core.rules import RuleCatalogue

T = translator("nim")

# ---- the rules: an id, what it says, the refusal, where it comes from (a game keeps these in
# rules.toml; coverage.toml and walkthroughs/ sit beside this file as they would in a game's)
RULES = RuleCatalogue.from_toml_text('''
["nim.take"]
title = "Take from the heap"
text = "On your turn take 1, 2 or 3 counters. Whoever takes the last counter wins."
refusal = "you may take 1, 2 or 3, not {count}"
source = "Nim, the folk game: one heap"
words = "Each player in turn takes one, two or three counters; who takes the last one wins."
book = "en"

["nim.take.heap"]
title = "Only what is there"
text = "You cannot take more counters than the heap holds."
refusal = "only {left} left on the heap"

["nim.over"]
title = "The game is over"
text = "No move is made once the heap is empty."
refusal = "the heap is empty: the game is over"

["nim.variant.misere"]
title = "Misère: the last counter loses"
text = "In the misère variant whoever takes the last counter loses."
reading = "The folk rule says only 'the last one loses'; we read it as the player who empties the heap."
words = "Who takes the last counter loses."
book = "en"
''', source="nim rules")

MOST = 3  # a turn takes 1 to MOST counters


# ---- state and move: frozen dataclasses (the one state codec saves them by their type hints)
@dataclass(frozen=True)
class NimState:
    players: tuple[str, ...]
    heap: int
    turn: int = 0  # the player to take next (at the end: the one who would have)
    taken: tuple[int, ...] = (0, 0)  # counters each player has taken
    variant: str = "normal"  # "normal" or "misere" (VARIANTS)


@dataclass(frozen=True)
class Take:
    """Take ``count`` counters from the heap."""

    count: int


@dataclass(frozen=True)
class NimHints(Hints):
    """What a walkthrough step may ask the view to show."""

    mark: tuple[int, ...] = ()  # counters to ring, by place on the heap from 1 (the top)
    caption: str | None = None  # a short label over the heap


# ---- variants: a small rule object each, chosen from the state (no ``if variant`` elsewhere)
@dataclass(frozen=True)
class Variant:
    name: str
    last_counter_wins: bool
    rule: str  # the rule that decides the winner

    def winner(self, last_mover: int) -> int:
        return last_mover if self.last_counter_wins else 1 - last_mover


VARIANTS = {"normal": Variant("normal", True, "nim.take"),
            "misere": Variant("misere", False, "nim.variant.misere")}


def rules_of(state: NimState) -> Variant:
    """The rules a state is played by (its variant's rule object)."""
    return VARIANTS[state.variant]


def read_options(options: Mapping[str, object] | None) -> tuple[tuple[str, ...], int, str]:
    """(players, heap, variant), checked; BadOption names the option that is wrong."""
    given = read.known(options, ("heap", "variant", "players"))
    heap = read.whole_number(given, "heap", 1, 1000, default=10)
    variant = read.choice(given, "variant", VARIANTS, default="normal")
    players = given.get("players", ["P1", "P2"])
    if (not isinstance(players, (list, tuple)) or len(players) != 2 or players[0] == players[1]
            or not all(isinstance(p, str) and p.isidentifier() for p in players)):
        raise BadOption(f"players are two different one-word names, not {players!r}",
                        where="players")
    return tuple(players), heap, variant


# ---- the one check, shared by listing and applying moves, and what a legal move does ---------
def violation(state: NimState, move: Take) -> Violation | None:
    if state.heap == 0:
        return Violation("nim.over")
    if not isinstance(move, Take) or move.count not in range(1, MOST + 1):
        return Violation("nim.take", {"count": getattr(move, "count", move)})
    if move.count > state.heap:
        return Violation("nim.take.heap", {"left": state.heap})
    return None


def play(state: NimState, move: Take) -> NimState:
    taken = set_item(state.taken, state.turn, state.taken[state.turn] + move.count)
    return evolve(state, heap=state.heap - move.count, turn=1 - state.turn, taken=taken)


# ---- facts: what lessons compare and ask, with labels for learners --------------------------
LABELS = {"heap": N_("counters on the heap"), "turn": N_("whose turn it is"),
          "taken.{player}": N_("counters {player} has taken"), "winner": N_("the winner")}


def facts(state: NimState) -> dict[str, Fact]:
    found: dict[str, Fact] = {"heap": state.heap, "turn": state.players[state.turn],
                              "over": state.heap == 0, "variant": state.variant}
    for player, count in zip(state.players, state.taken):
        found[f"taken.{player}"] = count
    if state.heap == 0:
        found["winner"] = state.players[rules_of(state).winner(1 - state.turn)]
    return found


# ---- a computer player and a drill of the game's own --------------------------------------
def perfect(game: Game[NimState, Take], seen: NimState, rnd: random.Random) -> Take:
    """Leave the heap a multiple of 4 when it can (misère: one more)."""
    spare = 0 if rules_of(seen).last_counter_wins else 1
    count = (seen.heap - spare) % 4
    return Take(count if 1 <= count <= min(MOST, seen.heap) else 1)


def counters_left(game: Game[Any, Any], state: Any, rnd: random.Random,
                  pool: Sequence[Any]) -> Drill | None:
    """"P1 takes 2: how many counters are left?" (the generic drills come from the core)."""
    mover, legal = game.to_move(state), list(game.legal_moves(state))
    if mover is None or not legal:
        return None
    move = rnd.choice(legal)
    left = game.facts(game.apply(state, move))["heap"]
    assert isinstance(left, int)
    numbers = [left, *rnd.sample([n for n in range(max(0, left - 3), left + 4) if n != left], 3)]
    rnd.shuffle(numbers)
    player = game.players(state)[mover]
    options = tuple(Option(str(n), n == left, T._("{player} leaves {left}.", player=player,
                                                 left=left), "nim.take") for n in numbers)
    prompt = T._("{player} plays {move}: how many counters are left?", player=player,
                 move=game.move_text(state, move))
    return Drill("counters-left", game.name, prompt, state, mover, options)


DRILLS: dict[str, DrillKind] = {"counters-left": counters_left}


# ---- the game: the contract, each job handed to the part above that does it ------------------
class NimGame(Game[NimState, Take]):
    name = "nim"
    title = "Nim"
    rules = RULES
    hints = NimHints
    fact_labels = LABELS
    computers = {"computer": perfect}
    violation = staticmethod(violation)
    play = staticmethod(play)
    facts = staticmethod(facts)

    def initial_state(self, options: Mapping[str, object] | None = None, seed: int = 0) -> NimState:
        players, heap, variant = read_options(options)
        return NimState(players, heap, variant=variant)

    def example_options(self) -> list[dict[str, object]]:
        return [{"heap": 10}, {"heap": 7, "variant": "misere", "players": ["Ann", "Bob"]}]

    def players(self, state: NimState) -> tuple[str, ...]:
        return state.players

    def to_move(self, state: NimState) -> int | None:
        return None if state.heap == 0 else state.turn

    def outcome(self, state: NimState) -> Outcome | None:
        if state.heap:
            return None
        winner = rules_of(state).winner(1 - state.turn)  # 1 - turn took the last counter
        return Outcome(scores=tuple(float(i == winner) for i in range(2)), winners=(winner,))

    def candidate_moves(self, state: NimState) -> Iterable[Take]:
        return (Take(n) for n in range(1, MOST + 2))  # one too many: the drills refuse it

    def move_rules(self, state: NimState, move: Take) -> tuple[str, ...]:
        decides = rules_of(state).rule
        return ("nim.take", decides) if move.count == state.heap and decides != "nim.take" \
            else ("nim.take",)

    def move_text(self, state: NimState, move: Take) -> str:
        return f"take {move.count}"

    def parse_move(self, state: NimState, text: str) -> Take:
        found = re.fullmatch(r"\s*take\s+(\d{1,6})\s*", text) if isinstance(text, str) else None
        if not found:
            raise BadMoveText(f"expected 'take N', got {text!r}")
        return Take(int(found.group(1)))

    def parse_position(self, text: str, options: Mapping[str, object] | None = None,
                       seed: int = 0) -> NimState:
        """``heap: 7``, ``turn: P2``, ``variant: misere``, ``taken P1: 2`` (each optional but
        the heap; the grammar is ``docs/position-text.md``)."""
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

    def position_text(self, state: NimState) -> str:
        lines = [grammar.entry_text("heap", state.heap),
                 grammar.entry_text("turn", state.players[state.turn]),
                 grammar.entry_text("variant", state.variant)]
        lines += [grammar.entry_text("taken", n, subject=p)
                  for p, n in zip(state.players, state.taken)]
        return "\n".join(lines) + "\n"

    def problems(self, state: NimState) -> list[str]:
        """What no Nim state may be (a saved state is checked by these)."""
        if len(state.players) != 2 or len(state.taken) != 2 or state.variant not in VARIANTS:
            return [f"two players, two counts and a known variant: {state}"]
        if state.heap < 0 or min(state.taken) < 0 or state.turn not in (0, 1):
            return [f"a count below zero or no player's turn: {state}"]
        return []


GAME = NimGame()
