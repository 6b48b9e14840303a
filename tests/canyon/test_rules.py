"""Each rule by its id: a move it allows and a move it refuses."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import tutor.canyon
from tutor.canyon import GAME
from tutor.canyon.cards import DECK, Card, trick_winner
from tutor.canyon.rules import bonus, movement_points
from tutor.canyon.setup import first_dealer
from tutor.canyon.variants import SKIP, STANDARD, cards_in_round
from tutor.core import BadMoveText, BadOption

from .helpers import fact, play, position, refused

TRICKS = """
players: Anne Carl Marc Herman
dealer: Herman
round: 7
phase: tricks
trump: green 4
seat Anne: tempo 1  hand blue 7, yellow 5
seat Carl: tempo 1  hand blue 8, red 2
seat Marc: tempo 0  hand blue 3, red 5
seat Herman: tempo 1  hand red 9, green 2
"""


def test_every_rule_id_the_engine_can_return_is_in_the_catalogue():
    source = "".join(p.read_text() for p in Path(tutor.canyon.__file__).parent.glob("*.py"))
    used = set(re.findall(r'"(canyon\.[a-z.\-]+)"', source))
    assert used and used <= set(GAME.rules)
    for rule_id in used:
        rule = GAME.rules[rule_id]
        assert rule.title and rule.text and rule.source


# ---- setup ---------------------------------------------------------------------------------
def test_setup_dealer_is_the_highest_draw_and_start_player_on_the_left():
    for seed in range(30):
        s = GAME.initial_state({"players": 5}, seed=seed)
        best = max(c.value for c in s.draws)
        assert s.draws[s.dealer].value == best
        assert s.start_player == (s.dealer + 1) % 5 == s.turn
        assert s.phase == "launch" and fact(s, "round") == 1


def test_tied_highest_draw_is_drawn_again():
    seeds = [seed for seed in range(200)
             if sorted(c.value for c in first_dealer(6, seed)[0])[-2:] in ([10, 10], [9, 9])]
    assert seeds  # some seed has a tie for the highest card
    draws, dealer = first_dealer(6, seeds[0])
    assert draws[dealer].value == max(c.value for c in draws)


def test_canoes_are_placed_on_free_start_docks_from_the_start_player():
    s = GAME.initial_state({"players": 3}, seed=3)
    first = s.players[s.turn]
    assert refused(s, f"{first}: start at f2") == "canyon.setup"
    s2 = play(s, f"{first}: start at c1")
    second = s2.players[s2.turn]
    assert refused(s2, f"{second}: start at c1") == "canyon.setup.dock"
    assert refused(s2, f"{first}: start at d1") == "canyon.turn"
    s3 = play(s2, f"{second}: start at d1", f"{s2.players[(s2.turn + 1) % 3]}: start at e1")
    assert s3.phase == "tempo" and all(len(h) == 8 for h in s3.hands)


def test_tempos_are_listed_in_the_order_of_the_tempo_they_show():
    """The list of moves read 'tempo 0 ... tempo 4, tempo 7, tempo 6, tempo 5, tempo 5 with
    3+2': now by the tempo shown, one card before two, the higher card first."""
    s = GAME.initial_state({"players": 3}, seed=3)
    s = play(s, *(f"{s.players[(s.turn + i) % 3]}: start at {dock}"
                  for i, dock in enumerate(("c1", "d1", "e1"))))
    assert s.phase == "tempo"
    tempos = [m.cards for m in GAME.legal_moves(s)]
    assert len(tempos) >= 8 and [sum(c) for c in tempos] == sorted(sum(c) for c in tempos)
    assert tempos.index((4, 1)) < tempos.index((3, 2))


def test_options_are_checked():
    for bad in ({"players": 2}, {"players": 7}, {"players": ["A", "A", "B"]}, {"skip": "yes"},
                {"map": "nile"}, {"colour": "red"}, {"players": ["A", "B:C", "D"]}):
        with pytest.raises(BadOption):
            GAME.initial_state(bad)


