"""InTrappola on the core contract: moves, their one check, texts, facts, observations.

>>> from tutor.intrappola import GAME
>>> s = GAME.parse_position('''
... table: 2 3 5
... Anna: 1 6 8
... Bruno: 4 7 9
... deck: 10 11 12 13 14 15 16
... ''')
>>> [GAME.move_text(s, m) for m in GAME.legal_moves(s)]
['play 8 prey 4']
>>> s2 = GAME.apply(s, GAME.parse_move(s, "play 8 prey 4"))
>>> GAME.facts(s2)["last"], GAME.facts(s2)["score.Anna"], GAME.facts(s2)["hand.Anna"]
('caught', 1, '1 6 10')
>>> GAME.apply(s, GAME.parse_move(s, "discard 1"))
Traceback (most recent call last):
...
tutor.core.errors.IllegalMove: you can set a trap (for example play 8 prey 4), so you may not discard [intrappola.discard]
"""
from __future__ import annotations

from enum import Enum
from typing import Mapping

from tutor.core.errors import BadMoveText
from tutor.core.game import Game, Outcome, Violation

from . import saving
from .hints import IntrappolaHints
from .cards import all_cards, card_name, cards_text, neighbours, points, read_card, sides
from .knowledge import whereabouts
from .observation import observe
from .position import deal, read_position
from .state import Discard, IntrappolaState, Pass, Trap
from .traps import traps
from .turns import end_reason, play, scores


class Phase(Enum):
    """InTrappola has one phase of play: the players hunt in turn until the game ends."""

    PLAY = "play"
    OVER = "over"


