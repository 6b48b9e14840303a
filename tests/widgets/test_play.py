"""Free play without a browser: the widget-free model (seats, undo, save, load, computer turns)
and each game on the shared page, as a learner would use them."""
from __future__ import annotations

import html
import json
import re

import pytest

from examples.nim import NimGame as Nim
from tutor.core.errors import BadOption
from widgets.app import play_app as app_for
from widgets.parts.drawing import FactsDrawer
from widgets.games.freeplay import NAMES, FreePlay
from widgets.pages.play import PlayPage

NIM = Nim()


def nim(seats=("person", "computer"), heap=7, seed=1) -> FreePlay:
    return FreePlay(NIM, {"heap": heap}, seats=seats, seed=seed)


# ---- the model ------------------------------------------------------------------------------------
def test_a_refused_move_changes_nothing_and_says_its_rule():
    play = nim()
    before = play.state
    assert play.play_text("take 4") is False
    assert play.state is before and play.refusal.rule_id == "nim.take" and not play.log


def test_text_that_cannot_be_read_is_a_sentence():
    play = nim()
    assert play.play_text("grab two") is False
    assert "'grab two'" in play.problem and play.refusal is None and play.match.moves == []


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_move_that_cannot_be_read_is_said_once(lang):
    """The page's words around the reader's sentence said it again: "That move cannot be read:
    cannot read 'x'; ..." ("Die zet is niet te lezen: 'x' is niet te lezen; ..."). What the page
    adds shares no word with what the game's reader says."""
    from tutor.core.i18n import using
    from widgets.games.trapper import TrapperPlay

    with using(lang):
        play = TrapperPlay(2, seats=("person", "computer"), seed=3)
        try:
            play.game.parse_move(play.state, "zzz qqq")
        except Exception as exc:
            reader = exc.problem
        assert play.play_text("zzz qqq") is False and reader in play.problem
        added = play.problem.replace(reader, " ")
        words = lambda text: {w.lower() for w in re.findall(r"\w{5,}", text)}
        assert added.strip(" :") and not words(added) & words(reader), play.problem


def test_the_computer_answers_and_undo_takes_both_back():
    play = nim()
    play.play_text("take 2")
    assert play.advance() == 1 and len(play.match.moves) == 2
    taken = play.match.moves_text()
    play.undo()
    assert play.match.moves == [] and all(text in play.message for text in taken)
    said = play.message
    play.undo()
    assert play.match.moves == [] and play.message and play.message != said


def test_save_and_load_round_trip_keep_seats():
    play = nim()
    play.play_text("take 1")
    play.advance()
    saved = play.save()
    other = nim(seats=("person", "person"))
    assert other.load(saved) and other.seats == ("person", "computer")
    assert other.state == play.state and other.log == play.log


@pytest.mark.parametrize("bad", ["{not json", "[]", '{"game": "chess", "options": {}, "seed": 0, "moves": []}',
                                 '{"game": "nim", "options": {"heap": 7}, "seed": 0, "moves": ["take 9"]}'])
def test_a_bad_saved_game_is_a_sentence_and_the_game_is_kept(bad):
    play = nim()
    play.play_text("take 1")
    state = play.state
    assert play.load(bad) is False and play.state is state and play.problem
    for raw in ("JSON", "Expecting", "char ", "line 1 column"):
        assert raw not in play.problem, play.problem


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_bad_saved_game_says_its_move_and_rule_in_every_language(lang):
    """Issue 20's bug: the page recognised a load error by English words in a message already
    translated, so in Dutch and Italian every bad save got the generic sentence and lost the
    move number and the reason. The error's fields say them in any language."""
    from tutor.core.errors import BadState
    from tutor.core.i18n import using
    from widgets.games.freeplay import load_problem

    bad = json.dumps({"game": "nim", "options": {"heap": 7}, "seed": 0,
                      "moves": ["take 2", "take 9"]})
    with using(lang):
        play = nim()
        assert play.load(bad) is False
        generic = load_problem(BadState("?"), NIM)
        problem = play.problem
    assert problem != generic
    assert "2" in problem and "'take 9'" in problem and "[nim.take]" in problem
    with using(lang):
        setup = nim()
        setup.load(json.dumps({"game": "nim", "options": {"heap": 0}, "seed": 0, "moves": []}))
        assert setup.problem not in (generic, problem) and "heap" in setup.problem