# ---- the round counter, dealing, trump -------------------------------------------------------
def test_round_counter_and_skip():
    assert [cards_in_round(c) for c in range(1, 15)] == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    order, c = [], 1
    for _ in range(15):
        order.append(c)
        c = STANDARD.next_counter(c)
    assert order == [*range(1, 15), 1]
    order, c = [], 1
    for _ in range(11):
        order.append(c)
        c = SKIP.next_counter(c)
    assert order == [1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 1]


def test_deal_gives_the_counter_s_cards_and_turns_up_trump():
    s = GAME.initial_state({"players": 6}, seed=11)
    s = play(s, *[f"{s.players[(s.turn + k) % 6]}: start at {d}"
                  for k, d in enumerate(("c1", "d1", "e1", "f1", "g1", "h1"))])
    assert [len(h) for h in s.hands] == [8] * 6
    assert s.trump is not None and s.trump not in {c for h in s.hands for c in h}
    assert len(s.stock) == 50 - 48 - 1
    assert fact(s, "trump") == s.trump.suit


# ---- tempo ---------------------------------------------------------------------------------
def test_tempo_one_card_up_to_4_two_cards_from_5_to_7():
    s = position("players: Anne Carl Marc\ndealer: Marc")
    assert refused(s, "Anne: tempo 3 with 2+1") == "canyon.round.tempo"
    assert refused(s, "Anne: tempo 6 with 3+3") == "canyon.round.tempo.cards"
    assert refused(s, "Anne: tempo 5 with 5") == "canyon.round.tempo.cards"
    assert refused(s, "Anne: tempo 9 with 5+4") == "canyon.round.tempo.cards"
    assert refused(s, "Carl: tempo 2") == "canyon.turn"
    s = play(s, "Anne: tempo 6 with 4+2", "Carl: tempo 5 with 3+2", "Marc: tempo 0")
    assert (fact(s, "tempo.Anne"), fact(s, "tempo.Carl"), fact(s, "tempo.Marc")) == (6, 5, 0)
    assert fact(s, "tempo_cards.Carl") == "3+2" and s.phase == "tricks"
    with pytest.raises(BadMoveText) as bad:
        GAME.parse_move(s, "Anne: tempo 8")
    assert str(bad.value) == "no tempo cards show 8: the most is 4+3 = 7"


def test_a_card_played_in_the_tempo_phase_is_refused():
    s = position("players: Anne Carl Marc\ndealer: Marc\nseat Anne: hand blue 1, blue 2, blue 3, blue 4, blue 5, blue 6, blue 7, blue 8")
    assert refused(s, "Anne: play blue 1") == "canyon.round"


# ---- tricks --------------------------------------------------------------------------------
def test_follow_suit_when_you_can():
    s = position(TRICKS)
    s = play(s, "Anne: play blue 7", "Carl: play blue 8")
    assert refused(s, "Marc: play red 5") == "canyon.trick.follow"
    assert refused(s, "Marc: play red 9") == "canyon.trick.hand"
    s = play(s, "Marc: play blue 3")
    s = play(s, "Herman: play red 9")  # no blue: anything goes
    assert fact(s, "last_trick.winner") == "Carl" and s.turn == 1


def test_trump_beats_the_led_suit_and_off_suits_never_win():
    b7, b8, r9, g2 = Card("blue", 7), Card("blue", 8), Card("red", 9), Card("green", 2)
    assert trick_winner(((0, b7), (1, b8), (2, r9)), trump="green") == 1
    assert trick_winner(((0, b7), (1, b8), (2, g2)), trump="green") == 2
    assert trick_winner(((0, r9), (1, b8), (2, b7)), trump="green") == 0
    s = position(TRICKS)
    s = play(s, "Anne: play blue 7", "Carl: play blue 8", "Marc: play blue 3", "Herman: play green 2")
    assert fact(s, "last_trick.winner") == "Herman" and fact(s, "lead") == "Herman"


def test_the_last_trick_starts_the_move_phase():
    s = position(TRICKS)
    s = play(s, "Anne: play blue 7", "Carl: play blue 8", "Marc: play blue 3", "Herman: play red 9",
             "Carl: play red 2", "Marc: play red 5", "Herman: play green 2", "Anne: play yellow 5")
    assert s.phase == "move" and s.turn == s.start_player
    assert (fact(s, "tricks.Carl"), fact(s, "tricks.Herman")) == (1, 1)
    # Carl 1/1 -> 3, Herman 1/1 -> 3, Anne 1/0 -> 0, Marc 0/0 -> 1
    assert [fact(s, f"points.{p}") for p in s.players] == [0, 3, 1, 3]


