"""Trapper's own drills (the generic kinds, which move is legal and what a player may do, come
from :mod:`tutor.core.drills`). Each answer is the engine's:

* ``sale`` - "Anna plays green: take c4. What does the bank pay for the canoe?": a legal take
  that fills a canoe; the right number is what the sale adds to her money;
* ``which-trapper`` - "Which trapper can Anna take bear 4 on c4 with now?": a face-up tile
  exactly one trapper can take with her cards; each other colour is explained by the rule
  that refuses it;
* ``which-tile`` - "Which tile may the green trapper take for Anna now?": one tile it can take
  and up to three it cannot (water, not next to it, face down, empty), each with its rule.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from tutor.core.drills import Drill, DrillKind, Option, sentence
from tutor.core.game import Game, Violation
from tutor.core.i18n import translator

from .moves import Move, Take
from .notation import colour_name, said_colour, shown, tile_name
from .state import TrapperState
from .tiles import TILES, square_name
from .variants import rules_of

T = translator("trapper")
AnyGame = Game[Any, Any]


def _mover(game: AnyGame, state: TrapperState) -> int | None:
    mover = game.to_move(state)
    return None if mover is None or mover < 0 or state.variant == "tactical" else mover


def take_for(state: TrapperState, colour: int, square: int) -> tuple[Take, Violation | None]:
    """The take of the tile on ``square`` by the trapper of ``colour`` the player on turn
    would try (a card of the colour, else a pair, joining the display the first way it can),
    and the rule that refuses it (None: it is legal)."""
    rules = rules_of(state)
    pays = rules.payments(state, colour)
    tile = state.board[square]
    options = rules.tile_options(state, tile) if tile is not None and state.face_up[square] else ()
    choice = options[0] if len(options) > 1 else ()
    move = Take(colour, square, pays[0] if pays else None, choice)
    return move, rules.violation(state, move)


def sale(game: AnyGame, state: TrapperState, rnd: random.Random,
         pool: Sequence[Any]) -> Drill | None:
    mover = _mover(game, state)
    if mover is None:
        return None
    selling: list[tuple[Move, int, tuple[int, ...]]] = []
    for move in game.legal_moves(state):
        if isinstance(move, Take):
            after = game.apply(state, move)
            sold = after.displays[mover].sold
            if len(sold) > len(state.displays[mover].sold):
                selling.append((move, sold[-1].paid, (sold[-1].canoe, *sold[-1].tiles)))
    if not selling:
        return None
    move, paid, tiles = rnd.choice(selling)
    values = [TILES[t].value for t in tiles[1:]]
    # halved (not doubled), a tile more or less, the canoe counted in, twice doubled
    wrong = {paid // 2, paid + 2, paid - 2, paid + TILES[tiles[0]].value * 2, paid + 4, 2 * paid}
    wrong -= {paid}
    numbers = [paid, *rnd.sample(sorted(n for n in wrong if n > 0), 3)]
    rnd.shuffle(numbers)
    # the values of its animals, mushroom and herb added and doubled (trapper.canoe.full)
    why = T.n_("The canoe holds {n} tile, worth {total}: doubled, the bank pays {paid}.",
               "The canoe holds {n} tiles, worth {sum} = {total}: doubled, the bank pays "
               "{paid}.", len(values), sum=" + ".join(str(v) for v in values),
               total=sum(values), paid=paid)
    options = tuple(Option(str(n), n == paid, why, "trapper.canoe.full") for n in numbers)
    player = state.players[mover]
    prompt = T._("{player} plays “{move}”: the canoe is full. What does the bank pay for it?",
                 player=player, move=shown(move))
    return Drill("sale", game.name, prompt, state, mover, options)


def which_trapper(game: AnyGame, state: TrapperState, rnd: random.Random,
                  pool: Sequence[Any]) -> Drill | None:
    mover = _mover(game, state)
    if mover is None:
        return None
    squares = [sq for sq in range(64) if state.face_up[sq] and state.board[sq] is not None]
    rnd.shuffle(squares)
    for sq in squares:
        verdicts = [take_for(state, c, sq) for c in range(4)]
        able = [c for c, (_, found) in enumerate(verdicts) if found is None]
        if len(able) != 1:
            continue
        options = []
        for c, (move, found) in enumerate(verdicts):
            if found is None:
                options.append(Option(colour_name(c), True, T._(
                    "The {colour} trapper can take it: “{move}”.", colour=said_colour(c),
                    move=shown(move)), "trapper.take", move))
            else:
                options.append(Option(colour_name(c), False, sentence(game.rules.reason(
                    found.rule_id, **found.params)), found.rule_id, move))
        tile = state.board[sq]
        assert tile is not None
        # "take canoe of 1 bear on c8 with" read as no sentence: the tile named as the Dutch
        # and Italian name it ("het kaartje", "la tessera"), the question's word first
        prompt = T._("With which trapper can {player} take the tile {tile} on {square} now?",
                     player=state.players[mover], tile=tile_name(tile), square=square_name(sq))
        return Drill("which-trapper", game.name, prompt, state, mover, tuple(options))
    return None


#: the refusals a wrong tile is picked for, the most instructive first
_WRONG = ("trapper.take.water", "trapper.take.adjacent", "trapper.take.face-down",
          "trapper.take.empty", "trapper.take.trapper")


def which_tile(game: AnyGame, state: TrapperState, rnd: random.Random,
               pool: Sequence[Any]) -> Drill | None:
    mover = _mover(game, state)
    if mover is None:
        return None
    colours = [c for c in range(4) if rules_of(state).payments(state, c)]
    if state.moved is not None:
        colours = [c for c in colours if c == state.moved]
    if not colours:
        return None
    colour = rnd.choice(colours)
    verdicts = {sq: take_for(state, colour, sq) for sq in range(64)}
    legal = [sq for sq, (_, found) in verdicts.items() if found is None]
    refused = {rule: [sq for sq, (_, f) in verdicts.items() if f is not None and f.rule_id == rule]
               for rule in _WRONG}
    if not legal:
        return None
    wrong: list[int] = []
    for rule in _WRONG:  # the most instructive first, one of each kind, then any
        if refused[rule] and len(wrong) < 3:
            wrong.append(rnd.choice(refused[rule]))
    rest = [sq for rule in _WRONG for sq in refused[rule] if sq not in wrong]
    wrong += rnd.sample(rest, min(len(rest), 3 - len(wrong)))
    if len(wrong) < 2:
        return None
    right = rnd.choice(legal)

    def label(sq: int) -> str:
        tile = state.board[sq]
        if sq in state.trappers:  # no tile there, but not empty
            return T._("the {colour} trapper on {square}",
                       colour=said_colour(state.trappers.index(sq)), square=square_name(sq))
        if tile is None:
            return T._("the empty square {square}", square=square_name(sq))
        if not state.face_up[sq]:
            return T._("the face-down tile on {square}", square=square_name(sq))
        return T._("{tile} on {square}", tile=tile_name(tile), square=square_name(sq))

    options = []
    for sq in [right, *wrong]:
        move, found = verdicts[sq]
        if found is None:
            options.append(Option(label(sq), True, T._("Allowed: “{move}”.", move=shown(move)),
                                  "trapper.take", move))
        else:
            options.append(Option(label(sq), False, sentence(game.rules.reason(
                found.rule_id, **found.params)), found.rule_id, move))
    rnd.shuffle(options)
    prompt = T._("Which tile may {player} take with the {colour} trapper now?",
                 player=state.players[mover], colour=said_colour(colour))
    return Drill("which-tile", game.name, prompt, state, mover, tuple(options))


KINDS: dict[str, DrillKind] = {"sale": sale, "which-trapper": which_trapper,
                               "which-tile": which_tile}
