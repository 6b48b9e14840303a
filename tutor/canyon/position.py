"""Position text: a Canyon table an author writes by hand for a walkthrough.

One ``key: value`` per line; ``;`` starts a comment. Every line is optional::

    players: Anne Carl Marc Herman   ; seat order, clockwise (default: from the options)
    dealer: Herman                   ; the start player sits to the dealer's left (default: last seat)
    round: 7                         ; the round stone's field 1-14: 2 cards each (default 1)
    skip: yes                        ; the optional rule: skip rounds 6-9
    phase: tricks                    ; launch, tempo, tricks or move (default tempo)
    trump: green                     ; a suit, or the card turned up: green 5
    lead: Anne                       ; who leads the trick (default the start player)
    table: Anne blue 7, Carl blue 8  ; the cards of the trick being played, in order
    moved: Carl Herman               ; in the move phase: canoes that have moved already
    Anne: canoe e12  tempo 2  tricks 1  hand blue 7, red 2
    Carl: canoe cave  tempo 6 with 4+2  hand blue 8, yellow 1
    map: default                     ; a built-in map, or an inline map:
    map:
      #S.S#
      #...#
      ##D##

A player line gives the canoe's field (``e12``, ``cave``), the tempo laid (``2``, ``6``,
``6 with 4+2``), the tricks won this round and the hand. Canoes not given stand on the
start docks in seat order from the start player. Cards not written (other hands, the
trump, the finished tricks, the rest) are dealt from the cards left, by the seed, so the
50 cards always add up. The tempo phase needs the tempos of a run of players from the
start player; the tricks and move phases need every tempo. Our reading: in the move phase
the tricks are taken as written even where they add up to more than one round deals (the
rulebook's current example does that).

Every error names the line and column. An inline map is indented under ``map:``; its
errors name the line too.

>>> from tutor.canyon import GAME
>>> s = GAME.parse_position('''
... players: Anne Carl Marc Herman
... round: 7
... phase: tricks
... trump: green
... Anne: tempo 1  hand blue 7, red 2
... Marc: tempo 0  hand blue 3, red 5
... Carl: tempo 1
... Herman: tempo 0  hand red 9, yellow 4
... ''')
>>> f = GAME.facts(s)
>>> f["turn"], f["hand.Marc"], f["trump"], len(s.hands[1])
('Anne', 'blue 3, red 5', 'green', 2)
>>> GAME.parse_position("phase: swim")
Traceback (most recent call last):
...
tutor.core.errors.BadState: position line 1, column 8: phase is launch, tempo, tricks or move, not 'swim'
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tutor.core.errors import BadState, MalformedInput
from tutor.core.seeding import rng

from . import notation
from .board import STANDING, Board
from .flow import start_moves
from .cards import DECK, SUITS, Card
from .rounds import cards_in_round, tempo_violation
from .state import CAVE, OFF, CanyonState

KEYS = ("players", "dealer", "round", "skip", "phase", "trump", "lead", "table", "moved", "map")
ITEMS = ("canoe", "tempo", "tricks", "hand")
_CARD = re.compile(r"([a-zA-Z]+)\s+(\d+)")


@dataclass
class _Line:
    number: int
    text: str  # comment stripped
    value_col: int  # 1-based column where the value starts


def _error(problem: str, line: _Line, col: int | None = None) -> BadState:
    return BadState(problem, where=f"position line {line.number}, column {col or line.value_col}")


def parse(text: str, players: tuple[str, ...], skip: bool, board: Board, seed: int) -> CanyonState:
    keyed, player_lines, map_rows = _split(text)
    if "players" in keyed:
        line = keyed["players"]
        players = tuple(line.text.split())
        if not 3 <= len(players) <= 6 or len({p.lower() for p in players}) != len(players):
            raise _error("3 to 6 different player names, separated by spaces", line)
    if map_rows:
        rows_text = "\n".join(t for _, t in map_rows)
        try:
            board = Board.parse(rows_text)
        except BadState as exc:
            found = re.search(r"row (\d+), column (\d+)", exc.where or "")
            line_no = map_rows[int(found.group(1)) - 1][0] if found else map_rows[0][0]
            raise BadState(exc.problem, where=f"position line {line_no}, {exc.where}") from None
    elif "map" in keyed:
        try:
            board = Board.builtin(keyed["map"].text.strip())
        except BadState as exc:
            raise _error(exc.problem, keyed["map"]) from None
    seats = len(players)

    def seat(line: _Line, name: str, col: int | None = None) -> int:
        for i, p in enumerate(players):
            if p.lower() == name.lower():
                return i
        raise _error(f"no player called {name!r}; the players are {' '.join(players)}", line, col)

    dealer = seat(keyed["dealer"], keyed["dealer"].text.strip()) if "dealer" in keyed else seats - 1
    start = (dealer + 1) % seats
    counter = _int(keyed["round"], 1, 14) if "round" in keyed else 1
    if "skip" in keyed:
        word = keyed["skip"].text.strip().lower()
        if word not in ("yes", "no", "true", "false"):
            raise _error(f"skip is yes or no, not {word!r}", keyed["skip"])
        skip = word in ("yes", "true")
    phase = "tempo"
    if "phase" in keyed:
        phase = keyed["phase"].text.strip()
        if phase not in ("launch", "tempo", "tricks", "move"):
            raise _error(f"phase is launch, tempo, tricks or move, not {phase!r}", keyed["phase"])

    # ---- the players' lines ----
    canoes, tempo, tricks = [OFF] * seats, [()] * seats, [0] * seats
    hands: list[tuple[Card, ...] | None] = [None] * seats
    used: dict[Card, int] = {}  # card -> line number, to catch a card written twice
    where_of: dict[int, _Line] = {}

    def take(card: Card, line: _Line, col: int) -> Card:
        if card in used:
            raise _error(f"{card} is written twice (also on line {used[card]})", line, col)
        used[card] = line.number
        return card

    for who, line in player_lines:
        p = seat(line, who, 1)
        where_of[p] = line
        for item, value, col in _items(line):
            if item == "canoe":
                canoes[p] = _field(board, value, line, col)
            elif item == "tempo":
                try:
                    move = notation.parse(board, players, p, f"tempo {value}")
                except MalformedInput as exc:
                    raise _error(exc.problem, line, col) from None
                tempo[p] = move.cards
                if tempo_violation(move.cards):
                    raise _error(f"tempo {value}: not shown with those cards", line, col)
            elif item == "tricks":
                if not value.isdigit():
                    raise _error(f"tricks is a number, not {value!r}", line, col)
                tricks[p] = int(value)
            else:
                hands[p] = tuple(take(c, line, col + off) for c, off in _cards(value, line, col))

    # ---- the trick on the table ----
    table: list[tuple[int, Card]] = []
    if "table" in keyed:
        line = keyed["table"]
        for part, col in _parts(line.text, line.value_col, ","):
            bits = part.split(None, 1)
            if len(bits) != 2:
                raise _error(f"a play is a player and a card, like 'Anne blue 7', not {part!r}", line, col)
            card = _card(bits[1], line, col)
            table.append((seat(line, bits[0], col), take(card, line, col)))
    played_tricks = sum(tricks)

    # ---- phase checks and whose turn ----
    def order_from(first: int) -> list[int]:
        return [(first + k) % seats for k in range(seats)]

    moved = [False] * seats
    hand_size = [0] * seats
    leader = start
    if phase == "launch":
        done = [p for p in order_from(start) if canoes[p] != OFF]
        if done != order_from(start)[:len(done)] or len(done) == seats:
            raise _error("in the launch phase canoes are placed in turn from the start player, "
                         "and someone must still place one", keyed.get("phase") or _Line(1, "", 1))
        turn = order_from(start)[len(done)]
        for p in done:
            if canoes[p] not in board.starts:
                raise _error("a canoe is first placed on a start dock", where_of[p])
    else:
        for p in range(seats):
            if canoes[p] == OFF:
                free = [d for d in board.starts if d not in canoes]
                if not free:
                    raise _error(f"say where {players[p]}'s canoe is: no free start dock left",
                                 where_of.get(p) or _Line(1, "", 1))
                canoes[p] = free[0]
        if phase == "tempo":
            done = [p for p in order_from(start) if tempo[p]]
            if done != order_from(start)[:len(done)] or len(done) == seats:
                raise _error("tempos are laid in turn from the start player, and someone must "
                             "still lay one", keyed.get("phase") or _Line(1, "", 1))
            turn = order_from(start)[len(done)]
            if played_tricks:
                raise _error("no tricks are won before the tempos are laid", keyed.get("phase") or _Line(1, "", 1))
        else:
            missing = [players[p] for p in range(seats) if not tempo[p]]
            if missing:
                raise _error(f"the {phase} phase needs every tempo; missing: {', '.join(missing)}",
                             keyed.get("phase") or _Line(1, "", 1))
        if phase == "tricks":
            if "lead" in keyed:
                leader = seat(keyed["lead"], keyed["lead"].text.strip())
            if table:
                leader = table[0][0]
                expected = order_from(leader)[:len(table)]
                if [p for p, _ in table] != expected or len(table) == seats:
                    raise _error("the trick is played in turn from its leader, and someone "
                                 "must still play", keyed["table"])
            turn = (leader + len(table)) % seats
            left = cards_in_round(counter) - played_tricks
            if left <= 0:
                raise _error(f"round {counter} deals {cards_in_round(counter)} cards and "
                             f"{played_tricks} tricks are won: use phase: move",
                             keyed.get("phase") or _Line(1, "", 1))
            on_table = {p for p, _ in table}
            hand_size = [left - (p in on_table) for p in range(seats)]
        elif phase == "tempo":
            hand_size = [cards_in_round(counter)] * seats
        if phase == "move":
            if "moved" in keyed:
                for name, col in _parts(keyed["moved"].text, keyed["moved"].value_col, None):
                    moved[seat(keyed["moved"], name, col)] = True
            waiting = [p for p in order_from(start) if not moved[p]]
            if not waiting:
                raise _error("every canoe has moved: nothing is left to show", keyed["moved"])
            turn = waiting[0]
        for p in range(seats):
            f = canoes[p]
            if f != CAVE and board.kinds[f] not in STANDING:
                raise _error(f"a canoe cannot stand on {board.field_name(f)}", where_of[p])
    placed = [f for f in canoes if f >= 0]
    if len(placed) != len(set(placed)):
        raise BadState("two canoes on one field (only the rock cave holds several)",
                       where="position, canoes")
    for p in range(seats):
        if hands[p] is not None and len(hands[p]) != hand_size[p]:
            raise _error(f"{players[p]} holds {hand_size[p]} cards at this point of round "
                         f"{counter}, not {len(hands[p])}", where_of[p])

    # ---- the cards not written: dealt from what is left, by the seed ----
    trump = None
    rest = [c for c in DECK if c not in used]
    rng(seed, "position").shuffle(rest)
    if phase != "launch":
        if "trump" in keyed:
            trump = _trump(keyed["trump"], rest, used)
        else:
            trump = rest.pop()
        for p in range(seats):
            if hands[p] is None:
                hands[p] = tuple(rest.pop() for _ in range(hand_size[p]))
    count_played = played_tricks * seats
    if count_played > len(rest):
        raise _error(f"{played_tricks} tricks need {count_played} cards; only {len(rest)} are left",
                     keyed.get("phase") or _Line(1, "", 1))
    played = tuple(rest.pop() for _ in range(count_played))
    state = CanyonState(
        players=players, board=board, seed=seed, skip=skip, phase=phase,
        round_no=0 if phase == "launch" else 1, counter=counter, dealer=dealer,
        start_player=start, turn=turn, draws=(),
        hands=tuple(tuple(sorted(h or ())) for h in hands), trump=trump,
        stock=tuple(sorted(rest)), played=played, table=tuple(table), last_trick=(),
        last_winner=-1, tempo=tuple(tempo), tricks=tuple(tricks), canoes=tuple(canoes),
        moved=tuple(moved), left_over=(-1,) * seats)
    if phase == "move":
        # fix every canoe's points; keep who has moved and whose turn it is as written
        return replace(start_moves(state), moved=tuple(moved), turn=turn)
    return state


# ---- reading lines ---------------------------------------------------------------------------
def _split(text: str):
    keyed: dict[str, _Line] = {}
    player_lines: list[tuple[str, _Line]] = []
    map_rows: list[tuple[int, str]] = []
    in_map = False
    for number, raw in enumerate(text.splitlines(), start=1):
        if in_map and raw[:1] in (" ", "\t") and raw.strip():
            if not raw.strip().startswith(";"):
                map_rows.append((number, raw.strip()))
            continue
        in_map = False
        body = raw.split(";", 1)[0].rstrip()
        if not body.strip():
            continue
        key, sep, value = body.partition(":")
        indent = len(body) - len(body.lstrip())
        if not sep:
            raise BadState(f"expected 'key: value', got {body.strip()!r}",
                           where=f"position line {number}, column {indent + 1}")
        name = key.strip()
        col = len(key) + 2 + (len(value) - len(value.lstrip()))
        line = _Line(number, value.strip(), col)
        if name.lower() in KEYS:
            if name.lower() in keyed:
                raise _error(f"'{name}' is given twice (also line {keyed[name.lower()].number})", line, indent + 1)
            keyed[name.lower()] = line
            if name.lower() == "map" and not value.strip():
                in_map = True
        else:
            player_lines.append((name, line))
    if "map" in keyed and not keyed["map"].text and not map_rows:
        raise _error("indent the map's rows under 'map:'", keyed["map"])
    return keyed, player_lines, map_rows


def _items(line: _Line):
    """(item, value, column) for ``canoe e12  tempo 2  tricks 1  hand blue 7, red 2``."""
    words = list(re.finditer(r"\S+", line.text))
    starts = [w for w in words if w.group().lower() in ITEMS]
    if words and (not starts or starts[0] is not words[0]):
        w = words[0]
        raise _error(f"expected one of {', '.join(ITEMS)}, got {w.group()!r}", line,
                     line.value_col + w.start())
    for k, word in enumerate(starts):
        end = starts[k + 1].start() if k + 1 < len(starts) else len(line.text)
        raw = line.text[word.end():end]
        value = raw.strip()
        if not value:
            raise _error(f"'{word.group().lower()}' needs a value", line, line.value_col + word.start())
        yield word.group().lower(), value, line.value_col + word.end() + len(raw) - len(raw.lstrip())


def _parts(text: str, col0: int, sep: str | None):
    pattern = r"[^,]+" if sep == "," else r"\S+"
    for m in re.finditer(pattern, text):
        if m.group().strip():
            lead = len(m.group()) - len(m.group().lstrip())
            yield m.group().strip(), col0 + m.start() + lead


def _card(text: str, line: _Line, col: int) -> Card:
    try:
        return Card.parse(text)
    except MalformedInput as exc:
        raise _error(exc.problem, line, col) from None


def _cards(value: str, line: _Line, col: int):
    cleaned = value.replace(",", " ")
    pos = 0
    for m in _CARD.finditer(cleaned):
        if cleaned[pos:m.start()].strip():
            raise _error(f"cannot read {cleaned[pos:m.start()].strip()!r} as a card", line, col + pos)
        yield _card(m.group(), line, col + m.start()), m.start()
        pos = m.end()
    if cleaned[pos:].strip():
        raise _error(f"cannot read {cleaned[pos:].strip()!r} as a card", line, col + pos)


def _field(board: Board, value: str, line: _Line, col: int) -> int:
    if value.lower() == "cave":
        if board.cave is None:
            raise _error("this map has no rock cave", line, col)
        return CAVE
    try:
        return board.field(value)
    except ValueError as exc:
        raise _error(str(exc), line, col) from None


def _int(line: _Line, lo: int, hi: int) -> int:
    value = line.text.strip()
    if not value.isdigit() or not lo <= int(value) <= hi:
        raise _error(f"expected a number {lo}-{hi}, not {value!r}", line)
    return int(value)


def _trump(line: _Line, rest: list[Card], used: dict) -> Card:
    value = line.text.strip().lower()
    if value in SUITS:
        for card in rest:
            if card.suit == value:
                rest.remove(card)
                return card
        raise _error(f"every {value} card is already written elsewhere", line)
    card = _card(value, line, line.value_col)
    if card in used:
        raise _error(f"{card} is written twice (also on line {used[card]})", line)
    rest.remove(card)
    return card
