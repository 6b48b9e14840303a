"""Canyon positions in the core grammar (``docs/position-text.md``): a table an author writes
by hand for a walkthrough, and :func:`position_text` writing a state back. Every line is
optional::

    players: Anne Carl Marc Herman   # seat order, clockwise (default: from the options)
    dealer: Herman                   # the start player sits on the dealer's left (default: the
                                     # highest card drawn, else the last seat)
    round: 7                         # the round stone's field 1-14: 2 cards each (default 1)
    rounds-played: 3                 # rounds begun so far (default 1; 0 while launching)
    skip: yes                        # the optional rule: skip rounds 6-9
    phase: tricks                    # launch, tempo, tricks, move or over (default tempo)
    trump: green                     # a colour, or the card turned up: green 5
    lead: Anne                       # who leads the trick (default the start player)
    table: Anne blue 7, Carl blue 8  # the trick being played, in order
    last-trick: Marc red 2, ...      # the last trick finished (its cards are among those played)
    moved: Carl Herman               # in the move phase: canoes that have moved already
    path: d11-d12-e13                # the last canoe move, for the board view
    pushed: Herman Carl              # the canoes the last drift pushed on
    seat Anne: canoe e12  tempo 2  tricks 1  hand blue 7, red 2
    seat Carl: canoe cave  tempo 6 with 4+2  points 3  left 1
    seat Marc: draw green 10         # the card drawn for the first dealer (every player's, or none)
    map: default                     # a built-in map, or a map drawn in a block:
    map:
      #S.S#
      #...#
      ##D##

A ``seat`` line gives the canoe's field (``e12``, ``cave``), the tempo laid (``2``, ``6``,
``6 with 4+2``), the tricks won this round, the hand, and in the move phase the movement
points and the points left over at a landing dock. The points default to what tempo and
tricks give where the canoe began its move (in the current only the bonus): its field if it
has not moved, the start of ``path`` if the path is its move, still water if it stands there;
a canoe that has moved into the current, to a landing dock or to the rock cave needs its
``points`` written (or its ``path``) where the two would differ. A canoe at a landing dock
has no points left over unless ``left`` says so, or the ``path`` of its move does.
Canoes not given stand on the free start docks in seat order. Cards not
written (other hands, the trump, the finished tricks, the rest) are dealt from the cards
left, by the seed, so the 50 cards always add up. The tempo phase needs the tempos of a run
of players from the start player; the tricks and move phases need every tempo. In the move
phase the tricks are taken as written even where they add up to more than one round deals
(the rulebook's current example does that).

>>> from tutor.canyon import GAME
>>> s = GAME.parse_position('''
... players: Anne Carl Marc Herman
... round: 7
... phase: tricks
... trump: green
... seat Anne: tempo 1  hand blue 7, red 2
... seat Marc: tempo 0  hand blue 3, red 5
... seat Carl: tempo 1
... seat Herman: tempo 0  hand red 9, yellow 4
... ''')
>>> f = GAME.facts(s)
>>> f["turn"], f["hand.Marc"], f["trump"], len(s.hands[1])
('Anne', 'blue 3, red 5', 'green', 2)
>>> GAME.parse_position("phase: swim")
Traceback (most recent call last):
...
tutor.core.errors.BadState: line 1, column 8: phase is launch, tempo, tricks, move or over, not 'swim'
"""
from __future__ import annotations

import re
from typing import Callable, Mapping

from tutor.core import position as grammar
from tutor.core.errors import BadOption, BadState, MalformedInput
from tutor.core.i18n import translator
from tutor.core.position import Entry, Position, Token
from tutor.core.seeding import rng

from . import notation
from .board import DOCK, STANDING, Board
from .cards import DECK, SUITS, Card, trick_winner
from .moves import Tempo
from .notation import field_text
from .options import read_options
from .rules import movement_points, skipped_field, tempo_violation
from .state import CAVE, OFF, CanyonState, Phase
from .variants import SKIPPED, cards_in_round

T = translator("canyon")  # an author's or a learner's position is refused in their language
PLAIN = ("players", "dealer", "round", "rounds-played", "skip", "phase", "trump", "lead",
         "table", "last-trick", "moved", "path", "pushed", "map")
