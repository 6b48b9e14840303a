"""Mastery per rule, without widgets: the learner's evidence (rule id, right at the first try or
not, when) turned into a state per rule by the FSRS-6 scheduler of the ``fsrs`` package (pure
Python; it runs in Pyodide too), and that state into a level a learner reads.

The evidence is kept in the browser only (``widgets/static/mastery.js``, localStorage); the
pages work the levels out there (``widgets/static/levels.js``, held to this module, the
reference, by ``tests/widgets/test_levels_js.py``). Each piece of evidence is one review of
the rule's card: right at the first try is ``Good``, anything else (a miss, a move shown, a
hint taken) is ``Again``. The levels:

* ``not-seen`` - no evidence;
* ``seen`` - met, but the last evidence was a miss (a miss moves every level down to here);
* ``practised`` - right, still in the scheduler's learning steps;
* ``known`` - the scheduler reviews it in days, and that day has not come;
* ``due`` - known once, and its day has come: due again.

>>> from datetime import datetime, timedelta, timezone
>>> t = datetime(2026, 1, 1, 12, tzinfo=timezone.utc)
>>> ev = [Evidence("r", True, t), Evidence("r", True, t + timedelta(minutes=1))]
>>> states(ev, t + timedelta(minutes=2))["r"].level
'known'
"""
from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable, Mapping

from fsrs import Card, Rating, Scheduler, State

from tutor.core.i18n import N_

from widgets.parts.texts import T

#: the levels, weakest first
LEVELS = ("not-seen", "seen", "practised", "known", "due")
#: evidence a record keeps at most (the newest): a browser's storage is small
MOST_EVIDENCE = 5000
#: how far ahead of the kernel's clock the browser's may run (see :func:`states`)
SKEW = timedelta(hours=1)
#: where a piece of evidence comes from
SOURCES = ("try", "ask", "drill", "play", "hint")

#: the levels as the learner reads them
LEVEL_WORDS = {"not-seen": N_("not seen"), "seen": N_("seen"), "practised": N_("practised"),
               "known": N_("known"), "due": N_("due again")}

#: the one scheduler: FSRS-6's default parameters, no random fuzz (the same record gives the
#: same dates everywhere)
SCHEDULER = Scheduler(enable_fuzzing=False)


@dataclass(frozen=True)
class Evidence:
    """One act of the learner about one rule."""

    rule: str
    right: bool
    at: datetime
    source: str = ""

    def as_json(self) -> dict:
        return {"rule": self.rule, "right": self.right,
                "at": int(self.at.timestamp() * 1000), "from": self.source}


@dataclass(frozen=True)
class RuleState:
    """What the evidence says of one rule at a moment."""

    rule: str
    level: str
    #: when the scheduler asks for it again (None: never seen)
    due: datetime | None = None
    right: int = 0
    missed: int = 0
    #: the predicted chance the learner gets it right now (0 when never seen)
    recall: float = 0.0
    card: Card | None = None

    def as_json(self, now: datetime) -> dict:
        return {"rule": self.rule, "level": self.level,
                "due": self.due.date().isoformat() if self.due is not None else None,
                "days": (None if self.due is None
                         else max(0, math.ceil((self.due - now) / timedelta(days=1)))),
                "right": self.right, "missed": self.missed, "recall": round(self.recall, 3)}


