"""Canyon's own drills: 200 seeded questions of each kind, every answer checked against the
engine (the generic kinds are checked for every game in tests/core/test_drills.py)."""
from __future__ import annotations

import itertools

import pytest

from tutor.canyon import GAME, Paddle, Play
from tutor.core import IllegalMove
from tutor.core.drills import drills, kinds_of, sentence


def test_canyon_has_three_kinds_of_its_own():
    assert list(kinds_of(GAME)) == ["legal-move", "may-do", "trick-winner", "movement-points",
                                    "end-field"]


def _asked(kind: str, count: int = 200):
    asked = list(itertools.islice(drills(GAME, seed=5, kinds=[kind]), count))
    for drill in asked:
        assert sum(o.right for o in drill.options) == 1
        assert len({o.text for o in drill.options}) == len(drill.options) >= 3
        assert drill.viewer == GAME.to_move(drill.state) and drill.source
    return asked


def test_who_wins_the_trick_is_who_the_engine_gives_it_to():
    for drill in _asked("trick-winner"):
        move = drill.options[0].move
        assert isinstance(move, Play) and all(o.move == move for o in drill.options)
        after = GAME.apply(drill.state, move)
        winner = drill.state.players[after.last_winner]
        assert drill.options[drill.answer].text == winner
        assert {o.text for o in drill.options} <= set(drill.state.players)
        mover = drill.state.players[move.player]
        assert drill.prompt == (f"Trump is {drill.state.trump.suit}. {mover} plays {move.card} "
                                "to the trick: who wins it?")


def test_movement_points_are_the_points_the_move_phase_fixed():
    for drill in _asked("movement-points"):
        player = drill.prompt.split(" announced")[0]
        points = GAME.facts(drill.state)[f"points.{player}"]
        for option in drill.options:
            assert (int(option.text) == points) == option.right
            assert option.rule_id in GAME.rules


def test_end_fields_the_engine_accepts_and_refuses():
    for drill in _asked("end-field"):
        for option in drill.options:
            assert isinstance(option.move, Paddle)
            assert drill.state.board.field_name(option.move.end) == option.text
            if option.right:
                GAME.apply(drill.state, option.move)
            else:
                with pytest.raises(IllegalMove) as refused:
                    GAME.apply(drill.state, option.move)
                assert refused.value.rule_id == option.rule_id
                assert sentence(refused.value.reason) == option.explanation



def test_move_kind_names_each_kind_of_move_for_learners():
    from tutor.canyon import Drift, Launch, Stay, Tempo
    from tutor.canyon.cards import Card
    s = GAME.initial_state({"players": 3}, seed=1)
    moves = {Launch(0, 0): "place the canoe on a start dock", Tempo(0, (3,)): "lay a tempo",
             Play(0, Card("blue", 3)): "play a card", Paddle(0, 5): "paddle",
             Stay(0): "stay put", Drift(0): "drift with the current"}
    assert [GAME.move_kind(s, m) for m in moves] == list(moves.values())
    assert {GAME.move_kind(s, m) for m in GAME.legal_moves(s)} == {"place the canoe on a start dock"}


def test_the_end_field_drill_names_the_dock_rule_for_a_landing_dock():
    """A canoe that can land ends on a dock by the dock rule (canyon.move.dock), as the refused
    fields beside it say; the right option named canyon.move.optimal."""
    import random

    from tutor.canyon.drills import end_field_drill
    from tutor.core.walkthrough import by_id, replay

    state = replay(by_id("canyon/the-end"), GAME).frames[0].state
    for seed in range(5):
        drill = end_field_drill(GAME, state, random.Random(seed), [])
        right = drill.options[drill.answer]
        assert right.text in ("e28", "e29", "f29") and right.rule_id == "canyon.move.dock"


@pytest.mark.parametrize("lang, colour_word, trump_said", [
    ("nl", "hoogste kaart van de kleur ", "Troef is "),
    ("it", "carta più alta del colore ", "Briscola: ")])
def test_who_wins_the_trick_is_asked_and_explained_in_whole_sentences(lang, colour_word,
                                                                        trump_said):
    """The Dutch explanation called the card 'de hoogste geel' (a colour where a card is meant)
    and the Italian prompt said 'La briscola è rosso' (a feminine noun, a masculine colour):
    the colour is named as a colour, the trump as the round's trump."""
    from tutor.core.i18n import using

    with using(lang):
        asked = list(itertools.islice(drills(GAME, seed=5, kinds=["trick-winner"]), 60))
    led = [o.explanation for d in asked for o in d.options if o.right and "{" not in o.explanation]
    no_trump = [why for why in led if why.startswith(("Er werd geen", "Non è stata"))]
    assert no_trump and all(colour_word in why for why in no_trump)
    assert all(d.prompt.startswith(trump_said) for d in asked)
