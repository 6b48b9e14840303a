"""A Trigger state as JSON and back; every problem names the field.

The format is the one saved games have always had (a saved game from before loads).
"""
from __future__ import annotations

from typing import Any, Mapping

from tutor.core.errors import BadState
from tutor.core.i18n import translator

from .board import CELLS, Board
from .options import BAD_ROLLS, DOUBLES, MODES, SCORINGS
from .state import Phase, Setup, TriggerState

T = translator("trigger")


def _board_json(board: Board) -> dict[str, Any]:
    return {"values": list(board.values), "down": [int(d) for d in board.down]}


def to_json(state: TriggerState) -> dict[str, Any]:
    return {
        "players": list(state.players),
        "sides": [list(s) for s in state.sides],
        "setup": {"mode": state.setup.mode, "scoring": state.setup.scoring,
                  "doubles": state.setup.doubles, "rounds": state.setup.rounds,
                  "bad_rolls": state.setup.bad_rolls},
        "layouts": [_board_json(b) for b in state.layouts],
        "bags": [list(b) for b in state.bags],
        "boards": [_board_json(b) for b in state.boards],
        "round": state.round,
        "phase": state.phase.value,
        "side": state.side,
        "turns": list(state.turns),
        "dice": list(state.dice) if state.dice else None,
        "spent": state.spent,
        "acted": state.acted,
        "missed": [list(m) for m in state.missed],
        "chain": [[line, cell] for line, cell in state.chain],
        "opener": state.opener,
        "results": [list(r) for r in state.results],
        "sheet": [list(r) for r in state.sheet],
        "script": [list(r) for r in state.script],
        "opening": [list(r) for r in state.opening],
        "fresh": state.fresh,
    }


def _board(data: Any, where: str) -> Board:
    try:
        values = tuple(int(v) for v in data["values"])
        down = tuple(bool(d) for d in data["down"])
    except (KeyError, TypeError, ValueError) as exc:
        raise BadState(T._("not a board: {problem}", problem=repr(exc)), where=where) from None
    if len(values) != CELLS or len(down) != CELLS or not all(0 <= v <= 12 for v in values):
        raise BadState(T._("a board has 36 tiles valued 0 (star) to 12"), where=where)
    return Board(values, down)


def _pairs(data: Any, where: str) -> tuple[tuple[int, ...], ...]:
    try:
        return tuple(tuple(int(x) for x in pair) for pair in data)
    except (TypeError, ValueError) as exc:
        raise BadState(T._("expected a list of number lists: {problem}", problem=repr(exc)),
                       where=where) from None


def _dice_list(data: Any, where: str) -> tuple[tuple[int, int], ...]:
    pairs = _pairs(data, where)
    if not all(len(p) == 2 and all(1 <= d <= 6 for d in p) for p in pairs):
        raise BadState(T._("rolls are two dice 1 to 6"), where=where)
    return tuple((p[0], p[1]) for p in pairs)


def _opener(data: Mapping[str, Any]) -> int:
    """The side that opened the round. A game saved before the opening followed the book
    names the side that turned tiles first ("starter"): the other side opened."""
    if "opener" in data:
        return int(data["opener"])
    starter, sides = int(data["starter"]), len(data["sides"])
    return (starter + 1) % sides if sides else 0


def _phase(value: Any) -> Phase:
    try:
        return Phase(str(value))
    except ValueError:
        raise BadState(T._("phase must be one of {phases}",
                           phases=", ".join(p.value for p in Phase)), where="phase") from None


def from_json(data: Mapping[str, Any]) -> TriggerState:
    """The state a dict describes; BadState names the field that is wrong."""
    if not isinstance(data, Mapping):
        raise BadState(T._("a Trigger state is a JSON object"))
    try:
        setup = Setup(**{k: data["setup"][k] for k in ("mode", "scoring", "doubles", "rounds")},
                      # saved before the option: every roll of the sheet was used again
                      bad_rolls=data["setup"].get("bad_rolls", "keep"))
        dice = tuple(int(d) for d in data["dice"]) if data["dice"] else None
        if dice is not None and (len(dice) != 2 or not all(1 <= d <= 6 for d in dice)):
            raise BadState(T._("dice are two values 1 to 6"), where="dice")
        state = TriggerState(
            players=tuple(str(p) for p in data["players"]),
            sides=tuple(tuple(int(p) for p in s) for s in data["sides"]),
            setup=setup,
            layouts=tuple(_board(b, f"layouts[{i}]") for i, b in enumerate(data["layouts"])),
            bags=tuple(tuple(int(v) for v in b) for b in data["bags"]),
            boards=tuple(_board(b, f"boards[{i}]") for i, b in enumerate(data["boards"])),
            round=int(data["round"]),
            phase=_phase(data["phase"]),
            side=int(data["side"]),
            turns=tuple(int(t) for t in data["turns"]),
            dice=(dice[0], dice[1]) if dice else None,
            spent=int(data["spent"]),
            acted=bool(data["acted"]),
            missed=tuple(tuple(str(x) for x in m) for m in data["missed"]),
            chain=tuple((str(line), int(cell)) for line, cell in data["chain"]),
            opener=_opener(data),
            results=tuple((r[0], r[1]) for r in _pairs(data["results"], "results")),
            sheet=_dice_list(data["sheet"], "sheet"),
            script=_dice_list(data["script"], "script"),
            opening=_pairs(data["opening"], "opening"),
            fresh=bool(data.get("fresh", False)),
        )
    except KeyError as exc:
        raise BadState(T._("field {field} is missing", field=exc), where="trigger state") from None
    except (TypeError, ValueError, IndexError) as exc:
        raise BadState(T._("a field has the wrong type: {problem}", problem=exc),
                       where="trigger state") from None
    try:
        _check(state)
    except TypeError as exc:  # a list where a name belongs (found by tests/core/test_fuzz.py)
        raise BadState(T._("a field has the wrong type: {problem}", problem=exc),
                       where="trigger state") from None
    return state


def _check(state: TriggerState) -> None:
    setup = state.setup
    if (setup.mode not in MODES or setup.scoring not in SCORINGS or setup.doubles not in DOUBLES
            or setup.bad_rolls not in BAD_ROLLS):
        raise BadState(T._("unknown 'mode', 'scoring', 'doubles' or 'bad_rolls'"), where="setup")
    n = len(state.sides)
    for name, value in (("layouts", state.layouts), ("boards", state.boards),
                        ("turns", state.turns), ("missed", state.missed)):
        if len(value) != n:
            raise BadState(T._("one entry per side ({n}) expected, not {count}", n=n,
                               count=len(value)), where=name)
    if not 0 <= state.side < n or not 0 <= state.opener < n:
        raise BadState(T._("no such side"), where="side")
    if sorted(p for s in state.sides for p in s) != list(range(len(state.players))):
        raise BadState(T._("every player belongs to exactly one side"), where="sides")
