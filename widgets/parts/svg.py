"""The SVG layer every board drawer builds on: elements as strings, nothing else.

A board is ONE ``<svg>`` string (python-chess ``chess.svg`` is the model): a ``viewBox`` in
the drawer's own units so it scales to the space the page gives it (no pixel width or
height), labels as ``<text>``, a ``<title>`` and ``aria-label`` as its text alternative, and
``data-target`` attributes on what a learner may click (the page reports the target).

Drawers speak in board units (a tile is typically 100 units); a label of ``size`` units
is ``size × shown width / viewBox width`` pixels on screen.

>>> print(rect(0, 0, 10, 5, fill="#fff", target="a1"))
<rect x="0" y="0" width="10" height="5" fill="#fff" data-target="a1"/>
>>> print(text(5, 5, "bear <4>", size=12, font_weight="bold"))
<text x="5" y="5" font-size="12" font-weight="bold">bear &lt;4&gt;</text>
>>> board = document(100, 50, [circle(50, 25, 10, fill="red")], label="A red disc")
>>> board.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"')
True
>>> "<title>A red disc</title>" in board and 'role="img"' in board
True
"""
from __future__ import annotations

import html
import zlib
from functools import cache
from typing import Iterable

NS = "http://www.w3.org/2000/svg"

#: The font of every board text: the page's own sans-serif (no web font is fetched).
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"


def esc(value: object) -> str:
    """Text or an attribute value, escaped for SVG inside HTML (a board of Trigger's has
    thousands: a number, and a text with nothing to escape, are taken as they are).

    >>> esc(12), esc("c4"), esc('bear <4> & "5"')
    ('12', 'c4', 'bear &lt;4&gt; &amp; &quot;5&quot;')
    """
    if type(value) is int:
        return str(value)
    text = value if type(value) is str else str(value)
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        return html.escape(text, quote=True)
    return text


def num(value: float) -> str:
    """A coordinate with at most one decimal, no useless ``.0``.

    >>> num(3.0), num(2.25), num(-0.04)
    ('3', '2.2', '0')
    """
    if type(value) is int:
        return str(value)
    words = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if words in ("-0", "") else words


#: attribute names that are not their keyword with ``-`` for ``_``
NAMES = {"cls": "class", "target": "data-target", "href": "href", "text_length": "textLength",
         "length_adjust": "lengthAdjust"}


@cache
def _name(key: str) -> str:
    return NAMES.get(key) or key.replace("_", "-")


def attrs(**values: object) -> str:
    """Attributes from keyword arguments: ``_`` becomes ``-``, ``target`` becomes
    ``data-target``, ``cls`` becomes ``class``; ``None`` and ``False`` are left out.

    >>> attrs(stroke_width=2, cls="tile", target="c4", hidden=None, opacity=0.25)
    ' stroke-width="2" class="tile" data-target="c4" opacity="0.2"'
    """
    return "".join(f' {_name(key)}="{num(value) if isinstance(value, float) else esc(value)}"'
                   for key, value in values.items() if value is not None and value is not False)


def rect(x: float, y: float, width: float, height: float, **style: object) -> str:
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}"'
            f"{attrs(**style)}/>")


def circle(cx: float, cy: float, r: float, **style: object) -> str:
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"{attrs(**style)}/>'


def line(x1: float, y1: float, x2: float, y2: float, **style: object) -> str:
    return (f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
            f"{attrs(**style)}/>")


def path(d: str, **style: object) -> str:
    return f'<path d="{d}"{attrs(**style)}/>'


def polygon(points: Iterable[tuple[float, float]], **style: object) -> str:
    joined = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return f'<polygon points="{joined}"{attrs(**style)}/>'


def text(x: float, y: float, words: object, size: float, **style: object) -> str:
    """A label centred where the drawer says (``text_anchor``/``dominant_baseline`` may be
    given); its words are escaped."""
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}"{attrs(**style)}>'
            f"{esc(words)}</text>")


def group(children: Iterable[str], **style: object) -> str:
    return f"<g{attrs(**style)}>{''.join(children)}</g>"


def keyed(key: str, children: Iterable[str], **style: object) -> str:
    """A group the page may keep from one step to the next: ``data-key`` names its place in
    the board, ``data-v`` is a digest of its content. The page replaces a group only when its
    digest changed, so a step restyles only what it changed.

    >>> keyed("sq1", [circle(1, 1, 1)]) == keyed("sq1", [circle(1, 1, 1)])
    True
    >>> keyed("sq1", []).startswith('<g data-key="sq1" data-v="')
    True
    """
    inner = "".join(children)
    digest = f"{zlib.crc32(inner.encode()) & 0xffffffff:08x}"
    return f'<g data-key="{esc(key)}" data-v="{digest}"{attrs(**style)}>{inner}</g>'


def title(words: str) -> str:
    """A tooltip and accessible name of the element it is the first child of."""
    return f"<title>{esc(words)}</title>"


def arrow(x1: float, y1: float, x2: float, y2: float, colour: str, width: float,
          head: float, **style: object) -> str:
    """A straight arrow from (x1, y1) to (x2, y2), its head ``head`` units long, drawn as a
    line and a filled triangle (no marker definitions to clash between boards)."""
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    bx, by = x2 - ux * head, y2 - uy * head
    half = head * 0.55
    tip = polygon([(x2, y2), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)],
                  fill=colour)
    return group([line(x1, y1, bx, by, stroke=colour, stroke_width=width,
                       stroke_linecap="round"), tip], **style)


def hatch(pattern_id: str, colour: str, background: str, angle: int = 45,
          gap: float = 10.0, width: float = 3.0) -> str:
    """A striped fill (``fill="url(#id)"``): a second cue beside a colour, for colours that
    look alike to some eyes."""
    return (f'<pattern id="{esc(pattern_id)}" width="{num(gap)}" height="{num(gap)}" '
            f'patternUnits="userSpaceOnUse" patternTransform="rotate({angle})">'
            f'{rect(0, 0, gap, gap, fill=background)}'
            f'{line(0, 0, 0, gap, stroke=colour, stroke_width=width)}</pattern>')


def document(width: float, height: float, children: Iterable[str], label: str,
             defs: Iterable[str] = (), cls: str = "tutor-svg", **more: object) -> str:
    """The whole board: viewBox ``0 0 width height``, scaled by the page (no pixel size),
    its text alternative as ``<title>`` and ``aria-label`` (``role="img"``); ``more``: other
    attributes (``data_fold=...``)."""
    definitions = "".join(defs)
    return (f'<svg xmlns="{NS}" viewBox="0 0 {num(width)} {num(height)}" '
            f'class="{esc(cls)}" role="img" aria-label="{esc(label)}"{attrs(**more)} '
            f'font-family="{esc(FONT)}" preserveAspectRatio="xMidYMid meet">'
            f"{title(label)}"
            + (f"<defs>{definitions}</defs>" if definitions else "")
            + "".join(children) + "</svg>")
