"""Canyon's rules: the one check (:func:`violation`) shared by listing and applying moves,
and what a move does (:func:`play`) - the tempo, the tricks, the canoes' moves, the round
stone moving on and the end.

Every refusal names its rule in ``rules.toml``; a choice the rulebook leaves open is decided
by a rule that carries a labelled reading (``python -m tutor readings``).

>>> [movement_points(tempo, won) for tempo, won in ((2, 3), (1, 1), (0, 0), (4, 2))]
[3, 3, 1, 2]
>>> bonus(0), bonus(1), bonus(2), bonus(7)
(1, 2, 3, 3)
"""
from __future__ import annotations

from typing import Any

from tutor.core.frozen import set_item
from tutor.core.game import Violation
from tutor.core.i18n import Said, translator

from . import variants
from .board import CAVE as CAVE_FIELD, DOCK, ENTERABLE, START, WATERFALL, Board
from .cards import DECK, TEMPO_CARDS, Card, trick_winner
from .current import drift, drift_chain, in_current, must_drift
from .movement import Plan, exact_path, plan_move, reach_map
from .moves import Drift, Launch, Move, Paddle, Play, Stay, Tempo
from .notation import phase_display, said_card, said_colour, said_players
from .setup import deal
from .state import CAVE, OFF, CanyonState, Phase

T = translator("canyon")  # what no state may be is said in the author's language

#: the move classes each phase takes
WANTED: dict[Phase, tuple[type, ...]] = {
    Phase.LAUNCH: (Launch,), Phase.TEMPO: (Tempo,), Phase.TRICKS: (Play,),
    Phase.MOVE: (Paddle, Stay, Drift), Phase.OVER: ()}


# ---- tempo and bonus (Fase 2, Fase 4) -------------------------------------------------------
def bonus(tempo: int) -> int:
    """The bonus for making a tempo exactly: 0 -> +1, 1 -> +2, 2 or more -> +3."""
    return min(tempo, 2) + 1


def made(tempo: int | None, won: int) -> bool:
    """Whether a player won exactly the tricks announced."""
    return tempo is not None and tempo == won


def movement_points(tempo: int, won: int, in_current: bool = False) -> int:
    """Tricks won, plus the bonus if the tempo was made exactly. A canoe that starts in
    the current moves only its bonus, and only if it made its tempo (else it drifts: 0)."""
    extra = bonus(tempo) if tempo == won else 0
    return extra if in_current else won + extra


def tempo_violation(cards: Any) -> Violation | None:
    """Each player has one tempo card of each value 0-4; a tempo up to 4 is shown with
    one card, 5 to 7 with two (a reading, ``canyon.round.tempo``).

    >>> tempo_violation((4, 2)) is None, tempo_violation((3, 3)).rule_id
    (True, 'canyon.round.tempo.cards')
    >>> tempo_violation((2, 1)).rule_id
    'canyon.round.tempo'
    """
    if type(cards) is tuple and cards in _TEMPO_VERDICTS:
        return _TEMPO_VERDICTS[cards]
    return _tempo_violation(cards)


def _tempo_violation(cards: Any) -> Violation | None:
    if not isinstance(cards, tuple) or not all(type(v) is int for v in cards):
        return Violation("canyon.round.tempo.cards", {"cards": repr(cards)})
    if len(cards) == 1 and cards[0] in TEMPO_CARDS:
        return None
    shown = "+".join(map(str, cards))
    if any(value not in TEMPO_CARDS for value in cards) or len(set(cards)) < len(cards):
        return Violation("canyon.round.tempo.cards", {"cards": shown})
    if len(cards) not in (1, 2) or (len(cards) == 2 and sum(cards) < 5):
        return Violation("canyon.round.tempo", {"tempo": sum(cards), "count": len(cards)})
    return None


#: every tempo a player may lay, and some they may not (two cards for a small tempo): the
#: candidates, with their verdicts made once, in the order of the tempo they show (a list of
#: moves reads 0, 1, ... 5, 5 with 3+2, 6, 7: one card before two, the higher card first)
TEMPOS: tuple[tuple[int, ...], ...] = tuple(sorted(
    (*((c,) for c in TEMPO_CARDS),
     *((a, b) for a in TEMPO_CARDS[::-1] for b in TEMPO_CARDS[::-1] if a > b)),
    key=lambda cards: (sum(cards), len(cards), [-c for c in cards])))