SEAT = ("canoe", "tempo", "tricks", "hand", "points", "left", "draw")
_CARD = re.compile(r"([^\s,]+)\s+([^\s,]+)")
#: a reader of a player's name, and the recorder of a card written (refusing it twice)
Seat = Callable[[Token], int]
Take = Callable[[Card, Token], Card]


class _Seats:
    """What the seat lines say, per player."""

    def __init__(self, seats: int):
        self.canoes = [OFF] * seats
        self.tempo: list[tuple[int, ...]] = [()] * seats
        self.tricks = [0] * seats
        self.hands: list[tuple[Card, ...] | None] = [None] * seats
        self.points: list[int | None] = [None] * seats
        self.left = [-1] * seats
        self.left_unwritten: set[int] = set()  # at a landing dock without 'left'
        self.draws: list[tuple[Card, Token] | None] = [None] * seats
        self.entry: dict[int, Entry] = {}


def parse_position(text: str, options: Mapping[str, object] | None = None,
                   seed: int = 0) -> CanyonState:
    """The state a position text describes; BadState names the line and column."""
    pos = grammar.parse(text)
    pos.check_keys(plain=PLAIN, subjects=("seat",))
    try:
        players, skip, board = read_options(options)
    except BadOption as exc:
        raise BadState(exc.problem, where=f"options, {exc.where}") from None
    first = _first_line(pos)
    if (entry := pos.get("players")) is not None:
        players = tuple(t.text for t in entry.words())
        if not 3 <= len(players) <= 6 or len({p.lower() for p in players}) != len(players):
            entry.fail(T._("3 to 6 different player names, separated by spaces"))
        if any(":" in p for p in players):  # a move's player ends at its ':'
            entry.fail(T._("player names must be different, not empty, one word each, "
                           "without ':' or '#'"))
    if (entry := pos.get("map")) is not None:
        board = _board(entry)
    seats = len(players)

    def seat(token: Token) -> int:
        for i, p in enumerate(players):
            if p.lower() == token.text.lower():
                return i
        token.fail(T._("no player called {name}; the players are {players}",
                       name=repr(token.text), players=" ".join(players)))

    # ---- the seat lines ----
    given = _Seats(seats)
    used: dict[Card, int] = {}  # card -> line number, to catch a card written twice

    def take(card: Card, token: Token) -> Card:
        if card in used:
            token.fail(T._("{card} is written twice (also on line {line})", card=card,
                           line=used[card]))
        used[card] = token.line
        return card

    for entry in pos.every("seat"):
        p = seat(Token(entry.subject or "", entry.line, entry.subject_column))
        given.entry[p] = entry
        for item, value in entry.fields(SEAT):
            if item == "canoe":
                given.canoes[p] = _field(board, value)
            elif item == "tempo":
                given.tempo[p] = _tempo(board, players, p, value)
            elif item in ("tricks", "points", "left"):
                getattr(given, item)[p] = value.number(lo=0, hi=50, what=item)
            elif item == "draw":
                given.draws[p] = (_card(value), value)
            else:
                given.hands[p] = tuple(take(_card(t), t) for t in _cards(value))

    draws = _draws(given, players)
    phase = Phase.TEMPO
    if (entry := pos.get("phase")) is not None:
        phase = Phase(entry.choice([p.value for p in Phase]))
    rounds = 0 if phase is Phase.LAUNCH else 1
    if (entry := pos.get("rounds-played")) is not None:
        rounds = entry.number(lo=0, hi=10_000)
    first_round = rounds <= 1  # the draws chose this dealer (later the dealer moves on)
    dealer_entry = pos.get("dealer")
    if dealer_entry is not None:
        dealer = seat(dealer_entry.token())
        if first_round and draws and draws[dealer].value != max(c.value for c in draws):
            dealer_entry.fail(T._("{player} drew {card}, not the highest card: the highest draw "
                                  "deals", player=players[dealer],
                                  card=notation.card_display(draws[dealer])))
    elif draws and first_round:
        dealer = _highest(draws, given)
    else:
        dealer = seats - 1
    start = (dealer + 1) % seats
    counter = entry.number(1, 14) if (entry := pos.get("round")) is not None else 1
    if (entry := pos.get("skip")) is not None:
        skip = entry.flag()
    if skip and counter in SKIPPED:
        (pos.get("round") or first).fail(skipped_field(counter))
    phase_line = pos.get("phase") or first

    table = [_play(t, seat, take) for t in entry.items()] if (entry := pos.get("table")) else []
    last = [_play(t, seat, take) for t in entry.items()] if (entry := pos.get("last-trick")) else []
    played_tricks = sum(given.tricks)

    def order_from(lead: int) -> list[int]:
        return [(lead + k) % seats for k in range(seats)]

    moved = [False] * seats
    hand_size = [0] * seats
    leader = start
    turn = start
    canoes = given.canoes
    if phase is Phase.LAUNCH:
        done = [p for p in order_from(start) if canoes[p] != OFF]
        if done != order_from(start)[:len(done)] or len(done) == seats:
            phase_line.fail(T._("in the launch phase canoes are placed in turn from the start "
                                "player, and someone must still place one"))
        turn = order_from(start)[len(done)]
        for p in done:
            if canoes[p] not in board.starts:
                given.entry[p].fail(T._("a canoe is first placed on a start dock"))
    else:
        for p in range(seats):
            if canoes[p] == OFF:
                free = [d for d in board.starts if d not in canoes]
                if not free:
                    (given.entry.get(p) or first).fail(T._(
                        "say where {player}'s canoe is: no free start dock left",
                        player=players[p]))
                canoes[p] = free[0]
        if phase is Phase.TEMPO:
            done = [p for p in order_from(start) if given.tempo[p]]
            if done != order_from(start)[:len(done)] or len(done) == seats:
                phase_line.fail(T._("tempos are laid in turn from the start player, and "
                                    "someone must still lay one"))
            turn = order_from(start)[len(done)]
            if played_tricks:
                phase_line.fail(T._("no tricks are won before the tempos are laid"))
            hand_size = [cards_in_round(counter)] * seats
        else:
            missing = [players[p] for p in range(seats) if not given.tempo[p]]
            if missing:
                phase_line.fail(T._("the {phase} phase needs every tempo; missing: {players}",
                                    phase=notation.phase_display(phase.value),
                                    players=", ".join(missing)))
        if phase is Phase.TRICKS:
            if (entry := pos.get("lead")) is not None:
                leader = seat(entry.token())
            if table:
                leader = table[0][0]
                if [p for p, _ in table] != order_from(leader)[:len(table)] or len(table) == seats:
                    _entry(pos, "table").fail(T._("the trick is played in turn from its leader, "
                                                  "and someone must still play"))
            turn = (leader + len(table)) % seats
            left = cards_in_round(counter) - played_tricks
            if left <= 0:
                dealt = T.n_("round {round} deals {n} card", "round {round} deals {n} cards",
                             cards_in_round(counter), round=counter)
                phase_line.fail(T.n_("{dealt} and {n} trick is won: use phase: move",
                                     "{dealt} and {n} tricks are won: use phase: move",
                                     played_tricks, dealt=dealt))
            on_table = {p for p, _ in table}
            hand_size = [left - (p in on_table) for p in range(seats)]
        if phase in (Phase.MOVE, Phase.OVER):
            if (entry := pos.get("moved")) is not None:
                for token in entry.words():
                    moved[seat(token)] = True
            waiting = [p for p in order_from(start) if not moved[p]]
            if phase is Phase.MOVE:
                if not waiting:
                    _entry(pos, "moved").fail(T._("every canoe has moved: nothing is left to "
                                                  "show"))
                turn = waiting[0]
        for p in range(seats):
            f = canoes[p]
            docked = f >= 0 and board.kinds[f] == DOCK
            if f != CAVE and board.kinds[f] not in STANDING and not docked:
                (given.entry.get(p) or first).fail(T._("a canoe cannot stand on {field}",
                                                       field=board.field_name(f)))
            if docked and given.left[p] < 0:
                given.left[p] = 0  # at a landing dock: no points left over unless written
                given.left_unwritten.add(p)  # (or the path says what it used: _points)
            if given.left[p] >= 0 and not docked:
                (given.entry.get(p) or first).fail(T._(
                    "points are left over only at a landing dock: 'left' needs a canoe there"))
    for p, f in enumerate(canoes):
        if f >= 0 and f in canoes[:p]:
            other = players[canoes.index(f)]
            (given.entry.get(p) or first).fail(T._(
                "{other}'s canoe is on {field} already: one canoe per field (only the rock cave "
                "holds several)", other=other, field=board.field_name(f)))
    for p in range(seats):
        hand = given.hands[p]
        if hand is not None and len(hand) != hand_size[p]:
            (given.entry.get(p) or first).fail(T.n_(
                "{player} holds {n} card at this point of round {round}, not {count}",
                "{player} holds {n} cards at this point of round {round}, not {count}",
                hand_size[p], player=players[p], round=counter, count=len(hand)))

    # ---- the cards not written: dealt from what is left, by the seed ----
    trump = None
    rest = [c for c in DECK if c not in used]
    rng(seed, "position").shuffle(rest)
    if phase is not Phase.LAUNCH:
        trump = _trump(entry, rest, used) if (entry := pos.get("trump")) else rest.pop()
        for p in range(seats):
            if given.hands[p] is None:
                given.hands[p] = tuple(rest.pop() for _ in range(hand_size[p]))
    count_played = played_tricks * seats
    last_cards = [c for _, c in last]
    if last and (len(last) != seats or count_played < seats
                 or [p for p, _ in last] != order_from(last[0][0])):  # in turn, each once
        _entry(pos, "last-trick").fail(T._("the last trick has a card from every player, and "
                                           "needs a trick won"))
    if count_played - len(last_cards) > len(rest):
        phase_line.fail(T.n_("{n} trick needs {cards} cards; only {left} are left",
                             "{n} tricks need {cards} cards; only {left} are left", played_tricks,
                             cards=count_played, left=len(rest) + len(last_cards)))
    played = tuple(rest.pop() for _ in range(count_played - len(last_cards))) + tuple(last_cards)
    winner = trick_winner(tuple(last), trump.suit) if last and trump is not None else -1
    state = CanyonState(
        players=players, board=board, seed=seed, skip=skip, phase=phase, round_no=rounds,
        counter=counter, dealer=dealer, start_player=start, turn=turn, draws=draws,
        hands=tuple(tuple(sorted(h or ())) for h in given.hands), trump=trump,
        stock=tuple(sorted(rest)), played=played, table=tuple(table), last_trick=tuple(last),
        last_winner=winner, tempo=tuple(given.tempo), tricks=tuple(given.tricks),
        canoes=tuple(canoes), moved=tuple(moved), left_over=tuple(given.left),
        last_path=_path(pos, board),
        pushed=tuple(seat(t) for t in entry.words()) if (entry := pos.get("pushed")) else ())
    if phase in (Phase.MOVE, Phase.OVER):
        points = _points(state, given, first)
        path = state.last_path
        left_over = tuple(  # the canoe whose move the path is: its points less the steps it took
            max(points[p] - (len(path) - 1), 0) if p in given.left_unwritten and path
            and path[-1] == f else state.left_over[p] for p, f in enumerate(state.canoes))
        return state.but(points=points, left_over=left_over)
    return state


