"""The one check (:func:`violation`) shared by listing and applying moves, what a legal move
does (:func:`play`: the outcomes A and B, the discard, the pass), and the end of the game
(:func:`end_reason`, :func:`outcome`: the one place the winner is decided).

A trap is legal exactly when it is one of the traps the hunter's hand can set
(:func:`tutor.intrappola.traps.traps_of`), so the engine accepts exactly what it lists;
for any other trap :func:`violation` names the first rule it breaks, in the order a learner
would check: the prey named, at most two, cards played, cards that exist, cards in hand,
the prey an empty place not held, side by side, every card touching it, every side closed.

What each player has seen for certain (``known``, ``under``) is updated with the cards, so
the knowledge overlay and the observations stay true.

>>> from tutor.intrappola.position import parse_position
>>> s = parse_position("table: 2 11 16\\nhand Anna: 5 7 12\\nhand Bruno: 1 3 4\\n"
...                    "deck: 6 8 9 10 13 14 15")
>>> violation(s, Trap((4,), (0,)))  # card 5 closes place 1
>>> violation(s, Trap((4, 11), (0,)))
Violation(rule_id='intrappola.trap.must-spring', params={'card': '12'})
"""
from __future__ import annotations

from typing import Any

from tutor.core.frozen import evolve
from tutor.core.game import Outcome, Violation

from . import notation
from .cards import all_cards, cards_text, geometry, is_card, sides
from .moves import Discard, Move, Pass, Trap
from .state import InTrappolaState, LastTurn
from .traps import traps_of

#: why a game is over: a hand is empty, or nobody can set a trap any more
HAND, STUCK = "hand", "stuck"


# ---- what a state allows, worked out once per state ------------------------------------------
class _Analysis:
    """The hunter's traps and whether the game is over, for one state."""

    __slots__ = ("state", "traps", "legal", "end")

    def __init__(self, state: InTrappolaState):
        self.state = state
        self.traps = traps_of(state.hands[state.turn], state.table, state.pictures)
        self.legal = frozenset(self.traps)
        self.end = _end_reason(state, bool(self.traps))


_last: list[_Analysis] = []


def analysis(state: InTrappolaState) -> _Analysis:
    """The analysis of ``state``; the last one is kept, as listing the moves of a state
    checks each of them against the same state."""
    if _last and _last[0].state is state:
        return _last[0]
    found = _Analysis(state)
    _last[:] = [found]
    return found


def hunter_traps(state: InTrappolaState) -> tuple[Trap, ...]:
    """Every trap the hunter can set now, in the order they are listed."""
    return analysis(state).traps


def _end_reason(state: InTrappolaState, hunter_can_trap: bool) -> str | None:
    if not state.hands[0] or not state.hands[1]:
        return HAND
    if hunter_can_trap or traps_of(state.hands[state.opponent], state.table, state.pictures):
        return None
    if not state.deck or state.quiet >= len(state.deck):
        return STUCK
    return None


def end_reason(state: InTrappolaState) -> str | None:
    """Why the game is over (:data:`HAND`, :data:`STUCK`), or None while it goes on.

    It ends when a hand is empty, or when neither player can set a trap with the cards they
    hold and nothing new can come: the deck is empty, or as many discard turns in a row as
    the deck has cards brought no trap (the reading of ``intrappola.end``).
    """
    return analysis(state).end


def scores(state: InTrappolaState) -> tuple[int, int]:
    """The points of the prey each player caught."""
    score = geometry(state.pictures).points
    return (sum(score[c] for c in state.caught[0]), sum(score[c] for c in state.caught[1]))


def outcome(state: InTrappolaState) -> Outcome | None:
    """None while the game goes on; else the points and the winners ("Il vincitore è chi ha
    totalizzato più punti"; equal points: both)."""
    if end_reason(state) is None:
        return None
    totals = scores(state)
    best = max(totals)
    return Outcome(totals,
                   tuple(p for p in (0, 1) if totals[p] == best))


