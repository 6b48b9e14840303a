"""Writing an InTrappola lesson by playing it (the author page): a question the page makes
can be saved."""
from __future__ import annotations

import pytest

from tutor.core import BadWalkthrough
from widgets.pages.author.model import Draft
from widgets.pages.author.view import AuthorPage
from widgets.parts.messages import StepTask


def _draft() -> Draft:
    draft = Draft.new("intrappola", seed=5)
    draft.play("play 9 15 prey 13 14")  # Bruno holds neither: missed, as every trap here
    return draft


def test_a_question_no_other_move_answers_otherwise_is_refused_when_asked_for():
    """Asking for 'last' after a missed trap (every trap Anna could set misses) made a question
    with the one choice 'missed': the page showed it, and saving failed ('one choice is no
    choice')."""
    draft = _draft()
    with pytest.raises(BadWalkthrough, match="ask.fact"):
        draft.make_question(1, "last", "What happened?")
    page = AuthorPage(draft)
    page.act(StepTask(index=1, kind="ask", fact="over", prompt=""))
    page.act(StepTask(index=1, kind="ask", fact="last", prompt=""))  # the author's Apply
    assert "last" in page.problem and draft.steps[0].ask.fact == "over"  # kept


def test_a_step_made_a_question_asks_a_fact_the_lesson_can_save():
    """Choosing 'a question' sends the fact list's first, the hunter on turn: after any move it
    is the other player, so the question had one choice and the lesson could not be saved."""
    for sent in ("", "turn"):
        draft = _draft()
        page = AuthorPage(draft)
        page.act(StepTask(index=1, kind="ask", fact=sent, prompt=""))
        ask = draft.steps[0].ask
        assert ask is not None and len(ask.choices) >= 2 and not page.problem
        assert "[steps.ask]" in draft.save()  # the check passes: it raised BadWalkthrough