def _points(state: CanyonState, given: _Seats, first: Entry) -> tuple[int, ...]:
    """Each canoe's movement points this round, as they were fixed when the move phase began
    (canyon.current.exact): from the field the canoe began its move on. That is its field while
    it has not moved (in the over phase every canoe has), the first field of ``path`` for the
    canoe that made the last move, and still water for a canoe that stands on still water;
    another canoe that has moved (in the current, at a landing dock, in the rock cave) began
    where the position does not say: its points are written (``points 3``) wherever the
    current would make them differ."""
    board, over = state.board, state.phase is Phase.OVER
    path = state.last_path
    found = []
    for p in range(state.seats):
        tempo, won = sum(state.tempo[p]), state.tricks[p]
        written = given.points[p]
        moved = over or state.moved[p]
        here = state.canoes[p]
        if not moved:
            start: int | None = here
        elif path and path[-1] == here:
            start = path[0]  # the last move (or drift) was this canoe's
        elif here >= 0 and board.kinds[here] != DOCK and not board.is_current(here):
            start = here  # on still water: it began there (a canoe in the current goes on down)
        else:
            start = None
        if start is not None:
            points = movement_points(tempo, won, start >= 0 and board.is_current(start))
        else:
            plain, current = movement_points(tempo, won), movement_points(tempo, won, True)
            points = plain
            if written is None and plain != current:
                (given.entry.get(p) or first).fail(T._(
                    "write {player}'s movement points ('points {plain}' if the canoe began its "
                    "move outside the current, 'points {current}' if in it): the canoe has "
                    "moved, and where it began is not written", player=state.players[p],
                    plain=plain, current=current))
        if written is not None:
            points = written
        if state.left_over[p] > points:
            (given.entry.get(p) or first).fail(T._(
                "{player} has {points} movement points: no more than that can be left over",
                player=state.players[p], points=points))
        found.append(points)
    return tuple(found)


