"""A computer player for Canyon. It sees only its own observation (its own hand, the table).

* Tempo: it bids from its hand's strength - each card counts as its rough chance of taking
  a trick (high trumps nearly sure, other aces of a suit likely, low cards not at all), with
  fewer chances the more players there are; the sum, rounded, is the tempo (0-7).
* Tricks: it plays to make its tempo exactly. It keeps to the cards that leave the tempo
  most surely in reach - certain, else possible - counting only what holds whatever the
  unseen cards are: a trick a card surely wins (nobody after it, or no unseen card beats
  it) or loses (it does not win as the trick stands), and a trump in hand that no unseen
  trump beats, which wins a trick whenever it is played. Of those, still short of its
  tempo, it tries to win the trick as cheaply as it can (or leads its strongest card); at
  its tempo, it ducks: the highest card that does not win, else it gets rid of its
  strongest card. Once the tempo is missed whatever it plays, every trick won is a field,
  and it plays to win them (not in the current, where the tricks do not count).
* Moving: it takes the legal end the engine lists (all are equally near the village),
  preferring one that blocks a narrow pass for the canoes behind it; of several landing docks
  in reach, the one that leaves the most points over (the first tie-break of the end).
* Setup: the free start dock nearest the middle.

>>> from tutor.canyon import GAME
>>> s = GAME.parse_position('''
... players: Anne Carl Marc
... dealer: Marc
... trump: green
... seat Anne: hand green 10, green 9, green 8, blue 10, red 2, red 3, yellow 1, purple 4
... ''')
>>> GAME.move_text(s, choose(GAME, GAME.observation(s, 0)))
'Anne: tempo 3'
"""
from __future__ import annotations

import random
from typing import Any

from tutor.core.game import Game

from .cards import Card, tempo_cards, trick_winner
from .current import in_current
from .moves import Drift, Launch, Move, Paddle, Play, Stay, Tempo
from .rules import plan
from .state import CanyonState, Phase


def choose(game: Game[CanyonState, Any], seen: CanyonState) -> Move:
    """The computer's move for the player on turn, from that player's observation."""
    p = seen.turn
    if seen.phase is Phase.LAUNCH:
        return _launch(seen, p)
    assert seen.trump is not None
    if seen.phase is Phase.TEMPO:
        tempo = min(7, round(strength(seen.hands[p], seen.trump.suit, seen.seats)))
        return Tempo(p, tempo_cards(tempo) or (0,))
    if seen.phase is Phase.TRICKS:
        return Play(p, _card_to_play(game, seen, p))
    legal: list[Move] = list(game.legal_moves(seen))
    for kind in (Drift, Stay):
        if any(isinstance(m, kind) for m in legal):
            return next(m for m in legal if isinstance(m, kind))
    paddles = [m for m in legal if isinstance(m, Paddle)]
    found = plan(seen, p)
    if found.docked:  # at the village: the dock with the most points left over (canyon.end)
        return max(paddles, key=lambda m: found.left_over(m.end))
    # the fewest water fields around the end: a canoe in a narrow pass blocks more
    return max(paddles, key=lambda m: -len(seen.board.neighbours[m.end]))


def strength(hand: tuple[Card, ...], trump: str, seats: int) -> float:
    """The tricks a hand may take: a rough chance per card.

    >>> strength((Card("green", 10), Card("blue", 2)), "green", 4)
    1.0
    """
    total = 0.0
    for card in hand:
        if card.suit == trump:
            total += 1.0 if card.value >= 9 else 0.7 if card.value >= 7 else 0.35 if card.value >= 5 else 0.1
        elif card.value == 10:
            total += 0.75 if seats <= 4 else 0.55
        elif card.value == 9:
            total += 0.4 if seats <= 4 else 0.25
    return total


