"""The one check (:func:`violation`) shared by listing and applying moves, the candidates it
filters, and what a legal move does (:func:`play`).

A turn: the dice are rolled for the side on turn (a CHANCE move, ``roll 5 6``); right after
the roll its player may claim a malus on a line where the opponent left a bonus (``malus
row 3 c3``); then they turn tiles: a flip paid from the roll (``flip a1 c3``), bonuses
(``bonus c3``, or ``chain`` for the whole chain reaction), free stars (``star c3``), and
``end`` the turn. Where the modes differ (two players, teams, solo) the rules ask the
state's variant (:mod:`tutor.trigger.variants`).
"""
from __future__ import annotations

from typing import Iterator

from tutor.core.game import CHANCE, Violation
from tutor.core.i18n import Said, translator
from tutor.core.frozen import evolve, set_item

from .board import CELLS, LINE_BY_NAME, STAR, STAR_POINTS, cell_name
from .chain import chain_reaction, has_bonus
from .dice import DOUBLINGS, FACES, ROLLS, allowance
from .moves import Bonus, Chain, End, Flip, Malus, Move, NextRound, Opening, Reroll, Roll, Star
from .notation import cell_text, colour_display, lines_display, phase_display, text as move_text
from .options import BAD_ROLLS, DOUBLES, MODES, SCORINGS, good_names
from .state import SHEET, Phase, TriggerState
from .tileset import COLOURS, TILES
from .variants import rules_of

T = translator("trigger")  # what no state may be is said in the author's language

#: the most points a round can count: a board all face up (every tile a star, 25 each), and
#: alone the sheet's 20 rolls besides, each a double 6 (8. DE WINNAAR; SPEL VOOR 1 SPELER)
MOST_POINTS = CELLS * STAR_POINTS + SHEET * max(allowance((6, 6), way) for way in DOUBLINGS)


# ---- who moves ------------------------------------------------------------------------------
def to_move(state: TriggerState) -> int | None:
    if state.phase == Phase.OVER:
        return None
    if state.phase in (Phase.OPENING, Phase.ROLL):
        return CHANCE
    if state.phase == Phase.ROUND_OVER:
        return state.member(next_opener(state))
    return state.member(state.side)


def next_opener(state: TriggerState) -> int:
    """Who opens the next round: "Bij de herkansing zal de tegenstander het spel beginnen"."""
    return (state.opener + 1) % len(state.sides)


#: the chance moves, made once (moves are frozen: they can be shared)
_OPENINGS: tuple[tuple[Move, float], ...] = tuple(
    (Opening((a, b)), 1 / 36) for a in FACES for b in FACES)
_ROLLS: tuple[tuple[Move, float], ...] = tuple((Roll(dice), p) for dice, p in ROLLS)


def chance_outcomes(state: TriggerState) -> list[tuple[Move, float]]:
    if state.phase == Phase.OPENING:
        return list(_OPENINGS)
    if state.phase != Phase.ROLL:
        return []
    scripted = rules_of(state).scripted(state)
    if scripted:
        return [(Roll(scripted), 1.0)]
    return list(_ROLLS)


def board_of(state: TriggerState, move: Move) -> int:
    """The side whose board a move turns tiles on: a malus the opponent's (in a solo game the
    player's own: 7. MALUS), any other move the board of the side on turn."""
    return state.opponent(state.side) if isinstance(move, Malus) else state.side


