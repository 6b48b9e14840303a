"""Trigger positions in the core grammar (``docs/position-text.md``): what an author writes
by hand for a walkthrough, and what :func:`position_text` writes back.

Every line is optional except the boards (one per side)::

    players: Anna Ben          # the names (else those of the options)
    mode: 2v1                  # two (default), 2v1, 2v2 or solo; also scoring, doubles, rounds
    turn: Anna                 # who is on turn (else the first side's first player)
    roll: 5 6                  # the dice already rolled for them (else they are rolled next)
    spent: 0                   # what they have already paid from that roll
    missed Ben: row 3, col c   # lines where a side left a bonus untaken
    sheet: 5 6, 4 4            # solo: rolls already on the sheet (before 'roll')
    board Anna:                # six rows of six tiles: 1-12 a number, * a star;
      5   3   2   1   *  11    #   in brackets face down: (5), (*)
     (4) (*)  7   8   9  10
     ...

Where a game is further on, a position says so too: ``phase:`` (opening, roll, play,
round over, over), ``round: 2``, ``opener: Ben`` (who opened the round: rolled lowest and threw
the dice first, for the other side; by default the side not on turn), ``next
Cleo+Dirk: Dirk`` (which member plays that team's next turn), ``turned: yes`` (a tile was
already turned this turn: the malus window is closed), ``chain: row 1 e1, col e e2`` (the
last chain reaction), ``results: Anna 88`` (per round played: the winner and the points
the others lost; solo: the score), ``full: 1`` (solo: the tries that
ended with the score sheet full, the board not cleared; the try just over is one when its board
is not cleared), ``replay: 1 2, 3 4`` (solo: the rolls of the first try,
replayed; ``fresh: yes`` when the sheet's roll of this line was too bad and this line's roll is a
new one, to be rolled or rolled and kept), and ``layout Anna:`` (the board as the match began, when it is not the board as
written: the return round sets it up again).

The boards as written are the layout the match began with: the return round sets them up
again all face up, the solo replay as written (a solo problem). Errors name the line and
the column.

>>> rows = "\\n".join(["  (1) (1) (1) (1) (1) (1)"] * 5 + ["  (1) (1) (1) (1) (1) 5"])
>>> state = parse("turn: Solo\\nroll: 2 3\\nboard Solo:\\n" + rows, {"mode": "solo"})
>>> state.dice, state.boards[0].count_up(), state.phase.value
((2, 3), 1, 'play')
>>> parse("board Solo:\\n" + "  1 2 3 4 5 6\\n" * 5 + "  1 2 x 4 5 6", {"mode": "solo"})
Traceback (most recent call last):
...
tutor.core.errors.BadState: line 7, column 7: 'x' is not a tile: 1 to 12, * for a star, in brackets when face down
"""
from __future__ import annotations

import re
from typing import Mapping

from tutor.core import position as grammar
from tutor.core.errors import BadOption, BadState
from tutor.core.i18n import translator
from tutor.core.inputs import whole_number
from tutor.core.options import table
from tutor.core.position import Entry, Token

from .board import LINE_BY_NAME, SIZE, STAR, Board, cell_name, parse_cell, tile_text
from .options import read_options
from .rules import MOST_POINTS, problems
from .state import SHEET, Dice, Link, Phase, Setup, TriggerState

T = translator("trigger")
_TILE = re.compile(r"\(?(\*|\d{1,2})\)?")
PLAIN = ("players", "mode", "scoring", "doubles", "rounds", "bad_rolls", "phase", "round",
         "opener", "turn", "roll", "spent", "turned", "sheet", "replay", "fresh", "chain",
         "results", "full")
SUBJECTS = ("board", "layout", "missed", "next")
OPTIONS = ("mode", "scoring", "doubles", "rounds", "bad_rolls")


def _tile(token: Token) -> tuple[int, bool]:
    word = token.text
    found = _TILE.fullmatch(word)
    if not found or word.startswith("(") != word.endswith(")"):
        token.fail(T._("{word} is not a tile: 1 to 12, * for a star, in brackets when face down",
                       word=repr(word)))
    value = STAR if found.group(1) == "*" else int(found.group(1))
    if found.group(1) != "*" and not 1 <= value <= 12:
        token.fail(T._("{word} is not a tile: numbers run 1 to 12", word=repr(word)))
    return value, word.startswith("(")


