"""Named facts of an InTrappola state (walkthrough expectations, questions, lessons) and
their labels for learners. Cards are written by name ("6", "B11"), several in order with
spaces; the winner comes from the rules' one answer (:func:`tutor.intrappola.rules.outcome`).
"""
from __future__ import annotations

from tutor.core.game import Fact
from tutor.core.i18n import N_

from .cards import all_cards, card_name, cards_text, geometry
from .knowledge import whereabouts
from .rules import end_reason, outcome, scores
from .state import HIDDEN, InTrappolaState
from .traps import traps_of

LABELS = {
    "turn": N_("the hunter on turn"),
    "over": N_("whether the game is over"),
    "end": N_("why the game ended"),
    "winner": N_("the winner"),
    "table": N_("the cards on the table"),
    "table.count": N_("how many cards lie on the table"),
    "deck": N_("cards in the deck"),
    "deck.top": N_("the top card of the deck"),
    "quiet": N_("discard turns in a row"),
    "hand.{player}": N_("{player}'s hand"),
    "hand.{player}.count": N_("how many cards {player} holds"),
    "caught.{player}": N_("the prey {player} has caught"),
    "score.{player}": N_("{player}'s points"),
    "known.{player}": N_("cards {player} has seen in the other hand"),
    "under.{player}": N_("cards {player} has put under the deck"),
    "traps.{player}": N_("how many traps {player} can set"),
    "traps.{player}.prey": N_("the prey {player} can trap"),
    "chance.{player}.{card}": N_("the chance, as {player} sees it, that the other player holds card {card}"),
    "where.{player}.{card}": N_("where {player} knows card {card} to be"),
    "place.{card}": N_("where card {card} is"),
    "points.{card}": N_("the points of card {card}"),
    "last": N_("what the last turn did"),
    "last.hunter": N_("the hunter of the last turn"),
    "last.cards": N_("the cards played in the last turn"),
    "last.prey": N_("the prey named in the last turn"),
    "last.points": N_("the points scored in the last turn"),
    "last.drawn": N_("the card the hunter drew"),
    "last.gained": N_("the card the other player gained"),
    "last.placed": N_("the card put face up on the table"),
    "last.shown.{player}": N_("the cards {player} showed"),
}


def facts(state: InTrappolaState) -> dict[str, Fact]:
    P = state.pictures

    def name(cards: object) -> str:
        return cards_text(cards, P)  # type: ignore[arg-type]

    reason = end_reason(state)
    totals = scores(state)
    found: dict[str, Fact] = {
        "turn": "over" if reason else state.players[state.turn],
        "over": bool(reason),
        "end": reason or "",
        "table": name(state.table),
        "table.count": len(state.table),
        "deck": len(state.deck),
        "deck.top": name(state.deck[:1]),
        "quiet": state.quiet,
    }
    result = outcome(state)
    if result is not None:
        winners = result.winners
        found["winner"] = state.players[winners[0]] if len(winners) == 1 else "draw"
    for p, player in enumerate(state.players):
        found[f"hand.{player}"] = name(state.hands[p])
        found[f"hand.{player}.count"] = len(state.hands[p])
        found[f"caught.{player}"] = name(state.caught[p])
        found[f"score.{player}"] = totals[p]
        found[f"known.{player}"] = name(state.known[p])
        found[f"under.{player}"] = name(state.under[p])
        if HIDDEN not in state.hands[p]:  # an observation hides which traps that hand sets
            traps = traps_of(state.hands[p], state.table, P)
            found[f"traps.{player}"] = len(traps)
            found[f"traps.{player}.prey"] = " | ".join(name(t.prey) for t in traps)
        if HIDDEN in state.hands[p] or HIDDEN in state.under[p]:
            continue  # nor what that player knows of each card (their own cards, the deck's)
        for card, where in whereabouts(state, p).items():
            found[f"chance.{player}.{card_name(card, P)}"] = str(where.chance)
            found[f"where.{player}.{card_name(card, P)}"] = where.where
    location = {c: "table" for c in state.table}
    location.update({c: "deck" for c in state.deck})
    for p, player in enumerate(state.players):
        location.update({c: player for c in state.hands[p]})
    score = geometry(P).points
    for card in all_cards(P):
        found[f"place.{card_name(card, P)}"] = location.get(card, "unseen")  # (an observation)
        found[f"points.{card_name(card, P)}"] = score[card]
    last = state.last
    found["last"] = last.kind if last else ""
    if last:
        found["last.hunter"] = state.players[last.hunter]
        found["last.cards"] = name(last.cards)
        found["last.prey"] = name(last.prey)
        found["last.points"] = last.points
        for key in ("drawn", "gained", "placed"):
            card = getattr(last, key)
            found[f"last.{key}"] = name([card] if card is not None else [])
        for p, player in enumerate(state.players):
            found[f"last.shown.{player}"] = name(last.shown[p]) if last.shown else ""
    return found
