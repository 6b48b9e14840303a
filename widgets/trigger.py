"""The Trigger board view: both boards (or the solo board and its score sheet) in one figure.

Drawn once, updated per frame:

* each 6x6 board in its colour (blue or yellow): face-up numbers large, stars as gold stars,
  face-down tiles dark (their values hidden; a tile turned in this very step shows its value
  dimly, so the learner can follow what was paid);
* above the boards: the dice, what they allow (doubles counted double) and the running total
  of the flip being made ("paid 5 + 3 + 2 + 1 = 11 of 11");
* lines that give a bonus now: a green band along the line, the lone tile ringed green;
* the last chain reaction: each link's line in orange and its tile numbered 1, 2, 3... in the
  order the reaction spread;
* a refused move: its tiles ringed red with a cross; a malus: the tile turned back ringed orange;
* solo: the score sheet (lines 1-20, each roll and what it allowed, the running total, the
  score of each try) in place of the second board.

A walkthrough step may steer it with ``view = {...}``: ``mark = ["c3"]`` rings compartments,
``lines = ["row 1", "col e"]`` shades lines the narration talks about (on the board of the
side on turn, or of ``board = "Anna"``), ``link = 3`` shows a
chain reaction only up to its third link (the later links' tiles still face up), so a
reaction can be followed one line per step.
"""
from __future__ import annotations

import html
from dataclasses import replace
from typing import Any

import ipywidgets as widgets
from matplotlib.lines import Line2D
from matplotlib.patches import FancyBboxPatch, Rectangle

import tutor.trigger
from tutor.trigger.board import CELLS, COLUMNS, LINE_BY_NAME, LINES, SIZE, STAR, Board, cell_name, parse_cell
from tutor.trigger.computer import choose
from tutor.trigger.moves import Bonus, Flip, Malus, NextRound, Star
from tutor.trigger.state import MODES, SHEET, TriggerState
from tutor.trigger.tileset import COLOURS, NOTE

from .board import BoardView
from .freeplay import PACE, PERSON, FreePlay, FreePlayApp
from .texts import text

UP = {"blue": "#dce9ff", "yellow": "#fff2b3"}
DOWN = {"blue": "#233a7a", "yellow": "#7a5d00"}
EDGE = {"blue": "#2b5bb5", "yellow": "#b88a00"}
BONUS, CHAIN, HINT, MARK, REFUSED, MALUS = "#1f9d3a", "#f07d00", "#ffd400", "#ffd400", "#d32f2f", "#f07d00"
CHOSEN = "#00a2d4"
STAR_COLOUR = "#f5b800"
GAP = 1.4  # between the two boards, in tiles
NAN = (float("nan"), float("nan"))


def say(key: str, **params: object) -> str:
    """A text of the Trigger views (``[trigger]`` in ``widgets/texts.toml``).

    >>> say("roll_double", allowance=20)
    'double: = 20'
    """
    return text(f"trigger.{key}", **params)


def _xy(board: int, cell: int) -> tuple[float, float]:
    """Centre of a compartment: board 0 on the left, row 1 at the top."""
    return board * (SIZE + GAP) + cell % SIZE, SIZE - 1 - cell // SIZE