def _board(entry: Entry) -> Board:
    rows = entry.rows()
    if len(rows) != SIZE:
        entry.fail(T._("{name} needs {size} rows of {size} tiles, indented below it, not {rows}",
                       name=entry.name, size=SIZE, rows=len(rows)), entry.key_column)
    tiles: list[tuple[int, bool]] = []
    for row, block in zip(rows, entry.block):
        if len(row) != SIZE:
            at = row[SIZE] if len(row) > SIZE else Token(block.text, block.line, block.column)
            at.fail(T._("a row has {size} tiles, not {count}", size=SIZE, count=len(row)))
        tiles.extend(_tile(t) for t in row)
    return Board(tuple(v for v, _ in tiles), tuple(d for _, d in tiles))


def _dice(token: Token) -> Dice:
    words = token.text.split()
    dice = [whole_number(w) for w in words]
    if len(words) != 2 or not all(d is not None and 1 <= d <= 6 for d in dice):
        token.fail(T._("a roll is two dice 1 to 6, like '5 6', not {text}", text=repr(token.text)))
    a, b = sorted(d for d in dice if d is not None)
    return a, b


def _rolls(entry: Entry) -> tuple[Dice, ...]:
    return tuple(_dice(t) for t in entry.items(","))


def _side(entry: Entry, labels: list[str], name: str | None = None) -> int:
    """The side a subject (or ``name``) names."""
    who = entry.subject if name is None else name
    if who not in labels:
        column = entry.subject_column if name is None else entry.value_column
        entry.fail(T._("no side called {name}; the sides are {sides}", name=repr(who),
                        sides=", ".join(labels)), column)
    return labels.index(who)


def _lines(entry: Entry) -> tuple[str, ...]:
    for token in entry.items(","):
        if token.text not in LINE_BY_NAME:
            token.fail(T._("{text} is not a line: 'row 3', 'col c', 'diag a1-f6' or 'diag a6-f1'",
                           text=repr(token.text)))
    return tuple(token.text for token in entry.items(","))


def _chain(entry: Entry) -> tuple[Link, ...]:
    links = []
    for token in entry.items(","):
        line, _, cell = token.text.rpartition(" ")
        if line not in LINE_BY_NAME or parse_cell(cell) is None:
            token.fail(T._("a link is a line and its tile, like 'row 1 e1', not {text}",
                           text=repr(token.text)))
        links.append((line, parse_cell(cell) or 0))
    return tuple(links)


def _options(pos: grammar.Position, options: Mapping[str, object] | None) -> dict[str, object]:
    merged = table(options)
    for key in OPTIONS:
        entry = pos.get(key)
        if entry is not None:
            merged[key] = entry.number(lo=1) if key == "rounds" else entry.value
    if (entry := pos.get("players")) is not None:
        merged["players"] = [t.text for t in entry.words()]
    return merged


