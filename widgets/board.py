"""The base of every game's board view, and the figure → SVG helper they share.

A board view owns ONE matplotlib figure, made once when the view is made (no pyplot, so
no global figure state leaks into a notebook). :meth:`BoardView.draw` creates the artists
once; :meth:`BoardView.update` only changes them for a frame (colours, texts, visibility);
:meth:`BoardView.show` then renders the figure to SVG text into an ``ipywidgets.HTML``.
Measured here: SVG with text left as text (``svg.fonttype = 'none'``) into an HTML widget
is the fastest way to repaint a board (~23 ms for 8x8 against ~42 ms for a PNG image and
50-70 ms for a fresh figure). Text labels dominate the cost: keep them few.

A view only reads the frame it is shown (``frame.state``, ``frame.move``, ``frame.before``,
``frame.refusal``, ``frame.view`` hints) and reports clicks; the step player owns the history.

A game adds its view by writing ``widgets/<game>.py`` with ``VIEW = <its BoardView subclass>``.
A minimal one, for the one-heap Nim of :mod:`tutor.core.demo`::

    >>> from tutor.core.demo import Nim
    >>> from tutor.core.walkthrough import Frame
    >>> class HeapView(BoardView):
    ...     figsize = (4, 1)
    ...     def draw(self, figure):
    ...         axes = self.axes_filling(figure, xlim=(-0.5, 9.5), ylim=(-0.5, 0.5))
    ...         self.counters = axes.scatter(range(10), [0] * 10, s=300)
    ...     def update(self, frame):
    ...         heap = frame.state.heap
    ...         self.counters.set_facecolors(["tab:orange"] * heap + ["white"] * (10 - heap))
    >>> nim = Nim()
    >>> view = HeapView(nim)
    >>> view.show(Frame(0, nim.initial_state({"heap": 4}), "Four counters.", ()))
    >>> view.widget.value.startswith("<svg")
    True
    >>> figure = view.figure
    >>> view.show(Frame(1, nim.initial_state({"heap": 1}), "One left.", ()))
    >>> view.figure is figure  # the same figure, updated
    True
"""
from __future__ import annotations

import html
import io
import re
from typing import Any, Callable

import ipywidgets as widgets
import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

#: rc settings while rendering: text stays text (small, sharp, fast); stable element ids.
SVG_RC = {"svg.fonttype": "none", "svg.hashsalt": "rules-tutor"}

_SIZE = re.compile(r'\swidth="[^"]*"\s+height="[^"]*"')
_METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.S)
_NO_ROTATION = re.compile(r' transform="rotate\(-?0 [^"]*\)"')
_FONT = re.compile(r"font-family: ([^;\"]*);? ?")
_GEOMETRY = re.compile(r'(\s(?:d|x|y|transform|width|height)=")([^"]*)"')
_DECIMALS = re.compile(r"-?\d+\.\d\d+")
_SPACES = re.compile(r"\s*\n\s*")
_GROUP = re.compile(r'<g(?: id="[^"]*")?>|<g\b[^>]*>|</g>')
_VIEWBOX = re.compile(r'<svg\b[^>]*?\sviewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"')
_STAR_STYLE = re.compile(r'\s*<defs>\s*<style type="text/css">\*\{([^{}]*)\}</style>\s*</defs>')


def _one_decimal(match: re.Match) -> str:
    """A number to one decimal, without a useless ``.0`` or ``-0``."""
    words = f"{float(match.group()):.1f}".rstrip("0").rstrip(".")
    return "0" if words == "-0" else words


