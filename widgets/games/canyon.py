"""The Canyon river as SVG, the card table beside it in HTML.

The river (fields of 100 units; a long river lies down, flowing left to right, so it fits a
screen; the field names stay the same):

* water light blue; the current bluer, with an arrow on each field (where it drifts);
  mountains brown and hatched; islands green with a dot; start docks as wood with "S";
  landing docks "⌂"; the waterfall "≋"; the rock cave dark, "cave";
* field names along the edges (column letters, row numbers), as the move texts use them;
* the canoes as discs in their colours with the player's initial (the seat number where two
  initials are alike); several in the cave side by side;
* the last move's path as a line with an arrow; a drift's pushes as dashed arrows (into the
  rock cave too), the pushed canoes ringed dashed;
* the legal end fields of the canoe to move ringed in its colour (from the engine's legal
  moves); a refused move's target with a red ✖; ``view.mark`` fields framed in yellow.

Beside it: the round counter, trump, the trick on the table and the last one, per player
tempo, tricks, bonus, points, canoe and hand (the tempo and tricks that changed in this step
marked), the winner.

Free play on the shared shell: 3-6 seats, the board seen through the person's eyes;
a click on the river starts a canoe there (setup) or paddles it there.

>>> play = CanyonPlay(3, seed=4)
>>> str(play.state.phase), play.seats, play.players()
('launch', ('person', 'computer', 'computer'), ('Anna', 'Ben', 'Cleo'))
>>> play.click("f2")  # not a start dock: refused with its rule, nothing changes
>>> play.refusal.rule_id.startswith("canyon.setup"), play.match.moves
(True, [])
"""
from __future__ import annotations

import html
import re
from typing import Any

from tutor.canyon import (CAVE, CAVE_FIELD, COUNTER, DOCK, GAME, ISLAND, MOUNTAIN, OFF, SKIPPED,
                          START, WATER, WATERFALL, Card, Drift, Launch, Paddle, Play, Stay,
                          colour_words, column_letter, drift_chain, field_text, phase_display,
                          suit_letters)
from tutor.core.i18n import per_language

from widgets.games import Kit
from widgets.games.freeplay import FreePlay, players_option
from widgets.games.session import Extras
from widgets.parts import svg
from widgets.parts.describe import Phrase
from widgets.parts.drawing import BoardDrawer, hint, names_of
from widgets.parts.texts import T


CANOE_COLOURS = ("#d62728", "#f2c500", "#2ca02c", "#1f5fbf", "#ff7f0e", "#8e44ad")
CANOE_INK = ("#fff", "#222", "#fff", "#fff", "#222", "#fff")
SUIT_COLOURS = {"blue": "#1f63c6", "green": "#2e7d32", "red": "#c62828", "yellow": "#856400",
                "purple": "#7b2fa8", "hidden": "#666"}
KIND_COLOURS = {WATER: "#bfe6f8", MOUNTAIN: "#a08070", ISLAND: "#8cc17c", START: "#d7b98a",
                DOCK: "#b89a86", WATERFALL: "#eef8ff", CAVE_FIELD: "#3b3b3b"}
CURRENT, ARROW_INK, PATH, REFUSED, MARK = "#8fd0f0", "#0b4f7a", "#0b2545", "#c62828", "#ffd400"
U = 100
EDGE = 56  # room for the field names
#: a long river on a phone (390 px: ~360 px of board) is shown in stretches of this many fields,
#: each the next but one field on (a field in common): its words ~18 px, not ~5
STRETCH, STEP = 8, 7
#: a phone's cave word: unsqueezed, plain, 12 px in a stretch (the river's is narrowed to its field)
CAVE_SMALL = 30
#: the words of a long river drawn whole (a laptop's ~855 px, a projector's ~644 px for its
#: 2964 units): the field names, the canoes' initials, the docks' letters, a refusal's ✖ and the
#: cave's name 12 px and more at the projector (at 44 they were 9.6 px there, the cave's 7.5)
WIDE_WORDS = 58


def canoe_labels(names) -> list[str]:
    """What each canoe shows: the player's initial, or the seat number where initials clash.

    >>> canoe_labels(["Anne", "Carl", "Marc"]), canoe_labels(["You", "Computer 1", "Computer 2"])
    (['A', 'C', 'M'], ['1', '2', '3'])
    """
    initials = [n[:1].upper() for n in names]
    return initials if len(set(initials)) == len(initials) else [str(i + 1) for i in range(len(names))]


def _shrunk(a, b, by: float):
    """The segment a-b with ``by`` cut off at both ends (an arrow between two canoes' discs)."""
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5
    if length <= 2 * by:
        return a, b
    ux, uy = dx / length * by, dy / length * by
    return (x1 + ux, y1 + uy), (x2 - ux, y2 - uy)


