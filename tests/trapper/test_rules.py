"""Every rule the Trapper engine refuses with: one move it allows, one it refuses."""
from __future__ import annotations

import pytest

from tutor.core import BadMove, IllegalMove
from tutor.trapper import GAME, rules_of
from tutor.trapper.moves import Exchange, Take
from tutor.trapper.tiles import square_index

from .helpers import BOARD, HEAD, position, play

MOVED = "moved: green\nplayed: 1\n"
TWO_CANOES = "display Anna: canoe-elk2 | canoe-wolf3\n"
SOLD = "sold Anna: canoe-mink1 + mink3 | canoe-elk1 + elk2\n"
OVER = ("drop out", "drop out")

# rule id, extra position lines, moves played first, allowed move, refused move
CASES = [
    ("trapper.take.water", "", (), "green: take d3", "green: take c4"),
    ("trapper.take.adjacent", "", (), "green: take d3", "green: take e3"),
    ("trapper.take.empty", "", (), "green: take d3", "green: take c2"),
    ("trapper.take.trapper", "", (), "green: take d3", "green: take g4"),
    ("trapper.take.face-down", "", (), "green: take d3", "green: take a8"),
    ("trapper.cards", "", (), "green: take d3", "purple: take f4"),
    ("trapper.cards.swap", "", (), "purple: take f4 paying blue blue",
     "purple: take f4 paying beige beige"),
    ("trapper.turn.one-trapper", MOVED, (), "green: take d3", "purple: take f4 paying blue blue"),
    ("trapper.turn.draw", MOVED, (), "end turn", None),
    ("trapper.turn.pass", "", (), "pass", None),
    ("trapper.end.drop-out", "", (), "drop out", None),
    ("trapper.display.choice", TWO_CANOES, (), "green: take d3 to canoe of 2 elk",
     "green: take d3"),
    ("trapper.display.attach", TWO_CANOES, (), "green: take d3 to canoe of 3 wolves",
     "green: take d3 to canoe of 1 mink"),
    ("trapper.bonus.species", SOLD, (), "exchange mink elk", "exchange bear"),
    ("trapper.bonus.species.taken", SOLD + "bonus Ben: species 2\n", (), "exchange mink",
     "exchange mink elk"),
    ("trapper.bonus.species.once", SOLD, ("exchange mink",), "green: take d3", "exchange elk"),
    ("trapper.bonus.species.different", SOLD, (), "exchange mink elk", "exchange elk elk"),
    ("trapper.cards.swap.other", "", (), "green: take d3", "green: take d3 paying green green"),
    ("trapper.end", "", (), "drop out", None),
]
# refusals that need another position than the allowed case
REFUSED_ELSEWHERE = {
    "trapper.turn.draw": ("", (), "end turn"),
    "trapper.turn.pass": (MOVED, (), "pass"),
    "trapper.end.drop-out": (MOVED, (), "drop out"),
    "trapper.end": ("", OVER, "pass"),
}

# each refusal's parameters, as shown (compared on rule id + params: the words are the catalog's);
# a refusal about a player names the player (Anna), as a drill about Anna shows it
PARAMS = {
    'trapper.take.water': {'tile': 'bear 4', 'square': 'c4', 'colour': 'green'},
    'trapper.take.adjacent': {'tile': 'salmon 3', 'square': 'e3', 'colour': 'green'},
    'trapper.take.empty': {'square': 'c2'},
    'trapper.take.trapper': {'square': 'g4', 'other': 'purple'},
    'trapper.take.face-down': {'square': 'a8'},
    'trapper.cards': {'colour': 'purple', 'player': 'Anna'},
    'trapper.cards.swap': {'colour': 'purple', 'paying': 'beige', 'count': '1', 'player': 'Anna'},
    'trapper.turn.one-trapper': {'moved': 'green', 'colour': 'purple', 'player': 'Anna'},
    'trapper.turn.draw': {'player': 'Anna'},
    'trapper.turn.pass': {'player': 'Anna'},
    'trapper.end.drop-out': {'player': 'Anna'},
    'trapper.display.choice': {'tile': 'mushroom 5',
                               'options': 'canoe of 2 elk / canoe of 3 wolves', 'player': 'Anna'},
    'trapper.display.attach': {'tile': 'mushroom 5', 'choice': 'canoe of 1 mink',
                               'options': 'canoe of 2 elk / canoe of 3 wolves', 'player': 'Anna'},
    'trapper.bonus.species': {'species': 'bear', 'player': 'Anna'},
    'trapper.bonus.species.taken': {'number': '2'},
    'trapper.bonus.species.once': {'player': 'Anna'},
    'trapper.bonus.species.different': {'species': 'elk', 'player': 'Anna'},
    'trapper.cards.swap.other': {'colour': 'green', 'player': 'Anna'},
    'trapper.end': {},
}


