"""The "Write a lesson" page in Dutch said "players: Canyon is voor 3 tot 6 spelers": the
option's key (``BadOption.where``, "players") stayed English before the problem. InTrappola
and Trigger said a list of names the page made up (``['P1', 'P2', 'P3']``) for a number of
players typed in; a lesson file with wrong options broke the page instead of saying so.

The model decides (:func:`~widgets.pages.author.model.players_option`, :meth:`Draft.new`,
:meth:`Draft.begin`); the page only says what it raised."""
from __future__ import annotations

import pytest

from tutor.core import registry
from tutor.core.errors import BadOption, MalformedInput
from tutor.core.i18n import set_language, using

from widgets.pages.author.model import Draft, player_counts, players_option
from widgets.pages.author.view import AuthorPage

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
            players_option(registry.get(game), count)
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


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("game", GAMES)
def test_the_model_decides_the_number_of_players(speak, lang, game):
    """A new draft asked for a number of players is checked by the model itself (the page
    checked it before handing it over): the same words, no draft half made."""
    speak(lang)
    counts = player_counts(registry.get(game))
    for count in (1, max(counts) + 1):
        for source in ("new", "position"):
            with pytest.raises(BadOption) as raised:
                Draft.begin(source, game, players=count, text="")
            assert raised.value.field == "players" and raised.value.where is None
            assert raised.value.problem == problem_in(lang, game, count)
    for count in counts:
        draft = Draft.new(game, players=count)
        assert len(draft.game.players(draft.states()[0])) == count
        assert draft.options["players"] == players_option(registry.get(game), count)


def test_a_start_that_does_not_use_the_number_of_players_does_not_check_it():
    """The number of players is asked for a new game only: a step of a lesson begun with a
    number left in the (hidden) field was refused for it."""
    page = AuthorPage.start("canyon")
    page.handle({"type": "start", "source": "lesson", "game": "trapper", "players": 1,
                 "lesson": "trapper/green-turn", "step": 1})
    assert page.problem == ""
    assert page.model.game.name == "trapper" and page.model.position


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_no_game_of_that_name_is_the_model_s_to_say(speak, lang):
    speak(lang)
    with pytest.raises(MalformedInput) as raised:
        Draft.new("chess")
    assert raised.value.field == "game" and "chess" in raised.value.problem
    assert not raised.value.problem.startswith("there is no game")
