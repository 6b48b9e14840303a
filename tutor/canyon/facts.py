"""Named facts about a Canyon state, for walkthrough expectations and the views.

Per player (``<name>`` is the player's name): ``hand.<name>`` (cards, or ``-``),
``tempo.<name>`` (None before it is laid), ``tempo_cards.<name>`` (``"4+2"``),
``tricks.<name>``, ``made.<name>`` (tempo made exactly, once every trick is played),
``bonus.<name>``, ``points.<name>`` (this round's movement points; in the current only the
bonus),
``drifts.<name>``, ``canoe.<name>`` (``c12``, ``cave`` or ``off``), ``distance.<name>``
(fields to the village), ``moved.<name>``, ``left_over.<name>`` (at a landing dock),
``draw.<name>`` (the card drawn for the first dealer, ``-`` where none was drawn).

For the table: ``phase``, ``turn``, ``round`` (the counter field), ``cards`` (cards per
player this round), ``rounds_played``, ``dealer``, ``start_player``, ``trump``,
``trump_card``, ``lead`` (who leads the trick being played), ``table``, ``last_trick``,
``last_trick.winner``, ``ends`` (the legal end fields of the canoe to move), ``path`` (of
the last canoe move), ``pushed``, ``winner``.
"""
from __future__ import annotations

from tutor.core.game import Fact
from tutor.core.i18n import N_

from .cards import cards_text
from .current import must_drift
from .notation import field_text
from .rules import bonus, distance_to_village, made, plan, points, winners
from .state import CanyonState
from .variants import cards_in_round

#: the facts' names for learners (tutor.core.game.Game.fact_labels), translated where shown
LABELS = {
    "phase": N_("the phase of the round"),
    "turn": N_("whose turn it is"),
    "round": N_("the round counter's field"),
    "cards": N_("cards each player gets this round"),
    "rounds_played": N_("rounds begun"),
    "dealer": N_("the dealer"),
    "start_player": N_("the start player"),
    "trump": N_("the trump colour"),
    "trump_card": N_("the card turned up for trump"),
    "lead": N_("who leads the trick"),
    "table": N_("the cards on the table"),
    "last_trick": N_("the last trick"),
    "last_trick.winner": N_("who won the last trick"),
    "ends": N_("where the canoe may end its move"),
    "path": N_("the path of the last move"),
    "pushed": N_("the canoes pushed on by the current"),
    "winner": N_("the winner"),
    "hand.{player}": N_("{player}'s hand"),
    "tempo.{player}": N_("{player}'s tempo"),
    "tempo_cards.{player}": N_("the tempo cards {player} laid"),
    "tricks.{player}": N_("the tricks {player} won"),
    "made.{player}": N_("whether {player} made the tempo exactly"),
    "bonus.{player}": N_("{player}'s bonus"),
    "points.{player}": N_("{player}'s movement points"),
    "drifts.{player}": N_("whether {player}'s canoe drifts"),
    "canoe.{player}": N_("where {player}'s canoe is"),
    "distance.{player}": N_("fields from {player}'s canoe to the village"),
    "moved.{player}": N_("whether {player}'s canoe has moved"),
    "left_over.{player}": N_("{player}'s points left over at the landing dock"),
    "draw.{player}": N_("the card {player} drew for the first dealer"),
}


def facts(state: CanyonState) -> dict[str, Fact]:
    s = state
    name = s.players
    board = s.board
    out: dict[str, Fact] = {
        "phase": s.phase.value,
        "turn": name[s.turn] if s.phase != "over" else "none",
        "round": s.counter,
        "cards": cards_in_round(s.counter),
        "rounds_played": s.round_no,
        "dealer": name[s.dealer],
        "start_player": name[s.start_player],
        "trump": s.trump.suit if s.trump else "none",
        "trump_card": str(s.trump) if s.trump else "none",
        "lead": name[s.table[0][0]] if s.table else (name[s.turn] if s.phase == "tricks" else "none"),
        "table": ", ".join(f"{name[p]} {c}" for p, c in s.table) or "-",
        "last_trick": ", ".join(f"{name[p]} {c}" for p, c in s.last_trick) or "-",
        "last_trick.winner": name[s.last_winner] if s.last_winner >= 0 else "none",
        "path": "-".join(board.field_name(f) for f in s.last_path) or "-",
        "pushed": ", ".join(name[p] for p in s.pushed) or "-",
        "winner": " and ".join(name[p] for p in winners(s)) if s.phase == "over" else "none",
        "ends": "-",
    }
    if s.phase == "move" and must_drift(s, s.turn):
        out["ends"] = "drift"
    elif s.phase == "move":
        found = plan(s, s.turn)
        out["ends"] = "stay" if found.blocked else ", ".join(board.field_name(e) for e in found.ends)
    settled = s.phase in ("move", "over")
    for p, who in enumerate(name):
        tempo = s.tempo_of(p)
        # a tempo is made or missed once every trick is played (canyon.move.bonus): before the
        # move phase a tempo 0 with no trick won yet is not made, and may still be missed
        exact = settled and made(tempo, s.tricks[p])
        out[f"hand.{who}"] = cards_text(s.hands[p])
        out[f"tempo.{who}"] = tempo
        out[f"tempo_cards.{who}"] = "+".join(map(str, s.tempo[p])) or "-"
        out[f"tricks.{who}"] = s.tricks[p]
        out[f"made.{who}"] = exact
        out[f"bonus.{who}"] = bonus(tempo) if tempo is not None and exact else 0
        out[f"points.{who}"] = points(s, p) if settled else 0
        out[f"drifts.{who}"] = s.phase == "move" and must_drift(s, p)
        out[f"canoe.{who}"] = field_text(board, s.canoes[p])
        out[f"distance.{who}"] = distance_to_village(s, p)
        out[f"moved.{who}"] = s.moved[p]
        out[f"left_over.{who}"] = s.left_over[p] if s.left_over[p] >= 0 else None
        out[f"draw.{who}"] = str(s.draws[p]) if s.draws else "-"
    return out