def test_seats_are_checked():
    with pytest.raises(BadOption):
        nim(seats=("person",))


def test_two_computers_play_to_the_end_and_the_outcome_is_the_engines():
    play = nim(seats=("computer", "computer"))
    play.advance()
    assert play.over
    outcome = NIM.outcome(play.state)
    page = PlayPage(play, FactsDrawer(NIM), pace=0)
    rows = {name: (score, winner) for name, score, winner in re.findall(
        r'data-player="(\w+)" data-score="([\d.]+)"( data-winner="true")?', page.scene["over"])}
    assert rows == {name: (str(score), ' data-winner="true"' if p in outcome.winners else "")
                    for p, (name, score) in enumerate(zip(play.players(), outcome.scores))}


# ---- the page -----------------------------------------------------------------------------------------
def test_the_page_shows_a_refusal_in_the_status_and_plays_listed_moves():
    page = PlayPage(nim(), FactsDrawer(NIM), pace=0)
    page.handle({"type": "typed", "text": "take 9"})
    assert "tp-refusal" in page.scene["status"] and "[nim.take]" in page.scene["status"]
    assert page.scene["board"].startswith("<svg")  # the board is drawn in its own place
    page.handle({"type": "move", "index": 0})
    assert page.play.log[0] == "P1: take 1" and page.play.log[1].startswith("P2: take")
    page.handle({"type": "undo"})
    assert page.play.match.moves == []


def test_the_page_saves_loads_and_starts_new_games():
    page = PlayPage(nim(), FactsDrawer(NIM), pace=0)
    page.handle({"type": "move", "index": 1})
    page.handle({"type": "save"})
    saved = page.scene["saved"]
    assert json.loads(saved)["moves"] and page.scene["download"].startswith("data:application/json")
    page.handle({"type": "load", "text": "{oops"})
    problem = page.play.problem
    assert problem and html.escape(problem) in page.scene["status"] and "Expecting" not in problem
    page.handle({"type": "new", "values": {"seed": 5, "seats": ["person", "person"]}})
    assert page.play.match.seed == 5 and page.play.seats == ("person", "person")
    page.handle({"type": "new", "values": {"seed": -1}})
    assert page.play.match.seed == 5 and page.play.problem
    assert html.escape(page.play.problem) in page.scene["status"]


def test_the_keepalive_holds_the_last_save_and_a_reload_restores_it():
    app = app_for("trigger", seats=["person", "person"])
    page, alive = app.view, app.alive
    assert alive.saved == ""  # nothing saved: a reload offers only a new game
    page.handle({"type": "move", "index": 0})
    page.handle({"type": "save"})
    saved = page.saved
    assert json.loads(saved)["moves"] and alive.saved == saved
    moves = json.loads(saved)["moves"]
    page.handle({"type": "new", "values": {"seed": 7}})  # the kernel's game moves on ...
    assert page.play.match.moves_text() != moves
    page.restore(saved)  # ... and a new kernel is given the save the page kept
    assert page.play.match.moves_text() == moves


def test_every_game_names_its_players_alike():
    from widgets.games.canyon import CanyonPlay
    from widgets.games.intrappola import InTrappolaPlay
    from widgets.games.trapper import TrapperPlay
    from widgets.games.trigger import TriggerPlay
    for play in (TrapperPlay(2), CanyonPlay(3), InTrappolaPlay(), TriggerPlay()):
        assert play.players() == tuple(NAMES[:len(play.players())]), type(play).__name__


@pytest.mark.parametrize("game", ["trapper", "canyon", "intrappola", "trigger"])
def test_every_game_opens_on_the_shared_page(game):
    app = app_for(game)
    page = app.view
    assert isinstance(page, PlayPage) and page.scene["board"].startswith("<svg")
    assert "data-target" in page.scene["board"] and page.scene["setup"]["seats"]


