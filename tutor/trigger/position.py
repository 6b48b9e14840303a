"""The position text: a Trigger position an author writes by hand for a walkthrough.

One instruction per line (``#`` starts a comment); every board is six rows of six tiles::

    players Anna Ben        # optional: the names (else those of the options)
    turn Anna               # optional: who is on turn (else the first player)
    roll 5 6                # optional: the dice already rolled for them (else they are rolled next)
    spent 0                 # optional: what they have already turned from that roll
    missed Ben row 3, col c # optional: lines where a side left a bonus untaken
    sheet 5 6, 4 4          # optional, solo: rolls already written on the sheet (before 'roll')
    board Anna              # then six rows: 1-12 a number, * a star; in brackets face down
     5   3   2   1   *  11
     (4) (*) 7   8   9  10
     ...

Every side needs its board (``board Anna+Ben`` for a team). The boards as written are the
layout the match began with: the return round sets them up again all face up, the solo replay
as written (a solo problem). Errors name the line and the column.

>>> from .board import cell_name
>>> rows = ["(1) " * 6] * 5 + ["(1) " * 5 + "5"]
>>> text = "turn Solo\\nroll 2 3\\nboard Solo\\n" + "\\n".join(rows)
>>> state = parse(text, {"mode": "solo"})
>>> state.dice, state.boards[0].count_up(), state.phase
((2, 3), 1, 'play')
>>> parse("board Solo\\n" + "1 2 3 4 5 6\\n" * 5 + "1 2 x 4 5 6", {"mode": "solo"})
Traceback (most recent call last):
...
tutor.core.errors.BadState: position line 7, column 5: 'x' is not a tile: 1 to 12, * for a star, in brackets when face down
"""
from __future__ import annotations

import re
from typing import Mapping

from tutor.core import BadOption, BadState

from .board import LINE_BY_NAME, SIZE, STAR, Board
from .state import TriggerState, read_options

_TILE = re.compile(r"^\(?(\*|\d{1,2})\)?$")


def _error(problem: str, line: int, column: int = 1) -> BadState:
    return BadState(problem, where=f"position line {line}, column {column}")


def _dice(words: list[tuple[str, int]], line: int) -> tuple[int, int]:
    if len(words) != 2 or not all(w.isdigit() and 1 <= int(w) <= 6 for w, _ in words):
        raise _error("a roll is two dice 1 to 6, like 'roll 5 6'", line, words[0][1] if words else 1)
    return tuple(sorted(int(w) for w, _ in words))


def _tile(word: str, line: int, column: int) -> tuple[int, bool]:
    found = _TILE.match(word)
    bracketed = word.startswith("(") and word.endswith(")")
    if not found or (word.startswith("(") != word.endswith(")")):
        raise _error(f"{word!r} is not a tile: 1 to 12, * for a star, in brackets when face down",
                     line, column)
    value = STAR if found.group(1) == "*" else int(found.group(1))
    if found.group(1) != "*" and not 1 <= value <= 12:
        raise _error(f"{word!r} is not a tile: numbers run 1 to 12", line, column)
    return value, bracketed


