"""The tactical variant: raising, passing, paying, and every refusal of the auction."""
from __future__ import annotations

import pytest

from tutor.core import BadMove, IllegalMove
from tutor.core.i18n import using
from tutor.trapper import GAME
from tutor.trapper.moves import Bid
from tutor.trapper.auction import BIDDING, OPEN, PAYING, most_payable, payments, phase

from .helpers import play

HEAD = """players: A, B, C
turn: A
hand A: beige 4, green 2, blue 1, purple 1
hand B: beige 3, green 3, blue 1, purple 1
hand C: beige 3, green 2, blue 2, purple 1
draw: green, purple, blue, green
"""
BOARD = """
board:
  5  *  *  *  green   blue          *  *  *
  4  *  *  *  purple  beige         *  *  *
  3  *  *  *  *       wolf2/W       *  *  *
  2  *  *  *  *       (herb3/W)     *  *  *
"""
# no face-up tile anywhere: no trapper can take anything
BARE = """
board:
  6  .  .  .  .       .      .  .  .
  5  .  .  .  green   blue   .  .  .
  4  .  .  .  purple  beige  .  .  .
  3  .  .  .  .       .      .  .  .
  1  .  .  .  .       .      .  .  .
"""
OPENED = ("bid beige 2",)
WON_BY_C = ("bid beige 2", "pass", "bid 5", "pass")
AFTER_ONE = WON_BY_C + ("beige: take e3 paying beige beige beige green green blue blue",)


def position(board: str = BOARD, head: str = HEAD):
    return GAME.parse_position(head + board, {"variant": "tactical"}, 0)


def test_the_deal_gives_eight_cards_and_the_stone_holder_opens():
    s = GAME.initial_state({"players": 4, "variant": "tactical"}, 3)
    assert all(sum(h) == 8 for h in s.hands) and len(s.draw) == 64 - 32
    assert phase(s) == OPEN and GAME.to_move(s) == 0


def test_bidding_goes_left_skipping_players_who_passed():
    s = play(position(), "bid beige 2", "pass", "bid 3")
    assert phase(s) == BIDDING and s.players[s.actor] == "A"
    s = play(s, "bid 4")
    assert s.players[s.actor] == "C"  # B passed: skipped
    s = play(s, "bid 5", "pass")
    assert phase(s) == PAYING and s.players[s.actor] == "C" and s.bid == 5


def test_the_winner_pays_takes_and_the_stone_holder_decides_again():
    s = play(position(), *AFTER_ONE)
    assert phase(s) == OPEN and GAME.to_move(s) == 0 and s.moved == 2
    assert s.hands[2] == (0, 0, 0, 1) and sum(s.discard) == 7
    assert GAME.facts(s)["display.C"] == "wolf 2" and GAME.facts(s)["trapper.beige"] == "e3"
    assert s.out == () and s.bidder is None


def test_all_others_pass_and_the_opener_pays_own_bid():
    s = play(position(), "bid beige 1", "pass", "pass")
    assert phase(s) == PAYING and s.actor == 0
    s = play(s, "beige: take e3 paying beige")
    assert s.hands[0] == (2, 1, 3, 1)


def test_only_the_stone_holder_draws_four_when_passing_and_the_stone_goes_left():
    s = play(position(), *AFTER_ONE, "pass")
    assert GAME.facts(s)["turn"] == "B" and s.hands[0] == (4, 2, 4, 2)
    assert s.hands[2] == (0, 0, 0, 1)  # C won an auction but draws nothing
    assert s.moved is None


def test_a_player_who_dropped_out_is_left_out_of_auctions():
    s = play(position(), "pass", "drop out")  # A passes, B drops out, C holds the stone
    s = play(s, "bid green 1")
    assert s.players[s.actor] == "A"
    s = play(s, "pass")
    assert phase(s) == PAYING and s.players[s.actor] == "C"


def test_payment_ways_and_what_a_hand_can_pay():
    assert most_payable((2, 2, 3, 1), 2) == 3 + 1 + 1
    ways = set(payments((2, 2, 3, 1), 2, 5))
    assert ways == {(2, 2, 3, 0)}
    assert set(payments((0, 0, 2, 0), 2, 1)) == {(0, 0, 1, 0)}
    assert (0, 2, 0, 0) in set(payments((0, 2, 1, 0), 2, 1))


