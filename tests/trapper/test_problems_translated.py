"""What no Trapper state may be (``rules.problems``) is said in the page's language: a saved
state refused by ``from_json`` names its problem in Dutch and Italian, not only in English."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tutor.core import BadState
from tutor.core.i18n import using
from tutor.trapper import GAME, TILES

from .helpers import position


def _refused(data, lang: str) -> str:
    with using(lang), pytest.raises(BadState) as refused:
        GAME.from_json(data)
    assert refused.value.where is None
    return refused.value.problem


def _saved(change) -> dict:
    data = json.loads(json.dumps(GAME.to_json(position())))
    change(data)
    return data


def _canoe_to_singles(data):
    """A face-down canoe taken off the board into the first player's singles."""
    square = next(sq for sq, tile in enumerate(data["board"]) if tile is not None
                  and TILES[tile].kind == "canoe" and not data["face_up"][sq])
    data["displays"][0]["singles"].append(data["board"][square])
    data["board"][square] = None


@pytest.mark.parametrize("change, english, dutch, italian", [
    # the shape of a saved state (rules._shape)
    (lambda d: d.update(turn=7), "a seat out of 0-1 (turn, bidder, acting, ledger)",
     "een spelersplaats buiten 0-1 (turn, bidder, acting, ledger)",
     "un posto al tavolo fuori da 0-1 (turn, bidder, acting, ledger)"),
    (lambda d: d.update(trappers=[35, 36, 28]), "trappers: 3 entries, not 4",
     "trappers: 3 elementen, niet 4", "trappers: 3 elementi, non 4"),
    # one entry: the singular
    (lambda d: d.update(canoe_bonus=[[]]), "canoe_bonus: 1 entry, not 2",
     "canoe_bonus: 1 element, niet 2", "canoe_bonus: 1 elemento, non 2"),
    # the displays (rules.problems)
    (_canoe_to_singles, "Anna: a canoe lies single, but a canoe always starts a row",
     "Anna: een kano ligt los, maar een kano begint altijd een rij",
     "Anna: una canoa è una tessera singola, ma una canoa comincia sempre una serie"),
])
def test_a_saved_state_s_problem_is_said_in_the_page_language(change, english, dutch, italian):
    data = _saved(change)
    assert _refused(data, "en") == f"not a state of Trapper: {english}"
    said = _refused(data, "nl")
    assert said == f"geen stand van Trapper: {dutch}" and english not in said
    assert _refused(data, "it") == f"non è uno stato di Trapper: {italian}"


def test_a_card_count_below_zero_and_the_tile_names_are_dutch():
    state = position()
    # a green card below zero in a hand, the other green cards on the discard pile
    hands = ((-1, *state.hands[0][1:]), *state.hands[1:])
    discard = (state.discard[0] + state.hands[0][0] + 1, *state.discard[1:])
    with using("nl"):
        assert GAME.problems(replace(state, hands=hands, discard=discard))[0].startswith(
            "een aantal kaarten is kleiner dan nul: handen ")
        # a tile twice: the names of the tiles in the sentence are Dutch too
        twice = _refused(_saved(lambda d: d["board"].__setitem__(0, d["board"][1])), "nl")
    assert "elk van de 64 kaartjes" in twice and "kano met" in twice and "canoe" not in twice