def _when(value: Any) -> datetime | None:
    """A time as the record writes it: epoch milliseconds (or an ISO text)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float) and math.isfinite(value) and 0 <= value < 1e14:
        return datetime.fromtimestamp(value / 1000, tz=timezone.utc)
    if isinstance(value, str) and len(value) <= 40:
        try:
            found = datetime.fromisoformat(value)
        except ValueError:
            return None
        return found if found.tzinfo else found.replace(tzinfo=timezone.utc)
    return None


def read_record(data: Any, rules: Iterable[str] | None = None) -> list[Evidence]:
    """The evidence of a record as the browser keeps it (a list of ``{"rule", "right", "at",
    "from"}``), oldest first; an entry that cannot be read is left out (the record is the
    learner's file: it may have been edited), as is a rule not in ``rules`` when given. Only
    the newest :data:`MOST_EVIDENCE` count.

    >>> [e.rule for e in read_record([{"rule": "a", "right": True, "at": 0}, {"rule": 3}, 7])]
    ['a']
    """
    known = set(rules) if rules is not None else None
    found = []
    for item in data[-MOST_EVIDENCE:] if isinstance(data, list) else ():
        if not isinstance(item, dict):
            continue
        rule, right, at = item.get("rule"), item.get("right"), _when(item.get("at"))
        if not isinstance(rule, str) or not 0 < len(rule) <= 100 or not isinstance(right, bool):
            continue
        if at is None or (known is not None and rule not in known):
            continue
        source = item.get("from") if item.get("from") in SOURCES else ""
        found.append(Evidence(rule, right, at, source))
    return sorted(found, key=lambda e: e.at)


def level_of(card: Card, last_right: bool, now: datetime) -> str:
    """The level a card (with the rule's last evidence) stands at ``now``."""
    if not last_right:
        return "seen"
    if card.state is State.Review:
        return "due" if card.due <= now else "known"
    return "practised"


def states(evidence: Iterable[Evidence], now: datetime) -> dict[str, RuleState]:
    """Every rule the evidence names, its state at ``now``. The browser's clock stamps the
    evidence and may run ahead of the kernel's a little: evidence up to :data:`SKEW` after
    ``now`` counts as made ``now``; later evidence (a clock far off, an edited file) is not
    counted."""
    cards: dict[str, Card] = {}
    counts: dict[str, list[int]] = {}
    last: dict[str, bool] = {}
    for number, item in enumerate(sorted(evidence, key=lambda e: e.at)):
        if item.at > now + SKEW:
            continue
        card = cards.get(item.rule) or Card(card_id=number + 1)
        rating = Rating.Good if item.right else Rating.Again
        cards[item.rule], _ = SCHEDULER.review_card(card, rating, min(item.at, now))
        counts.setdefault(item.rule, [0, 0])[0 if item.right else 1] += 1
        last[item.rule] = item.right
    found = {}
    for rule, card in cards.items():
        right, missed = counts[rule]
        found[rule] = RuleState(rule, level_of(card, last[rule], now), card.due, right, missed,
                                SCHEDULER.get_card_retrievability(card, now), card)
    return found


def level_label(state: RuleState, now: datetime) -> str:
    """A rule's level in words, with the days until it is due again where it is known."""
    return level_text(state.level, state.as_json(now)["days"])


def level_text(level: str, days: int | None) -> str:
    """A level in words (``days``: until a known rule is due again)."""
    if level == "known" and days is not None:
        return T.n_("known: due again in {n} day", "known: due again in {n} days", days)
    return T._(LEVEL_WORDS[level])


#: a number no label holds by itself: the page puts a count in its place (see :func:`level_words`)
MANY = 987654321


def level_words() -> dict:
    """The words a page needs to name levels itself (``widgets/static/levels.js``, without
    sending the record anywhere), in the current language: each level's words, and "known: due
    again in {n} days" for one day and for many (:data:`MANY` where the page puts the count;
    English, Dutch and Italian have these two forms)."""
    return {"levels": {level: T._(LEVEL_WORDS[level]) for level in LEVELS},
            "known_one": level_text("known", 1), "known_many": level_text("known", MANY),
            "many": str(MANY)}


def state_of(found: Mapping[str, RuleState], rule: str) -> RuleState:
    """A rule's state, ``not-seen`` when the evidence never names it."""
    return found.get(rule) or RuleState(rule, "not-seen")


#: how soon a level wants practice (lower first): due first, then missed, then learning, then
#: never seen, known last
_URGENCY = {"due": 0, "seen": 1, "practised": 2, "not-seen": 3, "known": 4}


def practice_order(rules: Iterable[str], found: Mapping[str, RuleState]) -> list[str]:
    """``rules`` in the order practice should take them: due, then weakest first (by level,
    then by the predicted chance of recall, lowest first), the rest in the order given.

    >>> t = datetime(2026, 1, 1, tzinfo=timezone.utc)
    >>> practice_order(["a", "b", "c"], states([Evidence("c", False, t)], t))
    ['c', 'a', 'b']
    """
    rules = list(rules)
    place = {rule: i for i, rule in enumerate(rules)}
    return sorted(rules, key=lambda r: (_URGENCY[state_of(found, r).level],
                                        state_of(found, r).recall, place[r]))


def tally(rules: Iterable[str], found: Mapping[str, RuleState]) -> dict[str, int]:
    """How many of ``rules`` stand at each level, and ``total``."""
    levels = [state_of(found, rule).level for rule in rules]
    return {**{level: levels.count(level) for level in LEVELS}, "total": len(levels)}


def changes(before: Mapping[str, RuleState], after: Mapping[str, RuleState],
            now: datetime) -> list[dict]:
    """What a practice session changed: each rule whose level or due day differs, with its
    level before and after and the days until it is due again."""
    found = []
    for rule, state in sorted(after.items()):
        old = state_of(before, rule)
        if old.level != state.level or old.due != state.due:
            found.append({**state.as_json(now), "was": old.level})
    return found


def rule_steps(walkthroughs: Iterable[Any]) -> dict[str, tuple[str, int]]:
    """The lesson step that first shows each rule: ``{rule id: (walkthrough id, step index)}``
    from loaded walkthroughs in the course's order (the setup shows its ``intro_rules`` at
    step 0, step ``n`` its rules and the rule its question names)."""
    found: dict[str, tuple[str, int]] = {}
    for walk in walkthroughs:
        for rule in getattr(walk, "intro_rules", ()):
            found.setdefault(rule, (walk.id, 0))
        for number, step in enumerate(walk.steps, start=1):
            for rule in step.rules:
                found.setdefault(rule, (walk.id, number))
            answer = getattr(step.ask, "rule", None) if step.ask is not None else None
            if isinstance(answer, str):
                found.setdefault(answer, (walk.id, number))
    return found


class EvidenceLog:
    """The evidence a page's model has made, numbered, for the page to keep in the browser:
    the page's script sends none of it back; it keeps each item it has not kept yet (by
    ``log`` and ``n``), stamped with the browser's clock.

    >>> log = EvidenceLog()
    >>> log.add("nim.take.heap", False, "play"); log.add(None, True, "drill")
    >>> [(i["n"], i["rule"], i["right"], i["from"]) for i in log.tail()["items"]]
    [(1, 'nim.take.heap', False, 'play')]
    """

    def __init__(self) -> None:
        self.log = secrets.token_hex(4)
        self.items: list[dict] = []

    def add(self, rule: str | None, right: bool, source: str) -> None:
        if rule:
            self.items.append({"n": len(self.items) + 1, "rule": rule, "right": bool(right),
                               "from": source})

    def tail(self, most: int = 40) -> dict:
        """The newest ``most`` items (a page missing more than these has lost its kernel)."""
        return {"log": self.log, "items": self.items[-most:]}
