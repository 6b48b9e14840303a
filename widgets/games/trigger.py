"""The Trigger boards as SVG: both boards (or the solo board and its score sheet).

* each 6 × 6 board in its colour (blue or yellow): face-up numbers large, stars as ★,
  face-down tiles dark (a tile turned in this very step shows its value dimly, so the learner
  can follow what was paid);
* over the board on turn: the dice, what they allow and the running total of the turn;
* a line that gives a bonus now: a green band along it, its lone tile ringed green (solid);
* the last chain reaction: each link's line as a thin orange band, its tile badged 1, 2, 3...
  in the order the reaction spread (a step's ``view.link = k`` shows it up to link k - the
  engine's ``chain_until`` gives that state - with "chain reaction: link k of n" over that
  board);
* lines the narration talks about (``view.lines``): a yellow band (in the legend too);
  ``view.mark``: tiles framed in yellow; a refused move: its tiles ringed red with ✖; a malus:
  the tile ringed orange (dashed); in free play, the tiles chosen for a flip ringed cyan;
* solo: the score sheet (lines 1-20, each roll and what it allowed, the running total, each
  try's score) in place of the second board;
* on a phone the two boards side by side would leave each tile ~22 px: the picture says how
  to fold it (``data-fold``: the box of each board, or of the board and the sheet;
  ``data-fold-at``: the one shown first, the board the step points at or the one on turn) and
  the page (``frame.js``) shows one at a time. A line over the other board (who lost the
  round) is drawn again under the one shown first.

Free play: two players, teams or solo; dice rolled by the shell. A person clicks number tiles
to choose a flip (``selected``, its running total shown over the board), then flips them; a
click on a lone tile takes its bonus, on a free star turns it, on a face-down tile of the
opponent's line claims a malus. Board elements are named ``"<side>:<compartment>"``.

>>> play = TriggerPlay({"mode": "solo"}, seed=2)
>>> play.players()
('Anna',)
>>> play.advance(), play.state.phase.value  # the shell rolls the dice
(1, 'play')
>>> play.play_text("end"), play.advance(), len(play.state.sheet)
(True, 1, 2)
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from tutor.trigger import (CELLS, COLUMNS, GAME, LINES, MODES, SHEET, SIZE, STAR, Bonus,
                           Flip, Malus, NextRound, Opening, Roll, Star, TriggerHints, board_of,
                           cell_name,
                           chain_until, colour_display, is_team, lines_display, losers,
                           parse_cell, phase_display, side_display)

from tutor.core.errors import IllegalMove
from widgets.games import Kit
from widgets.games.freeplay import PERSON, FreePlay, names
from widgets.games.session import Extras
from widgets.parts import svg
from widgets.parts.describe import Phrase, describe
from widgets.parts.drawing import BoardDrawer, hint, names_of, with_hints
from widgets.parts.texts import T


UP = {"blue": "#dce9ff", "yellow": "#fff2b3"}
DOWN = {"blue": "#233a7a", "yellow": "#6b5200"}
EDGE = {"blue": "#2b5bb5", "yellow": "#b88a00"}
BONUS, CHAIN, HINT, MARK, REFUSED, MALUS, CHOSEN = ("#1f9d3a", "#f07d00", "#ffd400", "#ffd400",
                                                   "#c62828", "#f07d00", "#0096c7")
STAR_COLOUR = "#f5b800"
U = 100
LEFT, GAP, TOP, BOTTOM = 56, 120, 206, 56
#: a board's box on a narrow page: its title's room too, short of the next board's row numbers
FOLD_W = LEFT + SIZE * U + GAP - 48


@dataclass(frozen=True)
class Hints:
    mark: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    board: str = ""
    link: int | None = None
    selected: tuple[str, ...] = ()


#: a board's title on two lines: the second line's distance below the first
TITLE_LINE = 34
#: the most letters of a player's name the board draws (a longer one is cut with "…", whole in
#: the title's tooltip and the text alternative): a title or a banner line with a very long
#: name was squeezed under 12 px on a phone
NAME_MOST = 14


#: the line over the boards: at most so many lines (a fourth ran into the board's title), its
#: names cut shorter step by step until it fits them
BANNER_LINES, BANNER_MOST = 3, (NAME_MOST, 11, 8, 6)


def short_name(name: str, most: int = NAME_MOST) -> str:
    """A player's name as the board draws it: cut to ``most`` letters with "…".

    >>> short_name("Anna"), short_name("Maximiliana-Josefina"), short_name("Anna", 3)
    ('Anna', 'Maximiliana-J…', 'An…')
    """
    return name if len(name) <= most else name[:most - 1] + "…"


def short_side(side: str, most: int = NAME_MOST) -> str:
    """A side's name (a team's "Anna+Ben") as the board draws it, each name cut."""
    return "+".join(short_name(name, most) for name in side.split("+"))


def _fits(line: str, room: float) -> bool:
    return len(line) * 30 * 0.58 <= room / 0.9


def _readable(line: str, room: float) -> bool:
    """Whether a line squeezed to its room keeps its letters 12 px on a phone (a board's 30
    drawn ~14.8 px there: squeezed by at most ~0.82, the guessed width short of a bold line's
    by ~5%)."""
    return len(line) * 30 * 0.58 <= room / 0.86


def lines_of(words: str, room: float) -> list[str]:
    """A line of the board's broken as :func:`two_lines` breaks it, again where a part is
    still too long (a team's long names in a banner).

    >>> lines_of("Wilhelmina-Ad… e Konstantinos-… vincono la manche; Maximiliana-J… e "
    ...          "Bartholomew-J… perdono 243 punti", 600)  # doctest: +NORMALIZE_WHITESPACE
    ['Wilhelmina-Ad… e Konstantinos-…', 'vincono la manche;', 'Maximiliana-J… e Bartholomew-J…',
     'perdono 243 punti']
    """
    lines = two_lines(words, room)
    if len(lines) == 1:
        return lines
    return [part for line in lines
            for part in ([line] if _fits(line, room) else lines_of(line, room))]


def two_lines(words: str, room: float) -> list[str]:
    """A line of the board's on one line, or on two (broken after a "; " or at a " · ") where
    one line would squeeze its letters by more than a tenth to fit its room: a phone shows a
    board's box ~360 px wide, where a team's title squeezed to one line was under 12 px
    (Italian: "▶ Cleo+Dirk · giallo: 34 scoperte, 363 pt · persi 0"). The width is guessed
    (0.58 of the size a letter, bold).

    >>> two_lines("▶ Anna · blue: 36 up, 367 pts · lost 0", 668)
    ['▶ Anna · blue: 36 up, 367 pts · lost 0']
    >>> two_lines("▶ Cleo+Dirk · giallo: 34 scoperte, 363 pt · persi 0", 668)
    ['▶ Cleo+Dirk · giallo: 34 scoperte, 363 pt', 'persi 0']
    >>> two_lines("Cleo+Dirk vince il round; Anna+Ben perde 243 punti", 600)
    ['Cleo+Dirk vince il round;', 'Anna+Ben perde 243 punti']

    Where no such break leaves both lines short enough (longer names), at a space:

    >>> two_lines("Maximiliana-J… throws the dice for Bartholomew-J…", 600)
    ['Maximiliana-J… throws the dice for', 'Bartholomew-J…']
    """
    def fits(line: str) -> bool:
        return len(line) * 30 * 0.58 <= room / 0.9

    # each break: the first line (a ";" kept, a " ·" not) and where the second starts
    breaks = [(words[:m.start()] + m.group(1).strip("· "), m.end())
              for m in re.finditer(r"( ·|;) ", words)][::-1]
    if fits(words):
        return [words]
    # the longest first line that fits (else the shortest one)
    first, on = next((b for b in breaks if fits(b[0])), breaks[-1]) if breaks else (words, 0)
    if breaks and fits(first) and fits(words[on:]) or _readable(words, room):
        return [first, words[on:]] if breaks else [words]
    spaces = [(words[:m.start()], m.end()) for m in re.finditer(" ", words)][::-1]
    return next(([a, words[at:]] for a, at in spaces if fits(a) and fits(words[at:])),
                [first, words[on:]] if breaks else [words])


def board_x(b: int) -> float:
    return LEFT + b * (SIZE * U + GAP)


def cell_xy(b: int, cell: int) -> tuple[float, float]:
    """Top-left corner of a compartment: board 0 on the left, row 1 at the top."""
    return board_x(b) + (cell % SIZE) * U, TOP + (cell // SIZE) * U


def centre(b: int, cell: int) -> tuple[float, float]:
    x, y = cell_xy(b, cell)
    return x + U / 2, y + U / 2


# ---- the pieces every board repeats, drawn once (a lesson built ahead draws thousands) --------
@cache
def _tile(b: int, cell: int, value: int, down: bool, colour: str, turned: bool) -> str:
    """A compartment's tile: face up with its number or star, face down (dimly numbered when
    ``turned`` in this step)."""
    x, y = cell_xy(b, cell)
    drawn = svg.rect(x + 4, y + 4, U - 8, U - 8, rx=6, fill=DOWN[colour] if down else UP[colour],
                     stroke=EDGE[colour], stroke_width=3)
    if down:
        if turned and value >= 0:  # turned in this step: shown dimly
            drawn += svg.text(x + U / 2, y + 62, "★" if value == STAR else value, 34,
                              fill="#d6def2", text_anchor="middle", cls="tg-dim")
    elif value == STAR:
        drawn += svg.text(x + U / 2, y + 72, "★", 64, fill=STAR_COLOUR, stroke="#7a5200",
                          stroke_width=2, text_anchor="middle", cls="tg-star")
    else:
        drawn += svg.text(x + U / 2, y + 66, value, 46, font_weight="bold", fill="#111",
                          text_anchor="middle")
    return drawn


@cache
def _coordinates(b: int) -> str:
    """A board's column letters under it and its row numbers beside it."""
    x0 = board_x(b)
    return "".join([svg.text(x0 + c * U + U / 2, TOP + SIZE * U + 42, COLUMNS[c], 32, fill="#334",
                             text_anchor="middle") for c in range(SIZE)]
                   + [svg.text(x0 - 26, TOP + r * U + U / 2 + 11, r + 1, 32, fill="#334",
                               text_anchor="middle") for r in range(SIZE)])


