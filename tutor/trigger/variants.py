"""The ways of playing Trigger, each a small rule object chosen from the state's mode (set at
``initial_state``), as python-chess's ``variant.py`` subclasses its board: two players who
roll the dice for each other, teams (2 against 1, 2 against 2) who play exactly the same
way, and the solo game. The base rules (:mod:`tutor.trigger.rules`) ask the variant where
the modes differ, and never test the mode themselves.

>>> from .state import Setup
>>> [type(VARIANTS[m]).__name__ for m in ("two", "2v1", "2v2", "solo")]
['TwoSides', 'Teams', 'Teams', 'Solo']
"""
from __future__ import annotations

from tutor.core.frozen import set_item

from .board import Board
from .scoring import SCORINGS, solo_score, tally
from .state import SHEET, Dice, Phase, TriggerState


class TwoSides:
    """Two sides that roll the dice for each other (2. DOBBELSTENEN)."""

    first_phase = Phase.OPENING
    #: the rule a malus is claimed by, and the rule that sets up the next round
    malus_rule = "trigger.malus"
    next_round_rule = "trigger.end.return"
    #: the rule that refuses any move but the next round's while a round is over, and the
    #: rule that refuses the next round before
    round_over_rule = "trigger.end"
    early_next_round_rule = "trigger.end.return"
    next_round_text = "return round"

    def owed(self, state: TriggerState) -> tuple[str, ...]:
        """Lines whose malus must be claimed before anything else this turn (none: the
        opponent may claim a malus, and need not)."""
        return ()

    def window_closed(self, state: TriggerState) -> tuple[tuple[str, ...], ...]:
        """``missed`` once the side on turn turns a tile: the opponent's missed bonuses can
        no longer be claimed."""
        return set_item(state.missed, state.opponent(state.side), ())

    def sheet_full(self, state: TriggerState) -> bool:
        """Whether the round ends with this turn for want of rolls (only the solo sheet)."""
        return False

    def scripted(self, state: TriggerState) -> Dice | None:
        """The roll that must come next (a solo replay), or None: any roll."""
        return None

    def may_reroll(self, state: TriggerState) -> bool:
        """Whether the roll just made may be rolled again (a solo replay's too-bad roll)."""
        return False

    def thrower(self, state: TriggerState) -> int | None:
        """The player who throws the dice for the side on turn (in the roll phase) or threw
        the roll it is playing; None in the opening roll and between rounds.

        The dice are thrown FOR the opponent (2. DOBBELSTENEN, line 31), by the player who
        has just ended their turn ("dan gooit hij de dobbelstenen voor zijn tegenspeler",
        line 35): with teams, the other team's player who played last, so that each player
        throws for the one who plays next. The round's first throw falls to the side that
        opened it (1. BEGIN VAN HET SPEL, line 29): its player who comes last in its order,
        as if the rotation had already run."""
        if state.phase not in (Phase.ROLL, Phase.PLAY):
            return None
        other = state.opponent(state.side)
        members = state.sides[other]
        return members[(state.turns[other] - 1) % len(members)]

    def round_points(self, state: TriggerState, winner: int) -> int:
        """What the round's result counts: the points of the losers' tiles still face up."""
        return sum(b.points() for s, b in enumerate(state.boards) if s != winner)

    def next_boards(self, state: TriggerState) -> tuple[Board, ...]:
        """The tiles set up again in the same places, and the players swap boards."""
        n = len(state.sides)
        return tuple(Board.fresh(state.layouts[(s + state.round) % n].values) for s in range(n))

    def roll_rules(self, state: TriggerState) -> tuple[str, ...]:
        return ()

    def end_rules(self, state: TriggerState) -> tuple[str, ...]:
        return ("trigger.end", f"trigger.end.{state.setup.scoring}")

    def scores(self, state: TriggerState) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """The match's scores per player and its winners (ties share)."""
        count, best = SCORINGS[state.setup.scoring]
        per_side = tally(state)[count]
        scores = tuple(per_side[state.side_of(p)] for p in range(len(state.players)))
        return scores, tuple(p for p in range(len(state.players)) if scores[p] == best(per_side))


