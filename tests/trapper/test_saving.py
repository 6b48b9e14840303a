"""Saved games: games saved before the one-shape restructure (made on main at b5cbcdb, in
``saved/``) still load, to the same facts, and play on."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.trapper import GAME

SAVED = Path(__file__).parent / "saved"
NAMES = ["standard", "young", "tactical", "over"]


@pytest.mark.parametrize("name", NAMES)
def test_a_game_saved_on_main_loads_to_the_same_facts_and_plays_on(name):
    data = json.loads((SAVED / f"{name}.json").read_text())
    facts_then = json.loads((SAVED / f"{name}.facts.json").read_text())
    state = GAME.from_json(data)
    facts_now = GAME.facts(state)
    assert {k: facts_now[k] for k in facts_then} == facts_then
    assert GAME.to_json(state) == data
    legal = list(GAME.legal_moves(state))
    if name == "over":
        assert state.over and legal == []
    else:
        assert legal and GAME.apply(state, legal[0]) != state



@pytest.mark.parametrize("names", [["Anna", "#2"], ["Anna", "Ben #2"]])
def test_names_a_position_cannot_write_are_refused_by_the_options(names):
    """The options took names the position text cannot hold ('#' starts a comment), so a
    game begun with them could not be written as a position and read back."""
    from tutor.core import BadOption

    with pytest.raises(BadOption) as caught:
        GAME.initial_state({"players": names})
    assert caught.value.where == "players"


def test_every_name_the_options_take_survives_the_position_text():
    """Spaces inside a name are kept as the position text writes them, one space (a tab, a
    line break or two spaces in a name broke the position's 'hand' line)."""
    s = GAME.initial_state({"players": ["Anna  Maria", "Ben\t2", "Cleo\nB", "Émile"]}, seed=3)
    assert s.players == ("Anna Maria", "Ben 2", "Cleo B", "Émile")
    for _ in range(3):
        s = GAME.apply(s, next(iter(GAME.legal_moves(s))))
    back = GAME.parse_position(GAME.position_text(s))
    assert back.players == s.players and GAME.facts(back) == GAME.facts(s)
