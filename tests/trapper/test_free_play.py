"""Trapper's free play as the learner reads it: the line under the board that says what to do."""
from __future__ import annotations

import pytest

from tutor.core.i18n import using
from tutor.trapper import GAME, Take
from tutor.trapper.auction import BIDDING, OPEN, PAYING, phase
from widgets.games.trapper import TrapperDrawer, TrapperExtras, TrapperPlay
from widgets.parts.texts import T

from .helpers import play
from .test_tactical import position

CLICK_A_TILE = "Click a trapper or a card to choose the trapper, then a tile with a dot to take it."


def _said_in_each_phase() -> dict[str, tuple[str, bool]]:
    """The turn line in each phase of a tactical game's first auction, and whether a tile
    may be taken there (the engine's legal moves)."""
    play = TrapperPlay(3, seats=["person"] * 3, variant="tactical", seed=5)
    said = {}
    for text in ("bid purple 1", "bid 2", "pass", "pass", None):
        state = play.state
        said[phase(state)] = (TrapperExtras().turn_text(play),
                              any(isinstance(m, Take) for m in GAME.legal_moves(state)))
        if text:
            play.play(GAME.parse_move(state, text))
    return said


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_tactical_turn_line_asks_for_a_bid_until_an_auction_is_won(lang):
    """No tile is taken before an auction is won (Tactische variant, 000 lines 339-344): the
    stone holder opens one by a bid or passes, the others raise or pass; only the winner
    chooses a trapper's tile. The line said to click a tile with a dot throughout."""
    with using(lang):
        said = _said_in_each_phase()
        click = T._(CLICK_A_TILE)
        opening = T._("Open an auction with a bid (the buttons), or pass: a tile is taken "
                      "only by an auction's winner.")
        raising = T._("Raise the bid (the buttons) or pass: a tile is taken only by the "
                      "auction's winner.")
    assert set(said) == {OPEN, BIDDING, PAYING}
    assert said[OPEN][1] is said[BIDDING][1] is False and said[PAYING][1] is True
    assert said[OPEN][0].endswith(opening) and click not in said[OPEN][0]
    assert said[BIDDING][0].endswith(raising) and click not in said[BIDDING][0]
    assert said[PAYING][0].endswith(click)
    if lang != "en":  # said in the page's language
        assert not {opening, raising} & {
            "Open an auction with a bid (the buttons), or pass: a tile is taken only by an "
            "auction's winner.",
            "Raise the bid (the buttons) or pass: a tile is taken only by the auction's winner."}


def test_the_auction_line_names_who_passed_in_words_that_fit_one_player_or_several():
    """Italian said "Hanno passato: B." (they have passed) of one player."""
    drawer = TrapperDrawer(GAME)
    one = play(position(), "bid beige 2", "pass")  # B passed
    two = play(position(), "bid beige 2", "pass", "bid 5", "pass")  # B and A passed
    with using("it"):
        assert drawer._status_lines(one)[1] == "Ora decide C. Chi ha passato: B."
        assert drawer._status_lines(two)[1] == "Ora decide C. Chi ha passato: A, B."


def test_a_try_it_step_in_an_auction_asks_for_a_bid_not_a_tile():
    """A lesson's try-it (the play's judge set) while no auction is won: the line said to
    click a trapper and the tile it takes, which no move there does."""
    play = TrapperPlay(3, seats=["person"] * 3, variant="tactical", seed=5)
    play.judge = lambda move: None
    text = TrapperExtras().turn_text(play)
    assert phase(play.state) == OPEN
    assert text.endswith("Open an auction with a bid (the buttons), or pass: a tile is taken "
                         "only by an auction's winner.")