# ---- the candidates -------------------------------------------------------------------------
def candidates(state: TriggerState) -> Iterator[Move]:
    """A cheap superset of the legal moves, in a fixed order."""
    if state.phase in (Phase.OPENING, Phase.ROLL):
        yield from (m for m, _ in chance_outcomes(state))
    elif state.phase == Phase.ROUND_OVER:
        yield NextRound()
    elif state.phase == Phase.PLAY:
        board = state.boards[state.side]
        rules = rules_of(state)
        if rules.may_reroll(state):
            yield Reroll()
        if not state.acted:
            target = board_of(state, Malus("", 0))
            for name in state.missed[target]:
                for cell in LINE_BY_NAME[name].cells:
                    if state.boards[target].down[cell]:
                        yield Malus(name, cell)
        if rules.owed(state):
            return  # nothing else until the self-malus is claimed (the check says so too)
        # leave out the tiles the roll cannot pay for: the check refuses them anyway
        left = state.setup.allowance(state.dice or (0, 0)) - state.spent
        bonus = board.bonus_cells()
        for cell, value in enumerate(board.values):
            if board.down[cell]:
                continue
            if value == STAR and board.star_free(cell):  # a blocked star is refused anyway
                yield Star(cell)
            if value != STAR and value <= left:
                yield Flip((cell,))
            if cell in bonus:  # a bonus is a number tile
                yield Bonus(cell)
        if bonus:
            yield Chain()
        yield End()


# ---- the one check --------------------------------------------------------------------------
def violation(state: TriggerState, move: Move) -> Violation | None:
    """The first rule ``move`` breaks in ``state``, or None."""
    if state.phase == Phase.PLAY:
        return _play_violation(state, move)
    if state.phase == Phase.OVER:
        return Violation("trigger.end.over")
    if state.phase == Phase.OPENING:
        if (not isinstance(move, Opening) or len(move.dice) != 2
                or not all(d in FACES for d in move.dice)):
            return Violation("trigger.opening", {"move": move_text(move)})
        return None
    if state.phase == Phase.ROLL:
        if not isinstance(move, Roll):
            player = state.players[state.member(state.side)]
            return Violation("trigger.turn.dice", {"player": player})
        dice = move.dice
        if len(dice) != 2 or not all(d in FACES for d in dice) or dice[0] > dice[1]:
            return Violation("trigger.turn.dice.faces", {"dice": " ".join(map(str, dice))})
        scripted = rules_of(state).scripted(state)
        if scripted and move.dice != scripted:
            return Violation("trigger.solo.replay", {"dice": f"{scripted[0]} {scripted[1]}"})
        return None
    if state.phase == Phase.ROUND_OVER:
        if not isinstance(move, NextRound):
            return Violation(rules_of(state).round_over_rule,
                             {"winner": state.label(state.results[-1][0])})
        return None
    raise AssertionError(f"unknown phase {state.phase!r}")


def _play_violation(state: TriggerState, move: Move) -> Violation | None:
    board = state.boards[state.side]
    if isinstance(move, (Roll, Opening)):
        return Violation("trigger.turn.dice.once",
                         {"player": state.players[state.member(state.side)], "dice": " ".join(map(str, state.dice or ()))})
    if isinstance(move, NextRound):
        return Violation(rules_of(state).early_next_round_rule)
    owed = rules_of(state).owed(state)
    if owed and not isinstance(move, Malus):  # a too-bad roll is rolled again after it too
        return Violation("trigger.solo.malus", {"lines": Said(lines_display, ", ".join(owed))})
    if isinstance(move, Reroll):
        if not rules_of(state).may_reroll(state):
            return Violation("trigger.solo.replay.bad")
        return None
    if isinstance(move, (Flip, Bonus, Star)):
        for cell in move.cells if isinstance(move, Flip) else (move.cell,):
            if not isinstance(cell, int) or not 0 <= cell < CELLS:
                return Violation("trigger.board", {"cell": cell})
    match move:
        case Malus(line, cell):
            target = board_of(state, move)
            if state.acted:
                return Violation("trigger.malus.window")
            if line not in state.missed[target]:
                return Violation("trigger.malus", {"line": Said(lines_display, line),
                                                   "opponent": state.label(target)})
            if cell not in LINE_BY_NAME[line].cells or not state.boards[target].down[cell]:
                return Violation("trigger.malus.tile", {"cell": cell_text(cell),
                                                        "line": Said(lines_display, line)})
        case Flip(cells):
            if len(cells) != 1:
                return Violation("trigger.turn.flip.one", {
                    "cells": " ".join(cell_name(c) for c in cells) or "no tile",
                    "one": cell_name(cells[0]) if cells else "c3"})
            cell = cells[0]
            if board.down[cell]:  # a face-down star too: it is no longer there to turn
                return Violation("trigger.turn.tile", {"cell": cell_name(cell)})
            if board.is_star(cell):
                return Violation("trigger.turn.star.flip", {"cell": cell_name(cell)})
            total = board.values[cell]
            allowance = state.setup.allowance(state.dice or (0, 0))
            if state.spent + total > allowance:
                return Violation("trigger.turn.flip", {
                    "cells": cell_name(cell), "total": total,
                    "left": allowance - state.spent, "allowance": allowance})
        case Bonus(cell):
            if cell not in board.bonus_cells():
                return Violation("trigger.bonus", {"cell": cell_name(cell)})
        case Star(cell):
            if not board.is_star(cell) or board.down[cell]:
                return Violation("trigger.turn.star.tile", {"cell": cell_name(cell)})
            if not board.star_free(cell):
                blockers = ", ".join(map(cell_name, board.blockers(cell)))
                return Violation("trigger.turn.star",
                                 {"cell": cell_name(cell), "blockers": blockers})
        case Chain():
            if not has_bonus(board):
                return Violation("trigger.bonus.chain")
        case End():
            return None
        case _:
            raise TypeError(f"not a Trigger move: {move!r}")
    return None


