"""A lesson written by playing it has no catalog: its question's choices are the file's words
("yes", "no", the engine's colours). On the lesson page in Dutch or Italian they were shown as
written ("yes · no" beside a Dutch question); they are now said as the game's drawer says the
fact's values, as the answer is (the author page says them the same way)."""
from __future__ import annotations

import pytest

from tutor.core import walkthrough as wt
from tutor.core.i18n import localize, using
from widgets.games import kit_for
from widgets.pages.author.model import Draft
from widgets.pages.lesson.steps import StepComposer


def written() -> str:
    """A Trapper lesson as the author page writes it: one move, then "is the game over?"."""
    draft = Draft.new("trapper", seed=3)
    draft.title = "A written lesson"
    draft.play("blue: take e6")
    draft.make_question(1, "over", "Is the game over now?")
    return draft.save()


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_written_question_s_yes_and_no_are_said_in_the_page_language(lang):
    text = written()
    with using(lang):
        walk = wt.replay(localize(wt.parse(text, "trapper-a-written-lesson.toml")))
        drawer = kit_for(walk.game).drawer(walk.game)
        asked = StepComposer(walk, drawer).view(1).task["ask"]
        question = walk.frames[1].question
        assert list(question.keys) == ["yes", "no"] or list(question.keys) == ["no", "yes"]
        expected = [drawer.fact_value(key == "yes", "over") for key in question.keys]
    assert asked["choices"] == expected
    if lang != "en":
        assert set(asked["choices"]) != {"yes", "no"}, asked["choices"]


def test_a_shipped_lesson_s_translated_choices_are_left_as_the_catalog_says():
    """A choice the catalog translated is not said again: it is the catalog's."""
    found = 0
    with using("nl"):
        for wid in sorted(wt.library()):
            walk = wt.replay(localize(wt.by_id(wid)))
            if not any(f.question is not None and f.question.choices for f in walk.frames):
                continue
            composer = StepComposer(walk, kit_for(walk.game).drawer(walk.game))
            for frame in walk.frames:
                if frame.question is not None and frame.question.choices:
                    shown = composer.view(frame.index).task["ask"]["choices"]
                    for said, choice, key in zip(shown, frame.question.choices,
                                                 frame.question.keys):
                        if choice != key:
                            assert said == choice
                            found += 1
    assert found > 20


def test_what_changed_says_nothing_as_a_dash_not_a_bare_arrow():
    """The author page's "What changed" showed InTrappola's first trap as "→ 5 11 15": the
    facts of a last trap had no value before it. An empty value is a dash."""
    from widgets.pages.author.view import AuthorPage

    page = AuthorPage.start("intrappola", seed=3)
    state = page.model.state_at(0)
    move = next(iter(page.model.game.legal_moves(state)))
    page.handle({"type": "typed", "text": page.model.game.move_text(state, move)})
    changed = page.draft["shown"]["changed"]
    assert any(c["key"] == "last.hunter" and c["before"] == "–" for c in changed)
    assert all(c["before"] and c["after"] for c in changed), changed
