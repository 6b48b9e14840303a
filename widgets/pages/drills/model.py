"""Practice drills, without widgets: one question at a time from the engine's endless, seeded
drills (:func:`tutor.core.drills.drills`), the learner's answer, its explanation, the score of
the sitting.

:class:`DrillRun` holds the question shown (a :class:`~tutor.core.drills.Drill`), what the
learner chose, and the :class:`~tutor.core.drills.Sitting`. The first answer to a question
counts; after it, the learner may look at every other option's explanation (why that move is
refused, which rule decides) without changing the score. A question whose options are all
numbers is answered by typing the number (:attr:`DrillRun.numeric`): a number that is no
option counts as wrong, and the right one is shown. The same seed gives the same questions.

>>> from examples.nim import GAME as nim
>>> run = DrillRun(nim, seed=4, kinds=["legal-move"])
>>> run.drill.prompt, [o.text for o in run.drill.options]
('Which of these moves may Ann make now?', ['take 3', 'take 2', 'take 4'])
>>> run.choose(0).right, run.score()
(False, (0, 1))
>>> run.choose(1).right, run.score()  # looked at after answering: not scored
(True, (0, 1))
>>> run.next().kind, run.number, run.answered
('legal-move', 2, False)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from tutor.core.drills import Drill, Option, Sitting, drills

from widgets.parts.mastery import EvidenceLog
from widgets.parts.texts import T

_NUMBER = re.compile(r"[+-]?\d{1,12}([.,]\d{1,12})?")


def number_of(text: str) -> float | None:
    """A number as a learner or an option writes it (``12``, ``-3``, ``2,5``), else None.

    >>> number_of(" 12 "), number_of("2,5"), number_of("twelve")
    (12.0, 2.5, None)
    """
    cleaned = text.strip()
    return float(cleaned.replace(",", ".")) if _NUMBER.fullmatch(cleaned) else None


@dataclass(frozen=True)
class Outcome:
    """What an answer meant: the option it was (None: a number no option has), right or
    wrong, the explanation to show; ``scored``: it was the first answer to the question."""

    option: int | None
    right: bool
    explanation: str
    rule_id: str | None
    scored: bool


class DrillRun:
    """A sitting of drills of one game (see the module's docs)."""

    def __init__(self, game: Any, seed: int = 0, kinds: Iterable[str] | None = None):
        self.game = game
        self.seed = seed
        self.kinds = list(kinds) if kinds is not None else None
        self._drills = drills(game, seed, self.kinds)
        self.sitting = Sitting()
        #: what the first answers say of each rule (widgets/parts/mastery.py): the page keeps it
        self.evidence = EvidenceLog()
        self.number = 0
        self.drill: Drill
        self.outcome: Outcome | None = None
        #: options looked at (the first one is the answer), in order
        self.looked: list[int] = []
        self.next()

    # ---- reading ---------------------------------------------------------------------------------
    @property
    def answered(self) -> bool:
        return self.outcome is not None

    @property
    def numeric(self) -> bool:
        """The options are all numbers: the learner types the answer."""
        return all(number_of(o.text) is not None for o in self.drill.options)

    def score(self) -> tuple[int, int]:
        """(right, asked) of the sitting."""
        return self.sitting.right, self.sitting.asked

    def score_text(self) -> str:
        right, asked = self.score()
        return T.n_("{right} of {n} question right", "{right} of {n} questions right", asked,
                    right=right)

    def rule_title(self, rule_id: str | None) -> str:
        rules = self.game.rules
        return rules[rule_id].title if rule_id and rule_id in rules else ""

    # ---- answering -------------------------------------------------------------------------------
    def choose(self, index: int) -> Option:
        """The learner chose option ``index``: the first choice is the answer (scored), later
        ones only show their explanation. An index out of range raises IndexError."""
        drill = self.drill
        if not 0 <= index < len(drill.options):
            raise IndexError(f"option {index} of {len(drill.options)}")
        option = drill.options[index]
        self.looked.append(index)
        if self.outcome is None:
            self.sitting.answer(drill, index)
            self.outcome = Outcome(index, option.right, option.explanation, option.rule_id, True)
            self._evidence(option)
        return option

    def answer_number(self, text: str) -> Outcome | None:
        """A typed answer to a number question: None when it is no number (nothing counts);
        a number that is an option is that option; any other number is wrong."""
        value = number_of(text)
        if value is None:
            return None
        drill = self.drill
        for index, option in enumerate(drill.options):
            if number_of(option.text) == value:
                scored = self.outcome is None
                self.choose(index)
                return Outcome(index, option.right, option.explanation, option.rule_id, scored)
        right = drill.options[drill.answer]
        found = Outcome(None, False, right.explanation, right.rule_id, self.outcome is None)
        if self.outcome is None:  # wrong, and no option to blame: the sitting counts it so
            self.sitting.asked += 1
            self.sitting.answers.append((drill.kind, False))
            self.outcome = found
            self._evidence(None)
        return found

    def _evidence(self, chosen: Option | None) -> None:
        """A first answer's evidence: the rule of the option chosen and of the right one,
        right only when the right one was chosen (one rule once)."""
        right = self.drill.options[self.drill.answer]
        rules = [] if chosen is None or chosen.right else [chosen.rule_id]
        for rule in dict.fromkeys([*rules, right.rule_id]):
            self.evidence.add(rule, chosen is not None and chosen.right, "drill")

    def remake(self) -> None:
        """Make the questions again in the current language (the language menu): the same
        seed gives the same questions, so the one shown stays the same question; the score
        and the answer given are kept."""
        fresh = drills(self.game, self.seed, self.kinds)
        for _ in range(self.number):
            drill = next(fresh)
        self._drills, self.drill = fresh, drill

    def next(self) -> Drill:
        """The next question (an unanswered one is left without counting)."""
        self.drill = next(self._drills)
        self.number += 1
        self.outcome = None
        self.looked = []
        return self.drill