# ---- playing --------------------------------------------------------------------------------
def play(state: TriggerState, move: Move) -> TriggerState:
    """The state after a legal move."""
    match move:
        case Opening(dice):
            state = evolve(state, opening=state.opening + (dice,))
            if dice[0] == dice[1]:
                return state  # a tie: both roll again
            # the lowest opens the round by throwing the dice first - for the other side,
            # which is the first to turn tiles (1. BEGIN VAN HET SPEL; 2. DOBBELSTENEN)
            opener = 0 if dice[0] < dice[1] else 1
            return evolve(state, opener=opener, side=state.opponent(opener), phase=Phase.ROLL)
        case Roll(dice):
            return evolve(state, dice=dice, phase=Phase.PLAY, sheet=state.sheet + (dice,),
                          spent=0, acted=False, chain=())
        case Reroll():  # the sheet's roll was too bad: strike it, roll a new one
            return evolve(state, dice=None, phase=Phase.ROLL, sheet=state.sheet[:-1], spent=0,
                          chain=(), fresh=True)
        case Malus(line, cell):
            # the line is claimed; a missed line whose last face-down tile this was has
            # nothing left to turn up: its malus lapses (7. MALUS, "één reeds omgedraaid
            # plaatje van die lijn")
            target = board_of(state, move)
            board = state.boards[target].turned([cell], face_down=False)
            left = tuple(m for m in state.missed[target]
                         if m != line and any(board.down[c] for c in LINE_BY_NAME[m].cells))
            return evolve(state, chain=(), boards=set_item(state.boards, target, board),
                          missed=set_item(state.missed, target, left))
        case End():
            return _end_turn(state)
        case NextRound():
            return _next_round(state)
    board = state.boards[state.side]
    spent, chain = state.spent, state.chain[:0]
    match move:
        case Flip(cells):
            board, spent = board.turned(cells), spent + sum(board.values[c] for c in cells)
        case Bonus(cell):
            given = next(found for found, lone in board.bonus_lines() if lone == cell)
            board, chain = board.turned([cell]), ((given.name, cell),)
        case Chain():
            board, chain = chain_reaction(board)
        case Star(cell):
            board = board.turned([cell])
    state = evolve(
        state, boards=set_item(state.boards, state.side, board), spent=spent, chain=chain,
        acted=True,  # the malus window closes with the first tile turned
        missed=rules_of(state).window_closed(state),
    )
    return _finish_round(state, state.side) if board.cleared() else state