def shown(params: dict) -> dict[str, str]:
    """A refusal's parameters as the text shows them (a game word in the page's language)."""
    return {k: str(v) for k, v in params.items()}


@pytest.mark.parametrize("rule, extra, before, allowed, refused", CASES, ids=[c[0] for c in CASES])
def test_rule_allows_and_refuses(rule, extra, before, allowed, refused):
    assert rule in GAME.rules
    state = play(position(extra), *before)
    move = GAME.parse_move(state, allowed)
    assert GAME.violation(state, move) is None
    assert move in list(GAME.legal_moves(state))
    GAME.apply(state, move)
    if refused is None:
        extra, before, refused = REFUSED_ELSEWHERE[rule]
        state = play(position(extra), *before)
    move = GAME.parse_move(state, refused)
    saved = GAME.to_json(state)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, move)
    assert caught.value.rule_id == rule
    found = GAME.violation(state, move)
    assert (found.rule_id, shown(found.params)) == (rule, PARAMS[rule])
    assert caught.value.reason == GAME.rules.reason(rule, **found.params)
    assert move not in list(GAME.legal_moves(state))
    assert GAME.to_json(state) == saved


def test_refusal_reasons_read_like_the_rulebook():
    state = position()
    with pytest.raises(IllegalMove) as water:
        GAME.apply(state, GAME.parse_move(state, "green: take c4"))
    assert water.value.reason == "bear 4 has its water side towards the green trapper"
    state = play(position(MOVED))
    with pytest.raises(IllegalMove) as one:
        GAME.apply(state, GAME.parse_move(state, "purple: take f4 paying blue blue"))
    assert one.value.reason == ("Anna has moved the green trapper this turn, so only the green "
                                "trapper may move again, not the purple one")


def test_young_variant_has_no_water_rule_and_no_bonus_tiles():
    state = position(SOLD, variant="young")
    assert GAME.violation(state, GAME.parse_move(state, "green: take c4")) is None
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, GAME.parse_move(state, "exchange mink"))
    assert caught.value.rule_id == "trapper.variant.no-bonus"  # the simplification that forbids it
    assert list(rules_of(state).exchanges(state)) == []
    assert rules_of(state).canoe_bonus(state, 26) is None
    standard = position(SOLD)
    assert GAME.violation(standard, GAME.parse_move(standard, "exchange mink")) is None


@pytest.mark.parametrize("options, water, bonus", [
    ({"variant": "no-water"}, False, True), ({"water_rule": False}, False, True),
    ({"variant": "no-bonus"}, True, False), ({"bonus_tiles": False}, True, False),
    ({"bonus_tiles": False, "water_rule": False}, False, False), ({"variant": "young"}, False, False),
    ({"variant": "standard", "water_rule": True, "bonus_tiles": True}, True, True),
])
def test_the_two_simplifications_for_young_players_are_separate_options(options, water, bonus):
    """Issue 23.3: 'kan er zonder bonusfiches worden gespeeld. Bovendien kan ook de
    versperringsregel door het water worden weggelaten' (Dutch line 335): two options, each on
    its own; young is both."""
    state = GAME.parse_position(HEAD + SOLD + BOARD, options, 0)
    take = GAME.violation(state, GAME.parse_move(state, "green: take c4"))
    assert (take is None) == (not water)
    if water:
        assert take.rule_id == "trapper.take.water"
    exchange = GAME.violation(state, GAME.parse_move(state, "exchange mink"))
    assert (exchange is None) == bonus
    if not bonus:
        assert exchange.rule_id == "trapper.variant.no-bonus"
        assert rules_of(state).canoe_bonus(state, 26) is None
    else:
        assert rules_of(state).canoe_bonus(state, 26) is not None
    facts = GAME.facts(state)
    assert (facts["water rule"], facts["bonus tiles"]) == (water, bonus)


