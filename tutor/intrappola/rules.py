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
Violation(rule_id='intrappola.trap.must-spring', params={'card': '12', 'player': 'Anna'})
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache, partial
from typing import Any

from tutor.core.frozen import evolve, set_item
from tutor.core.game import Outcome, Violation
from tutor.core.i18n import Said, translator

from . import notation
from .cards import all_cards, any_name, cards_text, geometry, is_card, neighbours, sides
from .moves import Discard, Move, Pass, Trap
from .options import MAX_PICTURES, MOST_QUIET, NAME
from .state import HIDDEN, InTrappolaState, LastTurn
from .traps import open_sides, traps_of

T = translator("intrappola")

#: why a game is over: a hand is empty; nobody can set a trap any more; or the discards went
#: round twice without one (:func:`end_reason`)
HAND, STUCK, QUIET = "hand", "stuck", "quiet"
#: discards in a row, per card in play (the deck's and both hands'), after which players who
#: could still come to a trap but keep missing it stop
ROUNDS = 2


# ---- what a state allows, worked out once per state ------------------------------------------
class _Analysis:
    """The hunter's traps and whether the game is over, for one state."""

    __slots__ = ("state", "traps", "end")

    def __init__(self, state: InTrappolaState):
        self.state = state
        hand = state.hands[state.turn]
        # the observation of the player waiting hides the hunter's hand: its traps are unknown
        # (read as cards, its hidden marks would be the last card of the table)
        self.traps = () if HIDDEN in hand else traps_of(hand, state.table, state.pictures)
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


def _end_reason(state: InTrappolaState, hunter_can_trap: bool) -> str | None:
    if not state.hands[0] or not state.hands[1]:
        return HAND
    other = state.hands[state.opponent]
    # an observation hiding a hand cannot tell that its holder cannot trap: the game goes on
    # in it until the end is known (neither the hunter deciding nor the player waiting for
    # the hidden hunter sees it end too early)
    if (hunter_can_trap or HIDDEN in other or HIDDEN in state.hands[state.turn]
            or traps_of(other, state.table, state.pictures)):
        return None
    if not state.deck:
        return STUCK
    if HIDDEN in state.deck:  # an observation: which cards go round to whom is not seen
        return None
    if not trap_may_come(state):
        return STUCK
    if state.quiet >= ROUNDS * (len(state.deck) + len(state.hands[0]) + len(state.hands[1])):
        return QUIET
    return None


def end_reason(state: InTrappolaState) -> str | None:
    """Why the game is over (:data:`HAND`, :data:`STUCK`, :data:`QUIET`), or None while it
    goes on (the reading of ``intrappola.end``).

    It ends when a hand is empty, or when neither player can set a trap with the cards they
    hold and none can come: the deck is empty, or no discards can bring one
    (:func:`trap_may_come`). Players who could still come to a trap but discard round the
    cards in play twice (:data:`ROUNDS`) without one stop too.
    """
    return analysis(state).end


@lru_cache(maxsize=1024)
def _needs(table: tuple[int, ...], pictures: int
           ) -> tuple[tuple[frozenset[int], frozenset[int]], ...]:
    """Each prey the table leaves empty (a place, or two side by side) with the cards a trap
    on it must play: its open sides (none: the table alone closes it, and no trap can)."""
    laid = set(table)
    found = []
    for prey in geometry(pictures).preys:
        if laid.isdisjoint(prey):
            need = frozenset(open_sides(prey, table, pictures))
            if need:
                found.append((frozenset(prey), need))
    return tuple(found)