# ---- movement --------------------------------------------------------------------------------
def test_bonus_table_and_the_rulebook_example():
    assert [bonus(t) for t in range(8)] == [1, 2, 3, 3, 3, 3, 3, 3]
    assert [movement_points(t, w) for t, w in ((2, 3), (1, 1), (0, 0), (4, 2))] == [3, 3, 1, 2]


MOVE = """
players: Anne Carl Marc
dealer: Marc
round: 5
phase: move
seat Anne: canoe e11  tempo 1  tricks 1
seat Carl: canoe f14  tempo 0  tricks 2
seat Marc: canoe f11  tempo 1  tricks 1
"""


def test_moves_refused_by_each_movement_rule():
    s = position(MOVE)
    assert fact(s, "points.Anne") == 3
    assert refused(s, "Anne: paddle to e9") == "canyon.move.water"  # the island
    assert refused(s, "Anne: paddle to f11") == "canyon.move.one-canoe"
    assert refused(s, "Anne: paddle to e11") == "canyon.move.twice"
    assert refused(s, "Anne: paddle to e15") == "canyon.move.through"  # only past f14
    assert refused(s, "Anne: paddle to f8") == "canyon.move.reach"  # 4 fields away
    assert refused(s, "Anne: paddle to d9") == "canyon.move.optimal"  # 3 fields, but upstream
    assert refused(s, "Anne: stay") == "canyon.move.all-points"
    assert refused(s, "Anne: drift") == "canyon.current.drift"
    assert refused(s, "Marc: paddle to f12") == "canyon.turn"
    ends = fact(s, "ends")
    s = play(s, f"Anne: paddle to {ends.split(', ')[0]}")
    assert fact(s, "canoe.Anne") == ends.split(", ")[0] and fact(s, "turn") == "Carl"


def test_points_that_can_be_used_must_be_used():
    s = position("""
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe c4  tempo 3  tricks 2
seat Carl: canoe c2  tempo 1  tricks 1
seat Marc: canoe b1  tempo 0  tricks 0
map:
  #...#
  #...#
  ##.##
  ##.##
  #...#
  #...#
  #...#
  ##D##
""")
    assert refused(s, "Anne: paddle to c3") == "canyon.move.all-points"  # no way with exactly 2
    assert refused(s, "Anne: paddle to b5") == "canyon.move.optimal"
    assert fact(s, "ends") == "b6, c6, d6"


def test_a_blocked_canoe_may_stay():
    blocked = position("""
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe b2  tempo 0  tricks 3
seat Carl: canoe b3  tempo 0  tricks 0
seat Marc: canoe b1  tempo 0  tricks 0
map:
  #.#
  #.#
  #.#
  #D#
""")
    assert fact(blocked, "ends") == "stay"
    assert refused(blocked, "Anne: paddle to b1") == "canyon.move.one-canoe"
    assert fact(play(blocked, "Anne: stay"), "canoe.Anne") == "b2"


CURRENT = """
players: Herman Carl Anne Marc
dealer: Marc
phase: move
seat Herman: canoe d5  tempo 2  tricks 2
seat Carl: canoe d7  tempo 0  tricks 0
seat Anne: canoe c7  tempo 2  tricks 4
seat Marc: canoe b3  tempo 1  tricks 3
map:
  #...#
  #.o.#
  C...#
  #...#
  #vvv#
  #vvv#
  #vvv#
  #>>v#
  #DWW#
"""


def test_current_only_the_bonus_and_only_when_made():
    s = position(CURRENT)
    assert [fact(s, f"points.{p}") for p in s.players] == [3, 1, 0, 3]  # Marc: still water
    assert refused(s, "Herman: paddle to b9") == "canyon.current.bonus"
    assert refused(s, "Herman: drift") == "canyon.current.drift"
    s = play(s, "Herman: paddle to c8", "Carl: paddle to d8")
    assert refused(s, "Anne: paddle to b8") == "canyon.current.exact"
    assert refused(s, "Anne: stay") == "canyon.current.exact"
    assert fact(s, "ends") == "drift"


