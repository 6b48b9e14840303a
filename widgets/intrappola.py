"""The InTrappola board view: the picture grid drawn with matplotlib, the players beside it.

The board (one figure, artists made once per table size, updated per frame):

* the picture, a scene of our own drawn by code (one per picture: a mountain lake, a
  sailing boat, a night town, an apple tree), cut into 16 pieces: a card on the table shows
  its piece, so the picture grows as the game goes on and is recognisable once complete;
* every place's number; an empty place shows its number and its points (1, 2 or 4);
* the trap of the frame: its cards outlined in blue (dashed when they went back to the
  hand after a miss), the prey outlined in orange, each closed side of the prey marked by a
  green bar - the picture's edge, a table card or a card just played; a refused trap shows
  its open side as a red bar;
* the knowledge overlay, switched on with the buttons under the board (or by a step's
  ``view = { overlay = "Anna" }``): each empty place tinted and labelled with the chance,
  for that player, that its card is in the other hand ("theirs" when seen there, "deck"
  when seen put under it, "yours" for their own cards).

Beside the board (HTML): each player's hand (this view shows both hands and says so),
score and caught prey; the deck; what the last turn did (A1-A4 or B1-B5 in words); a legend.

A step may also ring places: ``view = { highlight = ["6", "7"] }``.
"""
from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as widgets
import numpy as np
from matplotlib.patches import Rectangle

from tutor.core.walkthrough import Frame
from tutor.intrappola import GAME
from tutor.intrappola.cards import (COLUMNS, ROWS, all_cards, card_at, card_name, cards_text, place,
                                    points, read_card, sides)
from tutor.intrappola.hunter import choose
from tutor.intrappola.knowledge import DECK, THEIRS, UNSEEN, YOURS, whereabouts
from tutor.intrappola.state import Trap
from tutor.intrappola.turns import end_reason, scores

from .board import BoardView
from .freeplay import PERSON, FreePlay, FreePlayApp, say
from .texts import text

PIXELS = 320  # per picture side: 80 per piece, sharp enough on a projector
EMPTY, GRID, PREY, TRAP, CLOSED, OPEN, MARK = ("#f1eee6", "#8c8577", "#ff8f00", "#1e56d6",
                                               "#2e9d3a", "#d32f2f", "#ffd400")
POINT_COLOURS = {1: "#d8d3c4", 2: "#b9d7ee", 4: "#f6c7a0"}
SCENES = tuple(text(f"intrappola.scene_{n}") for n in range(4))  # the pictures' names


