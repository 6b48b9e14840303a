"""Trigger free play on the shared shell: two players, teams or solo; dice rolled by the shell.

A person clicks number tiles to choose a flip (``selected``, its running total shown over the
board) and then flips them; a tile is chosen only while the engine accepts the flip with it
(else its refusal says why); a click on a lone tile takes its bonus, on a free star turns it,
on a face-down tile of the opponent's line claims a malus. The next round is set up without
asking. Board elements are named ``"<side>:<compartment>"`` (``"Anna:c3"``).

>>> play = TriggerPlay({"mode": "solo"}, seed=2)
>>> play.players()
('Anna',)
>>> play.advance(), play.state.phase.value  # the shell rolls the dice
(1, 'play')
>>> play.play_text("end"), play.advance(), len(play.state.sheet)
(True, 1, 2)
"""
from __future__ import annotations

from tutor.trigger import (GAME, LINES, MODES, Bonus, Flip, Malus, NextRound, Star,
                           TriggerHints, board_of, cell_name, lines_display, parse_cell)

from ..boards.trigger import TriggerDrawer
from ..texts import T
from .kits import Kit
from .model import PACE, PERSON, FreePlay, names
from .page import Extras, PlayPage

class TriggerPlay(FreePlay):
    """A Trigger match being played (no widgets)."""

    selected: list[int]

    def __init__(self, options=None, seats=None, seed: int = 0):
        self.selected = []
        options = dict(options or {})
        mode = options.get("mode", "two")
        if "players" not in options and mode in MODES:
            options["players"] = names(len(MODES[mode][0]))
        super().__init__(GAME, options, seats, seed)  # seats: a person, or a computer player

    def default_seats(self, state) -> tuple[str, ...]:
        """The first side's players are people, the other side's computers (solo: a person)."""
        return tuple(PERSON if p in state.sides[0] else "search" for p in range(len(state.players)))

    def automatic(self, state):
        return NextRound() if state.phase == "round over" else None

    def place(self, target) -> tuple[int | None, int | None]:
        """(side, compartment) a board element names (``"Anna:c3"``)."""
        label, _, name = str(target).rpartition(":")
        state = self.state
        labels = [state.label(s) for s in range(len(state.boards))]
        return (labels.index(label) if label in labels else None), parse_cell(name)

    def moves_for_click(self, state, target) -> list:
        """A face-down tile of the board a malus lands on: the maluses the engine lists with
        that tile (none: a malus of a line through it, refused with the engine's reason); a
        face-up tile of one's own board: its star or its bonus."""
        side_clicked, cell = self.place(target)
        if state.phase != "play" or cell is None or side_clicked is None:
            return []
        if side_clicked == board_of(state, Malus("", cell)) and state.boards[side_clicked].down[cell]:
            return [m for m in self.open_maluses(state) if m.cell == cell] or [
                Malus(line.name, cell) for line in LINES if cell in line.cells][:1]
        side = state.side
        if side_clicked != side or state.boards[side].down[cell]:
            return []
        board = state.boards[side]
        return [Star(cell)] if board.is_star(cell) else [Bonus(cell)]

    def open_maluses(self, state) -> list:
        """The maluses the engine lists now (a claim on a missed line)."""
        return [m for m in self.game.legal_moves(state) if isinstance(m, Malus)]

    def click(self, target) -> None:
        """A number tile of one's own board with no bonus on it is chosen or unchosen for a
        flip - chosen only while the engine accepts the flip with it."""
        side_clicked, cell = self.place(target)
        state = self.state
        if (self.person_to_move() and state.phase == "play" and cell is not None
                and side_clicked == state.side and not Bonus(cell) in self._bonuses(state)
                and not isinstance(next(iter(self.moves_for_click(state, target)), None), Malus)):
            board = state.boards[state.side]
            if board.is_up(cell) and not board.is_star(cell):
                if cell in self.selected:
                    self.selected.remove(cell)
                    self._fresh()
                    self._changed()
                    return
                flip = Flip(tuple(sorted(self.selected + [cell])))
                if self.game.is_legal(state, flip):
                    self.selected.append(cell)
                    self._fresh()
                    self._changed()
                else:
                    self.play(flip)  # refused: the engine's reason, nothing chosen
                return
        super().click(target)

    def _bonuses(self, state) -> set:
        return {m for m in self.game.legal_moves(state) if isinstance(m, Bonus)}

    def flip_selected(self) -> None:
        if self.selected:
            self.play(Flip(tuple(sorted(self.selected))))

    def forget(self) -> None:
        self.selected = []

    def target_name(self, target) -> str:
        return str(target).rpartition(":")[2]

    def summary(self) -> str:
        state, outcome = self.state, self.game.outcome(self.state)
        if state.setup.solo:
            return T._("The game is over. Your best score: {score}.", score=outcome.scores[0])
        scores = ", ".join(f"{n} {v}" for n, v in zip(state.players, outcome.scores))
        if state.setup.scoring == "rounds":
            return T._("The match is over. Rounds won: {scores}.", scores=scores)
        return T._("The match is over. Points lost: {scores}.", scores=scores)