def _end_turn(state: TriggerState) -> TriggerState:
    board = state.boards[state.side]
    missed = tuple(line.name for line, _ in board.bonus_lines()
                   if any(board.down[c] for c in line.cells))
    rules = rules_of(state)
    state = evolve(state, missed=set_item(rules.window_closed(state), state.side, missed))
    if rules.sheet_full(state):
        return _finish_round(state, 0)
    turns = set_item(state.turns, state.side, state.turns[state.side] + 1)
    return evolve(state, side=(state.side + 1) % len(state.sides), turns=turns, phase=Phase.ROLL,
                  dice=None, spent=0, acted=False, chain=(), fresh=False)


def _finish_round(state: TriggerState, winner: int) -> TriggerState:
    points = rules_of(state).round_points(state, winner)
    last = state.round >= state.setup.rounds
    # a solo try that ends with the sheet full is over without the board cleared: not won
    full = state.full if state.boards[winner].cleared() else state.full + (len(state.results) + 1,)
    return evolve(state, results=state.results + ((winner, points),), full=full,
                  phase=Phase.OVER if last else Phase.ROUND_OVER)


def _next_round(state: TriggerState) -> TriggerState:
    """The return round (or the solo replay): the boards set up again, the other side
    opens it (and so the side that opened the first round turns tiles first); in the solo
    game, the sheet's rolls kept to be replayed. A team's rotation starts again, as the round
    is played exactly as the first (trigger.teams): its first player plays its first turn, and
    the round's first throw falls to the opening team's player who comes last in its order."""
    opener = next_opener(state)
    return evolve(
        state, round=state.round + 1, boards=rules_of(state).next_boards(state), phase=Phase.ROLL,
        opener=opener, side=state.opponent(opener), turns=(0,) * len(state.sides), dice=None,
        spent=0, acted=False,
        missed=((),) * len(state.sides), chain=(), sheet=(), fresh=False,
        # only the solo game replays its rolls; a match's return round rolls afresh
        script=(state.script or state.sheet) if state.setup.solo else (),
    )


# ---- the rules a move shows -----------------------------------------------------------------
#: the rule ids a legal move shows where its kind alone decides them
_SHOWN: dict[type, tuple[str, ...]] = {
    Opening: ("trigger.opening",), Bonus: ("trigger.bonus",),
    Chain: ("trigger.bonus", "trigger.bonus.chain"), Star: ("trigger.turn.star",),
    End: ("trigger.turn.end",), Reroll: ("trigger.solo.replay.bad", "trigger.solo.replay"),
}


def move_rules(state: TriggerState, move: Move) -> tuple[str, ...]:
    """The rule ids a legal move shows (the step player names them when a step gives none)."""
    rules = rules_of(state)
    match move:
        case Roll(dice):
            found = ("trigger.turn.dice",) + (("trigger.turn.double",) if dice[0] == dice[1] else ())
            found += rules.roll_rules(state)
        case Malus():
            found = (rules.malus_rule,)
        case Flip():
            double = state.dice is not None and state.dice[0] == state.dice[1]
            found = ("trigger.turn.flip",) + (("trigger.turn.double",) if double else ())
        case NextRound():
            found = (rules.next_round_rule,)
        case _:
            found = _SHOWN.get(type(move), ())
    after = play(state, move)
    if after.phase in (Phase.ROUND_OVER, Phase.OVER) and state.phase == Phase.PLAY:
        found += rules.end_rules(state)
    return found