# ---- the games ---------------------------------------------------------------------------------------
def test_trapper_a_click_on_a_trapper_chooses_it_and_a_tile_takes():
    from widgets.games.trapper import TrapperPlay
    play = TrapperPlay(2, seats=("person", "computer"), seed=3)
    play.click("d5")  # the green trapper's square
    assert play.selected == 0
    play.click("a1")  # far away, face down: refused, nothing changes
    assert play.refusal is not None and play.match.moves == []
    play.click("d6")
    assert play.log and play.log[-1].startswith("Anna: green: take d6")


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_refused_move_is_said_in_the_page_s_words(lang):
    """Free play's refusal showed the move refused in English on a Dutch or Italian page
    ("Geweigerd: green: take a1"), while its reason and rule were translated."""
    from tutor.core.i18n import using
    from widgets.games.trapper import TrapperDrawer, TrapperPlay

    with using(lang):
        play = TrapperPlay(2, seats=("person", "computer"), seed=3)
        page = PlayPage(play, TrapperDrawer(play.game), pace=0)
        play.click("d5")
        page.handle({"type": "click", "target": "a1"})
        said = html.unescape(page.scene["status"])
        english = play.game.move_text(play.state, play.refused)
        assert play.refusal is not None and english.startswith("green: take a1")
        shown = play.game.move_display(play.state, play.refused)
        assert shown != english and f"<code>{shown}</code>" in said and english not in said


def test_trapper_computers_play_to_the_end_and_the_ledger_explains():
    from widgets.games.trapper import TrapperExtras, TrapperPlay
    play = TrapperPlay(2, seats=("computer", "computer"), seed=5)
    from widgets.games.trapper import TrapperDrawer
    play.advance()
    assert play.over
    page = PlayPage(play, TrapperDrawer(play.game), TrapperExtras(), pace=0)
    lines = re.findall(r'data-player="(\w+)" data-coins="(-?\d+)" data-rule="([\w.-]+)"',
                       page.scene["over"])
    assert lines == [(play.players()[line.player], str(line.amount), line.rule)
                     for p in range(2) for line in play.state.ledger if line.player == p]
    winners = re.findall(r'data-player="(\w+)" data-score="[\d.]+" data-winner="true"',
                         page.scene["over"])
    assert winners == [play.players()[w] for w in play.game.outcome(play.state).winners]



def test_a_solo_game_ends_with_its_score_and_no_winner_marked():
    """Alone there is no rival (Trigger, SPEL VOOR 1 SPELER: the rolls added up): the game-over
    table marked the solo player "winner" beside the summary's "your best score"."""
    from widgets.games.trigger import TriggerDrawer, TriggerPlay
    play = TriggerPlay({"mode": "solo"}, seats=("greedy",), seed=3)
    play.advance()
    assert play.over
    page = PlayPage(play, TriggerDrawer(play.game), pace=0)
    over = page.scene["over"]
    score = play.game.outcome(play.state).scores[0]
    assert re.findall(r'data-player="(\w+)" data-score="([\d.]+)"', over) == [
        (play.players()[0], str(score))]
    assert "data-winner" not in over and "tp-won" not in over

def test_intrappola_game_over_never_speaks_of_a_walkthrough():
    from widgets.games.intrappola import InTrappolaDrawer
    from widgets.games.intrappola import InTrappolaPlay
    play = InTrappolaPlay(seats=("computer", "computer"), seed=4)
    page = PlayPage(play, InTrappolaDrawer(play.game), pace=0)
    assert play.over
    assert "Walkthrough" not in page.scene["panel"] and "game is over" in page.scene["panel"]
    assert re.findall(r'data-hidden="(\d+)"', page.scene["panel"]) == ["0", "0"]  # all shown
    person = InTrappolaPlay(seed=4)
    page = PlayPage(person, InTrappolaDrawer(person.game), pace=0)
    hidden = dict(re.findall(r'data-player="(\w+)" data-hidden="(\d+)"', page.scene["panel"]))
    assert hidden == {"Anna": "0", "Ben": str(len(person.state.hands[1]))}


def test_canyon_a_click_on_a_field_that_is_no_start_dock_is_refused():
    from widgets.games.canyon import CanyonPlay
    play = CanyonPlay(3, seed=4)
    play.click("f2")
    assert play.refusal.rule_id.startswith("canyon.setup") and play.match.moves == []