def trap_may_come(state: InTrappolaState) -> bool:
    """Whether some discards (each player choosing any card) can bring a hunter a trap.

    A discard goes under the deck and the top card is drawn, so the deck keeps its length
    ``d`` and a card put under comes up ``d`` draws later: to the same player when ``d`` is
    even (each player's cards go round apart: their hand and every other card of the deck,
    from the first they draw), to the other player when it is odd (every card goes round
    both). A player can come to hold any cards of what goes round to them, keeping those and
    putting the others under; a trap needs the prey's open sides in the hunter's hand and its
    prey not there. (A breadth-first search over every discard agrees: tests.)"""
    deck, hands = state.deck, state.hands
    if len(deck) % 2:
        every = frozenset((*hands[0], *hands[1], *deck))
        reach = (every, every)  # the cards each seat may come to hold
    else:
        turn, other = state.turn, 1 - state.turn
        mine = frozenset((*hands[turn], *deck[0::2]))
        theirs = frozenset((*hands[other], *deck[1::2]))
        reach = (mine, theirs) if turn == 0 else (theirs, mine)
    for seat in (0, 1):
        size, cards = len(hands[seat]), reach[seat]
        for prey, need in _needs(state.table, state.pictures):
            if len(need) <= size and need <= cards and len(cards - prey) >= size:
                return True
    return False


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
    return Outcome(totals, tuple(p for p in (0, 1) if totals[p] == best))


# ---- the one check ----------------------------------------------------------------------------
def violation(state: InTrappolaState, move: object) -> Violation | None:
    """The first rule ``move`` breaks in ``state``, or None if it is legal."""
    found = analysis(state)
    if found.end is not None:
        return Violation("intrappola.end")
    kind = type(move)
    if kind is Trap:
        assert isinstance(move, Trap)
        if any(trap is move for trap in found.traps):
            return None  # a listed trap itself (the trap search's: only cards in it)
        bad = _not_a_card(move)
        if bad is not None:
            return Violation("intrappola.cards", {"card": _shown(bad[0], state.pictures)})
        if move in found.traps:
            return None
        return _trap_violation(state, move)
    if kind is Discard:
        assert isinstance(move, Discard)
        if not is_card(move.card, state.pictures):
            return Violation("intrappola.cards", {"card": _shown(move.card, state.pictures)})
        if move.card not in state.hands[state.turn]:
            return Violation("intrappola.hand", {"card": _names(state, [move.card]),
                                                 "player": state.players[state.turn]})
        if found.traps:
            # the trap's text is written only when the refusal is shown (listing the moves
            # refuses a discard every turn), in the page's language
            example = Said(partial(notation.display, pictures=state.pictures), found.traps[0])
            return Violation("intrappola.discard", {"example": example,
                                                    "player": state.players[state.turn]})
        if not state.deck:
            return Violation("intrappola.discard.empty-deck", {"player": state.players[state.turn]})
        return None
    if kind is Pass:
        return (Violation("intrappola.pass", {"player": state.players[state.turn]})
                if found.traps or state.deck else None)
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


def _shown(value: object, pictures: int = 1) -> str:
    """Something that is not a card of this game, as a learner may read it."""
    text = any_name(value, pictures)
    return text if len(text) <= 40 else text[:37] + "..."


def _names(state: InTrappolaState, cards: Any) -> str:
    return cards_text(cards, state.pictures)


def _trap_violation(state: InTrappolaState, move: Trap) -> Violation:
    """Why a trap that is not among the hunter's traps is not legal."""
    pictures, hand = state.pictures, state.hands[state.turn]
    player = state.players[state.turn]  # named in the refusals (a drill asks about a player)
    if not move.prey:  # cards put down without naming a prey
        if not move.cards:
            return Violation("intrappola.trap", {"player": player})
        if not is_card(move.cards[0], pictures):
            return Violation("intrappola.cards", {"card": _shown(move.cards[0], pictures)})
        return Violation("intrappola.trap.must-spring", {"card": _names(state, move.cards[:1]),
                                                         "player": player})
    if len(move.prey) > 2:
        return Violation("intrappola.trap.pair", {"count": len(move.prey)})
    if not move.cards:
        return Violation("intrappola.trap", {"player": player})
    for card in (*move.cards, *move.prey):
        if not is_card(card, pictures):
            return Violation("intrappola.cards", {"card": _shown(card, pictures)})
    for card in move.cards:
        if card not in hand:
            return Violation("intrappola.hand", {"card": _names(state, [card]), "player": player})
    for prey in move.prey:
        if prey in state.table:
            return Violation("intrappola.trap.prey", {"prey": _names(state, [prey])})
        if prey in hand:
            return Violation("intrappola.trap.prey-own", {"prey": _names(state, [prey]),
                                                          "player": player})
    shape = geometry(pictures)
    if len(move.prey) == 2 and move.prey[1] not in shape.neighbours[move.prey[0]]:
        return Violation("intrappola.trap.choose", {"first": _names(state, move.prey[:1]),
                                                    "second": _names(state, move.prey[1:]),
                                                    "player": player})
    touching = {n for p in move.prey for n in shape.neighbours[p]}
    for card in move.cards:
        if card not in touching:
            return Violation("intrappola.trap.must-spring", {"card": _names(state, [card]),
                                                             "player": player})
    closed = set(state.table) | set(move.cards) | set(move.prey)
    for prey in move.prey:
        for _, other in sides(prey, pictures):
            if other is not None and other not in closed:
                return Violation("intrappola.trap.closed", {
                    "prey": _names(state, [prey]), "open": _names(state, [other])})
    # not reached: a trap passing all of the above is listed
    return Violation("intrappola.trap", {"player": player})