# ---- the one check ----------------------------------------------------------------------------
def violation(state: InTrappolaState, move: object) -> Violation | None:
    """The first rule ``move`` breaks in ``state``, or None if it is legal."""
    found = analysis(state)
    if found.end is not None:
        return Violation("intrappola.end")
    kind = type(move)
    if kind is Trap:
        assert isinstance(move, Trap)
        bad = _not_a_card(move)
        if bad is not None:
            return Violation("intrappola.cards", {"card": _shown(bad[0])})
        if move in found.legal:
            return None
        return _trap_violation(state, move)
    if kind is Discard:
        assert isinstance(move, Discard)
        if not is_card(move.card, state.pictures):
            return Violation("intrappola.cards", {"card": _shown(move.card)})
        if move.card not in state.hands[state.turn]:
            return Violation("intrappola.hand", {"card": _names(state, [move.card])})
        if found.traps:
            return Violation("intrappola.discard", {"example": move_text(state, found.traps[0])})
        if not state.deck:
            return Violation("intrappola.discard.empty-deck")
        return None
    if kind is Pass:
        if found.traps or state.deck:
            return Violation("intrappola.pass", {"traps": len(found.traps),
                                                 "deck": len(state.deck)})
        return None
    return Violation("intrappola.turn", {"move": _shown(move)})


def _not_a_card(trap: Trap) -> tuple[object] | None:
    """The first part of a trap that is not a card number or a tuple of them (in a tuple of
    one), else None."""
    for part in (trap.cards, trap.prey):
        if type(part) is not tuple:
            return (part,)
        for card in part:
            if type(card) is not int:
                return (card,)
    return None


def _shown(value: object) -> str:
    """Something that is not a card or a move, as a learner may read it."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _names(state: InTrappolaState, cards: Any) -> str:
    return cards_text(cards, state.pictures)


def _trap_violation(state: InTrappolaState, move: Trap) -> Violation:
    """Why a trap that is not among the hunter's traps is not legal."""
    pictures, hand = state.pictures, state.hands[state.turn]
    if not move.prey:
        first = _names(state, [c for c in move.cards[:1] if is_card(c, pictures)])
        return Violation("intrappola.trap.must-spring", {"card": first or "nothing"})
    if len(move.prey) > 2:
        return Violation("intrappola.trap.pair", {"count": len(move.prey)})
    if not move.cards:
        return Violation("intrappola.trap")
    for card in (*move.cards, *move.prey):
        if not is_card(card, pictures):
            return Violation("intrappola.cards", {"card": _shown(card)})
    for card in move.cards:
        if card not in hand:
            return Violation("intrappola.hand", {"card": _names(state, [card])})
    for prey in move.prey:
        if prey in state.table:
            return Violation("intrappola.trap.prey", {"prey": _names(state, [prey])})
        if prey in hand:
            return Violation("intrappola.trap.prey-own", {"prey": _names(state, [prey])})
    shape = geometry(pictures)
    if len(move.prey) == 2 and move.prey[1] not in shape.neighbours[move.prey[0]]:
        return Violation("intrappola.trap.choose", {"first": _names(state, move.prey[:1]),
                                                    "second": _names(state, move.prey[1:])})
    touching = {n for p in move.prey for n in shape.neighbours[p]}
    for card in move.cards:
        if card not in touching:
            return Violation("intrappola.trap.must-spring", {"card": _names(state, [card])})
    closed = set(state.table) | set(move.cards) | set(move.prey)
    for prey in move.prey:
        for side, other in sides(prey, pictures):
            if other is not None and other not in closed:
                return Violation("intrappola.trap.closed", {
                    "prey": _names(state, [prey]), "side": side, "open": _names(state, [other])})
    return Violation("intrappola.trap")  # not reached: a trap passing all of the above is listed


def move_text(state: InTrappolaState, move: Move) -> str:
    return notation.text(move, state.pictures)


# ---- what a legal move does -------------------------------------------------------------------
def play(state: InTrappolaState, move: Move) -> InTrappolaState:
    """The state after a move already known to be legal."""
    if type(move) is Trap:
        assert isinstance(move, Trap)
        return set_trap(state, move)
    if type(move) is Discard:
        assert isinstance(move, Discard)
        return discard(state, move)
    return evolve(state, turn=state.opponent, last=LastTurn("pass", state.turn))


def _without(cards: tuple[int, ...], gone: Any) -> tuple[int, ...]:
    return tuple(c for c in cards if c not in gone)


def _with(cards: tuple[int, ...], *more: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, *more)))


def _settle(state: InTrappolaState, hands: list[tuple[int, ...]], deck: tuple[int, ...],
            known: list[set[int] | tuple[int, ...]], under: list[set[int] | tuple[int, ...]],
            last: LastTurn, quiet: int, **changes: Any) -> InTrappolaState:
    """The next state: what is seen for certain stays true only while the card stays where
    it was seen."""
    new_known = tuple(tuple(sorted(set(known[p]) & set(hands[1 - p]))) for p in (0, 1))
    new_under = tuple(tuple(sorted(set(under[p]) & set(deck))) for p in (0, 1))
    return evolve(state, hands=(hands[0], hands[1]), deck=deck, known=new_known,
                  under=new_under, turn=1 - state.turn, quiet=quiet, last=last, **changes)