class TriggerExtras(Extras):
    """Which game (two, teams, solo) in the setup; flip, take all bonuses, end the turn."""

    def fields(self, play: TriggerPlay) -> list[dict]:
        labels = {"two": T._("two players"), "2v1": T._("teams, 2 against 1"),
                  "2v2": T._("teams, 2 against 2"), "solo": T._("solo")}
        return [{"name": "mode", "label": T._("Game"), "options": [[m, labels[m]] for m in MODES],
                 "value": play.state.setup.mode}]

    def options(self, play: TriggerPlay, values: dict) -> dict:
        mode = values.get("mode", play.state.setup.mode)
        options = {k: v for k, v in play.match.options.items() if k != "players"}
        options["mode"] = mode
        options["players"] = names(len(MODES[mode][0]))
        return options

    def actions(self, play: TriggerPlay) -> list:
        return [("flip", T._("Flip the chosen tiles"), play.flip_selected),
                ("chain", T._("Take all bonuses"), lambda: play.play_text("chain")),
                ("end", T._("End the turn"), lambda: play.play_text("end"))]

    def hints(self, play: TriggerPlay) -> TriggerHints:
        return TriggerHints(selected=tuple(cell_name(c) for c in play.selected))

    def turn_text(self, play: TriggerPlay) -> str:
        state = play.state
        parts = []
        target = board_of(state, Malus("", 0))
        maluses = play.open_maluses(state) if state.phase == "play" else []
        if maluses and target != state.side:  # (a solo game's self-malus is owed: the engine says so)
            lines = dict.fromkeys(m.line for m in maluses)
            parts.append(T._("{opponent} left a bonus untaken on {lines}: click a face-down tile "
                             "of that line on their board for a malus, before you turn anything.",
                             opponent=state.label(target),
                             lines=lines_display(", ".join(lines))))
        elif maluses:  # alone: the self-malus the engine lists comes first
            lines = dict.fromkeys(m.line for m in maluses)
            parts.append(T._("You left a bonus untaken on {lines}: first click a face-down tile "
                             "of that line for your malus.", lines=lines_display(", ".join(lines))))
        parts.append(T._("{player} to play: click number tiles to choose a flip, a lone tile "
                         "(ringed green) for a bonus, a free star to turn it; then end the turn.",
                         player=state.players[play.mover()]))
        return " ".join(parts)


def play_app(mode: str = "two", seats=None, seed: int = 0, pace: float = PACE,
             **options) -> PlayPage:
    """Trigger free play as one widget, e.g. ``play_app("solo")`` (wrong options raise
    BadOption)."""
    play = TriggerPlay({"mode": mode, **options}, seats=seats, seed=seed)
    return PlayPage(play, TriggerDrawer(GAME), TriggerExtras(), pace=pace)


#: the parts of trigger's free play (a try-it step and "play on from here" use them too)
KIT = Kit(TriggerPlay, TriggerDrawer, TriggerExtras)
