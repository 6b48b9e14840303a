"""A lesson's own play is good play: it never pays for what is free, and never leaves a free
reward on the table without saying so (issue 23.1).

Every step of every shipped walkthrough of every game is replayed and the engine is asked
(facts, never the narration's English) whether the step's player

* ended a turn with a free reward untaken (``missed.<side>`` gains a line),
* paid for a tile that was free (``spent`` grew and a line of ``bonus.<side>`` went with it),
* or the lesson stops on its last step with a free reward still open to the side on turn;
* or passes over a second chance the book gives (a solo replay's roll too bad to keep may be
  rolled again: ``reroll`` is legal after the step, and the next step does not take it).

Such a step must say so in a way a test can read: its ``expect`` or question names the fact,
or its rules name the rule of the reward. A game whose facts have no free rewards (``FREE``)
has nothing to check, but its lessons are replayed all the same.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tutor.core.walkthrough import by_id, library, replay


@dataclass(frozen=True)
class Free:
    """A game's free rewards, as its facts name them."""

    #: the fact kind of a reward open now (``bonus.<side>``: lines with a bonus)
    open: str
    #: the fact kind of a reward left untaken at the end of a turn
    missed: str
    #: what the side on turn has paid from its roll this turn
    spent: str
    #: the fact naming the side on turn
    side: str
    #: rules a step may name to say it shows the reward taken, paid for or forgotten
    rules: frozenset[str]
    #: second chances the book gives: a move text and the rule a step names to pass it over
    chances: tuple[tuple[str, str], ...] = ()


FREE = {
    "trigger": Free("bonus", "missed", "spent", "side", frozenset({
        "trigger.bonus", "trigger.bonus.chain", "trigger.malus", "trigger.solo.malus"}),
        chances=(("reroll", "trigger.solo.replay.bad"),)),
}

WALKS = sorted(library())


def _said(step, free: Free, key: str) -> bool:
    expects = set(step.expect) | ({step.ask.fact} if step.ask is not None else set())
    return key in expects or bool(free.rules & set(step.rules))


def _lines(value) -> set[str]:
    return {part.strip() for part in str(value or "").split(",") if part.strip()}


def problems(walk) -> list[str]:
    wid = walk.id
    replayed = replay(walk)
    game = replayed.game
    free = FREE.get(game.name)
    if free is None:
        return []
    found = []
    frames = replayed.frames
    for step, frame in zip(walk.steps, frames[1:]):
        if frame.before is None or frame.refusal is not None:
            continue
        before, after = game.facts(frame.before), game.facts(frame.state)
        where = f"{wid} step {frame.index} ({frame.move_text})"
        for key, value in after.items():
            if key.startswith(free.missed + ".") and _lines(value) - _lines(before.get(key)):
                if not _said(step, free, key):
                    found.append(f"{where}: ends the turn with a bonus untaken ({key} = "
                                 f"{value!r}) and does not say so")
        side = before[free.side]
        key = f"{free.open}.{side}"
        gone = _lines(before.get(key)) - _lines(after.get(key))
        if after.get(free.spent, 0) > before.get(free.spent, 0) and gone \
                and before[free.side] == after[free.side]:
            if not _said(step, free, key):
                found.append(f"{where}: pays for a tile that was free ({key} was "
                             f"{before.get(key)!r}) and does not say so")
    for k, (step, frame) in enumerate(zip(walk.steps, frames[1:])):
        legal = {game.move_text(frame.state, m) for m in game.legal_moves(frame.state)}
        following = walk.steps[k + 1] if k + 1 < len(walk.steps) else None
        for text, rule in free.chances:
            taken = following is not None and following.move == text
            said = rule in step.rules or (following is not None and rule in following.rules)
            if text in legal and not taken and not said:
                found.append(f"{wid} step {frame.index}: '{text}' is open here ({rule}) and "
                             f"the lesson passes it over without saying so")
    last, step = frames[-1], walk.steps[-1]
    facts = game.facts(last.state)
    key = f"{free.open}.{facts[free.side]}"
    if facts.get("phase") == "play" and facts.get(key) and not _said(step, free, key):
        found.append(f"{wid}: stops with a bonus open to {facts[free.side]} ({key} = "
                     f"{facts[key]!r}) and its last step does not say so")
    return found


@pytest.mark.parametrize("wid", WALKS)
def test_a_lesson_takes_what_is_free_or_says_it_does_not(wid):
    assert problems(by_id(wid)) == []


def test_the_check_finds_a_paid_bonus_and_a_forgotten_one():
    """The check itself: a lesson that pays 11 for a free tile, then ends the turn with a
    bonus untaken, is caught twice; naming the rules of the bonus and the malus says so."""
    from tutor.core import walkthrough as wt

    text = '''game = "trigger"
title = "t"
[setup]
position = """
players: Anna Ben
turn: Anna
roll: 6 6
board Anna:
   (5)  (3)  (2)  (1)    *   11
   (8) (12)  (4)  (9)  (6)   10
     7    *   11    3   12    2
    10    6    1    8    5    9
     4    9   12    *    7    3
     2   11    6   10    4    8
board Ben:
     9    4   12    7    *    2
    11    6    3   10    8    5
     *    1    9    2   12    7
     5   10    4   11    3    *
    12    2    8    6    9    1
     3    7   11    4   10    6
"""
[[steps]]
move = "flip f1"
narration = "She pays for the 11."
rules = ["trigger.turn.flip"]
[[steps]]
move = "end"
narration = "She ends her turn."
rules = ["trigger.turn.end"]
'''
    bad = wt.parse(text, "bad.toml")
    found = problems(bad)
    assert len(found) == 2, found
    assert "step 1 (flip f1): pays for a tile that was free" in found[0]
    assert "step 2 (end): ends the turn with a bonus untaken (missed.Anna = 'row 2')" in found[1]
    said = wt.parse(text.replace('rules = ["trigger.turn.flip"]', 'rules = ["trigger.bonus"]')
                    .replace('rules = ["trigger.turn.end"]', 'rules = ["trigger.malus"]'),
                    "said.toml")
    assert problems(said) == []
