"""The Trapper board view: the 8x8 board drawn with matplotlib, the players beside it.

The board (one figure, artists made once, updated per frame):

* face-down tiles dark brown; face-up tiles tinted by what they are (species colour for
  animals and canoes, green for herbs, red-brown for mushrooms) with a short label
  (``bear`` / ``4``; a canoe: ``3 bears`` above a boat that says "canoe");
* the water side of every face-up tile as a light-blue bar along that side;
* the four trappers as large discs in their colours (green, blue, beige, purple);
* the last take as an arrow from a dashed ring (trapper's colour) where it stood;
  a refused take as a red frame with a cross;
* the legal targets as dots in the colour of the trapper that can take them (each colour
  has its own corner of the tile).

Beside the board (HTML, cheap to repaint and sharp on a projector): per player their hand
by colour, money, display (rows apart from singles and bare canoes, sold canoes) and bonus
tiles; the draw and discard piles; the bonus tiles left; a legend.

A walkthrough step may steer the view with ``view = {...}``:

* ``targets = "green"`` (or a list of colours, or ``"none"``): whose legal targets to dot.
  By default: the trapper moved this turn, else every trapper;
* ``mark = ["c5", "d6"]``: squares to ring, to point at what the narration talks about.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
from matplotlib.collections import PathCollection
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle
from matplotlib.path import Path

from tutor.trapper import TrapperHints
from tutor.trapper.moves import Take
from tutor.trapper.state import HIDDEN, TrapperState
from tutor.trapper.tiles import (CANOE, COLOURS, FILES, HERB, MUSHROOM, PLURAL, SPECIES, TILES,
                                 square_index)

from .board import BoardView
from .texts import text

TRAPPER_COLOURS = {"green": "#2e9d3a", "blue": "#2249b8", "beige": "#e3c58f",
                   "purple": "#7b2fa8"}
SPECIES_COLOURS = {"mink": "#c9b6e4", "lynx": "#ffcf8a", "elk": "#b8dca0",
                   "bear": "#d2a77c", "wolf": "#c5ccd3", "salmon": "#ffb3a7"}
KIND_COLOURS = {HERB: "#9ed99e", MUSHROOM: "#e8b2a0"}
BOAT_COLOURS = {"mink": "#7e57c2", "lynx": "#ef8f00", "elk": "#558b2f",
                "bear": "#8d5a2b", "wolf": "#607d8b", "salmon": "#e0604c"}
FACE_DOWN, BOARD, WATER, MARK, REFUSED = "#5b4636", "#e6e9ee", "#24b8f0", "#ffd400", "#d32f2f"

#: The ink that reads on each trapper colour (cards, card buttons).
INK = {"green": "white", "blue": "white", "beige": "#222", "purple": "white"}
TILE_EDGE = "#3e2f24"
#: Rectangles as (dx, dy, width, height) from a square's centre: a tile's face, and its
#: water edge on each side (a bar _WATER_BAR thick along that side).
_FACE = (-0.46, -0.46, 0.92, 0.92)
_WATER_BAR = 0.13
_WATER = {"N": (-0.46, 0.46 - _WATER_BAR, 0.92, _WATER_BAR),
          "S": (-0.46, -0.46, 0.92, _WATER_BAR),
          "E": (0.46 - _WATER_BAR, -0.46, _WATER_BAR, 0.92),
          "W": (-0.46, -0.46, _WATER_BAR, 0.92)}


#: A canoe's boat: a trapezoid in the lower half of its tile (offsets from the centre).
_BOAT = ((-0.36, -0.07), (0.36, -0.07), (0.2, -0.34), (-0.2, -0.34))


def _rect(x, y, dx, dy, width, height) -> list[tuple[float, float]]:
    """The corners of a rectangle placed relative to the centre (x, y)."""
    left, bottom = x + dx, y + dy
    return [(left, bottom), (left + width, bottom), (left + width, bottom + height),
            (left, bottom + height)]


def _compound(polygons) -> Path:
    """One path made of several closed polygons: drawn as ONE SVG element, which the
    browser parses and paints faster than one element per polygon.

    >>> path = _compound([_rect(0, 0, *_FACE), _rect(1, 0, *_FACE)])
    >>> len(path.vertices), list(path.codes[:5]) == [1, 2, 2, 2, 79]
    (10, True)
    """
    vertices, codes = [], []
    for corners in polygons:
        vertices += [*corners, corners[0]]
        codes += [Path.MOVETO] + [Path.LINETO] * (len(corners) - 1) + [Path.CLOSEPOLY]
    return Path(vertices or [(0.0, 0.0)], codes or [Path.MOVETO])


def _grouped(polygons: dict[str, list]) -> tuple[list[Path], list[str]]:
    """Polygons by fill colour as one compound path per colour (and the colours)."""
    return [_compound(p) for p in polygons.values()] or [_compound([])], \
        list(polygons) or ["none"]


class TextPool:
    """Text artists made as needed and reused: a frame shows a few dozen labels, so the
    figure holds only as many texts as the busiest frame needed (hidden ones cost nothing)."""

    def __init__(self, axes, **style):
        self.axes, self.style, self.items = axes, style, []

    def show(self, entries) -> None:
        """Show ``(x, y, text, fontsize)`` entries; hide the texts left over."""
        while len(self.items) < len(entries):
            self.items.append(self.axes.text(0, 0, "", ha="center", va="center", **self.style))
        for item, (x, y, words, size) in zip(self.items, entries):
            item.set_position((x, y))
            item.set_text(words)
            item.set_fontsize(size)
            item.set_visible(True)
        for item in self.items[len(entries):]:
            item.set_visible(False)

    def shown(self) -> list[str]:
        return sorted(t.get_text() for t in self.items if t.get_visible())


#: Where each trapper colour puts its target dot inside a tile (dx, dy from the centre).
_DOT = {0: (-0.35, 0.35), 1: (0.35, 0.35), 2: (-0.35, -0.35), 3: (0.35, -0.35)}


def _xy(square: int) -> tuple[int, int]:
    """Centre of a square in data units: file to the right, rank up (rank 8 is north)."""
    return square % 8, square // 8


def tile_label(tile: int) -> str:
    """The short label a face-up tile shows (a canoe also shows a boat saying "canoe").

    >>> [tile_label(t) for t in (11, 18 + 6 * 3 + 5, 63)]
    ['3 bears', 'bear\\n4', 'mushroom\\n5']
    """
    info = TILES[tile]
    if info.kind == CANOE:
        return f"{info.value} {info.species if info.value == 1 else PLURAL[info.species]}"
    return f"{info.species or info.kind}\n{info.value}"


def tile_colour(tile: int) -> str:
    info = TILES[tile]
    return SPECIES_COLOURS[info.species] if info.species else KIND_COLOURS[info.kind]


class TrapperView(BoardView):
    """The Trapper board with the players' hands, displays, money and bonus tiles beside it."""

    figsize = (6.4, 6.4)
    keeps_frames = True
    board_style = "flex: 2 1 460px; min-width: 360px; max-width: 760px"
    side_style = "flex: 1 1 280px; min-width: 260px; padding: 0 0 0 10px"

    def __init__(self, game: Any):
        super().__init__(game)
        self.players = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.players.add_class("tutor-players")
        self.legend = widgets.HTML(_legend_html())
        self.board.layout = widgets.Layout(flex="2 1 460px", min_width="360px", max_width="760px")
        side = widgets.VBox([self.players, self.legend],
                            layout=widgets.Layout(flex="1 1 280px", min_width="260px",
                                                  padding="0 0 0 10px"))
        self._widget = widgets.HBox([self.board, side],
                                    layout=widgets.Layout(flex_flow="row wrap", width="100%",
                                                          align_items="flex-start"))

    @property
    def widget(self) -> widgets.Widget:
        return self._widget

    # ---- made once ---------------------------------------------------------------------------
    def draw(self, figure) -> None:
        axes = self.axes_filling(figure, xlim=(-0.9, 7.6), ylim=(-0.9, 7.6))
        axes.add_patch(Rectangle((-0.55, -0.55), 8.1, 8.1, facecolor=BOARD, edgecolor="#9aa4b1"))
        self.axes = axes
        # the tiles as three collections of one compound path per colour (one SVG element
        # per colour: all face-down tiles are one path): faces, the water edges of face-up
        # tiles, and the boats on canoes
        self.faces = PathCollection([], linewidths=1.2, edgecolors=TILE_EDGE)
        self.waters = PathCollection([], facecolors=WATER, linewidths=0)
        self.boats = PathCollection([], linewidths=0)
        for collection in (self.faces, self.waters, self.boats):
            axes.add_collection(collection)
        #: the fill each square shows in the frame drawn last ("none": no tile there)
        self.face_colours: list[str] = ["none"] * 64
        self.labels = TextPool(axes, fontweight="bold", color="#222", linespacing=1.05,
                               clip_on=False)
        self.boat_words = TextPool(axes, fontsize=8.5, fontweight="bold", color="white",
                                   clip_on=False)
        for i, letter in enumerate(FILES):  # coordinates: move texts name squares ("take c5")
            axes.text(i, -0.75, letter, ha="center", va="center", fontsize=11, color="#445")
            axes.text(-0.75, i, str(i + 1), ha="center", va="center", fontsize=11, color="#445")
        self.marks = axes.scatter([], [], s=2900, marker="s", facecolors="none",
                                  edgecolors=MARK, linewidths=4, zorder=4)
        self.dots = axes.scatter([], [], s=95, edgecolors="white", linewidths=1.5, zorder=5)
        self.pawns = []
        for colour in COLOURS:
            pawn = Circle((0, 0), 0.32, facecolor=TRAPPER_COLOURS[colour], edgecolor="#111",
                          linewidth=2.5, zorder=6)
            axes.add_patch(pawn)
            self.pawns.append(pawn)
        # the last take: a faint ring where the trapper stood, an arrow to where it went
        self.ghost = Circle((0, 0), 0.32, facecolor="none", linewidth=3, linestyle="--",
                            zorder=6, visible=False)
        axes.add_patch(self.ghost)
        # black reads on every tile and for every trapper colour (beige would not)
        self.arrow = FancyArrowPatch((0, 0), (1, 1), arrowstyle="-|>", mutation_scale=22,
                                     linewidth=4, color="#111", zorder=7, visible=False,
                                     shrinkA=15, shrinkB=18)
        axes.add_patch(self.arrow)
        # a refused take: a red ring round the tile and a red cross in its corner, the
        # tile's label left readable
        self.refused = axes.scatter([], [], s=2900, marker="s", facecolors="none",
                                    edgecolors=REFUSED, linewidths=5, zorder=8)
        (self.cross,) = axes.plot([], [], marker="X", markersize=22, color=REFUSED,
                                  markeredgecolor="white", markeredgewidth=1.5, linestyle="none",
                                  zorder=9)
        # everything lies inside the fixed limits: no clip path per element to write and apply
        for artist in axes.get_children():
            artist.set_clip_on(False)

    # ---- per frame --------------------------------------------------------------------------
    def update(self, frame: Any) -> None:
        state: TrapperState = frame.state
        self._show_tiles(state)
        for pawn, square in zip(self.pawns, state.trappers):
            pawn.center = _xy(square)
        self._show_last(state)
        self._show_refusal(frame)
        hints = frame.view or TrapperHints()
        self._show_targets(state, hints.targets)
        marked = [_xy(s) for s in _squares(hints.mark)]
        self.marks.set_offsets(marked or [(float("nan"), float("nan"))])

    def update_side(self, frame: Any) -> None:
        self.players.value = players_html(frame.state, self.game.players(frame.state))

    def side_html(self, frame: Any) -> str:
        players = players_html(frame.state, self.game.players(frame.state), css=False)
        return f'<div class="tutor-players">{players}</div>{_legend_html(css=False)}'

    @property
    def css(self) -> str:
        return _PANEL_CSS

    def _show_tiles(self, state) -> None:
        """Faces, labels, water edges and boats of all 64 squares, from the state alone."""
        water_rule = state.variant != "young"
        faces: dict[str, list] = {FACE_DOWN: []}  # fill -> tiles; face-down tiles first
        boats: dict[str, list] = {}
        waters, labels, words = [], [], []
        for square, tile in enumerate(state.board):
            shown = tile is not None and tile != HIDDEN and state.face_up[square]
            fill = "none" if tile is None else tile_colour(tile) if shown else FACE_DOWN
            self.face_colours[square] = fill
            if tile is None:  # an empty square: nothing drawn
                continue
            x, y = _xy(square)
            faces.setdefault(fill, []).append(_rect(x, y, *_FACE))
            if not shown:
                continue
            label = tile_label(tile)
            size = 10.5 if max(map(len, label.split("\n"))) <= 7 else 8.5
            if TILES[tile].kind == CANOE:  # "3 bears" above a boat that says "canoe"
                labels.append((x, y + 0.13, label, size))
                boats.setdefault(BOAT_COLOURS[TILES[tile].species], []).append(
                    [(x + dx, y + dy) for dx, dy in _BOAT])
                words.append((x, y - 0.195, text("trapper.canoe_word"), 8.5))
            else:
                labels.append((x, y, label, size))
            if water_rule:
                waters.append(_rect(x, y, *_WATER[state.water[tile]]))
        if not faces[FACE_DOWN]:
            del faces[FACE_DOWN]
        paths, fills = _grouped(faces)
        self.faces.set_paths(paths)
        self.faces.set_facecolors(fills)
        self.waters.set_paths([_compound(waters)])
        paths, fills = _grouped(boats)
        self.boats.set_paths(paths)
        self.boats.set_facecolors(fills)
        self.labels.show(labels)
        self.boat_words.show(words)

    def _show_last(self, state) -> None:
        if len(state.last) == 2 and state.last[0] != state.last[1]:
            start, end = state.last
            colour = next((c for c, sq in zip(COLOURS, state.trappers) if sq == end), None)
            self.arrow.set_positions(_xy(start), _xy(end))
            self.arrow.set_visible(True)
            self.ghost.center = _xy(start)
            self.ghost.set_edgecolor(TRAPPER_COLOURS.get(colour, "#111"))
            self.ghost.set_visible(True)
        else:
            self.arrow.set_visible(False)
            self.ghost.set_visible(False)

    def _show_refusal(self, frame) -> None:
        move = frame.move
        if frame.refusal is not None and isinstance(move, Take):
            x, y = _xy(move.square)
            self.refused.set_offsets([(x, y)])
            self.cross.set_data([x + 0.36], [y + 0.36])
        else:
            self.refused.set_offsets([(float("nan"), float("nan"))])
            self.cross.set_data([], [])

    def _show_targets(self, state, hint) -> None:
        colours = _target_colours(state, hint)
        offsets, colors = [], []
        for colour, square in legal_targets(self.game, state):
            if colour in colours:
                x, y = _xy(square)
                dx, dy = _DOT[colour]
                offsets.append((x + dx, y + dy))
                colors.append(TRAPPER_COLOURS[COLOURS[colour]])
        self.dots.set_offsets(offsets or [(float("nan"), float("nan"))])
        self.dots.set_facecolors(colors or ["none"])

    def target_at(self, axes, x, y):
        """The square name under a click (for free play), e.g. ``"c5"``."""
        file, rank = round(x), round(y)
        if 0 <= file < 8 and 0 <= rank < 8:
            return f"{FILES[file]}{rank + 1}"
        return None


