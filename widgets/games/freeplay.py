"""The free-play model every game shares: seats, a seed, moves, undo, save and load.

:class:`FreePlay` is the game being played, without widgets (so it is tested without a
kernel): a :class:`~tutor.core.match.Match` (the history: every state and move), who sits
in each seat (a person, or a kind of computer; the players are named :data:`NAMES` in every
game), and what to show now - a refusal, a message, the moves a click may mean, a log.
:class:`widgets.pages.play.PlayPage` puts it on screen around a game's board drawer; the
drawer only reads states and reports clicks.

A game plugs in with arguments (``computers``: seat kind -> ``choose(game, state, rng) ->
move``, by default the game's own computer players; ``observe=True``: the board shown through
the eyes of the person to move) or with a small subclass overriding the hooks:
:meth:`~FreePlay.moves_for_click`, :meth:`~FreePlay.automatic`, :meth:`~FreePlay.describe`,
:meth:`~FreePlay.summary`, :meth:`~FreePlay.forget`.

Two uses beyond a whole game share this model and its click logic: :meth:`FreePlay.start_at`
(play on from a walkthrough's step: the history starts there) and :attr:`FreePlay.judge` (a
try-it step of a lesson: a person's move is handed to the judge instead of being played).

Chance moves (:data:`~tutor.core.game.CHANCE`) are drawn by the shell from the seed and the
move number, so undoing and playing again meets the same dice, and a saved game (its moves
as text, chance included) loads to the same position.

>>> from examples.nim import NimGame as Nim
>>> play = FreePlay(Nim(), {"heap": 5}, seats=("person", "computer"), seed=0)
>>> play.play_text("take 4")  # refused: the reason and the rule id, nothing changes
False
>>> play.refusal.rule_id, play.state.heap
('nim.take', 5)
>>> play.play_text("take 2"), play.advance(), play.log[0]  # the computer answers
(True, 1, 'P1: take 2')
>>> play.undo()  # back to the person's decision: the computer's move goes too
>>> play.state.heap, play.log, play.message
(5, [], 'Taken back: take 2, take 3.')
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from itertools import islice
from typing import Any, Callable, Iterable, Mapping, Sequence

from tutor.core.drills import NAMES  # the players' names, the drills' too (no spaces: every engine takes them)
from tutor.core.errors import BadOption, IllegalMove, MalformedInput
from tutor.core.game import CHANCE, Game
from tutor.core.match import Match
from tutor.core.seeding import rng

from widgets.parts.mastery import EvidenceLog
from widgets.parts.texts import T

PERSON = "person"
#: legal moves a refused one is compared with, and how many of the closest are offered
CLOSEST = 3
#: The moves listed for a person to pick from (any other can be typed).
LISTED = 60
#: Non-person moves in a row before the shell stops (a safety bound, never reached in play).
LIMIT = 5000
#: Seconds between two computer moves on screen, when a kernel's event loop runs.
PACE = 0.6
#: Worlds dealt again from what the person to move sees, beside the real one, that the coach's
#: hint must agree with (:meth:`FreePlay.worlds`): with six, a quarter of InTrappola's hints
#: still told hidden cards away (what a draw or a trap would bring happened to be alike).
WORLDS = 40
#: Facts the coach's hint does not list among what a move changes, by game (a key, or the
#: start of keys ending in "."): true, but no help to a learner. Trigger's count of the sets
#: of tiles the rest of the roll could still turn ("209 → 38": what matters, the points left
#: of the roll, is a fact of its own); a tile's "3 → (3)" (the notation's brackets for face
#: down: the hint names the tile and marks it on the board).
UNHINTED: dict[str, tuple[str, ...]] = {"trigger": ("flips", "tile.")}
#: Facts that record the last move's doings (Trigger's last chain reaction): a move that
#: clears them did not undo anything, so the hint does not list them going to nothing.
RECORDS: dict[str, tuple[str, ...]] = {"trigger": ("chain", "chain.tiles")}


def hinted_fact(game: str, key: str, after: Any) -> bool:
    """Whether the coach's hint lists a change of the fact ``key`` (to ``after``).

    >>> hinted_fact("trigger", "left", 2), hinted_fact("trigger", "flips", 8)
    (True, False)
    >>> hinted_fact("trigger", "tile.Anna.b1", "(3)"), hinted_fact("trigger", "chain", "")
    (False, False)
    """
    if any(key == p or (p.endswith(".") and key.startswith(p)) for p in UNHINTED.get(game, ())):
        return False
    return not (key in RECORDS.get(game, ()) and after in ("", None))


@dataclass(frozen=True)
class Hint:
    """The coach's move for the person to move: the game's computer player's choice, the rules
    it uses (id, title) and the facts it changes (label, before, after: the values as the
    engine says them, which the page puts in its language by the fact's key in ``keys``)."""

    move: Any
    text: str
    rules: tuple[tuple[str, str], ...]
    gains: tuple[tuple[str, Any, Any], ...]
    keys: tuple[str, ...] = ()


Chooser = Callable[[Game, Any, Any], Any]


def names(count: int) -> list[str]:
    """The first ``count`` free-play names (there are as many as any game has players).

    >>> names(3)
    ['Anna', 'Ben', 'Cleo']
    """
    if not 0 <= count <= len(NAMES):  # a slice would give 6 names for 9, 5 for -1
        raise ValueError(f"free play names 0 to {len(NAMES)} players, not {count}")
    return list(NAMES[:count])


def players_option(count: int) -> list[str] | int:
    """The ``players`` option of a game of ``count`` players: its free-play names, or the count
    itself where there are not as many names, for the game to refuse in its own words with the
    count asked for ("Trapper is for 2 to 4 players, not 9"; it said "not 6", the names there
    are, and Canyon took 9 as 6).

    >>> players_option(2), players_option(9), players_option(-1)
    (['Anna', 'Ben'], 9, -1)
    """
    return names(count) if 0 <= count <= len(NAMES) else count


def seat_label(kind: str) -> str:
    """A seat's kind (a person, a kind of computer) in the learner's language."""
    return {"person": T._("person"), "computer": T._("computer"),
            "search": T._("computer (search)"), "greedy": T._("computer (greedy)")}.get(kind, kind)


def computers_of(game: Game) -> dict[str, Chooser]:
    """The game's computer players as seat kinds: each asks the contract's
    :meth:`~tutor.core.game.Game.best_move` (which shows it only the seat's observation); a
    game without computer players gets one that plays a random legal move."""
    return {kind: (lambda game, state, rnd, kind=kind:
                   game.best_move(state, kind, rnd.randrange(2**31)))
            for kind in (game.computers or ("computer",))}


def load_problem(exc: MalformedInput, game: Game) -> str:
    """A sentence for a saved game that cannot be loaded (never the JSON parser's words), from
    what the error says in fields - the move, the field - so it is right in every language.

    >>> from tutor.core.errors import BadState
    >>> from examples.nim import NimGame as Nim
    >>> load_problem(BadState("not JSON: Expecting value: line 1 column 1 (char 0)",
    ...                       where="saved game"), Nim())
    'That text is not a saved game: paste the whole text that Save gave you. The game on the board is kept.'
    >>> load_problem(BadState("'take 9' is not legal here", where="saved game, move 3", move=3), Nim())
    "Move 3 of that saved game cannot be played: 'take 9' is not legal here. The game on the board is kept."
    >>> load_problem(BadState("the seed is a whole number from 0 to 2**63 - 1",
    ...                       where="saved game, field 'seed'", field="seed"), Nim())
    "That saved game's setup cannot be used: the seed is a whole number from 0 to 2**63 - 1. The game on the board is kept."
    """
    problem = exc.problem
    if exc.move is not None:
        return T._("Move {number} of that saved game cannot be played: {problem}. The game on "
                   "the board is kept.", number=exc.move, problem=problem.rstrip("."))
    if exc.field == "game":
        return T._("That is not a saved game of {game}. The game on the board is kept.",
                   game=game.title)
    if exc.field in ("options", "seats", "seed"):  # the setup: its reason, in the page's words
        return T._("That saved game's setup cannot be used: {problem}. The game on the board "
                   "is kept.", problem=problem.rstrip("."))
    return T._("That text is not a saved game: paste the whole text that Save gave you. The "
               "game on the board is kept.")


class FreePlay:
    """A game being played; every change goes through the engine's one check."""

    def __init__(self, game: Game, options: Mapping[str, object] | None = None,
                 seats: Sequence[str] | None = None, seed: int = 0, *,
                 computers: Mapping[str, Chooser] | None = None, observe: bool = False):
        self.game = game
        self.computers = dict(computers or computers_of(game))
        self.observe = observe
        self.on_change: list[Callable[[], None]] = []
        #: a try-it step's judge: a person's move goes to it instead of being played
        self.judge: Callable[[Any], None] | None = None
        #: the position this game was started from (:meth:`start_at`), else None
        self.started_at: Any = None
        #: what the person's moves say of each rule (widgets/parts/mastery.py): refused, the
        #: rule broken; played, the rules the engine applied. The page keeps it.
        self.evidence = EvidenceLog()
        self.new_game(options, seats, seed)

    # ---- seats ---------------------------------------------------------------------------------
    @property
    def kinds(self) -> tuple[str, ...]:
        """The seat kinds: a person, then each kind of computer."""
        return (PERSON, *self.computers)

    def default_seats(self, state) -> tuple[str, ...]:
        """A person in the first seat, the first kind of computer in the others."""
        first = next(iter(self.computers))
        return (PERSON,) + (first,) * (len(self.game.players(state)) - 1)

    def read_seats(self, seats: Sequence[str] | None, state) -> tuple[str, ...]:
        """The seats checked against the players of ``state``; BadOption names the problem."""
        if seats is None:
            return self.default_seats(state)
        count = len(self.game.players(state))
        # said in the learner's words: the kinds as the setup's menus name them (the kinds'
        # own names, "person, computer", and the Python list were English on every page)
        kinds = ", ".join(seat_label(kind) for kind in self.kinds)
        if not isinstance(seats, (list, tuple)):
            raise BadOption(T.n_("the seats must be a list of {n} seat (one for each player), "
                                 "each one of {kinds}",
                                 "the seats must be a list of {n} seats (one for each player), "
                                 "each one of {kinds}", count, kinds=kinds),
                            where="seats", field="seats")
        if len(seats) != count:
            raise BadOption(T.n_("there must be {n} seat, one for each player, not {given}",
                                 "there must be {n} seats, one for each player, not {given}",
                                 count, given=len(seats)), where="seats", field="seats")
        unknown = [seat for seat in seats if not isinstance(seat, str) or seat not in self.kinds]
        if unknown:
            raise BadOption(T._("a seat is one of {kinds}, not {seat}", kinds=kinds,
                                seat=repr(unknown[0])), where="seats", field="seats")
        return tuple(seats)

    # ---- starting, saving, loading ----------------------------------------------------------------
    def new_game(self, options: Mapping[str, object] | None = None,
                 seats: Sequence[str] | None = None, seed: int = 0) -> None:
        """A new game; wrong options or seats raise BadOption and change nothing."""
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise BadOption(T._("the seed must be a whole number of at least 0, not {seed}",
                                seed=repr(seed)), where="seed")
        match = Match.new(self.game, options, seed)
        self._begin(match, self.read_seats(seats, match.state))

    def start_at(self, state, seats: Sequence[str], seed: int = 0, message: str = "") -> None:
        """Play on from ``state`` (a walkthrough's position): the history starts there, so
        undo goes back to it at most; a save of it cannot be loaded as a new game, so the page
        offers none. Wrong seats raise BadOption and change nothing."""
        seats = self.read_seats(seats, state)
        self._begin(Match(self.game, {}, seed, [state]), seats, state, message)

    def _begin(self, match: Match, seats: tuple[str, ...], started_at: Any = None,
               message: str = "") -> None:
        self.match, self.seats, self.started_at = match, seats, started_at
        self.forget()
        self.retell()
        self._tell(message)

    def _tell(self, message: str = "", problem: str = "") -> None:
        """Say ``message`` (or ``problem``) now; what was said before goes."""
        self._fresh(message)
        self.problem = problem
        self._changed()

    def _fresh(self, message: str = "") -> None:
        self.refusal: IllegalMove | None = None
        self.refused: Any = None
        self.choices: list = []
        self.message = message
        self.problem = ""
        #: the coach's hint asked for now (:meth:`hint`), and after a refused move the legal
        #: moves closest to it (:meth:`closest`)
        self.hinted: Hint | None = None
        self.near: list = []

    def save(self) -> str:
        """The game as JSON text: :meth:`Match.save` and who sits where."""
        data = json.loads(self.match.save())
        data["seats"] = list(self.seats)
        self._tell(T.n_("Saved: {n} move. The text below is the whole game.",
                        "Saved: {n} moves. The text below is the whole game.",
                        len(self.match.moves)))
        return json.dumps(data, indent=1)

    def load(self, saved: str) -> bool:
        """Load a saved game; if it cannot be read, say why and keep the game on the board."""
        try:
            match = Match.load(saved, games={self.game.name: self.game})
            seats = json.loads(saved).get("seats")
            if seats is None and len(self.seats) == len(self.game.players(match.state)):
                seats = self.seats
            seats = self.read_seats(seats, match.state)
        except MalformedInput as exc:
            self._tell(problem=load_problem(exc, self.game))
            return False
        self._begin(match, seats, None, T.n_("Game loaded: {n} move.", "Game loaded: {n} moves.",
                                             len(match.moves)))
        return True

    # ---- reading --------------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    @property
    def over(self) -> bool:
        return self.game.to_move(self.state) is None

    def players(self) -> tuple[str, ...]:
        return tuple(self.game.players(self.state))

    def mover(self) -> int | None:
        return self.game.to_move(self.state)

    def decides(self, state) -> bool:
        """Whether a person has a decision in ``state`` (not chance, not an automatic move)."""
        mover = self.game.to_move(state)
        return (mover is not None and mover != CHANCE and self.seats[mover] == PERSON
                and self.automatic(state) is None)

    def person_to_move(self) -> bool:
        return self.decides(self.state)

    def viewer(self) -> int | None:
        """Whose eyes the board is shown through (``observe``): the person to move, else the
        only person seat; None (everything shown) at the end or at a table of computers."""
        if not self.observe or self.over:
            return None
        if self.person_to_move():
            return self.mover()
        people = [s for s, kind in enumerate(self.seats) if kind == PERSON]
        return people[0] if len(people) == 1 else None

    def seen(self, state, seat: int | None):
        """What ``seat`` sees of ``state`` (everything when ``seat`` is None)."""
        return state if seat is None else self.game.observation(state, seat)

    def legal(self) -> list[tuple[str, Any]]:
        """(text, move) of the person's legal moves, the first :data:`LISTED` of them."""
        if not self.person_to_move():
            return []
        state = self.state
        return [(self.game.move_display(state, m), m)
                for m in islice(self.game.legal_moves(state), LISTED)]

    # ---- hooks ------------------------------------------------------------------------------------
    def moves_for_click(self, state, target) -> list:
        """The moves a click on ``target`` may mean, legal or not (none: clicks do nothing)."""
        return []

    def target_name(self, target) -> str:
        """A click's target as the learner reads it (a square's name)."""
        return str(target)

    def automatic(self, state):
        """A move the shell makes for the seat to move without asking (None: ask)."""
        return None

    def forget(self) -> None:
        """Drop what the person has chosen on the board so far (nothing in the shell)."""

    def retell(self) -> None:
        """The log made again from the game's moves, in the current language (a load; the
        language menu)."""
        match = self.match
        self.log = [self.describe(before, move, after) for before, move, after
                    in zip(match.states, match.moves, match.states[1:])]

    def _lines_since(self, stop, most: int) -> tuple[list[str], bool]:
        """The last ``most`` log lines after the last state ``stop`` holds of, and whether one
        did (else the lines since the game's start)."""
        found: list[str] = []
        for state, line in zip(reversed(self.match.states[:-1]), reversed(self.log)):
            if stop(state):
                return found[-most:], True
            found.insert(0, line)
        return found[-most:], False

    def since_last_decision(self, most: int = 8) -> list[str]:
        """The log lines of the other seats (and the dice) since the seat to move last
        decided: what the computers did meanwhile."""
        mover = self.mover()
        return self._lines_since(lambda state: self.game.to_move(state) == mover, most)[0]

    def since_people(self, most: int = 8) -> tuple[list[str], bool]:
        """The log lines since a person last decided (what the computers and the dice did
        meanwhile: at the end, the moves that ended the game), and whether a person decided
        in this game at all."""
        return self._lines_since(self.decides, most)

    def decided_before(self) -> bool:
        """Whether the seat to move has moved before in this game (else what the others did
        so far is not "since your last move")."""
        mover = self.mover()
        return any(self.game.to_move(state) == mover for state in self.match.states[:-1])

    def describe(self, before, move, after) -> str:
        """The log line of a move."""
        mover = self.game.to_move(before)
        who = T._("Dice") if mover == CHANCE else self.game.players(before)[mover]
        return T._("{player}: {move}", player=who, move=self.move_words(before, move, after))

    def move_words(self, before, move, after) -> str:
        """A move made, in the learner's language, as the people playing saw it (the log, the
        board's words, what undo takes back): a game that hides a move says less."""
        return self.game.move_display(before, move)

    def summary(self) -> str:
        """The game-over text: the winners and everyone's score (the engine's outcome)."""
        outcome = self.game.outcome(self.state)
        players = self.players()
        winners = [players[w] for w in outcome.winners]
        result = (T._("{name} wins.", name=winners[0]) if len(winners) == 1
                  else T._("{names} share the win.", names=" & ".join(winners)))
        scores = ", ".join(T._("{player} {score}", player=n, score=s)
                           for n, s in zip(players, outcome.scores))
        return T._("The game is over. {result} Scores: {scores}.", result=result, scores=scores)

    # ---- a person's moves -------------------------------------------------------------------------
    def play(self, move) -> bool:
        """Play ``move`` for the person to move; a refused one is shown, nothing changes."""
        if not self.person_to_move():
            return self._not_now()
        if self.judge is not None:  # a try-it step: the lesson says what the move means
            self.forget()
            self._fresh()
            self.judge(move)
            self._changed()
            return False
        before = self.state
        try:
            self._apply(move)
        except IllegalMove as exc:
            self._fresh()
            self.refusal, self.refused = exc, move
            self.near = self.closest(move)
            self.evidence.add(exc.rule_id, False, "play")
            self._changed()
            return False
        for rule in self.game.move_rules(before, move):
            self.evidence.add(rule, True, "play")
        self._tell()
        return True

    # ---- the coach ---------------------------------------------------------------------------------
    def hint(self) -> Hint | None:
        """A good move for the person to move: the game's computer player's (``best_move``),
        the rules it uses and the facts it changes. A hint taken is evidence that the learner
        did not find the move (its rules: not right at the first try)."""
        if not self.person_to_move():
            self._not_now()
            return None
        state, game = self.state, self.game
        move = game.best_move(state, "", (self.match.seed * 1009 + len(self.match.moves)) % 2**31)
        self._fresh()
        if move is None:
            self._changed()
            return None
        game.apply(state, move)  # the engine's one check: a hint is always legal
        # what the person cannot see must not show through the hint: only the rules and the
        # changes that are the same in worlds dealt again from what the person sees
        found = [self._outcome(world, move) for world in self.worlds(state)]
        found = [f for f in found if f is not None]
        rules = tuple((r, game.rules[r].title if r in game.rules else r)
                      for r in found[0][0] if all(r in f[0] for f in found))
        kept = [(k, g) for k, g in found[0][1]
                if hinted_fact(game.name, k, g[2]) and all((k, g) in f[1] for f in found)][:6]
        self.hinted = Hint(move, game.move_display(state, move), rules,
                           tuple(g for _, g in kept), tuple(k for k, _ in kept))
        for rule, _ in rules:
            self.evidence.add(rule, False, "hint")
        self._changed()
        return self.hinted

    def worlds(self, state: Any, count: int = WORLDS) -> list:
        """``state`` and up to ``count`` worlds dealt again from what the person to move sees
        (the engine's ``resample``): what is the same in all of them gives nothing hidden away."""
        worlds = [state]
        for number in range(1, count + 1):
            try:
                worlds.append(self.game.resample(state, self.game.to_move(state), number))
            except NotImplementedError:
                break
        return worlds

    def targets_of(self, state: Any, move: Any, names: Iterable[str]) -> list[str]:
        """The board's click targets (of ``names``, as the board names them) a click on which
        means ``move``: the reverse of :meth:`moves_for_click` (the coach's hint marks them).
        A game whose clicks choose more than one thing before a move (a trapper and a tile,
        the tiles of a flip) adds what it chooses."""
        return [name for name in names if move in self.moves_for_click(state, name)]

    def chose(self) -> None:
        """The person chose something on the board towards a move (a trapper, a tile of a
        flip): what was said goes, the coach's hint stays until a move is made or undone."""
        hinted = self.hinted
        self._fresh()
        self.hinted = hinted

    def _outcome(self, state: Any, move: Any) -> tuple[tuple[str, ...], list] | None:
        """The rules ``move`` uses in ``state`` and the facts it changes, each as (key, (label,
        before, after)); None where it is not legal (a world dealt otherwise)."""
        game = self.game
        try:
            after = game.apply(state, move)
        except IllegalMove:
            return None
        before_facts, after_facts = game.facts(state), game.facts(after)
        return (tuple(game.move_rules(state, move)),
                [(k, (game.fact_label(k), before_facts.get(k), v)) for k, v in after_facts.items()
                 if before_facts.get(k) != v])

    def closest(self, tried: Any) -> list:
        """The legal moves whose text comes closest to a refused move's (at most
        :data:`CLOSEST`, closest first)."""
        state, game = self.state, self.game
        words = game.move_text(state, tried)
        legal = list(game.legal_moves(state))
        score = {i: difflib.SequenceMatcher(None, words, game.move_text(state, m)).ratio()
                 for i, m in enumerate(legal)}
        return [legal[i] for i in sorted(score, key=lambda i: (-score[i], i))[:CLOSEST]]

    def play_text(self, words: str) -> bool:
        """Play a typed move; text that cannot be read gets its own message."""
        if not self.person_to_move():
            return self._not_now()
        try:
            move = self.game.parse_move(self.state, words)
        except MalformedInput as exc:
            forbidden = getattr(exc, "rule_id", None)  # a text no move can hold, by its rule
            if forbidden in self.game.rules:
                self.evidence.add(forbidden, False, "play")
                self._tell(problem=T._("Move not played: {problem} (the rule: {rule})",
                                       problem=exc.problem,
                                       rule=self.game.rules[forbidden].title))
            else:
                self._tell(problem=T._("Move not played: {problem}", problem=exc.problem))
            return False
        return self.play(move)

    def _not_now(self) -> bool:
        """No person decides now: say why (the game is over, or a computer plays)."""
        self._tell(problem=T._("The game is over: press New game to play again.") if self.over
                   else T._("It is not a person's turn: the computer is playing."))
        return False

    def click(self, target) -> None:
        """A click on the board: one legal move is played, several offered, none explained."""
        if not self.person_to_move():
            self._not_now()
            return
        state = self.state
        candidates = list(self.moves_for_click(state, target))
        legal = [m for m in candidates if self.game.is_legal(state, m)]
        if len(legal) == 1:
            self.play(legal[0])
        elif legal:
            self.chose()  # a step towards a move: the coach's hint stays (it is one of them)
            self.message = T._("Several moves fit that click: choose one.")
            self.choices = legal
            self._changed()
        elif candidates:
            self.play(candidates[0])  # refused: the engine's reason and rule id are shown
        else:
            self._tell(T._("There is no move there ({target}).", target=self.target_name(target)))

    def _apply(self, move) -> None:
        before = self.state
        self.match.play(move)  # IllegalMove leaves the match as it was
        self.forget()
        self.log.append(self.describe(before, move, self.state))

    # ---- the other seats ----------------------------------------------------------------------------
    def step(self) -> bool:
        """One move that is not a person's decision (chance, automatic, a computer);
        False when a person is to move or the game is over."""
        state = self.state
        mover = self.game.to_move(state)
        if mover is None:
            return False
        number = len(self.match.moves)
        if mover == CHANCE:
            moves, weights = zip(*self.game.chance_outcomes(state))
            move = rng(self.match.seed, "free play chance", number).choices(moves, weights)[0]
        else:
            move = self.automatic(state)
            if move is None:
                kind = self.seats[mover]
                if kind == PERSON:
                    return False
                move = self.computers[kind](self.game, state, rng(self.match.seed, kind, number))
        self._apply(move)  # a message (loaded, taken back) stays until the person acts
        self._changed()
        return True

    def advance(self, limit: int = LIMIT) -> int:
        """Play :meth:`step` until a person decides or the game ends; how many moves."""
        for count in range(limit):
            if not self.step():
                return count
        raise RuntimeError(f"{limit} moves in a row without a person's decision")

    def undo(self) -> None:
        """Take back the person's last decision and every move after it (computers, chance),
        so that person decides again."""
        self.forget()
        moves, states = self.match.moves, self.match.states
        last = next((i for i in range(len(moves) - 1, -1, -1) if self.decides(states[i])), None)
        if last is None:
            self._tell(T._("Nothing to take back: no person has moved yet."))
            return
        taken = [self.move_words(states[i], moves[i], states[i + 1])
                 for i in range(last, len(moves))]
        while len(moves) > last:
            self.match.undo()
        del self.log[last:]
        self._tell(T._("Taken back: {moves}.", moves=", ".join(taken)))

    # ---- observers ----------------------------------------------------------------------------------
    def _changed(self) -> None:
        for callback in tuple(self.on_change):
            callback()
