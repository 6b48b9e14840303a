"""What a legal move does: the outcomes A (caught) and B (missed), the discard, the pass,
and when the game is over.

Each function takes a state and a move already checked, and builds the next state. What
each player has seen for certain (``known``, ``under``) is updated with the cards, so the
knowledge overlay and the observations stay true.
"""
from __future__ import annotations

from dataclasses import replace

from .cards import points
from .state import Discard, IntrappolaState, LastTurn, Pass, Trap
from .traps import can_trap


class _Table:
    """A turn being played: mutable lists for a moment, frozen again by :meth:`state`."""

    def __init__(self, state: IntrappolaState):
        self.s = state
        self.hands = [list(h) for h in state.hands]
        self.deck = list(state.deck)
        self.table = list(state.table)
        self.caught = [list(c) for c in state.caught]
        self.known = [set(k) for k in state.known]
        self.under = [set(u) for u in state.under]

    def draw(self, player: int) -> int | None:
        """``player`` takes the top card; whoever knew it lay in the deck now knows where."""
        if not self.deck:
            return None  # the deck steps are skipped when the deck is empty
        card = self.deck.pop(0)
        self.hands[player].append(card)
        other = 1 - player
        if card in self.under[other]:
            self.known[other].add(card)
        return card

    def state(self, last: LastTurn, quiet: int) -> IntrappolaState:
        hands = tuple(tuple(sorted(h)) for h in self.hands)
        deck = tuple(self.deck)
        # what is seen for certain stays true only while the card stays where it was seen
        known = tuple(tuple(sorted(self.known[p] & set(hands[1 - p]))) for p in (0, 1))
        under = tuple(tuple(sorted(self.under[p] & set(deck))) for p in (0, 1))
        return replace(
            self.s, hands=hands, deck=deck, table=tuple(sorted(self.table)),
            caught=tuple(tuple(sorted(c)) for c in self.caught), known=known, under=under,
            turn=1 - self.s.turn, quiet=quiet, last=last,
        )


def set_trap(state: IntrappolaState, trap: Trap) -> IntrappolaState:
    hunter, other = state.turn, state.opponent
    t = _Table(state)
    if set(trap.prey) <= set(state.hands[other]):
        # A1 the prey goes to its place; A2 the hunter scores; A3 draws; A4 the turn passes,
        # the trap cards staying on the table
        for card in trap.cards:
            t.hands[hunter].remove(card)
        for card in trap.prey:
            t.hands[other].remove(card)
        t.table += [*trap.cards, *trap.prey]
        t.caught[hunter] += trap.prey
        drawn = t.draw(hunter)
        score = sum(points(c, state.pictures) for c in trap.prey)
        return t.state(LastTurn("caught", hunter, trap.cards, trap.prey, score, drawn=drawn), 0)
    # B1 both hands are shown (the trap cards are still on the table), so each player now
    # knows the other's hand; B2 the hunter takes the trap cards back; B3 the other player
    # gains the top card; B4 the next one goes face up to its place; B5 the turn passes
    shown = tuple(tuple(c for c in state.hands[p] if c not in trap.cards) for p in (0, 1))
    t.known[hunter] = set(state.hands[other])
    t.known[other] = set(state.hands[hunter])
    gained = t.draw(other)
    placed = t.deck.pop(0) if t.deck else None
    if placed is not None:
        t.table.append(placed)
    last = LastTurn("missed", hunter, trap.cards, trap.prey, gained=gained, placed=placed,
                    shown=shown)
    return t.state(last, 0)


def discard(state: IntrappolaState, move: Discard) -> IntrappolaState:
    hunter, other = state.turn, state.opponent
    t = _Table(state)
    t.hands[hunter].remove(move.card)
    t.deck.append(move.card)
    t.under[hunter].add(move.card)
    # the other player does not see which card went under: any card they knew in the
    # hunter's hand may be the one, so none of them is certain any more
    t.known[other] = set()
    drawn = t.draw(hunter)
    return t.state(LastTurn("discard", hunter, (move.card,), drawn=drawn), state.quiet + 1)


def pass_turn(state: IntrappolaState, move: Pass) -> IntrappolaState:
    return replace(state, turn=state.opponent, last=LastTurn("pass", state.turn))


def play(state: IntrappolaState, move) -> IntrappolaState:
    if isinstance(move, Trap):
        return set_trap(state, move)
    if isinstance(move, Discard):
        return discard(state, move)
    return pass_turn(state, move)


def end_reason(state: IntrappolaState) -> str | None:
    """Why the game is over ("hand", "stuck"), or None while it goes on.

    It ends when a hand is empty, or when neither player can set a trap with the cards they
    hold and nothing new can come: the deck is empty, or as many discard turns in a row as
    the deck has cards brought no trap.
    """
    if not all(state.hands):
        return "hand"
    if any(can_trap(state.hands[p], state.table, state.pictures) for p in (0, 1)):
        return None
    if not state.deck or state.quiet >= len(state.deck):
        return "stuck"
    return None


def scores(state: IntrappolaState) -> tuple[int, int]:
    return tuple(sum(points(c, state.pictures) for c in caught) for caught in state.caught)