REFUSALS = [
    # rule, moves before, allowed, refused, board
    ("trapper.tactical.name", (), "bid beige 2", "bid 2", BOARD),
    ("trapper.tactical.colour", AFTER_ONE, "bid 1", "bid green 1", BOARD),
    ("trapper.tactical.raise", OPENED, "bid 3", "bid 2", BOARD),
    ("trapper.tactical.cannot-pay", OPENED, "bid 4", "bid 7", BOARD),
    ("trapper.tactical.no-tile", (), "pass", "bid beige 1", BARE),
    ("trapper.tactical.auction", OPENED, "pass", "drop out", BOARD),
    ("trapper.tactical.won", WON_BY_C,
     "beige: take e3 paying beige beige beige green green blue blue", "pass", BOARD),
    ("trapper.tactical.pay", WON_BY_C,
     "beige: take e3 paying beige beige beige green green blue blue",
     "beige: take e3 paying beige beige beige", BOARD),
    ("trapper.tactical.hand", ("bid beige 2", "pass", "bid 3", "pass"),
     "beige: take e3 paying beige beige beige",
     "beige: take e3 paying beige purple purple purple purple", BOARD),
    ("trapper.tactical.open", (), "bid beige 1", "beige: take e3 paying beige", BOARD),
    ("trapper.variant.tactical", (), "pass", "end turn", BOARD),
]

# each refusal's parameters, as shown (compared on rule id + params: the words are the catalog's);
# a refusal about a player names the one who decides (A opens, B bids, C won and pays)
PARAMS = {
    'trapper.tactical.name': {'player': 'A'},
    'trapper.tactical.colour': {'colour': 'beige'},
    'trapper.tactical.raise': {'bid': '2', 'player': 'B'},
    'trapper.tactical.cannot-pay': {'amount': '7', 'colour': 'beige', 'most': '4', 'player': 'B'},
    'trapper.tactical.no-tile': {'colour': 'beige'},
    'trapper.tactical.auction': {'player': 'B', 'bid': '2'},
    'trapper.tactical.won': {'bid': '5', 'colour': 'beige', 'player': 'C'},
    'trapper.tactical.pay': {'bid': '5', 'colour': 'beige', 'player': 'C'},
    # beige 1 is in the hand (beige 3): only what lacks is named
    'trapper.tactical.hand': {'cards': 'purple 4', 'hand': 'green 2, blue 2, beige 3, purple 1',
                              'player': 'C'},
    'trapper.tactical.open': {'player': 'A'},
    'trapper.variant.tactical': {},
}


@pytest.mark.parametrize("rule, before, allowed, refused, board", REFUSALS,
                         ids=[r[0] for r in REFUSALS])
def test_auction_rule_allows_and_refuses(rule, before, allowed, refused, board):
    state = play(position(board), *before)
    move = GAME.parse_move(state, allowed)
    assert move in list(GAME.legal_moves(state))
    GAME.apply(state, move)
    bad = GAME.parse_move(state, refused)
    saved = GAME.to_json(state)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, bad)
    found = GAME.violation(state, bad)
    assert (found.rule_id, {k: str(v) for k, v in found.params.items()}) == (rule, PARAMS[rule])
    assert (caught.value.rule_id, caught.value.reason) == (
        rule, GAME.rules.reason(rule, **found.params))
    assert GAME.to_json(state) == saved


def test_naming_the_fixed_colour_again_reads_as_a_plain_bid():
    s = play(position(), *AFTER_ONE)
    assert GAME.parse_move(s, "bid beige 1") == GAME.parse_move(s, "bid 1")


def test_auction_moves_are_refused_in_the_standard_game():
    s = GAME.parse_position(HEAD + BOARD)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(s, GAME.parse_move(s, "bid beige 2"))
    assert caught.value.rule_id == "trapper.turn.bid"


def test_a_bid_in_the_standard_game_is_refused_as_no_auction_runs_in_it():
    """The standard game has no auction (Spelverloop; the auction is the tactical variant's):
    a bid, or a payment of an auction's winner, is refused by that, not by the tactical
    variant's words on ending a turn by passing."""
    s = GAME.parse_position(HEAD + BOARD)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(s, GAME.parse_move(s, "bid beige 2"))
    found = GAME.violation(s, GAME.parse_move(s, "bid beige 2"))
    assert (found.rule_id, found.params) == ("trapper.turn.bid", {"player": "A"})
    assert caught.value.reason == GAME.rules.reason(found.rule_id, **found.params)
    for lang, start in (("nl", "in dit spel is er geen veiling"),
                        ("it", "in questa partita non c'è nessuna asta")):
        with using(lang), pytest.raises(IllegalMove) as caught:
            GAME.apply(s, GAME.parse_move(s, "bid beige 2"))
        assert caught.value.reason.startswith(start)