# ---- the pictures -------------------------------------------------------------------------------
def picture(index: int, size: int = PIXELS) -> np.ndarray:
    """Scene ``index`` (0-3) as an RGB array of floats, ``size`` pixels square.

    >>> picture(0, 40).shape
    (40, 40, 3)
    """
    y, x = np.mgrid[0:size, 0:size] / size  # y grows downwards, like the table's rows
    img = np.zeros((size, size, 3))

    def paint(mask, colour):
        img[mask] = np.array(colour) / 255.0

    def disc(cx, cy, r):
        return (x - cx) ** 2 + (y - cy) ** 2 < r ** 2

    def sky(top, bottom, horizon):
        t = np.clip(y / horizon, 0, 1)[..., None]
        img[:] = (np.array(top) * (1 - t) + np.array(bottom) * t) / 255.0

    scene = index % len(SCENES)
    if scene == 0:  # a mountain lake: sun, snowy peaks, green shore, a red house, the lake
        sky((70, 140, 225), (200, 230, 250), 0.55)
        paint(disc(0.8, 0.16, 0.09), (255, 214, 60))
        peak1 = y > 0.2 + 1.4 * np.abs(x - 0.3)
        peak2 = y > 0.28 + 1.2 * np.abs(x - 0.68)
        paint(peak1 | peak2, (110, 110, 125))
        paint((peak1 & (y < 0.3)) | (peak2 & (y < 0.37)), (250, 250, 255))
        paint(y > 0.52 + 0.05 * np.sin(x * 9), (80, 160, 70))
        paint((y > 0.68) & (y < 0.9 - 0.1 * x), (40, 110, 190))
        paint((y > 0.68) & (y >= 0.9 - 0.1 * x), (60, 140, 60))
        paint((np.abs(x - 0.2) < 0.08) & (y > 0.5) & (y < 0.6), (200, 50, 40))
        paint((y > 0.42 + np.abs(x - 0.2)) & (y <= 0.5), (120, 40, 30))
        paint((np.abs(x - 0.2) < 0.02) & (y > 0.55) & (y < 0.6), (70, 40, 20))
        paint((np.abs(x - 0.62) < 0.015) & (y > 0.74) & (y < 0.8), (120, 70, 40))
        paint((y > 0.62 + 1.8 * np.abs(x - 0.62)) & (y < 0.75), (30, 100, 40))
    elif scene == 1:  # a sailing boat on the sea, a gull, a lighthouse
        sky((120, 190, 240), (230, 245, 255), 0.6)
        paint(disc(0.15, 0.15, 0.08), (255, 236, 120))
        sea = y > 0.6
        img[sea] = (np.array([30, 110, 170]) * (1 - (y[sea, None] - 0.6) / 0.4) +
                    np.array([10, 60, 120]) * ((y[sea, None] - 0.6) / 0.4)) / 255.0
        paint(sea & (np.abs(((y - 0.6) * 22) % 1 - 0.5) < 0.07) & (np.sin(x * 30 + y * 60) > 0.2),
              (170, 210, 240))
        paint((y > 0.55) & (y < 0.68) & (x > 0.3 + (y - 0.55)) & (x < 0.78 - (y - 0.55)), (150, 60, 30))
        paint((np.abs(x - 0.53) < 0.01) & (y > 0.12) & (y < 0.56), (80, 50, 30))
        paint((x > 0.55) & (y < 0.53) & (y > 0.14 + 0.9 * (x - 0.55)) & (x < 0.78), (250, 250, 245))
        paint((x < 0.51) & (x > 0.33) & (y < 0.53) & (y > 0.2 + 1.5 * (0.51 - x)), (230, 70, 60))
        paint((np.abs(x - 0.9) < 0.035) & (y > 0.3) & (y < 0.62), (245, 245, 245))
        paint((np.abs(x - 0.9) < 0.035) & (((y > 0.38) & (y < 0.43)) | ((y > 0.5) & (y < 0.55))), (210, 40, 40))
        paint((np.abs(x - 0.9) < 0.045) & (y > 0.25) & (y < 0.3), (255, 210, 60))
        gull = (np.abs(y - 0.3 - 0.6 * np.abs(x - 0.75)) < 0.008) & (np.abs(x - 0.75) < 0.05)
        paint(gull, (40, 40, 50))
    elif scene == 2:  # a town at night: moon, stars, roofs, lit windows
        sky((10, 15, 50), (40, 50, 110), 0.8)
        paint((np.sin(x * 97) * np.sin(y * 131) > 0.985) & (y < 0.55), (255, 255, 220))
        paint(disc(0.75, 0.2, 0.1), (245, 240, 200))
        paint(disc(0.71, 0.17, 0.09), (25, 30, 75))
        heights = [0.5, 0.42, 0.58, 0.35, 0.48, 0.62, 0.4, 0.52]
        for i, h in enumerate(heights):
            house = (x >= i / 8) & (x < (i + 1) / 8 - 0.01) & (y > h)
            paint(house, (30 + 12 * (i % 3), 30, 45 + 10 * (i % 2)))
            lit = house & (np.sin((x - i / 8) * 100) > 0.6) & (np.sin(y * 70) > 0.7) & (y < 0.9)
            paint(lit, (255, 210, 90))
        paint(y > 0.92, (50, 50, 60))
    else:  # an apple tree on a hill
        sky((130, 200, 250), (220, 240, 255), 0.7)
        paint(disc(0.2, 0.2, 0.1), (255, 225, 80))
        paint(y > 0.75 - 0.15 * np.cos((x - 0.5) * 3), (90, 170, 70))
        paint((np.abs(x - 0.5) < 0.06) & (y > 0.45) & (y < 0.8), (110, 70, 40))
        crown = disc(0.5, 0.35, 0.25) | disc(0.33, 0.45, 0.15) | disc(0.67, 0.45, 0.15)
        paint(crown, (40, 130, 50))
        for ax, ay in ((0.4, 0.3), (0.6, 0.28), (0.5, 0.45), (0.3, 0.48), (0.7, 0.5), (0.55, 0.2)):
            paint(disc(ax, ay, 0.03), (220, 30, 40))
    return img