def _draw(player: int, hands: list[tuple[int, ...]], deck: tuple[int, ...],
          known: list[set[int] | tuple[int, ...]], under: list[set[int] | tuple[int, ...]],
          ) -> tuple[int | None, tuple[int, ...]]:
    """``player`` takes the top card; whoever knew it lay in the deck now knows where. The
    deck steps are skipped when the deck is empty."""
    if not deck:
        return None, deck
    card = deck[0]
    hands[player] = _with(hands[player], card)
    other = 1 - player
    if card in under[other]:
        known[other] = {*known[other], card}
    return card, deck[1:]


def set_trap(state: InTrappolaState, trap: Trap) -> InTrappolaState:
    hunter, other = state.turn, state.opponent
    hands = list(state.hands)
    known: list[set[int] | tuple[int, ...]] = list(state.known)
    under: list[set[int] | tuple[int, ...]] = list(state.under)
    if set(trap.prey) <= set(state.hands[other]):
        # A1 the prey goes to its place; A2 the hunter scores; A3 draws; A4 the turn passes,
        # the trap cards staying on the table
        hands[hunter] = _without(hands[hunter], trap.cards)
        hands[other] = _without(hands[other], trap.prey)
        table = _with(state.table, *trap.cards, *trap.prey)
        caught = list(state.caught)
        caught[hunter] = _with(caught[hunter], *trap.prey)
        drawn, deck = _draw(hunter, hands, state.deck, known, under)
        score = geometry(state.pictures).points
        last = LastTurn("caught", hunter, trap.cards, trap.prey,
                        sum(score[c] for c in trap.prey), drawn=drawn)
        return _settle(state, hands, deck, known, under, last, 0, table=table,
                       caught=(caught[0], caught[1]))
    # B1 both hands are shown (the trap cards are still on the table), so each player now
    # knows the other's hand; B2 the hunter takes the trap cards back; B3 the other player
    # gains the top card; B4 the next one goes face up to its place; B5 the turn passes
    shown = tuple(_without(state.hands[p], trap.cards) for p in (0, 1))
    known[hunter] = state.hands[other]
    known[other] = state.hands[hunter]
    gained, deck = _draw(other, hands, state.deck, known, under)
    placed = deck[0] if deck else None
    table = state.table
    if placed is not None:
        deck = deck[1:]
        table = _with(table, placed)
    last = LastTurn("missed", hunter, trap.cards, trap.prey, gained=gained, placed=placed,
                    shown=shown)
    return _settle(state, hands, deck, known, under, last, 0, table=table)


def discard(state: InTrappolaState, move: Discard) -> InTrappolaState:
    hunter, other = state.turn, state.opponent
    hands = list(state.hands)
    known: list[set[int] | tuple[int, ...]] = list(state.known)
    under: list[set[int] | tuple[int, ...]] = list(state.under)
    hands[hunter] = _without(hands[hunter], (move.card,))
    deck = (*state.deck, move.card)
    under[hunter] = {*under[hunter], move.card}
    # the other player does not see which card went under: any card they knew in the
    # hunter's hand may be the one, so none of them is certain any more
    known[other] = ()
    drawn, deck = _draw(hunter, hands, deck, known, under)
    return _settle(state, hands, deck, known, under,
                   LastTurn("discard", hunter, (move.card,), drawn=drawn), state.quiet + 1)


# ---- checks of a state that play reached ------------------------------------------------------
def invariants(state: InTrappolaState) -> list[str]:
    """What is wrong with a state (cards lost or twice, knowledge untrue, a score that does
    not add up), as sentences; empty when all holds."""
    problems = []
    where = [*state.table, *state.deck, *state.hands[0], *state.hands[1]]
    if sorted(where) != list(all_cards(state.pictures)):
        problems.append(f"the cards are not each in exactly one place: {sorted(where)}")
    for p, name in enumerate(state.players):
        if not set(state.caught[p]) <= set(state.table):
            problems.append(f"{name}'s caught prey are not all on the table")
        if not set(state.known[p]) <= set(state.hands[1 - p]):
            problems.append(f"{name} 'knows' cards that are not in the other hand")
        if not set(state.under[p]) <= set(state.deck):
            problems.append(f"{name} 'knows' cards under the deck that are not in it")
    if set(state.caught[0]) & set(state.caught[1]):
        problems.append("a prey is caught by both players")
    if state.turn not in (0, 1) or state.quiet < 0:
        problems.append(f"turn {state.turn}, quiet {state.quiet}")
    return problems