def parse(text: str, options: Mapping[str, object] | None = None) -> TriggerState:
    pos = grammar.parse(text)
    pos.check_keys(plain=PLAIN, subjects=SUBJECTS)
    try:
        setup, players, sides = read_options(_options(pos, options))
    except BadOption as exc:  # a bad option: say where, when the text wrote it
        entry = pos.get(exc.where or "") or pos.get("players")
        if entry is not None and exc.where in (*OPTIONS, "players"):
            entry.fail(exc.problem)
        raise BadState(exc.problem, where=f"options, {exc.where}") from None
    labels = ["+".join(players[p] for p in side) for side in sides]
    n = len(sides)
    written = {_side(e, labels): (e, _board(e)) for e in pos.every("board")}
    layouts = {_side(e, labels): _board(e) for e in pos.every("layout")}
    missing = [labels[s] for s in range(n) if s not in written]
    if missing:
        last = max([e.line for e in pos] or [1])
        grammar.fail(last, 1, T._("board {side} is missing (every side needs its board)",
                                   side=missing[0]))
    boards = tuple(written[s][1] for s in range(n))
    side, turns = 0, [0] * n
    if (entry := pos.get("turn")) is not None:
        player = players.index(entry.choice(players))
        side = next(s for s, members in enumerate(sides) if player in members)
        turns[side] = sides[side].index(player)
    for entry in pos.every("next"):
        team = _side(entry, labels)
        member = players.index(entry.choice([players[p] for p in sides[team]]))
        turns[team] = sides[team].index(member)
    rnd = entry.number(lo=1, hi=setup.rounds) if (entry := pos.get("round")) else 1
    opener = (_side(entry, labels, entry.value) if (entry := pos.get("opener"))
              else (side + 1) % n)
    sheet = _rolls(entry) if (entry := pos.get("sheet")) else ()
    script = _rolls(entry) if (entry := pos.get("replay")) else ()
    fresh = entry.flag() if (entry := pos.get("fresh")) else False
    dice: Dice | None = None
    if (entry := pos.get("roll")) is not None:
        dice = _dice(entry.token())
        sheet += (dice,)
    phase = Phase.PLAY if dice else Phase.ROLL
    if (phase_entry := pos.get("phase")) is not None:
        phase = Phase(phase_entry.choice([p.value for p in Phase]))
        if phase == Phase.PLAY and dice is None:
            phase_entry.fail(T._("a position in the play phase needs its 'roll'"))
        if phase in (Phase.OPENING, Phase.ROLL) and dice is not None:
            phase_entry.fail(T._("in the {phase} phase the dice are not rolled yet: leave out "
                                 "'roll'", phase=repr(phase.value)))
    spent = 0
    if (entry := pos.get("spent")) is not None:
        if dice is None:
            entry.fail(T._("write 'spent' after a 'roll' line"), entry.key_column)
        spent = entry.number(lo=0, hi=setup.allowance(dice))
    acted = entry.flag() if (entry := pos.get("turned")) else spent > 0
    if spent and not acted and entry is not None:  # paying turned a tile: the window closed
        entry.fail(T._("{spent} of the roll is paid, so a tile was turned this turn: not "
                       "'turned: no' (the malus window closes with the first tile turned)",
                       spent=spent))
    if setup.solo and (entry := pos.get("sheet")) is not None:
        if len(sheet) > SHEET:
            entry.fail(T._("the score sheet holds {most} rolls, not {count}", most=SHEET,
                           count=len(sheet)))
        if len(sheet) == SHEET and phase in (Phase.OPENING, Phase.ROLL):
            entry.fail(T._("the score sheet is full with {count} rolls: the try is over and no "
                           "roll comes next", count=SHEET))
    missed: list[tuple[str, ...]] = [()] * n
    for entry in pos.every("missed"):
        missed[who := _side(entry, labels)] = _lines(entry)
        for name in missed[who]:  # a bonus left untaken: its line has a tile turned already
            if not any(boards[who].down[c] for c in LINE_BY_NAME[name].cells):
                entry.fail(T._("{line} has no face-down tile on the board of {side}: no bonus "
                               "can have been left untaken there", line=name, side=labels[who]))
    chain = _chain(entry) if (entry := pos.get("chain")) else ()
    results: tuple[tuple[int, int], ...] = ()
    if (entry := pos.get("results")) is not None:
        found = []
        for token in entry.items(","):
            label, _, points = token.text.rpartition(" ")
            number = whole_number(points) if len(points) <= 6 else None
            if label not in labels or number is None:
                token.fail(T._("a result is a side and its points, like '{example}', not {text}",
                               example=labels[0] + " 88", text=repr(token.text)))
            if number > MOST_POINTS:
                token.fail(T._("{field}: a round counts 0 to {most} points, not {points}",
                               field="results", most=MOST_POINTS, points=number))
            found.append((labels.index(label), number))
        results = tuple(found)
    over = phase in (Phase.ROUND_OVER, Phase.OVER)
    if over and not results and phase_entry is not None:
        phase_entry.fail(T._("a round that is over needs its 'results'"))
    if (entry := pos.get("results")) is not None and len(results) > setup.rounds:
        entry.fail(T.n_("{count} results, but the match has {n} round",
                        "{count} results, but the match has {n} rounds", setup.rounds,
                        count=len(results)))
    if entry is not None and phase != Phase.OVER and len(results) == setup.rounds:
        entry.fail(T.n_("with a result for its {n} round the match is over: write 'phase: over'",
                        "with a result for each of its {n} rounds the match is over: write "
                        "'phase: over'", setup.rounds))
    if phase == Phase.OVER and phase_entry is not None and len(results) < setup.rounds:
        phase_entry.fail(T.n_("a match that is over has a result for its {n} round",
                              "a match that is over has a result for each of its {n} rounds",
                              setup.rounds))
    # solo: the tries that ended with the sheet full, not won ('full: 1'); the try just over
    # is one when its board is not cleared
    full: list[int] = []
    if (full_entry := pos.get("full")) is not None:
        full = sorted({t.number(lo=1, hi=max(len(results), 1), what="full")
                       for t in full_entry.items(",")})
        if full and not setup.solo:
            full_entry.fail(T._("only a solo try ends with the score sheet full: leave out "
                                "'full'"))
        if setup.solo and over and boards[0].cleared() and len(results) in full:
            full_entry.fail(T._("try {number} cleared the board: its score sheet was not full",
                                number=len(results)))
    if setup.solo and over and results and not boards[0].cleared() and len(results) not in full:
        full.append(len(results))
    for s, board in enumerate(boards):
        if board.cleared() and not over:
            entry = written[s][0]
            entry.fail(T._("this board is all face down: the round would be over (write "
                           "'phase: round over' and its 'results')"), entry.key_column)
    for s in range(n):
        if s not in layouts:
            default = boards[(s - rnd + 1) % n]
            layouts[s] = default if setup.solo else Board.fresh(default.values)
    for s, (entry, board) in written.items():  # a board holds the tiles of its layout
        layout = layouts[0 if n == 1 else (s + rnd - 1) % n]  # the return round: swapped
        wrong = [c for c in range(len(board.values)) if board.values[c] != layout.values[c]]
        if wrong:
            entry.fail(T._("the tiles of {name} are not those of its layout: {cell} holds {tile} "
                           "there, {other} in the layout", name=entry.name,
                           cell=cell_name(wrong[0]), tile=tile_text(board.values[wrong[0]]),
                           other=tile_text(layout.values[wrong[0]])), entry.key_column)
    state = TriggerState(
        players=players, sides=sides, setup=setup, layouts=tuple(layouts[s] for s in range(n)),
        bags=((),) * n, boards=boards, round=rnd, phase=phase, side=side, turns=tuple(turns),
        dice=dice, spent=spent, acted=acted, missed=tuple(missed), chain=chain,
        opener=opener, results=results, sheet=sheet, script=script, fresh=fresh,
        full=tuple(full),
    )
    # what the lines above do not say where: a position is refused with the first, as a
    # saved game is
    refusals = problems(state)
    if refusals:
        raise BadState(refusals[0])
    return state