class TriggerView(BoardView):
    """Two boards (or the solo board and its sheet), the dice and the running total."""

    figsize = (12.0, 7.4)

    def __init__(self, game: Any):
        super().__init__(game)
        self.legend = widgets.HTML(_legend_html())
        self._widget = widgets.VBox([self.board, self.legend], layout=widgets.Layout(width="100%"))

    @property
    def widget(self) -> widgets.Widget:
        return self._widget

    def side_html(self, frame: Any) -> str:
        return _legend_html(css=False)

    @property
    def css(self) -> str:
        return _legend_css()

    # ---- made once ---------------------------------------------------------------------------
    def draw(self, figure) -> None:
        width = 2 * SIZE + GAP
        axes = self.axes_filling(figure, xlim=(-0.9, width - 0.4), ylim=(-1.0, SIZE + 1.75))
        self.axes = axes
        self.bands: list[list[Line2D]] = []
        self.faces, self.labels = [], []
        self.titles = []
        self.coordinates: list[list] = [[], []]
        for b in range(2):
            x0 = b * (SIZE + GAP)
            self.titles.append(axes.text(x0 - 0.5, SIZE - 0.25, "", fontsize=15, fontweight="bold",
                                         va="bottom", ha="left", color="#111"))
            for c in range(SIZE):
                self.coordinates[b].append(axes.text(x0 + c, -0.8, COLUMNS[c], ha="center",
                                                     va="center", fontsize=13, color="#445"))
            for r in range(SIZE):
                self.coordinates[b].append(axes.text(x0 - 0.75, SIZE - 1 - r, str(r + 1), ha="center",
                                                     va="center", fontsize=13, color="#445"))
            faces, labels = [], []
            for cell in range(CELLS):
                x, y = _xy(b, cell)
                face = Rectangle((x - 0.46, y - 0.46), 0.92, 0.92, linewidth=1.5)
                axes.add_patch(face)
                faces.append(face)
                labels.append(axes.text(x, y, "", ha="center", va="center", fontsize=19,
                                        fontweight="bold", color="#111", zorder=3))
            self.faces.append(faces)
            self.labels.append(labels)
            bands = []
            for line in LINES:  # one band per line, shown when the line matters
                xs, ys = zip(*(_xy(b, c) for c in line.cells))
                band = Line2D(xs, ys, linewidth=26, alpha=0.33, solid_capstyle="round",
                              visible=False, zorder=2)
                axes.add_line(band)
                bands.append(band)
            self.bands.append(bands)
        self.stars = axes.scatter([], [], s=900, marker="*", color=STAR_COLOUR,
                                  edgecolors="#7a5200", linewidths=1.2, zorder=3)
        ring = dict(s=2500, marker="s", facecolors="none", zorder=4)
        self.lone = axes.scatter([], [], edgecolors=BONUS, linewidths=4, **ring)
        self.marks = axes.scatter([], [], edgecolors=MARK, linewidths=4.5, **ring)
        self.malus = axes.scatter([], [], edgecolors=MALUS, linewidths=5, **ring)
        self.chosen = axes.scatter([], [], edgecolors=CHOSEN, linewidths=6, **ring)
        self.refused = axes.scatter([], [], edgecolors=REFUSED, linewidths=5, **ring)
        (self.cross,) = axes.plot([], [], marker="X", markersize=20, color=REFUSED,
                                  markeredgecolor="white", linestyle="none", zorder=6)
        self.badges = [axes.text(0, 0, "", fontsize=13, fontweight="bold", color="white",
                                 ha="center", va="center", zorder=7, visible=False,
                                 bbox=dict(boxstyle="circle,pad=0.2", facecolor=CHAIN,
                                           edgecolor="white"))
                       for _ in range(CELLS)]
        # the dice and the running total, above the board they are played on
        self.dice_boxes = []
        self.dice_texts = []
        for i in range(2):
            box = FancyBboxPatch((0, SIZE + 0.7), 0.8, 0.8,
                                 boxstyle="round,pad=0.02,rounding_size=0.15",
                                 facecolor="white", edgecolor="#111", linewidth=2, visible=False)
            axes.add_patch(box)
            self.dice_boxes.append(box)
            self.dice_texts.append(axes.text(0, SIZE + 1.1, "", fontsize=22,
                                             fontweight="bold", ha="center", va="center"))
        self.roll_text = axes.text(0, SIZE + 1.1, "", fontsize=17, fontweight="bold",
                                   ha="left", va="center")
        self.total_text = axes.text(0, SIZE + 0.45, "", fontsize=14, ha="left",
                                    va="center", color="#333")
        # who won, above the other board (or the solo sheet)
        self.banner = axes.text(0, SIZE + 1.1, "", fontsize=15, fontweight="bold", ha="left",
                                va="center", color="#b71c1c")
        # the solo score sheet, where the second board would be
        x0 = SIZE + GAP - 0.5
        self.sheet_frame = Rectangle((x0, -0.5), SIZE, SIZE, facecolor="#fffef5",
                                     edgecolor="#555", linewidth=1.5, visible=False)
        axes.add_patch(self.sheet_frame)
        self.sheet_lines = [axes.text(x0 + 0.25 + (i // 10) * 3.0, SIZE - 1.15 - (i % 10) * 0.5, "",
                                      fontsize=13, family="monospace", va="center", visible=False)
                            for i in range(SHEET)]
        self.sheet_foot = axes.text(x0 + 0.25, -0.2, "", fontsize=14, fontweight="bold",
                                    va="center", visible=False)

    # ---- per frame --------------------------------------------------------------------------
    def update(self, frame: Any) -> None:
        state: TriggerState = frame.state
        hint = frame.view or tutor.trigger.TriggerHints()
        boards = list(state.boards)
        chain = list(state.chain)
        side = state.side
        partial = hint.link is not None and 0 <= hint.link < len(chain)
        if partial:  # the reaction only up to link k: the later links' tiles still face up
            k = hint.link
            shown = boards[side]
            for _, cell in chain[k:]:
                shown = shown.turned_up(cell)
            boards[side], chain = shown, chain[:k]
        solo = len(boards) == 1
        labels = [state.label(b) for b in range(len(boards))]
        pointed = labels.index(hint.board) if hint.board in labels else side
        turned_now = self._turned_now(frame, state)
        if partial:  # this step shows these links: their tiles show their values
            turned_now = {side: {cell for _, cell in chain}}
        stars, lone = [], []
        for b in range(2):
            visible = b < len(boards)
            colour = COLOURS[(b + state.round - 1) % len(state.sides)] if visible else "blue"
            for cell in range(CELLS):
                face, label = self.faces[b][cell], self.labels[b][cell]
                face.set_visible(visible)
                label.set_visible(visible)
                if not visible:
                    continue
                self._show_tile(boards[b], b, cell, colour, turned_now.get(b, ()), face, label, stars)
            self.titles[b].set_text(self._title(state, boards, b) if visible else say("sheet_title"))
            for text in self.coordinates[b]:
                text.set_visible(visible)
            # bonuses matter to the side on turn: the other board stays uncluttered
            live = visible and b == side and state.phase in ("roll", "play")
            bonus = {line.name: cell for line, cell in boards[b].bonus_lines()} if live else {}
            lone += [_xy(b, c) for c in bonus.values()]
            linked = {name for name, _ in chain} if b == side else set()
            hinted = set(hint.lines) if b == pointed else set()
            for line, band in zip(LINES, self.bands[b]):
                colour_of = (CHAIN if line.name in linked else BONUS if line.name in bonus
                             else HINT if line.name in hinted else None)
                band.set_visible(visible and colour_of is not None)
                if colour_of:  # a chain is drawn thin: many links cross each other
                    band.set_color(colour_of)
                    band.set_linewidth(9 if colour_of == CHAIN else 26)
                    band.set_alpha(0.7 if colour_of == CHAIN else 0.33)
        self.stars.set_offsets(stars or [NAN])
        self.lone.set_offsets(lone or [NAN])
        marks = [_xy(pointed, c) for c in (parse_cell(str(n)) for n in hint.mark) if c is not None]
        self.marks.set_offsets(marks or [NAN])
        self._show_chain(side, chain)
        self._show_move(frame, state)
        self._show_dice(frame, state)
        self._show_chosen(state, [c for c in (parse_cell(str(n)) for n in hint.selected)
                                  if c is not None])
        if partial:  # the round is not over yet at this link
            self.banner.set_text(say("link", link=len(chain), links=len(state.chain)))
        self._show_sheet(state, solo)

    def _show_tile(self, board: Board, b: int, cell: int, colour: str, turned_now, face, label,
                   stars: list) -> None:
        value, down = board.values[cell], board.down[cell]
        face.set_facecolor(DOWN[colour] if down else UP[colour])
        face.set_edgecolor(EDGE[colour])
        if down:
            # hidden, unless it was turned in this step (then shown dimly, to follow the play)
            known = cell in turned_now and value >= 0
            label.set_text(("★" if value == STAR else str(value)) if known else "")
            label.set_color("#c9d3ea")
            label.set_fontsize(13)
        elif value == STAR:
            label.set_text("")
            stars.append(_xy(b, cell))
        else:
            label.set_text(str(value))
            label.set_color("#111")
            label.set_fontsize(19)

    @staticmethod
    def _turned_now(frame: Any, state: TriggerState) -> dict[int, set[int]]:
        before = frame.before
        if before is None or frame.refusal is not None or len(before.boards) != len(state.boards):
            return {}
        return {b: {c for c in range(CELLS) if state.boards[b].down[c] and not old.down[c]}
                for b, old in enumerate(before.boards)}

    def _title(self, state: TriggerState, boards: list[Board], b: int) -> str:
        finished = state.results
        if not any(x.cleared() for x in boards) and state.phase in ("round over", "over"):
            finished = state.results[:-1]  # a chain shown link by link: not over yet
        lost, won = self.game.tally(replace(state, results=finished))
        colour = COLOURS[(b + state.round - 1) % len(state.sides)]
        on_turn = b == state.side and state.phase in ("roll", "play")
        extra = ("" if state.setup.solo else say("title_won", won=won[b])
                 if state.setup.scoring == "rounds" else say("title_lost", lost=lost[b]))
        return say("title", marker=say("on_turn") if on_turn else "", side=state.label(b),
                   colour=colour, up=boards[b].count_up(), points=boards[b].points(), extra=extra)

    def _show_chain(self, side: int, chain) -> None:
        for i, badge in enumerate(self.badges):
            if i < len(chain):
                x, y = _xy(side, chain[i][1])
                badge.set_position((x + 0.3, y + 0.3))
                badge.set_text(str(i + 1))
                badge.set_visible(True)
            else:
                badge.set_visible(False)

    def _show_move(self, frame: Any, state: TriggerState) -> None:
        move, before = frame.move, frame.before
        cells = []
        if isinstance(move, Flip):
            cells = list(move.cells)
        elif isinstance(move, (Bonus, Star, Malus)):
            cells = [move.cell]
        board = state.opponent(before.side) if isinstance(move, Malus) and before else (
            before.side if before else state.side)
        spots = [_xy(board, c) for c in cells if 0 <= c < CELLS]
        if frame.refusal is not None:
            self.refused.set_offsets(spots or [NAN])
            self.cross.set_data([x + 0.33 for x, _ in spots], [y - 0.33 for _, y in spots])
            self.malus.set_offsets([NAN])
        else:
            self.refused.set_offsets([NAN])
            self.cross.set_data([], [])
            self.malus.set_offsets((spots if isinstance(move, Malus) else []) or [NAN])

    def _show_dice(self, frame: Any, state: TriggerState) -> None:
        dice = state.dice if state.phase in ("play", "round over", "over") else None
        for box, text, value in zip(self.dice_boxes, self.dice_texts, dice or (None, None)):
            box.set_visible(value is not None)
            text.set_text("" if value is None else str(value))
        x0 = state.side * (SIZE + GAP) - 0.45
        for i, (box, text) in enumerate(zip(self.dice_boxes, self.dice_texts)):
            box.set_x(x0 + i * 0.95)
            text.set_x(x0 + 0.4 + i * 0.95)
        self.roll_text.set_x(x0 + 2.0)
        self.total_text.set_x(x0 + 2.0)
        other = 1 if state.side == 0 else 0
        self.banner.set_x(other * (SIZE + GAP) - 0.45)
        if dice:
            allowance = state.setup.allowance(dice)
            double = dice[0] == dice[1]
            self.roll_text.set_text(say("roll_double" if double else "roll", allowance=allowance))
            self.total_text.set_text(self._running_total(frame, state, allowance))
        else:
            self.roll_text.set_text("")
            self.total_text.set_text("")
        self.banner.set_text(_banner(state))

    @staticmethod
    def _running_total(frame: Any, state: TriggerState, allowance: int) -> str:
        """'paid 5 + 3 + 2 + 1 = 11 of 11' for the tiles paid this turn, as far as shown."""
        move = frame.move
        if isinstance(move, Flip) and frame.refusal is None and frame.before is not None:
            board = frame.before.boards[frame.before.side]
            parts = " + ".join(str(board.values[c]) for c in move.cells)
            earlier = f"{frame.before.spent} + " if frame.before.spent else ""
            return say("paid_parts", parts=earlier + parts, spent=state.spent, allowance=allowance,
                       left=allowance - state.spent)
        return say("paid", spent=state.spent, allowance=allowance, left=allowance - state.spent)

    def _show_chosen(self, state: TriggerState, cells: list[int]) -> None:
        """Free play: the tiles being chosen for a flip, and their running total."""
        self.chosen.set_offsets([_xy(state.side, c) for c in cells] or [NAN])
        if cells and state.dice:
            board = state.boards[state.side]
            allowance = state.setup.allowance(state.dice)
            total = sum(board.values[c] for c in cells)
            self.total_text.set_text(say(
                "choosing", parts=" + ".join(str(board.values[c]) for c in cells), total=total,
                left=allowance - state.spent - total, allowance=allowance))

    def _show_sheet(self, state: TriggerState, solo: bool) -> None:
        self.sheet_frame.set_visible(solo)
        self.sheet_foot.set_visible(solo)
        total = 0
        for i, text in enumerate(self.sheet_lines):
            text.set_visible(solo)
            if not solo:
                continue
            if i < len(state.sheet):
                roll = state.sheet[i]
                total += state.setup.allowance(roll)
                text.set_text(say("sheet_line", line=i + 1, a=roll[0], b=roll[1],
                                  allowance=state.setup.allowance(roll), total=total))
                text.set_color("#111")
            else:
                planned = state.script[i] if i < len(state.script) else None
                text.set_text(say("sheet_planned", line=i + 1, a=planned[0], b=planned[1])
                              if planned else say("sheet_empty", line=i + 1))
                text.set_color("#999")
        if solo:
            scores = " · ".join(say("sheet_try", number=n, score=score)
                                for n, (_, score) in enumerate(state.results, 1))
            self.sheet_foot.set_text(say("sheet_foot", round=state.round) + (f"   {scores}" if scores else ""))

    def target_at(self, axes, x, y):
        """The board and compartment under a click, e.g. ``(0, "c3")``.

        >>> view = TriggerView(tutor.trigger.GAME)
        >>> view.target_at(None, 2, 3), view.target_at(None, SIZE + GAP, 5), view.target_at(None, 6.6, 0)
        ((0, 'c3'), (1, 'a1'), None)
        """
        b = 0 if x < SIZE - 0.5 + GAP / 2 else 1
        col, row = round(x - b * (SIZE + GAP)), SIZE - 1 - round(y)
        if 0 <= col < SIZE and 0 <= row < SIZE:
            return b, f"{COLUMNS[col]}{row + 1}"
        return None


def _banner(state: TriggerState) -> str:
    if state.phase not in ("round over", "over") or not state.results:
        return "" if state.phase != "opening" else say("opening")
    winner, points = state.results[-1]
    if state.setup.solo:
        return say("solo_clear" if state.boards[0].cleared() else "solo_full", score=points)
    losers = [state.label(s) for s in range(len(state.sides)) if s != winner]
    return say("round_won", winner=state.label(winner), losers=", ".join(losers), points=points)


def _legend_css() -> str:
    return (f"<style>.tg-legend {{ font-size:15px; line-height:1.7; color:#333 }} "
            f".tg-bonus {{ background:{BONUS}; color:white; padding:0 6px }} "
            f".tg-chain {{ background:{CHAIN}; color:white; padding:0 6px }} "
            f".tg-star {{ color:{STAR_COLOUR}; font-size:20px }}</style>")


def _legend_html(css: bool = True) -> str:
    return (f'{_legend_css() if css else ""}<div class="tg-legend">{say("legend")}<br>'
            f'<i>{html.escape(NOTE)}</i></div>')


# ---- free play ----------------------------------------------------------------------------------
#: Seat kinds: a person, or the computer as a search or as a greedy player.
COMPUTERS = {kind: (lambda game, state, rnd, kind=kind: choose(game, state, kind))
             for kind in ("search", "greedy")}


class TriggerPlay(FreePlay):
    """Trigger on the free-play shell: two players, teams or solo; dice rolled by the shell.

    A person clicks number tiles to choose a flip (:attr:`selected`, its running total shown
    above the board) and then flips them; a click on a lone tile takes its bonus, on a free
    star turns it, on a face-down tile of the opponent's line claims a malus. The next round
    is set up without asking.

    >>> from tutor.trigger import GAME
    >>> play = TriggerPlay(GAME, {"mode": "solo"}, seed=2)
    >>> play.advance(), play.state.phase  # the shell rolls the dice
    (1, 'play')
    >>> play.play_text("end"), play.advance(), len(play.state.sheet)
    (True, 1, 2)
    """

    selected: list[int]

    def __init__(self, game, options=None, seats=None, seed: int = 0):
        self.selected = []
        super().__init__(game, options, seats, seed, computers=COMPUTERS)

    def default_seats(self, state: TriggerState) -> tuple[str, ...]:
        """The first side's players are people, the other side's computers (solo: a person)."""
        return tuple(PERSON if p in state.sides[0] else "search" for p in range(len(state.players)))

    def automatic(self, state: TriggerState):
        return NextRound() if state.phase == "round over" else None

    def moves_for_click(self, state: TriggerState, target) -> list:
        board_index, name = target
        cell = parse_cell(name)
        if state.phase != "play" or cell is None:
            return []
        side, other = state.side, state.opponent(state.side)
        if board_index == other and state.boards[other].down[cell]:
            return [Malus(line, cell) for line in state.missed[other] if cell in LINE_BY_NAME[line].cells]
        if board_index != side or state.boards[side].down[cell]:
            return []
        board = state.boards[side]
        return [Star(cell)] if board.is_star(cell) else [Bonus(cell)]

    def click(self, target) -> None:
        """A number tile (no bonus on it) of one's own board is chosen or unchosen for a flip."""
        board_index, name = target
        cell, state = parse_cell(name), self.state
        board = state.boards[state.side] if state.phase == "play" else None
        if (self.person_to_move() and board is not None and cell is not None
                and board_index == state.side and board.is_up(cell) and not board.is_star(cell)
                and cell not in board.bonus_cells()):
            if cell in self.selected:
                self.selected.remove(cell)
            else:
                self.selected.append(cell)
            self._fresh()
            self._changed()
            return
        super().click(target)

    def flip_selected(self) -> None:
        if self.selected:
            self.play(Flip(tuple(sorted(self.selected))))

    def _apply(self, move) -> None:
        super()._apply(move)
        self.selected = []

    def undo(self) -> None:
        self.selected = []
        super().undo()

    def load(self, saved: str) -> bool:
        loaded = super().load(saved)
        if loaded:
            self.selected = []
            self._changed()
        return loaded

    def new_game(self, options=None, seats=None, seed: int = 0) -> None:
        self.selected = []
        super().new_game(options, seats, seed)

    def target_name(self, target) -> str:
        return target[1]

    def summary(self) -> str:
        state, outcome = self.state, self.game.outcome(self.state)
        if state.setup.solo:
            return say("over", result=say("result_solo", score=outcome.scores[0]))
        scores = ", ".join(f"{n} {v}" for n, v in zip(state.players, outcome.scores))
        key = "result_rounds" if state.setup.scoring == "rounds" else "result_points"
        return say("over", result=say(key, scores=scores))


class TriggerApp(FreePlayApp):
    """The shell's app with the game's own setup (which game: two, teams, solo) and the
    buttons of a turn: flip the chosen tiles, take all bonuses, end the turn."""

    def __init__(self, play: TriggerPlay, pace: float = PACE):
        self.mode_list = widgets.Dropdown(
            options=[(say(f"mode_{m}"), m) for m in MODES], value=play.state.setup.mode,
            description=say("mode"))
        self.buttons = {label: self._button(label, action) for label, action in (
            (say("flip"), self._flip), (say("chain"), lambda: self._typed_move("chain")),
            (say("end"), lambda: self._typed_move("end")))}
        turn = widgets.HBox(list(self.buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__(play, TriggerView, extras=[turn], setup=[self.mode_list], pace=pace)
        self.mode_list.observe(lambda change: self._mode_changed(change["new"]), names="value")

    def _mode_changed(self, mode: str) -> None:
        probe = self.play.game.initial_state({"mode": mode}, 0)
        self.seat_lists(probe.players, self.play.default_seats(probe))

    def options(self):
        options = dict(self.play.match.options)
        if self.mode_list.value != self.play.state.setup.mode:
            options.pop("players", None)  # the names belong to the old mode
        return {**options, "mode": self.mode_list.value}

    def load(self) -> None:
        super().load()
        self.mode_list.value = self.play.state.setup.mode
        self.seat_lists()

    def _flip(self) -> None:
        self.play.flip_selected()
        self.computers()

    def _typed_move(self, words: str) -> None:
        self.play.play_text(words)
        self.computers()

    def view_hints(self) -> tutor.trigger.TriggerHints:
        return tutor.trigger.TriggerHints(selected=tuple(cell_name(c) for c in self.play.selected))

    def turn_text(self) -> str:
        play, state = self.play, self.play.state
        if not play.person_to_move():
            return super().turn_text()
        parts = []
        target = state.opponent(state.side)
        if state.missed[target] and not state.acted and not state.setup.solo:
            parts.append(say("malus_hint", opponent=state.label(target),
                             lines=", ".join(state.missed[target])))
        parts.append(say("your_turn", player=state.players[play.mover()]))
        return " ".join(parts)


def free_play_app(mode: str = "two", seats: tuple[str, ...] | None = None, seed: int = 0,
                  pace: float = PACE, **options: object) -> widgets.Widget:
    """The free-play app as one widget, e.g. ``free_play_app("solo")`` or
    ``free_play_app("2v1", seats=("person", "person", "search"))`` ("human" is read as
    "person"). Wrong options raise BadOption (``widgets.app.play_app`` shows a message)."""
    if seats is not None and not isinstance(seats, str):
        seats = tuple(PERSON if kind == "human" else kind for kind in seats)
    play = TriggerPlay(tutor.trigger.GAME, {"mode": mode, **options}, seats=seats, seed=seed)
    return TriggerApp(play, pace).widget


play_app = free_play_app  # the name widgets.app.play_app looks for
VIEW = TriggerView