_TEMPO_VERDICTS = {cards: _tempo_violation(cards) for cards in TEMPOS}


# ---- the canoes -----------------------------------------------------------------------------
def blocking(state: CanyonState, player: int) -> frozenset[int]:
    """The fields of the other canoes (the rock cave holds any number)."""
    return frozenset(f for i, f in enumerate(state.canoes) if i != player and f >= 0)


def points(state: CanyonState, player: int) -> int:
    """This round's movement points (in the current: only the bonus, if the tempo was made),
    as they stood when the move phase began."""
    return state.points[player] if state.points else 0


#: the last plan made, for the state it was made for (states are immutable: the same object
#: is the same position); listing a canoe's moves asks for it once per candidate
_last_plan: tuple[object, int, Plan | None] = (None, -1, None)


def plan(state: CanyonState, player: int) -> Plan:
    """The legal end fields (and a path to each) of a player's canoe this round."""
    global _last_plan
    seen, who, found = _last_plan
    if seen is state and who == player and found is not None:  # states are immutable
        return found
    start = state.canoes[player]
    if start == CAVE and state.board.cave is not None:
        start = state.board.cave
    found = plan_move(state.board, start, points(state, player), blocking(state, player))
    _last_plan = (state, player, found)
    return found


def distance_to_village(state: CanyonState, player: int) -> int:
    """Fields from the player's canoe to the nearest landing dock (canoes not counted)."""
    field = state.canoes[player]
    board = state.board
    if field == CAVE:
        return board.village_distance[board.cave] if board.cave is not None else 0
    if field == OFF:
        return min(board.village_distance[s] for s in board.starts) if board.starts else 0
    return board.village_distance[field]


def winners(state: CanyonState) -> tuple[int, ...]:
    """First at a landing dock wins; several in one round: most points left over, then the
    higher tempo announced in that round; still equal: they share the win (a reading,
    ``canyon.end.tie``)."""
    docked = [p for p in range(state.seats) if state.left_over[p] >= 0]
    if not docked:
        return ()
    key = {p: (state.left_over[p], state.tempo_of(p) or 0) for p in docked}
    best = max(key.values())
    return tuple(p for p in docked if key[p] == best)


def score(state: CanyonState, player: int) -> int:
    """Points left over at a landing dock; otherwise minus the fields still to go."""
    if state.left_over[player] >= 0:
        return state.left_over[player]
    return -distance_to_village(state, player)


# ---- the one check ---------------------------------------------------------------------------
def _name(state: CanyonState, player: object) -> str:
    if type(player) is int and 0 <= player < state.seats:
        return state.players[player]
    return repr(player)


def _field_name(board: Board, field: object) -> str:
    if type(field) is int and 0 <= field < len(board.kinds):
        return board.field_name(field)
    return repr(field)


def violation(state: CanyonState, move: Move) -> Violation | None:
    """The first rule ``move`` breaks in ``state``, or None if it is legal."""
    phase = state.phase
    if phase is Phase.OVER:
        return Violation("canyon.end", {"winner": said_players(
            tuple(state.players[w] for w in winners(state)))})
    player = getattr(move, "player", None)
    if player != state.turn or type(player) is not int:
        return Violation("canyon.turn", {"player": state.players[state.turn],
                                         "other": _name(state, player)})
    kind = type(move)
    if kind not in WANTED[phase]:
        return Violation("canyon.round", {"phase": Said(phase_display, phase.value),
                                          "player": state.players[player]})
    if kind is Play:
        return _play_violation(state, move)  # type: ignore[arg-type]
    if kind is Tempo:
        return tempo_violation(move.cards)  # type: ignore[union-attr]
    if kind is Launch:
        return _launch_violation(state, move)  # type: ignore[arg-type]
    return _move_violation(state, move)


