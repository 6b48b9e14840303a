"""Move texts, position texts, saved states and options: round trips and clear errors."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import tutor.trapper

from tutor.core import BadMoveText, BadOption, BadState, BadWalkthrough, registry
from tutor.core import walkthrough
from tutor.trapper import GAME, TILES
from tutor.trapper.moves import DropOut, EndTurn, Exchange, Pass, Take

from .helpers import position

GREEN_TURN = Path(tutor.trapper.__file__).parent / "walkthroughs" / "green-turn.toml"


@pytest.mark.parametrize("text, move", [
    ("green: take c5", Take(0, 34)),
    ("purple: take h8 paying beige beige", Take(3, 63, 2)),
    ("blue: take a1 to canoe of 3 bears", Take(1, 0, None, ("canoe of 3 bears",))),
    ("beige: take d4 with mushroom 5, herb 1, bear 4, bear 2",
     Take(2, 27, None, ("mushroom 5", "herb 1", "bear 4", "bear 2"))),
    ("end turn", EndTurn()), ("pass", Pass()), ("drop out", DropOut()),
    ("exchange mink elk bear salmon", Exchange((0, 2, 3, 5))),
])
def test_move_text_round_trip(text, move):
    state = position()
    assert GAME.parse_move(state, text) == move
    assert GAME.move_text(state, move) == text


def test_move_text_is_forgiving_about_spaces_case_and_choice_order():
    state = position()
    assert GAME.parse_move(state, "  Green:Take  C5 ") == Take(0, 34)
    assert GAME.parse_move(state, "beige: take d4 with bear 2, mushroom 5") == \
        Take(2, 27, None, ("mushroom 5", "bear 2"))


@pytest.mark.parametrize("text, says", [
    ("green take c5", "cannot read 'green take c5': expected e.g. 'green: take c5', "
     "'green: take c5 paying blue blue', 'end turn', 'pass', 'exchange bear elk', 'drop out' or "
     "(tactical) 'bid beige 2'"),
    ("pink: take c5", "'pink' is not a trapper colour (green, blue, beige, purple)"),
    ("green: take c9", "'c9' is not a square (files a-h, ranks 1-8)"),
    ("green: take c5 paying blue beige",
     "a colour swap pays two cards of one colour, e.g. 'paying blue blue'"),
    ("green: take c5 to bear 4",
     "'to' names the one canoe the tile joins, e.g. 'to canoe of 3 bears'"),
    ("green: take c5 with canoe of 3 bears",
     "'with' names the singles an arriving canoe takes, e.g. 'with mushroom 5, bear 4'"),
    ("green: take c5 to canoe of 9 bears", "no tile called 'canoe of 9 bears' (e.g. 'bear 4', "
     "'canoe of 3 bears', 'mushroom 5', 'herb 1')"),
    ("exchange dragon",
     "exchange needs species names (mink, lynx, elk, bear, wolf, salmon), got 'dragon'"),
    ("bid beige", "cannot read 'bid beige': a bid is e.g. 'bid beige 2' or 'bid 3'"),
])
def test_bad_move_texts_say_what_is_wrong(text, says):
    with pytest.raises(BadMoveText) as caught:
        GAME.parse_move(position(), text)
    assert str(caught.value) == says


B = "board:\n"


@pytest.mark.parametrize("text, where, problem", [
    (B + "  5 * * bear4/Q green blue * * *", "line 2, column 9",
     "'bear4/Q': the water side must be N, E, S or W"),
    (B + "  5 * * dragon9 green blue * * *", "line 2, column 9",
     "'dragon9' is not a tile (e.g. bear4, canoe-bear3, herb1, mushroom5)"),
    (B + "  5 * * (bear4 green blue * * *", "line 2, column 9",
     "'(bear4' is not a square token (., *, ?, a trapper colour, a tile like bear4 or "
     "bear4/E, or (bear4) face down)"),
    (B + "  5 * * * green blue * *", "line 2, column 3", "rank 5 has 7 squares, not 8 (files a to h)"),
    (B + "  9 * * * green blue * * *", "line 2, column 3",
     "a board line starts with its rank, 1 to 8, not '9'"),
    (B + "  5 * * bear4 bear4 green blue * *", "line 2, column 15",
     "'bear4': there is no other such tile left (1 in the game)"),
    (B + "  5 * (bear4) green blue * * * *\n  4 * * beige purple * * * *", "line 2, column 7",
     "the tile on b5 is next to the green trapper, so it must be face up"),
    (B + "  5 * * * green green * * *", "line 2, column 17", "the green trapper is placed twice"),
    (B + "  5 * * * green blue * * *\n  5 * * * beige purple * * *", "line 3, column 3",
     "rank 5 is written twice"),
    (B + "  5 * * * green blue * * *\n  4 * * * beige * * * *", "line 1, column 1",
     "the purple trapper is not on the board (write each colour on its square)"),
    ("turn: P1", "board", "the green, blue, beige and purple trappers are not on the board "
     "(write each colour on its square); the position has no 'board:'"),
    ("hand Zoe: green 2", "line 1, column 6", "'hand' needs a player's name (P1, P2), not 'Zoe'"),
    ("hand P1: pink 2", "line 1, column 10", "'pink 2': write cards as 'green 2, blue 1'"),
    ("hand P1: green 17", "cards", "more than 16 green cards are named"),
    ("display P1: canoe-bear1 + bear4 + bear3", "line 1, column 13",
     "'canoe-bear1 + bear4 + bear3': bear 3 cannot join canoe of 1 bear (trapper.display.row)"),
    ("display P1: canoe-bear2 + bear4 + bear3", "line 1, column 13",
     "'canoe-bear2 + bear4 + bear3': a full canoe is sold at once: write it in 'sold'"),
    ("display P1: canoe-bear2 | bear3", "line 1, column 13",
     "bear 3 must join canoe of 2 bears (trapper.display.attach)"),
    ("display P1: bear2 | dragon", "line 1, column 21",
     "'dragon' is not a tile (e.g. bear4, canoe-bear3, herb1, mushroom5)"),
    ("sold P1: canoe-bear2 + bear3", "line 1, column 10",
     "'canoe-bear2 + bear3': a sold canoe holds exactly the animals it shows"),
    ("money P1: lots", "line 1, column 11", "money P1 is a whole number, not 'lots'"),
    ("bonus P1: canoe 17", "line 1, column 11",
     "'canoe 17': write bonus tiles as 'canoe 26, species 4'"),
    ("played: 2", "line 1, column 9", "cards played, but which trapper moved? add 'moved: <colour>'"),
    ("moved: pink", "line 1, column 8", "moved is green, blue, beige or purple, not 'pink'"),
    ("colour: green", "line 1, column 1", "unknown key 'colour'; known: acting, aside, bid, bidder, "
     "board, discard, draw, dropped, moved, passed, played, players, turn, variant, bonus NAME, "
     "display NAME, hand NAME, money NAME, sold NAME"),
    ("this is not a position", "line 1, column 1",
     "expected 'key: value' or 'key subject: value', got 'this is not a position'"),
    ("turn: P1\nturn: P2", "line 2, column 1", "'turn' is written twice (also on line 1)"),
    ("players: Anna", "line 1, column 10", "Trapper is for 2 to 4 players, not 1"),
    ("turn Anna: P1", "line 1, column 6", "'turn' takes no subject, not 'Anna'"),
    ("draw: green, pink", "line 1, column 14", "'pink' is not a card colour (green, blue, beige, purple)"),
])
def test_position_errors_name_line_and_column(text, where, problem):
    with pytest.raises(BadState) as caught:
        GAME.parse_position(text)
    assert (caught.value.where, caught.value.problem) == (where, problem)


def test_position_text_round_trip_mid_turn():
    state = position("display Anna: canoe-elk2 + herb3 | wolf2\nsold Ben: canoe-mink1 + mink3\n"
                     "money Ben: 6\nbonus Ben: species 1\n")
    state = GAME.apply(state, GAME.parse_move(state, "green: take d3 to canoe of 2 elk"))
    again = GAME.parse_position(GAME.position_text(state), seed=state.seed)
    assert GAME.facts(again) == GAME.facts(state)
    assert (again.hands, again.draw, again.displays) == (state.hands, state.draw, state.displays)


def _canoe_to_singles(data):
    """A face-down canoe taken off the board into the first player's singles."""
    square = next(sq for sq, tile in enumerate(data["board"]) if tile is not None
                  and TILES[tile].kind == "canoe" and not data["face_up"][sq])
    data["displays"][0]["singles"].append(data["board"][square])
    data["board"][square] = None


