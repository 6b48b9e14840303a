"""Trapper (Kramer & Kiesling, Clementoni 2007) on the core contract: each method hands its
job to the module that does it, and every rule question to the variant's rule object
(:func:`.variants.rules_of`).

>>> g = TrapperGame()
>>> s = g.initial_state({"players": ["Anna", "Ben"]}, seed=3)
>>> g.facts(s)["trapper.green"], g.facts(s)["turn"], g.facts(s)["draw"]
('d5', 'Anna', 52)
>>> moves = list(g.legal_moves(s))
>>> g.move_text(s, moves[0]), g.move_text(s, moves[-1])
('green: take d6 paying beige beige', 'drop out')
>>> s2 = g.apply(s, moves[0])
>>> g.facts(s2)["trapper.green"], g.facts(s2)["played"]
('d6', 2)
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping

from tutor.core.errors import BadMoveText
from tutor.core.game import Game, Outcome, Violation, by_state
from tutor.core.i18n import N_, SOURCE, translator, using

from . import display as disp
from . import computer, facts, hidden, notation, position, rules, scoring, setup
from .hints import TrapperHints
from .moves import MOVE_TYPES, AuctionTake, Bid, DropOut, EndTurn, Exchange, Move, Pass, Take
from .facts import hand_shown
from .options import read_options
from .rules import well_formed_exchange, well_formed_take
from .state import Phase, TrapperState
from .tiles import COLOURS, HERB, MUSHROOM, TILES, ids_by_name
from .variants import rules_of

__all__ = ["Phase", "TrapperGame"]

T = translator("trapper")
#: the kinds of move, as learners name them (``move_kind``)
KINDS = {"Take": N_("take a tile"), "EndTurn": N_("end the turn"), "Pass": N_("pass"),
         "Exchange": N_("exchange canoes for a most-species tile"), "DropOut": N_("drop out"),
         "Bid": N_("bid"), "pay": N_("pay the bid and take a tile"),
         "leave": N_("pass in the auction")}


class TrapperGame(Game[TrapperState, Move]):
    name = "trapper"
    title = "Trapper"
    rulebooks = ("nl", "it")
    hints = TrapperHints
    fact_labels = facts.LABELS
    computers = computer.COMPUTERS

    # ---- each job where it is done ------------------------------------------------------
    problems = staticmethod(rules.problems)
    invariants = staticmethod(rules.invariants)
    position_text = staticmethod(position.position_text)
    parse_position = staticmethod(position.parse_position)
    observation = staticmethod(hidden.observation)
    resample = staticmethod(hidden.resample)
    facts = staticmethod(by_state(facts.facts))

    def label_word(self, name: str, value: str) -> object:
        """A fact key's colour (``trapper.green``) in the page's language."""
        if name == "colour" and value in COLOURS:
            return notation.said_colour(COLOURS.index(value))
        return value

    # ---- states ----------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, object] | None = None,
                      seed: int = 0) -> TrapperState:
        """Setup (``trapper.setup``): see :func:`.setup.initial_state`."""
        players, variant = read_options(options)
        return setup.initial_state(players, variant, seed)

    def to_move(self, state: TrapperState) -> int | None:
        if state.over:
            return None
        return state.turn if state.acting is None else state.acting  # state.actor, inlined

    def players(self, state: TrapperState) -> tuple[str, ...]:
        return state.players

    def phase(self, state: TrapperState) -> Phase:
        return rules_of(state).phase(state)

    def outcome(self, state: TrapperState) -> Outcome | None:
        """The richest player wins; equal money shares the win (a reading)."""
        if not state.over:
            return None
        return Outcome(tuple(state.money(p) for p in range(len(state.players))),
                       scoring.winners(state))

    def example_options(self) -> list[dict[str, object]]:
        return [{"players": 2}, {"players": 3, "variant": "young"}, {"players": 4},
                {"players": 3, "variant": "tactical"}, {"players": 2, "water_rule": False}]

    def variant_rules(self, state: TrapperState) -> tuple[str, ...]:
        name = rules_of(state).name
        return () if name == "standard" else (f"trapper.variant.{name}",)

    # ---- moves: the variant's rule object answers ------------------------------------------
    def candidate_moves(self, state: TrapperState) -> Iterable[Move]:
        return rules_of(state).candidates(state)

    def violation(self, state: TrapperState, move: Move) -> Violation | None:
        return rules_of(state).violation(state, move)

    def play(self, state: TrapperState, move: Move) -> TrapperState:
        return rules_of(state).play(state, move)

    def move_kind(self, state: TrapperState, move: Move) -> str:
        """What kind of move this is, for learners: "take a tile", "pass", "bid", ..."""
        # the key looked up first: a literal inside T._(...) is taken for the text by some
        # Babel versions (2.18 extracted "pay" and "leave" as texts to translate)
        key = type(move).__name__
        if isinstance(move, AuctionTake):
            key = "pay"
        elif isinstance(move, Pass) and state.variant == "tactical" and state.bid:
            key = "leave"
        return T._(KINDS[key])

    def move_rules(self, state: TrapperState, move: Move) -> tuple[str, ...]:
        """The rules a legal move shows, most specific first."""
        if isinstance(move, Bid):
            return ("trapper.tactical.bid",)
        rules = rules_of(state)
        if state.variant == "tactical" and isinstance(move, Pass):
            return ("trapper.tactical.pass",) if state.bid else ("trapper.tactical.open",)
        if isinstance(move, Take):
            found = ["trapper.take"]
            if isinstance(move, AuctionTake):
                found.insert(0, "trapper.tactical.pay")
            if move.paying is not None or (isinstance(move, AuctionTake) and any(
                    n for c, n in enumerate(move.cards) if c != move.colour)):  # pairs pay too
                found.append("trapper.cards.swap")
            if move.square not in rules.adjacent_targets(state, move.colour):
                found.append("trapper.take.isolated")
            after = rules.play(state, move)
            if sum(after.face_up) + 1 > sum(state.face_up) and not after.over:
                found.append("trapper.take.reveal")
            player = state.actor
            tile = state.board[move.square]
            if tile is not None:
                options = disp.options(state.displays[player], tile)
                joins = move.choice or options[0]  # the canoe it joins, or the singles a canoe takes
                if joins:  # attaching is mandatory: a row is made or grows
                    found.append("trapper.display.attach")
                    if TILES[tile].kind in (HERB, MUSHROOM) or any(
                            TILES[ids_by_name(n)[0]].kind in (HERB, MUSHROOM) for n in joins):
                        found.append("trapper.display.extras")  # a mushroom or herb joins
                if len(options) > 1:
                    found.append("trapper.display.choice")
            if len(after.displays[player].sold) > len(state.displays[player].sold):
                found.append("trapper.canoe.full")
                if after.canoe_bonus != state.canoe_bonus:
                    found.append("trapper.bonus.canoe")
            return tuple(found) + _ending(after)
        rule = {EndTurn: "trapper.turn.draw", Pass: "trapper.turn.pass",
                Exchange: "trapper.bonus.species", DropOut: "trapper.end.drop-out"}
        return (rule[type(move)],) + (_ending(rules.play(state, move)) if isinstance(
            move, DropOut) else ())

    # ---- helpers for views -------------------------------------------------------------------
    def legal_targets(self, state: TrapperState) -> tuple[tuple[int, int], ...]:
        """(trapper colour, square) of every tile a legal move of the player deciding takes
        now, sorted: the one answer the board view draws its target dots from. Empty when the
        game is over, or in an observation that hides the deciding player's hand.

        >>> from tutor.trapper import GAME
        >>> s = GAME.parse_position('''hand P1: green 1, blue 1
        ... board:
        ...   6  *  *        mink3/N  herb1/N  *        *  *  *
        ...   5  *  bear4/E  green    blue     wolf1/W  *  *  *
        ...   4  *  *        elk2/S   purple   beige    *  *  *''', seed=1)
        >>> from tutor.trapper import COLOURS, square_name
        >>> [(COLOURS[c], square_name(sq)) for c, sq in GAME.legal_targets(s)]
        [('green', 'c4'), ('green', 'c6'), ('blue', 'd6')]
        >>> GAME.legal_targets(GAME.observation(s, 1))
        ()
        """
        if state.over or hand_shown(state, state.actor) is None:
            return ()
        return tuple(sorted({(m.colour, m.square) for m in self.legal_moves(state)
                             if isinstance(m, Take)}))

    # ---- text ------------------------------------------------------------------------------
    def move_text(self, state: TrapperState, move: Move) -> str:
        with using(SOURCE):
            return self.move_display(state, move)

    def move_display(self, state: TrapperState, move: Move) -> str:
        """A move in the learner's language, in the rulebook's words (parse_move reads it)."""
        if isinstance(move, MOVE_TYPES) and _well_formed(move):
            return notation.shown(move)
        # a foreign move, or one built by hand with a field out of range: shown as built, never
        # as the text of another move (colour -1 would read as 'purple')
        return repr(move)

    def parse_move(self, state: TrapperState, text: str) -> Move:
        if not isinstance(text, str):
            raise BadMoveText(T._("a move is a text, not {kind}", kind=type(text).__name__))
        tactical = state.variant == "tactical"
        move = notation.parse(text, tactical_bid=state.bid if tactical else None)
        if isinstance(move, Bid) and move.colour is not None and move.colour == state.moved:
            move = Bid(move.amount)  # naming the colour already fixed changes nothing
        if isinstance(move, Take) and move.choice:  # the one way a tile joins is not named
            tile = state.board[move.square]
            if (tile is not None and state.face_up[move.square]
                    and rules_of(state).tile_options(state, tile) == (move.choice,)):
                move = replace(move, choice=())
        return move


def _ending(after: TrapperState) -> tuple[str, ...]:
    """The rules of the end when a move ends the game (the last tile taken, the last player
    dropped out): the end, the final scoring, and the bonus tiles' ranks if any were held."""
    if not after.over:
        return ()
    ranked = any(p.rule == "trapper.end.bonus" for p in after.ledger)
    return ("trapper.end", "trapper.end.scoring", *(("trapper.end.bonus",) if ranked else ()))


def _well_formed(move: Move) -> bool:
    """Whether every field of a move is in range, so that its text names this very move."""
    if isinstance(move, Take):
        if not (well_formed_take(move)
                and all(isinstance(n, str) and ids_by_name(n) for n in move.choice)):
            return False
        cards = move.cards if isinstance(move, AuctionTake) else (0, 0, 0, 0)
        return type(cards) is tuple and len(cards) == 4 and all(
            type(c) is int and c >= 0 for c in cards)
    if isinstance(move, Exchange):
        return well_formed_exchange(move)
    if isinstance(move, Bid):
        return type(move.amount) is int and (
            move.colour is None or (type(move.colour) is int and 0 <= move.colour < 4))
    return True