def test_drift_pushes_and_the_waterfall_sends_to_the_cave():
    s = play(position(CURRENT), "Herman: paddle to c8", "Carl: paddle to d8", "Anne: drift")
    assert (fact(s, "canoe.Anne"), fact(s, "canoe.Herman"), fact(s, "canoe.Carl")) == ("c8", "d8", "cave")
    assert fact(s, "pushed") == "Herman, Carl"
    # Marc (3 points from still water) moves normally into the current
    s = play(s, "Marc: paddle to " + fact(s, "ends").split(", ")[0])
    assert s.phase == "tempo" and fact(s, "canoe.Carl") == "cave"


def test_a_pushed_canoe_that_goes_over_before_its_turn_rests():
    s = position("""
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe c7  tempo 2  tricks 4
seat Carl: canoe c8  tempo 1  tricks 1
seat Marc: canoe b1  tempo 0  tricks 0
map:
  #...#
  #.o.#
  C...#
  #...#
  #vvv#
  #vvv#
  #vvv#
  #>vv#
  #DWW#
""")
    s = play(s, "Anne: drift")  # Anne onto c8, Carl pushed over the waterfall before his move
    assert fact(s, "canoe.Carl") == "cave" and fact(s, "moved.Carl") is True
    assert fact(s, "turn") == "Marc"


def test_canoes_leave_the_cave_with_all_their_points():
    s = position(CURRENT.replace("seat Carl: canoe d7", "seat Carl: canoe cave").replace("dealer: Marc", "dealer: Herman"))
    assert fact(s, "turn") == "Carl" and fact(s, "points.Carl") == 1  # 0/0: bonus 1
    s = play(s, "Carl: paddle to " + fact(s, "ends").split(", ")[0])
    assert fact(s, "canoe.Carl") in {"b2", "b3", "b4"}
    # several canoes may share the cave
    both = position(CURRENT.replace("seat Carl: canoe d7", "seat Carl: canoe cave").replace("seat Anne: canoe c7", "seat Anne: canoe cave"))
    assert fact(both, "canoe.Anne") == fact(both, "canoe.Carl") == "cave"


# ---- the end -------------------------------------------------------------------------------
END = """
players: Anne Carl Marc
dealer: Marc
phase: move
seat Anne: canoe f26  tempo 2  tricks 2
seat Carl: canoe f21  tempo {carl_tempo}  tricks {carl_tricks}
seat Marc: canoe h20  tempo 0  tricks 0
"""


@pytest.mark.parametrize("carl_tempo, carl_tricks, winner", [
    (6, 6, "Carl"),      # both 1 left over; Carl's tempo 6 beats Anne's 2
    (2, 6, "Anne"),      # Carl 6 points: he does not reach the village
    (1, 1, "Anne"),
])
def test_first_to_the_village_and_the_tie_breaks(carl_tempo, carl_tricks, winner):
    s = position(END.format(carl_tempo=carl_tempo, carl_tricks=carl_tricks))
    s = play(s, "Anne: paddle to e28")
    s = play(s, "Carl: paddle to " + fact(s, "ends").split(", ")[0])
    s = play(s, "Marc: paddle to " + fact(s, "ends").split(", ")[0])
    assert s.phase == "over" and fact(s, "winner") == winner
    outcome = GAME.outcome(s)
    assert [s.players[w] for w in outcome.winners] == [winner]
    assert refused(s, "Marc: stay") == "canyon.end"
    assert list(GAME.legal_moves(s)) == []


def test_equal_left_over_and_equal_tempo_share_the_win():
    s = position(END.format(carl_tempo=2, carl_tricks=2).replace("seat Carl: canoe f21", "seat Carl: canoe g27"))
    s = play(s, "Anne: paddle to e28", "Carl: paddle to f29")
    s = play(s, "Marc: paddle to " + fact(s, "ends").split(", ")[0])
    assert fact(s, "winner") == "Anne and Carl"
    assert GAME.outcome(s).winners == (0, 1)


