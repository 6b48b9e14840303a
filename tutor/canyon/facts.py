"""Named facts about a Canyon state, for walkthrough expectations and the views.

Per player (``<name>`` is the player's name): ``hand.<name>`` (cards, or ``-``),
``tempo.<name>`` (None before it is laid), ``tempo_cards.<name>`` (``"4+2"``),
``tricks.<name>``, ``made.<name>`` (tempo made exactly), ``bonus.<name>``,
``points.<name>`` (this round's movement points; in the current only the bonus),
``drifts.<name>``, ``canoe.<name>`` (``c12``, ``cave`` or ``off``), ``distance.<name>``
(fields to the village), ``moved.<name>``, ``left_over.<name>`` (at a landing dock).

For the table: ``phase``, ``turn``, ``round`` (the counter field), ``cards`` (cards per
player this round), ``rounds_played``, ``dealer``, ``start_player``, ``trump``,
``trump_card``, ``lead`` (who leads the trick being played), ``table``, ``last_trick``,
``last_trick.winner``, ``ends`` (the legal end fields of the canoe to move), ``path`` (of
the last canoe move), ``pushed``, ``winner``.
"""
from __future__ import annotations

from tutor.core.game import Fact

from .cards import cards_text
from .current import must_drift
from .notation import field_text
from .rules import bonus, distance_to_village, made, plan, points, winners
from .state import CanyonState, Phase
from .variants import cards_in_round


def facts(s: CanyonState) -> dict[str, Fact]:
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
    for p, who in enumerate(name):
        tempo = s.tempo_of(p)
        exact = made(tempo, s.tricks[p])
        out[f"hand.{who}"] = cards_text(s.hands[p])
        out[f"tempo.{who}"] = tempo
        out[f"tempo_cards.{who}"] = "+".join(map(str, s.tempo[p])) or "-"
        out[f"tricks.{who}"] = s.tricks[p]
        out[f"made.{who}"] = exact
        out[f"bonus.{who}"] = bonus(tempo) if tempo is not None and exact else 0
        out[f"points.{who}"] = points(s, p) if s.phase in ("move", "over") else 0
        out[f"drifts.{who}"] = s.phase == "move" and must_drift(s, p)
        out[f"canoe.{who}"] = field_text(board, s.canoes[p])
        out[f"distance.{who}"] = distance_to_village(s, p)
        out[f"moved.{who}"] = s.moved[p]
        out[f"left_over.{who}"] = s.left_over[p] if s.left_over[p] >= 0 else None
    return out