@pytest.mark.parametrize("change, field, problem", [
    # what the state codec reads from the type hints: the field's path
    (lambda d: d.pop("board"), "field 'board'", "is missing"),
    (lambda d: d.update(water="N" * 64), "field 'water'", "must be a list, not the text"),
    (lambda d: d.update(over="no"), "field 'over'", "must be true or false, not the text 'no'"),
    (lambda d: d["hands"].__setitem__(0, None), "field 'hands[0]'", "must be a list, not null"),
    (lambda d: d.update(ledger=[[0, 5]]), "field 'ledger[0]'",
     "must be an object with the fields of Payment, not a list"),
    (lambda d: d["displays"][0]["rows"].append({"canoe": 1, "colour": 2}),
     "field 'displays[0].rows[0].colour'", "is not a field of Row"),
    # what no Trapper state may be (rules.problems): the field named in the sentence
    (lambda d: d.update(trappers=[35, 36, 28]), None, "trappers: 3 entries, not 4"),
    (lambda d: d.update(water=["N"] * 63), None, "water: 63 entries, not 64"),
    (lambda d: d.update(variant="expert"), None,
     "variant: one of standard, young, tactical, no-bonus, no-water, not 'expert'"),
    (lambda d: d.update(turn=7), None, "a seat out of 0-1"),
    (lambda d: d["hands"][0].__setitem__(0, d["hands"][0][0] + 1), None,
     "hands: there must be 16 cards of each colour, not [17, 16, 16, 16]"),
    (lambda d: d["board"].__setitem__(0, d["board"][1]), None,
     "board: the 64 tiles must each be somewhere once (twice: canoe of 2 elk; missing: bear 1)"),
    (lambda d: _canoe_to_singles(d), None, "a canoe lies single"),
    (lambda d: d.update(species_bonus=[[7], []]), None, "each bonus tile exists once"),
    (lambda d: d.update(canoe_bonus=[[]]), None, "canoe_bonus: 1 entry, not 2"),
    (lambda d: d.update(dropped=[True, False]), None, "the player on turn has dropped out"),
    (lambda d: d.update(dropped=[True]), None, "dropped: 1 entry, not 2"),
])
def test_bad_saved_states_name_the_field_and_the_problem(change, field, problem):
    data = json.loads(json.dumps(GAME.to_json(position())))
    change(data)
    with pytest.raises(BadState) as caught:
        GAME.from_json(data)
    assert caught.value.where == field and problem in caught.value.problem, caught.value