# ---- what a legal move does -------------------------------------------------------------------
def play(state: InTrappolaState, move: Move) -> InTrappolaState:
    """The state after a move already known to be legal."""
    if type(move) is Trap:
        assert isinstance(move, Trap)
        return set_trap(state, move)
    if type(move) is Discard:
        assert isinstance(move, Discard)
        return discard(state, move)
    return evolve(state, turn=state.opponent, last=evolve(_TURN, kind="pass", hunter=state.turn))


def _without(cards: tuple[int, ...], gone: Any) -> tuple[int, ...]:
    return tuple([c for c in cards if c not in gone]) if cards else cards


def _with(cards: tuple[int, ...], *more: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, *more)))


#: a turn's record, copied with its parts by ``evolve`` (no frozen dataclass checks: the hot path)
_TURN = LastTurn("pass", 0)


def set_trap(state: InTrappolaState, trap: Trap) -> InTrappolaState:
    """Outcome A (the other hand holds the whole prey) or B (it does not).

    What each player has seen for certain stays true only while the card stays where it was
    seen: a card known in a hand leaves that knowledge with the hand, a card known under the
    deck when it is drawn - and then whoever put it there knows who holds it.
    """
    hunter = state.turn
    other = 1 - hunter
    mine, theirs = state.hands[hunter], state.hands[other]
    cards, prey = trap.cards, trap.prey
    deck, known, under = state.deck, list(state.known), list(state.under)
    if all(p in theirs for p in prey):
        # A1 the prey goes to its place; A2 the hunter scores; A3 draws; A4 the turn passes,
        # the trap cards staying on the table
        mine = _without(mine, cards)
        theirs = _without(theirs, prey)
        known[hunter] = _without(known[hunter], prey)
        known[other] = _without(known[other], cards)
        drawn = None
        if deck:  # A3 (skipped when the deck is empty)
            drawn, deck = deck[0], deck[1:]
            mine = _with(mine, drawn)
            if drawn in under[other]:
                known[other] = _with(known[other], drawn)
            under = [_without(u, (drawn,)) for u in under]
        score = geometry(state.pictures).points
        hands = (mine, theirs) if hunter == 0 else (theirs, mine)
        return evolve(state, hands=hands, deck=deck, table=_with(state.table, *cards, *prey),
                      caught=set_item(state.caught, hunter, _with(state.caught[hunter], *prey)),
                      known=tuple(known), under=tuple(under), turn=other, quiet=0,
                      last=evolve(_TURN, kind="caught", hunter=hunter, cards=cards, prey=prey,
                                  points=sum(score[c] for c in prey), drawn=drawn))
    # B1 both hands are shown (the trap cards are still on the table), so each player now
    # knows the other's hand; B2 the hunter takes the trap cards back; B3 the other player
    # gains the top card; B4 the next one goes face up to its place; B5 the turn passes
    shown = {hunter: _without(mine, cards), other: theirs}
    known[hunter], known[other] = theirs, mine
    gained = placed = None
    table = state.table
    if deck:  # B3
        gained, deck = deck[0], deck[1:]
        theirs = _with(theirs, gained)
        if gained in under[hunter]:
            known[hunter] = _with(known[hunter], gained)
        if deck:  # B4
            placed, deck = deck[0], deck[1:]
            table = _with(table, placed)
        under = [_without(u, (gained, placed)) for u in under]
    hands = (mine, theirs) if hunter == 0 else (theirs, mine)
    return evolve(state, hands=hands, deck=deck, table=table, known=tuple(known),
                  under=tuple(under), turn=other, quiet=0,
                  last=evolve(_TURN, kind="missed", hunter=hunter, cards=cards, prey=prey,
                              gained=gained, placed=placed, shown=(shown[0], shown[1])))