# ---- what play keeps true -------------------------------------------------------------------
def problems(state: TriggerState) -> list[str]:
    """What no Trigger state may be, whoever made it (play, a position, a saved state), as
    sentences in the author's language (empty: all holds)."""
    setup = state.setup
    if (setup.mode not in MODES or setup.scoring not in SCORINGS
            or setup.doubles not in DOUBLES or setup.bad_rolls not in BAD_ROLLS):
        return [T._("{field}: one of {options} is unknown: {setup}", field="setup",
                    options="mode, scoring, doubles, bad_rolls", setup=setup)]
    n = len(state.sides)
    # the mode fixes who plays on which side (2 against 1 is a mode of its own, not 'two')
    if state.sides != MODES[setup.mode][1] or len(state.players) != len(MODES[setup.mode][0]):
        return [T._("{field}: every player of the mode must belong to exactly one side, not "
                    "{sides}", field="sides", sides=state.sides)]
    if not good_names(state.players, len(state.players)):  # a position names them on one line
        return [T._("{field}: the names must be different, without spaces or the signs {signs}, "
                    "not {players}", field="players", signs="'+', ':', '#'",
                    players=list(state.players))]
    found = [T._("{field}: one entry per side ({n}), not {count}", field=name, n=n,
                 count=len(value))
             for name, value in (("layouts", state.layouts), ("boards", state.boards),
                                 ("bags", state.bags), ("turns", state.turns),
                                 ("missed", state.missed)) if len(value) != n]
    if any(len(b.values) != CELLS or len(b.down) != CELLS or not all(0 <= v <= 12 for v in b.values)
           for b in (*state.layouts, *state.boards)):
        found.append(T._("{field}: each board has 36 tiles valued 0 (a star) to 12",
                         field="boards"))
    rolls = [*state.sheet, *state.script, *((state.dice,) if state.dice else ())]
    if any(not 1 <= d <= 6 for roll in (*rolls, *state.opening) for d in roll):
        found.append(T._("{field}: a die shows 1 to 6", field="dice"))
    elif any(a > b for a, b in rolls):  # a roll is written the smaller die first ('roll 5 6')
        found.append(T._("{field}: a roll is written with the smaller die first", field="dice"))
    elif state.dice and not 0 <= state.spent <= setup.allowance(state.dice):
        found.append(T._("{spent} spent where the roll allows 0 to {allowance}", spent=state.spent,
                         allowance=setup.allowance(state.dice)))
    if (not 1 <= setup.rounds <= (9 if setup.solo else 2) or not 1 <= state.round <= setup.rounds
            or len(state.results) > setup.rounds):  # alone up to 9 tries, else a match of 1 or 2
        found.append(T._("round {round} of {rounds} (rounds with a result: {results}) is not a "
                         "round of the match", round=state.round, rounds=setup.rounds,
                         results=len(state.results)))
    if not found and len(state.layouts) == len(state.boards) == n:
        for side, board in enumerate(state.boards):  # the tiles stay where they were laid out
            layout = state.layouts[0 if n == 1 else (side + state.round - 1) % n]
            if board.values != layout.values:
                found.append(T._("board {side} does not hold the tiles of its layout",
                                 side=side))
        for side, bag in enumerate(state.bags):  # what the layout left of the colour's set
            if bag and sorted(state.layouts[side].values + bag) != sorted(TILES):
                found.append(T._("bag {side} and its layout are not the {colour} tile set",
                                 side=side, colour=colour_display(COLOURS[side])))
    if state.phase in (Phase.ROUND_OVER, Phase.OVER) and not state.results:
        # the refusals and the facts name the round's winner from its result
        found.append(T._("the phase '{phase}' needs the result of the round",
                         phase=phase_display(state.phase)))
    if state.phase == Phase.PLAY and state.dice is None:
        found.append(T._("the play phase has no roll"))
    if (not 0 <= state.side < n or not 0 <= state.opener < n
            or any(not 0 <= side < n for side, _ in state.results)):
        found.append(T._("no such side ({fields})", fields="side, opener, results"))
    if (state.full and not setup.solo) or any(
            not 1 <= number <= len(state.results) for number in state.full) or (
            list(state.full) != sorted(set(state.full))):  # the tries ended with the sheet full
        found.append(T._("{field}: the numbers of solo tries that ended with the score sheet "
                         "full, each once, in order, from 1 to {count}, not {full}",
                         field="full", count=len(state.results),
                         full=", ".join(map(str, state.full))))
    if any(not 0 <= points <= MOST_POINTS for _, points in state.results):
        found.append(T._("{field}: a round counts 0 to {most} points, not {points}",
                         field="results", most=MOST_POINTS,
                         points=", ".join(str(points) for _, points in state.results)))
    if (any(name not in LINE_BY_NAME for lines in state.missed for name in lines)
            or any(line not in LINE_BY_NAME or not 0 <= cell < CELLS for line, cell in state.chain)):
        found.append(T._("no such line or compartment ({fields})", fields="missed, chain"))
    if state.spent < 0 or any(turns < 0 for turns in state.turns) or len(state.sheet) > 10_000:
        found.append(T._("a count is below zero, or the score sheet is too long"))
    if state.phase in (Phase.OPENING, Phase.ROLL) and state.dice is not None:
        found.append(T._("a roll of {dice} before the dice are rolled (phase '{phase}')",
                         dice=state.dice, phase=phase_display(state.phase)))
    if state.dice is None and state.spent:
        found.append(T._("{spent} spent without a roll", spent=state.spent))
    if state.spent and not state.acted:  # paying turns a tile: the malus window is closed
        found.append(T._("{spent} spent while a malus can still be claimed (no tile turned yet)",
                         spent=state.spent))
    if setup.solo and (len(state.sheet) > SHEET or (
            len(state.sheet) == SHEET and state.phase in (Phase.OPENING, Phase.ROLL))):
        # the sheet has 20 lines, and a try is over when they are full (trigger.solo.sheet)
        found.append(T._("{count} rolls on a score sheet with room for {size} are too many in "
                         "the phase '{phase}'",
                         count=len(state.sheet), size=SHEET,
                         phase=phase_display(state.phase)))
    if state.phase == Phase.PLAY and state.dice is not None and state.sheet[-1:] != (state.dice,):
        found.append(T._("the roll {dice} is not the last of the score sheet", dice=state.dice))
    if (state.phase == Phase.OVER) != (len(state.results) == setup.rounds):
        found.append(T._("rounds with a result: {results} of {rounds}, which does not fit the "
                         "phase '{phase}'",
                         results=len(state.results), rounds=setup.rounds,
                         phase=phase_display(state.phase)))
    return found