def _launch_violation(state: CanyonState, move: Launch) -> Violation | None:
    field = _field_name(state.board, move.dock)
    if move.dock not in state.board.starts:
        return Violation("canyon.setup", {"field": field})
    if move.dock in state.canoes:
        return Violation("canyon.setup.dock", {
            "field": field, "other": state.players[state.canoes.index(move.dock)]})
    return None


#: the cards the player on turn may play, for the last state asked (listing asks once per
#: card in the hand)
_last_playable: tuple[object, tuple[Card, ...]] = (None, ())


def playable(state: CanyonState) -> tuple[Card, ...]:
    """The cards the player on turn may play: the led colour if they hold it, else any."""
    global _last_playable
    seen, cards = _last_playable
    if seen is state:
        return cards
    hand = state.hands[state.turn]
    if state.table:
        led = state.table[0][1].suit
        cards = tuple(c for c in hand if c.suit == led) or hand
    else:
        cards = hand
    _last_playable = (state, cards)
    return cards


def _play_violation(state: CanyonState, move: Play) -> Violation | None:
    card = move.card
    if card in playable(state):
        return None
    params = {"player": state.players[move.player], "card": said_card(card)}
    if card not in state.hands[move.player]:
        return Violation("canyon.trick.hand", params)
    # in the hand but not playable: a card is on the table and the led colour is in the hand
    return Violation("canyon.trick.follow", {**params, "suit": said_colour(state.table[0][1].suit)})


def _move_violation(state: CanyonState, move: Move) -> Violation | None:
    p, board = move.player, state.board
    who = state.players[p]
    drifting = must_drift(state, p)
    if type(move) is Drift:
        return None if drifting else Violation("canyon.current.drift", {"player": who})
    if drifting:
        return Violation("canyon.current.exact", {"player": who, "tempo": state.tempo_of(p),
                                                  "tricks": state.tricks[p]})
    found = plan(state, p)
    if type(move) is Stay:
        if found.blocked:
            return None
        if found.docked:  # it can land: not "points unused" (a dock's steps are fewer)
            return Violation("canyon.move.dock", {
                "player": who, "best": board.field_name(min(found.ends, key=found.used))})
        usable = min(found.used(e) for e in found.ends)
        return Violation("canyon.move.all-points", {"player": who, "points": usable})
    end = move.end  # type: ignore[union-attr]
    if end in found.ends and not found.blocked:
        return None
    name = _field_name(board, end)
    if end == found.start:  # a reading: the start field counts as entered
        return Violation("canyon.move.twice", {"field": name})
    if type(end) is not int or not 0 <= end < len(board.kinds):
        return Violation("canyon.move.water", {"field": name})
    kind = board.kinds[end]
    if kind not in ENTERABLE:
        if kind == START:  # a reading: start docks are only left
            return Violation("canyon.move.start-dock", {"field": name})
        if kind in (CAVE_FIELD, WATERFALL):  # a reading: reached only over the waterfall
            return Violation("canyon.current.waterfall", {"field": name})
        return Violation("canyon.move.water", {"field": name})
    if end in state.canoes:
        return Violation("canyon.move.one-canoe", {
            "field": name, "other": state.players[state.canoes.index(end)]})
    params: dict[str, object] = {"player": who, "field": name, "points": found.points}
    distance = _reach(board, found, end)
    if distance is None:
        return Violation("canyon.move.through", params)
    if distance > found.points:
        rule = "canyon.current.bonus" if in_current(state, p) else "canyon.move.reach"
        return Violation(rule, {**params, "distance": distance})
    best = min(found.ends)
    params.update(best=board.field_name(best), near=board.village_distance[best],
                  distance=board.village_distance[end])
    if found.docked:  # a reading: a landing dock in reach ends the move there
        return Violation("canyon.move.dock", params)
    used = found.used(best)
    if exact_path(board, found.start, end, used, found.canoes) is not None:
        return Violation("canyon.move.optimal", params)
    return Violation("canyon.move.all-points", {**params, "points": used})


