"""Trigger's own drills: 200 seeded questions, each right answer what the engine says after
the move, each option a distinct number, exactly one right."""
from __future__ import annotations

import itertools
import re

from tutor.core.drills import drills, kinds_of
from tutor.trigger import GAME, Chain, Flip

OWN = ["roll-allows", "points-left", "chain-tiles"]


def test_trigger_s_own_kinds_join_the_generic_ones():
    assert list(kinds_of(GAME)) == ["legal-move", "may-do", *OWN]


def test_200_questions_of_trigger_s_own_kinds_the_engine_agrees_with():
    asked = list(itertools.islice(drills(GAME, seed=5, kinds=OWN), 200))
    assert {d.kind for d in asked} == set(OWN)
    for drill in asked:
        state = drill.state
        assert sum(o.right for o in drill.options) == 1 and len(drill.options) == 4
        assert len({o.text for o in drill.options}) == 4
        assert all(o.rule_id in GAME.rules for o in drill.options)
        right = int(drill.options[drill.answer].text)
        if drill.kind == "roll-allows":
            a, b = state.dice
            doubled = {"double": 2 * (a + b), "multiply": a * b}[state.setup.doubles]
            assert right == (doubled if a == b else a + b)
        elif drill.kind == "points-left":
            text = re.search(r"turns ([a-f][1-6]) \(", drill.prompt).group(1)
            move = GAME.parse_move(state, f"flip {text}")
            assert isinstance(move, Flip)
            roll = GAME.facts(state)["roll"]
            assert right == roll - state.spent - state.boards[state.side].values[move.cells[0]]
            assert right == GAME.facts(GAME.apply(state, move))["left"] >= 0
        else:
            after = GAME.apply(state, Chain())
            assert right == state.boards[state.side].count_up() - after.boards[state.side].count_up()
            assert right >= len(state.boards[state.side].bonus_cells()) >= 1  # each lone tile


def test_a_chain_question_on_the_book_s_kind_of_board():
    # row 1 holds only its 9 face up, and turning it leaves col a with only its 8: a chain of 2
    board = "\n".join(["9 (1) (1) (1) (1) (1)", "8 (1) (1) (1) (1) (1)"] + ["(1) 5 5 5 5 5"] * 4)
    state = GAME.parse_position(f"turn: Anna\nroll: 1 2\nboard Anna:\n"
                                + "\n".join("  " + r for r in board.splitlines())
                                + "\nboard Ben:\n" + "\n".join(["  5 5 5 5 5 5"] * 6) + "\n", {})
    from tutor.trigger.drills import chain_tiles
    import random
    drill = chain_tiles(GAME, state, random.Random(1), [])
    assert drill.options[drill.answer].text == "2"
    assert drill.prompt == ("Anna sets off the chain reaction (bonus now on row 1, row 2): how "
                            "many tiles turn face down?")
    # the lines in the learner's language, as the malus moves say them (a Dutch drill once
    # read "bonus nu op row 6, col f, diag a1-f6")
    from tutor.core.i18n import using
    from tutor.trigger.notation import line_words
    for lang in ("nl", "it"):
        with using(lang):
            words = line_words()
            asked = chain_tiles(GAME, state, random.Random(1), []).prompt
        assert f"{words['row']} 1, {words['row']} 2" in asked and not re.search(r"\brow\b", asked)


def test_every_fact_has_a_label_for_learners_and_every_move_a_kind():
    from tests.contract import playout
    for options in GAME.example_options():
        for state, move in playout(GAME, options, seed=3):
            for key in GAME.facts(state):
                assert GAME.fact_label(key) != key, key
            if move is not None:
                assert GAME.move_kind(state, move) != type(move).__name__.lower()
    # a team named as a team (its label read "Anna+Cleo"): test_team_words.py
    assert GAME.fact_label("tile.Anna+Cleo.c3") == "the tile of Anna and Cleo on c3"
    assert GAME.move_kind(state, Chain()) == "set off a chain reaction"


def test_the_points_left_question_names_the_compartment_in_every_language():
    """It read "Anna has 7 of the roll left and turns flip c3 (5)", the move's English text
    in the sentence (Dutch "draait flip c3 om", Italian "gira flip c3")."""
    from tutor.core.i18n import using
    for lang, turns in (("en", "turns"), ("nl", "draait"), ("it", "gira")):
        with using(lang):
            asked = list(itertools.islice(drills(GAME, seed=5, kinds=["points-left"]), 20))
        for drill in asked:
            assert re.search(rf"{turns} [a-f][1-6] (om )?\(\d+\)", drill.prompt), drill.prompt
            assert "flip" not in drill.prompt


def test_the_roll_question_says_the_dice_were_rolled_for_the_player():
    """The dice are thrown for the player, by the opponent (2. DOBBELSTENEN): the English
    question said "Anna rolled 4 and 4" (the Dutch and Italian said "for Anna")."""
    asked = list(itertools.islice(drills(GAME, seed=5, kinds=["roll-allows"]), 30))
    for drill in asked:
        player = GAME.players(drill.state)[drill.viewer]
        thrower = GAME.facts(drill.state)["thrower"]
        a, b = drill.state.dice
        # said as free play says the throw: "Ben throws 3 and 5 for Anna" (alone: her roll)
        said = (f"{thrower} throws {a} and {b} for {player}: " if thrower != player
                else f"{player}'s roll is {a} and {b}: ")
        assert drill.prompt.startswith(said), drill.prompt
        assert f"{player} rolled" not in drill.prompt and f"{player} throws" not in drill.prompt
