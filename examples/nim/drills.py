"""Nim's own drill: "P1 takes 2: how many counters are left?" (the generic kinds, which
move is legal and what a player may do, come from tutor.core.drills)."""
from __future__ import annotations

import random
from typing import Any, Sequence

from tutor.core.drills import Drill, DrillKind, Option
from tutor.core.game import Game
from tutor.core.i18n import translator

T = translator("nim")


def counters_left(game: Game[Any, Any], state: Any, rnd: random.Random,
                  pool: Sequence[Any]) -> Drill | None:
    mover = game.to_move(state)
    legal = list(game.legal_moves(state))
    if mover is None or not legal:
        return None
    move = rnd.choice(legal)
    left = game.facts(game.apply(state, move))["heap"]
    assert isinstance(left, int)
    wrong = [n for n in range(max(0, left - 3), left + 4) if n != left]
    numbers = [left, *rnd.sample(wrong, 3)]
    rnd.shuffle(numbers)
    player = game.players(state)[mover]
    options = tuple(Option(str(n), n == left, T._("{player} leaves {left}.", player=player,
                                                 left=left), "nim.take") for n in numbers)
    prompt = T._("{player} plays {move}: how many counters are left?", player=player,
                 move=game.move_text(state, move))
    return Drill("counters-left", game.name, prompt, state, mover, options)


KINDS: dict[str, DrillKind] = {"counters-left": counters_left}
