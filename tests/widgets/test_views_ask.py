"""Views that only ask: every place where a view once worked a rule out for itself now asks
the engine (a fact, the variant's rule object, ``observation``, ``legal_moves``, a record).
Each test changes the engine's answer and checks that the view follows it: a view deciding
again for itself would not."""
from __future__ import annotations

import dataclasses
import re
from functools import cache

from tutor.core.walkthrough import by_id, replay

from .test_boards import _attrs


@cache
def walk(wid):
    return replay(by_id(wid))


def frame_of(wid, move_text):
    return next(f for f in walk(wid).frames if f.move_text == move_text and f.refusal is None)


# ---- Trigger's boards: the colour of a board, whose board a malus lands on, who lost --------
def test_trigger_a_board_is_drawn_in_the_colour_the_engine_gives_it(monkeypatch):
    from tutor.trigger import GAME
    from widgets.games.trigger import UP, TriggerDrawer

    frame = walk("trigger/malus").frames[2]
    drawn = {a["data-side"]: a["data-colour"]
             for a in _attrs(TriggerDrawer(GAME).board(frame), "tg-tiles")}
    facts = GAME.facts(frame.state)
    assert drawn == {side: facts[f"board.{side}"] for side in drawn}
    real = type(GAME).facts

    def swapped(state):  # the engine's answer, the other way round
        found = dict(real(state))
        found["board.Anna"], found["board.Ben"] = found["board.Ben"], found["board.Anna"]
        return found

    monkeypatch.setattr(type(GAME), "facts", staticmethod(swapped))
    board = TriggerDrawer(GAME).board(frame)
    drawn_now = {a["data-side"]: a["data-colour"] for a in _attrs(board, "tg-tiles")}
    assert drawn_now == {"Anna": drawn["Ben"], "Ben": drawn["Anna"]}
    tiles = re.search(r'data-side="Anna"[^>]*>(.*?)</g>', board).group(1)
    assert UP[drawn["Ben"]] in tiles  # the face-up tiles in the colour the engine said


def test_trigger_a_malus_is_ringed_on_the_board_the_engine_names(monkeypatch):
    import widgets.games.trigger as view
    from tutor.trigger import GAME, board_of

    frame = frame_of("trigger/malus", "malus row 1 c1")
    rings = _attrs(view.TriggerDrawer(GAME).board(frame), "tg-malus")
    target = frame.before.label(board_of(frame.before, frame.move))
    assert [r["data-side"] for r in rings] == [target] and target != frame.before.label(frame.before.side)
    monkeypatch.setattr(view, "board_of", lambda state, move: state.side)
    rings = _attrs(view.TriggerDrawer(GAME).board(frame), "tg-malus")
    assert [r["data-side"] for r in rings] == [frame.before.label(frame.before.side)]


def test_trigger_who_lost_the_round_is_the_engines_answer(monkeypatch):
    import widgets.games.trigger as view
    from tutor.trigger import GAME, losers

    frame = frame_of("trigger/round-end", "star c3")
    state = frame.state
    winner = state.results[-1][0]
    banner = _attrs(view.TriggerDrawer(GAME).board(frame), "tg-banner")
    assert banner[0]["data-losers"] == ", ".join(state.label(s) for s in losers(state, winner))
    monkeypatch.setattr(view, "losers", lambda state, winner: (winner,))
    banner = _attrs(view.TriggerDrawer(GAME).board(frame), "tg-banner")
    assert banner[0]["data-losers"] == state.label(winner)


# ---- Trigger's free play: whether a malus is open ----------------------------------------------
def test_trigger_free_play_offers_the_maluses_the_engine_lists(monkeypatch):
    from tutor.trigger import GAME, Malus
    from widgets.games.trigger import TriggerPlay, TriggerExtras

    start = frame_of("trigger/malus", "roll 1 2").state  # Anna missed row 1: Ben may claim it
    play = TriggerPlay(seed=1)
    play.start_at(start, ("person", "person"))
    listed = [m for m in GAME.legal_moves(start) if isinstance(m, Malus)]
    assert listed and play.open_maluses(start) == listed
    cell = listed[0].cell
    target = f"{start.label(start.opponent(start.side))}:{'abcdef'[cell % 6]}{cell // 6 + 1}"
    assert play.moves_for_click(start, target) == [m for m in listed if m.cell == cell]
    assert listed[0].line in TriggerExtras().turn_text(play)
    real = type(GAME).legal_moves
    monkeypatch.setattr(type(GAME), "legal_moves",
                        lambda self, state: (m for m in real(self, state) if not isinstance(m, Malus)))
    assert play.open_maluses(start) == []  # the engine lists none: the view offers none
    tried = play.moves_for_click(start, target)  # a malus the click means, refused by the engine
    assert len(tried) == 1 and isinstance(tried[0], Malus) and tried[0].cell == cell
    assert listed[0].line not in TriggerExtras().turn_text(play)