@pytest.mark.parametrize("options, where", [
    ({"variant": "young", "bonus_tiles": True}, "bonus_tiles"),
    ({"variant": "no-water", "water_rule": True}, "water_rule"),
    ({"variant": "tactical", "water_rule": False}, "water_rule"),
    ({"bonus_tiles": "no"}, "bonus_tiles"),
])
def test_a_contradiction_of_the_young_options_is_refused(options, where):
    from tutor.core import BadOption
    with pytest.raises(BadOption) as err:
        GAME.initial_state(options)
    assert err.value.where == where


def test_old_young_games_read_the_same():
    """A saved game or option set of before names variant young: it still plays both."""
    from tutor.core.match import Match
    saved = ('{"game": "trapper", "options": {"players": 3, "variant": "young"}, "seed": 1, '
             '"moves": []}')
    match = Match.load(saved)
    assert match.state.variant == "young" and rules_of(match.state).water is False
    assert rules_of(match.state).bonus_tiles is False


@pytest.mark.parametrize("move", ["take 3", None, Take(True, 19), Take(0, "d3"),
                                  Take(0, 19, choice=("canoe", 3)), Exchange([3])], ids=repr)
def test_a_move_of_another_game_or_of_wrong_types_is_refused(move):
    """Not a move the game made (a text, a bool for a colour, a text for a square): refused
    by the one guard in front of every game's check, naming the field."""
    with pytest.raises(BadMove) as caught:
        GAME.apply(position(), move)
    assert caught.value.where == "move"


def test_every_rule_id_the_engine_returns_is_in_the_catalogue():
    for rule_id in [c[0] for c in CASES] + ["trapper.turn", "trapper.variant.young"]:
        rule = GAME.rules[rule_id]
        assert rule.title and rule.text and rule.source and rule.refusal
    readings = [r for r in GAME.rules.values() if r.is_reading]
    assert {"trapper.tiles", "trapper.display.attach", "trapper.bonus.canoe",
            "trapper.end", "trapper.setup"} <= {r.id for r in readings}


def test_every_violation_in_the_code_names_a_rule_with_a_refusal():
    import re
    from pathlib import Path

    import tutor.trapper

    folder = Path(tutor.trapper.__file__).parent
    found = set()
    for name in ("rules.py", "auction.py", "variants.py"):
        found |= set(re.findall(r'Violation\(\s*"([^"]+)"', (folder / name).read_text()))
    found |= {"trapper.take.empty", "trapper.take.face-down"}  # chosen by a conditional
    assert len(found) > 25
    for rule_id in found:
        assert GAME.rules[rule_id].refusal, rule_id


def test_a_take_naming_the_one_way_a_tile_joins_is_refused_but_reads_as_the_listed_move():
    # found accepted but never listed (issue 14.4): a mushroom "to canoe of 3 wolves", the
    # only canoe it can join; the listing names no choice there, so neither may apply
    state = position("display Anna: canoe-wolf3\n")
    named = Take(0, square_index("d3"), None, ("canoe of 3 wolves",))
    assert named not in list(GAME.legal_moves(state))
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, named)
    found = GAME.violation(state, named)
    assert (found.rule_id, shown(found.params)) == (
        "trapper.display.one-way",
        {"tile": "mushroom 5", "choice": "canoe of 3 wolves", "player": "Anna"})
    assert refused.value.reason == GAME.rules.reason(found.rule_id, **found.params)
    typed = GAME.parse_move(state, "green: take d3 to canoe of 3 wolves")
    assert typed == Take(0, square_index("d3")) and typed in list(GAME.legal_moves(state))


@pytest.mark.parametrize("move", [
    Take(4, 19), Take(-1, 19), Take(0, 64), Take(0, -1), Take(0, 19, 7), Take(0, 19, -1),
    Exchange((7,)), Exchange((3, 0)),
], ids=repr)
def test_moves_with_fields_out_of_range_are_refused_not_crashed_on(move):
    state = position(SOLD)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, move)
    assert (refused.value.rule_id, refused.value.reason) == (
        "trapper.turn", "that is not a Trapper move")
    # shown as built, never as the text of another move ('purple: take d3' for colour -1)
    assert refused.value.move_text == repr(move)