class Geometry:
    """Where each field of a map is drawn: upright, or lying down for a long river.
    Rows and columns of mountain only at the map's edges are left out (the window)."""

    def __init__(self, board):
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

    def corner(self, index: int) -> tuple[float, float]:
        r, c = divmod(index, self.board.cols)
        x, y = (r - self.r0, c - self.c0) if self.lying else (c - self.c0, r - self.r0)
        return EDGE + x * U, y * U

    def centre(self, index: int) -> tuple[float, float]:
        x, y = self.corner(index)
        return x + U / 2, y + U / 2

    def at(self, x: float, y: float) -> int | None:
        """The field drawn at (x, y) counted in fields from the map's top left (as
        :meth:`corner` draws it), or None off the map or outside the window."""
        x, y = int(round(x)), int(round(y))
        r, c = (x + self.r0, y + self.c0) if self.lying else (y + self.r0, x + self.c0)
        if not (0 <= r < self.board.rows and 0 <= c < self.board.cols):
            return None
        index = r * self.board.cols + c
        return index if self.shown(index) else None

    def direction(self, step: tuple[int, int]) -> tuple[int, int]:
        """A (row, column) step as a screen direction (x right, y down)."""
        dr, dc = step
        return (dr, dc) if self.lying else (dc, dr)


def hand_cards(cards: Any, playing: bool, marked: set) -> str:
    """A hand's cards, each a click that plays it while ``playing`` (a trick), the coach's
    card (``marked``) marked: the players' panel and the phone's hand line draw it alike."""
    return "".join(card_html(c, card_target(c) if playing else None,
                             playing and card_target(c) in marked) for c in cards)


@per_language
def _maps_drawn() -> dict[tuple[int, bool], tuple[Any, tuple[str, ...], tuple[str, ...]]]:
    """A map's fields, names and click targets as drawn, by the map (its ``id``) and whether a
    canoe is in the cave, in the page's language (made again after a catalog is reloaded)."""
    return {}