def legal_targets(game, state) -> list[tuple[int, int]]:
    """(colour index, square) of every tile a legal move takes now: the engine's answer
    (``TrapperGame.legal_targets``), which the view only draws."""
    return list(game.legal_targets(state))


def _target_colours(state, hint) -> set[int]:
    if hint is not None:
        names = [hint] if isinstance(hint, str) else list(hint)
        return {COLOURS.index(n) for n in names if n in COLOURS}
    if state.moved is not None:
        return {state.moved}
    return set(range(len(COLOURS)))


def _squares(names) -> list[int]:
    names = [names] if isinstance(names, str) else names
    return [s for s in (square_index(str(n)) for n in names) if s is not None]


# ---- beside the board ----------------------------------------------------------------------
def _chip(tile: int) -> str:
    info = TILES[tile]
    return (f'<span class="tt-chip" style="background:{tile_colour(tile)}">'
            f"{html.escape(info.name)}</span>")


def _cards(hand) -> str:
    if len(hand) != len(COLOURS):  # an observation: only how many cards
        return html.escape(text("trapper.hidden_cards", count=hand[0]))
    return " ".join(
        f'<span class="tt-card" style="background:{TRAPPER_COLOURS[c]}; color:{INK[c]}" '
        f'title="{c}">{n}</span>' for c, n in zip(COLOURS, hand))


