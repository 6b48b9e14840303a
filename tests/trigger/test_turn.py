"""The turn: dice rolled for the player, flips up to the roll, doubles, ending or passing."""
from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.core import CHANCE
from tutor.trigger import GAME, Phase
from tutor.trigger.state import Setup

from .helpers import play, position, refused

ROW_5321 = "5 3 2 1 * 11\n" + "\n".join(["12 12 12 12 12 12"] * 5)


@pytest.mark.parametrize("flips", [["flip f1"], ["flip a1", "flip b1", "flip c1", "flip d1"],
                                   ["flip a1", "flip b1"], ["flip d1"]])
def test_any_combination_up_to_the_roll_is_turned_tile_by_tile(flips):
    state = play(position(ROW_5321), *flips)
    paid = {"flip a1": 5, "flip b1": 3, "flip c1": 2, "flip d1": 1, "flip f1": 11}
    assert GAME.facts(state)["spent"] == sum(paid[f] for f in flips)
    assert all(state.boards[0].down[GAME.parse_move(state, f).cells[0]] for f in flips)


def test_a_flip_over_the_roll_is_refused_and_changes_nothing():
    state = position(ROW_5321)
    assert refused(state, "flip a2") == "trigger.turn.flip"  # 12 > 11
    state = play(state, "flip a1")
    assert refused(state, "flip f1") == "trigger.turn.flip"  # 5 + 11 = 16 > 11


def test_the_tiles_of_a_turn_add_up():
    state = play(position(ROW_5321), "flip a1", "flip b1", "flip d1")
    assert GAME.facts(state)["left"] == 2
    assert refused(state, "flip f1") == "trigger.turn.flip"
    state = play(state, "flip c1")
    assert GAME.facts(state)["left"] == 0


def test_tiles_face_down_and_stars_are_not_flipped():
    state = play(position(ROW_5321), "flip a1")
    assert refused(state, "flip a1") == "trigger.turn.tile"
    assert refused(state, "flip e1") == "trigger.turn.star.flip"


def test_flips_are_counted_not_listed():
    state = position(ROW_5321)
    # tiles 5 3 2 1 11: every subset of {5,3,2,1} (15) and the 11 alone
    assert GAME.facts(state)["flips"] == 16


def test_legal_moves_are_the_tiles_that_fit_one_by_one_and_the_end():
    state = position(ROW_5321)
    texts = [GAME.move_text(state, m) for m in GAME.legal_moves(state)]
    assert texts == ["flip a1", "flip b1", "flip c1", "flip d1", "flip f1", "end"]
    assert refused(state, "flip a1 b1 c1 d1") == "trigger.turn.flip.one"


@pytest.mark.parametrize("dice, allowance", [((5, 6), 11), ((5, 5), 20), ((6, 6), 24), ((3, 3), 12), ((1, 1), 4)])
def test_doubles_count_double(dice, allowance):
    assert Setup().allowance(dice) == allowance


@pytest.mark.parametrize("dice, allowance", [((3, 3), 9), ((6, 6), 36), ((2, 5), 7)])
def test_the_multiplied_dice_are_only_a_variant(dice, allowance):
    assert Setup(doubles="multiply").allowance(dice) == allowance


def test_a_double_five_allows_twenty():
    state = position(ROW_5321, head="turn: Anna\nroll: 5 5")
    assert GAME.facts(state)["roll"] == 20
    state = play(state, "flip f1", "flip a1", "flip b1")  # 11 + 5 + 3 = 19
    assert GAME.facts(state)["left"] == 1


def test_the_dice_come_first_and_only_once():
    state = position(ROW_5321, head="turn: Anna")
    assert GAME.to_move(state) == CHANCE
    assert refused(state, "flip a1") == "trigger.turn.dice"
    assert refused(state, "roll 7 1") == "trigger.turn.dice.faces"
    state = play(state, "roll 6 5")
    assert state.dice == (5, 6) and GAME.to_move(state) == 0
    assert refused(state, "roll 1 2") == "trigger.turn.dice.once"


def test_dice_probabilities_add_up_and_doubles_are_rarer():
    state = position(head="turn: Anna")
    outcomes = dict(GAME.chance_outcomes(state))
    assert len(outcomes) == 21 and sum(outcomes.values()) == pytest.approx(1)
    assert outcomes[GAME.parse_move(state, "roll 6 6")] * 2 == pytest.approx(outcomes[GAME.parse_move(state, "roll 5 6")])


def test_ending_the_turn_passes_the_dice_to_the_other_player():
    state = play(position(), "pass")  # nothing of 12 fits in 11
    assert GAME.to_move(state) == CHANCE and GAME.facts(state)["side"] == "Ben"
    state = play(state, "roll 2 2")
    assert GAME.facts(state)["turn"] == "Ben" and GAME.facts(state)["roll"] == 8


def test_the_lowest_opening_roll_throws_the_dice_first_for_the_other_side():
    state = GAME.initial_state({}, seed=1)
    assert state.phase == Phase.OPENING and GAME.to_move(state) == CHANCE
    tie = play(state, "open 4 4")
    assert tie.phase == Phase.OPENING and GAME.to_move(tie) == CHANCE
    assert refused(tie, "roll 4 5") == "trigger.opening"
    ben_lowest = GAME.facts(play(tie, "open 5 2"))
    assert (ben_lowest["opener"], ben_lowest["side"], ben_lowest["turn"]) == ("Ben", "Anna", "chance")
    anna_lowest = GAME.facts(play(tie, "open 2 5"))
    assert (anna_lowest["opener"], anna_lowest["side"]) == ("Anna", "Ben")