def _map_drawn(geo: Geometry, occupied: bool, fields: Any, names: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What of a river does not change from move to move (its fields, row and column names,
    and the fields' click targets), drawn once a map, a cave's occupant and a language: the
    whole river was drawn again for every click and step (~20 ms a river here, several times
    that in the static site's Python in the page)."""
    board, drawn = geo.board, _maps_drawn()
    key = (id(board), occupied)
    found = drawn.get(key)
    if found is None or found[0] is not board:
        if len(drawn) >= 16:
            drawn.clear()
        hits = tuple(svg.rect(*geo.corner(i), U, U, fill="transparent", cls="cy-hit",
                              target=board.field_name(i))
                     for i in range(len(board.kinds)) if geo.shown(i))
        found = drawn[key] = (board, tuple(fields(geo, occupied=occupied) + names(geo)), hits)
    return found[1], found[2]


class CanyonDrawer(BoardDrawer):
    """The river, the card table and the legend of a Canyon state."""

    @staticmethod
    def marks(frame: Any) -> list[int]:
        """The fields the step marks (its one hint; a name that is no field is ignored, never
        an error for the learner)."""
        found = []
        for name in names_of(hint(getattr(frame, "view", None), "mark")):
            try:
                found.append(frame.state.board.field(name))
            except ValueError:
                pass
        return found

    def fact_value(self, value: Any, key: str | None = None) -> str:
        """A fact's value in the page's language (colours, places: :func:`fact_words`; the
        phase; "none" of a person or of a card; the ends "drift" and "stay")."""
        if key == "phase":
            return phase_display(str(value))
        if value == "none":
            # Translators: nobody leads / won / is on turn (Italian: masculine "nessuno")
            return T.p_("nobody", "none") if key in _PERSONS else T._("none")
        if key == "ends" and value in ("drift", "stay"):
            return (T.p_("ends", "the canoe drifts") if value == "drift"
                    else T.p_("ends", "the canoe stays"))
        if key == "winner" and isinstance(value, str) and " and " in value:
            first, second = value.split(" and ", 1)
            return T._("{first} and {second}", first=first, second=second)
        return fact_words(super().fact_value(value, key))

    # ---- the river ------------------------------------------------------------------------------
    def board(self, frame: Any, seat: int | None = None) -> str:
        state = frame.state
        geo = Geometry(state.board)
        width, height = geo.size
        still, hits = _map_drawn(geo, CAVE in state.canoes, self._fields, self._names)
        parts = list(still)
        parts += self._marks(geo, state, self.marks(frame))
        # a board a question is asked on (a lesson's question, a drill) rings no field the
        # canoe may end on: the rings tell the answer away (how far it goes, where it may end)
        asking = (getattr(frame, "question", None) is not None
                  and getattr(frame, "answer", None) is None)
        parts += [] if asking else self._ends(geo, state)
        parts += self._paths(geo, frame)
        parts += self._canoes(geo, state)
        parts += self._refusal(geo, frame)
        parts += hits
        defs = [svg.hatch("cy-mountain", "#806050", KIND_COLOURS[MOUNTAIN], angle=45, gap=22,
                          width=6)]
        fold = self._stretches(geo, frame) if geo.lying else {}
        if fold:
            parts += fold.pop("strips")
        return svg.document(EDGE + width * U + 8, height * U + EDGE, parts,
                            label=self.describe(frame), defs=defs, cls="tutor-svg cy-board",
                            **fold)

    def _stretches(self, geo: Geometry, frame) -> dict:
        """A long river as a phone shows it (``data-fold``: frame.js shows one stretch at a
        time, a switch under it for the others): stretches of :data:`STRETCH` fields, the one
        shown first where the step happens (a refused move's field, a marked field, the end
        of the last move, the canoe on turn). Each stretch after the first has the row letters
        again at its left, over the field before it (``tp-part-k``: page.css shows it only
        while part k is shown)."""
        length, rows = geo.size
        count = max(1, -(-(length - 1) // STEP))
        if count < 2:
            return {}
        height = rows * U + EDGE
        boxes, names, strips = [], [], []
        for k in range(count):
            start = k * STEP
            x0 = 0 if k == 0 else EDGE + start * U - EDGE
            boxes.append(f"{x0:g},0,{EDGE + STRETCH * U + 8:g},{height:g}")
            names.append(f"{geo.r0 + 1 + start}–{geo.r0 + 1 + min(start + STRETCH, length) - 1}")
            if k == 0:
                continue
            strip = [svg.rect(x0, 0, EDGE, rows * U, fill="#fff")]
            strip += [svg.text(x0 + EDGE / 2, geo.centre(geo.r0 * geo.board.cols + c)[1] + 20,
                               column_letter(c), WIDE_WORDS, fill="#334", text_anchor="middle")
                      for c in range(geo.c0, geo.c1 + 1)]
            strips.append(svg.group(strip, cls=f"cy-strip tp-part-{k}", display="none"))
        at = self._stretch_at(geo, frame, count)
        return {"strips": strips, "data_fold": " ".join(boxes), "data_fold_at": at,
                "data_fold_names": "|".join(names), "data_fold_label": T._("Board shown")}

    def _stretch_at(self, geo: Geometry, frame, count: int) -> int:
        """The stretch where the step happens (see :meth:`_stretches`)."""
        state, move = frame.state, frame.move
        fields = []
        if frame.refusal is not None and isinstance(move, (Paddle, Launch)):
            fields.append(move.end if isinstance(move, Paddle) else move.dock)
        fields += self.marks(frame)
        fields += [f for f in state.last_path[-1:] if f >= 0]
        turn = getattr(state, "turn", None)
        if isinstance(turn, int) and 0 <= turn < len(state.canoes):
            where = state.canoes[turn]
            fields.append(state.board.cave if where == CAVE else where)
        for field in fields:
            if field is not None and 0 <= field < len(state.board.kinds) and geo.shown(field):
                x = (geo.corner(field)[0] - EDGE) / U
                return min(range(count), key=lambda k: abs(k * STEP + (STRETCH - 1) / 2 - x))
        return 0

    def _fields(self, geo: Geometry, occupied: bool = False) -> list[str]:
        board, parts, words = geo.board, [], []
        for index, kind in enumerate(board.kinds):
            if not geo.shown(index):
                continue
            x, y = geo.corner(index)
            if index in board.downstream:  # a current: its arrow points where the map says
                parts.append(svg.rect(x, y, U, U, fill=CURRENT))
                (r0, c0), (r1, c1) = board.rc(index), board.rc(board.downstream[index])
                dx, dy = geo.direction((r1 - r0, c1 - c0))
                cx, cy = x + U / 2, y + U / 2
                parts.append(svg.arrow(cx - dx * 26, cy - dy * 26, cx + dx * 30, cy + dy * 30,
                                       ARROW_INK, 7, 22, opacity="0.7"))
                continue
            fill = "url(#cy-mountain)" if kind == MOUNTAIN else KIND_COLOURS.get(kind, "#fff")
            parts.append(svg.rect(x, y, U, U, fill=fill))
            label = {WATERFALL: "≋", DOCK: "⌂", START: "S",
                     CAVE_FIELD: "" if occupied else T._("cave")}.get(kind)
            if kind == ISLAND:
                parts.append(svg.circle(x + U / 2, y + U / 2, 16, fill="#4f8a3f"))
            if label and kind == CAVE_FIELD and geo.lying:
                words += self._cave_word(geo, index, label)
            elif label:
                size = 44 if kind == CAVE_FIELD else (WIDE_WORDS if geo.lying else 56)
                # the cave's name in a longer language ("grotta") keeps its type size (it must
                # stay readable where the board is shown smallest) and is narrowed to its field
                fit = ({"text_length": U - 10, "length_adjust": "spacingAndGlyphs"}
                       if len(label) * size * 0.6 > U - 10 else {})
                words.append(svg.text(x + U / 2, y + U / 2 + size * 0.35, label, size,
                                      font_weight="bold", text_anchor="middle",
                                      fill="#fff" if kind == CAVE_FIELD else "#3e2723",
                                      cls="cy-wide-only" if fit and geo.lying else None, **fit))
                if fit and geo.lying:  # a stretch on a phone: the word whole, plain
                    words.append(svg.text(x + U / 2, y + U / 2 + 10, label, CAVE_SMALL,
                                          text_anchor="middle", fill="#fff", cls="cy-fold-only"))
        grid = [svg.rect(*geo.corner(i), U, U, fill="none", stroke="#ffffff88", stroke_width=2)
                for i in range(len(board.kinds)) if geo.shown(i)]
        return parts + grid + words

    @staticmethod
    def _cave_word(geo: Geometry, index: int, label: str) -> list[str]:
        """The cave's name on a long river: drawn whole (the river shown whole), on a dark tab
        of the cave's colour over the mountain next to it (a word as large as the river's others
        is wider than a field: over mountains it hides nothing a canoe may use); where no
        mountain lies beside it, over the cave itself. Folded (a phone's stretch), plain."""
        x, y = geo.corner(index)
        wide = len(label) * WIDE_WORDS * 0.62 + 24  # bold, a little room at both ends
        reach = -(-max(0.0, wide - U) // (2 * U))  # fields the tab covers at each side
        board = geo.board
        on = 0.0  # the tab's offset, in fields: over the cave unless a mountain row is beside it
        for side in (-1, 1):
            row = [geo.at((x - EDGE) / U + k, y / U + side) for k in range(-int(reach), int(reach) + 1)]
            if all(f is None or board.kinds[f] == MOUNTAIN for f in row):
                on = side
                break
        # the tab: over the mountain, touching the cave's edge; or over the cave, as wide as
        # the word where it is wider than the field
        top, high = {-1: (y - U + 14, U - 14), 1: (y + U, U - 14), 0: (y + 14, U - 28)}[int(on)]
        tab = [svg.rect(x + U / 2 - wide / 2, top, wide, high, rx=12,
                        fill=KIND_COLOURS[CAVE_FIELD])] if on or wide > U - 8 else []
        return [svg.group(tab + [svg.text(x + U / 2, top + high / 2 + WIDE_WORDS * 0.35,
                                          label, WIDE_WORDS, font_weight="bold",
                                          text_anchor="middle", fill="#fff")],
                          cls="cy-wide-only cy-cave-word"),
                svg.text(x + U / 2, y + U / 2 + 10, label, CAVE_SMALL, text_anchor="middle",
                         fill="#fff", cls="cy-fold-only")]

    def _names(self, geo: Geometry) -> list[str]:
        """The column letters and the row numbers: one under the map, the other at its left
        (a long river's larger: it is drawn smallest)."""
        size = WIDE_WORDS if geo.lying else 44

        def name(field: int, words: str, under: bool) -> str:
            x, y = geo.centre(field)
            return (svg.text(x, geo.size[1] * U + 44 + (size - 44) / 3, words, size, fill="#334",
                             text_anchor="middle")
                    if under else
                    svg.text(EDGE / 2, y + size * 0.35, words, size, fill="#334",
                             text_anchor="middle"))

        cols = geo.board.cols
        return ([name(geo.r0 * cols + c, column_letter(c), not geo.lying)
                 for c in range(geo.c0, geo.c1 + 1)]
                + [name(r * cols + geo.c0, str(r + 1), geo.lying)
                   for r in range(geo.r0, geo.r1 + 1)])

    def _marks(self, geo: Geometry, state, fields) -> list[str]:
        parts = []
        for index in fields:
            x, y = geo.corner(index)
            parts.append(svg.rect(x + 4, y + 4, U - 8, U - 8, fill="none", stroke="#111",
                                  stroke_width=14))
            parts.append(svg.rect(x + 4, y + 4, U - 8, U - 8, fill="none", stroke=MARK,
                                  stroke_width=9, cls="cy-mark",
                                  data_mark=state.board.field_name(index)))
        return parts

    def _end_fields(self, state) -> tuple[list[int], int | None]:
        """The fields the canoe to move may end on, from the engine's legal moves (a drift:
        where the engine's drift takes it; staying: its own field)."""
        if state.phase not in ("move", "launch"):
            return [], None
        ends, player = [], state.turn
        for move in self.game.legal_moves(state):
            if isinstance(move, Paddle):
                ends.append(move.end)
            elif isinstance(move, Launch):
                ends.append(move.dock)
            elif isinstance(move, Drift):
                to = drift_chain(state, move.player)[0][2]
                ends.append(state.board.cave if to == CAVE else to)
            elif isinstance(move, Stay) and state.canoes[player] >= 0:
                ends.append(state.canoes[player])
        return sorted(set(e for e in ends if e is not None and e >= 0)), player

    def _ends(self, geo: Geometry, state) -> list[str]:
        ends, player = self._end_fields(state)
        return [svg.circle(*geo.centre(f), U * 0.42, fill="none",
                           stroke=CANOE_COLOURS[player % 6], stroke_width=9, cls="cy-end")
                for f in ends]

    def _place(self, geo: Geometry, state, field: int) -> tuple[float, float]:
        return geo.centre(state.board.cave if field == CAVE else field)

    def _paths(self, geo: Geometry, frame) -> list[str]:
        state, before, parts = frame.state, frame.before, []
        if frame.refusal is None and isinstance(frame.move, Drift) and before is not None:
            for k, (canoe, start, to) in enumerate(drift_chain(before, frame.move.player)):
                a, b = self._place(geo, before, start), self._place(geo, before, to)
                dashed = "16 10" if k else None
                if to == CAVE:  # over the waterfall, in the direction of the arrow, then the cave
                    fall = self._downstream(geo, before.board, start)
                    if fall is not None:
                        parts.append(svg.line(*a, *fall, stroke=PATH, stroke_width=9,
                                              stroke_dasharray=dashed, opacity="0.85"))
                        a = fall
                (x1, y1), (x2, y2) = _shrunk(a, b, U * 0.36)
                parts.append(svg.arrow(x1, y1, x2, y2, PATH, 9, 32, stroke_dasharray=dashed,
                                       cls="cy-push" if k else "cy-path", opacity="0.85"))
        else:
            points = [geo.centre(f) for f in state.last_path if f >= 0]
            if len(points) >= 2:
                d = "M " + " L ".join(f"{svg.num(x)} {svg.num(y)}" for x, y in points[:-1])
                parts.append(svg.path(d, fill="none", stroke=PATH, stroke_width=9, opacity="0.8",
                                      stroke_linejoin="round", stroke_linecap="round",
                                      cls="cy-path"))
                (x1, y1), (x2, y2) = _shrunk(points[-2], points[-1], U * 0.36)
                parts.append(svg.arrow(x1, y1, x2, y2, PATH, 9, 32, opacity="0.8"))
        for p in state.pushed:
            if state.canoes[p] != OFF:
                parts.append(svg.circle(*self._place(geo, state, state.canoes[p]), U * 0.46,
                                        fill="none", stroke=PATH, stroke_width=6,
                                        stroke_dasharray="12 8", cls="cy-pushed"))
        return parts

    @staticmethod
    def _downstream(geo: Geometry, board, field: int):
        """The centre of the field the arrow under ``field`` points at (the waterfall: the
        map's ``downstream``), if shown."""
        index = board.downstream.get(field)
        return geo.centre(index) if index is not None and geo.shown(index) else None

    def _canoes(self, geo: Geometry, state) -> list[str]:
        labels = canoe_labels(state.players)
        in_cave = [p for p, f in enumerate(state.canoes) if f == CAVE]
        parts = []
        for p, field in enumerate(state.canoes):
            if field == OFF:
                continue
            cx, cy = self._place(geo, state, field)
            if field == CAVE and len(in_cave) > 1:  # side by side
                cx += U * 0.3 * (in_cave.index(p) - (len(in_cave) - 1) / 2)
            r = U * 0.34 if field != CAVE or len(in_cave) == 1 else U * 0.22
            size = WIDE_WORDS if geo.lying and r >= U * 0.34 else 44  # a long river's larger
            parts.append(svg.group([
                svg.title(state.players[p]),
                svg.circle(cx, cy, r, fill=CANOE_COLOURS[p % 6], stroke="#111", stroke_width=5),
                svg.text(cx, cy + size * 0.35, labels[p], size, font_weight="bold",
                         fill=CANOE_INK[p % 6], text_anchor="middle")], cls="cy-canoe"))
        return parts

    def _refusal(self, geo: Geometry, frame) -> list[str]:
        move = frame.move
        if frame.refusal is None or not isinstance(move, (Paddle, Launch)):
            return []
        field = move.end if isinstance(move, Paddle) else move.dock
        if not 0 <= field < len(frame.state.board.kinds) or not geo.shown(field):
            return []
        cx, cy = geo.centre(field)
        size = WIDE_WORDS if geo.lying else 50
        return [svg.circle(cx, cy, U * 0.4, fill=REFUSED, stroke="#fff", stroke_width=5,
                           cls="cy-refused"),
                svg.text(cx, cy + size * 0.36, "✖", size, fill="#fff", text_anchor="middle")]

    # ---- beside the river --------------------------------------------------------------------------
    def hand(self, frame: Any, seat: int | None = None) -> str:
        """The hand of ``seat`` when it is that player's turn to lay tempo cards or to play a
        card to the trick, as a line of its own (free play puts it under the status: on a phone
        the players' panel, with the hand in it, is far below the screen): each card a click
        plays in the tricks, the coach's card marked; "" at any other time."""
        state = frame.state
        deciding = self.game.to_move(state)
        if seat is None or deciding != seat or state.phase not in ("tempo", "tricks"):
            return ""
        playing = state.phase == "tricks"
        marked = set(names_of(hint(getattr(frame, "view", None), "mark")))
        cards = hand_cards(state.hands[seat], playing, marked)
        return (f'<div class="cy-my-hand" data-phase="{state.phase}" data-player="{html.escape(state.players[seat])}">'
                f'<b>{html.escape(T._("Hand"))}</b> {cards or "–"}</div>')

    def panel(self, frame: Any, seat: int | None = None) -> str:
        """The round counter, trump, tricks, hands and points; the tempo and tricks that changed
        in this step are marked."""
        state = frame.state
        facts = self.game.facts(state)
        was = (self.game.facts(frame.before) if frame.before is not None and frame.refusal is None
               else facts)
        names = state.players
        labels = canoe_labels(names)
        trump = (f"{card_html(state.trump)} {html.escape(fact_words(state.trump.suit))}"
                 if state.trump else "–")
        table = " ".join(f"{html.escape(names[p])} {card_html(c)}" for p, c in state.table) or "–"
        last = " ".join(f"{html.escape(names[p])} {card_html(c)}" for p, c in state.last_trick)
        if last:
            last += f" → <b>{html.escape(names[state.last_winner])}</b>"

        heads = [T._("Player"), T._("Tempo"), T._("Tricks"), T._("Bonus"), T._("Points"),
                 T._("Canoe"), T._("Hand")]
        # each cell names its column: on a phone the rows are stacked, a label before each value
        said = {column: f' data-label="{html.escape(heads[column])}"' for column in range(1, 7)}

        def changed(key: str, shown: str, column: int) -> str:
            if was.get(key) != facts.get(key):
                return (f'<td class="cy-num cy-changed"{said[column]}><mark>{shown}</mark>'
                        f'<span class="tp-sr"> ({html.escape(T._("changed"))})</span></td>')
            return f'<td class="cy-num"{said[column]}>{shown}</td>'

        rows = []
        # the coach's hint marks the card to play as a step's marks frame fields (data-mark)
        marked = set(names_of(hint(getattr(frame, "view", None), "mark")))
        settled = state.phase in ("move", "over")
        deciding = self.game.to_move(state)
        # a step asking who starts, who deals or how far a canoe goes: the panel does not say
        # it while it is asked ("Who is the start player?" beside "▶ Herman start")
        # (a frame that carries a question but not its answer is the board it is asked on)
        asked = (getattr(getattr(frame, "question", None), "fact", None)
                 if getattr(frame, "answer", None) is None else None)
        if asked == "start_player" and state.phase == "launch":
            deciding = None  # the start player launches first
        for p, name in enumerate(names):
            roles = [word for who, word, fact in ((state.dealer, T._("dealer"), "dealer"),
                                                  (state.start_player, T._("start"), "start_player"))
                     if who == p and fact != asked]
            points = facts[f"points.{name}"] if settled else ""
            if facts[f"left_over.{name}"] is not None:
                points = T._("{points} ({left} left)", points=points, left=facts[f"left_over.{name}"])
            bonus = f"+{facts[f'bonus.{name}']}" if settled and facts[f"made.{name}"] else "–"
            if asked in (f"points.{name}", f"bonus.{name}", f"made.{name}"):
                points = bonus = "?"
            now = p == deciding
            # the hand of the player to play a card to the trick: each card a click plays
            playing = now and state.phase == "tricks"
            hand = hand_cards(state.hands[p], playing, marked) or "–"
            rows.append(
                f'<tr class="{"cy-turn" if now else ""}"><td>{"▶ " if now else ""}'
                f'<span class="cy-disc" style="background:{CANOE_COLOURS[p % 6]};color:{CANOE_INK[p % 6]}">'
                f'{labels[p]}</span> <b>{html.escape(name)}</b> <small>{html.escape(" ".join(roles))}</small></td>'
                + changed(f"tempo_cards.{name}", html.escape(str(facts[f"tempo_cards.{name}"])).replace("-", "–"), 1)
                + changed(f"tricks.{name}", str(facts[f"tricks.{name}"]), 2)
                + f'<td class="cy-num"{said[3]}>{bonus}</td>'
                f'<td class="cy-num"{said[4]}>{html.escape(str(points))}</td>'
                f'<td{said[5]}>{html.escape(fact_words(field_text(state.board, state.canoes[p])))}</td>'
                f'<td class="cy-hand"{said[6]}>{hand}</td></tr>')
        winner = ""
        if state.phase == "over":
            outcome = self.game.outcome(state)
            together = T._(" and ").join(names[w] for w in outcome.winners)
            winner = f'<div class="cy-winner">{html.escape(T._("Winner: {names}", names=together))}</div>'
        head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in heads)
        skipped = f" <small>{html.escape(T._('(rounds 6-9 skipped)'))}</small>" if state.skip else ""
        last_trick = (f' &nbsp; <b>{html.escape(T._("Last trick"))}</b> {last}' if last else "")
        return (f'<div class="cy-table"><div class="cy-line"><b>{html.escape(T._("Round counter"))}</b> '
                f"{counter_html(state)}{skipped}</div>"
                f'<div class="cy-line"><b>{html.escape(T._("Trump"))}</b> {trump} &nbsp; '
                f'<b>{html.escape(T._("On the table"))}</b> {table}{last_trick}</div>{winner}'
                f'<div class="cy-scroll" tabindex="0" role="region" aria-label="{html.escape(T._("Players"))}">'
                f'<table class="cy-players"><tr>{head}</tr>{"".join(rows)}</table></div>'
                f'<div class="cy-line">{html.escape(T._("Phase:"))} <b>{html.escape(phase_display(state.phase))}</b></div></div>')

    def legend(self, frame: Any) -> str:
        state = getattr(frame, "state", None)
        rings = (T._("Rings: the free start docks, where the canoe on turn may be put.")
                 if getattr(state, "phase", None) == "launch"  # the rings are Launch's docks
                 else T._("Rings: where the canoe on turn may end; a dashed arrow: a canoe "
                          "pushed on by the current; a dashed ring: a pushed canoe."))
        lines = [
            T._("Light blue: water; bluer with an arrow: the current (where it drifts); brown, "
                "hatched: mountains; green with a dot: islands; S: start dock; ⌂: landing dock; "
                "≋: the waterfall; dark: the rock cave."),
            rings,
            T._("Red ✖: the refused move's field; yellow frame: what the step talks about."),
            T._("Bonus for making the tempo exactly: tempo 0 → +1, tempo 1 → +2, tempo 2 or "
                "more → +3."),
        ]
        return '<div class="cy-legend">' + "".join(f"<p>{html.escape(x)}</p>" for x in lines) + "</div>"

    # ---- the text alternative -----------------------------------------------------------------------
    def overview(self, state) -> str:
        facts = self.game.facts(state)

        def place(p: str) -> str:  # a canoe not yet placed stands on no field ("on off")
            field = facts[f"canoe.{p}"]
            if field == "off":
                return T._("{player} not yet on the river", player=p)
            if field == "cave":
                return T._("{player} in the rock cave", player=p)
            return T._("{player} on {field}", player=p, field=field)

        canoes = ", ".join(place(p) for p in state.players)
        if state.phase == "over":  # nobody is on turn: the winner is told instead
            return T._("Canyon river. Phase: {phase}. Canoes: {canoes}. Winner: {names}.",
                       phase=phase_display(facts["phase"]), canoes=canoes,
                       names=self.fact_value(facts["winner"], "winner"))
        return T._("Canyon river. Phase: {phase}. Canoes: {canoes}. {player} is on turn.",
                   phase=phase_display(facts["phase"]), canoes=canoes,
                   player=facts["turn"])

    phrases = {
        "canoe": Phrase(lambda key, old, new: _canoe_goes(key, old, new)),
        "tempo_cards": Phrase(lambda key, old, new: T._("{player} lays tempo {cards}.",
                                                        player=key, cards=new)
                              if new != "-" else ""),
        # a new round sets the tricks back to 0: nobody "has won 0 tricks" of the round played
        "tricks": Phrase(lambda key, old, new: T.n_("{player} has won {n} trick.",
                                                    "{player} has won {n} tricks.", new,
                                                    player=key) if new else ""),
        "rounds_played": Phrase(lambda key, old, new: T._("A new round is dealt.")),
        "trump_card": Phrase(lambda key, old, new: T._("Trump: {card}.", card=fact_words(new))
                             if new != "none" else ""),
        "last_trick": Phrase(lambda key, old, new: T._("{player} takes the trick.", player=new)
                             if key == "winner" and new != "none" else ""),
        "table": Phrase(lambda key, old, new: T._("On the table: {cards}.", cards=fact_words(new))
                        if new != "-" else ""),
        "pushed": Phrase(lambda key, old, new: T._("Pushed on: {players}.", players=new)
                         if new != "-" else ""),
        "phase": Phrase(lambda key, old, new: T._("Phase: {phase}.", phase=phase_display(new))),
        "turn": Phrase(lambda key, old, new: T._("{player} is on turn.", player=new)
                       if new != "none" else ""),
        "winner": Phrase(lambda key, old, new: T._("Winner: {names}.", names=new)
                         if new != "none" else ""),
    }


def _canoe_goes(player: str, old: str, new: str) -> str:
    """A canoe's move in words: placed on its start dock, swept into the rock cave, out of it."""
    if old == "off":
        return T._("{player} puts the canoe on {field}.", player=player, field=new)
    if new == "cave":
        return T._("{player}'s canoe goes over the waterfall into the rock cave.", player=player)
    if old == "cave":
        return T._("{player}'s canoe leaves the rock cave for {field}.", player=player, field=new)
    return T._("{player}'s canoe goes from {old} to {new}.", player=player, old=old, new=new)


# ---- the engine's words in the page's language ---------------------------------------------------
_FACT_WORDS = re.compile(r"\b(?:blue|green|red|yellow|purple|cave|off)\b")


def fact_words(value: object) -> str:
    """A fact's value as the learner reads it: card colours and the places "cave" and "off"
    (the engine's own words) in the page's language.

    >>> fact_words("Anne blue 7, Carl cave")
    'Anne blue 7, Carl cave'
    """
    said = {**colour_words(), "cave": T._("cave"), "off": T._("off the river")}
    return _FACT_WORDS.sub(lambda found: said[found.group(0)], str(value))


#: the facts whose "none" is a person
_PERSONS = ("turn", "lead", "winner", "last_trick.winner")


# ---- the card table -----------------------------------------------------------------------------
def suit_letter(suit: str) -> str:
    """A card's suit as a letter or two beside its value, in the page's language: its colour's
    first letters there ("G" is giallo on an Italian page, so green is "Ve"; each unlike the
    others: Dutch groen and geel, Italian verde and viola begin alike).

    >>> suit_letter("green"), suit_letter("hidden")
    ('G', '?')
    """
    return {**suit_letters(), "hidden": "?"}.get(suit, "")  # the letters a learner types too


def card_html(card, target: str | None = None, marked: bool = False) -> str:
    """A card: its value and its suit's letter on the suit's colour (colour is not the only
    cue); with ``target``, a click on it is the page's (:func:`card_target`); ``marked``: the
    coach's hint frames it (``data-mark``, as the board's marks)."""
    colour = SUIT_COLOURS.get(card.suit, "#666")
    hidden = card.suit == "hidden"  # an observation's hidden card names no card: "?"
    value = "?" if hidden else card.value
    title = "?" if hidden else fact_words(card)
    clicked = f' data-target="{html.escape(target)}"' if target and not hidden else ""
    if clicked and marked:
        clicked += f' data-mark="{html.escape(target)}"'
    return (f'<span class="cy-card" style="background:{colour}" title="{html.escape(title)}"{clicked}>'
            f'{value}<small>{html.escape(suit_letter(card.suit))}</small></span>')


#: a card in the hand as a click names it: ``card:green:5`` (in every language)
CARD_TARGET = re.compile(r"card:([a-z]+):(\d{1,2})")


def card_target(card) -> str:
    """A card of the hand as a click names it.

    >>> card_target(Card("green", 5))
    'card:green:5'
    """
    return f"card:{card.suit}:{card.value}"


def counter_html(state) -> str:
    cells = []
    for field, cards in enumerate(COUNTER, start=1):
        classes = ("cy-round" + (" cy-now" if field == state.counter else "")
                   + (" cy-skipped" if state.skip and field in SKIPPED else ""))
        title = T.n_("round {round}: {n} card", "round {round}: {n} cards", cards, round=field)
        cells.append(f'<span class="{classes}" title="{html.escape(title)}">'
                     f"<small>{field}</small><b>{cards}</b></span>")
    return "".join(cells)


# ---- free play --------------------------------------------------------------------------------
class CanyonPlay(FreePlay):
    """A game of Canyon being played (no widgets)."""

    def __init__(self, players: int | list = 4, seats=None, seed: int = 0, **options):
        players = players_option(players) if isinstance(players, int) else list(players)
        super().__init__(GAME, {**options, "players": players}, seats, seed, observe=True)

    def moves_for_click(self, state, target: str) -> list:
        card = CARD_TARGET.fullmatch(target)
        if card is not None:  # a card of the hand (the players' panel): played to the trick
            if state.phase != "tricks":
                return []
            return [Play(self.game.to_move(state), Card(card[1], int(card[2])))]
        try:
            field = state.board.field(target)
        except ValueError:
            return []
        if state.phase == "launch":
            return [Launch(state.turn, field)]
        if state.phase != "move":
            return []
        # the board rings a drift's field and a blocked canoe's own field too (_end_fields):
        # a click there means that move (the engine keeps the one that is legal)
        p, board = state.turn, state.board
        where, moves = state.canoes[p], [Paddle(state.turn, field)]
        if where >= 0 and board.is_current(where):
            to = drift_chain(state, p)[0][2]
            if field == (board.cave if to == CAVE else to):
                moves.append(Drift(p))
        if field == (board.cave if where == CAVE else where):
            moves.append(Stay(p))
        return moves

    def target_name(self, target) -> str:
        card = CARD_TARGET.fullmatch(str(target))
        return fact_words(Card(card[1], int(card[2]))) if card else str(target)

    def describe(self, before, move, after) -> str:
        words = self.game.move_display(before, move)  # the text names the player already
        if before.phase == "tricks" and after.last_trick and len(before.table) == before.seats - 1:
            return T._("{move} - {player} takes the trick", move=words,
                       player=before.players[after.last_winner])
        return words


class CanyonExtras(Extras):
    """The players and the round counter (every round, or the rulebook's optional rule that
    skips the short rounds 6-9) in the setup."""

    player_counts = tuple(range(3, 7))

    def fields(self, play: CanyonPlay) -> list[dict]:
        return [{"name": "rounds", "label": T._("Rounds"),
                 "options": [["all", T._("every round (8 cards down to 1 and back up)")],
                             ["skip", T._("skip rounds 6-9 (the short rounds)")]],
                 "value": "skip" if play.state.skip else "all"}]

    def options(self, play: CanyonPlay, values: dict) -> dict:
        options = super().options(play, values)
        options["skip"] = values.get("rounds", "skip" if play.state.skip else "all") == "skip"
        return options


KIT = Kit(CanyonPlay, CanyonDrawer, CanyonExtras, fresh_seed=True)