# ---- reading values ------------------------------------------------------------------------
def _draws(given: _Seats, players: tuple[str, ...]) -> tuple[Card, ...]:
    """The cards drawn for the first dealer: every player's, or none."""
    drawn = [d for d in given.draws if d is not None]
    if drawn and len(drawn) != len(players):
        missing = [players[p] for p, d in enumerate(given.draws) if d is None]
        drawn[0][1].fail(T._("every player draws a card for the first dealer; missing: "
                             "{players}", players=", ".join(missing)))
    return tuple(card for card, _ in drawn)


def _highest(draws: tuple[Card, ...], given: _Seats) -> int:
    """Who drew the highest card (a tie is for the players to draw again: write the dealer)."""
    top = max(c.value for c in draws)
    tied = [p for p, c in enumerate(draws) if c.value == top]
    if len(tied) > 1:
        token = given.draws[tied[1]]
        assert token is not None
        token[1].fail(T._("a tie for the highest card ({value}): the tied players draw again; "
                          "write 'dealer:' for the one who won the draw", value=top))
    return tied[0]



def _first_line(pos: Position) -> Entry:
    """Where a problem of the whole position is shown: its first entry (or line 1)."""
    return next(iter(pos), None) or Entry("", None, "", 1, 1, 1, 1)


def _entry(pos: Position, key: str) -> Entry:
    return pos.get(key) or _first_line(pos)