def discard(state: InTrappolaState, move: Discard) -> InTrappolaState:
    """Put the card under the deck, draw the top one."""
    hunter = state.turn
    other = 1 - hunter
    card = move.card
    mine = _without(state.hands[hunter], (card,))
    known, under = list(state.known), list(state.under)
    under[hunter] = _with(under[hunter], card)
    # the other player does not see which card went under: any card they knew in the
    # hunter's hand may be the one, so none of them is certain any more
    known[other] = ()
    drawn, deck = state.deck[0], (*state.deck[1:], card)  # a discard needs a deck
    mine = _with(mine, drawn)
    if drawn in under[other]:
        known[other] = (drawn,)
    under = [_without(u, (drawn,)) for u in under]
    hands = (mine, state.hands[other]) if hunter == 0 else (state.hands[other], mine)
    return evolve(state, hands=hands, deck=deck, known=tuple(known), under=tuple(under),
                  turn=other, quiet=state.quiet + 1,
                  last=evolve(_TURN, kind="discard", hunter=hunter, cards=(card,), drawn=drawn))


# ---- what no state may be ----------------------------------------------------------------------
def problems(state: InTrappolaState) -> list[str]:
    """What no InTrappola state may be, whoever made it (play, a position, a saved state), as
    sentences in the author's language (a written position is refused with the first); empty
    when all holds. Play keeps all of them: they are the game's invariants too."""
    shape = shape_problems(state)
    if shape:
        return shape
    found = []
    everything = [*state.table, *state.deck, *state.hands[0], *state.hands[1]]
    cards = set(all_cards(state.pictures))
    extra = [c for c in everything if c not in cards]
    if extra:
        return [T.n_("cards that do not exist with {n} picture: {cards}",
                     "cards that do not exist with {n} pictures: {cards}",
                     state.pictures, n=state.pictures, cards=extra)]
    twice = [c for c, n in Counter(everything).items() if n > 1]
    if twice:
        found.append(T._("cards in more than one place: {cards}",
                         cards=cards_text(twice, state.pictures)))
    missing = cards - set(everything)
    if missing:
        found.append(T._("cards that are nowhere: {cards}",
                         cards=cards_text(missing, state.pictures)))
    for p, name in enumerate(state.players):
        if not set(state.caught[p]) <= set(state.table):
            found.append(T._("{player}'s caught prey must lie on the table", player=name))
        # a prey is caught closed in on every side, and the trap's cards stay on the table (A4)
        open_sides = [c for c in state.caught[p]
                      if not set(neighbours(c, state.pictures)) <= set(state.table)]
        if open_sides:
            found.append(T._("{player} cannot have caught {cards}: a caught prey's neighbours "
                             "stay on the table", player=name,
                             cards=cards_text(open_sides, state.pictures)))
        if not set(state.known[p]) <= set(state.hands[1 - p]):
            found.append(T._("{player} cannot know cards that are not in the other hand",
                             player=name))
        if not set(state.under[p]) <= set(state.deck):
            found.append(T._("{player} cannot know cards under the deck that are not in it",
                             player=name))
    if set(state.caught[0]) & set(state.caught[1]):
        found.append(T._("a prey can be caught by one player only"))
    if both := set(state.under[0]) & set(state.under[1]):
        # a card goes under the deck from one hand, and leaves everyone's 'under' when drawn
        found.append(T._("under: a card is put under the deck by one player only, not by both: "
                         "{cards}", cards=cards_text(both, state.pictures)))
    if state.turn not in (0, 1) or state.quiet < 0:
        found.append(T._("turn must be 0 or 1 and quiet at least 0"))
    elif not record_fits(state):
        found.append(T._("{field}: the record of the last turn does not fit the position: "
                         "{record}", field="last", record=state.last))
    return found