def test_in_the_return_round_the_other_side_opens():
    state = play(GAME.initial_state({}, seed=1), "open 2 5")  # Anna opens: Ben flips first
    over = replace(state, phase=Phase.ROUND_OVER, results=((1, 30),))
    assert GAME.players(over)[GAME.to_move(over)] == "Ben"  # Ben, who opens next, sets up
    facts = GAME.facts(play(over, "return round"))
    assert (facts["round"], facts["opener"], facts["side"]) == (2, "Ben", "Anna")


def test_teams_take_their_sides_turns_in_rotation():
    state = play(GAME.initial_state({"mode": "2v1"}, seed=0), "open 2 1")  # Cleo opens
    seen = []
    for _ in range(5):
        state = play(state, "roll 1 1")
        seen.append(GAME.facts(state)["turn"])
        state = play(state, "end")
    assert seen == ["Anna", "Cleo", "Ben", "Cleo", "Anna"]
    assert GAME.facts(state)["side"] == "Cleo"


def test_the_engine_says_who_throws_the_dice_and_for_whom():
    """The opener throws the round's first roll for the other side; then whoever has just
    ended their turn throws for the opponent (lines 29-35)."""
    state = play(GAME.initial_state({}, seed=1), "open 5 2")  # Ben rolled lowest
    facts = GAME.facts(state)
    assert (facts["thrower"], facts["player"]) == ("Ben", "Anna")
    state = play(state, "roll 1 2")
    assert (GAME.facts(state)["thrower"], GAME.facts(state)["player"]) == ("Ben", "Anna")
    state = play(state, "end")
    assert (GAME.facts(state)["thrower"], GAME.facts(state)["player"]) == ("Anna", "Ben")
    opening = GAME.facts(GAME.initial_state({}, seed=1))
    assert (opening["thrower"], opening["player"]) == ("", "")


def test_with_teams_the_player_who_has_just_played_throws_for_the_next_of_the_other_team():
    """2 v 2: each team one board, its members in turn; the dice go to the other team, thrown
    by the player who played last - each player throws for the one who plays next, and the
    opening team's last player throws the round's first roll."""
    state = play(GAME.initial_state({"mode": "2v2"}, seed=1), "open 6 5")  # Cleo+Dirk lowest
    order = []
    for _ in range(5):
        facts = GAME.facts(state)
        order.append((facts["thrower"], facts["player"]))
        state = play(state, "roll 1 2", "end")
    assert order == [("Dirk", "Anna"), ("Anna", "Cleo"), ("Cleo", "Ben"), ("Ben", "Dirk"),
                     ("Dirk", "Anna")]


def test_alone_one_throws_for_oneself():
    state = GAME.initial_state({"mode": "solo"}, seed=1)
    assert (GAME.facts(state)["thrower"], GAME.facts(state)["player"]) == ("Solo", "Solo")


def _plays_over_two_rounds(mode: str, seed: int) -> list[tuple[int, int, str, str]]:
    """A whole match of computer players: (round, side on turn, thrower, player) at each roll."""
    from tutor.core.seeding import rng
    from tutor.trigger.computer import choose

    state, dice, seen = GAME.initial_state({"mode": mode}, seed), rng(seed, "turns test"), []
    while (mover := GAME.to_move(state)) is not None:
        if mover == CHANCE:
            moves, weights = zip(*GAME.chance_outcomes(state))
            move = dice.choices(moves, weights)[0]
        elif state.phase == Phase.ROUND_OVER:
            move = next(iter(GAME.legal_moves(state)))
        else:
            move = choose(GAME, state, "greedy")
        if state.phase == Phase.ROLL:
            facts = GAME.facts(state)
            seen.append((state.round, state.side, facts["thrower"], facts["player"]))
        state = GAME.apply(state, move)
    return seen


@pytest.mark.parametrize("mode", ["2v1", "2v2"])
@pytest.mark.parametrize("seed", range(12))
def test_the_return_round_starts_the_teams_rotation_again_as_the_reading_says(mode, seed):
    """trigger.teams: in every round the team's players take its turns one after the other,
    the dice thrown by whoever has just ended their turn, and the round's first throw by the
    opening team's player who comes last in its order. The return round starts so too: the
    player who cleared the board at the end of round 1 does not play his team's first turn
    of round 2 again, nor does the opening team's last thrower of round 1 throw first again."""
    sides = {"2v1": (("Anna", "Ben"), ("Cleo",)), "2v2": (("Anna", "Ben"), ("Cleo", "Dirk"))}[mode]
    seen = _plays_over_two_rounds(mode, seed)
    assert {r for r, *_ in seen} == {1, 2}
    for rnd in (1, 2):
        plays = [(side, thrower, player) for r, side, thrower, player in seen if r == rnd]
        first_side = plays[0][0]
        opener = 1 - first_side
        done = {0: 0, 1: 0}  # turns each side has played this round
        last = {opener: sides[opener][-1]}  # as if the opening team's rotation had run
        for side, thrower, player in plays:
            assert player == sides[side][done[side] % len(sides[side])], (rnd, plays)
            assert thrower == last[1 - side], (rnd, plays)
            done[side] += 1
            last[side] = player
    openers = [1 - next(side for r, side, *_ in seen if r == rnd) for rnd in (1, 2)]
    assert openers[0] != openers[1]  # "Bij de herkansing zal de tegenstander het spel beginnen"


def test_a_match_s_return_round_rolls_afresh_and_its_position_says_no_replay():
    """Only the solo game replays its rolls (trigger.solo.replay); a match's return round
    carried the first round's rolls as a script, so its position text said 'replay: 2 3' as
    if the return round reused them."""
    from tutor.core.walkthrough import by_id, replay

    returned = replay(by_id("trigger/round-end")).frames[-1].state
    assert returned.round == 2 and not returned.setup.solo
    assert returned.script == ()
    assert "replay" not in GAME.position_text(returned)