def test_trigger_a_flip_is_chosen_only_while_the_engine_accepts_it():
    from widgets.games.trigger import TriggerPlay
    play = TriggerPlay({"mode": "solo"}, seed=2)
    play.advance()  # the dice
    state = play.state
    board = state.boards[0]
    left = play.game.facts(state)["left"]
    label = state.label(0)
    cells = sorted((c for c in range(36) if board.is_up(c) and not board.is_star(c)
                    and c not in board.bonus_cells()), key=lambda c: -board.values[c])
    chosen = 0
    for cell in cells:
        before = list(play.selected)
        play.click(f"{label}:{'abcdef'[cell % 6]}{cell // 6 + 1}")
        if play.refusal is not None:  # too much: refused by the engine's check, nothing chosen
            assert play.selected == before and play.refusal.rule_id == "trigger.turn.flip"
            break
        chosen += board.values[cell]
        assert chosen <= left
    else:
        pytest.fail("no flip was too dear: the test needs a bigger board")


def test_trapper_setup_offers_each_simplification_for_young_players_and_both():
    """Issue 23.3: free play's rules field offers no bonus tiles, no water rule, and both
    (young), besides standard and tactical; a game set up so plays by them."""
    from tutor.trapper import rules_of
    from widgets.games.trapper import TrapperExtras, TrapperPlay
    play = TrapperPlay(2, seed=3)
    field = TrapperExtras().fields(play)[0]
    assert [v for v, _ in field["options"]] == ["standard", "no-bonus", "no-water", "young",
                                                "tactical"]
    for variant, water, bonus in [("no-bonus", True, False), ("no-water", False, True),
                                  ("young", False, False)]:
        options = TrapperExtras().options(play, {"variant": variant})
        state = play.game.initial_state(options, 3)
        assert (rules_of(state).water, rules_of(state).bonus_tiles) == (water, bonus), variant
        assert play.game.facts(state)["water rule"] is water


@pytest.mark.parametrize("variant, bars", [("standard", True), ("no-bonus", True),
                                           ("no-water", False), ("young", False)])
def test_trapper_board_shows_water_sides_only_where_water_blocks(variant, bars):
    """The board asks the engine (the variant's rule object), not the variant's name: without the water rule
    alone the water sides are not drawn either (before: only 'young' hid them)."""
    from tutor.core.walkthrough import Frame
    from widgets.games.trapper import TrapperDrawer
    from widgets.games.trapper import TrapperPlay
    play = TrapperPlay(2, variant=variant, seed=3)
    board = TrapperDrawer(play.game).board(Frame(0, play.state, "", ()))
    assert ('class="tt-water"' in board) is bars


def test_trigger_solo_says_the_self_malus_comes_first_and_a_click_gives_it():
    """The solo-malus lesson's try-it: the turn text named only flips and bonuses while the
    engine refused everything but the self-malus; now it says so, and a click on a face-down
    tile of the line claims it."""
    from tutor.trigger import GAME
    from widgets.games.trigger import TriggerExtras, TriggerPlay
    play = TriggerPlay({"mode": "solo"}, seed=2)
    text = ("players: Solo\nturn: Solo\nroll: 2 4\nmissed Solo: col c\nboard Solo:\n"
            "  5 9 (3) 8 12 2\n  7 4 11 6 10 1\n" + "  (1) (1) (1) (1) (1) (1)\n" * 4)
    play.match.states[-1] = GAME.parse_position(text, {"mode": "solo"})
    words = TriggerExtras().turn_text(play)
    assert "col c" in words and "malus" in words
    play.click("Solo:c1")
    assert play.match.moves and type(play.match.moves[-1]).__name__ == "Malus"


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_canyon_s_card_letters_are_the_page_s_and_unlike_each_other(lang):
    """Canyon's cards showed their suit's English letter on every page: on an Italian page a
    green card's "G" read as giallo (yellow) and yellow's "Y" as nothing."""
    from tutor.canyon.cards import SUITS, Card
    from tutor.canyon.notation import colours
    from tutor.core.i18n import using
    from widgets.games.canyon import card_html, suit_letter

    with using(lang):
        letters = {suit: suit_letter(suit) for suit in SUITS}
        assert len(set(letters.values())) == len(SUITS), letters
        for suit, letter in letters.items():  # each its colour's word's beginning there
            assert colours()[suit].lower().startswith(letter.lower()), (suit, letter, colours()[suit])
        assert f"<small>{letters['green']}</small>" in card_html(Card("green", 5))