# ---- the view --------------------------------------------------------------------------------
class InTrappolaView(BoardView):
    """The picture grid with the cards on the table, the trap, the overlay; players beside."""

    figsize = (6.4, 6.6)
    #: in free play, the learner's seat: the panel then shows only that hand
    seat: int | None = None

    def __init__(self, game: Any):
        self.pictures = 0
        super().__init__(game)
        self.players = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.players.add_class("tutor-players")
        self.legend = widgets.HTML(_legend_html())
        self.overlay_choice = widgets.ToggleButtons(
            options=[(text("intrappola.overlay_off"), "")], value="",
            description=text("intrappola.overlay"), tooltips=[text("intrappola.overlay_tip")])
        self.overlay_choice.observe(lambda _: self.redraw(), names="value")
        self.board.layout = widgets.Layout(flex="2 1 460px", min_width="360px", max_width="900px")
        left = widgets.VBox([self.board, self.overlay_choice],
                            layout=widgets.Layout(flex="2 1 460px", min_width="360px"))
        side = widgets.VBox([self.players, self.legend],
                            layout=widgets.Layout(flex="1 1 280px", min_width="260px",
                                                  padding="0 0 0 10px"))
        self._widget = widgets.HBox([left, side],
                                    layout=widgets.Layout(flex_flow="row wrap", width="100%",
                                                          align_items="flex-start"))

    board_style = "flex: 2 1 460px; min-width: 360px; max-width: 900px"
    side_style = "flex: 1 1 280px; min-width: 260px; padding: 0 0 0 10px"

    @property
    def widget(self) -> widgets.Widget:
        return self._widget

    @property
    def controls(self) -> tuple[widgets.Widget, ...]:
        return (self.overlay_choice,)

    @property
    def css(self) -> str:
        return _PANEL_CSS

    def side_html(self, frame: Any) -> str:
        players = players_html(self.game, frame.state, self._watcher(frame), self.seat, css=False)
        return f'<div class="tutor-players">{players}</div>{_legend_html(css=False)}'

    def update_side(self, frame: Any) -> None:
        self.players.value = players_html(self.game, frame.state, self._watcher(frame), self.seat)

    def _watcher(self, frame: Any) -> str:
        """Whose knowledge the overlay shows: the walkthrough's hint, else the learner's choice."""
        hint = frame.view.overlay if frame.view else None
        return hint if hint in self._watchers(frame.state) else self.overlay_choice.value

    def _watchers(self, state) -> tuple[str, ...]:
        """Whose knowledge may be shown: anyone's in a walkthrough, one's own in free play."""
        names = state.players
        return names if self.seat is None else names[self.seat:self.seat + 1]

    # ---- made once per table size ---------------------------------------------------------------
    def draw(self, figure) -> None:
        """Nothing yet: the grid's width depends on the number of pictures of the first frame."""

    def _build(self, pictures: int) -> None:
        figure = self.figure
        figure.clear()
        self.pictures = pictures
        width = COLUMNS * pictures
        caption = 0.35 if pictures > 1 else 0.0
        figure.set_size_inches(1.6 * width, 1.6 * (ROWS + caption) + 0.15)
        axes = self.axes_filling(figure, xlim=(-0.06, width + 0.06), ylim=(ROWS + caption + 0.04, -0.06))
        self.axes = axes
        axes.add_patch(Rectangle((0, 0), width, ROWS, facecolor=EMPTY, edgecolor=GRID, linewidth=3))
        self.images = []
        for p in range(pictures):
            rgba = np.ones((PIXELS, PIXELS, 4))
            rgba[..., :3] = picture(p)
            self.images.append((rgba, axes.imshow(rgba, extent=(p * COLUMNS, (p + 1) * COLUMNS, ROWS, 0),
                                                  interpolation="bilinear", zorder=1)))
            if pictures > 1:
                axes.text(p * COLUMNS + COLUMNS / 2, ROWS + 0.17,
                          text("intrappola.caption", letter="ABCD"[p], scene=SCENES[p]),
                          ha="center", va="center", fontsize=13, color="#333")
        self.cells, self.labels, self.tints, self.rings = {}, {}, {}, {}
        for card in all_cards(pictures):
            row, col = place(card)
            tint = Rectangle((col, row), 1, 1, facecolor="none", linewidth=0, zorder=2)
            cell = Rectangle((col + 0.02, row + 0.02), 0.96, 0.96, facecolor="none",
                             edgecolor=GRID, linewidth=1, zorder=3)
            ring = Rectangle((col + 0.05, row + 0.05), 0.9, 0.9, facecolor="none", edgecolor=MARK,
                             linewidth=6, zorder=7, visible=False)
            for patch in (tint, cell, ring):
                axes.add_patch(patch)
            self.tints[card], self.cells[card], self.rings[card] = tint, cell, ring
            self.labels[card] = axes.text(col + 0.5, row + 0.5, "", ha="center", va="center",
                                          fontsize=15, color="#333", zorder=6, linespacing=1.1)
        for p in range(1, pictures):  # where two pictures meet (not an edge)
            axes.plot([p * COLUMNS] * 2, [0, ROWS], color="#555", linewidth=1.5, linestyle=":", zorder=4)
        self.bars = axes.plot([], [], color=CLOSED, linewidth=8, solid_capstyle="butt", zorder=5)[0]
        self.open_bars = axes.plot([], [], color=OPEN, linewidth=8, solid_capstyle="butt", zorder=5)[0]

    # ---- per frame ---------------------------------------------------------------------------------
    def update(self, frame: Any) -> None:
        state = frame.state
        if state.pictures != self.pictures:
            self._build(state.pictures)
        names = state.players
        options = [(text("intrappola.overlay_off"), "")] + [(n, n) for n in self._watchers(state)]
        if list(self.overlay_choice.options) != options:
            self.overlay_choice.options = options
        watcher = self._watcher(frame)
        overlay = whereabouts(state, names.index(watcher)) if watcher else {}
        on_table = set(state.table)
        trap, shown_cards, refused = self._trap_of(frame)
        for p, (rgba, image) in enumerate(self.images):
            alpha = np.zeros((ROWS, COLUMNS))
            for card in on_table:
                if card // 16 == p:
                    row, col = place(card)
                    alpha[row, col - p * COLUMNS] = 1.0
            for card in shown_cards:  # trap cards taken back: shown faintly where they were
                if card // 16 == p and card not in on_table:
                    row, col = place(card)
                    alpha[row, col - p * COLUMNS] = 0.35
            step = PIXELS // ROWS
            rgba[..., 3] = np.kron(alpha, np.ones((step, step)))
            image.set_data(rgba)
        for card in all_cards(self.pictures):
            self._show_place(card, state, card in on_table, overlay.get(card))
        for card in shown_cards:
            cell = self.cells[card]
            cell.set_edgecolor(TRAP)
            cell.set_linewidth(4)
            cell.set_linestyle("--" if card not in on_table else "-")
        prey = trap.prey if trap else ()
        for card in prey:
            self.cells[card].set_edgecolor(OPEN if refused else PREY)
            self.cells[card].set_linewidth(5)
            self.cells[card].set_linestyle("-")
        closed, open_ = self._sides(frame, trap, refused)
        self.bars.set_data(*closed)
        self.open_bars.set_data(*open_)
        marked = set()
        for name in (frame.view.highlight if frame.view else ()):
            try:
                marked.add(read_card(str(name), self.pictures))
            except ValueError:
                continue  # a hint naming no place is ignored, never an error for the learner
        for card, ring in self.rings.items():
            ring.set_visible(card in marked)

    def _show_place(self, card: int, state, on_table: bool, where) -> None:
        cell, label, tint = self.cells[card], self.labels[card], self.tints[card]
        cell.set_edgecolor(GRID)
        cell.set_linewidth(1)
        cell.set_linestyle("-")
        name = card_name(card, self.pictures)
        if on_table:
            tint.set_facecolor("none")
            label.set_text(name)
            label.set_position((place(card)[1] + 0.16, place(card)[0] + 0.17))
            label.set_fontsize(11)
            label.set_bbox({"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.8,
                            "linewidth": 0})
            return
        label.set_position((place(card)[1] + 0.5, place(card)[0] + 0.5))
        label.set_fontsize(15)
        label.set_bbox(None)
        if where is None:
            tint.set_facecolor(POINT_COLOURS[points(card, self.pictures)])
            tint.set_alpha(0.55)
            label.set_text(f"{name}\n{text('intrappola.points', points=points(card, self.pictures))}")
            return
        tint.set_facecolor(_chance_colour(where))
        tint.set_alpha(0.9)
        label.set_text(f"{name}\n{_where_text(where)}")

    @staticmethod
    def _trap_of(frame):
        """The trap the frame is about (played, or refused), its cards, whether refused."""
        move = frame.move
        if not isinstance(move, Trap):
            return None, (), False
        return move, move.cards, frame.refusal is not None

    def _sides(self, frame, trap, refused):
        """Segments of the prey's closed sides and (for a refused trap) its open sides."""
        closed_x, closed_y, open_x, open_y = [], [], [], []
        if trap is None:
            return (closed_x, closed_y), (open_x, open_y)
        before = frame.before if frame.before is not None else frame.state
        shut = set(before.table) | set(trap.cards)
        for prey in trap.prey:
            row, col = place(prey)
            for side, other in sides(prey, self.pictures):
                if other in trap.prey:
                    continue
                (x0, y0), (x1, y1) = _side_segment(row, col, side)
                xs, ys = (closed_x, closed_y) if other is None or other in shut else (open_x, open_y)
                xs += [x0, x1, np.nan]
                ys += [y0, y1, np.nan]
        return (closed_x, closed_y), (open_x, open_y)

    def target_at(self, axes, x, y):
        """The card name of the place under a click (for free play), e.g. ``"6"``."""
        col, row = int(np.floor(x)), int(np.floor(y))
        if 0 <= row < ROWS and 0 <= col < COLUMNS * self.pictures:
            return card_name(card_at(row, col), self.pictures)
        return None


