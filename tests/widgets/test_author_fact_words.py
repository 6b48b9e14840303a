"""Write a lesson: every fact value the page shows (the proposals' before and after, a
question's answer and choices) is in the page's language, for all four games (issue 33)."""
from __future__ import annotations

import re

import pytest

from tutor.core import registry
from tutor.core.i18n import using
from tutor.core.walkthrough import library, load, replay
from widgets.games import kit_for

#: words spelled the same in English and the page's language (the game's own names, loans)
SAME = {"nl": {"tempo", "beige", "trapper", "west", "lynx", "wolf", "hand"},
        "it": {"tempo", "beige", "trapper"}}


def _samples() -> dict[str, list[tuple[str, object, set[str]]]]:
    """Per game, every (fact, value) the lessons' frames give, with the players' names there."""
    found: dict[str, dict[tuple[str, str], tuple[str, object, set[str]]]] = {}
    for path in library().values():
        walk = load(path)
        game = registry.get(walk.game)
        for frame in replay(walk, game).frames:
            names = {str(p) for p in getattr(frame.state, "players", ()) or ()}
            names |= {str(p) for p in getattr(frame.state, "names", ()) or ()}
            for key, value in game.facts(frame.state).items():
                found.setdefault(game.name, {}).setdefault(
                    (re.sub(r"\..*", "", key), repr(value)), (key, value, names))
    return {name: list(pairs.values()) for name, pairs in found.items()}


SAMPLES = _samples()


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", text)}


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("name", ["trapper", "canyon", "intrappola", "trigger"])
def test_fact_values_are_in_the_pages_language(name, lang):
    game = registry.get(name)
    said = kit_for(game).drawer(game).fact_value
    english_left = []
    assert SAMPLES.get(name), name
    for key, value, names in SAMPLES[name]:
        with using("en"):
            english = _words(said(value, key))
        with using(lang):
            shown = said(value, key)
        names_lower = {w.lower() for n in names for w in re.findall(r"[^\W\d_]+", n)}
        left = (_words(shown) & english) - names_lower - SAME[lang]
        if left:
            english_left.append((key, value, shown))
    assert not english_left, english_left[:12]


def test_trapper_water_sides_and_a_masculine_none_in_italian():
    game = registry.get("trapper")
    said = kit_for(game).drawer(game).fact_value
    with using("it"):
        assert said("none", "turn.trapper") != said("none", "bonus.A")
        sides = {said(side, "water.e4") for side in "NESW"}
    assert len(sides) == 4 and all(len(side) > 1 for side in sides), sides
