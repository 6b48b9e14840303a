"""A walkthrough replayed in another language: its questions' choices are shown translated and
the answer (a fact, language-neutral) is still found among them, by place."""
from __future__ import annotations

import pytest

from tutor.core.i18n import localize, using
from tutor.core.walkthrough import by_id, replay


@pytest.mark.parametrize("lang, caught", [("nl", "gevangen"), ("it", "catturata")])
def test_translated_choices_still_hold_the_answer(lang, caught):
    """It raised BadWalkthrough "the answer 'caught' is not among the choices ['gevangen',
    'mislukt']": the page of this lesson could not be opened in Dutch or Italian."""
    with using(lang):
        replayed = replay(localize(by_id("intrappola/es4-pair-caught")))
    asked = [f for f in replayed.frames if f.question is not None and f.question.choices]
    assert asked
    frame = asked[0]
    assert frame.question.keys == ("caught", "missed")
    assert frame.question.choices != frame.question.keys
    assert frame.question.choices[frame.answer_index] == caught