def _side_segment(row: int, col: int, side: str):
    inset = 0.17
    return {
        "above": ((col + inset, row + inset), (col + 1 - inset, row + inset)),
        "below": ((col + inset, row + 1 - inset), (col + 1 - inset, row + 1 - inset)),
        "left": ((col + inset, row + inset), (col + inset, row + 1 - inset)),
        "right": ((col + 1 - inset, row + inset), (col + 1 - inset, row + 1 - inset)),
    }[side]


def _chance_colour(where) -> str:
    if where.where == THEIRS:
        return "#ff9e80"
    if where.where in (YOURS, DECK):
        return "#d9d9d9"
    share = float(where.chance)  # unseen: from pale to strong orange
    r, g, b = 255, int(243 - 120 * share), int(224 - 170 * share)
    return f"#{r:02x}{g:02x}{b:02x}"


def _where_text(where) -> str:
    if where.where == UNSEEN:
        return str(where.chance)
    return text("intrappola.where_" + {THEIRS: "theirs", DECK: "deck", YOURS: "yours"}[where.where])


# ---- beside the board ---------------------------------------------------------------------------
def _chips(cards, pictures: int) -> str:
    if not cards:
        return f'<span class="it-note">{text("intrappola.none")}</span>'
    return " ".join(
        f'<span class="it-card" style="background:{POINT_COLOURS[points(c, pictures)]}">'
        f"{card_name(c, pictures)}</span>" for c in sorted(cards))


