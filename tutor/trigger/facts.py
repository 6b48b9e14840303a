"""The named facts of a Trigger state (walkthrough expectations, questions, lessons, views)
and their labels for learners (:data:`LABELS`, one per fact).

``<side>`` in a key is the player's name, or a team's names joined by ``+`` (a label says a
team "Anna and Ben", its verbs none: a team's label reads as a team). A tile is
written ``7`` or ``*``, face down ``(7)`` or ``(*)``; ``points.<side>`` counts a star 25;
``roll`` and ``left`` are 0 before the roll; the solo facts (``sheet``, ``rolls``, ``total``,
``score``, ``scores``, ``replayed``) are there in a solo game only. Alone, ``won.<side>``
counts the tries that cleared the board (a try ended by a full score sheet is not won) and
``lost.<side>`` stays 0.
"""
from __future__ import annotations

from tutor.core.frozen import evolve, set_item
from tutor.core.game import CHANCE, Fact
from tutor.core.i18n import N_

from .board import CELLS, cell_name, tile_text
from .flips import count_flips
from .hidden import HIDDEN
from .rules import to_move
from .scoring import tally
from .state import Phase, TriggerState
from .tileset import COLOURS
from .variants import rules_of

LABELS = {
    "phase": N_("the phase of the game"),
    "round": N_("the round"),
    "turn": N_("who is to move"),
    "side": N_("the side on turn"),
    "opener": N_("who opened the round (threw the dice first)"),
    "thrower": N_("who throws the dice (for the side on turn)"),
    "player": N_("who plays the roll (for the side on turn)"),
    "dice": N_("the dice"),
    "roll": N_("what the roll allows"),
    "spent": N_("points paid from the roll"),
    "left": N_("points left of the roll"),
    "flips": N_("the sets of tiles that may still be turned"),
    "chain": N_("the lines of the chain reaction"),
    "chain.tiles": N_("the tiles of the chain reaction"),
    "winner": N_("the winner of the round"),
    "up.{side}": N_("face-up tiles of {side}"),
    "points.{side}": N_("points of {side}'s face-up tiles"),
    "stars.{side}": N_("face-up stars of {side}"),
    "bonus.{side}": N_("lines with a bonus for {side}"),
    "missed.{side}": N_("lines with a bonus missed by {side}"),
    "lost.{side}": N_("points lost by {side}"),
    "won.{side}": N_("rounds won by {side}"),
    "board.{side}": N_("the colour of {side}'s board"),
    "tile.{side}.{cell}": N_("the tile of {side} on {cell}"),
    "sheet": N_("the rolls on the score sheet"),
    "rolls": N_("rolls on the score sheet"),
    "total": N_("the rolls added up"),
    "score": N_("the score of the try"),
    "scores": N_("the scores of the tries"),
    "replayed": N_("rolls of the first try replayed"),
}


def facts(state: TriggerState) -> dict[str, Fact]:
    mover = to_move(state)
    thrower = rules_of(state).thrower(state)
    allowance = state.setup.allowance(state.dice) if state.dice else None
    live = state.phase == Phase.PLAY
    found: dict[str, Fact] = {
        "phase": state.phase.value,
        "round": state.round,
        "turn": (state.players[mover] if mover is not None and mover >= 0
                 else ("chance" if mover == CHANCE else "")),
        "side": state.label(state.side),
        "opener": state.label(state.opener),
        "thrower": state.players[thrower] if thrower is not None else "",
        "player": state.players[state.member(state.side)] if thrower is not None else "",
        "dice": " ".join(map(str, state.dice)) if state.dice else "",
        "roll": allowance or 0,
        "spent": state.spent,
        "left": allowance - state.spent if allowance is not None else 0,
        "flips": (count_flips(state.boards[state.side], (allowance or 0) - state.spent)
                  if live else 0),
        "chain": ", ".join(line for line, _ in state.chain),
        "chain.tiles": " ".join(cell_name(cell) for _, cell in state.chain),
        # alone nobody wins: a try ends with a score, no rival (SPEL VOOR 1 SPELER)
        "winner": (state.label(state.results[-1][0])
                   if state.phase in (Phase.ROUND_OVER, Phase.OVER) and not state.setup.solo
                   else ""),
    }
    lost, won = tally(state)
    for side, board in enumerate(state.boards):
        name = state.label(side)
        found[f"up.{name}"] = board.count_up()
        found[f"points.{name}"] = board.points()
        found[f"stars.{name}"] = len(board.up_stars())
        found[f"bonus.{name}"] = ", ".join(line.name for line, _ in board.bonus_lines())
        found[f"missed.{name}"] = ", ".join(state.missed[side])
        found[f"lost.{name}"] = lost[side]
        found[f"won.{name}"] = won[side]
        found[f"board.{name}"] = board_colour(state, side)
        for cell in range(CELLS):  # an observation's hidden value (-1): "?", not made up
            text = "?" if board.values[cell] == HIDDEN else tile_text(board.values[cell])
            found[f"tile.{name}.{cell_name(cell)}"] = f"({text})" if board.down[cell] else text
    if state.setup.solo:
        allowances = [state.setup.allowance(r) for r in state.sheet]
        found["sheet"] = ", ".join(f"{a} {b}" for a, b in state.sheet)
        found["rolls"] = len(state.sheet)
        found["total"] = sum(allowances)
        found["score"] = state.results[-1][1] if state.results else None
        found["scores"] = " ".join(str(score) for _, score in state.results)
        found["replayed"] = len(state.script)
    return found


def board_colour(state: TriggerState, side: int) -> str:
    """The colour of the board a side plays this round: side 0 drew the blue bag, and the
    players swap boards for the return round (``trigger.end``)."""
    return COLOURS[(side + state.round - 1) % len(state.sides)]


def chain_until(state: TriggerState, links: int) -> TriggerState:
    """The state as it stood after the first ``links`` links of its last chain reaction: the
    later links' tiles still face up, and - where the reaction's last link cleared the board
    and ended the round - the round not over yet. ``links`` outside 0..len(chain)-1 gives the
    state itself. (A view follows a reaction link by link with it; it never undoes moves.)

    >>> from tutor.trigger import GAME
    >>> s = GAME.parse_position('''
    ... players: Anna Ben
    ... turn: Anna
    ... board Anna:
    ...   1 (2) (3) (4) (5) (6)
    ...   (7) (8) (9) (10) (11) (12)
    ...   (1) (2) (3) (4) (5) (6)
    ...   (7) (8) (9) (10) (11) (12)
    ...   (1) (2) (3) (4) (5) (6)
    ...   (7) (8) (9) (10) (11) (12)
    ... board Ben:
    ...   1 2 3 4 5 6
    ...   7 8 9 10 11 12
    ...   1 2 3 4 5 6
    ...   7 8 9 10 11 12
    ...   1 2 3 4 5 6
    ...   7 8 9 10 11 12
    ... ''')
    >>> chain_until(s, 0) is s  # no chain reaction: nothing to follow
    True
    """
    if not 0 <= links < len(state.chain):
        return state
    board = state.boards[state.side].turned([c for _, c in state.chain[links:]], face_down=False)
    boards = set_item(state.boards, state.side, board)
    if state.phase in (Phase.ROUND_OVER, Phase.OVER) and not board.cleared() and state.results:
        return evolve(state, boards=boards, chain=state.chain[:links], phase=Phase.PLAY,
                      results=state.results[:-1],
                      full=tuple(n for n in state.full if n < len(state.results)))
    return evolve(state, boards=boards, chain=state.chain[:links])
