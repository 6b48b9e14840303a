"""Hidden information: what a player sees (:func:`observation`) and a state dealt again that
the player cannot tell from the real one (:func:`resample`, "play on from here").

Hidden from a player: the other players' hands (only how many cards each holds shows), the
draw pile (only its size), the face-down tiles, the box (the 4 centre tiles removed unseen
at the start) and the cards laid aside by the other players who dropped out (only how many:
a hand is laid aside as it was held, unseen - "door zijn trapperkaarten terzijde te leggen",
not on the open discard pile; ``trapper.end.drop-out``). Everything else is on the table:
the player's own hand, the face-up tiles and their water, every display and sold stack, the
discard pile, the money and the bonus tiles. Which side of a tile its water is on belongs to the tile (as printed on
it), so it stays with the tile when the hidden tiles are dealt again.

>>> from tutor.trapper import GAME
>>> s = GAME.initial_state({"players": 3}, seed=2)
>>> again = resample(s, 0, seed=9)
>>> observation(again, 0) == observation(s, 0), again.hands[0] == s.hands[0]
(True, True)
>>> again.hands[1:] != s.hands[1:] or again.draw != s.draw
True
"""
from __future__ import annotations

from dataclasses import replace

from tutor.core.inputs import seat
from tutor.core.seeding import rng

from .auction import most_payable
from .state import HIDDEN, Cards, TrapperState

#: how often a deal is tried before the real hands are kept (see :func:`resample`)
TRIES = 50





def sees_aside(state: TrapperState, player: int) -> bool:
    """Whether ``player`` knows the colours of the cards laid aside: only when they are all
    their own (nobody else dropped out). The pile is one pile: once another player laid a hand
    aside, ``player`` knows the count only."""
    return not any(out for p, out in enumerate(state.dropped) if p != player)


def observation(state: TrapperState, player: int) -> TrapperState:
    """What ``player`` sees: their own hand; others' hands as ``(count,)``; the cards laid
    aside as ``(count,)`` unless all of them are the player's own (:func:`sees_aside`); the
    draw pile, face-down tiles and the box as :data:`HIDDEN`; not the seed of the shuffles (it
    would tell them all, and every reshuffle to come)."""
    player = seat(player, len(state.players))
    return replace(
        state, seed=0,
        aside=state.aside if sees_aside(state, player) else (sum(state.aside),),
        board=tuple(t if t is None or up else HIDDEN
                    for t, up in zip(state.board, state.face_up)),
        hands=tuple(h if p == player else (sum(h),) for p, h in enumerate(state.hands)),
        draw=(HIDDEN,) * len(state.draw), box=(HIDDEN,) * len(state.box),
    )


def _fits(state: TrapperState, hands: tuple[Cards, ...]) -> bool:
    """Whether dealt hands agree with what the player has seen of the auction: the highest
    bidder could bid what they bid (a bid the bidder cannot pay is refused), and still can."""
    if not state.bid or state.bidder is None or state.moved is None:
        return True
    return most_payable(hands[state.bidder], state.moved) >= state.bid


def resample(state: TrapperState, player: int, seed: int) -> TrapperState:
    """``state`` with what ``player`` cannot see dealt again by ``seed``: the cards not in
    their hand, the discard pile or (when they see it, :func:`sees_aside`) laid aside go to
    the other hands (each as many as it holds), the cards laid aside (as many as lie there)
    and the draw pile (as many as it holds); the tiles face down on the board and in
    the box change places. The observation of ``player`` is the same; a running auction's
    bidder can still pay the bid (deals that break it are drawn again; after
    :data:`TRIES` the real hands stay, which agree with everything).
    """
    player = seat(player, len(state.players))
    rnd = rng(seed, "resample", player)
    open_aside = sees_aside(state, player)
    seen = [sum(n) for n in zip(state.hands[player], state.discard,
                                state.aside if open_aside else (0, 0, 0, 0))]
    unseen = [c for c in range(4) for _ in range(16 - seen[c])]
    hands, draw, aside = state.hands, state.draw, state.aside
    for _ in range(TRIES):
        rnd.shuffle(unseen)
        dealt: list[Cards] = []
        at = 0 if open_aside else sum(state.aside)  # the first cards: laid aside
        for p, hand in enumerate(state.hands):
            if p == player:
                dealt.append(hand)
                continue
            cards = unseen[at:at + sum(hand)]
            at += sum(hand)
            dealt.append(tuple(cards.count(c) for c in range(4)))
        if _fits(state, tuple(dealt)):
            hands, draw = tuple(dealt), tuple(unseen[at:])
            if not open_aside:
                aside = tuple(unseen[:sum(state.aside)].count(c) for c in range(4))
            break
    down = [sq for sq in range(64) if state.board[sq] is not None and not state.face_up[sq]]
    tiles = [state.board[sq] for sq in down] + list(state.box)
    rnd.shuffle(tiles)
    board = list(state.board)
    for sq, tile in zip(down, tiles):
        board[sq] = tile
    box = tuple(t for t in tiles[len(down):] if t is not None)
    return replace(state, hands=hands, draw=draw, aside=aside, board=tuple(board), box=box)
