"""InTrappola's own drills (the generic ones - which move is legal, what a player may do -
come from :mod:`tutor.core.drills`). Each answer is the engine's:

* ``close-place``: "To trap card 6, which cards must Anna play?" - the trap's cards,
  against other sets of her cards, each refused by the rule that says why;
* ``caught``: "Anna plays 5 and names 1. As far as she can see, is the prey caught?" -
  caught, missed, or "Anna cannot know it yet"; caught or missed only when what Anna has
  seen decides it (the deck is empty, she saw the prey in the other hand, or put it under
  the deck herself, or a pair's two cards cannot both be in the one card of the other hand
  she has not seen);
* ``trap-points``: "How many points does this trap score if it catches?" - the prey's
  points by place;

and the moves the generic ``may-do`` tries a kind of move with (``CANDIDATES``): where no trap
can be set, the traps a learner might try - a card of the hand played beside a prey it touches,
refused as the prey still has an open side (the reason no trap can be set), not a trap seen in
another position ("B6 is not in Anna's hand").
"""
from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Sequence

from tutor.core.drills import Drill, DrillKind, Option, she, sentence
from tutor.core.game import Game
from tutor.core.i18n import translator

from .cards import cards_text, geometry, neighbours
from .computer import catch_chance
from .knowledge import DECK, THEIRS, UNSEEN, whereabouts
from .moves import Trap
from .state import InTrappolaState

T = translator("intrappola")


def _trap(game: Game[Any, Any], state: InTrappolaState, rnd: random.Random) -> Trap | None:
    """One of the traps the hunter can set, or None (none, or the game is over)."""
    if game.to_move(state) is None:
        return None
    traps = [m for m in game.legal_moves(state) if isinstance(m, Trap)]
    return rnd.choice(traps) if traps else None


def close_place(game: Game[Any, Any], state: InTrappolaState, rnd: random.Random,
                pool: Sequence[Any]) -> Drill | None:
    """Which cards must the hunter play to trap this prey?"""
    trap = _trap(game, state, rnd)
    if trap is None:
        return None
    hand = state.hands[state.turn]
    P = state.pictures
    others = [Trap(c, trap.prey) for size in (1, 2, 3) for c in combinations(hand, size)
              if c != trap.cards]
    rnd.shuffle(others)
    # each refused with the rule that says why (another set that closes it too is no wrong answer)
    wrong = [Option(cards_text(move.cards, P), False,
                    sentence(game.rules.reason(v.rule_id, **v.params)), v.rule_id, move)
             for move in others[:3] if (v := game.violation(state, move)) is not None]
    if len(wrong) < 2:
        return None
    player = state.players[state.turn]
    prey = cards_text(trap.prey, P)
    # a pair is two prey, as the question says ("around prey 4 8" said one card)
    why = (T.n_("{cards} is the one place around {prey} that is still empty.",
                "{cards} are the places around {prey} that are still empty.",
                len(trap.cards), cards=cards_text(trap.cards, P), prey=prey)
           if len(trap.prey) == 1 else
           T.n_("{cards} is the one place around the pair {prey} that is still empty.",
                "{cards} are the places around the pair {prey} that are still empty.",
                len(trap.cards), cards=cards_text(trap.cards, P), prey=prey))
    right = Option(cards_text(trap.cards, P), True, why, "intrappola.trap", trap)
    options = [*wrong, right]
    rnd.shuffle(options)
    # the player named once (a question that named her twice read as two questions)
    prompt = (T._("To trap card {prey}, which cards must {player} play?", player=player,
                  prey=prey) if len(trap.prey) == 1 else
              T._("To trap the pair {prey}, which cards must {player} play?", player=player,
                  prey=prey))
    return Drill("close-place", game.name, prompt, state, state.turn, tuple(options))