def _note(key: str, **params) -> str:
    return f'<span class="tt-note">{html.escape(text(key, **params))}</span>'


def display_html(display) -> str:
    """A display as HTML: rows (canoe + attached), then singles, then sold canoes.

    >>> from tutor.trapper.state import Display, Row
    >>> from tutor.trapper.tiles import by_code
    >>> page = display_html(Display(rows=(Row(by_code("canoe-bear3"), (by_code("bear4"),)),)))
    >>> "canoe of 3 bears" in page and "bear 4" in page and "2 more to sell" in page
    True
    """
    parts = []
    for row in (r for r in display.rows if not r.is_single):
        parts.append('<div class="tt-row">'
                     + " + ".join(_chip(t) for t in (row.canoe, *row.attached))
                     + " " + _note("trapper.to_sell", missing=row.missing) + "</div>")
    singles = [r.canoe for r in display.rows if r.is_single] + list(display.singles)
    if singles:
        parts.append('<div class="tt-singles">' + _note("trapper.singles") + " "
                     + " ".join(_chip(t) for t in singles) + "</div>")
    for sold in display.sold:
        parts.append('<div class="tt-sold">' + _note("trapper.sold") + f" {_chip(sold.canoe)} "
                     + html.escape(text("trapper.sold_tiles", count=len(sold.tiles),
                                        paid=sold.paid)) + "</div>")
    return "".join(parts) or _note("trapper.no_tiles")