def slim_svg(svg: str) -> str:
    """Matplotlib's SVG with the same picture in fewer, shorter elements: the browser
    parses it faster and the kernel sends less.

    Coordinates keep one decimal (a tenth of a point: far below a screen pixel); the font
    family every text repeats and the page-wide stroke style are said once on ``<svg>``
    (its elements inherit them); no metadata, no zero rotations, no ``<g>`` that only
    carries an id.

    >>> print(slim_svg('<svg style="s"><defs><style type="text/css">*{stroke-linejoin: '
    ...                'round}</style></defs><path d="M 0 0"/></svg>'))
    <svg style="s; stroke-linejoin: round"><path d="M 0 0"/></svg>
    >>> family = "'DejaVu Sans', sans-serif"
    >>> print(slim_svg(f'<svg style="s"><metadata>x</metadata><g id="text_1"><text style='
    ...          f'"font-size: 10px; font-family: {family}" x="12.345678" y="-0.0123" '
    ...          'transform="rotate(-0 12.3 1)">a</text></g><g clip-path="url(#c)"><path '
    ...          'd="M 1.04999 2.26 L 3 4"/></g></svg>'))
    <svg style="s; font-family: 'DejaVu Sans', sans-serif"><text style="font-size: 10px" x="12.3" y="0">a</text><g clip-path="url(#c)"><path d="M 1 2.3 L 3 4"/></g></svg>
    """
    svg = _METADATA.sub("", svg)
    # matplotlib's <style>*{stroke-linejoin: ...}</style> is a rule for the WHOLE page:
    # inserting it restyles every element of the page at each repaint. The same two
    # properties inherit, so said once on <svg> they give this picture the same strokes.
    star = _STAR_STYLE.search(svg)
    if star is not None:
        svg = svg[:star.start()] + svg[star.end():]
        strokes = star.group(1).strip().rstrip(";")
        head, rest = svg.split(">", 1)
        head = re.sub(r'style="([^"]*)"', lambda m: f'style="{m.group(1)}; {strokes}"', head,
                      count=1)
        svg = f"{head}>{rest}"
    svg = _NO_ROTATION.sub("", svg)
    svg = _GEOMETRY.sub(lambda m: m.group(1) + _DECIMALS.sub(_one_decimal, m.group(2)) + '"', svg)
    svg = _SPACES.sub("\n", svg)
    font = _FONT.search(svg)
    if font is not None:  # the first text's family; texts with another keep theirs
        family = font.group(1)
        svg = svg.replace(f"font-family: {family}; ", "").replace(f"; font-family: {family}", "")
        svg = svg.replace(f' style="font-family: {family}"', "")
        head, rest = svg.split(">", 1)
        head = re.sub(r'style="([^"]*)"',
                      lambda m: f'style="{m.group(1)}; font-family: {family}"', head, count=1)
        svg = f"{head}>{rest}"
    out, kept, at = [], [], 0  # drop bare <g>s with their matching </g>
    for match in _GROUP.finditer(svg):
        out.append(svg[at:match.start()])
        at = match.end()
        tag = match.group()
        if tag == "</g>":
            if kept.pop():
                out.append(tag)
        elif tag.endswith("/>"):
            out.append(tag)
        else:
            bare = tag == "<g>" or tag.startswith("<g id=") and tag.count('="') == 1
            kept.append(not bare)
            if not bare:
                out.append(tag)
    out.append(svg[at:])
    return "".join(out)


def figure_svg(figure: Figure) -> str:
    """The figure as inline SVG text that scales to the width of its container.

    >>> figure = Figure(figsize=(2, 1))
    >>> _ = FigureCanvasAgg(figure)
    >>> _ = figure.text(0.5, 0.5, "bear 4")
    >>> svg = figure_svg(figure)
    >>> svg.startswith("<svg") and ">bear 4<" in svg and 'width="100%"' in svg
    True
    """
    buffer = io.StringIO()
    with matplotlib.rc_context(SVG_RC):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]  # no XML prolog or DOCTYPE inside an HTML page
    head, rest = svg.split(">", 1)
    head = _SIZE.sub(' width="100%" style="height:auto; display:block"', head, count=1)
    return slim_svg(f"{head}>{rest}")