def last_turn_html(game, state) -> str:
    """What the last turn did, in the rulebook's steps."""
    last = state.last
    if last is None:
        return ""
    P = state.pictures
    who = html.escape(state.players[last.hunter])
    other = html.escape(state.players[1 - last.hunter])
    name = lambda cards: cards_text(cards, P)  # noqa: E731
    if last.kind == "caught":
        said = text("intrappola.last_caught", who=who, prey=name(last.prey), cards=name(last.cards),
                    points=last.points,
                    then=text("intrappola.drew" if last.drawn is not None else "intrappola.deck_was_empty"))
    elif last.kind == "missed":
        nothing = text("intrappola.none")
        said = text("intrappola.last_missed", who=who, other=other, prey=name(last.prey),
                    cards=name(last.cards), own=name(last.shown[last.hunter]) or nothing,
                    theirs=name(last.shown[1 - last.hunter]) or nothing,
                    gained=(text("intrappola.gained", other=other) if last.gained is not None else ""),
                    placed=(text("intrappola.placed", card=name([last.placed]))
                            if last.placed is not None else ""))
    else:  # discard, pass
        said = text(f"intrappola.last_{last.kind}", who=who)
    return f'<div class="it-last">{text("intrappola.last_turn", said=said)}</div>'


def players_html(game, state, watcher: str = "", seat: int | None = None, css: bool = True) -> str:
    """Scores, caught prey, the deck and the hands: both hands in a walkthrough (the
    teacher's view, and it says so), only ``seat``'s own hand in free play (with the panel's
    style sheet unless ``css`` is False: the step player puts it in the page once)."""
    totals = scores(state)
    over = end_reason(state)
    out = [_PANEL_CSS if css else ""]
    if seat is None:
        out.append(f'<div class="it-note">{text("intrappola.note_walkthrough")}</div>')
    else:
        out.append(f'<div class="it-note">{text("intrappola.note_seat")}</div>')
    for player, name in enumerate(state.players):
        hunting = player == state.turn and not over
        hidden = seat is not None and player != seat
        hand = (text("intrappola.hidden_hand", count=len(state.hands[player])) if hidden
                else _chips(state.hands[player], state.pictures))
        out.append(
            f'<div class="it-player{" it-turn" if hunting else ""}">'
            f'<div class="it-name">{text("intrappola.on_turn") if hunting else ""}{html.escape(name)}'
            f'{text("intrappola.hunter") if hunting else ""}'
            f'<span class="it-score">{text("intrappola.score", points=totals[player])}</span></div>'
            f'<div>{text("intrappola.hand", cards=hand)}</div>'
            f'<div>{text("intrappola.caught", cards=_chips(state.caught[player], state.pictures))}'
            "</div></div>")
    deck = text("intrappola.deck_one" if len(state.deck) == 1 else "intrappola.deck_many",
                count=len(state.deck))
    out.append(f'<div class="it-deck">{deck}{text("intrappola.deck_empty") if not state.deck else ""}'
               "</div>")
    out.append(last_turn_html(game, state))
    if over:
        best = [n for n, t in zip(state.players, totals) if t == max(totals)]
        result = (text("intrappola.wins", name=html.escape(best[0])) if len(best) == 1
                  else text("intrappola.draw"))
        out.append(f'<div class="it-last">{text("intrappola.game_over", result=result)}</div>')
    if watcher:
        out.append(f'<div class="it-note">{text("intrappola.overlay_note", watcher=html.escape(watcher))}'
                   "</div>")
    return "".join(out)