# ---- Trapper: the variant's rule object, the ledger's reasons -----------------------------------
def test_trapper_the_board_draws_water_and_the_auction_line_as_the_rule_object_says(monkeypatch):
    import widgets.games.trapper as view
    from tutor.trapper import GAME, rules_of

    standard = walk("trapper/green-turn").frames[0]
    young = walk("trapper/young-players").frames[0]
    assert _attrs(view.TrapperDrawer(GAME).board(standard), "tt-water")
    assert not _attrs(view.TrapperDrawer(GAME).board(young), "tt-water")
    real = rules_of

    class Wet:  # the young players' rule object, but with water
        water, auctioned, bonus_tiles = True, True, True

    monkeypatch.setattr(view, "rules_of", lambda state: Wet() if state.variant == "young" else real(state))
    board = view.TrapperDrawer(GAME).board(young)
    assert _attrs(board, "tt-water") and 'class="tt-status"' in board


def test_trapper_a_refused_click_is_paid_the_way_the_engine_says_the_hand_can_pay(monkeypatch):
    import widgets.games.trapper as view
    from tutor.trapper import Take

    play = view.TrapperPlay(2, seats=("person", "computer"), seed=3)
    real = view.rules_of(play.state)
    expected = real.payments(play.state, 0)
    assert play._tried(0) == Take(0, 0, expected[0] if expected else None)

    class Pairs:  # the engine's answer: only a pair of colour 2 pays for green
        auctioned = False

        def payments(self, state, colour):
            return (2,)

    monkeypatch.setattr(view, "rules_of", lambda state: Pairs())
    assert play._tried(0) == Take(0, 0, 2)


def test_trapper_a_ledger_line_is_explained_by_the_engines_reason_not_its_text():
    from tutor.trapper.state import Payment
    from widgets.games.trapper import REASONS, why
    from widgets.parts.texts import T

    # the amount and the words point elsewhere; the record's reason decides
    assert why(Payment(0, -5, "trapper.end.scoring", "canoe of 3 elk", "row")) == T._(REASONS["row"])
    assert why(Payment(0, 12, "trapper.end.bonus", "canoe bonus 30", "rank", 3)) == \
        T._(REASONS["rank"], rank=3)
    assert why(Payment(0, 7, "trapper.end.scoring", "bear 3 + mink 2", "single")) == \
        T._(REASONS["single"])


def test_trapper_every_payment_of_a_finished_game_carries_a_reason_the_view_knows():
    from tutor.trapper import GAME
    from widgets.games.trapper import REASONS, TrapperPlay

    play = TrapperPlay(3, seats=("computer",) * 3, seed=2)
    play.advance()
    assert play.over
    reasons = {line.reason for line in play.state.ledger}
    assert reasons <= set(REASONS) and "rank" in reasons
    ranks = [line.rank for line in play.state.ledger if line.reason == "rank"]
    assert ranks and all(1 <= r <= 5 for r in ranks)
    assert GAME.outcome(play.state) is not None


# ---- InTrappola: the person's view is the engine's observation -------------------------------
def test_intrappola_free_play_shows_the_hands_as_the_observation_holds_them(monkeypatch):
    from tutor.intrappola import GAME, HIDDEN
    from widgets.games.intrappola import InTrappolaDrawer
    from widgets.games.intrappola import InTrappolaPlay
    from widgets.pages.play import PlayPage

    def hidden_counts(page):
        return {a["data-player"]: int(a["data-hidden"])
                for a in _attrs(page.scene["panel"], "it-player")}

    play = InTrappolaPlay(seed=4)
    seen = GAME.observation(play.state, 0)
    page = PlayPage(play, InTrappolaDrawer(play.game), pace=0)
    assert hidden_counts(page) == {name: hand.count(HIDDEN)
                                   for name, hand in zip(seen.players, seen.hands)}
    assert hidden_counts(page)["Ben"] == len(play.state.hands[1]) > 0
    monkeypatch.setattr(type(GAME), "observation", staticmethod(lambda state, player: state))
    page = PlayPage(InTrappolaPlay(seed=4), InTrappolaDrawer(play.game), pace=0)
    assert hidden_counts(page) == {"Anna": 0, "Ben": 0}  # the engine hides nothing: nor does the view


