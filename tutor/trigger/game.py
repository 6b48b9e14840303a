"""Trigger (Triggery, 1989): turn your whole board face down before your opponent does.

A turn: the dice are rolled for the player on turn (a CHANCE move, ``roll 5 6``); right after
the roll they may claim a malus on a line where the opponent left a bonus (``malus row 3 c3``);
then they turn tiles: a flip paid from the roll (``flip a1 c3``), bonuses (``bonus c3``, or
``chain`` for the whole chain reaction), free stars (``star c3``), and ``end`` the turn.

Flips of several tiles are legal moves checked directly by :meth:`Trigger.violation`, but
:meth:`legal_moves` lists only the one-tile flips: several tiles are the same as one after
another, and the sets can run into millions. :meth:`Trigger.flips` enumerates them lazily.

>>> from tutor.trigger import GAME as g
>>> s = g.parse_position('''
... turn Anna
... roll 5 6
... board Anna
...  5 3 2 1 * 11
...  12 12 12 12 12 12
...  12 12 12 12 12 12
...  12 12 12 12 12 12
...  12 12 12 12 12 12
...  12 12 12 12 12 12
... board Ben
...  1 1 1 1 1 1
...  1 1 1 1 1 1
...  1 1 1 1 1 1
...  1 1 1 1 1 1
...  1 1 1 1 1 1
...  1 1 1 1 1 1
... ''')
>>> g.facts(s)["roll"], g.facts(s)["flips"]
(11, 16)
>>> s = g.apply(s, g.parse_move(s, "flip a1 b1 c1 d1"))
>>> g.facts(s)["spent"], g.facts(s)["bonus.Anna"]
(11, 'row 1')
>>> g.apply(s, g.parse_move(s, "flip a2"))
Traceback (most recent call last):
...
tutor.core.errors.IllegalMove: a2 total 12, more than the 0 left of the roll of 11 [trigger.turn.flip]
"""
from __future__ import annotations

from dataclasses import replace
from enum import Enum
from typing import Iterator, Mapping

from tutor.core import CHANCE, Game, Outcome, Violation
from tutor.core.frozen import set_item

from . import moves as mv
from .hints import TriggerHints
from . import position, state as st
from .board import LINE_BY_NAME, LINES_THROUGH, Board, cell_name
from .chain import chain_reaction, has_bonus
from .facts import facts as _facts
from .flips import flips as all_flips
from .moves import Bonus, Chain, End, Flip, Malus, Move, NextRound, Opening, Roll, Star
from .state import SHEET, TriggerState
from .tileset import COLOURS, draw

#: the value a hidden tile shows in an observation
HIDDEN = -1
DICE = range(1, 7)


class Phase(Enum):
    """The phases of a Trigger match (the state keeps the value as ``state.phase``)."""

    OPENING = "opening"  # both roll to see who starts
    ROLL = "roll"  # the dice are rolled for the side on turn
    PLAY = "play"  # the side on turn claims a malus, turns tiles, ends the turn
    ROUND_OVER = "round over"  # a board is cleared; the return round is next
    OVER = "over"