def record_fits(state: InTrappolaState) -> bool:
    """Whether the record of the last turn is what that turn left (nothing has moved since):
    the turn passed to the other player (A4, B5, a discard, a pass); a catch's prey among the
    hunter's and its cards on the table (A1, A4), the card drawn in the hunter's hand (A3); a
    miss's cards back in the hunter's hand (B2), the card gained in the other's (B3), the one
    put face up on the table (B4); a discard's card under the deck, the card drawn in hand."""
    last = state.last
    if last is None:
        return True
    hunter, other = last.hunter, 1 - last.hunter
    table, mine = set(state.table), state.hands[hunter]
    drawn = last.drawn is None or last.drawn in mine
    if state.turn != other:
        return False
    if last.kind == "caught":
        return set(last.prey) <= set(state.caught[hunter]) and set(last.cards) <= table and drawn
    if last.kind == "missed":
        return (set(last.cards) <= set(mine)
                and (last.gained is None or last.gained in state.hands[other])
                and (last.placed is None or last.placed in table))
    if last.kind == "discard":
        return len(last.cards) == 1 and state.deck[-1:] == last.cards and drawn
    return True


def shape_problems(state: InTrappolaState) -> list[str]:
    """What a state read from outside (JSON) may get wrong that play and positions never do:
    the number of pictures, two players, a record of the last turn of a known kind whose
    cards are cards of the game."""
    if not 1 <= state.pictures <= MAX_PICTURES:
        return [T._("{field}: from 1 to {most}, not {value}", field="pictures", most=MAX_PICTURES,
                    value=state.pictures)]
    if state.quiet > MOST_QUIET:  # as a position may write it
        return [T._("{field}: at most {most} discards in a row, not {value}", field="quiet",
                    most=MOST_QUIET, value=state.quiet)]
    if (len(state.players) != 2 or state.players[0] == state.players[1]
            or not all(type(p) is str and NAME.fullmatch(p) for p in state.players)):
        # one word each, as the options ask: a position names them on one line
        return [T._("{field}: two different one-word names, not {names}", field="players",
                    names=list(state.players))]
    for key in ("caught", "known", "under"):
        for name, cards in zip(state.players, getattr(state, key)):
            if len(set(cards)) < len(cards):  # a hand and the table are counted by problems
                return [T._("{field}: {player}'s cards have one written twice: {cards}",
                            field=key, player=name, cards=list(cards))]
    last = state.last
    if last is None:
        return []
    cards = (*last.cards, *last.prey, *(c for c in (last.drawn, last.gained, last.placed)
                                           if c is not None), *(c for h in last.shown for c in h))
    if (last.kind not in ("caught", "missed", "discard", "pass") or last.hunter not in (0, 1)
            or len(last.shown) not in (0, 2) or not all(is_card(c, state.pictures) for c in cards)):
        return [T._("{field}: not a record of a turn of this game: {record}", field="last",
                    record=last)]
    if any(len(set(group)) < len(group) for group in (last.cards, last.prey, *last.shown)):
        return [T._("{field}: a card written twice in the record of the turn: {record}",
                    field="last", record=last)]
    score = geometry(state.pictures).points
    worth = sum(score[c] for c in last.prey) if last.kind == "caught" else 0
    if last.points != worth:  # what the prey caught are worth (A2); no other turn scores
        return [T._("{field}: points {points} where the turn scored {worth}", field="last",
                    points=last.points, worth=worth)]
    return []
