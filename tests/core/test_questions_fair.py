"""A question or a try-it step does not stand answered above itself: the step's title, shown
over the question, named the answer ("Now Ben's turn" over "Which player plays that roll?"). A
title may name the answer only where the question itself does ("Where does herb 3 go?")."""
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


def test_no_try_it_step_s_title_spells_the_move_it_asks_for():
    """A try-it step's title stands over its "your turn": "Anna plays 5 and names card 1" asked
    the learner to make exactly that move (ten of the 43 try-it steps spelled theirs). No title
    names a card, a number or a square of the book's move."""
    spelled = []
    for wid in library():
        walk = by_id(wid) if isinstance(wid, str) else wid
        for index, step in enumerate(walk.steps, 1):
            if step.try_it is None or not step.move:
                continue
            parts = set(re.findall(r"\b([a-z]\d{1,2}|\d{1,2})\b", step.move.lower()))
            named = [p for p in parts if re.search(rf"(?<!\w){p}(?!\w)", step.title.lower())]
            if named:
                spelled.append((walk.id, index, step.title, step.move))
    assert not spelled, spelled
