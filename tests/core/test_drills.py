"""Drills: 200 seeded questions per game whose refused options the engine refuses (with the
rule named) and whose right option it accepts; the game's own kinds join through the hook."""
from __future__ import annotations

import itertools

import pytest

from examples.nim import GAME as NIM
from tutor.core import IllegalMove, registry
from tutor.core.drills import Drill, Sitting, drills, kinds_of, sentence

GAMES = [NIM, *registry.games().values()]


def _check_move_question(game, drill: Drill) -> None:
    before = game.to_json(drill.state)
    for option in drill.options:
        if option.right:
            game.apply(drill.state, option.move)  # accepted
        else:
            with pytest.raises(IllegalMove) as refused:
                game.apply(drill.state, option.move)
            assert refused.value.rule_id == option.rule_id and option.rule_id in game.rules
            assert sentence(refused.value.reason) == option.explanation
    assert game.to_json(drill.state) == before


def _check_kinds_question(game, drill: Drill) -> None:
    legal = list(game.legal_moves(drill.state))
    have = {game.move_kind(drill.state, m) for m in legal}
    for option in drill.options:
        kinds = set(option.text.split(", "))
        assert (kinds == have) == option.right, (option, have)
        if not option.right and kinds - have:
            assert option.rule_id in game.rules


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_200_seeded_questions_the_engine_agrees_with(game):
    asked = list(itertools.islice(drills(game, seed=11), 200))
    assert len({d.kind for d in asked}) >= 2
    for drill in asked:
        assert sum(o.right for o in drill.options) == 1
        assert len({o.text for o in drill.options}) == len(drill.options) >= 3
        assert drill.prompt and drill.source and drill.viewer == game.to_move(drill.state)
        if drill.kind == "legal-move":
            _check_move_question(game, drill)
        elif drill.kind == "may-do":
            _check_kinds_question(game, drill)


def test_drills_are_seeded():
    first = [(d.prompt, [o.text for o in d.options]) for d in itertools.islice(drills(NIM, 3), 20)]
    again = [(d.prompt, [o.text for o in d.options]) for d in itertools.islice(drills(NIM, 3), 20)]
    other = [(d.prompt, [o.text for o in d.options]) for d in itertools.islice(drills(NIM, 4), 20)]
    assert first == again != other


def test_a_game_s_own_kinds_join_through_its_drills_module():
    assert list(kinds_of(NIM)) == ["legal-move", "may-do", "counters-left"]
    assert list(kinds_of(registry.get("trapper"))) == ["legal-move", "may-do", "sale",
                                                      "which-trapper", "which-tile"]
    assert list(kinds_of(registry.get("trigger"))) == ["legal-move", "may-do", "roll-allows",
                                                      "points-left", "chain-tiles"]
    for drill in itertools.islice(drills(NIM, seed=2, kinds=["counters-left"]), 30):
        right = drill.options[drill.answer]
        move_text = drill.prompt.split(" plays ")[1].split(":")[0]
        after = NIM.apply(drill.state, NIM.parse_move(drill.state, move_text))
        assert int(right.text) == after.heap
    with pytest.raises(KeyError, match="no drill kind 'riddles' for nim"):
        next(drills(NIM, kinds=["riddles"]))


def test_positions_come_from_walkthroughs_too():
    sources = {d.source.split(",")[0] for d in itertools.islice(drills(registry.get("trapper"), 5), 200)}
    assert any(s.startswith("trapper/") for s in sources)
    assert any(s.startswith("seed ") for s in sources)


def test_a_sitting_keeps_the_score():
    sitting = Sitting()
    for drill in itertools.islice(drills(NIM, seed=1), 4):
        sitting.answer(drill, drill.answer)
    drill = next(drills(NIM, seed=9))
    wrong = next(i for i, o in enumerate(drill.options) if not o.right)
    assert not sitting.answer(drill, wrong).right
    assert (sitting.asked, sitting.right) == (5, 4)