@pytest.mark.parametrize("wid,index,where", [("canyon/trick", 4, "panel"),
                                             ("intrappola/turn-c-discard", 3, "panel"),
                                             ("intrappola/es1-corner", 3, "board"),
                                             ("intrappola/pass-stuck", 2, ""),
                                             ("canyon/setup", 3, "board")])
def test_a_click_is_offered_only_where_one_makes_a_move(wid, index, where):
    """Canyon's try-it of a card played said "Click the board, pick the move from the list, or
    type it", and its status "click the board", where no click on the board plays a card: a
    card is played by a click on it in the hand (the players' panel), as InTrappola's discard
    is; a canoe launched, a trap laid by a click on the board."""
    from tutor.core.i18n import using
    from tutor.core.walkthrough import by_id, replay
    from widgets.games import kit_for
    from widgets.pages.lesson.model import asking_session
    from widgets.pages.lesson.steps import task_data, try_prompt

    with using("nl"):
        frame = replay(by_id(wid)).frames[index]
        game = frame.before and replay(by_id(wid)).game
        session = asking_session(game, kit_for(game), frame)
        assert session.places and session.clicks_move() == where
        prompt = task_data(game, kit_for(game), frame)["prompt"]
        prompts = {kind: try_prompt(game, frame, kind) for kind in ("board", "panel", "")}
        assert len(set(prompts.values())) == 3 and prompt == prompts[where]
        for places, kind in ((session.places, "board"), (session.panel_places, "panel")):
            judged = []  # what a click on each place hands the lesson's judge
            session.play.judge = judged.append
            for place in places:
                session.play.click(place)
                session.play.forget()
            assert bool(judged) is (kind == where), (kind, places)
        session.close()


def test_a_card_of_canyon_s_hand_is_played_by_a_click_on_it_and_one_that_does_not_follow_refused():
    """The cards of the hand of the player to play to the trick are click targets of the
    players' panel (no one else's, and none outside the tricks): a click plays the card, a card
    that does not follow the suit led is refused by the rule that says so."""
    from tutor.canyon import GAME
    from tutor.canyon.moves import Play
    from tutor.core.walkthrough import by_id, replay
    from widgets.games.canyon import CanyonDrawer, CanyonExtras, CanyonPlay, card_target
    from widgets.games.session import TARGET, PlaySession

    frame = replay(by_id("canyon/trick")).frames[4]
    state = frame.before
    mover = GAME.to_move(state)
    play = CanyonPlay(list(state.players))
    play.start_at(state, ["person"] * len(state.players))
    session = PlaySession(play, CanyonDrawer(GAME), CanyonExtras(), pace=0)
    try:
        assert session.panel_places == [card_target(c) for c in state.hands[mover]]
        assert session.clicks_move() == "panel"
        follows = [c for c in state.hands[mover] if GAME.is_legal(state, Play(mover, c))]
        refused = [c for c in state.hands[mover] if c not in follows]
        assert follows and refused, state.hands[mover]
        for made_up in ("card:green:99999999999999999999", "card:pink:5", "card:"):  # no card
            play.click(made_up)  # of the game, or none: no move, no error
        assert play.state is state and not play.match.moves
        play.click(card_target(refused[0]))
        assert play.state is state and not play.match.moves
        assert play.refusal is not None and play.refusal.rule_id == "canyon.trick.follow"
        play.click(card_target(follows[0]))
        assert play.match.moves[-1] == Play(mover, follows[0])
        # after the trick's last card the next player's hand is the one to click, or none
        drawn = TARGET.findall(session.scene["panel"])
        now = play.state
        assert drawn == ([card_target(c) for c in now.hands[GAME.to_move(now)]]
                         if now.phase == "tricks" else [])
    finally:
        session.close()


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_malus_the_computer_claims_is_said_when_the_person_is_on_turn_again(lang):
    """A learner who ended the turn with a bonus open saw b1 come face up again between two
    of their turns, with no word on the page but a line in the closed move list. The turn
    text now says what happened since the person's last move (Canyon's and Trigger's said
    nothing of the computers' moves), and a malus says whose bonus it punished."""
    from tutor.core.i18n import using
    from tutor.trigger import GAME
    from widgets.games.session import PlaySession
    from widgets.games.trigger import TriggerDrawer, TriggerExtras, TriggerPlay

    with using(lang):
        play = TriggerPlay({"mode": "two"}, seed=2)
        text = ("players: Anna Ben\nturn: Anna\nroll: 2 4\nboard Anna:\n"
                "  5 (9) (3) (8) (12) (2)\n  7 4 11 6 10 1\n" + "  3 4 5 6 7 8\n" * 4
                + "board Ben:\n" + "  1 2 3 4 5 6\n" * 6)
        play.match.states[-1] = GAME.parse_position(text, {"mode": "two"})
        play.play(GAME.parse_move(play.state, "end"))  # the bonus of row 1 left untaken
        play.advance()
        claimed = [line for line in play.log if "b1" in line and "Ben" in line
                   and "Anna" in line]
        assert len(claimed) == 1, play.log
        said = PlaySession(play, TriggerDrawer(GAME), TriggerExtras(), pace=0).turn_text()
        assert play.person_to_move() and claimed[0] in said
        if lang != "en":
            assert "face up again" not in said


