"""Trigger's own drills (the generic kinds, which move is legal and what a player may do,
come from :mod:`tutor.core.drills`):

* ``roll-allows``: "Ben throws 4 and 4 for Anna: how many points may she turn this turn?" -
  doubles count double (or multiply, as a variant);
* ``points-left``: "Anna turns c3 (7): how many points of her roll are left?";
* ``chain-tiles``: "Anna sets off the chain reaction: how many tiles turn face down?".

Every answer is worked out by the engine (the facts after the move), never by the drill.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from tutor.core.drills import Drill, DrillKind, Option, she
from tutor.core.game import Game
from tutor.core.i18n import translator

from .board import cell_name
from .moves import Chain, Flip
from .notation import lines_display
from .state import Phase, TriggerState

T = translator("trigger")


def _options(right: int, rnd: random.Random, near: Sequence[int], why: str,
             rule: str) -> tuple[Option, ...]:
    """The right number and three others near it (the likely slips first), shuffled, each
    explained by ``why`` and ``rule``."""
    wrong = [n for n in dict.fromkeys(near) if n != right and n >= 0]
    spare = [n for n in range(max(0, right - 4), right + 5) if n != right and n not in wrong]
    rnd.shuffle(spare)
    numbers = [right, *(wrong + spare)[:3]]
    rnd.shuffle(numbers)
    return tuple(Option(str(n), n == right, why, rule) for n in numbers)


def _mover(game: Game[Any, Any], state: TriggerState) -> int | None:
    mover = game.to_move(state)
    if mover is None or mover < 0 or state.phase != Phase.PLAY or state.dice is None:
        return None
    return mover


def roll_allows(game: Game[Any, Any], state: TriggerState, rnd: random.Random,
                pool: Sequence[Any]) -> Drill | None:
    mover = _mover(game, state)
    if mover is None or state.dice is None:
        return None
    a, b = state.dice
    right = game.facts(state)["roll"]
    assert isinstance(right, int)
    player = game.players(state)[mover]
    rule = "trigger.turn.double" if a == b else "trigger.turn.dice"
    # the sum worked out in the open: a double counts double (or, as a variant, multiplied)
    if a != b:
        why = T._("{a} + {b} = {right}: tiles worth up to {right} may be turned.", a=a, b=b,
                  right=right)
    elif right == a * b:
        why = T._("A double is multiplied in this game: {a} × {b} = {right}.", a=a, b=b,
                  right=right)
    else:
        why = T._("A double counts double: ({a} + {b}) × 2 = {right}.", a=a, b=b, right=right)
    # the slips: a double added only, or multiplied, or doubled
    options = _options(right, rnd, [a + b, a * b, 2 * (a + b)], why, rule)
    # the dice are thrown for the player, by the opponent (2. DOBBELSTENEN), not by the player:
    # said as free play says the throw ("Ben throws 3 and 5 for Anna"), the player named once;
    # alone, the roll may be one of the score sheet's, replayed: nobody throws it
    thrower = game.facts(state)["thrower"]
    said = dict(player=player, thrower=thrower, a=a, b=b)
    if thrower and thrower != player:
        prompt = (T._("{thrower} throws {a} and {b} for {player}: how many points may she turn "
                      "this turn?", **said) if she(player) else
                  T._("{thrower} throws {a} and {b} for {player}: how many points may he turn "
                      "this turn?", **said))
    else:
        prompt = (T._("{player}'s roll is {a} and {b}: how many points may she turn this turn?",
                      **said) if she(player) else
                  T._("{player}'s roll is {a} and {b}: how many points may he turn this turn?",
                      **said))
    # the board writes what the roll allows beside the dice: not while it is asked
    return Drill("roll-allows", game.name, prompt, state, mover, options, asks="roll")


def points_left(game: Game[Any, Any], state: TriggerState, rnd: random.Random,
                pool: Sequence[Any]) -> Drill | None:
    mover = _mover(game, state)
    if mover is None:
        return None
    flips = [m for m in game.legal_moves(state) if isinstance(m, Flip)]
    if not flips:
        return None
    move = rnd.choice(flips)
    before, after = game.facts(state), game.facts(game.apply(state, move))
    right, roll, spent = after["left"], before["roll"], before["spent"]
    assert isinstance(right, int) and isinstance(roll, int) and isinstance(spent, int)
    value = state.boards[state.side].values[move.cells[0]]
    player = game.players(state)[mover]
    why = (T._("The roll allows {roll} and this tile costs {value}: {roll} − {value} = "
               "{right} left.", roll=roll, value=value, right=right) if not spent else
           T._("The roll allows {roll}, {spent} of it is already paid and this tile costs "
               "{value}: {roll} − {spent} − {value} = {right} left.", roll=roll, spent=spent,
               value=value, right=right))
    options = _options(right, rnd, [roll - value, right + spent if spent else right + value],
                       why, "trigger.turn.flip")
    # the compartment ("turns c3"), not the move's text ("turns flip c3", English in every language)
    # a count of points: "1 punti" is no Italian ("Ad Anna restano 1 del tiro")
    prompt = T.n_("{player} has {n} point of the roll left and turns {move} ({value}): how "
                  "many points are left?", "{player} has {n} points of the roll left and turns "
                  "{move} ({value}): how many points are left?", roll - spent, player=player,
                  n=roll - spent, move=cell_name(move.cells[0]), value=value)
    return Drill("points-left", game.name, prompt, state, mover, options)


def chain_tiles(game: Game[Any, Any], state: TriggerState, rnd: random.Random,
                pool: Sequence[Any]) -> Drill | None:
    mover = _mover(game, state)
    if mover is None or not game.is_legal(state, Chain()):
        return None
    name = state.label(state.side)
    bonus = game.facts(state)[f"bonus.{name}"]
    up_before = game.facts(state)[f"up.{name}"]
    up_after = game.facts(game.apply(state, Chain()))[f"up.{name}"]
    assert isinstance(up_before, int) and isinstance(up_after, int) and isinstance(bonus, str)
    right = up_before - up_after
    player = game.players(state)[mover]
    # the slip: one tile per bonus line open now, as if the reaction stopped there
    turned = game.facts(game.apply(state, Chain()))["chain.tiles"]
    assert isinstance(turned, str)
    why = T.n_("The chain reaction turns {n} tile face down: {cells}.",
               "The chain reaction turns {n} tiles face down: {cells}.", right, n=right,
               cells=", ".join(turned.split()))
    options = _options(right, rnd, [len(bonus.split(", "))], why, "trigger.bonus.chain")
    prompt = T._("{player} sets off the chain reaction (bonus now on {lines}): how many tiles "
                 "turn face down?", player=player, lines=lines_display(bonus))
    return Drill("chain-tiles", game.name, prompt, state, mover, options)


KINDS: dict[str, DrillKind] = {"roll-allows": roll_allows, "points-left": points_left,
                               "chain-tiles": chain_tiles}