def test_the_young_players_lesson_shows_a_take_only_the_water_rule_refuses():
    """The lesson's example of leaving out the water rule: in the standard game its position
    refuses green's take of bear 4 by the water rule (green is not isolated, so the isolated
    trapper's exception does not allow it either); the young game allows it."""
    from tutor.core.walkthrough import by_id

    walk = by_id("trapper/young-players")
    move = walk.steps[0].move
    standard = GAME.parse_position(walk.position, {})
    assert GAME.facts(standard)["isolated.green"] is False
    with pytest.raises(IllegalMove) as refused:
        GAME.check(standard, GAME.parse_move(standard, move))
    assert refused.value.rule_id == "trapper.take.water"
    assert {GAME.parse_move(standard, GAME.move_text(standard, m)).square
            for m in GAME.legal_moves(standard) if GAME.move_text(standard, m).startswith("green:")
            } == {GAME.parse_move(standard, "green: take d3").square}  # lynx 2 only
    young = GAME.parse_position(walk.position, dict(walk.options))
    GAME.check(young, GAME.parse_move(young, move))


@pytest.mark.parametrize("variant", ["standard", "tactical"])
def test_an_exchange_of_no_canoe_is_no_trapper_move(variant):
    """An exchange naming no species (built by hand: its text 'exchange' is not read) was
    refused as "most-species tile 0 is already taken", of a tile that does not exist."""
    state = GAME.initial_state({"players": 2, "variant": variant}, seed=1)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, Exchange(()))
    assert (refused.value.rule_id, refused.value.move_text) == ("trapper.turn", "Exchange(species=())")


LAST_TILE = "players: Anna, Ben\nhand Anna: green 1\nboard:\n" + "\n".join(
    f"  {r}  .  .  .  .  .  .  .  ." for r in (8, 7, 6, 3, 2, 1)) + """
  5  .  .  .  green   blue   .        .  .
  4  .  .  .  purple  beige  herb3/W  .  ."""


def test_a_move_that_ends_the_game_shows_the_end_and_the_final_scoring():
    """Taking the last loot tile ends the game, and the last player to drop out ends it too
    ('tot alle spelers het spel hebben beëindigd of tot alle buitkaartjes zijn veroverd'):
    the coach's hint and free play's evidence named only the take or the drop-out."""
    s = GAME.parse_position(LAST_TILE, seed=1)
    take = GAME.parse_move(s, "green: take f4")
    assert GAME.apply(s, take).over
    assert GAME.move_rules(s, take)[-2:] == ("trapper.end", "trapper.end.scoring")
    first_out = play(s, "pass")  # Ben drops out: Anna plays on
    assert GAME.move_rules(first_out, GAME.parse_move(first_out, "drop out")) == (
        "trapper.end.drop-out",)
    last = play(first_out, "drop out")
    assert GAME.move_rules(last, GAME.parse_move(last, "drop out")) == (
        "trapper.end.drop-out", "trapper.end", "trapper.end.scoring")
    ranked = GAME.parse_position(LAST_TILE.replace("hand Anna", "bonus Ben: canoe 26\nhand Anna"),
                                 seed=1)  # a bonus tile is held: its rank is paid too
    assert GAME.move_rules(ranked, take)[-3:] == (
        "trapper.end", "trapper.end.scoring", "trapper.end.bonus")


ATTACH = """players: Anna, Ben
hand Anna: green 2, blue 1
display Anna: canoe-bear3
board:
  6  *  *        *        mushroom1/N  *        *  *  *
  5  *  *        bear2/W  green        blue     wolf1/W  *  *
  4  *  *        *        purple       beige    *  *  *"""


@pytest.mark.parametrize("move, shown", [
    ("green: take c5", ("trapper.display.attach",)),  # bear 2 to the canoe of 3 bears
    ("green: take d6", ("trapper.display.attach", "trapper.display.extras")),  # a mushroom
    ("blue: take f5", ()),  # wolf 1: no wolf canoe, it lies single
])
def test_a_take_shows_the_attach_rule_when_its_tile_joins_a_canoe(move, shown):
    """'Alle kaartjes moeten altijd onmiddellijk aan elkaar worden gelegd indien ze passen':
    a tile that joins a canoe (a mushroom or herb: at most one of each) uses the attach rule,
    as the lessons say; the coach's hint and free play's evidence named only the take."""
    s = GAME.parse_position(ATTACH, seed=1)
    found = GAME.move_rules(s, GAME.parse_move(s, move))
    assert tuple(r for r in found if r in ("trapper.display.attach",
                                          "trapper.display.extras")) == shown