class BoardView:
    """Base class of the game views: one figure, updated per frame, shown as SVG.

    Subclasses set :attr:`figsize` and override :meth:`draw` (make the artists, once) and
    :meth:`update` (change them for a frame). A view with more than the board (hands,
    money) overrides :attr:`widget` to return a box holding :attr:`board` and its extras,
    and fills them in :meth:`update` - or, faster, sets :attr:`keeps_frames` and fills them
    in :meth:`update_side`, so each frame's SVG is kept and the next one rendered ahead.
    For clicks (free play), override :meth:`target_at`.

    Two ways to show a frame: the widgets (:attr:`widget`, :meth:`show`; free play uses
    them), and strings (:meth:`parts`, :meth:`side_html`, :meth:`html`): the step player
    sends the board, the panel beside it and its own texts as ONE HTML widget change, which
    the page parses and lays out once (a change per widget costs a layout each).
    """

    #: the figure's size in inches (its shape is what matters: the SVG scales to the width)
    figsize: tuple[float, float] = (6.0, 6.0)
    dpi: float = 100.0
    #: True for a view whose :meth:`update` touches only the figure (widgets beside the board
    #: are filled in :meth:`update_side`): each frame's SVG is then kept, and the step player
    #: renders the frames next to the shown one ahead (:meth:`parts`) while the learner reads.
    keeps_frames: bool = False
    #: inline CSS of the board's box and the side panel's box in :meth:`html` (a flex row that
    #: wraps on narrow screens); by default the board is as wide as the row allows up to the
    #: figure's own size (as an HTML widget shows it), and the side panel sits under it
    board_style: str | None = None
    side_style: str = "flex: 1 1 100%"
    #: the style sheet :meth:`side_html` needs, put in the page once by the step player
    css: str = ""

    def __init__(self, game: Any):
        self.game = game
        self.figure = Figure(figsize=self.figsize, dpi=self.dpi)
        FigureCanvasAgg(self.figure)  # measures text; savefig switches to SVG by itself
        self.board = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.board.add_class("tutor-board")
        self.frame: Any = None
        self._kept: dict[int, tuple[Any, str]] = {}  # id(frame) -> (frame, svg)
        self._click_handlers: list[Callable[[Any], None]] = []
        self._redraw_handlers: list[Callable[[], None]] = []
        self._click_events = None
        self.draw(self.figure)

    # ---- for subclasses -----------------------------------------------------------------
    def draw(self, figure: Figure) -> None:
        """Create every artist the view will ever need (called once)."""

    def update(self, frame: Any) -> None:
        """Change the artists (and, unless :attr:`keeps_frames`, side widgets) for ``frame``.

        With :attr:`keeps_frames`, set EVERY artist from the frame alone (frames may be
        rendered out of order) and leave widgets to :meth:`update_side`.
        """

    def update_side(self, frame: Any) -> None:
        """Fill the widgets beside the board for ``frame`` (called on every show)."""

    def side_html(self, frame: Any) -> str:
        """The panel beside the board for ``frame`` as HTML, without ``<style>`` (that goes
        in :attr:`css`); the step player shows it with the board in one message."""
        return ""

    @property
    def controls(self) -> tuple[widgets.Widget, ...]:
        """Widgets the learner sets on the view (e.g. an overlay choice), shown by the step
        player next to the view's HTML; when one changes, call :meth:`redraw`."""
        return ()

    def target_at(self, axes: Axes, x: float, y: float) -> Any:
        """What a click at data point (x, y) of ``axes`` names (a square, a tile), or None."""
        return None

    @staticmethod
    def axes_filling(figure: Figure, xlim, ylim, rect=(0.0, 0.0, 1.0, 1.0)) -> Axes:
        """An axes over ``rect`` of the figure without ticks or frame, data limits fixed.

        Fixed limits and no automatic layout keep every frame the same size, so clicks map
        back to the same places.
        """
        axes = figure.add_axes(rect)
        axes.set_xlim(*xlim)
        axes.set_ylim(*ylim)
        axes.set_axis_off()
        axes.set_autoscale_on(False)
        return axes

    # ---- used by the step player ----------------------------------------------------------
    @property
    def widget(self) -> widgets.Widget:
        """The widget to place in the player (the board; subclasses may add beside it)."""
        return self.board

    def show(self, frame: Any) -> None:
        """Show ``frame``: update the artists, repaint the board once, then the side."""
        self.show_board(frame)
        self.update_side(frame)

    def show_board(self, frame: Any) -> None:
        """Repaint only the board widget for ``frame``; :meth:`update_side` must follow."""
        self.frame = frame
        self.board.value = self.svg_of(frame)

    def parts(self, frame: Any) -> tuple[str, str]:
        """The board's SVG and the side panel's HTML for ``frame``, changing no widget: the
        string API of the step player, which sends a whole step as one message (the player
        sets :attr:`frame` itself: the frames it composes ahead are not shown)."""
        return self.svg_of(frame), self.side_html(frame)

    def html(self, svg: str, side: str) -> str:
        """The board and the side panel laid out as one HTML string (``tutor-board`` holds
        the SVG, ``tutor-view-side`` the panel; the player's style sheet makes it a flex row).

        >>> print(FactsView(None).html('<svg viewBox="0 0 300 150"></svg>', "<p>side</p>"))
        ... # doctest: +NORMALIZE_WHITESPACE
        <div class="tutor-view"><div class="tutor-board"
        style="flex: 1 1 100%; min-width: 0; max-width: 400px"><svg viewBox="0 0 300 150"></svg></div><div
        class="tutor-view-side" style="flex: 1 1 100%"><p>side</p></div></div>
        """
        style = self.board_style
        if style is None:
            style = "flex: 1 1 100%; min-width: 0"
            size = _VIEWBOX.match(svg)
            if size is not None:  # points to CSS pixels (96 per inch)
                style += f"; max-width: {round(float(size.group(1)) * 4 / 3)}px"
        board = f'<div class="tutor-board" style="{style}">{svg}</div>'
        if side:
            board += f'<div class="tutor-view-side" style="{self.side_style}">{side}</div>'
        return f'<div class="tutor-view">{board}</div>'

    def on_redraw(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` instead of :meth:`show` when a :attr:`controls` widget changes
        (the step player repaints its whole step)."""
        self._redraw_handlers.append(callback)

    def redraw(self) -> None:
        """A control changed: show the current frame again (through the player, if any)."""
        if self.frame is None:
            return
        if self._redraw_handlers:
            for handler in tuple(self._redraw_handlers):
                handler()
        else:
            self.show(self.frame)

    def svg_of(self, frame: Any) -> str:
        """The board's SVG for ``frame`` (kept per frame when :attr:`keeps_frames`)."""
        kept = self._kept.get(id(frame))
        if kept is not None and kept[0] is frame:
            return kept[1]
        self.update(frame)
        svg = self.render()
        if self.keeps_frames:
            self._kept[id(frame)] = (frame, svg)
        return svg

    def render(self) -> str:
        return figure_svg(self.figure)

    def on_click(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(target)`` when the learner clicks a target on the board."""
        if self._click_events is None:
            from ipyevents import Event  # only views that take clicks need it

            self._click_events = Event(source=self.board, watched_events=["click"])
            self._click_events.on_dom_event(self.clicked)
        self._click_handlers.append(callback)

    def clicked(self, event: dict) -> None:
        """Turn an ipyevents click (position in the page) into a target, and report it."""
        width = event.get("boundingRectWidth") or 0
        if not width:
            return
        scale = self.figure.bbox.width / width  # the SVG fills the width at its own aspect
        x = event.get("relativeX", 0) * scale
        y = self.figure.bbox.height - event.get("relativeY", 0) * scale
        for axes in self.figure.axes:
            if axes.bbox.contains(x, y):
                data_x, data_y = axes.transData.inverted().transform((x, y))
                target = self.target_at(axes, data_x, data_y)
                if target is not None:
                    for handler in tuple(self._click_handlers):
                        handler(target)
                    return


class FactsView(BoardView):
    """The view of a game that has no board view yet: its facts, as a plain table."""

    def draw(self, figure: Figure) -> None:
        pass

    def render(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(str(key))}</td><td>{html.escape(str(value))}</td></tr>"
            for key, value in self.game.facts(self.frame.state).items()
        )
        return f'<table class="tutor-facts">{rows}</table>'