class InTrappola(Game[IntrappolaState, Trap | Discard | Pass]):
    name = "intrappola"
    title = "InTrappola"
    hints = IntrappolaHints

    # ---- states -----------------------------------------------------------------------
    def initial_state(self, options=None, seed: int = 0) -> IntrappolaState:
        return deal(options, seed)

    def example_options(self) -> list[dict]:
        return [{}, {"pictures": 2}, {"pictures": 3}]

    def to_move(self, state: IntrappolaState) -> int | None:
        return None if end_reason(state) else state.turn

    def players(self, state: IntrappolaState) -> tuple[str, ...]:
        return state.players

    def phase(self, state: IntrappolaState) -> Phase:
        return Phase.OVER if end_reason(state) else Phase.PLAY

    def outcome(self, state: IntrappolaState) -> Outcome | None:
        if not end_reason(state):
            return None
        totals = scores(state)
        return Outcome(totals, tuple(p for p in (0, 1) if totals[p] == max(totals)))

    # ---- moves --------------------------------------------------------------------------
    def candidate_moves(self, state: IntrappolaState):
        yield from traps(state.hands[state.turn], state.table, state.pictures)
        for card in state.hands[state.turn]:
            yield Discard(card)
        yield Pass()

    def violation(self, state: IntrappolaState, move) -> Violation | None:
        if end_reason(state):
            return Violation("intrappola.end")
        hand = state.hands[state.turn]
        name = lambda cards: cards_text(cards, state.pictures)  # noqa: E731
        if isinstance(move, Trap):
            return self._trap_violation(state, move, hand, name)
        first = next(traps(hand, state.table, state.pictures), None)
        if isinstance(move, Discard):
            if move.card not in hand:
                return Violation("intrappola.hand", {"card": name([move.card])})
            if first is not None:
                return Violation("intrappola.discard", {"example": self.move_text(state, first)})
            if not state.deck:
                return Violation("intrappola.discard.empty-deck")
            return None
        if first is not None or state.deck:
            count = sum(1 for _ in traps(hand, state.table, state.pictures))
            return Violation("intrappola.pass", {"traps": count, "deck": len(state.deck)})
        return None

    @staticmethod
    def _trap_violation(state, move: Trap, hand, name) -> Violation | None:
        if not move.prey:
            return Violation("intrappola.trap.must-spring", {"card": name(move.cards[:1]) or "nothing"})
        if len(move.prey) > 2:
            return Violation("intrappola.trap.pair", {"count": len(move.prey)})
        if not move.cards:
            return Violation("intrappola.trap")
        for card in move.cards:
            if card not in hand:
                return Violation("intrappola.hand", {"card": name([card])})
        for prey in move.prey:
            if prey in state.table:
                return Violation("intrappola.trap.prey", {"prey": name([prey])})
            if prey in hand:
                return Violation("intrappola.trap.prey-own", {"prey": name([prey])})
        if len(move.prey) == 2 and move.prey[1] not in neighbours(move.prey[0], state.pictures):
            return Violation("intrappola.trap.choose",
                             {"first": name(move.prey[:1]), "second": name(move.prey[1:])})
        touching = {n for p in move.prey for n in neighbours(p, state.pictures)}
        for card in move.cards:
            if card not in touching:
                return Violation("intrappola.trap.must-spring", {"card": name([card])})
        closed = set(state.table) | set(move.cards) | set(move.prey)
        for prey in move.prey:
            for side, other in sides(prey, state.pictures):
                if other is not None and other not in closed:
                    return Violation("intrappola.trap.closed",
                                     {"prey": name([prey]), "side": side, "open": name([other])})
        return None

    def play(self, state: IntrappolaState, move) -> IntrappolaState:
        return play(state, move)

    def move_rules(self, state: IntrappolaState, move) -> tuple[str, ...]:
        if isinstance(move, Trap):
            caught = set(move.prey) <= set(state.hands[state.opponent])
            found = ["intrappola.trap"] + (["intrappola.trap.pair"] if len(move.prey) == 2 else [])
            found.append("intrappola.trap.caught" if caught else "intrappola.trap.missed")
            if not state.deck:
                found.append("intrappola.deck.empty")
            return tuple(found)
        return ("intrappola.discard",) if isinstance(move, Discard) else ("intrappola.pass",)

    # ---- text ---------------------------------------------------------------------------
    def move_text(self, state: IntrappolaState, move) -> str:
        if isinstance(move, Trap):
            text = f"play {cards_text(move.cards, state.pictures)}".rstrip()
            return text + (f" prey {cards_text(move.prey, state.pictures)}" if move.prey else "")
        if isinstance(move, Discard):
            return f"discard {card_name(move.card, state.pictures)}"
        return "pass"

    def parse_move(self, state: IntrappolaState, text: str):
        """'play 5 7 10 prey 6', 'play 3 8 prey 6 7' (a pair), 'discard 9' or 'pass'."""
        words = text.replace(",", " ").split()
        if words == ["pass"]:
            return Pass()
        try:
            if len(words) == 2 and words[0] == "discard":
                return Discard(read_card(words[1], state.pictures))
            if words and words[0] == "play":
                cut = words.index("prey") if "prey" in words else len(words)
                cards = tuple(sorted({read_card(w, state.pictures) for w in words[1:cut]}))
                prey = tuple(sorted({read_card(w, state.pictures) for w in words[cut + 1:]}))
                if cut < len(words) and not prey:
                    raise ValueError("name the prey after 'prey'")
                if not cards and not prey:
                    raise ValueError("name the cards to play and the prey")
                return Trap(cards, prey)
        except ValueError as exc:
            raise BadMoveText(f"{text!r}: {exc}") from None
        raise BadMoveText(
            f"expected 'play CARDS prey PLACE' (or two places side by side), 'discard CARD' "
            f"or 'pass', got {text!r}"
        )

    # ---- saving and hidden information --------------------------------------------------
    def to_json(self, state: IntrappolaState) -> dict:
        return saving.to_json(state)

    def from_json(self, data: Mapping) -> IntrappolaState:
        return saving.from_json(data)

    def observation(self, state: IntrappolaState, player: int):
        return observe(state, player)

    def parse_position(self, text: str, options=None, seed: int = 0) -> IntrappolaState:
        return read_position(text, options, seed)

    # ---- facts ----------------------------------------------------------------------------
    def facts(self, state: IntrappolaState) -> dict[str, object]:
        P = state.pictures
        name = lambda cards: cards_text(cards, P)  # noqa: E731
        reason = end_reason(state)
        totals = scores(state)
        facts: dict[str, object] = {
            "turn": "over" if reason else state.players[state.turn],
            "over": bool(reason),
            "end": reason or "",
            "table": name(state.table),
            "table.count": len(state.table),
            "deck": len(state.deck),
            "deck.top": name(state.deck[:1]),
            "quiet": state.quiet,
        }
        if reason:
            best = [state.players[p] for p in (0, 1) if totals[p] == max(totals)]
            facts["winner"] = best[0] if len(best) == 1 else "draw"
        for p, player in enumerate(state.players):
            facts[f"hand.{player}"] = name(state.hands[p])
            facts[f"hand.{player}.count"] = len(state.hands[p])
            facts[f"caught.{player}"] = name(state.caught[p])
            facts[f"score.{player}"] = totals[p]
            facts[f"known.{player}"] = name(state.known[p])
            facts[f"under.{player}"] = name(state.under[p])
            found = list(traps(state.hands[p], state.table, P))
            facts[f"traps.{player}"] = len(found)
            facts[f"traps.{player}.prey"] = " | ".join(name(t.prey) for t in found)
            for card, where in whereabouts(state, p).items():
                facts[f"chance.{player}.{card_name(card, P)}"] = str(where.chance)
                facts[f"where.{player}.{card_name(card, P)}"] = where.where
        location = {c: "table" for c in state.table}
        location.update({c: "deck" for c in state.deck})
        for p, player in enumerate(state.players):
            location.update({c: player for c in state.hands[p]})
        for card in all_cards(P):
            facts[f"place.{card_name(card, P)}"] = location[card]
            facts[f"points.{card_name(card, P)}"] = points(card, P)
        last = state.last
        facts["last"] = last.kind if last else ""
        if last:
            facts["last.hunter"] = state.players[last.hunter]
            facts["last.cards"] = name(last.cards)
            facts["last.prey"] = name(last.prey)
            facts["last.points"] = last.points
            facts["last.drawn"] = name([last.drawn] if last.drawn is not None else [])
            facts["last.gained"] = name([last.gained] if last.gained is not None else [])
            facts["last.placed"] = name([last.placed] if last.placed is not None else [])
            for p, player in enumerate(state.players):
                facts[f"last.shown.{player}"] = name(last.shown[p]) if last.shown else ""
        return facts