def _board(entry: Entry) -> Board:
    if entry.value:
        try:
            return Board.builtin(entry.value)
        except BadState as exc:
            entry.fail(exc.problem)
    if not entry.block:
        entry.fail(T._("indent the map's rows under 'map:', or name a built-in map"))
    try:
        return Board.parse("\n".join(t.text for t in entry.block))
    except BadState as exc:  # the map's row: a line of the block
        token = entry.block[exc.line - 1] if exc.line and exc.line <= len(entry.block) \
            else entry.block[0]
        raise BadState(exc.problem, where=T._("line {line}, {where}", line=token.line,
                                              where=exc.where), line=token.line) from None


def _field(board: Board, token: Token) -> int:
    if token.text.lower() == "cave":
        if board.cave is None:
            token.fail(T._("this map has no rock cave"))
        return CAVE
    try:
        return board.field(token.text)
    except ValueError as exc:
        token.fail(str(exc))


def _tempo(board: Board, players: tuple[str, ...], p: int, token: Token) -> tuple[int, ...]:
    try:
        move = notation.parse(board, players, p, f"tempo {token.text}")
    except MalformedInput as exc:
        token.fail(exc.problem)
    cards: tuple[int, ...] = getattr(move, "cards", ())
    if tempo_violation(cards):
        token.fail(T._("tempo {text}: not shown with those cards", text=token.text))
    return cards


def _card(token: Token) -> Card:
    try:
        return Card.parse(token.text)
    except MalformedInput as exc:
        token.fail(exc.problem)


