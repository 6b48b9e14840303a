"""Counting a round and a match: points lost (adults), rounds won (children), the solo score.

"De spelers tellen hun resultaat aan de hand van het aantal gewonnen spelronden (voor
kinderen) of verloren punten (voor volwassenen)" (8. DE WINNAAR), chosen by the option
``scoring``.
"""
from __future__ import annotations

from typing import Callable, Iterable

from .state import TriggerState


def losers(state: TriggerState, winner: int) -> tuple[int, ...]:
    """The sides that lose a round ``winner`` won: every other side, each losing the points
    of its face-up tiles (``trigger.end``); none in a solo game."""
    return tuple(side for side in range(len(state.sides)) if side != winner)


def tally(state: TriggerState) -> tuple[list[int], list[int]]:
    """Points lost and rounds won by each side so far. A solo try is won only when it cleared
    the board, not when the score sheet filled up first (SPEL VOOR 1 SPELER: the aim alone is
    "alle plaatjes op het speelbord om te draaien"); it has a score either way."""
    lost, won = [0] * len(state.sides), [0] * len(state.sides)
    for number, (winner, points) in enumerate(state.results, 1):
        if number not in state.full:
            won[winner] += 1
        for side in losers(state, winner):
            lost[side] += points
    return lost, won


def solo_score(state: TriggerState) -> int:
    """The solo score: the rolls added up, the last one only as far as it was needed (what
    set off the final chain); an unfinished sheet adds the face-up tiles left."""
    allowances = [state.setup.allowance(r) for r in state.sheet]
    board = state.boards[0]
    if board.cleared():
        return sum(allowances[:-1]) + state.spent
    return sum(allowances) + board.points()


#: each way of counting a match: which count of :func:`tally` decides it (0: points lost,
#: 1: rounds won) and which value of it wins (adults: the fewest points; children: the most
#: rounds, both when equal)
SCORINGS: dict[str, tuple[int, Callable[[Iterable[int]], int]]] = {
    "points": (0, min), "rounds": (1, max)}