def _reach(board: Board, found: Plan, end: int) -> int | None:
    """Fewest steps from the canoe to ``end`` round the other canoes (None: no way). A
    search to one step beyond the canoe's points first (all a refusal needs to tell a field
    in reach from one too far), the whole river only if ``end`` is not found there."""
    for key, limit in (("near", found.points + 1), ("all", 10**6)):
        dist = found.memo.get(key)
        if dist is None:
            dist = found.memo[key] = reach_map(board, found.start, found.canoes, limit)
        steps: int | None
        if board.kinds[end] != DOCK:
            steps = dist.get(end)
        else:
            steps = min((dist[n] + 1 for n in board.around[end]
                         if n in dist and end in board.neighbours[n]), default=None)
        if steps is not None:
            return steps
    return None


# ---- what a move does ------------------------------------------------------------------------
def play(state: CanyonState, move: Move) -> CanyonState:
    """The state after a legal move."""
    p, kind = move.player, type(move)
    if kind is Play:
        return _play_card(state, move)  # type: ignore[arg-type]
    nxt = (p + 1) % state.seats
    if kind is Tempo:  # the last tempo laid: the tricks begin
        return state.but(tempo=set_item(state.tempo, p, move.cards),  # type: ignore[union-attr]
                         turn=nxt, phase=Phase.TRICKS if nxt == state.start_player else state.phase)
    if kind is Launch:  # the last canoe placed: the first round is dealt
        dock = move.dock  # type: ignore[union-attr]
        state = state.but(canoes=set_item(state.canoes, p, dock), last_path=(dock,))
        return deal(state, 1, 1) if nxt == state.start_player else state.but(turn=nxt)
    if kind is Drift:
        return next_mover(drift(state, p))
    if kind is Stay:
        here = state.canoes[p]
        return next_mover(state.but(moved=set_item(state.moved, p, True),
                                    last_path=(here,) if here >= 0 else (), pushed=()))
    found = plan(state, p)
    end = move.end  # type: ignore[union-attr]
    left = found.left_over(end) if found.docked else -1
    return next_mover(state.but(canoes=set_item(state.canoes, p, end),
                                moved=set_item(state.moved, p, True), last_path=found.ends[end],
                                pushed=(), left_over=set_item(state.left_over, p, left)))


def _play_card(state: CanyonState, move: Play) -> CanyonState:
    p = move.player
    hand = tuple(c for c in state.hands[p] if c != move.card)
    table = (*state.table, (p, move.card))
    state = state.but(hands=set_item(state.hands, p, hand), table=table)
    if len(table) < state.seats:
        return state.but(turn=(p + 1) % state.seats)
    assert state.trump is not None
    winner = trick_winner(table, state.trump.suit)
    state = state.but(table=(), last_trick=table, last_winner=winner,
                      played=(*state.played, *(c for _, c in table)),
                      tricks=set_item(state.tricks, winner, state.tricks[winner] + 1),
                      turn=winner)
    if any(state.hands):
        return state
    return start_moves(state)


def next_mover(state: CanyonState) -> CanyonState:
    """The next canoe to move (start player first, the dealer last); after the last one,
    the game ends if a canoe reached the village, else the next round is dealt."""
    for k in range(state.seats):
        p = (state.start_player + k) % state.seats
        if not state.moved[p]:
            return state.but(turn=p)
    if any(left >= 0 for left in state.left_over):
        return state.but(phase=Phase.OVER)
    dealer = state.start_player  # the last start player deals
    state = state.but(dealer=dealer, start_player=(dealer + 1) % state.seats)
    return deal(state, state.round_no + 1, variants.rules_of(state).next_counter(state.counter))


def start_moves(state: CanyonState) -> CanyonState:
    """All tricks are played: fix every canoe's points and let the start player move first."""
    fixed = tuple(movement_points(sum(state.tempo[p]), state.tricks[p], in_current(state, p))
                  if state.tempo[p] else 0 for p in range(state.seats))
    return next_mover(state.but(phase=Phase.MOVE, turn=state.start_player, last_path=(),
                                points=fixed))