# ---- Canyon: where the current runs is the map's answer -----------------------------------------
def test_canyon_the_current_and_the_fall_are_drawn_where_the_map_says(monkeypatch):
    from tutor.canyon import GAME, drift_chain
    from widgets.games.canyon import CanyonDrawer

    frame = frame_of("canyon/current-push", "Anne: drift")
    drawer = CanyonDrawer(GAME)
    board = frame.before.board
    start = next(start for _, start, to in drift_chain(frame.before, frame.move.player) if to < 0)
    fall = board.downstream[start]
    assert board.kinds[fall] == "W"
    elsewhere = next(f for f in range(len(board.kinds)) if board.kinds[f] == "." and f != fall)
    moved = dataclasses.replace(board, downstream={**board.downstream, start: elsewhere})
    assert moved == board  # (derived tables are not compared)

    def pushed(board_now):
        state = frame.before.but(board=board_now)
        return drawer.board(dataclasses.replace(frame, before=state, state=frame.state.but(board=board_now)))

    def lines(svg):
        return re.findall(r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"', svg)

    assert lines(pushed(board)) != lines(pushed(moved))  # the fall line follows the map's answer


def test_canyon_the_view_does_not_read_the_arrows_itself():
    from pathlib import Path

    import widgets.games.canyon as view

    source = Path(view.__file__).read_text()
    assert "ARROWS" not in source and "drift_chain" in source


# ---- the lesson's look ahead: the engine's random move ------------------------------------------
def test_learner_at_draws_chance_through_the_engines_random_move(monkeypatch):
    import widgets.pages.lesson.model as learn
    from tutor.trigger import GAME

    state = walk("trigger/malus").frames[0].state  # the dice are to be rolled
    assert GAME.to_move(state) == -1
    assert learn.learner_at(GAME, state, seed=3) == state.member(state.side)
    calls = []
    monkeypatch.setattr(learn, "random_move", lambda game, state, rnd: calls.append(state))
    assert learn.learner_at(GAME, state, seed=3) is None and calls == [state]


def test_trapper_the_ledger_says_what_was_paid_for_in_the_page_s_language():
    """The ledger's "What" column showed the engine's English words on a Dutch or Italian page
    ("canoe of 3 elk", "canoe bonus 30", "money at the start")."""
    import re

    from tutor.core.i18n import using
    from tutor.trapper import GAME
    from tutor.trapper.notation import tile_name
    from tutor.trapper.tiles import TILES
    from widgets.games.trapper import TrapperPlay, ledger_html

    start = GAME.parse_position("""players: Anna, Ben
money Anna: 40
board:
  6  .  .  .  .       wolf4/W  .  .  .
  5  .  .  .  green   blue     .  .  .
  4  .  .  .  purple  beige    .  .  .
display Anna: canoe-bear2 + mushroom2 + bear1
bonus Anna: canoe 26, species 4
display Ben: canoe-elk3 | bear3
bonus Ben: canoe 30""", seed=1)
    play = TrapperPlay(2, seats=("person", "person"), seed=1)
    play.start_at(start, ("computer", "computer"), seed=1)
    play.advance()  # the computers play the position to its end: the ledger is full
    state = play.state
    assert state.over and any(line.rule == "trapper.money" for line in state.ledger)
    for lang in ("nl", "it"):
        with using(lang):
            page = ledger_html(play)
            # the English words that differ in this language ("wolf" is Dutch too)
            english = {TILES[t].name for t in range(64) if tile_name(t) != TILES[t].name}
        english |= {"canoe bonus", "species bonus", "money at the start"}
        cells = re.findall(r'data-rule="[\w.-]+"><td>[^<]*</td><td>([^<]*)</td>', page)
        assert len(cells) == len(state.ledger) and all(cells)
        assert not [c for c in cells if any(re.search(rf"\b{w}\b", c) for w in english)]