def _cards(token: Token) -> list[Token]:
    """The cards of a hand, ``blue 7, red 2`` (commas optional), each as a token."""
    found, pos = [], 0
    text = token.text
    for m in _CARD.finditer(text):
        if text[pos:m.start()].strip(" ,"):
            Token(text, token.line, token.column + pos).fail(
                T._("cannot read {text} as a card", text=repr(text[pos:m.start()].strip(" ,"))))
        found.append(Token(m.group(), token.line, token.column + m.start()))
        pos = m.end()
    if text[pos:].strip(" ,"):
        Token(text, token.line, token.column + pos).fail(
            T._("cannot read {text} as a card", text=repr(text[pos:].strip(" ,"))))
    return found


def _play(token: Token, seat: Seat, take: Take) -> tuple[int, Card]:
    bits = token.text.split(None, 1)
    if len(bits) != 2:
        token.fail(T._("a play is a player and a card, like 'Anne blue 7', not {text}",
                       text=repr(token.text)))
    player = seat(Token(bits[0], token.line, token.column))
    card = _card(Token(bits[1], token.line, token.column + len(token.text) - len(bits[1])))
    return player, take(card, token)


def _trump(entry: Entry, rest: list[Card], used: dict[Card, int]) -> Card:
    value = entry.value.lower()
    if value in SUITS:
        for card in rest:
            if card.suit == value:
                rest.remove(card)
                return card
        entry.fail(T._("every {colour} card is already written elsewhere",
                       colour=notation.colour_display(value)))
    card = _card(entry.token())
    if card in used:
        entry.fail(T._("{card} is written twice (also on line {line})", card=card,
                       line=used[card]))
    rest.remove(card)
    return card


def _path(pos: Position, board: Board) -> tuple[int, ...]:
    entry = pos.get("path")
    # the fields of the map the canoe crossed (a canoe swept over the waterfall leaves no path
    # to the rock cave): "cave" is no field here
    return tuple(_map_field(board, token) for token in entry.items("-")) if entry else ()


def _map_field(board: Board, token: Token) -> int:
    try:
        return board.field(token.text)
    except ValueError as exc:
        token.fail(str(exc))


# ---- writing ---------------------------------------------------------------------------------
def position_text(state: CanyonState) -> str:
    """The position of a state in the grammar above: read back, it gives the same facts."""
    board, names = state.board, state.players
    entry = grammar.entry_text
    lines = [entry("players", " ".join(names)), entry("dealer", names[state.dealer]),
             entry("round", state.counter), entry("rounds-played", state.round_no),
             entry("skip", "yes" if state.skip else "no"), entry("phase", state.phase.value)]
    moving = state.phase in (Phase.MOVE, Phase.OVER)
    shown = {"trump": state.trump or "",
             "lead": names[(state.turn - len(state.table)) % state.seats]
             if state.phase is Phase.TRICKS else "",
             "table": _plays(state, state.table), "last-trick": _plays(state, state.last_trick),
             "moved": " ".join(p for p, m in zip(names, state.moved) if m and moving),
             "path": "-".join(map(board.field_name, state.last_path)),
             "pushed": " ".join(names[p] for p in state.pushed)}
    lines += [entry(key, value) for key, value in shown.items() if value]
    for p, name in enumerate(names):
        parts = []
        if state.canoes[p] != OFF:
            parts.append(f"canoe {field_text(board, state.canoes[p])}")
        if state.tempo[p]:
            parts.append(notation.text(board, names, Tempo(p, state.tempo[p])).split(": ", 1)[1])
        if state.tricks[p]:
            parts.append(f"tricks {state.tricks[p]}")
        if state.points:
            parts.append(f"points {state.points[p]}")
        if state.left_over[p] >= 0:
            parts.append(f"left {state.left_over[p]}")
        if state.hands[p]:
            parts.append("hand " + ", ".join(map(str, state.hands[p])))
        if state.draws:
            parts.append(f"draw {state.draws[p]}")
        if parts:
            lines.append(entry("seat", "  ".join(parts), subject=name))
    if board.name:
        lines.append(entry("map", board.name))
    else:
        rows = [r.strip() for r in board.text.splitlines()
                if r.strip() and not r.strip().startswith(";")]
        lines.append(entry("map", block=rows))
    return "\n".join(lines) + "\n"


def _plays(state: CanyonState, plays: tuple[tuple[int, Card], ...]) -> str:
    return ", ".join(f"{state.players[p]} {card}" for p, card in plays)