class Trigger(Game[TriggerState, Move]):
    name = "trigger"
    title = "Trigger"
    hints = TriggerHints

    # ---- states -----------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, object] | None = None, seed: int = 0) -> TriggerState:
        setup, players, sides = st.read_options(options)
        drawn = [draw(seed, COLOURS[s]) for s in range(len(sides))]
        boards = tuple(Board.fresh(values) for values, _ in drawn)
        return TriggerState(
            players=players, sides=sides, setup=setup, layouts=boards,
            bags=tuple(bag for _, bag in drawn), boards=boards,
            phase="roll" if setup.solo else "opening",
            turns=(0,) * len(sides), missed=((),) * len(sides),
        )

    def example_options(self) -> list[dict]:
        return [{}, {"mode": "solo"}, {"mode": "2v1", "scoring": "rounds"},
                {"mode": "2v2", "doubles": "multiply", "rounds": 1}]

    def players(self, state: TriggerState) -> tuple[str, ...]:
        return state.players

    def phase(self, state: TriggerState) -> Phase:
        return Phase(state.phase)

    def to_move(self, state: TriggerState) -> int | None:
        if state.phase == "over":
            return None
        if state.phase in ("opening", "roll"):
            return CHANCE
        if state.phase == "round over":
            return state.member(self._next_starter(state))
        return state.member(state.side)

    def outcome(self, state: TriggerState) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.setup.solo:
            return Outcome(scores=(min(score for _, score in state.results),), winners=(0,))
        lost, won = self.tally(state)
        per_side = lost if state.setup.scoring == "points" else won
        best = (min if state.setup.scoring == "points" else max)(per_side)
        scores = tuple(per_side[state.side_of(p)] for p in range(len(state.players)))
        winners = tuple(p for p in range(len(state.players)) if scores[p] == best)
        return Outcome(scores=scores, winners=winners)

    @staticmethod
    def tally(state: TriggerState) -> tuple[list[int], list[int]]:
        """Points lost and rounds won by each side so far."""
        lost, won = [0] * len(state.sides), [0] * len(state.sides)
        for winner, points in state.results:
            won[winner] += 1
            for side in range(len(state.sides)):
                if side != winner:
                    lost[side] += points
        return lost, won

    # ---- chance -----------------------------------------------------------------------
    def chance_outcomes(self, state: TriggerState) -> list[tuple[Move, float]]:
        if state.phase == "opening":
            return [(Opening((a, b)), 1 / 36) for a in DICE for b in DICE]
        if state.phase != "roll":
            return []
        scripted = self._scripted(state)
        if scripted:
            return [(Roll(scripted), 1.0)]
        return [(Roll((a, b)), (1 if a == b else 2) / 36) for a in DICE for b in DICE if a <= b]

    @staticmethod
    def _scripted(state: TriggerState) -> tuple[int, int] | None:
        """On a solo replay: the roll the sheet prescribes next."""
        if state.setup.solo and len(state.sheet) < len(state.script):
            return state.script[len(state.sheet)]
        return None

    # ---- moves ------------------------------------------------------------------------
    def candidate_moves(self, state: TriggerState) -> Iterator[Move]:
        if state.phase in ("opening", "roll"):
            yield from (m for m, _ in self.chance_outcomes(state))
        elif state.phase == "round over":
            yield NextRound()
        elif state.phase == "play":
            board = state.boards[state.side]
            if not state.acted:
                target = state.opponent(state.side)
                for name in state.missed[target]:
                    for cell in LINE_BY_NAME[name].cells:
                        if state.boards[target].down[cell]:
                            yield Malus(name, cell)
            bonus = board.bonus_cells()
            for cell in range(len(board.values)):
                if board.is_up(cell):
                    if board.is_star(cell):
                        yield Star(cell)
                    else:
                        yield Flip((cell,))
                        if cell in bonus:
                            yield Bonus(cell)
            if bonus:
                yield Chain()
            yield End()

    def flips(self, state: TriggerState) -> Iterator[Flip]:
        """Every legal flip of the player on turn (sets of tiles too), lazily, in dictionary
        order of compartments; nothing when no flip can be made now."""
        if state.phase != "play" or (state.setup.solo and not state.acted and state.missed[0]):
            return iter(())
        left = state.setup.allowance(state.dice) - state.spent
        return (Flip(cells) for cells in all_flips(state.boards[state.side], left))

    def violation(self, state: TriggerState, move: Move) -> Violation | None:
        player = {"player": state.players[state.member(state.side)]}
        if state.phase == "over":
            return Violation("trigger.end.over")
        if state.phase == "opening":
            if not isinstance(move, Opening) or len(move.dice) != 2 or not all(d in DICE for d in move.dice):
                return Violation("trigger.opening", {"move": mv.text(move)})
            return None
        if state.phase == "roll":
            if not isinstance(move, Roll):
                return Violation("trigger.turn.dice", player)
            bad = [d for d in move.dice if d not in DICE]
            if bad:
                return Violation("trigger.turn.dice.faces", {"value": bad[0]})
            scripted = self._scripted(state)
            if scripted and move.dice != scripted:
                return Violation("trigger.solo.replay", {"dice": f"{scripted[0]} {scripted[1]}"})
            return None
        if state.phase == "round over":
            if not isinstance(move, NextRound):
                return Violation("trigger.end", {"winner": state.label(state.results[-1][0])})
            return None
        return self._play_violation(state, move, player)

    def _play_violation(self, state: TriggerState, move: Move, player: dict) -> Violation | None:
        board = state.boards[state.side]
        if isinstance(move, (Roll, Opening)):
            return Violation("trigger.turn.dice.once", {**player, "dice": " ".join(map(str, state.dice))})
        if isinstance(move, NextRound):
            return Violation("trigger.end.return")
        owed = state.setup.solo and not state.acted and state.missed[0]
        if owed and not isinstance(move, Malus):
            return Violation("trigger.solo.malus", {"lines": ", ".join(state.missed[0])})
        match move:
            case Malus(line, cell):
                target = state.opponent(state.side)
                if state.acted:
                    return Violation("trigger.malus.window")
                if line not in state.missed[target]:
                    return Violation("trigger.malus", {"line": line, "opponent": state.label(target)})
                if cell not in LINE_BY_NAME[line].cells or not state.boards[target].down[cell]:
                    return Violation("trigger.malus.tile", {"cell": cell_name(cell), "line": line})
            case Flip(cells):
                for cell in cells:
                    if board.is_star(cell):
                        return Violation("trigger.turn.star.flip", {"cell": cell_name(cell)})
                    if board.down[cell]:
                        return Violation("trigger.turn.tile", {"cell": cell_name(cell)})
                total = sum(board.values[c] for c in cells)
                allowance = state.setup.allowance(state.dice)
                if state.spent + total > allowance:
                    return Violation("trigger.turn.flip", {
                        "cells": " ".join(cell_name(c) for c in cells), "total": total,
                        "left": allowance - state.spent, "allowance": allowance})
            case Bonus(cell):
                if cell not in board.bonus_cells():
                    return Violation("trigger.bonus", {"cell": cell_name(cell)})
            case Star(cell):
                if not board.is_star(cell) or board.down[cell]:
                    return Violation("trigger.turn.star.tile", {"cell": cell_name(cell)})
                if not board.star_free(cell):
                    row, col = LINES_THROUGH[cell][:2]
                    blockers = sorted(set(board.up_numbers(row.cells)) | set(board.up_numbers(col.cells)))
                    return Violation("trigger.turn.star", {
                        "cell": cell_name(cell), "blockers": " ".join(map(cell_name, blockers))})
            case Chain():
                if not has_bonus(board):
                    return Violation("trigger.bonus.chain")
            case End():
                return None
            case _:
                raise TypeError(f"not a Trigger move: {move!r}")
        return None

    # ---- playing ----------------------------------------------------------------------
    def play(self, state: TriggerState, move: Move) -> TriggerState:
        match move:
            case Opening(dice):
                state = replace(state, opening=state.opening + (dice,))
                if dice[0] == dice[1]:
                    return state  # a tie: both roll again
                starter = 0 if dice[0] < dice[1] else 1
                return replace(state, starter=starter, side=starter, phase="roll")
            case Roll(dice):
                return replace(state, dice=dice, phase="play", sheet=state.sheet + (dice,),
                               spent=0, acted=False, chain=())
            case Malus(line, cell):
                target = state.opponent(state.side)
                return replace(
                    state, chain=(),
                    boards=set_item(state.boards, target, state.boards[target].turned_up(cell)),
                    missed=set_item(state.missed, target, tuple(m for m in state.missed[target] if m != line)),
                )
            case End():
                return self._end_turn(state)
            case NextRound():
                return self._next_round(state)
        board = state.boards[state.side]
        spent, chain = state.spent, ()
        match move:
            case Flip(cells):
                board, spent = board.turned(cells), spent + sum(board.values[c] for c in cells)
            case Bonus(cell):
                line = next(line for line, lone in board.bonus_lines() if lone == cell)
                board, chain = board.turned([cell]), ((line.name, cell),)
            case Chain():
                board, chain = chain_reaction(board)
            case Star(cell):
                board = board.turned([cell])
        state = replace(
            state, boards=set_item(state.boards, state.side, board), spent=spent, chain=chain,
            acted=True,  # the malus window closes with the first tile turned
            missed=_window_closed(state),
        )
        return self._finish_round(state, state.side) if board.cleared() else state

    def _end_turn(self, state: TriggerState) -> TriggerState:
        board = state.boards[state.side]
        missed = tuple(line.name for line, _ in board.bonus_lines()
                       if any(board.down[c] for c in line.cells))
        state = replace(state, missed=set_item(_window_closed(state), state.side, missed))
        if state.setup.solo and len(state.sheet) >= SHEET:
            return self._finish_round(state, 0)
        turns = set_item(state.turns, state.side, state.turns[state.side] + 1)
        return replace(state, side=(state.side + 1) % len(state.sides), turns=turns, phase="roll",
                       dice=None, spent=0, acted=False, chain=())

    def _finish_round(self, state: TriggerState, winner: int) -> TriggerState:
        if state.setup.solo:
            points = self.solo_score(state)
        else:
            points = sum(b.points() for s, b in enumerate(state.boards) if s != winner)
        last = state.round >= state.setup.rounds
        return replace(state, results=state.results + ((winner, points),),
                       phase="over" if last else "round over")

    @staticmethod
    def solo_score(state: TriggerState) -> int:
        """The solo score: the rolls added up, the last one only as far as it was needed
        (what set off the final chain); an unfinished sheet adds the face-up tiles left."""
        allowances = [state.setup.allowance(r) for r in state.sheet]
        board = state.boards[0]
        if board.cleared():
            return sum(allowances[:-1]) + state.spent
        return sum(allowances) + board.points()

    def _next_starter(self, state: TriggerState) -> int:
        return (state.starter + 1) % len(state.sides)

    def _next_round(self, state: TriggerState) -> TriggerState:
        n = len(state.sides)
        if state.setup.solo:
            boards = state.layouts  # the same problem, as it was posed
        else:  # the tiles set up again in the same places, the players swap boards
            boards = tuple(Board.fresh(state.layouts[(s + state.round) % n].values) for s in range(n))
        starter = self._next_starter(state)
        return replace(
            state, round=state.round + 1, boards=boards, phase="roll", starter=starter,
            side=starter, dice=None, spent=0, acted=False, missed=((),) * n, chain=(),
            sheet=(), script=state.script or state.sheet,
        )

    # ---- text -------------------------------------------------------------------------
    def move_text(self, state: TriggerState, move: Move) -> str:
        if isinstance(move, NextRound) and state.setup.solo:
            return "replay"
        return mv.text(move)

    def parse_move(self, state: TriggerState, text: str) -> Move:
        return mv.parse(text)

    def to_json(self, state: TriggerState) -> dict:
        return st.to_json(state)

    def from_json(self, data: Mapping) -> TriggerState:
        return st.from_json(data)

    def observation(self, state: TriggerState, player: int) -> TriggerState:
        """What the table shows: face-down tiles hide their values, the bags stay closed."""
        def hide(board: Board) -> Board:
            return replace(board, values=tuple(HIDDEN if d else v for v, d in zip(board.values, board.down)))
        boards = tuple(hide(b) for b in state.boards)
        return replace(state, boards=boards, layouts=boards, bags=((),) * len(state.bags))

    def parse_position(self, text: str, options: Mapping[str, object] | None = None,
                       seed: int = 0) -> TriggerState:
        return position.parse(text, options)

    def position_text(self, state: TriggerState) -> str:
        return position.write(state)

    # ---- facts ------------------------------------------------------------------------
    def facts(self, state: TriggerState) -> dict[str, object]:
        """Named facts for expectations (listed in :mod:`tutor.trigger.facts`)."""
        return _facts(self, state)

    def move_rules(self, state: TriggerState, move: Move) -> tuple[str, ...]:
        double = ("trigger.turn.double",) if state.dice and state.dice[0] == state.dice[1] else ()
        match move:
            case Opening():
                found = ("trigger.opening",)
            case Roll(dice):
                found = ("trigger.turn.dice",) + (("trigger.turn.double",) if dice[0] == dice[1] else ())
                if len(state.sides[state.side]) > 1:  # a team's members take turns
                    found += ("trigger.teams",)
            case Malus():
                found = ("trigger.solo.malus",) if state.setup.solo else ("trigger.malus",)
            case Flip():
                found = ("trigger.turn.flip",) + double
            case Bonus():
                found = ("trigger.bonus",)
            case Chain():
                found = ("trigger.bonus", "trigger.bonus.chain")
            case Star():
                found = ("trigger.turn.star",)
            case End():
                found = ("trigger.turn.end",)
            case NextRound():
                found = ("trigger.solo.replay",) if state.setup.solo else ("trigger.end.return",)
            case _:
                found = ()
        after = self.play(state, move)
        if after.phase in ("round over", "over") and state.phase == "play":
            found += ("trigger.solo.score",) if state.setup.solo else (
                "trigger.end", f"trigger.end.{state.setup.scoring}")
        return found


def _window_closed(state: TriggerState) -> tuple:
    """``missed`` once the malus window of the side on turn closes: the opponent's missed
    bonuses can no longer be claimed (solo: the one board's own list stays, the malus is owed)."""
    return state.missed if state.setup.solo else set_item(state.missed, state.opponent(state.side), ())