def players_html(state, names, css: bool = True) -> str:
    """Every player's hand, money, display and bonus tiles; the piles and bonus tiles left
    (with the panel's style sheet unless ``css`` is False: the step player has it once)."""
    out = [_PANEL_CSS if css else ""]
    for seat, name in enumerate(names):
        on_turn = seat == state.turn and not state.over
        bonus = [text("trapper.canoe_bonus", value=b) for b in state.canoe_bonus[seat]]
        bonus += [text("trapper.species_bonus", value=b) for b in state.species_bonus[seat]]
        dropped = bool(state.dropped and state.dropped[seat])
        out.append(
            f'<div class="tt-player{" tt-turn" if on_turn else ""}">'
            f'<div class="tt-name">{"▶ " if on_turn else ""}{html.escape(name)}'
            + (" " + html.escape(text("trapper.dropped")) if dropped else "")
            + f'<span class="tt-money">{html.escape(text("trapper.coins", money=state.money(seat)))}'
            f"</span></div>"
            f'<div>{html.escape(text("trapper.cards"))} {_cards(state.hands[seat])}</div>'
            f"{display_html(state.displays[seat])}"
            + (f'<div>{html.escape(text("trapper.bonus"))} {html.escape(", ".join(bonus))}</div>'
               if bonus else "")
            + "</div>")
    discard = ", ".join(text("trapper.discard_part", count=n, colour=c)
                        for c, n in zip(COLOURS, state.discard) if n) or text("trapper.empty")
    out.append('<div class="tt-piles">'
               + html.escape(text("trapper.piles", draw=len(state.draw), discard=discard))
               + "</div>")
    if state.variant != "young":
        left = {"canoe": " ".join(map(str, state.canoe_bonus_left)) or text("trapper.none"),
                "species": " ".join(map(str, state.species_bonus_left)) or text("trapper.none")}
        out.append(f'<div class="tt-piles">{html.escape(text("trapper.bonus_left", **left))}</div>')
    return "".join(out)