def _legend_html(css: bool = True) -> str:
    swatch = '<span class="it-card" style="background:{}">{}</span>'
    return ((_PANEL_CSS if css else "") + '<div class="it-legend">'
            + " ".join(swatch.format(POINT_COLOURS[p], text("intrappola.points", points=p))
                       for p in (1, 2, 4))
            + f' {text("intrappola.legend_points")}<br>'
            + " ".join(f'<span class="it-bar" style="background:{colour}"></span> '
                       f'{text(f"intrappola.legend_{key}")}'
                       for colour, key in ((PREY, "prey"), (TRAP, "trap"), (CLOSED, "closed"),
                                           (OPEN, "open"), (MARK, "mark")))
            + "</div>")


_PANEL_CSS = """<style>
.it-player { border: 1px solid #ccd; border-radius: 6px; padding: 4px 8px; margin: 0 0 6px 0;
             font-size: 17px; line-height: 1.6; }
.it-turn { border: 3px solid #333; background: #fffdf3; }
.it-name { font-weight: bold; font-size: 19px; }
.it-score { float: right; font-weight: bold; }
.it-card { display: inline-block; min-width: 26px; text-align: center; border-radius: 4px;
           font-weight: bold; border: 1px solid #555; padding: 0 3px; }
.it-note { color: #555; font-size: 15px; margin: 2px 0 6px 0; }
.it-deck, .it-last { font-size: 16px; margin: 4px 0; }
.it-legend { font-size: 15px; line-height: 2; color: #333; margin-top: 6px; }
.it-bar { display: inline-block; width: 24px; height: 8px; vertical-align: middle; margin-left: 6px; }
</style>"""