# ---- the rules a legal move shows --------------------------------------------------------------
def move_rules(state: CanyonState, move: Move) -> tuple[str, ...]:
    """The rules a legal move shows: the rule of the move itself, then what it sets off (the
    deal after the last canoe is placed, the round stone after the last canoe moves)."""
    kind = type(move)
    if kind is Launch:
        last = (move.player + 1) % state.seats == state.start_player
        return ("canyon.setup", "canyon.round.deal") if last else ("canyon.setup",)
    if kind is Tempo:
        return ("canyon.round.tempo",)
    if kind is Play:  # a lead follows nothing: the follow rule is a later card's
        return ("canyon.round.tricks", "canyon.trick.follow") if state.table else \
            ("canyon.round.tricks",)
    p = move.player
    if kind is Drift:  # a push and the waterfall only where the drift sets them off
        chain = drift_chain(state, p)
        found: tuple[str, ...] = (
            "canyon.current.drift", *(("canyon.current.push",) if len(chain) > 1 else ()),
            *(("canyon.current.waterfall",) if any(to == CAVE for _, _, to in chain) else ()))
    elif kind is Stay:  # blocked, or no point to use (no trick won, the tempo missed)
        found = ("canyon.move.all-points",) if points(state, p) else ("canyon.round.move",)
    elif in_current(state, p):
        found = ("canyon.current.exact", "canyon.current.bonus", "canyon.move.optimal")
    else:  # the points: the tricks won, and the bonus only for a tempo made exactly
        found = ("canyon.move.bonus" if made(state.tempo_of(p), state.tricks[p])
                 else "canyon.round.move", "canyon.move.rules", "canyon.move.optimal")
    if kind is Paddle and state.board.kinds[move.end] == DOCK:  # type: ignore[union-attr]
        found = (*found[:-1], "canyon.end", "canyon.move.dock")  # at the village: the goal
    if play(state, move).phase is Phase.TEMPO:  # the last canoe moved: the round stone moves on
        found = (*found, *variants.rules_of(state).rules_after(state.counter))
    return found


#: the fields a canoe may stand on: where it paddles to, and the start docks
STANDS_ON = frozenset({*ENTERABLE, START})


