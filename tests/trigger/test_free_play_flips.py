"""Free play's flip: the person chooses several tiles on the board, then turns them (the
engine turns one tile a move, trigger.turn.flip.one)."""
from __future__ import annotations

from tutor.trigger import GAME, Flip
from widgets.games.trigger import TriggerPlay


def _name(state, cell: int) -> str:
    return f"{state.label(state.side)}:{'abcdef'[cell % 6]}{cell // 6 + 1}"


def test_several_tiles_are_chosen_while_they_fit_and_turned_one_after_another():
    """The second tile chosen was refused, 'turn the tiles one at a time, not a1 b1 at once':
    the choice was checked as one flip of both, which the engine never accepts, and 'Flip
    the chosen tiles' played that flip too."""
    play = TriggerPlay({"mode": "solo"}, seed=2)
    play.advance()  # the dice
    state = play.state
    board = state.boards[0]
    left = GAME.facts(state)["left"]
    cheap = sorted((c for c in range(36) if board.is_up(c) and not board.is_star(c)
                    and c not in board.bonus_cells()), key=lambda c: (board.values[c], c))
    chosen, total = [], 0
    for cell in cheap:
        if total + board.values[cell] > left:
            play.click(_name(state, cell))  # too dear after the others: the engine's reason
            assert play.refusal.rule_id == "trigger.turn.flip" and play.selected == chosen
            assert play.state is state
            break
        play.click(_name(state, cell))
        assert play.refusal is None, play.refusal
        chosen.append(cell)
        total += board.values[cell]
    assert len(chosen) >= 2 and play.selected == chosen and play.state is state
    play.flip_selected()
    assert play.refusal is None and play.selected == []
    assert play.match.moves[-len(chosen):] == [Flip((c,)) for c in chosen]
    assert play.state.spent == total