# ---- free play against the computer -----------------------------------------------------------
def _hunter(game, state, rnd):
    """The computer hunter (:mod:`tutor.intrappola.hunter`) decides from its observation."""
    return choose(game.observation(state, state.turn))


class InTrappolaPlay(FreePlay):
    """InTrappola on the free-play shell: you against the computer hunter.

    The person's view hides the other hand: the board view is told whose seat it shows
    (:class:`InTrappolaApp`), as a player's observation is not a table to draw. A click on an
    empty place offers the traps that hunt it. A discard by a seat that is not the only
    person is logged without its card.

    >>> play = InTrappolaPlay(GAME, {"players": ["You", "Computer"]}, seed=3)
    >>> play.play_text("pass")  # with a full deck and traps to set, passing is refused
    False
    >>> play.refusal.rule_id
    'intrappola.pass'
    """

    def __init__(self, game, options=None, seats=None, seed: int = 0):
        super().__init__(game, options, seats, seed, computers={"computer": _hunter}, observe=True)

    def seen(self, state, seat):
        return state

    def moves_for_click(self, state, target: str) -> list:
        """A click on an empty place: the legal traps with that place as (part of) the prey."""
        try:
            card = read_card(target, state.pictures)
        except ValueError:
            return []
        return [m for m in self.game.legal_moves(state) if isinstance(m, Trap) and card in m.prey]

    def describe(self, before, move, after) -> str:
        last, who = after.last, before.players[before.turn]
        words = self.game.move_text(before, move)
        if isinstance(move, Trap):
            result = (say("intrappola.caught", points=last.points) if last.kind == "caught"
                      else say("intrappola.missed"))
            words = say("intrappola.trap", move=words, result=result)
        elif not (self.seats[before.turn] == PERSON and self.seats.count(PERSON) == 1):
            words = say(f"intrappola.{last.kind}")
        return say("played", player=who, move=words)


class InTrappolaApp(FreePlayApp):
    """The shell's app, with the view showing only the viewer's hand and knowledge."""

    def frame(self) -> Frame:
        self.view.seat = self.play.viewer()
        return super().frame()


def play_app(pictures: int = 1, seed: int | None = None) -> widgets.Widget:
    """A game against the computer, as one widget (for a notebook). Wrong options raise
    BadOption (``widgets.app.play_app`` shows it as a message)."""
    seed = random.randrange(10 ** 6) if seed is None else seed
    play = InTrappolaPlay(GAME, {"pictures": pictures, "players": ["You", "Computer"]}, seed=seed)
    return InTrappolaApp(play, InTrappolaView).widget


VIEW = InTrappolaView
