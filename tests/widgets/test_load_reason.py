"""Free play's "load a saved game" says why a saved game's seed cannot be used, in the page's
language: the reason was translated, but the page put the generic "that text is not a saved
game" sentence in its place."""
from __future__ import annotations

import json

import pytest

from examples.nim import NimGame as Nim
from tutor.core.errors import BadState
from tutor.core.i18n import using
from widgets.games.freeplay import FreePlay, load_problem

NIM = Nim()
SEED = {"en": "the seed is a whole number from 0 to 2**63 - 1",  # the core catalog's words
        "nl": "de seed is een geheel getal van 0 tot 2**63 - 1",
        "it": "il seme è un numero intero da 0 a 2**63 - 1"}


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_saved_game_with_a_bad_seed_says_the_seed_in_the_page_language(lang):
    saved = json.dumps({"game": "nim", "options": {"heap": 7}, "seed": -1, "moves": []})
    with using(lang):
        play = FreePlay(NIM, {"heap": 7}, seed=3)
        state = play.state
        assert play.load(saved) is False
        generic = load_problem(BadState("?"), NIM)
    assert play.state is state and play.match.seed == 3  # the game on the board is kept
    assert play.problem != generic and SEED[lang] in play.problem, play.problem
    if lang != "en":
        assert SEED["en"] not in play.problem