class Teams(TwoSides):
    """Three or four players: "precies dezelfde manier ... 2 tegen 1, 2 tegen 2" (SPEL MET
    DRIE OF VIER SPELERS). A team plays one board; its members take its turns in rotation."""

    def roll_rules(self, state: TriggerState) -> tuple[str, ...]:
        return ("trigger.teams",) if len(state.sides[state.side]) > 1 else ()


class Solo(TwoSides):
    """One player, one board, the rolls on the score sheet (SPEL VOOR 1 SPELER)."""

    first_phase = Phase.ROLL
    malus_rule = "trigger.solo.malus"
    next_round_rule = "trigger.solo.replay"
    # a try also ends with the sheet full, the board not cleared: no "has turned every tile"
    round_over_rule = early_next_round_rule = "trigger.solo.next"  # no return round alone
    next_round_text = "replay"

    def owed(self, state: TriggerState) -> tuple[str, ...]:
        return () if state.acted else state.missed[0]

    def window_closed(self, state: TriggerState) -> tuple[tuple[str, ...], ...]:
        return state.missed  # the self-malus stays owed

    def sheet_full(self, state: TriggerState) -> bool:
        return len(state.sheet) >= SHEET

    def scripted(self, state: TriggerState) -> Dice | None:
        if len(state.sheet) < len(state.script) and not state.fresh:
            return state.script[len(state.sheet)]
        return None

    def may_reroll(self, state: TriggerState) -> bool:
        """The replay uses the sheet's rolls "behalve als ze te slecht zijn" (unless they are
        too bad). Our reading: a roll of the sheet is too bad when it is smaller than every
        face-up number tile of the board it is played on - it allows no flip at all and could
        only make the player pass. The self-malus owed comes first, as in the game for two
        (7. MALUS: right after the roll, before anything else); then, before a tile is
        turned, the player may roll again (option ``bad_rolls = "reroll"``, the default), the
        roll judged on the board as the malus left it."""
        if (state.setup.bad_rolls != "reroll" or state.acted or state.dice is None
                or state.fresh or self.owed(state)):
            return False  # not right after a roll of the sheet (a new one is kept)
        line = len(state.sheet) - 1
        if not 0 <= line < len(state.script):
            return False  # beyond the sheet: the rolls are new
        numbers = [v for _, v in state.boards[0].numbers()]
        return bool(numbers) and state.setup.allowance(state.dice) < min(numbers)

    def thrower(self, state: TriggerState) -> int | None:
        """Alone, one throws the dice for oneself."""
        return 0 if state.phase in (Phase.ROLL, Phase.PLAY) else None

    def round_points(self, state: TriggerState, winner: int) -> int:
        return solo_score(state)

    def next_boards(self, state: TriggerState) -> tuple[Board, ...]:
        return state.layouts  # the same problem, as it was posed

    def end_rules(self, state: TriggerState) -> tuple[str, ...]:
        return ("trigger.solo.score",)

    def scores(self, state: TriggerState) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """The best try's score: the lowest of the tries that cleared the board (the goal,
        SPEL VOOR 1 SPELER: "alle plaatjes op het speelbord om te draaien"), and only when
        none did, the lowest of those that ended with the sheet full."""
        cleared = [score for n, (_, score) in enumerate(state.results, 1) if n not in state.full]
        return (min(cleared or [score for _, score in state.results]),), (0,)


VARIANTS: dict[str, TwoSides] = {"two": TwoSides(), "2v1": Teams(), "2v2": Teams(), "solo": Solo()}


def rules_of(state: TriggerState) -> TwoSides:
    """The rules a state is played by (its variant's rule object: by the mode)."""
    return VARIANTS[state.setup.mode]