def invariants(state: TriggerState) -> list[str]:
    """What is wrong with a state that play reached, as sentences (the soak checks it at
    every ply): :func:`problems`, and what play keeps besides."""
    found = problems(state)
    if found:
        return found
    n, rounds = len(state.sides), state.setup.rounds
    for side, board in enumerate(state.boards):
        layout = state.layouts[0 if n == 1 else (side + state.round - 1) % n]
        if board.values != layout.values:
            found.append(f"board {side} does not hold the tiles of its layout")
        if board.cleared() and state.phase not in (Phase.ROUND_OVER, Phase.OVER):
            found.append(f"board {side} is all face down but the round goes on")
        for name in state.missed[side]:
            if not any(board.down[c] for c in LINE_BY_NAME[name].cells):
                found.append(f"{name} of board {side} is missed but has nothing face down")
    for side, bag in enumerate(state.bags):
        if bag and sorted(state.layouts[side].values + bag) != sorted(TILES):
            found.append(f"bag {side} and its layout are not the {COLOURS[side]} tile set")
    if state.phase == Phase.PLAY:
        if state.dice is None:
            found.append("the play phase without a roll")
        elif not 0 <= state.spent <= state.setup.allowance(state.dice):
            found.append(f"spent {state.spent} of a roll of {state.setup.allowance(state.dice)}")
    if (state.setup.solo and state.phase in (Phase.ROUND_OVER, Phase.OVER)
            and (len(state.results) in state.full) == state.boards[0].cleared()):
        found.append(f"try {len(state.results)} is over with the board "
                     f"{'cleared' if state.boards[0].cleared() else 'not cleared'}, "
                     f"but its sheet is {'' if state.full[-1:] == (len(state.results),) else 'not '}full")
    if len(state.results) > rounds or (state.phase == Phase.OVER) != (len(state.results) == rounds):
        found.append(f"{len(state.results)} results of {rounds} rounds in phase {state.phase}")
    return found
