"""Text alternatives of boards: what a step changed, in sentences made from the engine.

Nothing here is written per step. A step's description is the move (or the refusal and
its reason), then the facts of the game (``game.facts``) that differ before and after it,
each worded by a phrase its board drawer gives for that kind of fact (the part of the key
before the first dot: ``money`` for ``money.Anna``). Facts without a phrase are left out;
at most :data:`MOST` sentences are said, the rest counted.

>>> from examples.nim import NimGame as Nim
>>> from tutor.core.walkthrough import Frame
>>> nim = Nim()
>>> s0 = nim.initial_state({"heap": 5})
>>> s1 = nim.apply(s0, nim.parse_move(s0, "take 2"))
>>> phrases = {"heap": Phrase(lambda key, old, new: T.n_(
...     "{n} counter is left.", "{n} counters are left.", new))}
>>> describe(nim, Frame(1, s1, "", (), before=s0, move_text="take 2"), phrases)
'Move: take 2. 3 counters are left.'
>>> describe(nim, Frame(0, s0, "", ()), phrases, overview="A heap of 5 counters.")
'A heap of 5 counters.'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from widgets.parts.texts import T

#: The most sentences of changes said for one step (the rest are counted).
MOST = 8


@dataclass(frozen=True)
class Phrase:
    """How one kind of fact is said when it changes: ``say(key, old, new)`` gets the part of
    the fact's name after its kind (``"Anna"`` for ``money.Anna``), the old and the new value,
    and returns a sentence, or "" to say nothing about this change."""

    say: Callable[[str, Any, Any], str]


def fact_changes(before: Mapping[str, Any], after: Mapping[str, Any],
                 phrases: Mapping[str, Phrase]) -> list[str]:
    """The sentences for every fact that differs, in the order of the facts."""
    said = []
    for name, new in after.items():
        old = before.get(name)
        if old == new:
            continue
        kind, _, key = name.partition(".")
        phrase = phrases.get(kind)
        if phrase is None:
            continue
        sentence = phrase.say(key, old, new)
        if sentence and sentence not in said:
            said.append(sentence)
    return said


def describe(game: Any, frame: Any, phrases: Mapping[str, Phrase], overview: str = "") -> str:
    """The text alternative of a frame's board: the ``overview`` of the position when no
    move was made; else the move, then what changed (or the refusal and why not)."""
    refusal = getattr(frame, "refusal", None)
    move_text = getattr(frame, "move_words", None) or getattr(frame, "move_text", None)
    if refusal is not None:
        words = move_text or getattr(refusal, "move_text", "") or ""
        reason = str(refusal.reason).rstrip(".")  # a refusal's clause, here a sentence of its own
        return T._("Refused: {move}. {reason}. Nothing changes on the board.", move=words,
                   reason=reason[:1].upper() + reason[1:])
    before = getattr(frame, "before", None)
    if before is None or move_text is None:
        return overview or T._("The position before the first move.")
    sentences = [T._("Move: {move}.", move=move_text)]
    changes = fact_changes(game.facts(before), game.facts(frame.state), phrases)
    sentences += changes[:MOST] or [T._("Nothing else changes on the board.")]
    if len(changes) > MOST:
        sentences.append(T.n_("{n} more change.", "{n} more changes.", len(changes) - MOST))
    return " ".join(sentences)
