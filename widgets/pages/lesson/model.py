"""Learning by doing on the lesson page, without widgets: where the learner is, what a try-it
step or a question asks now, what the learner has done, and playing on from a step.

:class:`Lesson` is where the learner is in a replayed walkthrough: the one place the step
index lives (clamped to the setup .. the last step; stepping back is moving the index, never
undoing a move). A step that has a try-it part or a question is *asked* when the learner arrives
at it going forward (Next, a jump, the address) and *shown done* when they come back to it
(Back): stepping back over it never asks again. Its phases (:class:`Phase`):

* ``TRY`` - the board shows the position before the move, the move is not shown; the
  learner's move (clicked on the board through the game's free-play clicks, picked from the
  legal moves, or typed) is judged by :class:`tutor.core.lesson.TryIt`: right, illegal,
  legal but different, unreadable. "Show me" is always there (offered after two misses);
* ``ASK`` - the step's question, still before the move is shown: a number or a choice,
  checked by :func:`tutor.core.lesson.check_answer` against the engine's fact;
* ``DONE`` - the step as the walkthrough shows it: the move, the narration, the rules.

Next on a step still asking moves it on one phase (a teacher presenting: the book's move is
shown, then the answer) without scoring it; Next on a step done goes to the next step.

These decisions are made here once (:func:`opening`, :func:`following`); the page paints a
step before the kernel answers, so each step's data carries what they say for it
(:func:`widgets.pages.lesson.steps.task_data`: ``opens`` and ``then``), and the page only picks.
What the learner did is kept per step (:attr:`Lesson.results`) and summed up as the progress
record the page keeps in the browser (:meth:`Lesson.record`). :meth:`Lesson.play_on` makes a
free-play game from the position shown; the lesson itself is not touched.

>>> from pathlib import Path
>>> from examples.nim import GAME as nim, __file__ as nim_file
>>> from tutor.core.walkthrough import load, replay
>>> walk = load(Path(nim_file).parent / "walkthroughs" / "first-game.toml", nim)
>>> lesson = Lesson(replay(walk, nim))
>>> lesson.go(2).phase  # a try-it step, arrived at going forward
<Phase.TRY: 'try'>
>>> lesson.attempt("take 4").verdict.value, lesson.attempt("take 3").verdict.value
('illegal', 'book')
>>> lesson.phase, lesson.answer("4").right, lesson.phase  # then its question
(<Phase.ASK: 'ask'>, True, <Phase.DONE: 'done'>)
>>> lesson.next(), lesson.back(), lesson.phase  # back over it: shown done
(3, 2, <Phase.DONE: 'done'>)
>>> lesson.results[2]
StepResult(tried='later', answered=True)
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from tutor.core import registry
from tutor.core.game import CHANCE, random_move
from tutor.core.i18n import SOURCE, current
from tutor.core.lesson import Answer, Attempt, TryIt, check_answer
from tutor.core.seeding import rng
from tutor.core.walkthrough import answer_text

from widgets.games import Kit, kit_for
from widgets.games.freeplay import PERSON, FreePlay
from widgets.games.session import PlaySession
from widgets.parts.mastery import EvidenceLog
from widgets.parts.step import Phase
from widgets.parts.texts import T


def phases(frame: Any) -> list[Phase]:
    """The phases of a step, in order (a plain step is only DONE)."""
    found = [Phase.TRY] if getattr(frame, "try_it", None) is not None else []
    if getattr(frame, "question", None) is not None:
        found.append(Phase.ASK)
    return [*found, Phase.DONE]


def words_language(walk: Any) -> str:
    """The language a lesson's own words (its title, narrations, questions) are shown in: the
    page's for a lesson of the course (its game's catalog translates them: its id is
    ``<game>/<stem>`` of a file the game ships); else the language its file says it is written
    in (an author's own lesson, a draft: ``lang``, English when it says none).

    >>> from tutor.core.walkthrough import by_id
    >>> from tutor.core.i18n import using
    >>> with using("nl"):
    ...     words_language(by_id("trapper/green-turn"))
    'nl'
    """
    wid = getattr(walk, "id", "") or ""
    game, _, stem = wid.partition("/")
    folder = registry.package_folder(game) if stem and game else None
    if folder is not None and (folder / "walkthroughs" / f"{stem}.toml").is_file():
        return current()
    return getattr(walk, "lang", "") or SOURCE


#: the ways to arrive at a step: from an earlier step (Next, a jump ahead, the address; a
#: lesson just opened counts as forward) or from a later one (Back, a jump behind)
FORWARD, BACK = "forward", "back"


def opening(frame: Any, way: str) -> Phase:
    """The phase a step opens in: its first when arrived at going forward, DONE when coming
    back to it (stepping back over a step never asks again)."""
    return Phase.DONE if way == BACK else phases(frame)[0]


def following(frame: Any, phase: Phase) -> Phase | None:
    """The phase Next (or a right try, an answer) moves a step on to from ``phase``; None
    when the step is done (Next goes to the next step)."""
    order = phases(frame)
    now = order.index(phase)
    return order[now + 1] if now + 1 < len(order) else None


def arrival_phase(frame: Any, came_from: int | None) -> Phase:
    """The phase a step opens in, arrived at from step ``came_from`` (None: just opened)."""
    return opening(frame, BACK if came_from is not None and came_from > frame.index else FORWARD)


@dataclass(frozen=True)
class StepResult:
    """What the learner did at one step: the try (``first`` - right at the first try,
    ``later`` - right after misses, ``shown`` - the book's move shown after trying or at
    "Show me"; None: not tried) and the answer (True/False; None: not answered)."""

    tried: str | None = None
    answered: bool | None = None


@dataclass
class Visit:
    """The step shown now and what was done there since arriving."""

    index: int
    phase: Phase
    trying: TryIt | None = None
    #: the board of a step that asks: the game's free play, judged, at the position before
    session: PlaySession | None = None
    answer: Answer | None = None
    #: the last thing a try or an answer said, for the page (newest last)
    said: list[Attempt | Answer] = field(default_factory=list)


def judged_session(game: Any, kit: Kit, state: Any, judge: Callable[[Any], None],
                   extras: Any = None, seed: int = 0, session: type[PlaySession] = PlaySession,
                   **options: Any) -> PlaySession:
    """The game's own free play at ``state``, the whole position shown, every seat a person
    (the learner, or the author, makes the move of whoever moves), each move made there handed
    to ``judge`` instead of being played (``session``: the author's board, which draws its
    step's own move, is one)."""
    play = kit.new_play()
    play.observe = False
    play.start_at(state, (PERSON,) * len(game.players(state)), seed)
    play.judge = judge
    return session(play, kit.drawer(game), kit.extras() if extras is None else extras, pace=0,
                   **options)


def asking_session(game: Any, kit: Kit, frame: Any) -> PlaySession:
    """The board of a step that asks, at the position before the move (its ``judge`` set by
    the caller)."""
    return judged_session(game, kit, frame.before, lambda move: None, trying=True,
                          asking=frame.question)


class Lesson:
    """A learner in a replayed walkthrough (see the module's docs)."""

    def __init__(self, replay: Any, index: int = 0, kit: Kit | None = None):
        self.game = replay.game
        self.kit = kit or kit_for(self.game)
        self.frames = tuple(replay.frames)
        if not self.frames:
            raise ValueError("a replay needs at least one frame (the setup)")
        #: the step shown: its one record (the page's trait and the class only copy it)
        self.index = self.clamp(index)
        self.results: dict[int, StepResult] = {}
        #: what the learner's acts say of each rule (widgets/parts/mastery.py): the page keeps it
        self.evidence = EvidenceLog()
        #: the last step has been shown done at least once
        self.finished = False
        self.visit = Visit(self.index, Phase.DONE)
        self._shown: int | None = None  # the step shown before (None: just opened)
        self.arrive(self.index, None)

    # ---- where the learner is ------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def clamp(self, index: int) -> int:
        return max(0, min(int(index), self.last))

    @property
    def frame(self) -> Any:
        return self.frames[self.index]

    @property
    def phase(self) -> Phase:
        return self.visit.phase

    @property
    def asking(self) -> bool:
        return self.visit.phase is not Phase.DONE

    def shown_state(self) -> Any:
        """The position the board shows now: before the move while the step asks."""
        frame = self.frame
        return frame.before if self.asking and frame.before is not None else frame.state

    def arrive(self, index: int, phase: Phase | str | None = None) -> Visit:
        """Show step ``index`` (clamped) in ``phase`` (default: by :func:`arrival_phase`,
        from the step shown before); a phase the step does not have opens it done."""
        came_from = self._shown
        self.close()
        self.index = self.clamp(index)
        frame = self.frame
        wanted = arrival_phase(frame, came_from) if phase is None else Phase(phase)
        if wanted not in phases(frame):
            wanted = Phase.DONE
        self._shown = self.index
        self.visit = Visit(self.index, wanted)
        self._enter(wanted)
        return self.visit

    go = arrive

    def next(self) -> int:
        """Next: a step that asks moves on one phase; a step done goes to the next step."""
        if self.asking:
            self.reveal()
        elif self.index < self.last:
            self.arrive(self.index + 1)
        return self.index

    def back(self) -> int:
        if self.index > 0:
            self.arrive(self.index - 1)
        return self.index

    # ---- a try-it step -------------------------------------------------------------------------
    def attempt(self, tried: Any) -> Attempt:
        """The learner's move (a move, or typed text) at a step in its TRY phase."""
        trying = self._trying()
        found = trying.attempt(tried)
        self.visit.said.append(found)
        if not found.right and found.rule_id:  # refused: the rule it breaks, missed
            self.evidence.add(found.rule_id, False, "try")
        if found.right:
            self._result(tried="first" if trying.misses == 0 else "later")
            self._advance()
        return found

    def show_me(self) -> Attempt:
        """The book's move, played (always available while the step is in TRY)."""
        shown = self._trying().show_me()
        self.visit.said.append(shown)
        self._result(tried="shown")
        self._advance()
        return shown

    @property
    def show_me_offered(self) -> bool:
        trying = self.visit.trying
        return bool(trying is not None and self.phase is Phase.TRY and trying.show_me_offered)

    def board_action(self, content: dict) -> None:
        """A click on the board, a move picked from the list, a choice among the moves a
        click may mean, a game button: handled by the game's free play, whose moves are
        judged here (see :func:`asking_session`)."""
        session = self.visit.session
        if session is None or self.phase is not Phase.TRY:
            return
        session.handle(content)

    def _trying(self) -> TryIt:
        if self.phase is not Phase.TRY or self.visit.trying is None:
            raise ValueError(f"step {self.index} does not ask for a move now")
        return self.visit.trying

    # ---- a question ----------------------------------------------------------------------------
    def answer(self, given: object) -> Answer:
        """The learner's answer to the step's question (an answer that cannot be read is
        said so, and the question stays)."""
        if self.phase is not Phase.ASK:
            raise ValueError(f"step {self.index} asks no question now")
        found = check_answer(self.game, self.frame, given)
        self.visit.said.append(found)
        if found.readable:
            self.visit.answer = found
            self._result(answered=found.right)
            self._advance()
        return found

    # ---- moving on within a step ----------------------------------------------------------------
    def reveal(self) -> None:
        """Next while the step asks: the book's move is shown (TRY), the answer given (ASK);
        nothing is scored unless the learner had tried (then it counts as shown)."""
        if self.phase is Phase.TRY and self.visit.trying is not None:
            trying = self.visit.trying
            if trying.attempts:
                self._result(tried="shown")
            self.visit.said.append(trying.show_me())
        elif self.phase is Phase.ASK:
            self.visit.said.append(told_answer(self.game, self.frame))
        self._advance()

    def _advance(self) -> None:
        self._enter(following(self.frame, self.visit.phase) or Phase.DONE)

    def _enter(self, phase: Phase) -> None:
        self.visit.phase = phase
        self.close()
        frame = self.frame
        if phase is Phase.TRY and self.visit.trying is None:
            self.visit.trying = TryIt(self.game, frame)
        if phase is not Phase.DONE and frame.before is not None:
            session = asking_session(self.game, self.kit, frame)
            session.play.judge = self._judge
            self.visit.session = session
        if phase is Phase.DONE and self.index == self.last:
            self.finished = True

    def _judge(self, move: Any) -> None:
        if self.phase is Phase.TRY:
            self.attempt(move)

    def close(self) -> None:
        """Close the board of a step that asks (the step left, or the lesson)."""
        if self.visit.session is not None:
            self.visit.session.close()
            self.visit.session = None

    def _result(self, tried: str | None = None, answered: bool | None = None) -> None:
        frame = self.frame
        if tried is not None:  # the step's rules: right at the first try, or not
            for rule in frame.rule_ids:
                self.evidence.add(rule, tried == "first", "try")
        if answered is not None:
            self.evidence.add(frame.answer_rule, answered, "ask")
        old = self.results.get(self.index, StepResult())
        self.results[self.index] = StepResult(tried if tried is not None else old.tried,
                                              answered if answered is not None else old.answered)

    # ---- the course's progress ------------------------------------------------------------------
    def counts(self) -> dict[str, int]:
        """Try-it steps tried and right at the first try; questions answered and right."""
        tried = [r.tried for r in self.results.values() if r.tried is not None]
        answered = [r.answered for r in self.results.values() if r.answered is not None]
        return {"tried": len(tried), "first": tried.count("first"),
                "answered": len(answered), "right": answered.count(True)}

    def record(self) -> dict:
        """What the page keeps in the browser for this walkthrough: finished or not, and what
        was done at each step that asks (the page merges it, step by step, with what it kept
        before)."""
        return {"finished": self.finished, "steps": self.last,
                "tries": {str(i): r.tried for i, r in sorted(self.results.items())
                          if r.tried is not None},
                "answers": {str(i): r.answered for i, r in sorted(self.results.items())
                            if r.answered is not None}}

    # ---- play on from here ----------------------------------------------------------------------
    def play_on(self, seed: int | None = None, pace: float = 0,
                publish: Callable[[dict], None] | None = None) -> "PlayOn":
        """Free play from exactly the position shown; the lesson is not touched."""
        return play_on(self.game, self.shown_state(), self.kit, self.index,
                       random.randrange(10 ** 6) if seed is None else seed, pace, publish)


def told_answer(game: Any, frame: Any) -> Answer:
    """A question's answer, said without a learner's (Next before answering; a class poll
    revealed)."""
    rule = game.rules[frame.answer_rule]
    if frame.question.choices and frame.answer_index is not None:
        right = frame.question.choices[frame.answer_index]
    else:
        right = answer_text(frame.answer)
    return Answer(False, False, "", right, rule.id, rule.title, T._(
        "The answer: {answer}. The rule that decides it: {title}.", answer=right, title=rule.title))


# ---- play on from here ---------------------------------------------------------------------------
@dataclass
class PlayOn:
    """Free play started from a lesson's step."""

    session: PlaySession
    #: the lesson's step it started from
    index: int
    #: the learner's seat (None: the game is over there)
    learner: int | None
    #: what the page says first: whose seat is the learner's, the hidden parts dealt again
    #: (or why not): one sentence each
    notes: tuple[str, ...]

    @property
    def play(self) -> FreePlay:
        return self.session.play

    def close(self) -> None:
        self.session.close()


def learner_at(game: Any, state: Any, seed: int = 0) -> int | None:
    """Who decides next at ``state``: the player to move, or after the dice the player
    who moves then (rolls drawn from ``seed`` only to look ahead; nothing is played);
    None at the end of the game."""
    for number in range(50):
        mover = game.to_move(state)
        if mover is None or mover != CHANCE:
            return mover
        roll = random_move(game, state, rng(seed, "learner", number))
        if roll is None:
            return None
        state = game.apply(state, roll)
    return None


def play_on(game: Any, state: Any, kit: Kit, index: int = 0, seed: int = 0, pace: float = 0,
            publish: Callable[[dict], None] | None = None) -> PlayOn:
    """Free play from ``state``: the learner in the seat of the side to move, the game's
    first kind of computer in the others; what the learner cannot see dealt again
    (``game.resample``), or, for a game that cannot deal it again yet, kept as it is (said
    in the note)."""
    learner = learner_at(game, state, seed)
    seat = learner if learner is not None else 0
    notes = []
    try:
        dealt = game.resample(state, seat, seed)
    except NotImplementedError:
        dealt = state
        notes.append(T._("{game} cannot deal the hidden cards and tiles again yet: you play on "
                         "with the ones of the lesson.", game=game.title))
    else:
        if dealt is not state and dealt != state:
            notes.append(T._("What you could not see has been dealt again: it may differ from "
                             "the lesson."))
    play = kit.new_play()
    computer = next(iter(play.computers))
    players = game.players(dealt)
    seats = tuple(PERSON if p == seat else computer for p in range(len(players)))
    if learner is None:
        notes.insert(0, T._("The game is over at this step."))
    else:
        notes.insert(0, T._("You play on as {player}; the computer plays the others.",
                            player=players[seat]))
    play.start_at(dealt, seats, seed)
    return PlayOn(PlaySession(play, kit.drawer(game), kit.extras(), pace=pace, publish=publish),
                  index, learner, tuple(notes))
