"""The state of a Trigger match (or solo game), its options, and its JSON form.

A *side* is whoever plays one board: one player, or a team (2 against 1, 2 against 2).
Sides take turns; the members of a team take their side's turns in rotation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from tutor.core import BadOption, BadState

from .board import CELLS, Board

MODES = {
    # mode: (default player names, sides as player indices)
    "two": (("Anna", "Ben"), ((0,), (1,))),
    "2v1": (("Anna", "Ben", "Cleo"), ((0, 1), (2,))),
    "2v2": (("Anna", "Ben", "Cleo", "Dirk"), ((0, 1), (2, 3))),
    "solo": (("Solo",), ((0,),)),
}
SCORINGS = ("points", "rounds")
DOUBLES = ("double", "multiply")
PHASES = ("opening", "roll", "play", "round over", "over")
#: the solo score sheet has 20 lines
SHEET = 20


@dataclass(frozen=True)
class Setup:
    """The checked options of a match."""

    mode: str = "two"
    scoring: str = "points"
    doubles: str = "double"
    #: rounds in a match (2: the round and the return round); tries in a solo game
    rounds: int = 2

    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    def allowance(self, dice: tuple[int, int]) -> int:
        """What a roll allows: the sum, doubles counted double (or multiplied, as a variant).

        >>> Setup().allowance((5, 6)), Setup().allowance((5, 5)), Setup(doubles="multiply").allowance((3, 3))
        (11, 20, 9)
        """
        a, b = dice
        if a != b:
            return a + b
        return a * b if self.doubles == "multiply" else 2 * (a + b)


_OPTIONS = {"mode", "scoring", "doubles", "rounds", "players"}


def read_options(options: Mapping[str, object] | None) -> tuple[Setup, tuple[str, ...], tuple]:
    """Check the options; the setup, the player names and the sides."""
    options = dict(options or {})
    unknown = set(options) - _OPTIONS
    if unknown:
        raise BadOption(f"unknown option(s) {sorted(unknown)}; known: {sorted(_OPTIONS)}",
                        where=sorted(unknown)[0])
    mode = options.get("mode", "two")
    if mode not in MODES:
        raise BadOption(f"mode must be one of {list(MODES)}, not {mode!r}", where="mode")
    scoring = options.get("scoring", "points")
    if scoring not in SCORINGS:
        raise BadOption(f"scoring must be one of {list(SCORINGS)}, not {scoring!r}", where="scoring")
    doubles = options.get("doubles", "double")
    if doubles not in DOUBLES:
        raise BadOption(f"doubles must be one of {list(DOUBLES)}, not {doubles!r}", where="doubles")
    rounds = options.get("rounds", 2)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= (9 if mode == "solo" else 2):
        raise BadOption("rounds must be 1 or 2 (a solo game: 1 to 9 tries), "
                        f"not {rounds!r}", where="rounds")
    names, sides = MODES[mode]
    if "players" in options:
        given = options["players"]
        if (not isinstance(given, (list, tuple)) or len(given) != len(names)
                or not all(isinstance(n, str) and n.strip() and "+" not in n and " " not in n for n in given)
                or len(set(given)) != len(given)):
            raise BadOption(f"players must be {len(names)} different names without spaces "
                            f"for mode {mode!r}, not {given!r}", where="players")
        names = tuple(given)
    return Setup(mode, scoring, doubles, rounds), tuple(names), sides


@dataclass(frozen=True)
class TriggerState:
    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    setup: Setup
    #: each side's board as the match began (the return round sets these up again)
    layouts: tuple[Board, ...]
    #: the tiles left in each bag (hidden)
    bags: tuple[tuple[int, ...], ...]
    boards: tuple[Board, ...]
    round: int = 1
    phase: str = "opening"
    side: int = 0
    #: turns each side has begun (a team's member on turn is this modulo its size)
    turns: tuple[int, ...] = (0, 0)
    dice: tuple[int, int] | None = None
    spent: int = 0
    #: True once the side on turn has turned a tile (the malus window is closed)
    acted: bool = False
    #: per side: lines where it left a bonus untaken at the end of its last turn
    missed: tuple[tuple[str, ...], ...] = ((), ())
    #: the links of the last chain reaction: (line name, compartment)
    chain: tuple[tuple[str, int], ...] = ()
    starter: int = 0
    #: per finished round: (winning side, points lost by the other side); solo: (0, score)
    results: tuple[tuple[int, int], ...] = ()
    #: the rolls of this round (the solo score sheet)
    sheet: tuple[tuple[int, int], ...] = ()
    #: solo: the rolls of the first try, replayed in the next tries
    script: tuple[tuple[int, int], ...] = ()
    #: the opening rolls made so far (ties roll again)
    opening: tuple[tuple[int, ...], ...] = field(default=())

    def side_of(self, player: int) -> int:
        return next(s for s, members in enumerate(self.sides) if player in members)

    def label(self, side: int) -> str:
        """A side's name: the player, or the team's players joined by '+'."""
        return "+".join(self.players[p] for p in self.sides[side])

    def member(self, side: int) -> int:
        members = self.sides[side]
        return members[self.turns[side] % len(members)]

    def opponent(self, side: int) -> int:
        """The side whose board a malus by ``side`` is claimed on (solo: one's own)."""
        return (side + 1) % len(self.sides)


# ---- JSON ---------------------------------------------------------------------------------
def _board_json(board: Board) -> dict:
    return {"values": list(board.values), "down": [int(d) for d in board.down]}


def to_json(state: TriggerState) -> dict:
    return {
        "players": list(state.players),
        "sides": [list(s) for s in state.sides],
        "setup": {"mode": state.setup.mode, "scoring": state.setup.scoring,
                  "doubles": state.setup.doubles, "rounds": state.setup.rounds},
        "layouts": [_board_json(b) for b in state.layouts],
        "bags": [list(b) for b in state.bags],
        "boards": [_board_json(b) for b in state.boards],
        "round": state.round,
        "phase": state.phase,
        "side": state.side,
        "turns": list(state.turns),
        "dice": list(state.dice) if state.dice else None,
        "spent": state.spent,
        "acted": state.acted,
        "missed": [list(m) for m in state.missed],
        "chain": [[line, cell] for line, cell in state.chain],
        "starter": state.starter,
        "results": [list(r) for r in state.results],
        "sheet": [list(r) for r in state.sheet],
        "script": [list(r) for r in state.script],
        "opening": [list(r) for r in state.opening],
    }


def _board(data, where: str) -> Board:
    try:
        values = tuple(int(v) for v in data["values"])
        down = tuple(bool(d) for d in data["down"])
    except (KeyError, TypeError, ValueError) as exc:
        raise BadState(f"not a board: {exc!r}", where=where) from None
    if len(values) != CELLS or len(down) != CELLS or not all(0 <= v <= 12 for v in values):
        raise BadState("a board has 36 tiles valued 0 (star) to 12", where=where)
    return Board(values, down)


def _pairs(data, where: str) -> tuple:
    try:
        return tuple(tuple(int(x) for x in pair) for pair in data)
    except (TypeError, ValueError) as exc:
        raise BadState(f"expected a list of number lists: {exc!r}", where=where) from None


def from_json(data: Mapping) -> TriggerState:
    """The state a dict describes; BadState names the field that is wrong."""
    if not isinstance(data, Mapping):
        raise BadState("a Trigger state is a JSON object")
    try:
        setup = Setup(**{k: data["setup"][k] for k in ("mode", "scoring", "doubles", "rounds")})
        state = TriggerState(
            players=tuple(str(p) for p in data["players"]),
            sides=tuple(tuple(int(p) for p in s) for s in data["sides"]),
            setup=setup,
            layouts=tuple(_board(b, f"layouts[{i}]") for i, b in enumerate(data["layouts"])),
            bags=tuple(tuple(int(v) for v in b) for b in data["bags"]),
            boards=tuple(_board(b, f"boards[{i}]") for i, b in enumerate(data["boards"])),
            round=int(data["round"]),
            phase=str(data["phase"]),
            side=int(data["side"]),
            turns=tuple(int(t) for t in data["turns"]),
            dice=tuple(int(d) for d in data["dice"]) if data["dice"] else None,
            spent=int(data["spent"]),
            acted=bool(data["acted"]),
            missed=tuple(tuple(str(x) for x in m) for m in data["missed"]),
            chain=tuple((str(line), int(cell)) for line, cell in data["chain"]),
            starter=int(data["starter"]),
            results=_pairs(data["results"], "results"),
            sheet=_pairs(data["sheet"], "sheet"),
            script=_pairs(data["script"], "script"),
            opening=_pairs(data["opening"], "opening"),
        )
    except KeyError as exc:
        raise BadState(f"field {exc} is missing", where="trigger state") from None
    except (TypeError, ValueError) as exc:
        raise BadState(f"a field has the wrong type: {exc}", where="trigger state") from None
    try:
        _check(state)
    except TypeError as exc:  # a list where a name belongs (found by tests/core/test_fuzz.py)
        raise BadState(f"a field has the wrong type: {exc}", where="trigger state") from None
    return state


def _check(state: TriggerState) -> None:
    setup = state.setup
    if setup.mode not in MODES or setup.scoring not in SCORINGS or setup.doubles not in DOUBLES:
        raise BadState("unknown mode, scoring or doubles", where="setup")
    n = len(state.sides)
    for name, value in (("layouts", state.layouts), ("boards", state.boards),
                        ("turns", state.turns), ("missed", state.missed)):
        if len(value) != n:
            raise BadState(f"one entry per side ({n}) expected, not {len(value)}", where=name)
    if state.phase not in PHASES:
        raise BadState(f"phase must be one of {list(PHASES)}", where="phase")
    if not 0 <= state.side < n or not 0 <= state.starter < n:
        raise BadState("no such side", where="side")
    if sorted(p for s in state.sides for p in s) != list(range(len(state.players))):
        raise BadState("every player belongs to exactly one side", where="sides")
    if state.dice is not None and (len(state.dice) != 2 or not all(1 <= d <= 6 for d in state.dice)):
        raise BadState("dice are two values 1 to 6", where="dice")
