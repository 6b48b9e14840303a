"""The computer hunter at the end of the game: with at most one card left in the deck, both
hands are known after its trap, and it sets the trap that does best played out to the end
(states found by scanning seeded computer games, where it used to throw a win away)."""
from __future__ import annotations

from fractions import Fraction

from tutor.intrappola import GAME, computer
from tutor.intrappola.cards import geometry
from tutor.intrappola.computer import choose, exact
from tutor.intrappola.moves import Trap

from .helpers import position


def _hint(state) -> str:
    return GAME.move_text(state, choose(GAME.observation(state, state.turn)))


def _ends(state) -> dict[str, tuple[Fraction, Fraction]]:
    seen = GAME.observation(state, state.turn)
    found = [m for m in GAME.legal_moves(state) if isinstance(m, Trap)]
    return {GAME.move_text(state, t): v for t, v in (exact(seen, found) or {}).items()}


def _lead(state, player: int) -> int:
    score = geometry(state.pictures).points
    return (sum(score[c] for c in state.caught[player])
            - sum(score[c] for c in state.caught[1 - player]))


def _best(state, player: int) -> tuple[int, int]:
    """(win 1 / draw 0 / loss -1, final lead) for ``player``, both playing their best, worked
    out through the engine's own moves (for states whose hidden cards are all known)."""
    if GAME.to_move(state) is None:
        lead = _lead(state, player)
        return (lead > 0) - (lead < 0), lead
    results = [_best(GAME.apply(state, m), player) for m in GAME.legal_moves(state)]
    return max(results) if state.turn == player else min(results)


# seed 27 (one picture), ply 8: the deck is empty, so Anna knows Bruno's hand
EMPTY = ("table: 1 2 3 7 13 14\nhand Anna: 8 11 12 16\nhand Bruno: 4 5 6 9 10 15\ndeck:\n"
         "known Anna: 4 5 6 9 10\nknown Bruno: 8 11 12 16")


def test_with_the_deck_empty_it_sets_the_trap_that_wins():
    s = position(EMPTY)
    # 15 scores 2 and 4 scores 1, but after 11 16 prey 15 Bruno wins by 2; after 8 prey 4
    # Anna wins by 3
    assert _best(GAME.apply(s, GAME.parse_move(s, "play 11 16 prey 15")), 0) == (-1, -2)
    assert _best(GAME.apply(s, GAME.parse_move(s, "play 8 prey 4")), 0) == (1, 3)
    assert _hint(s) == "play 8 prey 4"
    assert _ends(s) == {"play 8 prey 4": (1, 3), "play 11 16 prey 15": (-1, -2)}


def test_with_the_last_card_known_it_sets_the_trap_that_wins():
    # seed 110, ply 4: Anna has seen Bruno's whole hand, so the deck's one card is 16
    s = position("table: 2 5 8 9 10 13\nhand Anna: 1 3 7 11\nhand Bruno: 4 6 12 14 15\n"
                 "deck: 16\nknown Anna: 4 6 12 14 15\nknown Bruno: 1 3 7\nunder Bruno: 16")
    assert _best(GAME.apply(s, GAME.parse_move(s, "play 3 prey 4")), 0) == (-1, -7)
    assert _best(GAME.apply(s, GAME.parse_move(s, "play 7 prey 6")), 0) == (1, 1)
    assert _hint(s) == "play 7 prey 6"


def test_with_one_unseen_card_left_it_weighs_every_way_it_may_lie():
    # seed 27, ply 6: Bruno's 5 cards and the deck's one are 4 5 6 9 10 15, each as likely
    # the deck's; 8 prey 4 wins in 4 of the 6, 11 16 prey 15 in 2
    s = position("table: 1 2 3 7 13 14\nhand Anna: 8 11 12 16\nhand Bruno: 4 5 6 9 10\n"
                 "deck: 15\nknown Bruno: 8 11 12 16\nunder Bruno: 15")
    assert _hint(s) == "play 8 prey 4"
    assert _ends(s) == {"play 8 prey 4": (Fraction(1, 3), Fraction(2, 3)),
                        "play 11 16 prey 15": (Fraction(-1, 3), Fraction(-5, 2))}


def test_with_two_pictures_it_sets_the_trap_that_wins():
    # seed 7 with two pictures, ply 10: both B1 and B10 score 2, only B6 prey B10 wins
    s = position("table: A1 A4 A5 A6 A7 A11 A12 A13 A14 A15 A16 B3 B5 B8 B9 B11 B14 B16\n"
                 "hand Anna: B2 B6 B7\nhand Bruno: B1 B4 B10 B12 B15\ndeck:\n"
                 "caught Anna: A2 A3 A8\ncaught Bruno: A9 A10 B13\n"
                 "known Anna: B1 B4 B10 B15\nknown Bruno: B6 B7", pictures=2)
    assert _best(GAME.apply(s, GAME.parse_move(s, "play B2 prey B1")), 0) == (-1, -6)
    assert _best(GAME.apply(s, GAME.parse_move(s, "play B6 prey B10")), 0) == (1, 2)
    assert _hint(s) == "play B6 prey B10"


def test_a_search_too_long_keeps_to_the_weights(monkeypatch):
    s = position(EMPTY)
    monkeypatch.setattr(computer, "SEARCH_LIMIT", 3)
    assert _ends(s) == {}
    assert _hint(s) == "play 11 16 prey 15"  # the weights: 15 scores more, nothing at risk


def test_with_the_deck_empty_no_trap_does_better_than_the_computer_s():
    for seed in range(40):
        s = GAME.initial_state({}, seed)
        while GAME.to_move(s) is not None:
            move = GAME.best_move(s, "", seed)
            if not s.deck and isinstance(move, Trap):
                best = max(_best(GAME.apply(s, m), s.turn) for m in GAME.legal_moves(s))
                assert _best(GAME.apply(s, move), s.turn) == best, (seed, GAME.position_text(s))
            s = GAME.apply(s, move)
