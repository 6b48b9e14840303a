"""What InTrappola's board says in words (its text alternative) and what free play tells the
person, checked against the position and against what the person may see."""
from __future__ import annotations

import pytest

from tutor.core.i18n import using
from tutor.core.walkthrough import by_id, replay
from tutor.intrappola import GAME, Discard, card_name
from widgets.games.intrappola import InTrappolaDrawer, InTrappolaPlay
from widgets.pages.play import PlayPage
from widgets.parts.texts import T


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_finished_game_s_overview_says_the_game_is_over_and_names_no_hunter(lang):
    """The overview said "over hunts." (the turn fact is "over" once the game has ended)."""
    frame = replay(by_id("intrappola/end-vittoria")).frames[3]  # Vittoria: no move, game over
    assert GAME.outcome(frame.state) is not None and frame.move is None
    drawer = InTrappolaDrawer(GAME)
    with using(lang):
        said = drawer.describe(frame)
        assert T._("The game is over.") in said
        hunts = T._("InTrappola table with {n} cards on it: {cards}. {player} hunts. Deck: {deck}.",
                    n=0, cards="", player="\x00", deck="").split("\x00")[1].split(".")[0]
        assert hunts not in said  # "... hunts", "... is de jager", "... è il cacciatore"
    going = replay(by_id("intrappola/end-vittoria")).frames[0]
    with using(lang):
        assert hunts in drawer.describe(going)  # while it goes on, the hunter is named


def _free_game_until(found):
    """A free game (Anna the person, playing her first legal move; Ben the computer) and its
    page, played until ``found(play)`` holds."""
    for seed in range(40):
        play = InTrappolaPlay(seed=seed)
        page = PlayPage(play, InTrappolaDrawer(play.game), pace=0)
        while not play.over:
            if play.person_to_move():
                play.play(next(iter(play.game.legal_moves(play.state))))
            if found(play):
                return play, page
            play.advance()
            if found(play):
                return play, page
    raise AssertionError("not found in 40 games")


def _discard_by(play, seat: int) -> bool:
    moves, states = play.match.moves, play.match.states
    return bool(moves) and isinstance(moves[-1], Discard) and states[-2].turn == seat


def test_free_play_never_names_the_card_the_computer_put_under_the_deck():
    """The board's words (its text alternative) said "Move: discard 9", and undo "Taken back:
    ..., discard 9": the card the rulebook has put face down, which the log already hid."""
    play, page = _free_game_until(lambda p: _discard_by(p, 1) and p.person_to_move())
    card = card_name(play.match.moves[-1].card, play.state.pictures)
    assert GAME.observation(play.state, 0).last.cards == (-1,)  # the engine hides it from Anna
    hidden = T._("put a card under the deck and drew")
    assert f"discard {card}" not in page.scene["alt"] and hidden in page.scene["alt"]
    assert play.log[-1] == f"Ben: {hidden}"
    play.undo()
    assert f"discard {card}" not in play.message and hidden in play.message
    # Anna's own discard she made and saw: it is said with its card
    play, page = _free_game_until(lambda p: _discard_by(p, 0))
    card = card_name(play.match.moves[-1].card, play.state.pictures)
    assert play.log[-1] == f"Anna: discard {card}"
    assert not play.person_to_move() and f"discard {card}" in page.scene["alt"]


def test_the_free_play_note_does_not_say_the_other_hand_is_hidden_while_cards_of_it_show():
    """After a missed trap Anna's panel shows Ben's cards (she saw them), under a note that
    said "your own hand only; the other hand ... stay hidden"."""
    import re

    def sees_bens_cards(play):
        seen = GAME.observation(play.state, 0).hands[1]
        return play.person_to_move() and any(c >= 0 for c in seen)

    play, page = _free_game_until(sees_bens_cards)
    panel = page.scene["panel"]
    hidden = dict(re.findall(r'data-player="(\w+)" data-hidden="(\d+)"', panel))
    assert int(hidden["Ben"]) < len(play.state.hands[1])  # some of Ben's cards are shown
    note = re.search(r'<div class="it-note">([^<]*)</div>', panel).group(1)
    assert note == T._("Your view: your own hand, and of the other hand only the cards you have "
                       "seen in it; the deck order stays hidden.")


