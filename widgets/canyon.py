"""The Canyon view: the river drawn with matplotlib, the card table beside it in HTML.

The river (one figure; its artists are made once per map and updated per frame):

* water light blue, mountains brown, islands green, start docks and landing docks as
  wood, the waterfall white-blue, the rock cave dark; the current as arrows (one artist);
* field names along the edges (column letters, row numbers), as the move texts use them;
* the canoes as discs in their colours with the player's initial; several in the cave
  side by side;
* the last move's path as a line with an arrow (a drift too), canoes pushed ringed;
* the legal end fields of the canoe to move ringed in its colour ("stay" rings the canoe);
* a refused move's target with a red cross.

A tall map (the default river) is drawn lying down, flowing from left to right, so it
fits a projector screen; the field names stay the same.

The card table (HTML, cheap to repaint and sharp on a projector): the round counter, trump,
the trick on the table, the last trick and its winner, per player the tempo cards laid,
tricks won, bonus and movement points, the hand (all hands in a walkthrough), and the bonus
table.

A walkthrough step may steer the view with ``view = { mark = ["c5"] }`` to ring fields the
narration talks about.
"""
from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as widgets
import numpy as np
from matplotlib.colors import to_rgb
from matplotlib.patches import FancyArrowPatch

from tutor.canyon import CanyonHints
from tutor.canyon.board import ARROWS, CAVE as CAVE_KIND, DOCK, ISLAND, MOUNTAIN, START, WATER
from tutor.canyon.board import WATERFALL, Board, column_letter
from tutor.canyon.canoes import must_drift
from tutor.canyon.codec import field_text
from tutor.canyon.rounds import COUNTER, SKIPPED, bonus, made
from tutor.canyon.state import CAVE, OFF, CanyonState, Launch, Paddle

from tutor.core.errors import BadOption

from .board import BoardView
from .freeplay import FreePlay, FreePlayApp, say
from .texts import text

CANOE_COLOURS = ("#d62728", "#f2c500", "#2ca02c", "#1f5fbf", "#ff7f0e", "#8e44ad")
CANOE_INK = ("white", "#222", "white", "white", "#222", "white")
SUIT_COLOURS = {"blue": "#1f63c6", "green": "#2e9d3a", "red": "#d32f2f", "yellow": "#e0b000",
                "purple": "#7b2fa8", "hidden": "#777"}
KIND_COLOURS = {WATER: "#a9dcf5", MOUNTAIN: "#8d6e63", ISLAND: "#7cb66b", START: "#c8a165",
                DOCK: "#a1887f", WATERFALL: "#f4fbff", CAVE_KIND: "#3b3b3b"}
CURRENT = "#6cc0ea"
REFUSED, MARK = "#d32f2f", "#ffd400"


