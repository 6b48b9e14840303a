"""The "Write a lesson" page in Dutch said "players: Canyon is voor 3 tot 6 spelers": the
option's key (``BadOption.where``, "players") stayed English before the problem. InTrappola
and Trigger said a list of names the page made up (``['P1', 'P2', 'P3']``) for a number of
players typed in; a lesson file with wrong options broke the page instead of saying so."""
from __future__ import annotations

import pytest

from tutor.core import registry
from tutor.core.errors import BadOption, MalformedInput
from tutor.core.i18n import set_language, using

from widgets.pages.author.model import Draft
from widgets.pages.author.view import AuthorPage, check_players, player_counts

GAMES = ("trapper", "canyon", "intrappola", "trigger")


@pytest.fixture
def speak():
    def to(lang: str) -> None:
        set_language(lang)
    yield to
    set_language("en")


def problem_in(lang: str, game: str, count: int) -> str:
    with using(lang):
        with pytest.raises(MalformedInput) as raised:
            check_players(registry.get(game), count)
    assert raised.value.field == "players" and raised.value.where is None
    return raised.value.problem


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_number_of_players_is_said_in_the_pages_words(speak, lang, game):
    speak(lang)
    page = AuthorPage.start("trapper")
    counts = player_counts(registry.get(game))
    for count in (1, max(counts) + 1, 8):
        page.problem = ""
        page.handle({"type": "start", "source": "new", "game": game, "players": count})
        assert page.model.game.name == "trapper", "no game was started"
        assert page.problem == problem_in(lang, game, count)
        assert page.problem != problem_in("en", game, count), "in the page's language"
        assert not page.problem.startswith("players"), page.problem
        assert "'P1'" not in page.problem  # no names the page made up
    for count in counts:  # the numbers it is played by start a game
        page.problem = ""
        page.handle({"type": "start", "source": "new", "game": game, "players": count})
        assert page.problem == "" and page.model.game.name == game
        assert len(page.model.game.players(page.model.states()[0])) == count


def test_the_counts_are_the_games_own():
    assert player_counts(registry.get("trapper")) == (2, 3, 4)
    assert player_counts(registry.get("canyon")) == (3, 4, 5, 6)
    assert player_counts(registry.get("intrappola")) == (2,)
    assert player_counts(registry.get("trigger")) == (2,)


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_wrong_options_name_the_options_in_the_pages_words(speak, lang):
    speak(lang)
    with pytest.raises(BadOption) as raised:
        Draft.new("canyon", {"players": 2})
    assert raised.value.field == "options"
    # the place is the page's word for the options, not the option's key
    assert raised.value.where and "players" not in raised.value.where
    assert raised.value.where != "options", raised.value.where


LESSON = """game = "canyon"
title = "Two"

[setup.options]
players = 2

[[steps]]
narration = "Nothing."
"""


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_lesson_file_with_wrong_options_is_said_not_a_broken_page(speak, lang):
    speak(lang)
    page = AuthorPage.start("trapper")
    page.handle({"type": "start", "source": "file", "text": LESSON})
    assert page.problem, "the page says what is wrong"
    assert not page.problem.startswith("players")
    assert page.model.game.name == "trapper", "the lesson shown before is kept"


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_no_game_of_that_name_is_said_without_an_english_key(speak, lang):
    speak(lang)
    page = AuthorPage.start("trapper")
    page.handle({"type": "start", "source": "new", "game": "chess"})
    assert page.problem and not page.problem.startswith("game:")
