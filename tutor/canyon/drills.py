"""Canyon's own drills (the generic kinds, which move is legal and what a player may do, come
from :mod:`tutor.core.drills`):

* ``trick-winner`` - "Herman plays red 9 to the trick: who wins it?";
* ``movement-points`` - "Anne announced 2 and won 3 tricks: how many movement points?";
* ``end-field`` - "Where may Carl's canoe end its move?" (one legal end field, the others
  refused, each with the rule that refuses it);

and the moves the generic ``may-do`` tries a kind of move with (``CANDIDATES``): paddles only
to fields a canoe can enter - "b3 is not water" says why that field is refused, not why Anna
may not paddle now (no movement points, other canoes in the way).

Every answer is the engine's: the trick's winner after the card is played, the points the
move phase fixed, the fields the one check accepts and refuses.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from tutor.core.drills import Drill, DrillKind, Option, sentence
from tutor.core.game import Game
from tutor.core.i18n import translator

from .board import ENTERABLE
from .cards import trick_winner
from .current import in_current, must_drift
from .moves import Paddle, Play
from .cards import colours
from .notation import card_display
from .rules import bonus, plan
from .state import CanyonState, Phase

T = translator("canyon")


def trick_winner_drill(game: Game[Any, Any], state: Any, rnd: random.Random,
                       pool: Sequence[Any]) -> Drill | None:
    """The last card of a trick: who wins it?"""
    if not isinstance(state, CanyonState) or state.phase is not Phase.TRICKS \
            or len(state.table) != state.seats - 1 or state.trump is None:
        return None
    mover = state.turn
    card = rnd.choice([m.card for m in game.legal_moves(state) if isinstance(m, Play)])
    table = (*state.table, (mover, card))
    winner = trick_winner(table, state.trump.suit)
    after = game.play(state, Play(mover, card))
    assert after.last_winner == winner  # the engine's own answer
    names = state.players
    won_with = dict(table)[winner]
    led = table[0][1].suit
    if won_with.suit == state.trump.suit:
        why = T._("{player}'s {card} is the highest trump.", player=names[winner],
                  card=card_display(won_with))
    else:
        why = T._("No trump was played: {player}'s {card} is the highest {colour}.",
                  player=names[winner], card=card_display(won_with), colour=colours()[led])
    why = sentence(why)  # Dutch and Italian begin with the card ("blu 1 di Anna ...")
    others = [p for p, _ in table if p != winner]
    rnd.shuffle(others)
    move = Play(mover, card)  # every option names the card played
    options = [Option(names[p], p == winner, why, "canyon.round.tricks", move)
               for p in [winner, *others[:3]]]
    rnd.shuffle(options)
    prompt = T._("Trump is {trump}. {player} plays {card} to the trick: who wins it?",
                 trump=colours()[state.trump.suit], player=names[mover], card=card_display(card))
    return Drill("trick-winner", game.name, prompt, state, mover, tuple(options))


def movement_points_drill(game: Game[Any, Any], state: Any, rnd: random.Random,
                          pool: Sequence[Any]) -> Drill | None:
    """The move phase: how many movement points does a canoe still to move have?"""
    if not isinstance(state, CanyonState) or state.phase is not Phase.MOVE or not state.points:
        return None
    waiting = [p for p in range(state.seats) if not state.moved[p]]
    if not waiting:
        return None
    p = rnd.choice(waiting)
    name = state.players[p]
    tempo, won = state.tempo_of(p), state.tricks[p]
    if tempo is None:
        return None
    points = state.points[p]
    exact = tempo == won
    current = in_current(state, p)
    if current and not exact:
        why, rule = T._("{player}'s canoe is in the current and the tempo was missed: it does "
                        "not paddle, it drifts.", player=name), "canyon.current.exact"
    elif current:
        why, rule = T.n_("{player}'s canoe starts in the current: only the bonus counts, "
                         "{n} point.", "{player}'s canoe starts in the current: only the bonus "
                         "counts, {n} points.", points, player=name), "canyon.current.bonus"
    elif exact:
        why, rule = T._("{won} for the tricks and {bonus} bonus for the exact tempo: {points}.",
                        won=won, bonus=bonus(tempo), points=points), "canyon.move.bonus"
    else:
        why, rule = T.n_("The tempo was missed: no bonus, {n} point for the tricks.",
                         "The tempo was missed: no bonus, {n} points for the tricks.", won),\
            "canyon.move.bonus"
    tempting = {won, won + bonus(tempo), bonus(tempo), points + 1, max(0, points - 1)}
    tempting.discard(points)
    wrong = sorted(tempting)
    rnd.shuffle(wrong)
    options = [Option(str(points), True, why, rule),
               *(Option(str(n), False, why, rule) for n in wrong[:3])]
    rnd.shuffle(options)
    # the player named once: "... and won 1 trick. How many movement points does Ben have?"
    # named Ben twice (and a canoe in the current three times)
    if current:
        prompt = T.n_("{player} announced a tempo of {tempo} and won {n} trick, with the canoe "
                      "in the current. How many movement points is that?",
                      "{player} announced a tempo of {tempo} and won {n} tricks, with the canoe "
                      "in the current. How many movement points is that?",
                      won, player=name, tempo=tempo)
    else:
        prompt = T.n_("{player} announced a tempo of {tempo} and won {n} trick. How many "
                      "movement points is that?",
                      "{player} announced a tempo of {tempo} and won {n} tricks. How many "
                      "movement points is that?", won, player=name, tempo=tempo)
    # the panel shows each player's movement points: not while they are asked
    return Drill("movement-points", game.name, prompt, state, state.turn, tuple(options),
                 asks=f"points.{name}")


def end_field_drill(game: Game[Any, Any], state: Any, rnd: random.Random,
                    pool: Sequence[Any]) -> Drill | None:
    """Where may the canoe to move end its move? One legal end, the others refused."""
    if not isinstance(state, CanyonState) or state.phase is not Phase.MOVE \
            or must_drift(state, state.turn):
        return None
    p = state.turn
    found = plan(state, p)
    if found.blocked:
        return None
    board = state.board
    right = rnd.choice(sorted(found.ends))
    refused = [m for m in game.candidate_moves(state)
               if isinstance(m, Paddle) and m.end not in found.ends]
    rnd.shuffle(refused)
    options = [Option(board.field_name(right), True, T._("{field} is a legal end of the move.",
                                                         field=board.field_name(right)),
                      "canyon.move.dock" if found.docked else "canyon.move.optimal",
                      Paddle(p, right))]
    for move in refused[:3]:
        verdict = game.violation(state, move)
        assert verdict is not None
        options.append(Option(board.field_name(move.end), False,
                              sentence(game.rules.reason(verdict.rule_id, **verdict.params)),
                              verdict.rule_id, move))
    if len(options) < 3:
        return None
    rnd.shuffle(options)
    prompt = T.n_("{player}'s canoe has {n} movement point. Where may it end its move?",
                  "{player}'s canoe has {n} movement points. Where may it end its move?",
                  found.points, player=state.players[p])
    return Drill("end-field", game.name, prompt, state, p, tuple(options))


def candidates(game: Game[Any, Any], state: Any) -> list[Any]:
    """The moves a ``may-do`` drill tries a kind of move with
    (:func:`tutor.core.drills.candidates`): paddles only to fields a canoe can enter. The
    fields around a canoe that may not paddle are mostly bank and rock, and "b3 is not water"
    says why that field is refused, not why the player may not paddle now (no movement points,
    canoes in the way)."""
    moves = list(game.candidate_moves(state))
    if not isinstance(state, CanyonState):
        return moves
    kinds = state.board.kinds
    return [m for m in moves if not isinstance(m, Paddle) or kinds[m.end] in ENTERABLE]


#: the hook :func:`tutor.core.drills.candidates` looks for
CANDIDATES = candidates


KINDS: dict[str, DrillKind] = {"trick-winner": trick_winner_drill,
                               "movement-points": movement_points_drill,
                               "end-field": end_field_drill}