class Geometry:
    """Where each field of a map is drawn: upright, or lying down for a long river.

    Rows and columns of mountain only at the map's edges are left out (the window)."""

    def __init__(self, board: Board):
        self.board = board
        self.lying = board.rows > 16 and board.rows > 2 * board.cols
        river = [board.rc(i) for i, k in enumerate(board.kinds) if k != MOUNTAIN]
        rows, cols = [r for r, _ in river], [c for _, c in river]
        self.r0, self.r1 = max(0, min(rows) - 1), min(board.rows - 1, max(rows) + 1)
        self.c0, self.c1 = max(0, min(cols) - 1), min(board.cols - 1, max(cols) + 1)

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in fields."""
        rows, cols = self.r1 - self.r0 + 1, self.c1 - self.c0 + 1
        return (rows, cols) if self.lying else (cols, rows)

    def shown(self, index: int) -> bool:
        r, c = divmod(index, self.board.cols)
        return self.r0 <= r <= self.r1 and self.c0 <= c <= self.c1

    def xy(self, index: int) -> tuple[float, float]:
        r, c = divmod(index, self.board.cols)
        r, c = r - self.r0, c - self.c0
        if self.lying:
            return r, self.c1 - self.c0 - c
        return c, self.r1 - self.r0 - r


class CanyonView(BoardView):
    """The river and the card table of a Canyon state."""

    figsize = (10.0, 4.6)

    def __init__(self, game: Any):
        super().__init__(game)
        self.table = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.table.add_class("tutor-canyon-table")
        self.board.layout = widgets.Layout(width="100%")
        self._widget = widgets.VBox([self.board, self.table], layout=widgets.Layout(width="100%"))
        self._map_text: str | None = None
        self._players: tuple[str, ...] = ()

    @property
    def widget(self) -> widgets.Widget:
        return self._widget

    # ---- made once per map ---------------------------------------------------------------------
    def draw(self, figure) -> None:
        """Nothing yet: the river is drawn when the first state shows which map it is."""

    def _build(self, state: CanyonState) -> None:
        board = state.board
        figure = self.figure
        figure.clear()
        self.geo = geo = Geometry(board)
        width, height = geo.size
        inches_per_field = min(10.0 / (width + 1.2), 6.2 / (height + 1.2))
        figure.set_size_inches((width + 1.2) * inches_per_field, (height + 1.2) * inches_per_field)
        # the SVG fills the width it is given: keep an upright map from growing taller than a screen
        aspect = (width + 1.2) / (height + 1.2)
        self.board.layout.max_width = f"{max(260, min(1100, round(620 * aspect)))}px"
        self.field_pt = inches_per_field * 72
        axes = self.axes_filling(figure, xlim=(-1.1, width - 0.4), ylim=(-1.1, height - 0.4))
        self.axes = axes
        image = np.ones((height, width, 3))
        for index, kind in enumerate(board.kinds):
            if not geo.shown(index):
                continue
            x, y = geo.xy(index)
            image[y, x] = to_rgb(CURRENT if kind in ARROWS else KIND_COLOURS[kind])
        axes.imshow(image, extent=(-0.5, width - 0.5, -0.5, height - 0.5), origin="lower",
                    interpolation="nearest", zorder=0)
        # the current's arrows, in screen directions
        arrows = [(geo.xy(i), ARROWS[k]) for i, k in enumerate(board.kinds) if k in ARROWS]
        if arrows:
            xs, ys = zip(*(xy for xy, _ in arrows))
            us, vs = zip(*((dr, -dc) if geo.lying else (dc, -dr) for _, (dr, dc) in arrows))
            axes.quiver(xs, ys, us, vs, color="#1b4f72", scale=1.0, scale_units="xy",
                        width=0.012 * 10 / max(width, 10), headwidth=4, pivot="middle",
                        angles="xy", zorder=1, alpha=0.55)
            # quiver arrows are 1 field long: shorten them to ~0.55
            axes.collections[-1].set_UVC(np.array(us) * 0.55, np.array(vs) * 0.55)
        small = max(7.0, min(11.0, self.field_pt * 0.42))
        for index, kind in enumerate(board.kinds):
            if kind in (WATERFALL, CAVE_KIND, DOCK):
                x, y = geo.xy(index)
                word = text("canyon." + {WATERFALL: "waterfall", CAVE_KIND: "cave", DOCK: "dock"}[kind])
                axes.text(x, y, word, ha="center", va="center", zorder=2,
                          fontsize=small if kind == CAVE_KIND else small * 1.5,
                          color="white" if kind == CAVE_KIND else "#3e2723",
                          fontweight="bold")
        # field names along the edges: column letters and row numbers
        for c in range(geo.c0, geo.c1 + 1):
            x, y = geo.xy(geo.r0 * board.cols + c)
            if geo.lying:
                axes.text(-0.95, y, column_letter(c), ha="center", va="center", fontsize=small, color="#445")
            else:
                axes.text(x, -0.95, column_letter(c), ha="center", va="center", fontsize=small,
                          color="#445")
        for r in range(geo.r0, geo.r1 + 1):
            x, y = geo.xy(r * board.cols + geo.c0)
            if geo.lying:
                axes.text(x, -0.95, str(r + 1), ha="center", va="center", fontsize=small, color="#445")
            else:
                axes.text(-0.95, y, str(r + 1), ha="center", va="center", fontsize=small, color="#445")
        ring = (self.field_pt * 0.9) ** 2
        self.ends = axes.scatter([], [], s=ring, marker="o", facecolors="none", linewidths=3,
                                 zorder=4)
        self.marks = axes.scatter([], [], s=ring * 1.2, marker="s", facecolors="none",
                                  edgecolors=MARK, linewidths=3.5, zorder=4)
        (self.path,) = axes.plot([], [], color="#0b2545", linewidth=3, alpha=0.8,
                                 solid_capstyle="round", zorder=5)
        self.arrow = FancyArrowPatch((0, 0), (1, 1), arrowstyle="-|>", mutation_scale=18,
                                     color="#0b2545", linewidth=3, zorder=5, visible=False,
                                     shrinkA=0, shrinkB=self.field_pt * 0.35)
        axes.add_patch(self.arrow)
        self.pushed = axes.scatter([], [], s=ring * 1.1, marker="o", facecolors="none",
                                   edgecolors="#0b2545", linewidths=2.5, linestyle="--", zorder=6)
        n = state.seats
        self.canoes = axes.scatter([0] * n, [0] * n, s=(self.field_pt * 0.72) ** 2,
                                   c=CANOE_COLOURS[:n], edgecolors="#111", linewidths=1.8, zorder=7)
        self.initials = [axes.text(0, 0, name[:1], ha="center", va="center", zorder=8,
                                   fontsize=max(8.0, self.field_pt * 0.4), fontweight="bold",
                                   color=CANOE_INK[p])
                         for p, name in enumerate(state.players)]
        (self.cross,) = axes.plot([], [], marker="X", markersize=self.field_pt * 0.6, color=REFUSED,
                                  markeredgecolor="white", markeredgewidth=1.5, linestyle="none",
                                  zorder=9)
        self._map_text, self._players = board.text, state.players

    # ---- per frame ---------------------------------------------------------------------------------
    def update(self, frame: Any) -> None:
        state: CanyonState = frame.state
        if state.board.text != self._map_text or state.players != self._players:
            self._build(state)
        geo, nan = self.geo, [(float("nan"), float("nan"))]
        places = self._canoe_places(state)
        self.canoes.set_offsets([places.get(p, nan[0]) for p in range(state.seats)])
        for p, text in enumerate(self.initials):
            text.set_visible(p in places)
            if p in places:
                text.set_position(places[p])
        # the last move's path
        path = [geo.xy(f) for f in state.last_path]
        if len(path) >= 2:
            self.path.set_data(*zip(*path))
            self.arrow.set_positions(path[-2], path[-1])
            self.arrow.set_visible(True)
        else:
            self.path.set_data([], [])
            self.arrow.set_visible(False)
        pushed = [places[p] for p in state.pushed if p in places]
        self.pushed.set_offsets(pushed or nan)
        # the legal end fields of the canoe to move
        ends, colour = self._ends(state)
        self.ends.set_offsets(ends or nan)
        self.ends.set_edgecolors(colour)
        # a refused move's target
        target = None
        if frame.refusal is not None and isinstance(frame.move, (Paddle, Launch)):
            field = frame.move.end if isinstance(frame.move, Paddle) else frame.move.dock
            if 0 <= field < len(state.board.kinds):
                target = geo.xy(field)
        self.cross.set_data(*([target[0]], [target[1]]) if target else ([], []))
        marks = []
        for name in (frame.view or CanyonHints()).mark:
            try:
                marks.append(geo.xy(state.board.field(name)))
            except ValueError:
                pass
        self.marks.set_offsets(marks or nan)

    def update_side(self, frame: Any) -> None:
        self.table.value = table_html(self.game, frame.state)

    def side_html(self, frame: Any) -> str:
        table = table_html(self.game, frame.state, css=False)
        return f'<div class="tutor-canyon-table">{table}</div>'

    @property
    def css(self) -> str:
        return _CSS

    def target_at(self, axes, x, y):
        """The name of the field under a click (for free play), e.g. ``"f14"``."""
        for index in range(len(self.geo.board.kinds)):
            fx, fy = self.geo.xy(index)
            if self.geo.shown(index) and abs(fx - x) <= 0.5 and abs(fy - y) <= 0.5:
                return self.geo.board.field_name(index)
        return None

    def _canoe_places(self, state: CanyonState) -> dict[int, tuple[float, float]]:
        places, in_cave = {}, []
        for p, field in enumerate(state.canoes):
            if field == CAVE:
                in_cave.append(p)
            elif field != OFF:
                places[p] = self.geo.xy(field)
        if in_cave and state.board.cave is not None:
            x, y = self.geo.xy(state.board.cave)
            spread = 0.28 if len(in_cave) > 1 else 0.0
            for k, p in enumerate(in_cave):
                places[p] = (x + spread * (k - (len(in_cave) - 1) / 2), y)
        return places

    def _ends(self, state: CanyonState):
        if state.phase == "move":
            p = state.turn
            colour = CANOE_COLOURS[p]
            if must_drift(state, p):  # no plan to search: the current decides
                target = state.board.drift[state.canoes[p]]
                field = state.board.cave if target < 0 else target
                return [self.geo.xy(field)], colour
            return [self.geo.xy(f) for f in self.game.plan(state, p).ends], colour
        if state.phase == "launch":
            free = [d for d in state.board.starts if d not in state.canoes]
            return [self.geo.xy(d) for d in free], CANOE_COLOURS[state.turn]
        return [], "none"


# ---- the card table ---------------------------------------------------------------------------
def _card(card) -> str:
    colour = SUIT_COLOURS.get(card.suit, "#777")
    value = "?" if card.suit == "hidden" else card.value
    return (f'<span class="cy-card" style="background:{colour}" title="{html.escape(str(card))}">'
            f"{value}</span>")


def _counter_html(state: CanyonState) -> str:
    cells = []
    for field, cards in enumerate(COUNTER, start=1):
        classes = ["cy-round"]
        if field == state.counter:
            classes.append("cy-now")
        if state.skip and field in SKIPPED:
            classes.append("cy-skipped")
        elif field in SKIPPED:
            classes.append("cy-dark")
        title = text("canyon.round_title", round=field, cards=cards)
        cells.append(f'<span class="{" ".join(classes)}" title="{title}">'
                     f"<small>{field}</small><b>{cards}</b></span>")
    return "".join(cells)


def table_html(game, state: CanyonState, css: bool = True) -> str:
    """The round counter, trump, tricks, hands and points (with the table's style sheet
    unless ``css`` is False: the step player puts it in the page once)."""
    names = state.players
    trump = _card(state.trump) + f" {state.trump.suit}" if state.trump else "–"
    table = " ".join(f"{html.escape(names[p])} {_card(c)}" for p, c in state.table) or "–"
    last = " ".join(f"{html.escape(names[p])} {_card(c)}" for p, c in state.last_trick)
    if last:
        last += f" → <b>{html.escape(names[state.last_winner])}</b>"
    rows = []
    settled = state.phase in ("move", "over")  # the bonus is known once all tricks are played
    for p, name in enumerate(names):
        tempo = state.tempo_of(p)
        exact = made(tempo, state.tricks[p])
        roles = []
        if p == state.dealer:
            roles.append(text("canyon.dealer"))
        if p == state.start_player:
            roles.append(text("canyon.start"))
        turn = state.phase != "over" and p == state.turn
        canoe = "–" if state.canoes[p] == OFF else field_text(state.board, state.canoes[p])
        points = state.points[p] if state.points else ""
        if state.left_over[p] >= 0:
            points = text("canyon.left_over", points=points, left=state.left_over[p])
        tempo_text = "+".join(map(str, state.tempo[p])) if state.tempo[p] else "–"
        rows.append(
            f'<tr class="{"cy-turn" if turn else ""}">'
            f'<td><span class="cy-canoe" style="background:{CANOE_COLOURS[p]}"></span>'
            f'<b>{html.escape(name)}</b> <small>{" ".join(roles)}</small></td>'
            f'<td class="cy-num">{tempo_text}</td><td class="cy-num">{state.tricks[p]}</td>'
            f'<td class="cy-num">{"+" + str(bonus(tempo)) if exact and settled else "–"}</td>'
            f'<td class="cy-num">{points}</td><td>{canoe}</td>'
            f'<td>{"".join(_card(c) for c in state.hands[p]) or "–"}</td></tr>')
    winner = ""
    if state.phase == "over":
        outcome = game.outcome(state)
        together = text("canyon.and").join(html.escape(names[w]) for w in outcome.winners)
        winner = f"<div class='cy-winner'>{text('canyon.winner', names=together)}</div>"

    def heads(*columns: str) -> str:
        return "".join(f"<th>{text('canyon.col_' + column)}</th>" for column in columns)

    skipped = f"<small>{text('canyon.skipped')}</small>" if state.skip else ""
    last_trick = f"&nbsp; <b>{text('canyon.last_trick')}</b> {last}" if last else ""
    return f"""{_CSS if css else ""}<div class="cy-table">
