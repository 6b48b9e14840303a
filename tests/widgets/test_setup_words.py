"""Free play's setup refused in the page's words: the count of players asked for (not the
names there happen to be), the seats as the setup's menus name them, never Python's words.
A refused setup keeps the game on the board."""
from __future__ import annotations

import re

import pytest

from tutor.core.errors import BadOption
from tutor.core.i18n import using
from widgets.games.session import seat_label
from widgets.pages.play import play_app

LANGS = ["en", "nl", "it"]


def _refused(page, values: dict) -> str:
    """The problem a new game of ``values`` is refused with; the game on the board is kept."""
    before = (page.play.match, page.play.seats)
    page.play.problem = ""
    page.handle({"type": "new", "values": values})
    assert (page.play.match, page.play.seats) == before, values  # nothing half-applied
    assert page.play.problem, values
    return page.play.problem


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_count_no_game_has_is_refused_with_that_count(lang):
    """Trapper with 9 players said "niet 6" (the six free-play names there are); Canyon took
    9 players as 6 and -1 as 5. The refusal names the count asked for and the rulebook's range
    (Trapper 2-4, Canyon 3-6)."""
    with using(lang):
        for game, asked in [("trapper", ["9", 9, "-1", "1"]), ("canyon", ["9", 7, "-1", "2"])]:
            page = play_app(game, pace=0, seed=1)
            for count in asked:
                problem = _refused(page, {"players": count})
                low, high = (2, 4) if game == "trapper" else (3, 6)
                numbers = re.findall(r"(?<!\d)-?\d+", problem)  # "2-4": 2 and 4
                assert numbers[-1] == str(count).strip() and {str(low), str(high)} <= set(
                    numbers), (game, count, problem)


@pytest.mark.parametrize("lang", LANGS)
def test_the_free_play_players_are_made_for_the_count_asked_for(lang):
    from widgets.games.canyon import CanyonPlay
    from widgets.games.trapper import TrapperPlay

    with using(lang):
        for make, count in [(TrapperPlay, 9), (CanyonPlay, 9), (CanyonPlay, -1)]:
            with pytest.raises(BadOption) as refused:
                make(count)
            assert re.findall(r"-?\d+", refused.value.problem)[-1] == str(count)


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_seat_refusal_names_the_kinds_in_the_page_s_words(lang):
    """"er moeten 2 plaatsen zijn, elk een van person, computer, niet ('person', 'robot')":
    the kinds' own names and a Python tuple on a Dutch page."""
    with using(lang):
        page = play_app("trigger", pace=0, seed=1)
        labels = [seat_label(kind) for kind in page.play.kinds]
        for seats in (["person", "robot"], "person", ["person"], ["person", "person", 3]):
            problem = _refused(page, {"seats": seats})
            assert not re.search(r"\b(person|search|greedy)\b", problem), (seats, problem)
            assert "('" not in problem and "['" not in problem, problem  # no Python list
        for seats in (["person", "robot"], "person"):
            problem = _refused(page, {"seats": seats})
            assert all(label in problem for label in labels), (seats, problem)
        # the count of seats given, not the list: ("person",) is no learner's word
        problem = _refused(page, {"seats": ["person"]})
        assert re.findall(r"\d+", problem)[-2:] == ["2", "1"], problem


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_setup_that_is_no_number_is_said_in_the_page_s_words(lang):
    """"invalid literal for int() with base 10: 'x'": Python's English on every page."""
    with using(lang):
        page = play_app("canyon", pace=0, seed=1)
        said = {}
        for values in ({"players": "x"}, {"seed": "abc"}, {"seed": None}, {"players": [3]}):
            said[str(values)] = problem = _refused(page, values)
            assert not re.search(r"int\(|literal|base 10|NoneType", problem), problem
    with using("en"):
        english = {str(values): _refused(page, values)
                   for values in ({"players": "x"}, {"seed": "abc"})}
    assert all(said[key] != english[key] for key in english), said  # translated


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_page_that_cannot_start_says_the_problem_without_the_option_s_name(lang):
    """"This game cannot be started: players: Trapper is voor ...": the option's name
    (English, the engine's key) before the game's own sentence."""
    from tutor.core.i18n import set_language
    from widgets.app import play_view
    from widgets.serving.params import Request

    try:
        said = play_view("trapper", Request(lang=lang), players=9)
        with using(lang):
            from widgets.games.trapper import TrapperPlay
            with pytest.raises(BadOption) as refused:
                TrapperPlay(9)
    finally:
        set_language("en")
    assert isinstance(said, str) and said.endswith(": " + refused.value.problem), said
    assert "players" not in said, said


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_setup_choice_no_menu_offers_is_refused_with_the_menu_s_words(lang):
    """"mode moet een van two, 2v1, 2v2, solo zijn": the engine's codes for the choices; and
    Canyon's rounds took any word for "every round"."""
    with using(lang):
        for game, name in [("trigger", "mode"), ("trapper", "variant"), ("canyon", "rounds")]:
            page = play_app(game, pace=0, seed=1)
            field = next(f for f in page.session.setup()["fields"] if f["name"] == name)
            for value in ("nine", None, ["two"]):
                problem = _refused(page, {name: value})
                assert all(label in problem for _, label in field["options"]), problem
                assert not re.search(r"\b(2v1|2v2|no-bonus|tactical|skip)\b", problem), problem