def test_the_deck_has_50_cards():
    assert len(set(DECK)) == 50


def test_two_tempo_cards_in_either_order_are_the_one_listed_move():
    """Found by the property test: 'tempo 5 with 1+4' was accepted but not listed."""
    from tutor.canyon import Tempo
    assert Tempo(0, (1, 4)) == Tempo(0, (4, 1)) and Tempo(0, (1, 4)).cards == (4, 1)
    s = GAME.initial_state({"players": 3}, seed=1)
    assert GAME.parse_move(s, "Anne: tempo 5 with 1+4") == Tempo(0, (4, 1))
    assert GAME.move_text(s, Tempo(0, (2, 4))) == "Anne: tempo 6"


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_move_out_of_its_phase_names_the_phase_in_the_learners_language(lang):
    """A Dutch drill once said "dit is de fase tricks": the phase's canonical name, in English."""
    from tutor.canyon.notation import phase_display
    from tutor.core.i18n import using

    from ..contract import refusal

    state = position(TRICKS)
    with using(lang):
        said = refusal(GAME, state, "Anne: tempo 1 with 1").reason
        assert phase_display("tricks") in said and phase_display("tricks") != "tricks"
    assert not re.search(r"\btricks\b", said), said


def test_staying_put_when_a_landing_dock_is_in_reach_is_refused_by_the_dock_rule():
    """Anne (3 bonus points in the current) can land on e28 with 2 or on e29 with all 3; staying
    was refused as "Anne must use every point that can be used (here: 2)", false of her 3."""
    from tutor.core.walkthrough import by_id, replay

    state = replay(by_id("canyon/the-end"), GAME).frames[0].state
    found = GAME.violation(state, GAME.parse_move(state, "Anne: stay"))
    assert found.rule_id == "canyon.move.dock"
    assert GAME.rules.reason(found.rule_id, **found.params) == (
        "Anne can reach the landing dock e28: a canoe that can reach the village lands there")


def test_a_tempo_is_made_only_once_every_trick_is_played():
    """The bonus is for the tricks won equalling the tempo when all cards are played
    (canyon.move.bonus): 'made' and the bonus read true the moment a tempo 0 was laid, and
    of a player who had won as many tricks as announced with tricks still to play (the
    free-play coach's hint and the author page listed 'Marc made the tempo exactly: yes')."""
    from tutor.core.walkthrough import by_id, replay

    states = [f.state for wid in ("canyon/tempo", "canyon/trick", "canyon/movement-points")
              for f in replay(by_id(wid), GAME).frames]
    early = [(s, p) for s in states if s.phase in ("tempo", "tricks")
             for p in range(s.seats) if s.tempo_of(p) == s.tricks[p]]
    assert any(s.tempo_of(p) == 0 for s, p in early)
    for s, p in early:
        facts = GAME.facts(s)
        assert facts[f"made.{s.players[p]}"] is False and facts[f"bonus.{s.players[p]}"] == 0
    settled = [(s, p) for s in states if s.phase == "move"
               for p in range(s.seats) if s.tempo_of(p) == s.tricks[p]]
    assert settled
    for s, p in settled:
        facts = GAME.facts(s)
        assert facts[f"made.{s.players[p]}"] is True and facts[f"bonus.{s.players[p]}"] >= 1


def test_a_lead_does_not_use_the_follow_rule():
    """The rules a played card uses: the first card of a trick follows no colour, so it does
    not use canyon.trick.follow (the free-play hint said of a lead 'Rules it uses: Follow the
    led colour', and a lead counted as the learner knowing that rule); a later card does."""
    from tutor.canyon.moves import Play as PlayCard
    from tutor.core.walkthrough import by_id, replay

    states = [f.state for wid in ("canyon/tempo", "canyon/trick")
              for f in replay(by_id(wid), GAME).frames if f.state.phase == "tricks"]
    leads = [s for s in states if not s.table]
    later = [s for s in states if s.table]
    assert leads and later
    for s in states:
        for move in GAME.legal_moves(s):
            assert isinstance(move, PlayCard)
            used = GAME.move_rules(s, move)
            assert "canyon.round.tricks" in used
            assert ("canyon.trick.follow" in used) == bool(s.table)