def _words(text: str) -> list[tuple[str, int]]:
    """The words of a line with their columns (1-based); comments dropped."""
    text = text.split("#", 1)[0]
    return [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", text)]


def parse(text: str, options: Mapping[str, object] | None = None) -> TriggerState:
    options = dict(options or {})
    lines = [(n, _words(raw)) for n, raw in enumerate(text.splitlines(), start=1)]
    lines = [(n, w) for n, w in lines if w]
    given: dict[str, tuple[int, list]] = {}
    boards: dict[str, tuple[int, list]] = {}
    i = 0
    while i < len(lines):
        n, words = lines[i]
        key = words[0][0].lower()
        if key == "board":
            if len(words) != 2:
                raise _error("write 'board <side>', like 'board Anna'", n)
            name = words[1][0]
            rows = lines[i + 1:i + 1 + SIZE]
            if len(rows) < SIZE or any(r[1][0][0].lower() in _KEYS for r in rows):
                raise _error(f"board {name} needs {SIZE} rows of {SIZE} tiles", n)
            tiles = []
            for rn, rwords in rows:
                if len(rwords) != SIZE:
                    raise _error(f"a row has {SIZE} tiles, not {len(rwords)}", rn,
                                 rwords[min(len(rwords), SIZE) - 1][1])
                tiles.extend(_tile(w, rn, col) for w, col in rwords)
            if name in boards:
                raise _error(f"board {name} is written twice", n, words[1][1])
            boards[name] = (n, tiles)
            i += 1 + SIZE
            continue
        if key not in _KEYS:
            raise _error(f"unknown instruction {words[0][0]!r}; expected one of {sorted(_KEYS)}",
                         n, words[0][1])
        if key in given:
            raise _error(f"{key!r} is written twice", n, words[0][1])
        given[key] = (n, words[1:])
        i += 1
    if "players" in given:
        options["players"] = [w for w, _ in given["players"][1]]
    try:
        setup, players, sides = read_options(options)
    except BadOption as exc:  # a bad 'players' line: say where
        raise _error(exc.problem, given.get("players", (1, []))[0]) from None
    labels = ["+".join(players[p] for p in side) for side in sides]
    for name, (n, _) in boards.items():
        if name not in labels:
            raise _error(f"no side called {name!r}; the sides are {', '.join(labels)}", n)
    missing = [name for name in labels if name not in boards]
    if missing:
        raise _error(f"board {missing[0]} is missing (every side needs its board)", len(text.splitlines()) or 1)
    board_list = tuple(
        Board(tuple(v for v, _ in boards[name][1]), tuple(d for _, d in boards[name][1]))
        for name in labels
    )
    side, turns = 0, [0] * len(sides)
    if "turn" in given:
        n, words = given["turn"]
        if len(words) != 1 or words[0][0] not in players:
            raise _error(f"write 'turn <player>', one of {', '.join(players)}", n)
        player = players.index(words[0][0])
        side = next(s for s, members in enumerate(sides) if player in members)
        turns[side] = sides[side].index(player)
    sheet: tuple = ()
    if "sheet" in given:
        n, words = given["sheet"]
        parts = " ".join(w for w, _ in words).split(",")
        sheet = tuple(_dice([(w, words[0][1]) for w in part.split()], n) for part in parts)
    dice, phase, spent = None, "roll", 0
    if "roll" in given:
        n, words = given["roll"]
        dice, phase = _dice(words, n), "play"
        sheet += (dice,)
    if "spent" in given:
        n, words = given["spent"]
        if dice is None or len(words) != 1 or not words[0][0].isdigit():
            raise _error("write 'spent N' after a 'roll' line", n)
        spent = int(words[0][0])
        if spent > setup.allowance(dice):
            raise _error(f"spent {spent} is more than the roll allows ({setup.allowance(dice)})", n)
    missed = [()] * len(sides)
    if "missed" in given:
        n, words = given["missed"]
        if not words or words[0][0] not in labels:
            raise _error(f"write 'missed <side> <lines>', a side of {', '.join(labels)}", n)
        names = tuple(part.strip() for part in " ".join(w for w, _ in words[1:]).split(","))
        for name in names:
            if name not in LINE_BY_NAME:
                raise _error(f"{name!r} is not a line: 'row 3', 'col c', 'diag a1-f6' or 'diag a6-f1'", n)
        missed[labels.index(words[0][0])] = names
    if any(b.cleared() for b in board_list):
        raise _error("a board is already all face down: the round would be over", 1)
    return TriggerState(
        players=players, sides=sides, setup=setup, layouts=board_list,
        bags=((),) * len(sides), boards=board_list, phase=phase, side=side, starter=side,
        turns=tuple(turns), dice=dice, spent=spent, missed=tuple(missed), sheet=sheet,
    )


_KEYS = {"players", "turn", "roll", "spent", "missed", "sheet", "board"}


def write(state: TriggerState) -> str:
    """The position text of a state (for authors: copy a position out of a game)."""
    out = [f"players {' '.join(state.players)}",
           f"turn {state.players[state.member(state.side)]}"]
    if state.phase == "play" and state.dice:
        sheet = state.sheet[:-1]
        if sheet:
            out.append("sheet " + ", ".join(f"{a} {b}" for a, b in sheet))
        out.append(f"roll {state.dice[0]} {state.dice[1]}")
        out.append(f"spent {state.spent}")
    for side, lines in enumerate(state.missed):
        if lines:
            out.append(f"missed {state.label(side)} {', '.join(lines)}")
            break
    for side, board in enumerate(state.boards):
        out.append(f"board {state.label(side)}")
        out.extend(board.rows_text())
    return "\n".join(out) + "\n"