def test_a_running_auction_round_trips_through_the_position_text():
    s = play(position(), "bid beige 2", "pass", "bid 3")
    text = GAME.position_text(s)
    assert text.splitlines()[:9] == ["players: A, B, C", "variant: tactical", "turn: A",
                                     "moved: beige", "played: 0", "bid: 3", "bidder: C",
                                     "acting: A", "passed: B"]
    again = GAME.parse_position(text, seed=s.seed)
    assert (again.bid, again.bidder, again.acting, again.out, again.moved) == \
        (s.bid, s.bidder, s.acting, s.out, s.moved)
    assert GAME.facts(again) == GAME.facts(s)


@pytest.mark.parametrize("move, amount, text", [
    (Bid(2, -1), "2", "Bid(amount=2, colour=-1)"), (Bid(2, 4), "2", "Bid(amount=2, colour=4)"),
    (Bid(0, 2), "0", "bid beige 0"),
], ids=repr)
def test_bids_out_of_range_are_refused_and_shown_as_built(move, amount, text):
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(position(), move)
    assert (caught.value.rule_id, caught.value.reason, caught.value.move_text) == (
        "trapper.tactical.bid",
        f"a bid is a number of cards, 1 or more, for a trapper colour: not {amount}", text)


def test_a_bid_of_the_wrong_type_is_refused_by_the_guard():
    """A truth value for the amount is no bid the game made (before: refused as a bid of
    'True' cards, read as 1)."""
    with pytest.raises(BadMove, match="Bid: field 'amount' must be a whole number, not bool"):
        GAME.apply(position(), Bid(True, 2))


def test_a_player_who_dropped_out_is_not_said_to_pass_in_an_auction():
    """A player out of the game is out of every auction, but never passed in it: the facts (and
    the board's text alternative and auction line, made from them) said "B passes in this
    auction" when C opened one after B had dropped out."""
    s = GAME.initial_state({"players": ["A", "B", "C"], "variant": "tactical"}, seed=1)
    s = play(s, "pass", "drop out")  # A passes the stone to B, who drops out: C holds it
    opened = play(s, "bid beige 1")
    assert opened.out == (False, True, False)  # out of the auction, so skipped in the bidding
    facts = GAME.facts(opened)
    assert (facts["auction.passed.B"], facts["dropped.B"]) == (False, True)
    assert facts["to move"] == "A"
    assert GAME.facts(play(opened, "pass"))["auction.passed.A"] is True


def test_the_cards_counted_in_an_auction_turn_are_said_to_be_paid_by_whoever_took_the_tiles():
    """In the tactical variant the stone holder's turn holds every auction, and its winners
    pay (Tactische variant: "Deze speler moet nu zoveel kaarten ... afleggen"): the fact
    counting them must not read as cards the stone holder played."""
    s = play(position(), *AFTER_ONE)
    facts = GAME.facts(s)
    assert (facts["turn"], facts["played"], facts["hand.A"]) == \
        ("A", 7, GAME.facts(position())["hand.A"])  # A, on turn, played none of them
    said = {}
    for lang in ("en", "nl", "it"):
        with using(lang):
            said[lang] = GAME.fact_label("played")
    assert said["en"] == "cards paid for tiles this turn (by whoever took them)"
    assert said["nl"] != said["en"] != said["it"] and "betaald" in said["nl"] \
        and "pagate" in said["it"]


def test_an_auction_paid_with_pairs_shows_the_colour_swap():
    """'Ook nu is het mogelijk om met twee kaarten van een andere kleur de oorspronkelijke
    kleur te vervangen' (Tactische variant): C pays 5 with 3 beige and two pairs, and the
    coach's hint named no colour swap among the rules the take uses."""
    s = play(position(), *WON_BY_C)
    pairs = GAME.parse_move(s, "beige: take e3 paying beige beige beige green green blue blue")
    plain = GAME.parse_move(play(position(), "bid beige 1", "pass", "pass"),
                            "beige: take e3 paying beige")
    assert "trapper.cards.swap" in GAME.move_rules(s, pairs)
    assert "trapper.cards.swap" not in GAME.move_rules(
        play(position(), "bid beige 1", "pass", "pass"), plain)