<div class="cy-line"><b>{text("canyon.counter")}</b> {_counter_html(state)}
{skipped}</div>
<div class="cy-line"><b>{text("canyon.trump")}</b> {trump} &nbsp; <b>{text("canyon.on_table")}</b> {table}
{last_trick}</div>
{winner}
<table class="cy-players"><tr>{heads("player", "tempo", "tricks", "bonus")}
{heads("points", "canoe", "hand")}</tr>{''.join(rows)}</table>
<div class="cy-line cy-bonus"><b>{text("canyon.map")}</b> {text("canyon.map_legend")}</div>
<div class="cy-line cy-bonus"><b>{text("canyon.bonus")}</b> {text("canyon.bonus_legend")} &nbsp; \
{text("canyon.phase", phase=state.phase)}</div></div>"""


_CSS = """<style>
.cy-table { font-size: 17px; line-height: 1.5; }
.cy-line { margin: 4px 0; }
.cy-card { display: inline-block; min-width: 26px; padding: 1px 4px; margin: 1px 2px;
  border-radius: 5px; color: white; font-weight: bold; text-align: center;
  border: 1px solid #222; }
.cy-round { display: inline-flex; flex-direction: column; align-items: center; width: 30px;
  margin: 0 1px; border: 1px solid #bbb; border-radius: 4px; line-height: 1.1; }
.cy-round small { font-size: 11px; color: #666; }
.cy-dark { background: #e4e4e4; }
.cy-skipped { background: #999; color: #eee; text-decoration: line-through; }
.cy-now { background: #ffd400; border: 2px solid #111; }
.cy-players { border-collapse: collapse; margin: 6px 0; }
.cy-players th, .cy-players td { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; }
.cy-players .cy-num { text-align: center; }
.cy-turn { background: #fff6c2; }
.cy-canoe { display: inline-block; width: 16px; height: 16px; border-radius: 50%;
  border: 1.5px solid #111; margin-right: 6px; vertical-align: middle; }
.cy-winner { font-size: 20px; font-weight: bold; color: #1b5e20; }
.cy-bonus { color: #444; }
</style>"""


# ---- free play ----------------------------------------------------------------------------------
def _computer(game, state: CanyonState, rnd):
    """The computer (:mod:`tutor.canyon.computer`) decides from its own seat's view only."""
    from tutor.canyon.computer import choose

    return choose(game, game.observation(state, state.turn))


class CanyonPlay(FreePlay):
    """Canyon on the free-play shell: 3-6 seats, the board seen through the person's eyes,
    a click on the river starts a canoe there (setup) or paddles it there.

    >>> from tutor.canyon import GAME
    >>> play = CanyonPlay(GAME, {"players": ["You", "Ada", "Bob"]}, seed=4)
    >>> play.state.phase, play.seats
    ('launch', ('person', 'computer', 'computer'))
    >>> play.click("f2")  # not a start dock: refused with its rule, nothing changes
    >>> play.refusal.rule_id.startswith("canyon.setup"), play.match.moves
    (True, [])
    """

    def __init__(self, game, options=None, seats=None, seed: int = 0):
        super().__init__(game, options, seats, seed, computers={"computer": _computer},
                         observe=True)

    def moves_for_click(self, state: CanyonState, target: str) -> list:
        try:
            field = state.board.field(target)
        except ValueError:
            return []
        if state.phase == "launch":
            return [Launch(state.turn, field)]
        if state.phase == "move":
            return [Paddle(state.turn, field)]
        return []

    def describe(self, before: CanyonState, move, after: CanyonState) -> str:
        words = self.game.move_text(before, move)  # the text names the player already
        if before.phase == "tricks" and after.last_trick and len(before.table) == before.seats - 1:
            return say("canyon.trick", move=words, player=before.players[after.last_winner])
        return words


def play_app(players=("You", "Computer 1", "Computer 2", "Computer 3"), computer=(1, 2, 3),
             seed: int | None = None, **options) -> widgets.Widget:
    """A game of Canyon as one widget, e.g. ``play_app()`` (you against three computers) or
    ``play_app(("Anne", "Carl", "Marc"), computer=(), map="short")`` (three people).
    Wrong options raise BadOption (``widgets.app.play_app`` shows it as a message)."""
    from tutor.canyon import GAME

    players = [players] if isinstance(players, str) else list(players)
    try:
        computer = {int(seat) for seat in computer}
    except (TypeError, ValueError):
        raise BadOption(f"computer must list seat numbers, not {computer!r}",
                        where="computer") from None
    if not computer <= set(range(len(players))):
        raise BadOption(f"computer seats must be among 0..{len(players) - 1}, not "
                        f"{sorted(computer)}", where="computer")
    seats = tuple("computer" if p in computer else "person" for p in range(len(players)))
    seed = random.randrange(10 ** 6) if seed is None else seed
    play = CanyonPlay(GAME, {**options, "players": players}, seats, seed)
    return FreePlayApp(play, CanyonView, player_counts=range(3, 7)).widget


VIEW = CanyonView
