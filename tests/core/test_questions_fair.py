"""A question does not stand answered above itself: the step's title, shown over the question,
named the answer ("Now Ben's turn" over "Which player plays that roll?"). A title may name the
answer only where the question itself does (its context: "Where does herb 3 go?")."""
from __future__ import annotations

import re

from tutor.core.walkthrough import by_id, library, replay


def test_no_step_title_names_its_question_s_answer():
    given = []
    for wid in library():
        walk = by_id(wid) if isinstance(wid, str) else wid
        replayed = replay(walk)
        for index, step in enumerate(walk.steps, 1):
            if step.ask is None:
                continue
            answer = str(replayed.game.facts(replayed.frames[index].state).get(step.ask.fact, ""))
            if not answer or answer.lstrip("-").isdigit():
                continue  # a number may be in a title for another reason
            said = re.compile(rf"(?<!\w){re.escape(answer)}(?!\w)", re.I)
            if said.search(step.title) and not said.search(step.ask.prompt):
                given.append((walk.id, index, step.title, answer))
    assert not given, given