def _card_to_play(game: Game[CanyonState, Any], seen: CanyonState, p: int) -> Card:
    playable = sorted((m.card for m in game.legal_moves(seen) if isinstance(m, Play)),
                      key=lambda c: _power(c, seen))
    if len(playable) == 1:
        return playable[0]
    winners = [c for c in playable if _would_win(seen, p, c)] if seen.table else playable
    chances = _chances(seen, p, playable, winners)
    best = max(chances.values(), default=1)
    if chances:
        playable = [c for c in playable if chances[c] == best]
        winners = [c for c in winners if chances[c] == best]
    # the tempo missed whatever happens: each trick is a field (but not in the current)
    wants_more = seen.tricks[p] < (seen.tempo_of(p) or 0) or (
        best == 0 and not in_current(seen, p))
    if not seen.table:  # leading
        return playable[-1] if wants_more else playable[0]
    if wants_more:
        return winners[0] if winners else playable[0]
    losers = [c for c in playable if c not in winners]
    return losers[-1] if losers else playable[-1]


def _trump(seen: CanyonState) -> str:
    return seen.trump.suit if seen.trump is not None else ""


def _power(card: Card, seen: CanyonState) -> tuple[int, int]:
    led = seen.table[0][1].suit if seen.table else None
    return (2 if card.suit == _trump(seen) else 1 if card.suit == led else 0, card.value)


def _chances(seen: CanyonState, p: int, playable: list[Card],
             winners: list[Card]) -> dict[Card, int]:
    """For each card, whether playing it leaves the tempo certain (2), possible (1) or
    impossible (0), counted on what is sure whatever the unseen cards are: the trick is won
    for sure when the card wins it as it stands (it is in ``winners``) and no unseen card
    could beat it (or nobody plays after), lost when it does not win as it stands; and
    every trump in hand that no unseen trump beats wins a trick later. Empty when every
    card leaves the tempo possible and none makes it certain."""
    trump, tempo, won, hand = _trump(seen), seen.tempo_of(p) or 0, seen.tricks[p], seen.hands[p]
    if won + sum(c.suit == trump for c in hand) + 1 < tempo < won + len(hand) - 1:
        return {}  # possible and not certain whatever is played (a quick look first)
    shown = (*hand, *(c for _, c in (*seen.table, *seen.last_trick)),
             *((seen.trump,) if seen.trump is not None else ()))

    def top(suit: str) -> int:  # the highest unseen card of a colour (0: none)
        have, value = {c.value for c in shown if c.suit == suit}, 10
        while value in have:
            value -= 1
        return value

    trumps_out = top(trump)
    sure = sum(c.suit == trump and c.value > trumps_out for c in hand)
    if won + sure + 1 < tempo < won + len(hand) - 1:  # possible, and not certain, whatever
        return {}
    last = len(seen.table) == seen.seats - 1
    found = {}
    for card in playable:
        later = sure - (card.suit == trump and card.value > trumps_out)
        led = seen.table[0][1].suit if seen.table else card.suit
        if card not in winners:
            low = high = 0
        elif last or (trumps_out < card.value if card.suit == trump else
                      not trumps_out and top(led) < card.value):
            low = high = 1
        else:
            low, high = 0, 1
        low, high = won + low + later, won + high + len(hand) - 1
        found[card] = 2 if low == high == tempo else 1 if low <= tempo <= high else 0
    return found


def _would_win(seen: CanyonState, p: int, card: Card) -> bool:
    """Would ``card`` win the trick as it stands (the later players not counted)?"""
    return trick_winner((*seen.table, (p, card)), _trump(seen)) == p


def _launch(seen: CanyonState, p: int) -> Launch:
    board = seen.board
    free = [d for d in board.starts if d not in seen.canoes]
    middle = sum(board.rc(d)[1] for d in board.starts) / len(board.starts)
    return Launch(p, min(free, key=lambda d: abs(board.rc(d)[1] - middle)))


def _computer(game: Game[CanyonState, Any], seen: CanyonState, rnd: random.Random) -> Move:
    return choose(game, seen)


#: the computer players (``CanyonGame.computers``; ``best_move`` asks them)
COMPUTERS = {"computer": _computer}
