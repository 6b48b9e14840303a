"""Trapper's own drills, 200 seeded questions checked against the engine: the right answer is
what the engine does, every wrong option is refused by the rule it names."""
from __future__ import annotations

import itertools

import pytest

from tutor.core import IllegalMove
from tutor.core.drills import drills, kinds_of, sentence
from tutor.trapper import GAME
from tutor.trapper.moves import Take
from tutor.trapper.tiles import square_name

KINDS = ["sale", "which-trapper", "which-tile"]


def test_the_kinds_join_the_generic_ones():
    assert list(kinds_of(GAME)) == ["legal-move", "may-do", *KINDS]


@pytest.fixture(scope="module")
def asked():
    return list(itertools.islice(drills(GAME, seed=7, kinds=KINDS), 200))


def test_200_questions_of_trapper_s_own_kinds_agree_with_the_engine(asked):
    assert {d.kind for d in asked} == set(KINDS)
    for drill in asked:
        state = drill.state
        assert sum(o.right for o in drill.options) == 1 and len(drill.options) >= 3
        assert len({o.text for o in drill.options}) == len(drill.options)
        assert drill.viewer == GAME.to_move(state) and drill.prompt and drill.source
        before = GAME.to_json(state)
        if drill.kind == "sale":
            move = GAME.parse_move(state, drill.prompt.split(" plays “")[1].split("”: the canoe")[0])
            after = GAME.apply(state, move)
            paid = after.money(drill.viewer) - state.money(drill.viewer)
            assert drill.options[drill.answer].text == str(paid)
            assert all(o.rule_id == "trapper.canoe.full" for o in drill.options)
        else:
            for option in drill.options:
                assert isinstance(option.move, Take)
                if option.right:
                    GAME.apply(state, option.move)
                    assert option.move in list(GAME.legal_moves(state))
                else:
                    with pytest.raises(IllegalMove) as refused:
                        GAME.apply(state, option.move)
                    assert refused.value.rule_id == option.rule_id
                    assert sentence(refused.value.reason) == option.explanation
                if drill.kind == "which-trapper":  # no other take of that tile is legal either
                    others = [m for m in GAME.legal_moves(state) if isinstance(m, Take)
                              and m.square == option.move.square
                              and m.colour == option.move.colour]
                    assert bool(others) == option.right
                else:
                    assert square_name(option.move.square) in option.text
        assert GAME.to_json(state) == before


def test_a_which_tile_question_offers_the_instructive_refusals(asked):
    rules = {o.rule_id for d in asked if d.kind == "which-tile" for o in d.options if not o.right}
    assert {"trapper.take.water", "trapper.take.adjacent"} <= rules


def test_a_which_tile_option_on_a_trapper_s_square_names_the_trapper_not_an_empty_square(asked):
    """A square a trapper stands on has no tile, but it is not empty: its option named it "the
    empty square d5" while its explanation said "the green trapper stands on d5"."""
    from tutor.trapper.notation import colour_name
    from tutor.trapper.drills import T
    seen = 0
    for drill in asked:
        if drill.kind != "which-tile":
            continue
        for option in drill.options:
            square = option.move.square
            empty = T._("the empty square {square}", square=square_name(square))
            if square in drill.state.trappers:
                seen += 1
                assert option.rule_id == "trapper.take.trapper" and option.text != empty
                assert colour_name(drill.state.trappers.index(square)) in option.text
            elif drill.state.board[square] is None:
                assert option.text == empty
    assert seen
