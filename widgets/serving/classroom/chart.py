"""A poll's tally as an SVG bar chart, for the teacher's projector.

Drawn here rather than with matplotlib (which the issue names): the chart is redrawn live as
late answers are judged after the reveal and at whatever size the projector gives it, its
words are the page's (translated, selectable, read by a screen reader), and it costs the
relay nothing to draw - matplotlib would add ~40 MB and a second or more to the first chart
of every teacher's kernel for six bars and their labels.

Each bar: its label above it (the choice, the number given, or the kind of move: the book's,
another legal one, refused by a rule), the count at its end; the right answer's bar is green
and marked ✓, a refused move's red and marked ✖ (the marks say it without colour).

>>> svg = tally_svg([{"group": "choice:0", "label": "P1", "count": 3, "right": True},
...                  {"group": "choice:1", "label": "P2", "count": 1, "right": False}],
...                 "The class’s answers")
>>> svg.count('class="tt-bar"'), 'data-count="3"' in svg, "✓ P1" in svg
(2, True, True)
"""
from __future__ import annotations

from widgets.parts import svg

WIDTH = 600
ROW = 62  # label line + bar
LABEL_CHARS = 44
INK = "#1d1d1d"
COLOURS = {"right": "#2e7d32", "refused": "#b3261e", "unreadable": "#6b6b6b", "other": "#3f51b5"}


def _kind(bar: dict) -> str:
    if bar.get("right"):
        return "right"
    group = str(bar.get("group", ""))
    if group.startswith("refused:"):
        return "refused"
    return "unreadable" if group == "unreadable" else "other"


def tally_svg(bars: list[dict], title: str, empty: str = "") -> str:
    """The chart of ``bars`` (a :meth:`widgets.serving.classroom.model.Poll.tally`), titled
    ``title`` for screen readers; ``empty``: what it says when nobody answered."""
    if not bars:
        return svg.document(WIDTH, 50, [svg.text(0, 32, empty, 22)], title, cls="tutor-tally")
    most = max(int(bar["count"]) for bar in bars) or 1
    total = sum(int(bar["count"]) for bar in bars)
    rows = []
    for number, bar in enumerate(bars):
        kind, count, label = _kind(bar), int(bar["count"]), str(bar["label"])
        mark = {"right": "✓ ", "refused": "✖ "}.get(kind, "")
        shown = label if len(label) <= LABEL_CHARS else label[:LABEL_CHARS - 1] + "…"
        top, length = number * ROW, max(4.0, (WIDTH - 70) * count / most)
        share = round(100 * count / total) if total else 0
        rows.append(svg.group([
            svg.title(f"{mark + label}: {count} ({share}%)"),
            svg.text(0, top + 22, mark + shown, 21, font_weight=700 if kind == "right" else 400,
                     fill=INK),
            svg.rect(0, top + 30, length, 24, rx=3, fill=COLOURS[kind]),
            svg.text(length + 8, top + 50, count, 22, font_weight=700, fill=INK),
        ], cls="tt-bar", data_group=bar["group"], data_count=count,
            data_right=str(bool(bar.get("right"))).lower()))
    return svg.document(WIDTH, ROW * len(bars) + 6, rows, title, cls="tutor-tally")