def test_the_move_list_numbers_its_last_moves_as_in_the_game():
    """The list of moves so far shows the last 14, and numbered them 1 to 14 whatever came
    before: in Trigger "1. Dice: roll 3 5" followed moves the list no longer showed."""
    from tutor.trigger import GAME
    from widgets.games.session import LOG_SHOWN, PlaySession
    from widgets.games.trigger import TriggerDrawer, TriggerExtras, TriggerPlay

    play = TriggerPlay({"mode": "two"}, seats=("person", "person"), seed=4)
    session = PlaySession(play, TriggerDrawer(GAME), TriggerExtras(), pace=0)
    while len(play.log) < LOG_SHOWN + 6:
        play.advance()
        play.play(next(iter(GAME.legal_moves(play.state))))
    session.show()
    scene = session.scene
    assert scene["log"] == play.log[-LOG_SHOWN:]
    assert scene["log_start"] == len(play.log) - LOG_SHOWN + 1 > 1
    session.close()


@pytest.mark.parametrize("game_name, typed, rule", [
    ("canyon", "{player}: tempo 8", "canyon.round.tempo.cards"),
    ("trapper", "beige: take d4 paying beige green", "trapper.cards.swap")])
def test_a_typed_move_no_move_can_hold_names_its_rule_in_free_play(game_name, typed, rule):
    """"tempo 8" (no two tempo cards make it) and a colour swap paid with two colours are
    texts no move can hold: free play said what was wrong but not the rule, and the record
    kept nothing of it. It now names the rule, and the miss is the learner's evidence."""
    from tutor.core.i18n import using
    from widgets.games import kit_for
    from tutor.core import registry

    game = registry.games()[game_name]
    kit = kit_for(game)
    with using("nl"):
        play = kit.new_play()
        play.start_at(play.state, ["person"] * len(game.players(play.state)))
        mover = game.players(play.state)[game.to_move(play.state)]
        assert not play.play_text(typed.format(player=mover))
        assert game.rules[rule].title in play.problem and "the rule" not in play.problem
    assert play.evidence.items[-1] == {"n": len(play.evidence.items), "rule": rule,
                                       "right": False, "from": "play"}