# ---- writing ------------------------------------------------------------------------------
def _rows(board: Board) -> list[str]:
    words = [[f"({tile_text(v)})" if d else tile_text(v)
              for v, d in zip(board.values[r * SIZE:(r + 1) * SIZE], board.down[r * SIZE:(r + 1) * SIZE])]
             for r in range(SIZE)]
    return [" ".join(w.rjust(4) for w in row).rstrip() for row in words]


def _rolls_text(rolls: tuple[Dice, ...]) -> str:
    return ", ".join(f"{a} {b}" for a, b in rolls)


def position_text(state: TriggerState) -> str:
    """The position text of a state (for authors: copy a position out of a game)."""
    setup, n = state.setup, len(state.sides)
    entry = grammar.entry_text
    out = [entry("players", " ".join(state.players))]
    for key in OPTIONS:
        if getattr(setup, key) != getattr(Setup(), key):  # an option not as by default
            out.append(entry(key, getattr(setup, key)))
    derived = Phase.PLAY if state.dice and state.phase == Phase.PLAY else Phase.ROLL
    if state.phase != derived:
        out.append(entry("phase", state.phase.value))
    if state.round != 1:
        out.append(entry("round", state.round))
    player = state.member(state.side)
    if state.opener != state.opponent(state.side):
        out.append(entry("opener", state.label(state.opener)))
    out.append(entry("turn", state.players[player]))
    for side in range(n):
        if side != state.side and state.turns[side] % len(state.sides[side]):
            out.append(entry("next", state.players[state.member(side)], subject=state.label(side)))
    if state.results:
        out.append(entry("results", ", ".join(f"{state.label(w)} {p}" for w, p in state.results)))
    over = state.phase in (Phase.ROUND_OVER, Phase.OVER)
    full = [t for t in state.full if not (over and t == len(state.results))]  # that one: seen
    if full:
        out.append(entry("full", ", ".join(map(str, full))))
    if state.script:
        out.append(entry("replay", _rolls_text(state.script)))
    if state.fresh:
        out.append(entry("fresh", "yes"))
    sheet = state.sheet[:-1] if state.dice else state.sheet
    if setup.solo and sheet:
        out.append(entry("sheet", _rolls_text(sheet)))
    if state.dice:
        out.append(entry("roll", f"{state.dice[0]} {state.dice[1]}"))
        out.append(entry("spent", state.spent))
        if state.acted != (state.spent > 0):
            out.append(entry("turned", "yes" if state.acted else "no"))
    for side, lines in enumerate(state.missed):
        if lines:
            out.append(entry("missed", ", ".join(lines), subject=state.label(side)))
    if state.chain:
        out.append(entry("chain", ", ".join(f"{line} {cell_name(c)}" for line, c in state.chain)))
    for side, board in enumerate(state.boards):
        out.append(entry("board", "", subject=state.label(side), block=_rows(board)))
    rnd = state.round
    for side, layout in enumerate(state.layouts):
        default = state.boards[(side - rnd + 1) % n]
        if layout != (default if setup.solo else Board.fresh(default.values)):
            out.append(entry("layout", "", subject=state.label(side), block=_rows(layout)))
    return "\n".join(out) + "\n"