# ---- what no state may be, and what play conserves ---------------------------------------------
def problems(state: CanyonState) -> list[str]:
    """What no Canyon state may be, whoever made it (play, a position, a saved state), as
    sentences in the author's language (empty: all holds): its shape (:func:`_shape`); the 50
    cards each in one place; no tempo laid that cannot be; no count below zero; never two
    canoes on one field but in the rock cave, and each on a field it may stand on; the trump
    turned up once the cards are dealt; the round stone never on a field the game skips; every
    tempo laid once the tricks begin; points left over only at a landing dock, and never more
    than the points (a game over has a canoe there); the round's cards in the hands and the
    tricks; the start player on the dealer's left, and the first dealer the highest draw; the
    last trick a card from each player in turn; and the turn of the one whose decision it is
    (a saved game must not let a canoe move twice, or a player lay two tempos)."""
    found = _shape(state)
    if found:
        return found
    cards = [*(c for hand in state.hands for c in hand), *state.stock, *state.played,
             *(c for _, c in state.table), *([state.trump] if state.trump else [])]
    if sorted(cards) != sorted(DECK):
        found.append(T.n_("the cards are not the deck of 50 once each ({n} card)",
                          "the cards are not the deck of 50 once each ({n} cards)", len(cards)))
    for p, laid in enumerate(state.tempo):
        if laid and tempo_violation(laid) is not None:
            found.append(T._("{player} laid tempo cards {cards}, which the rules do not allow",
                             player=state.players[p], cards=laid))
    if min(state.tricks) < 0 or min(state.left_over) < -1 or min(state.points, default=0) < 0:
        found.append(T._("tricks and points cannot be negative"))
    placed = [f for f in state.canoes if f >= 0]
    if len(placed) != len(set(placed)):
        found.append(T._("two canoes on one field: {canoes}", canoes=state.canoes))
    for p, f in enumerate(state.canoes):
        if (f == CAVE and state.board.cave is None) or (
                f >= 0 and state.board.kinds[f] not in STANDS_ON):
            # Translators: {field} is the number of a field of the map
            found.append(T._("{player}'s canoe stands on {field}, not water",
                             player=state.players[p], field=f))
    if state.phase in (Phase.TRICKS, Phase.MOVE, Phase.OVER) and not all(state.tempo):
        found.append(T._("every player lays a tempo before the tricks are played"))
    for p, left in enumerate(state.left_over):
        if state.points and left > state.points[p]:
            found.append(T._("{player} has {points} movement points: no more than that can be "
                             "left over", player=state.players[p], points=state.points[p]))
        f = state.canoes[p]
        if left >= 0 and not (f >= 0 and state.board.kinds[f] == DOCK):
            found.append(T._("{player} has points left over but is not at a landing dock",
                             player=state.players[p]))
    if state.phase is Phase.OVER and not any(left >= 0 for left in state.left_over):
        found.append(T._("the game is over only when a canoe is at a landing dock"))
    if (state.trump is None) != (state.phase is Phase.LAUNCH):
        found.append(T._("the trump card is turned up once the cards are dealt"))
    if state.skip and state.counter in variants.SKIPPED:
        found.append(skipped_field(state.counter))
    found += _dealt_problems(state)
    if state.start_player != (state.dealer + 1) % state.seats:
        found.append(T._("the start player sits on the dealer's left"))
    trick = [p for p, _ in state.last_trick]
    if trick and (trick != [(trick[0] + k) % state.seats for k in range(state.seats)]
                  or not sum(state.tricks)):  # a card from each, in turn from the leader
        found.append(T._("the last trick has a card from every player, and needs a trick won"))
    order = [(state.start_player + k) % state.seats for k in range(state.seats)]
    if state.phase is Phase.TEMPO:
        shown = [p for p in order if state.tempo[p]]
        if shown != order[:len(shown)]:
            found.append(T._("tempos are laid in turn from the start player, and someone must "
                             "still lay one"))
    if state.phase is Phase.LAUNCH:
        placed = [p for p in order if state.canoes[p] != OFF]
        if placed != order[:len(placed)]:
            found.append(T._("in the launch phase canoes are placed in turn from the start "
                             "player, and someone must still place one"))
        if any(state.canoes[p] not in state.board.starts for p in placed):
            found.append(T._("a canoe is first placed on a start dock"))
    if state.draws and state.round_no <= 1 and state.draws[state.dealer].value != max(
            c.value for c in state.draws):
        found.append(T._("{player} drew {card}, not the highest card: the highest draw deals",
                         player=state.players[state.dealer],
                         card=said_card(state.draws[state.dealer])))
    decides = _who_decides(state)
    if decides == -1:
        found.append(T._("every player has had the {phase} phase: the game goes on to the next",
                         phase=Said(phase_display, state.phase.value)))
    elif decides is not None and decides != state.turn:
        found.append(T._("it is {player}'s turn in the {phase} phase, not {other}'s",
                         player=state.players[decides], phase=Said(phase_display, state.phase.value),
                         other=state.players[state.turn]))
    return found


def _dealt_problems(state: CanyonState) -> list[str]:
    """The cards of a round: as many in every hand as the round stone says (counting the
    table and the tricks won), all played in the move phase, and a trick's cards from every
    player. (A position's move phase may count more tricks than the round deals: the
    rulebook's current example does.)"""
    if state.phase not in (Phase.TEMPO, Phase.TRICKS, Phase.MOVE):
        return []
    n = variants.cards_in_round(state.counter)
    on_table = {p for p, _ in state.table}
    held = {len(h) + (p in on_table) + sum(state.tricks) for p, h in enumerate(state.hands)}
    if (held != {n} and state.phase is not Phase.MOVE) or any(
            state.hands if state.phase is Phase.MOVE else ()) or len(state.played) != (
            state.seats * sum(state.tricks)):
        return [T.n_("the cards in the hands and the tricks are not the round's: {n} card each",
                     "the cards in the hands and the tricks are not the round's: {n} cards each",
                     n)]
    return []


