"""The author page's board of the step shown is the learner's view of that step: the same
drawing of the step's move (Trigger: the tiles a flip turned, dimly numbered, and what it paid,
"paid 3 = 3 of 8"), not the bare position after it."""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import using

from widgets.pages.author.view import AuthorPage


def _played(game: str) -> AuthorPage:
    """A new lesson of ``game`` (chance dealt from the seed) and its first listed move."""
    page = AuthorPage.start(game, seed=2)
    while page.draft["chance"]:
        page.handle({"type": "deal"})
    page.handle({"type": "move", "index": 0})
    return page


def _learner_board(page: AuthorPage) -> str:
    cursor = page.draft["cursor"]
    page.handle({"type": "learner"})
    return page.learner.composer.view(cursor).board


def test_a_trigger_flip_is_drawn_on_the_writing_board_as_the_learner_sees_it():
    with using("nl"):
        page = _played("trigger")
        writing = page.scene["board"]
        # the flipped tile: turned in this step, its number shown (dimly)
        assert len(re.findall(r'class="tg-dim"', writing)) == 1
        assert writing == _learner_board(page)


@pytest.mark.parametrize("game", ["trapper", "intrappola"])
def test_the_writing_board_of_a_step_is_the_learner_s(game):
    page = _played(game)
    assert page.scene["board"] == _learner_board(page)