def _legend_html(css: bool = True) -> str:
    swatch = '<span class="tt-chip" style="background:{}">{}</span>'
    items = [swatch.format(SPECIES_COLOURS[s], s) for s in SPECIES]
    items += [swatch.format(KIND_COLOURS[k], k) for k in (HERB, MUSHROOM)]
    items.append(swatch.format(FACE_DOWN, '<span style="color:white">'
                               f'{html.escape(text("trapper.face_down"))}</span>'))
    trappers = " ".join(
        f'<span class="tt-dot" style="background:{TRAPPER_COLOURS[c]}"></span>{c}' for c in COLOURS)
    lines = [" ".join(items),
             f'<span class="tt-water" style="background:{WATER}"></span> '
             + html.escape(text("trapper.legend_water")),
             f'{html.escape(text("trapper.legend_trappers"))} {trappers}']
    lines += [html.escape(text(f"trapper.legend_{key}")) for key in ("dot", "arrow", "mark", "canoe")]
    return ((_PANEL_CSS if css else "") + '<div class="tt-legend">'
            + "".join(f"<div>{x}</div>" for x in lines) + "</div>")


_PANEL_CSS = """<style>
.tt-player { border: 1px solid #ccd; border-radius: 6px; padding: 4px 8px; margin: 0 0 6px 0;
             font-size: 16px; line-height: 1.5; }
.tt-turn { border: 3px solid #333; background: #fffdf3; }
.tt-name { font-weight: bold; font-size: 18px; }
.tt-money { float: right; font-weight: bold; }
.tt-chip { display: inline-block; border: 1px solid #777; border-radius: 4px; padding: 0 5px;
           margin: 1px 0; font-size: 15px; white-space: nowrap; }
.tt-card { display: inline-block; min-width: 22px; text-align: center; border-radius: 4px;
           font-weight: bold; border: 1px solid #333; }
.tt-note { color: #555; font-size: 14px; }
.tt-piles { font-size: 15px; color: #333; margin: 2px 0; }
.tt-legend { font-size: 14px; line-height: 1.6; color: #333; margin-top: 6px; }
.tt-legend > div { margin: 3px 0; }
.tt-dot { display: inline-block; width: 14px; height: 14px; border-radius: 7px;
          border: 1px solid #111; margin: 0 3px 0 8px; vertical-align: middle; }
.tt-water { display: inline-block; width: 26px; height: 7px; vertical-align: middle; }
</style>"""

VIEW = TrapperView


def __getattr__(name: str):
    """``play_app``, the free play :func:`widgets.app.play_app` looks for here, is read from
    :mod:`widgets.trapper_play` when asked for: a walkthrough app never loads free play."""
    if name == "play_app":
        from .trapper_play import play_app

        return play_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