def test_the_text_alternative_says_a_hidden_hand_as_the_panel_does():
    """The board's words said the computer's hand as "Ben's hand: ? ? ? ?." (the facts'
    hidden cards read aloud); they say how many cards are hidden, as the panel does."""
    play, page = _free_game_until(lambda p: _discard_by(p, 1) and p.person_to_move())
    alt = page.scene["alt"]
    count = len(play.state.hands[1])
    assert "?" not in alt.split()
    assert T._("{player}'s hand: {cards}.", player="Ben",
               cards=T.n_("{n} card, hidden", "{n} cards, hidden", count)) in alt


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_board_words_say_a_missed_trap_after_a_missed_trap(lang):
    """A trap missed right after another missed trap went unsaid (the facts' "last" had not
    changed): the board's words told a changed table and hand, never that the trap missed."""
    from tutor.core.walkthrough import Frame
    s = GAME.parse_position(
        "table: 3 5 12 13 15 16\ncaught Bruno: 16\nhand Anna: 4 10 14\nhand Bruno: 2 7 11\n"
        "deck: 8 1 6 9\nturn: Anna\nlast: missed Bruno  cards 2  prey 1  gained 14  placed 3\n"
        "shown Anna: 4 10\nshown Bruno: 7 11")
    move = GAME.parse_move(s, "play 10 prey 9")
    after = GAME.apply(s, move)
    assert s.last.kind == after.last.kind == "missed"
    frame = Frame(1, after, "", (), before=s, move=move, move_text="play 10 prey 9")
    with using(lang):
        said = InTrappolaDrawer(GAME).describe(frame)
        assert said.count(T._("The trap missed.")) == 1


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_an_observation_s_place_values_are_said_in_the_page_s_language(lang):
    """The place fact of a card an observation hides is 'unseen': the author page and a
    question's choices showed that English word in Dutch and Italian (where.* said it)."""
    state = GAME.initial_state({}, 3)
    facts = GAME.facts(GAME.observation(state, 0))
    hidden = [k for k, v in facts.items() if k.startswith("place.") and v == "unseen"]
    assert hidden, "an observation hides the other hand and the deck"
    said = InTrappolaDrawer(GAME).fact_value
    with using(lang):
        words = {said(facts[k], k) for k in hidden}
        assert words == {said("unseen", "where.Anna.1")} and "unseen" not in words
        assert all(said(v, k) != v for k, v in facts.items()
                   if k.startswith("place.") and v not in state.players), facts


def test_a_try_it_step_s_panel_says_it_is_the_walkthrough_s_view():
    """At a lesson's try-it step the panel said "Both hands are shown: no person is playing."
    (free play's note when only computers play) while the learner was asked to move."""
    import re

    from tutor.core import walkthrough as wt
    from widgets.pages.lesson.model import Lesson, Phase

    walk = wt.replay(wt.by_id("intrappola/deck-runs-out"))
    index = next(i for i, s in enumerate(walk.walkthrough.steps, 1) if s.try_it is not None)
    lesson = Lesson(walk, index=index)
    assert lesson.phase is Phase.TRY
    session = lesson.visit.session
    session.show()
    note = re.search(r'<div class="it-note">([^<]*)</div>', session.scene["panel"]).group(1)
    assert note == T._("Walkthrough view: both hands are shown. At the table each player sees "
                       "only their own.")


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_every_way_a_game_ends_is_worded_apart_in_the_page_s_language(lang):
    """Why the game ended (the ``end`` fact): a hand empty, no trap can come, or the discards
    went round twice without one. A reason with no words showed the engine's name."""
    from tutor.intrappola.rules import HAND, QUIET, STUCK

    said = InTrappolaDrawer(GAME).fact_value
    with using(lang):
        words = [said(reason, "end") for reason in (HAND, STUCK, QUIET)]
    assert len(set(words)) == 3 and not {HAND, STUCK, QUIET} & set(words), words