@pytest.mark.parametrize("options, where, problem", [
    ({"players": 1}, "players", "Trapper is for 2 to 4 players, not 1"),
    ({"players": 5}, "players", "Trapper is for 2 to 4 players, not 5"),
    ({"players": ["Anna"]}, "players", "Trapper is for 2 to 4 players, not 1"),
    ({"players": "two"}, "players", "Players: a number from 2 to 4 or the players’ names, not 'two'"),
    ({"players": ["Anna", "Anna"]}, "players",
     "player names must be different, not empty, without . : , | #"),
    ({"players": ["Anna", "B.b"]}, "players",
     "player names must be different, not empty, without . : , | #"),
    ({"variant": "expert"}, "variant",
     "Rules: choose one of “standard”, “young players: no bonus tiles”, “young players: no water "
     "rule”, “young players: both”, “tactical (auction)”, not 'expert'"),
    ({"colour": "green"}, "options", "the setup has a setting Trapper does not have: “colour”"),
    ({"colour": "green", "size": 8}, "options",
     "the setup has settings Trapper does not have: “colour”, “size”"),
])
def test_bad_options_are_refused(options, where, problem):
    with pytest.raises(BadOption) as caught:
        GAME.initial_state(options, 0)
    assert (caught.value.where, caught.value.problem) == (where, problem)


def test_options_accept_names_and_variants():
    state = GAME.initial_state({"players": ["Anna", "Ben", "Cleo"], "variant": "young"}, 1)
    assert state.players == ("Anna", "Ben", "Cleo") and state.variant == "young"


@pytest.fixture
def only_trapper(monkeypatch):
    """Replay against Trapper alone, whatever state the other games' packages are in."""
    monkeypatch.setattr(registry, "games", lambda: {"trapper": GAME})


def test_a_walkthrough_expectation_that_does_not_hold_names_the_step(only_trapper, tmp_path):
    text = (GREEN_TURN.read_text(encoding="utf-8")
            .replace('"trapper.green" = "d3"', '"trapper.green" = "e3"'))
    bad = tmp_path / "broken.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(BadWalkthrough) as caught:
        walkthrough.replay(walkthrough.load(bad))
    assert str(caught.value) == ("broken.toml, step 2 (line 51), field 'expect': expect: "
                                 "'trapper.green' should be 'e3' but is 'd3'")
