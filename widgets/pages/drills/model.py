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
('Which of these moves may Anna make now?', ['take 3', 'take 2', 'take 4'])
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
from datetime import datetime, timezone
from typing import Any, Callable, Iterable

from tutor.core.drills import Drill, Option, Sitting, drills

from widgets.parts import mastery
from widgets.parts.mastery import Evidence, EvidenceLog
from widgets.parts.texts import T

#: questions looked at ahead for one on a rule practice wants first
LOOK_AHEAD = 60
#: the levels practice takes first, in this order (a known rule waits until it is due)
FIRST = ("due", "seen", "practised", "not-seen")

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

    def __init__(self, game: Any, seed: int = 0, kinds: Iterable[str] | None = None,
                 clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc)):
        self.game = game
        self.seed = seed
        self.kinds = list(kinds) if kinds is not None else None
        self._drills = drills(game, seed, self.kinds)
        #: the questions made so far, in the generator's order; which were asked; the one shown
        self._made: list[Drill] = []
        self._asked: set[int] = set()
        self._at = -1
        self.sitting = Sitting()
        #: what the first answers say of each rule (widgets/parts/mastery.py): the page keeps it
        self.evidence = EvidenceLog()
        self.clock = clock
        #: the learner's record when practice began (:meth:`practise`), and this sitting's
        self.before: list[Evidence] = []
        self.since: list[Evidence] = []
        #: the rules practice asks about first, in order (empty: the questions as they come),
        #: and of those the ones due, missed or practised (a lesson step practises one no
        #: question asks about)
        self.focus: list[str] = []
        self.wanted: list[str] = []
        #: the rules of the questions answered in this sitting, the last answered last: practice
        #: asks about them after the other rules it wants (not the same rule again and again)
        self.answered_rules: list[str] = []
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
        asked = {o.rule_id for o in self.drill.options if o.rule_id}
        self.answered_rules = [r for r in self.answered_rules if r not in asked] + sorted(asked)
        now = self.clock()
        for rule in dict.fromkeys([*rules, right.rule_id]):
            self.evidence.add(rule, chosen is not None and chosen.right, "drill")
            if rule:
                self.since.append(Evidence(rule, chosen is not None and chosen.right, now, "drill"))

    # ---- practice what is due ----------------------------------------------------------------
    def practise(self, record: Any) -> None:
        """Ask first about the rules the learner's record (as the browser keeps it) says are
        due, then the weakest (:func:`widgets.parts.mastery.practice_order`); a question shown
        and not answered yet is asked again by that order. A rule no question asks about is
        left to its lesson step."""
        rules = list(self.game.rules)
        self.before = mastery.read_record(record, rules)
        found = mastery.states(self.before, self.clock())
        focus = [r for r in mastery.practice_order(rules, found)
                 if mastery.state_of(found, r).level in FIRST]
        self.follow(focus, [r for r in focus
                            if mastery.state_of(found, r).level in ("due", "seen", "practised")])

    def follow(self, focus: Iterable[Any], wanted: Iterable[Any]) -> None:
        """Ask first about the rules ``focus`` names, in its order (the page worked it out from
        the record it keeps: :func:`widgets.parts.mastery.practice_order`); ``wanted``: those
        due, missed or practised. Ids not of the game's rules are left out. A question shown
        and not answered yet is asked again by that order."""
        rules = set(self.game.rules)
        self.focus = [r for r in dict.fromkeys(f for f in focus if isinstance(f, str)) if r in rules]
        chosen = set(self.focus)
        self.wanted = [r for r in dict.fromkeys(w for w in wanted if isinstance(w, str))
                       if r in chosen]
        if self.outcome is None and self._at >= 0:
            self._asked.discard(self._at)
            self.number -= 1
            self.next()

    @property
    def place(self) -> int:
        """The question's place among those the seed makes (the same seed, the same place)."""
        return self._at

    def changes(self) -> list[dict]:
        """What this sitting changed, rule by rule (level before and after, days until due)."""
        now = self.clock()
        return mastery.changes(mastery.states(self.before, now),
                               mastery.states([*self.before, *self.since], now), now)

    def unasked(self) -> list[str]:
        """The rules practice wants (due, missed, practised) that none of the questions
        looked at so far asks about: their lesson steps practise them instead."""
        asked = {o.rule_id for d in self._made for o in d.options if o.rule_id}
        wanted = set(self.wanted)
        return [r for r in self.focus if r not in asked and r in wanted]

    def _order(self) -> dict[str, int]:
        """Each focused rule's place in practice's order now: the rules answered in this
        sitting go behind the others, the last answered last."""
        answered = [r for r in self.answered_rules if r in self.focus]
        later = set(answered)
        order = [r for r in self.focus if r not in later] + answered
        return {rule: i for i, rule in enumerate(order)}

    def _rank(self, drill: Drill, place: dict[str, int]) -> int:
        return min((place[o.rule_id] for o in drill.options if o.rule_id in place),
                   default=len(place))

    def _draw(self) -> int:
        """The place of the next question: the first not asked yet, or with a focus, the one
        among the next :data:`LOOK_AHEAD` that asks about the rule wanted most."""
        first = next((i for i in range(len(self._made)) if i not in self._asked), len(self._made))
        window = LOOK_AHEAD if self.focus else 1
        while len(self._made) < first + window:
            self._made.append(next(self._drills))
        places = [i for i in range(first, first + window) if i not in self._asked]
        if not self.focus:
            return first
        place = self._order()
        return min(places, key=lambda i: (self._rank(self._made[i], place), i))

    def remake(self) -> None:
        """Make the questions again in the current language (the language menu): the same
        seed gives the same questions, so the one shown stays the same question; the score
        and the answer given are kept."""
        fresh = drills(self.game, self.seed, self.kinds)
        self._made = [next(fresh) for _ in self._made]
        self._drills, self.drill = fresh, self._made[self._at]

    def next(self) -> Drill:
        """The next question (an unanswered one is left without counting)."""
        self._at = self._draw()
        self._asked.add(self._at)
        self.drill = self._made[self._at]
        self.number += 1
        self.outcome = None
        self.looked = []
        return self.drill
