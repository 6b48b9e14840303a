"""Learning by doing, without widgets: a try-it step tried, a question answered.

A walkthrough step can let the learner make the move (a *try-it* step) and can ask a
question before the move is shown (see :mod:`tutor.core.walkthrough`). This module decides
what a learner's answer means; the lesson page only shows it.

:class:`Attempt` is one try of a try-it step. The learner's move (a move, or the text they
typed) is

* the book's move, or another move the step accepts: right, the step goes on;
* illegal: refused by the engine (:class:`~tutor.core.errors.IllegalMove`): the rule's id,
  title and reading and the refusal's reason; the board is unchanged;
* legal but different: what differs, from the engine's facts after each move (labelled
  by :meth:`~tutor.core.game.Game.fact_label`): "counters on the heap: yours 3, the
  book's 1", never a sentence written per wrong answer;
* unreadable (typed text that is no move): a sentence saying what was expected.

:class:`TryIt` keeps the tries of one step: "show me" is always there and offered after two
misses. :func:`check_answer` checks a question's answer (a number or a choice): right or
wrong, the right answer and the rule that decides it.

>>> from examples.nim import GAME as nim
>>> from tutor.core.walkthrough import Frame, TryIt as Try
>>> start = nim.initial_state({"heap": 5})
>>> book = nim.parse_move(start, "take 1")
>>> frame = Frame(1, nim.apply(start, book), "", ("nim.take",), before=start, move=book,
...               move_text="take 1", try_it=Try(), accepted_texts=("take 1",))
>>> step = TryIt(nim, frame)
>>> step.attempt("take 7").verdict, step.attempt("take 2").message
(<Verdict.ILLEGAL: 'illegal'>, 'Legal, but not the move of the book: counters on the heap: yours 3, the book’s 4; counters P1 has taken: yours 2, the book’s 1.')
>>> step.show_me_offered, step.attempt("take 1").right
(True, True)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar

from .errors import IllegalMove, MalformedInput
from .game import Fact, Game
from .i18n import translator
from .walkthrough import Frame, answer_text

S = TypeVar("S")
M = TypeVar("M")

T = translator("core")

#: misses after which "show me" is offered (it is always available)
MISSES_BEFORE_SHOW_ME = 2
#: differing facts named in the message of a legal but different move
FACTS_NAMED = 3


class Verdict(Enum):
    BOOK = "book"  # the book's move
    ACCEPTED = "accepted"  # another move the step accepts
    DIFFERENT = "different"  # legal, but not what the step asks for
    ILLEGAL = "illegal"  # refused by a rule
    UNREADABLE = "unreadable"  # typed text that is no move
    SHOWN = "shown"  # the learner asked to be shown the book's move


@dataclass(frozen=True)
class Difference:
    """A fact that differs between the learner's move and the book's."""

    key: str
    label: str
    yours: Fact
    book: Fact

    @property
    def text(self) -> str:
        return T._("{label}: yours {yours}, the book’s {book}", label=self.label,
                   yours=answer_text(self.yours), book=answer_text(self.book))


@dataclass(frozen=True)
class Attempt(Generic[S, M]):
    """What one try of a try-it step means."""

    verdict: Verdict
    #: the move tried (None: the text could not be read)
    move: M | None
    #: the move as written (the learner's text when it could not be read)
    move_text: str
    #: the state after the move (the book's when it was right or shown; the learner's when
    #: legal but different); None when refused or unreadable: the board stays as it was
    state: S | None
    message: str
    #: the refusing rule (an illegal move), with its title, reading and the reason given
    rule_id: str | None = None
    title: str = ""
    reading: str = ""
    reason: str = ""
    #: the facts that differ from the book's (a legal but different move)
    differences: tuple[Difference, ...] = ()

    @property
    def right(self) -> bool:
        return self.verdict in (Verdict.BOOK, Verdict.ACCEPTED)


def differences(game: Game[S, M], yours: S, book: S,
                keys: tuple[str, ...] = ()) -> tuple[Difference, ...]:
    """The facts (all, or those named) whose values differ between two states."""
    mine, theirs = game.facts(yours), game.facts(book)
    chosen = keys or tuple(k for k in theirs if k in mine)
    return tuple(Difference(k, game.fact_label(k), mine.get(k), theirs.get(k))
                 for k in chosen if mine.get(k) != theirs.get(k))


def evaluate(game: Game[S, M], frame: Frame[S, M], tried: M | str) -> Attempt[S, M]:
    """What the learner's move (a move, or typed text) means at a try-it step's frame."""
    if frame.before is None or frame.move is None:
        raise ValueError("a try-it frame has the state before its move and the book's move")
    before = frame.before
    if isinstance(tried, str):
        try:
            move = game.parse_move(before, tried)
        except MalformedInput as exc:
            forbidden = getattr(exc, "rule_id", None)
            if isinstance(forbidden, str) and forbidden in game.rules:  # read; no rule allows it
                rule = game.rules[forbidden]
                return Attempt(Verdict.ILLEGAL, None, tried, None,
                               T._("Not allowed: {reason}. ({title})", reason=exc.problem,
                                   title=rule.title), rule_id=forbidden, title=rule.title,
                               reading=rule.reading, reason=exc.problem)
            return Attempt(Verdict.UNREADABLE, None, tried, None, T._(
                "That is not a move I can read: {problem}. Write a move like “{example}”.",
                problem=exc.problem, example=_example(game, frame)))
    else:
        move = tried
    try:
        after = game.apply(before, move)
    except IllegalMove as exc:
        rule = game.rules[exc.rule_id]
        message = T._("Not allowed: {reason}. ({title})", reason=exc.reason, title=rule.title)
        return Attempt(Verdict.ILLEGAL, move, game.move_display(before, move), None, message,
                       rule_id=exc.rule_id, title=rule.title, reading=rule.reading,
                       reason=exc.reason)
    text = game.move_display(before, move)
    if move == frame.move:
        return Attempt(Verdict.BOOK, move, text, frame.state, T._("Right: that is the move."))
    if move in frame.accepted:  # the lesson goes on from the book's move: said, so the
        # board shown next (the book's, not the learner's) is no surprise
        return Attempt(Verdict.ACCEPTED, move, text, after,
                       T._("Right: that move does it too. The lesson goes on with the book's "
                           "move: {move}.", move=game.move_display(before, frame.move)))
    keys = frame.try_it.compare if frame.try_it is not None else ()
    # the facts the step compares; if those are the same, every fact that differs
    found = differences(game, after, frame.state, keys) or differences(game, after, frame.state)
    named = "; ".join(d.text for d in found[:FACTS_NAMED])
    message = (T._("Legal, but not the move of the book: {differences}.", differences=named)
               if named else T._("Legal, but not the move of the book."))
    return Attempt(Verdict.DIFFERENT, move, text, after, message, differences=found)


def _example(game: Game[S, M], frame: Frame[S, M]) -> str:
    """A move written as the game writes it, for a learner whose text could not be read: a
    legal move that is not the answer (the book's move only when there is no other)."""
    before = frame.before
    if before is None:
        return frame.move_words or ""
    answers = {frame.move, *frame.accepted}
    for move in game.legal_moves(before):
        if move not in answers:
            return game.move_display(before, move)
    return frame.move_words or ""


@dataclass
class TryIt(Generic[S, M]):
    """The tries of one try-it step (a new one each time the step is shown again)."""

    game: Game[S, M]
    frame: Frame[S, M]
    attempts: list[Attempt[S, M]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.frame.try_it is None:
            raise ValueError(f"step {self.frame.index} is not a try-it step")

    @property
    def misses(self) -> int:
        return sum(1 for a in self.attempts if not a.right and a.verdict is not Verdict.SHOWN)

    @property
    def solved(self) -> bool:
        return any(a.right or a.verdict is Verdict.SHOWN for a in self.attempts)

    @property
    def show_me_offered(self) -> bool:
        """Offer "show me" now (it may be asked for at any time)."""
        return not self.solved and self.misses >= MISSES_BEFORE_SHOW_ME

    def attempt(self, tried: M | str) -> Attempt[S, M]:
        found = evaluate(self.game, self.frame, tried)
        self.attempts.append(found)
        return found

    def show_me(self) -> Attempt[S, M]:
        """The book's move, played."""
        frame = self.frame
        shown: Attempt[S, M] = Attempt(Verdict.SHOWN, frame.move, frame.move_words or "",
                                       # the move as written begins with its own verb in
                                       # some games ("gioca 16 preda 15"): not "plays {move}"
                                       frame.state, T._("The book's move: {move}.",
                                                        move=frame.move_words or ""))
        self.attempts.append(shown)
        return shown


# ---- questions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """A question's answer checked: right or wrong, the right answer, the deciding rule."""

    right: bool
    #: False when the answer could not be read (a word where a number was asked)
    readable: bool
    given: str
    answer: str
    rule_id: str
    rule_title: str
    message: str


def _number(text: str) -> float | None:
    cleaned = text.strip().replace(",", ".")
    if not re.fullmatch(r"[+-]?\d{1,15}(\.\d{1,15})?", cleaned):
        return None
    return float(cleaned)


def check_answer(game: Game[Any, Any], frame: Frame[Any, Any], given: object) -> Answer:
    """Check a learner's answer to a frame's question (a number, or one of the choices)."""
    ask = frame.question
    if ask is None or frame.answer_rule is None:
        raise ValueError(f"step {frame.index} asks no question")
    rule = game.rules[frame.answer_rule]
    given_text = given if isinstance(given, str) else answer_text(given)
    if ask.choices and frame.answer_index is not None:  # by place: choices may be translated
        right_text = ask.choices[frame.answer_index]
        chosen = next((i for i, c in enumerate(ask.choices)
                       if c.casefold() == given_text.strip().casefold()), None)
        if chosen is None:
            return Answer(False, False, given_text, right_text, rule.id, rule.title, T._(
                "Choose one of: {choices}.", choices=", ".join(ask.choices)))
        right = chosen == frame.answer_index
    else:
        right_text = answer_text(frame.answer)
        value = given if isinstance(given, (int, float)) and not isinstance(given, bool) \
            else _number(given_text)
        if value is None:
            return Answer(False, False, given_text, right_text, rule.id, rule.title,
                          T._("A number, please: write it in figures, like 12."))
        right = value == frame.answer
    message = (T._("Right: {answer}.", answer=right_text) if right else
               T._("Not quite: it is {answer}. The rule that decides it: {title}.",
                   answer=right_text, title=rule.title))
    return Answer(right, True, given_text, right_text, rule.id, rule.title, message)