def test_dropping_out_of_a_trapper_game_is_asked_once_more():
    """"Drop out" sat beside "pass" and ended the person's game at one press (Enter on the
    wrong button), the computers then playing on alone. The press now asks; "no" plays on,
    "yes" drops out."""
    from tutor.trapper import GAME, DropOut
    from widgets.games.session import PlaySession
    from widgets.games.trapper import TrapperDrawer, TrapperExtras, TrapperPlay

    play = TrapperPlay(3, seats=("person", "computer", "computer"), seed=5)
    session = PlaySession(play, TrapperDrawer(GAME), TrapperExtras(), pace=0)
    drop = next(key for key, label in session.scene["actions"]
                if label == GAME.move_display(play.state, DropOut()))
    session.handle({"type": "action", "id": drop})
    assert not play.match.moves and play.dropping
    keys = [key for key, _ in session.scene["actions"]]
    assert keys == ["drop-sure", "drop-not"]
    session.handle({"type": "action", "id": "drop-not"})
    assert not play.match.moves and not play.dropping
    session.handle({"type": "action", "id": drop})
    session.handle({"type": "action", "id": "drop-sure"})
    assert play.match.moves[0] == DropOut() and not play.dropping
    session.close()


def test_the_first_turn_after_the_computers_says_so_far_not_since_your_last_move():
    """The person's first decision came after computers moved (Canyon: Cleo and Dirk start
    first): the turn line said 'Since your last move: ...' of a person who had not moved."""
    from widgets.games.session import PlaySession
    from widgets.parts.texts import T

    session = PlaySession(nim(seats=("computer", "person"), heap=20), FactsDrawer(NIM), pace=0)
    play = session.play
    assert play.person_to_move() and play.log and not play.decided_before()
    moves = " · ".join(play.since_last_decision())
    assert session.turn_text().startswith(T._("So far: {moves}.", moves=moves))
    play.play_text("take 1")
    session.computers()
    assert play.person_to_move() and play.decided_before()
    moves = " · ".join(play.since_last_decision())
    assert session.turn_text().startswith(T._("Since your last move: {moves}.", moves=moves))


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_hint_shown_is_named_as_its_button(lang):
    """The coach's button says "Tip" in Dutch, and its answer began "Hint: draai b1": the
    learner pressed one word and read another."""
    from tutor.core.i18n import using
    from widgets.games.session import PlaySession
    from widgets.parts.words import words

    with using(lang):
        session = PlaySession(nim(heap=7), FactsDrawer(NIM), pace=0)
        hint = session.play.hint()
        shown = html.unescape(re.sub(r"<[^>]+>", " ", session.hint_html())).split()
        assert hint is not None and shown[0] == words("play")["hint"] + ":", shown


def test_a_solo_game_whose_every_try_filled_the_sheet_says_no_try_was_won():
    """Alone, only a try that turns every tile is won (trigger.solo.sheet): the summary said
    "your best score" of a game whose every try ended with the sheet full, as of a won one."""
    from tutor.core.match import Match
    from tutor.trigger import GAME
    from widgets.games.trigger import T as words, TriggerPlay
    match = Match.new(GAME, {"mode": "solo", "rounds": 1}, seed=4)
    for _ in range(20):
        match = match.play_text("roll 1 2").play_text("end")
    play = TriggerPlay({"mode": "solo", "rounds": 1}, seed=4)
    assert play.load(match.save())
    state = play.state
    assert state.phase == "over" and state.full == (1,)
    score = GAME.outcome(state).scores[0]
    assert play.summary() == words._(
        "The game is over. No try turned every tile; your best score: {score}.", score=score)
    cleared = TriggerPlay({"mode": "solo"}, seats=("greedy",), seed=3)
    cleared.advance()
    assert cleared.over and len(cleared.state.full) < len(cleared.state.results)
    assert cleared.summary() == words._("The game is over. Your best score: {score}.",
                                        score=GAME.outcome(cleared.state).scores[0])


def test_a_new_trigger_game_of_an_unknown_mode_is_a_message_and_the_game_is_kept():
    """A setup message naming no game mode (a hand-made or stale page) raised a KeyError from
    the setup's players; it is the engine's refusal, said, and the game on the board stays."""
    from widgets.games.session import PlaySession
    from widgets.games.trigger import TriggerDrawer, TriggerExtras, TriggerPlay
    play = TriggerPlay(seed=3)
    session = PlaySession(play, TriggerDrawer(play.game), TriggerExtras(), pace=0)
    before = play.save()
    for mode in ("bogus", ["two"], None):
        session.new_game({"mode": mode})
        assert play.problem, mode
        assert json.loads(play.save())["moves"] == json.loads(before)["moves"]
        assert play.state.setup.mode == "two"