@lru_cache(maxsize=64)
def _hits(b: int, label: str) -> str:
    """The board's click targets, a transparent square per compartment (``side:cell``)."""
    return "".join(svg.rect(*cell_xy(b, c), U, U, fill="transparent", cls="tg-hit",
                            target=f"{label}:{cell_name(c)}") for c in range(CELLS))


class TriggerDrawer(BoardDrawer):
    """Two boards (or the solo board and its sheet), the dice and the running total."""

    def fact_value(self, value: Any, key: str | None = None) -> str:
        """A fact's value in the page's language (names, numbers and tiles as they are)."""
        head = (key or "").split(".")[0]
        if isinstance(value, str) and value:
            if head == "phase":
                return phase_display(value)
            if head == "board":
                return colour_display(value)
            if head in ("bonus", "missed", "chain") and key != "chain.tiles":
                return lines_display(value)
            if head == "turn" and value == "chance":
                # Translators: nobody moves: the dice are thrown
                return T.p_("turn", "the dice")
        return super().fact_value(value, key)

    def hints(self, frame: Any) -> Hints:
        view = getattr(frame, "view", None)
        link = hint(view, "link")
        try:
            link = int(link) if link is not None and not isinstance(link, bool) else None
        except (TypeError, ValueError):
            link = None  # a hint that names no link is ignored, never an error for the learner
        return Hints(mark=tuple(names_of(hint(view, "mark"))),
                     lines=tuple(names_of(hint(view, "lines"))),
                     board=str(hint(view, "board", "")), link=link,
                     selected=tuple(names_of(hint(view, "selected"))))

    def mark_targets(self, view: Any, targets) -> Any:
        """Places are named ``"<side>:<compartment>"``; a step's marks are on one board (the
        ``board`` pointed at): the hint's places on the first place's board."""
        if not targets:
            return view
        side = str(targets[0]).rpartition(":")[0]
        cells = [name for at, _, name in (str(t).rpartition(":") for t in targets) if at == side]
        return with_hints(view, board=side, mark=tuple(dict.fromkeys(
            (*names_of(hint(view, "mark", ())), *cells))))

    # ---- the board ------------------------------------------------------------------------------
    def board(self, frame: Any, seat: int | None = None) -> str:
        hints, full = self.hints(frame), frame.state
        # the state drawn: a chain reaction only up to the step's link
        state = full if hints.link is None else chain_until(full, hints.link)
        partial = state is not full
        solo = len(state.boards) == 1
        labels = [state.label(b) for b in range(len(state.boards))]
        pointed = labels.index(hints.board) if hints.board in labels else state.side
        turned = self._turned_now(frame, state, partial)
        facts = self.game.facts(state)
        parts, drop = [], 0
        for b, board in enumerate(state.boards):
            colour = facts[f"board.{labels[b]}"]  # the engine says which bag a board is
            parts.append(svg.group(self._tiles(board, b, colour, turned.get(b, set())),
                                   cls="tg-tiles", data_side=labels[b], data_colour=colour))
            parts.append(_coordinates(b))
            room = FOLD_W - LEFT - 4 if b + 1 < len(state.boards) else SIZE * U + 18
            lines = two_lines(self._title(state, b), room)
            if b == state.side:  # the dice, under this title, lower with its second line
                drop = TITLE_LINE * (len(lines) - 1)
            cut = short_side(labels[b]) != labels[b]  # the whole title: its tooltip
            for k, line in enumerate(lines):
                fit = ({"text_length": room, "length_adjust": "spacingAndGlyphs"}
                       if len(line) * 30 * 0.58 > room else {})  # a longer name's line
                said = svg.text(board_x(b) - 6, 40 + TITLE_LINE * k, line, 30, font_weight="bold",
                                fill="#111", cls="tg-title", data_name=labels[b] if cut else None,
                                **fit)
                parts.append(said.replace(">", ">" + svg.title(self._title(state, b, whole=True)),
                                          1) if cut else said)
            parts += self._bands(state, board, b, hints if b == pointed else None)
        parts += self._chain(state)
        parts += self._frames(pointed, hints.mark, MARK, "tg-mark", labels[pointed])
        parts += self._frames(state.side, hints.selected, CHOSEN, "tg-chosen")
        parts += self._move(frame, state)
        parts += self._dice(frame, state, hints, drop)
        for most in BANNER_MOST:  # long names cut shorter until the line fits its room
            banner, lost = self._banner(state, full, partial, most)
            lines = [part for line in banner.split("\n") if line
                     for part in lines_of(line, SIZE * U)]
            if len(lines) <= BANNER_LINES and all(_readable(line, SIZE * U) for line in lines):
                break
        at = state.side if partial else (1 if len(state.boards) > 1 and state.side == 0 else 0)
        height = TOP + SIZE * U + BOTTOM
        folded_height = height  # the box of the board shown first on a narrow page
        for k, line in enumerate(lines):
            fit = ({"text_length": SIZE * U, "length_adjust": "spacingAndGlyphs"}
                   if len(line) * 30 * 0.58 > SIZE * U else {})  # a longer language's line
            parts.append(svg.text(board_x(at) - 6, TOP - 16 - 38 * (len(lines) - 1 - k), line,
                                  30, font_weight="bold", fill="#8e1b14", cls="tg-banner",
                                  data_losers=lost, **fit))
            if at != pointed:  # folded, the other board's line would be away: again below
                parts.append(svg.text(board_x(pointed) - 6, height + 20 + 38 * k, line, 30,
                                      font_weight="bold", fill="#8e1b14", cls="tg-fold-only",
                                      **fit))
                folded_height = height + 40 + 38 * k
        if solo:
            parts += self._sheet(state)
        parts += [_hits(b, label) for b, label in enumerate(labels)]
        width = board_x(1) - LEFT + FOLD_W  # the right board's box on a narrow page, whole
        boxes = [f"{board_x(b) - LEFT:g},0,{FOLD_W:g},{folded_height if b == pointed else height:g}"
                 for b in range(2)]
        names = [short_side(label) for label in labels] if not solo else [
            short_name(labels[0]), T._("Score sheet")]
        return svg.document(width, height, parts, label=self.describe(frame),
                            cls="tutor-svg tg-board", data_fold=" ".join(boxes),
                            data_fold_at=pointed, data_fold_names="|".join(names),
                            data_fold_label=T._("Board shown"))

    @staticmethod
    def _turned_now(frame, state, partial: bool) -> dict[int, set[int]]:
        if partial:  # this step shows these links: their tiles show their values
            return {state.side: {cell for _, cell in state.chain}}
        before = frame.before
        if before is None or frame.refusal is not None or len(before.boards) != len(state.boards):
            return {}
        return {b: {c for c in range(CELLS) if state.boards[b].down[c] and not old.down[c]}
                for b, old in enumerate(before.boards)}

    @staticmethod
    def _tiles(board, b: int, colour: str, turned: set[int]) -> list[str]:
        return [_tile(b, cell, board.values[cell], board.down[cell], colour, cell in turned)
                for cell in range(CELLS)]

    def _bands(self, state, board, b: int, hints: Hints | None) -> list[str]:
        """Bonus lines (green, wide), the chain's lines (orange, thin), the lines the step
        talks about (yellow, wide)."""
        live = b == state.side and state.phase in ("roll", "play")
        bonus = {line.name: cell for line, cell in board.bonus_lines()} if live else {}
        linked = {name for name, _ in state.chain} if b == state.side else set()
        hinted = set(hints.lines) if hints is not None else set()
        parts = []
        for line in LINES:
            kind = ("chain" if line.name in linked else "bonus" if line.name in bonus
                    else "hint" if line.name in hinted else None)
            if kind is None:
                continue
            (x1, y1), (x2, y2) = centre(b, line.cells[0]), centre(b, line.cells[-1])
            colour, width, opacity = {"chain": (CHAIN, 18, 0.8), "bonus": (BONUS, 52, 0.4),
                                      "hint": (HINT, 52, 0.45)}[kind]
            parts.append(svg.line(x1, y1, x2, y2, stroke=colour, stroke_width=width,
                                  stroke_linecap="round", opacity=opacity, cls=f"tg-{kind}"))
        for cell in bonus.values():
            x, y = cell_xy(b, cell)
            parts.append(svg.rect(x + 2, y + 2, U - 4, U - 4, fill="none", stroke=BONUS,
                                  stroke_width=9, rx=8, cls="tg-lone"))
        return parts

    @staticmethod
    def _chain(state) -> list[str]:
        places = (cell_xy(state.side, cell) for _, cell in state.chain)
        return [svg.group([
            svg.circle(x + U - 22, y + 22, 20, fill=CHAIN, stroke="#fff", stroke_width=3),
            svg.text(x + U - 22, y + 31, i + 1, 26, font_weight="bold", fill="#111",
                     text_anchor="middle")], cls="tg-badge") for i, (x, y) in enumerate(places)]

    @staticmethod
    def _frames(b: int, names, colour: str, cls: str, side: str = "") -> list[str]:
        parts = []
        for cell in (parse_cell(str(n)) for n in names):
            if cell is None:
                continue  # a hint naming no compartment is ignored
            x, y = cell_xy(b, cell)
            parts.append(svg.rect(x + 1, y + 1, U - 2, U - 2, fill="none", stroke="#111",
                                  stroke_width=13, rx=8))
            parts.append(svg.rect(x + 1, y + 1, U - 2, U - 2, fill="none", stroke=colour,
                                  stroke_width=8, rx=8, cls=cls,
                                  data_mark=f"{side}:{cell_name(cell)}" if side else None))
        return parts

    @staticmethod
    def _move(frame, state) -> list[str]:
        move, before = frame.move, frame.before
        cells = list(move.cells) if isinstance(move, Flip) else (
            [move.cell] if isinstance(move, (Bonus, Star, Malus)) else [])
        if not cells:
            return []
        board = board_of(before if before is not None else state, move)
        parts = []
        for cell in (c for c in cells if 0 <= c < CELLS):
            x, y = cell_xy(board, cell)
            if frame.refusal is not None:
                parts.append(svg.rect(x + 1, y + 1, U - 2, U - 2, fill="none", stroke=REFUSED,
                                      stroke_width=9, rx=8, cls="tg-refused"))
                parts.append(svg.text(x + U - 20, y + 30, "✖", 28, fill=REFUSED,
                                      text_anchor="middle"))
            elif isinstance(move, Malus):
                parts.append(svg.rect(x + 1, y + 1, U - 2, U - 2, fill="none", stroke=MALUS,
                                      stroke_width=9, rx=8, stroke_dasharray="14 8",
                                      cls="tg-malus", data_side=state.label(board),
                                      data_cell=cell_name(cell)))
        return parts

    def _dice(self, frame, state, hints: Hints, drop: float = 0) -> list[str]:
        dice = state.dice if state.phase in ("play", "round over", "over") else None
        if not dice:
            return []
        x0 = board_x(state.side)
        parts = []
        for i, value in enumerate(dice):
            parts.append(svg.rect(x0 + i * 80, 58 + drop, 66, 66, rx=12, fill="#fff",
                                  stroke="#111", stroke_width=4))
            parts.append(svg.text(x0 + i * 80 + 33, 104 + drop, value, 40, font_weight="bold",
                                  text_anchor="middle"))
        question = getattr(frame, "question", None)  # a drill asking what the roll allows
        if getattr(question, "fact", None) == "roll" and getattr(frame, "answer", None) is None:
            return parts
        allowance = self.game.facts(state)["roll"]
        a, b = dice
        said = (T._("{a} + {b}: a double, worth {allowance}", a=a, b=b, allowance=allowance)
                if a == b else T._("{a} + {b} = {allowance}", a=a, b=b, allowance=allowance))
        room = FOLD_W - LEFT - 176 - 10  # inside the board's box on a narrow page too
        fit = ({"text_length": room, "length_adjust": "spacingAndGlyphs"}
               if len(said) * 28 * 0.58 > room else {})
        parts.append(svg.text(x0 + 176, 86 + drop, said, 28, font_weight="bold", cls="tg-roll",
                              **fit, data_dice=f"{a} {b}", data_allowance=allowance))
        running = self._running(frame, state, hints)
        fit = ({"text_length": room, "length_adjust": "spacingAndGlyphs"}
               if len(running) * 26 * 0.56 > room else {})
        parts.append(svg.text(x0 + 176, 122 + drop, running, 26, fill="#333", cls="tg-total",
                              **fit))
        return parts

    def _running(self, frame, state, hints: Hints) -> str:
        """What the turn has paid so far (or is choosing, in free play), from the facts."""
        facts = self.game.facts(state)
        allowance, spent, left = facts["roll"], facts["spent"], facts["left"]
        board = state.boards[state.side]
        chosen = [c for c in (parse_cell(n) for n in hints.selected) if c is not None]
        if chosen:
            total = sum(board.values[c] for c in chosen)
            return T._("choosing {parts} = {total}; {left} of {allowance} left now",
                       parts=" + ".join(str(board.values[c]) for c in chosen), total=total,
                       left=left, allowance=allowance)
        move = frame.move
        if isinstance(move, Flip) and frame.refusal is None and frame.before is not None:
            paid = frame.before.boards[frame.before.side]
            parts = " + ".join(str(paid.values[c]) for c in move.cells)
            earlier = f"{frame.before.spent} + " if frame.before.spent else ""
            return T._("paid {parts} = {spent} of {allowance}, {left} left",
                       parts=earlier + parts, spent=spent, allowance=allowance, left=left)
        return T._("paid {spent} of {allowance}, {left} left", spent=spent, allowance=allowance,
                   left=left)

    def _title(self, state, b: int, whole: bool = False) -> str:
        """A board's title: the side's names cut (:func:`short_name`) unless ``whole``."""
        facts = self.game.facts(state)
        name = state.label(b)
        board = state.boards[b]
        on_turn = b == state.side and state.phase in ("roll", "play")
        words = T._("{side} · {colour}: {up} up, {points} pts",
                    side=name if whole else short_side(name),
                    colour=colour_display(facts[f"board.{name}"]), up=board.count_up(), points=board.points())
        if not state.setup.solo:
            words += " · " + (T._("won {won}", won=facts[f"won.{name}"])
                              if state.setup.scoring == "rounds"
                              else T._("lost {lost}", lost=facts[f"lost.{name}"]))
        return ("▶ " if on_turn else "") + words

    def _banner(self, state, full, partial: bool,
                most: int = NAME_MOST) -> tuple[str, str | None]:
        """The line over the boards, and (at the end of a round) who lost it, as the engine
        counts the round (:func:`tutor.trigger.losers`); names cut to ``most`` letters."""
        if partial:
            return T._("Chain reaction: link {link} of {links}", link=len(state.chain),
                       links=len(full.chain)), None
        if state.phase == "opening":  # the book's words (1. BEGIN VAN HET SPEL, line 29)
            # two lines of at most ~40 letters each: a phone's board keeps them 12 px
            return T._("Opening roll: whoever rolls lowest\nthrows the dice first, for the "
                       "opponent"), None
        facts = self.game.facts(state)
        if facts["thrower"] and facts["thrower"] != facts["player"] and state.phase == "roll":
            return T._("{thrower} throws the dice for {player}",
                       thrower=short_name(facts["thrower"], most),
                       player=short_name(facts["player"], most)), None
        if state.phase not in ("round over", "over") or not state.results:
            return "", None
        winner, points = state.results[-1]
        if state.setup.solo:
            return (T._("Board clear! Score {score}", score=points) if state.boards[0].cleared()
                    else T._("Sheet full. Score {score}", score=points)), None
        lost = ", ".join(state.label(s) for s in losers(state, winner))
        side = short_side(state.label(winner), most)  # a team wins (and loses) as a team:
        # "Anna and Ben win"; a very long name cut as in the titles
        won = (T._("{team} win the round", team=side_display(side)) if is_team(side)
               else T._("{winner} wins the round", winner=side))
        if state.setup.scoring == "rounds":  # children count rounds won, no points (trigger.end)
            return won, lost
        loses = (T.n_("{team} lose {n} point", "{team} lose {n} points", points,
                      team=side_display(short_side(lost, most))) if is_team(lost)
                 else T.n_("{losers} loses {n} point", "{losers} loses {n} points", points,
                           losers=short_side(lost, most)))
        return f"{won}; {loses}", lost

    def _sheet(self, state) -> list[str]:
        x0 = board_x(1)
        parts = [svg.rect(x0, TOP, SIZE * U, SIZE * U, fill="#fffef5", stroke="#555",
                          stroke_width=3),
                 svg.text(x0, 40, T._("Score sheet"), 30, font_weight="bold")]
        total = 0
        for i in range(SHEET):
            x, y = x0 + 20 + (i // 10) * 300, TOP + 48 + (i % 10) * 50
            if i < len(state.sheet):
                a, b = state.sheet[i]
                allowance = state.setup.allowance((a, b))
                total += allowance
                words, ink = T._("{line}. {a}+{b} → {allowance}  Σ{total}", line=i + 1, a=a, b=b,
                                 allowance=allowance, total=total), "#111"
            elif i < len(state.script):
                a, b = state.script[i]
                words, ink = T._("{line}. ({a}+{b})", line=i + 1, a=a, b=b), "#555"
            else:
                words, ink = f"{i + 1}. …", "#555"
            parts.append(svg.text(x, y, words, 28, fill=ink, font_family="monospace"))
        parts.append(svg.text(x0 + 20, TOP + SIZE * U - 20, T._("Try {round}", round=state.round),
                              28, font_weight="bold"))
        # the tries' scores under the sheet's title, as many a line as fit the sheet's width
        # (up to 9 tries: on one line beside "Try 3" they ran out of the picture)
        lines: list[str] = []
        for n, (_, score) in enumerate(state.results, 1):
            said = T._("try {number}: {score}", number=n, score=score)
            if lines and len(f"{lines[-1]} · {said}") * 26 * 0.58 <= SIZE * U:
                lines[-1] += f" · {said}"
            else:
                lines.append(said)
        parts += [svg.text(x0, 80 + 30 * k, line, 26, font_weight="bold", cls="tg-scores")
                  for k, line in enumerate(lines)]
        return parts

    # ---- beside the board -------------------------------------------------------------------------
    def legend(self, frame: Any) -> str:
        items = [  # (what the board draws it for: its class there, the key, the words)
            ("tg-bonus", f'<span class="tg-key" style="--key:{BONUS}"></span>',
             T._("green band: a line with one number tile left, a free bonus (its tile ringed green)")),
            ("tg-chain", f'<span class="tg-key tg-thin" style="--key:{CHAIN}"></span>',
             T._("thin orange band and badges 1, 2, 3: the last chain reaction, link by link")),
            ("tg-hint", f'<span class="tg-key" style="--key:{HINT}"></span>',
             T._("yellow band: a line the step talks about; yellow frame: a tile it talks about")),
            ("tg-star", '<span class="tg-star-key">★</span>', T._("a star (25 points while face up)")),
            ("tg-dim", "", T._("dark tiles are face down; a dim number: turned in this step")),
            ("tg-refused", f'<span class="tg-ring" style="--key:{REFUSED}">✖</span>',
             T._("red ring with ✖: a refused move")),
            ("tg-malus", f'<span class="tg-ring tg-dashed" style="--key:{MALUS}"></span>',
             T._("dashed orange ring: a malus")),
        ]
        lines = "".join(f'<div data-legend="{drawn}">{key} {html.escape(words)}</div>'
                        for drawn, key, words in items)
        # the tile set is ours (tutor/trigger/tiles.toml): the book only pictures the tiles
        note = T._("Reconstruction: the rulebook only pictures the tiles. This tutor uses numbers "
                   "1 to 12, three of each, and 8 stars, 44 tiles per colour.")
        return (f'<div class="tg-legend">{lines}<div data-note="tiles"><i>{html.escape(note)}'
                '</i></div></div>')

    # ---- the text alternative -----------------------------------------------------------------------
    def overview(self, state) -> str:
        facts = self.game.facts(state)
        sides = "; ".join(T._("{side}: {up} tiles face up", side=side_display(state.label(b)),
                              up=facts[f"up.{state.label(b)}"]) for b in range(len(state.boards)))
        if state.setup.solo and state.phase in ("round over", "over") and state.results:
            # alone a try ends with a score, not a winner (SPEL VOOR 1 SPELER)
            return " ".join((T._("Trigger boards. {sides}. Phase: {phase}.", sides=sides,
                                 phase=phase_display(facts["phase"])), _try_over(state)))
        if is_team(facts["winner"]):  # the round is over: who won it (a team as a team)
            return T._("Trigger boards. {sides}. Phase: {phase}; {team} won the last round.",
                       sides=sides, phase=phase_display(facts["phase"]),
                       team=side_display(facts["winner"]))
        if facts["winner"]:  # the round is over: nobody plays a turn (the engine's "turn" is
            # who starts the next round); who won it is said instead
            return T._("Trigger boards. {sides}. Phase: {phase}; {winner} won the last round.",
                       sides=sides, phase=phase_display(facts["phase"]), winner=facts["winner"])
        if facts["turn"] == "chance":  # the dice are thrown: by whom, for whom
            return " ".join((T._("Trigger boards. {sides}. Phase: {phase}.", sides=sides,
                                 phase=phase_display(facts["phase"])),
                             _dice(facts, len(state.players) > len(state.boards),
                                   _replayed(state))))
        return T._("Trigger boards. {sides}. Phase: {phase}; {turn} is on turn.", sides=sides,
                   phase=phase_display(facts["phase"]), turn=facts["turn"] or "–")

    def _turn(self, state) -> Phrase:
        """Who is on turn after a move: nobody once the round is over (the winner is said);
        for the dice (the engine's turn is then "chance"), who throws them for whom."""
        def say(key, old, new) -> str:
            facts = self.game.facts(state)
            if not new or facts["winner"] or state.phase in ("round over", "over"):
                return ""
            return (_dice(facts, len(state.players) > len(state.boards), _replayed(state))
                    if new == "chance"
                    else T._("{player} is on turn.", player=new))
        return Phrase(say)

    @staticmethod
    def _tries(state) -> Phrase:
        """Alone, how a try ended, said when its score is written (no winner: a score)."""
        return Phrase(lambda key, old, new: _try_over(state)
                      if new and len(str(new).split()) > len(str(old or "").split()) else "")

    def describe(self, frame: Any) -> str:
        link, chain = self.hints(frame).link, frame.state.chain
        if link is None or not 1 <= link < len(chain):
            return describe(self.game, frame, {**self.phrases, "turn": self._turn(frame.state),
                                               "scores": self._tries(frame.state)},
                            overview=self.overview(frame.state))
        line, cell = chain[link - 1]
        said = dict(link=link, links=len(chain), line=lines_display(line), cell=cell_name(cell))
        if frame.move_words:
            return T._("Move: {move}. The chain reaction is shown up to link {link} of {links}: "
                       "{line}, its tile {cell} turned for free.", move=frame.move_words, **said)
        return T._("The chain reaction, link {link} of {links}: {line}, its tile {cell} "
                   "turned for free.", **said)

    phrases = {
        "dice": Phrase(lambda key, old, new: T._("Dice: {dice}.", dice=new) if new else ""),
        "spent": Phrase(lambda key, old, new: T._("Paid so far this turn: {spent}.", spent=new)
                        if new else ""),
        # a side's sentences: a team's with its own wording ("Anna and Ben have ...")
        "up": Phrase(lambda key, old, new: T.n_("{team} have {n} tile face up.",
                                                "{team} have {n} tiles face up.", new,
                                                team=side_display(key)) if is_team(key)
                     else T.n_("{side} has {n} tile face up.", "{side} has {n} tiles face up.",
                               new, side=key)),
        "bonus": Phrase(lambda key, old, new: T._("Bonus open for {side}: {lines}.",
                                                  side=side_display(key),
                                                  lines=lines_display(new)) if new else ""),
        "chain": Phrase(lambda key, old, new: T._("Chain reaction: {lines}.",
                                                  lines=lines_display(new))
                        if key == "" and new else ""),
        "missed": Phrase(lambda key, old, new: "" if not new else T._(
            "{team} left a bonus untaken on {lines}.", team=side_display(key),
            lines=lines_display(new)) if is_team(key) else T._(
            "{side} left a bonus untaken on {lines}.", side=key, lines=lines_display(new))),
        "winner": Phrase(lambda key, old, new: "" if not new else T._(
            "{team} win the round.", team=side_display(new)) if is_team(new) else T._(
            "{side} wins the round.", side=new)),
    }


def _try_over(state) -> str:
    """How the last solo try ended: the board cleared or the score sheet full, and its score
    (the rolls added up, SPEL VOOR 1 SPELER): a player alone has a score, not a rival."""
    number, score = len(state.results), state.results[-1][1]
    if state.boards[0].cleared():
        return T._("Try {number} is over: the board is clear. Score: {score}.", number=number,
                   score=score)
    return T._("Try {number} is over: the score sheet is full. Score: {score}.", number=number,
               score=score)


def _dice(facts, teams: bool = False, replayed: bool = False) -> str:
    """Who throws the dice for whom, a sentence (the rulebook: always for the other player);
    alone, a try after the first replays the score sheet's rolls (``replayed``): no throw."""
    if not facts["thrower"]:  # the opening roll: with teams, one die a team (trigger.teams)
        return T._("Each team rolls one die.") if teams else T._("Each player rolls one die.")
    if replayed:
        return T._("{player} replays the score sheet's next roll.", player=facts["player"])
    if facts["thrower"] == facts["player"]:  # alone
        return T._("{player} throws the dice.", player=facts["player"])
    return T._("{thrower} throws the dice for {player}.", thrower=facts["thrower"],
               player=facts["player"])


def _replayed(state) -> bool:
    """Whether the dice to come are a roll of the score sheet replayed (alone, a try after the
    first): the engine's one outcome of the roll."""
    return state.phase == "roll" and len(GAME.chance_outcomes(state)) == 1


def _opening_said(before, move: Opening, after) -> str:
    """The opening roll (trigger.opening): each side's die, and who rolled lowest and so opens
    the round (or a tie: rolled again)."""
    sides = [before.label(s) for s in range(len(move.dice))]
    rolls = ", ".join(f"{side_display(side)} {die}" for side, die in zip(sides, move.dice))
    if after.phase == "opening":
        return T._("Opening roll: {rolls}. A tie: each side rolls again.", rolls=rolls)
    opener = after.label(after.opener)
    if is_team(opener):
        return T._("Opening roll: {rolls}. {team} rolled lowest and open the round.", rolls=rolls,
                   team=side_display(opener))
    return T._("Opening roll: {rolls}. {side} rolled lowest and opens the round.", rolls=rolls,
               side=opener)


# ---- free play --------------------------------------------------------------------------------
class TriggerPlay(FreePlay):
    """A Trigger match being played (no widgets)."""

    selected: list[int]

    def __init__(self, options=None, seats=None, seed: int = 0, **more):
        self.selected = []
        options = {**dict(options or {}), **more}
        mode = options.get("mode", "two")
        if "players" not in options and mode in MODES:
            options["players"] = names(len(MODES[mode][0]))
        super().__init__(GAME, options, seats, seed)  # seats: a person, or a computer player

    def default_seats(self, state) -> tuple[str, ...]:
        """The first side's players are people, the other side's computers (solo: a person)."""
        return tuple(PERSON if p in state.sides[0] else "search" for p in range(len(state.players)))

    def automatic(self, state):
        return NextRound() if state.phase == "round over" else None

    def describe(self, before, move, after) -> str:
        """A malus says why a tile came face up again (the one who left the bonus may not
        have seen it happen: the computer claims it between two of their turns); the dice say
        who rolled what (the page opens after the opening roll and the first throw, made at
        once: "Dice: open 5 4" told a learner neither who rolled which die nor who opens).

        >>> play = TriggerPlay(seed=5)
        >>> _ = play.advance()
        >>> play.log
        ['Opening roll: Anna 5, Ben 4. Ben rolled lowest and opens the round.', 'Ben throws 1 and 5 for Anna.']
        """
        if isinstance(move, Opening):
            return _opening_said(before, move, after)
        if isinstance(move, Roll) and len(move.dice) == 2:
            facts = self.game.facts(before)
            dice = dict(first=move.dice[0], second=move.dice[1])
            if facts["thrower"] and facts["player"] and facts["thrower"] != facts["player"]:
                return T._("{thrower} throws {first} and {second} for {player}.",
                           thrower=facts["thrower"], player=facts["player"], **dice)
            if facts["player"] and _replayed(before):
                # a solo try after the first replays the score sheet's rolls (SPEL VOOR 1
                # SPELER: "dezelfde resultaten van de dobbelstenen"): nobody throws them
                return T._("{player} replays the score sheet's roll: {first} and {second}.",
                           player=facts["player"], **dice)
            if facts["player"]:  # alone
                return T._("{player} throws {first} and {second}.", player=facts["player"], **dice)
        if not isinstance(move, Malus):
            return super().describe(before, move, after)
        target = board_of(before, move)
        side = before.label(target)
        said = dict(player=before.players[before.member(before.side)],
                    line=lines_display(move.line), cell=cell_name(move.cell))
        if target == before.side:  # alone: one's own malus
            return T._("{player}: malus on {line}, {cell} face up again (its bonus was left "
                       "untaken).", **said)
        if is_team(side):
            return T._("{player}: malus on {line}, {cell} face up again: {team} left its bonus "
                       "untaken.", team=side_display(side), **said)
        return T._("{player}: malus on {line}, {cell} face up again: {side} left its bonus "
                   "untaken.", side=side, **said)

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
        board = state.boards[state.side]
        if side_clicked != state.side or board.down[cell]:
            return []
        return [Star(cell) if board.is_star(cell) else Bonus(cell)]

    def targets_of(self, state, move, names) -> list[str]:
        """A flip is clicked tile by tile on one's own board: each of its tiles."""
        if not isinstance(move, Flip):
            return super().targets_of(state, move, names)
        wanted = {f"{state.label(state.side)}:{cell_name(c)}" for c in move.cells}
        return [name for name in names if name in wanted]

    def open_maluses(self, state) -> list:
        """The maluses the engine lists now (a claim on a missed line)."""
        return [m for m in self.game.legal_moves(state) if isinstance(m, Malus)]

    def click(self, target) -> None:
        """A number tile of one's own board with no bonus on it is chosen or unchosen for a
        flip - chosen only while the engine accepts the flip with it."""
        side_clicked, cell = self.place(target)
        state = self.state
        if (self.person_to_move() and state.phase == "play" and cell is not None
                and side_clicked == state.side and not self.game.is_legal(state, Bonus(cell))
                and not isinstance(next(iter(self.moves_for_click(state, target)), None), Malus)):
            board = state.boards[state.side]
            if board.is_up(cell) and not board.is_star(cell):
                if cell in self.selected:
                    self.selected.remove(cell)
                else:
                    refused = self._refused_with(cell)
                    if refused is not None:  # the engine's reason, nothing chosen
                        self._refuse(*refused)
                        return
                    self.selected.append(cell)
                self.chose()
                self._changed()
                return
        super().click(target)

    def _refused_with(self, cell: int):
        """The engine's refusal (state, flip, IllegalMove) of turning ``cell`` after the chosen
        tiles, each a flip of its own one after another (the engine turns one tile a move);
        None when all of them fit the roll."""
        state = self.state
        for chosen in (*self.selected, cell):
            flip = Flip((chosen,))
            try:
                after = self.game.apply(state, flip)
            except IllegalMove as exc:
                return state, flip, exc
            state = after
        return None

    def _refuse(self, state, flip, exc: IllegalMove) -> None:
        """Show a refused choice as a refused move is shown (the engine's rule and reason)."""
        self._fresh()
        self.refusal, self.refused = exc, flip
        self.near = self.closest(flip)
        self.evidence.add(exc.rule_id, False, "play")
        self._changed()

    def flip_selected(self) -> None:
        """The chosen tiles turned one after another, each the engine's flip of one tile (it
        stops at one refused: the round may end with a tile before the last)."""
        for cell in list(self.selected):
            if not self.play(Flip((cell,))):
                return

    def forget(self) -> None:
        self.selected = []

    def target_name(self, target) -> str:
        return str(target).rpartition(":")[2]

    def summary(self) -> str:
        state, outcome = self.state, self.game.outcome(self.state)
        if state.setup.solo:  # a try ended by a full sheet is not won (trigger.solo.sheet)
            if len(state.full) == len(state.results):
                return T._("The game is over. No try turned every tile; your best score: {score}.",
                           score=outcome.scores[0])
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
        kept = {k: v for k, v in play.match.options.items() if k != "players"}
        if not isinstance(mode, str) or mode not in MODES:  # the engine says what is wrong
            return {**kept, "mode": mode}
        return {**kept, "mode": mode, "players": names(len(MODES[mode][0]))}

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
        lines = lines_display(", ".join(dict.fromkeys(m.line for m in maluses)))
        opponent = state.label(target)
        if maluses and target != state.side and is_team(opponent):  # a team as a team
            parts.append(T._("{team} left a bonus untaken on {lines}: click a face-down tile "
                             "of that line on their board for a malus, before you turn anything.",
                             team=side_display(opponent), lines=lines))
        elif maluses and target != state.side:  # (a solo game's self-malus is owed: the engine says so)
            parts.append(T._("{opponent} left a bonus untaken on {lines}: click a face-down tile "
                             "of that line on their board for a malus, before you turn anything.",
                             opponent=opponent, lines=lines))
        elif maluses:  # alone: the self-malus the engine lists comes first
            parts.append(T._("You left a bonus untaken on {lines}: first click a face-down tile "
                             "of that line for your malus.", lines=lines))
        parts.append(T._("{player} to play: click number tiles to choose a flip, a lone tile "
                         "(ringed green) for a bonus, a free star to turn it; then end the turn.",
                         player=state.players[play.mover()]))
        return " ".join(parts)


KIT = Kit(TriggerPlay, TriggerDrawer, TriggerExtras)