def _who_decides(state: CanyonState) -> int | None:
    """Whose decision it is by the rules (None: the game is over; -1: nobody's, every
    player has had the phase): from the start player, the first canoe to place, tempo to lay
    or canoe to move; in a trick, the next after the cards on the table (None before its
    lead)."""
    order = [(state.start_player + k) % state.seats for k in range(state.seats)]
    waiting: list[int]
    if state.phase is Phase.LAUNCH:
        waiting = [p for p in order if state.canoes[p] == OFF]
    elif state.phase is Phase.TEMPO:
        waiting = [p for p in order if not state.tempo[p]]
    elif state.phase is Phase.MOVE:
        waiting = [p for p in order if not state.moved[p]]
    elif state.phase is Phase.TRICKS:
        # the next after the cards on the table; a trick's leader (the last trick's winner)
        # a position may leave unwritten
        return (state.table[-1][0] + 1) % state.seats if state.table else None
    else:
        return None
    return waiting[0] if waiting else -1


def skipped_field(counter: int) -> str:
    """Why the round stone is not on ``counter`` in a game that skips rounds 6-9."""
    return T._("rounds 6 to 9 are skipped in this game: the round stone goes from field 5 "
               "straight to field 10, never to field {counter}", counter=counter)


def _shape(state: CanyonState) -> list[str]:
    """What a state read from outside (JSON) may get wrong that play and positions never do:
    3 to 6 players with an entry each, seats, the round counter and fields in range."""
    n = state.seats
    if not 3 <= n <= 6:
        return [T._("there must be 3 to 6 players, not {n}", n=n)]
    names = state.players  # as the options take them: a position and a move text name them so
    if any(type(p) is not str or not p or len(p.split()) != 1 or set(p) & set(":#")
           for p in names) or len({p.lower() for p in names if type(p) is str}) < n:
        return [T._("player names must be different, not empty, one word each, "
                    "without ':' or '#'")]
    per_player = {"hands": state.hands, "tempo": state.tempo, "tricks": state.tricks,
                  "canoes": state.canoes, "moved": state.moved, "left_over": state.left_over}
    found = [T.n_("{field}: {n} entry for {players} players",
                  "{field}: {n} entries for {players} players", len(items), field=key, players=n)
             for key, items in per_player.items() if len(items) != n]
    if len(state.points) != (n if state.phase in (Phase.MOVE, Phase.OVER) else 0):
        found.append(T._("{field}: one entry per player in the move phase, none before",
                         field="points"))
    if len(state.draws) not in (0, n):
        found.append(T._("{field}: one card per player (who deals first), or none",
                         field="draws"))
    seats = (state.dealer, state.start_player, state.turn, *state.pushed,
             *(p for p, _ in state.table), *(p for p, _ in state.last_trick))
    if any(not 0 <= seat < n for seat in seats) or not -1 <= state.last_winner < n:
        found.append(T._("a seat out of 0-{last} ({fields})", last=n - 1,
                         fields="dealer, start player, turn, tricks, pushed"))
    if max((*state.tricks, *state.points, *state.left_over), default=0) > 50:  # as a position
        found.append(T._("tricks, points and points left over are at most 50"))  # writes them
    if not 1 <= state.counter <= len(variants.COUNTER) or not 0 <= state.round_no <= 10_000:
        found.append(T._("the round stone cannot be on field {counter} in round {round}",
                         counter=state.counter, round=state.round_no))
    size = len(state.board.kinds)
    if any(f not in (CAVE, OFF) and not 0 <= f < size for f in state.canoes) or any(
            not 0 <= f < size for f in state.last_path):
        found.append(T._("a field out of the map ({fields})", fields="canoes, last path"))
    return found


def invariants(state: CanyonState) -> list[str]:
    """What is wrong with a state play reached, as sentences for developers (empty: all
    holds): :func:`problems`, and: every canoe placed after the launch; the cards dealt are
    the counter's; the tricks won are the cards played; in the trick phase every player holds
    as many cards, counting the table; a game over has a winner at a landing dock."""
    found = _shape(state)
    if found:
        return found
    found = problems(state)
    if state.phase in (Phase.TEMPO, Phase.TRICKS, Phase.MOVE):
        if OFF in state.canoes:
            found.append("a canoe is not placed after the launch")
        dealt = len(state.played) + sum(map(len, state.hands)) + len(state.table)
        if dealt != state.seats * variants.cards_in_round(state.counter):
            found.append(f"{dealt} cards dealt on counter field {state.counter}")
    if state.phase is Phase.OVER and not winners(state):
        found.append("the game is over but nobody is at a landing dock")
    return found