def caught(game: Game[Any, Any], state: InTrappolaState, rnd: random.Random,
           pool: Sequence[Any]) -> Drill | None:
    """Is the prey caught? - as far as the hunter can know."""
    trap = _trap(game, state, rnd)
    if trap is None:
        return None
    hunter = state.turn
    seen = whereabouts(state, hunter)
    places = [seen[p] for p in trap.prey]
    player, P = state.players[hunter], state.pictures
    prey = cards_text(trap.prey, P)
    # what the hunter has seen decides it when it makes each prey's chance 1 or one of them 0:
    # a card not seen is certain too once every card of the other hand was seen (none can be
    # there) or every card of the deck is one the hunter put under it (all are there)
    if all(w.chance == 1 for w in places):
        answer = "caught"
        why = (T._("The deck is empty: every card that is neither on the table nor in "
                   "{player}'s hand is in the other hand.", player=player) if not state.deck else
               # a pair is two cards ("la carta preda B11 B12" said one)
               T.n_("{player} has seen card {prey} in the other hand.",
                    "{player} has seen both cards {prey} in the other hand.", len(places),
                    player=player, prey=prey)
               if all(w.where == THEIRS for w in places) else
               T._("{player} put every card of the deck under it: every card she has not seen "
                   "is in the other hand.", player=player) if she(player) else
               T._("{player} put every card of the deck under it: every card he has not seen "
                   "is in the other hand.", player=player))
    elif any(w.chance == 0 for w in places):
        answer = "missed"
        why = (T._("{player} put a prey card under the deck: it is not in the other hand.",
                   player=player) if any(w.where == DECK for w in places) else
               T._("{player} has seen every card of the other hand, and {card} is not one of "
                   "them.", player=player, card=cards_text(
                       [w.card for w in places if w.chance == 0][:1], P)))
    elif catch_chance(trap, state) == 0:
        # a pair of cards not seen, where the other hand has one card the hunter has not
        # seen: it cannot hold both, so the trap misses (Es 4: "solo se entrambe")
        answer = "missed"
        why = T._("The other hand holds only one card {player} has not seen: it cannot hold "
                  "both {prey}.", player=player, prey=prey)
    else:
        answer = "unknown"
        unseen = [w for w in places if w.where == UNSEEN]
        why = T.n_("{player} has not seen where {prey} is: it is in the other hand with a "
                   "chance of {chance}.",
                   "{player} has not seen where {prey} are: each is in the other hand with a "
                   "chance of {chance}.", len(unseen), player=player,
                   prey=cards_text([w.card for w in unseen], P), chance=str(unseen[0].chance))
    texts = {"caught": T._("Caught: the prey goes to its place and scores"),
             "missed": T._("Missed: both hands are shown and the trap cards go back"),
             "unknown": T._("{player} cannot know it yet", player=player)}
    rules = {"caught": "intrappola.trap.caught", "missed": "intrappola.trap.missed",
             "unknown": "intrappola.knowledge"}
    options = [Option(texts[k], k == answer,
                      why if k == answer else T._("Not from what {player} has seen.",
                                                  player=player), rules[k])
               for k in ("caught", "missed", "unknown")]
    said = dict(player=player, cards=cards_text(trap.cards, P), prey=prey)
    prompt = (T._("{player} plays {cards} and names {prey}. As far as she can see, is the prey "
                  "caught?", **said) if she(player) else
              T._("{player} plays {cards} and names {prey}. As far as he can see, is the prey "
                  "caught?", **said))
    return Drill("caught", game.name, prompt, state, hunter, tuple(options))


def trap_points(game: Game[Any, Any], state: InTrappolaState, rnd: random.Random,
                pool: Sequence[Any]) -> Drill | None:
    """How many points does this trap score if it catches?"""
    trap = _trap(game, state, rnd)
    if trap is None:
        return None
    score = geometry(state.pictures).points
    points = sum(score[p] for p in trap.prey)
    # with several pictures the points go by place in the whole table (that rule's reading)
    rule = "intrappola.points" if state.pictures == 1 else "intrappola.variant.pictures"
    numbers = [points, *rnd.sample([n for n in (1, 2, 3, 4, 5, 6, 8) if n != points], 3)]
    rnd.shuffle(numbers)
    each = ", ".join(f"{cards_text([p], state.pictures)}: {score[p]}" for p in trap.prey)
    options = tuple(Option(str(n), n == points, T.n_(
        "The prey scores {n} point ({each}): corners 1, border 2, inside 4.",
        "The prey scores {n} points ({each}): corners 1, border 2, inside 4.",
        points, n=points, each=each), rule) for n in numbers)
    prompt = T._("{player} plays {cards} and names {prey}. How many points does it score "
                 "if it catches?", player=state.players[state.turn],
                 cards=cards_text(trap.cards, state.pictures),
                 prey=cards_text(trap.prey, state.pictures))
    return Drill("trap-points", game.name, prompt, state, state.turn, options)


def candidates(game: Game[Any, Any], state: Any) -> list[Any]:
    """The moves a ``may-do`` drill tries a kind of move with
    (:func:`tutor.core.drills.candidates`): the game's candidates, and where they hold no trap
    (none can be set), each card of the hand played beside each prey it touches that is
    neither on the table nor in the hand."""
    moves = list(game.candidate_moves(state))
    if not isinstance(state, InTrappolaState) or any(isinstance(m, Trap) for m in moves) \
            or game.to_move(state) is None:
        return moves
    hand = state.hands[state.turn]
    taken = {*state.table, *hand}
    tries = [Trap((card,), (prey,)) for card in hand
             for prey in neighbours(card, state.pictures) if prey not in taken]
    return [*tries, *moves]


#: the hook :func:`tutor.core.drills.candidates` looks for
CANDIDATES = candidates


KINDS: dict[str, DrillKind] = {"close-place": close_place, "caught": caught,
                               "trap-points": trap_points}
