"""The Trapper board as SVG, the players beside it in HTML.

The board (8 × 8 squares of 100 units, files a-h under it, ranks 1-8 beside it):

* face-down tiles dark brown; face-up tiles in their species' colour with their name and
  value (``bear`` / ``4``); a canoe shows "3 bears" above a boat; herbs and mushrooms are
  striped (a second cue beside the colour, for the species that look alike: elk and herb,
  salmon and mushroom);
* the water side of every face-up tile as a blue bar along that side (not where the young
  players' simplification leaves out the water rule);
* the four trappers as discs in their colours with their initial;
* the last take as an arrow from a dashed ring (where the trapper stood);
* the legal targets as dots in the colour of the trapper that can take them, each colour in
  its own corner of the tile; a refused take as a red frame with ✖; what the step talks
  about (``view.mark``) framed in yellow;
* in the tactical variant (the right to take is auctioned), a line over the board: the
  trapper named, the bid and its bidder, who passed, who decides now.

Beside the board (HTML): per player their cards, money, display and bonus tiles (▶ marks the
player deciding now); the piles; the bonus tiles left.

Hints (``frame.view``): ``targets`` (a colour, a list, or ``"none"``: whose legal targets to
dot; by default the trapper moved this turn, else all) and ``mark`` (squares to frame).

Free play: 2-4 seats, standard / young / tactical rules, the board through the eyes of the
person to move. A click on a trapper (or on one of the person's cards) chooses that trapper, a
click on a tile takes it. A card of the chosen trapper's colour pays one card; a card of
another colour then pays two of that colour (``trapper.cards.swap``). The moves that are not
takes are buttons; at the end, the ledger: every payment of the game with why it was paid.

>>> play = TrapperPlay(players=2, seats=("person", "computer"), seed=3)
>>> play.click("d6")  # one move takes d6 (Anna has no green card: two beige pay): played
>>> play.log[-1], play.choices
('Anna: green: take d6 paying beige beige', [])
>>> play.click("a1")  # green again (moved this turn): a face-down tile is refused
>>> play.refusal.rule_id
'trapper.take.face-down'
>>> play.state.trappers[0], len(play.match.moves)  # nothing changed
(43, 1)
"""
from __future__ import annotations

import html
import re
import textwrap
from dataclasses import dataclass
from typing import Any

from tutor.core.i18n import N_
from tutor.trapper import (AUCTION_OPEN, AUCTION_PAYING, CANOE, COLOURS, FILES, GAME, HERB,
                           HIDDEN, MUSHROOM, NEIGHBOURS, SPECIES, TILES, VARIANTS, AuctionTake,
                           Bid, DropOut, Take,
                           TrapperHints, auction_payments, auction_phase, colour_name, hand_shown,
                           ids_by_name, rules_of, said_colour, species_name, square_index,
                           square_name, tile_name)

from widgets.games import Kit
from widgets.games.freeplay import FreePlay, players_option
from widgets.games.session import Extras
from widgets.parts import svg
from widgets.parts.describe import Phrase
from widgets.parts.drawing import BoardDrawer, hint, names_of
from widgets.parts.texts import T


TRAPPER_COLOURS = {"green": "#2e9d3a", "blue": "#2249b8", "beige": "#e3c58f",
                   "purple": "#7b2fa8"}
#: Card colours in the panel: the trapper colours, green darkened so white text reads on it.
CARD_COLOURS = {**TRAPPER_COLOURS, "green": "#1d7430"}
#: The ink that reads on each trapper colour, and the trapper's initial on its disc.
INK = {"green": "#fff", "blue": "#fff", "beige": "#222", "purple": "#fff"}
SPECIES_COLOURS = {"mink": "#c9b6e4", "lynx": "#ffcf8a", "elk": "#b8dca0",
                   "bear": "#d2a77c", "wolf": "#c5ccd3", "salmon": "#ffb3a7"}
KIND_COLOURS = {HERB: "#7fcf7f", MUSHROOM: "#e0a080"}
BOAT_COLOURS = {"mink": "#6a45b0", "lynx": "#b86a00", "elk": "#3f6e20",
                "bear": "#6e4520", "wolf": "#4a6170", "salmon": "#b8402e"}
FACE_DOWN, BOARD, WATER, MARK, REFUSED = "#5b4636", "#e6e9ee", "#1479c9", "#ffd400", "#c62828"
TILE_EDGE, LABEL = "#3e2f24", "#1d1d1d"

U = 100  # a square
#: how thick a tile's water side is drawn
WATER_BAR = 13
LEFT, BOTTOM, PAD = 46, 46, 8  # room for the rank numbers and file letters
STATUS = 70  # the line over the board in the tactical variant
#: the smallest type on the board: on a phone (390 px: the board ~360 px wide for 854 units)
#: 29 units are 12 px; the tiles' words on a phone (``tt-fold-only``) are this size too
SMALL = 29
#: the tactical variant's lines on a phone: wrapped at this many characters, a line's height
PHONE_LINE, PHONE_LEADING = 42, 36


#: between a tile's words and its edge (or its water bar), each side
WORD_MARGIN = 2.5
#: a bold letter's width, in ems, as the board's words are measured before they are drawn
LETTER_EM = 0.62
#: the widest a bold letter draws on average (the browsers' bold sans: "2 minks" 0.63), for
#: deciding whether a squeezed word is still large enough
LETTER_EM_MOST = 0.64
#: the smallest a tile's word may be drawn on a laptop or projector, in units, a squeeze
#: counted: the board's plain words are 17 ("canoe"; test_phone_boards.py's WIDE_BEFORE)
WIDE_WORD_LEAST = 17


def fits(words: str, size: float, room: float) -> bool:
    """Whether ``words`` fit in ``room`` units, squeezed (``textLength``) no smaller than
    :data:`WIDE_WORD_LEAST`.

    >>> fits("1 bear", 20, 73), fits("2 nertsen", 20, 73), fits("3 bears", 20, 86)
    (True, False, True)
    """
    return size * min(1.0, room / (len(words) * size * LETTER_EM_MOST)) >= WIDE_WORD_LEAST


def squeezed(words: str, size: float, room: float) -> dict[str, object]:
    """The ``textLength`` that keeps ``words`` inside ``room`` units, if they need one."""
    if len(words) * size * LETTER_EM <= room:
        return {}
    return {"text_length": room, "length_adjust": "spacingAndGlyphs"}


def tile_colour(tile: int) -> str:
    info = TILES[tile]
    return SPECIES_COLOURS[info.species] if info.species else KIND_COLOURS[info.kind]


def tile_fill(tile: int) -> str:
    """A tile's fill: its colour, striped for herbs and mushrooms (see the legend)."""
    kind = TILES[tile].kind
    return f"url(#tt-{kind})" if kind in (HERB, MUSHROOM) else tile_colour(tile)


def tile_words(tile: int) -> tuple[str, str, str, str]:
    """What a face-up tile shows, in the page's language: its two lines (its species, or herb,
    mushroom, and its value; a canoe's animals, and "canoe"), and its two words on a phone
    (``tt-fold-only``): its species shortened, its value (a canoe's: how many it holds, on its
    boat).

    >>> tile_words(11), tile_words(18 + 6 * 3 + 5)
    (('3 bears', 'canoe', 'bear', '3'), ('bear', '4', 'bear', '4'))
    >>> tile_words(63)
    ('mushroom', '5', 'mush.', '5')
    """
    info, value = TILES[tile], str(TILES[tile].value)
    species = SPECIES.index(info.species) if info.species else None
    word = (species_name(species) if species is not None
            else T._("herb") if info.kind == HERB else T._("mushroom"))
    if info.kind == CANOE:
        return (f"{value} {species_name(species, plural=info.value != 1)}", T._("canoe"),
                short_word(info.species or info.kind), value)
    return word, value, short_word(info.species or info.kind), value


def short_word(kind: str) -> str:
    """A tile's word as a phone's tile shows it, by its species (or herb, mushroom): five
    letters at most (29 units, 12 px on a phone, fill a tile's width), in each language a real
    word or a dotted abbreviation that no other tile's word starts with and that reads as no
    other word (the Italian visone cut to five was "viso.", a face). The full words stay in
    the board's text alternative and the tile's tooltip.

    >>> short_word("bear"), short_word("salmon"), short_word("mushroom")
    ('bear', 'salm.', 'mush.')
    """
    # Translators: the words on a loot tile on a phone, 5 letters at most (more would be under
    # 12 px): the word itself, or a dotted abbreviation no other tile's word starts with
    words = {"mink": T.p_("tile on a phone", "mink"), "lynx": T.p_("tile on a phone", "lynx"),
             "elk": T.p_("tile on a phone", "elk"), "bear": T.p_("tile on a phone", "bear"),
             "wolf": T.p_("tile on a phone", "wolf"),
             "salmon": T.p_("tile on a phone", "salm."),
             HERB: T.p_("tile on a phone", "herb"),
             MUSHROOM: T.p_("tile on a phone", "mush.")}
    return words[kind]


def initials() -> dict[str, str]:
    """Each trapper's letters on its disc, from its colour's name in the page's language: the
    first letter, or as many as make it differ from a disc before it (green G, blue B, beige
    Be, purple P; in Italian verde V, blu B, beige Be, viola Vi)."""
    found: dict[str, str] = {}
    for c, colour in enumerate(COLOURS):
        name = colour_name(c)
        size = 1
        while name[:size].capitalize() in found.values() and size < len(name):
            size += 1
        found[colour] = name[:size].capitalize()
    return found


#: the engine's words in its facts (tiles, colours, bonus tiles), put in the page's language
_FACT_WORDS = re.compile(r"\btrapper (?:green|blue|beige|purple)\b|canoe of \d+ [a-z]+"
                         r"|\b(?:mink|lynx|elk|bear|wolf|salmon|herb|mushroom|canoe|species) \d+\b|\b(?:green|blue|beige|purple|nothing|empty|none)\b"
                         r"|\bface down\b")


#: a tile's water side (the fact ``water.<square>``) as its compass word
_SIDES = {"N": lambda: T._("north"), "E": lambda: T._("east"), "S": lambda: T._("south"),
          "W": lambda: T._("west")}


def fact_words(value: object) -> str:
    """A fact's value as the learner reads it: the engine's facts are written in its own words
    ("canoe of 2 bears + bear 1", "green 2, blue 0", "canoe 26"), the page in its language.

    >>> fact_words("canoe of 2 bears + bear 1 | green 2, canoe 26")
    'canoe of 2 bears + bear 1 | green 2, canoe 26'
    """
    def one(found: re.Match[str]) -> str:
        word = found.group(0)
        if word.startswith("trapper "):  # a square's fact: "trapper blue" (il Trapper blu)
            # Translators: what stands on a square; nl "{colour:adj} trapper", it "Trapper
            # {colour}" (the glossary's word)
            return T.p_("on a square", "{colour} trapper",
                        colour=said_colour(COLOURS.index(word.split()[1])))
        tiles = ids_by_name(word)
        if tiles:
            return tile_name(tiles[0])
        if word in COLOURS:
            return colour_name(COLOURS.index(word))
        kind, _, number = word.partition(" ")
        if kind == "canoe":
            return T._("canoe {value}", value=number)
        if kind == "species":
            return T._("species {value}", value=number)
        return {"nothing": T._("nothing"), "empty": T._("empty"),
                "none": T._("none")}.get(word, T._("face down"))

    return _FACT_WORDS.sub(one, str(value))


def _colour_word(colour: str) -> object:
    """An English colour of the engine's facts ("green") in the page's language (a Said: a
    translation may put it before "trapper" as ``{colour:adj}``)."""
    return said_colour(COLOURS.index(colour)) if colour in COLOURS else colour


@dataclass(frozen=True)
class Hints:
    """What a step asks the board to show (read once, from ``frame.view``)."""

    targets: object = None  # colours whose targets are dotted; None: the default
    mark: tuple[str, ...] = ()


class TrapperDrawer(BoardDrawer):
    """The Trapper board, players' panel and legend."""

    def hints(self, frame: Any) -> Hints:
        view = getattr(frame, "view", None)
        return Hints(targets=hint(view, "targets"), mark=tuple(names_of(hint(view, "mark"))))

    def fact_value(self, value: Any, key: str | None = None) -> str:
        """A fact's value in the page's language (tiles, colours: :func:`fact_words`; a water
        side as its compass word; "none" of a trapper or a bidder, "over" of the turn)."""
        head = (key or "").split(".")[0]
        if head == "water" and value in _SIDES:
            return _SIDES[value]()
        if value == "none" and key in ("turn.trapper", "auction.bidder"):
            # Translators: no trapper moved yet / nobody bid (Italian: masculine "nessuno")
            return (T.p_("no trapper", "none") if key == "turn.trapper"
                    else T.p_("nobody", "none"))
        if value == "over" and head in ("turn", "to move"):
            return T.p_("turn", "the game is over")
        return fact_words(super().fact_value(value, key))

    # ---- the board ---------------------------------------------------------------------------
    def board(self, frame: Any, seat: int | None = None) -> str:
        state = frame.state
        hints = self.hints(frame)
        top = STATUS if rules_of(state).auctioned else 0
        parts = [svg.rect(LEFT - 6, top + PAD - 6, 8 * U + 12, 8 * U + 12, fill=BOARD,
                          stroke="#9aa4b1", stroke_width=2)]
        # layers in a fixed order, each square its own group: from one step to the next the
        # page changes only what differs (widgets/static/page.js, morph)
        parts += self._tiles(state, top)
        parts.append(svg.keyed("files", self._coordinates(top)))
        parts.append(svg.keyed("marks", self._marks(hints.mark, top, MARK)))
        parts.append(svg.keyed("last", self._last(state, top)))
        parts += self._pawns(state, top)
        parts.append(svg.keyed("dots", self._targets(state, hints.targets, top)))
        parts.append(svg.keyed("refusal", self._refusal(frame, top)))
        parts.append(svg.keyed("status", [self._status(state)] if top else []))
        parts.append(svg.keyed("hits", [svg.rect(*self._corner(sq, top), U, U,
                                                 fill="transparent", target=square_name(sq),
                                                 cls="tt-hit") for sq in range(64)]))
        defs = [svg.hatch("tt-herb", "#4f9a4f", KIND_COLOURS[HERB], angle=45, gap=14, width=4),
                svg.hatch("tt-mushroom", "#b06a48", KIND_COLOURS[MUSHROOM], angle=-45, gap=14,
                          width=4)]
        width, height = LEFT + 8 * U + PAD, top + PAD + 8 * U + BOTTOM
        # on a phone the page folds the board to its one part (``data-fold``, frame.js): the
        # tiles show short words (``tt-fold-only``) big enough to read, the tactical variant's
        # lines wrapped above the board, reaching above it (the fold's box includes them)
        lift = max(0.0, 8 + PHONE_LEADING * len(self._phone_lines(state)) - STATUS) if top else 0
        return svg.document(width, height, parts, label=self.describe(frame), defs=defs,
                            cls="tutor-svg tt-board", data_fold=f"0,{-lift:g},{width:g},{height + lift:g}",
                            data_fold_at=0, data_fold_names=T._("Board shown"),
                            data_fold_label=T._("Board shown"))

    @staticmethod
    def _corner(square: int, top: float) -> tuple[float, float]:
        """Top-left corner of a square: file to the right, rank 8 at the top."""
        return LEFT + (square % 8) * U, top + PAD + (7 - square // 8) * U

    def _centre(self, square: int, top: float) -> tuple[float, float]:
        x, y = self._corner(square, top)
        return x + U / 2, y + U / 2

    def _tiles(self, state, top: float) -> list[str]:
        parts = []
        water_rule = rules_of(state).water
        for square, tile in enumerate(state.board):
            group: list[str] = []
            parts.append(group)
            if tile is None:
                continue
            x, y = self._corner(square, top)
            shown = tile != HIDDEN and state.face_up[square]
            fill = tile_fill(tile) if shown else FACE_DOWN
            group.append(svg.rect(x + 4, y + 4, U - 8, U - 8, rx=7, fill=fill, stroke=TILE_EDGE,
                                  stroke_width=2))
            if not shown:
                continue
            if water_rule:
                group.append(self._water(x, y, state.water[tile]))
            upper, lower, short, count = tile_words(tile)
            group.insert(0, svg.title(tile_name(tile)))
            cx = x + U / 2
            # the words keep off a water bar on the tile's left or right side (on a phone
            # "kruid" touched it): centred in the room the bar leaves
            side = state.water[tile] if water_rule else ""
            words_x = cx + {"W": WATER_BAR / 2, "E": -WATER_BAR / 2}.get(side, 0)
            canoe = TILES[tile].kind == CANOE
            if canoe:
                boat = [(cx - 36, y + 56), (cx + 36, y + 56), (cx + 22, y + 86), (cx - 22, y + 86)]
                group.append(svg.polygon(boat, fill=BOAT_COLOURS[TILES[tile].species]))
            size = 20 if canoe or len(upper) <= 6 else 17
            # the room the words have: the tile less a margin, and less its water bar if the
            # bar is at its left or right (a long word squeezed to 86 ran under the bar)
            room = U - 8 - 2 * WORD_MARGIN - (WATER_BAR if side in ("W", "E") else 0)
            lines = [(upper, size, y + 40)]
            if side in ("W", "E") and not fits(upper, size, room):
                # as they were without the bar's room (squeezed to 86 at most) they'd be smaller
                # than the board's other words, or run under the bar: two lines, or a short word
                number, _, animals = upper.partition(" ")
                if canoe and animals:  # "2 nertsen": the count over the animals
                    lines = [(number, 20, y + 27), (animals, 17, y + 47)]
                elif short:  # "paddenstoel": the phone's word ("padd.", the tile's title says all)
                    lines = [(short, size, y + 40)]
            for line, line_size, line_y in lines:
                group.append(svg.text(words_x, line_y, line, line_size, font_weight="bold",
                                      fill=LABEL, text_anchor="middle", cls="tt-wide-only",
                                      **squeezed(line, line_size, room)))
            if canoe:
                group.append(svg.text(cx, y + 77, lower, 17, font_weight="bold", fill="#fff",
                                      text_anchor="middle", cls="tt-wide-only"))
            # on a phone: the species (and on a canoe's boat how many it holds)
            group.append(svg.text(words_x, y + 45, short, SMALL, fill=LABEL, text_anchor="middle",
                                  cls="tt-fold-only"))
            group.append(svg.text(cx, y + 82, count, SMALL, font_weight="bold", fill="#fff",
                                  text_anchor="middle", cls="tt-fold-only") if canoe else
                         svg.text(words_x, y + 80, lower, 32, font_weight="bold", fill=LABEL,
                                  text_anchor="middle"))
        return [svg.keyed(f"sq{n}", g) for n, g in enumerate(parts)]

    @staticmethod
    def _water(x: float, y: float, side: str) -> str:
        bar = WATER_BAR
        inner = U - 8
        place = {"N": (x + 4, y + 4, inner, bar), "S": (x + 4, y + U - 4 - bar, inner, bar),
                 "E": (x + U - 4 - bar, y + 4, bar, inner), "W": (x + 4, y + 4, bar, inner)}
        return svg.rect(*place[side], fill=WATER, cls="tt-water")

    def _coordinates(self, top: float) -> list[str]:
        """Each file's letter under the board, then its rank's number beside it."""
        return [label for i, letter in enumerate(FILES) for label in (
            svg.text(LEFT + i * U + U / 2, top + PAD + 8 * U + 36, letter, SMALL, fill="#334",
                     text_anchor="middle"),
            svg.text(LEFT - 22, top + PAD + (7 - i) * U + U / 2 + 10, str(i + 1), SMALL,
                     fill="#334", text_anchor="middle"))]

    def _marks(self, names, top: float, colour: str) -> list[str]:
        parts = []
        for square in (square_index(n) for n in names):
            if square is None:
                continue  # a hint naming no square is ignored, never an error for the learner
            x, y = self._corner(square, top)
            parts.append(svg.rect(x + 2, y + 2, U - 4, U - 4, fill="none", stroke="#111",
                                  stroke_width=12, rx=9))
            parts.append(svg.rect(x + 2, y + 2, U - 4, U - 4, fill="none", stroke=colour,
                                  stroke_width=7, rx=9, cls="tt-mark",
                                  data_mark=square_name(square)))
        return parts

    def _last(self, state, top: float) -> list[str]:
        if len(state.last) != 2 or state.last[0] == state.last[1]:
            return []
        start, end = state.last
        colour = next((c for c, sq in zip(COLOURS, state.trappers) if sq == end), None)
        (x1, y1), (x2, y2) = self._centre(start, top), self._centre(end, top)
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1
        shrink_a, shrink_b = 30 / length, 36 / length
        return [svg.circle(x1, y1, 32, fill="none", stroke=TRAPPER_COLOURS.get(colour, "#111"),
                           stroke_width=6, stroke_dasharray="10 7", cls="tt-ghost"),
                svg.arrow(x1 + dx * shrink_a, y1 + dy * shrink_a, x2 - dx * shrink_b,
                          y2 - dy * shrink_b, "#111", 8, 26, cls="tt-arrow")]

    def _pawns(self, state, top: float) -> list[str]:
        parts = []
        letters = initials()
        for colour, square in zip(COLOURS, state.trappers):
            cx, cy = self._centre(square, top)
            parts.append(svg.keyed(f"pawn-{colour}", [
                svg.circle(cx, cy, 32, fill=TRAPPER_COLOURS[colour], stroke="#111",
                           stroke_width=5),
                svg.text(cx, cy + 10, letters[colour], SMALL, font_weight="bold",
                         fill=INK[colour], text_anchor="middle")], cls="tt-pawn",
                data_colour=colour))
        return parts

    def _targets(self, state, wanted, top: float) -> list[str]:
        colours = _target_colours(state, wanted)
        # in the tile's very corners, clear of its words (at 33 a dot hid the "f" of "fungo")
        corners = {0: (-38, -38), 1: (38, -38), 2: (-38, 38), 3: (38, 38)}
        parts = []
        for colour, square in self.game.legal_targets(state):  # the engine's one answer
            if colour not in colours:
                continue
            cx, cy = self._centre(square, top)
            dx, dy = corners[colour]
            parts.append(svg.circle(cx + dx, cy + dy, 10, fill=TRAPPER_COLOURS[COLOURS[colour]],
                                    stroke="#fff", stroke_width=3, cls="tt-dot"))
        return parts

    def _refusal(self, frame, top: float) -> list[str]:
        move = frame.move
        if frame.refusal is None or not isinstance(move, Take):
            return []
        x, y = self._corner(move.square, top)
        return [svg.rect(x + 1, y + 1, U - 2, U - 2, fill="none", stroke=REFUSED, stroke_width=9,
                         rx=8, cls="tt-refused"),
                # the ✖ drawn, not written: in the tile's corner, clear of its word on a phone
                svg.circle(x + U - 13, y + 13, 14, fill=REFUSED, stroke="#fff", stroke_width=3),
                svg.path(f"M {x + U - 19:g} {y + 7:g} L {x + U - 7:g} {y + 19:g} "
                         f"M {x + U - 7:g} {y + 7:g} L {x + U - 19:g} {y + 19:g}",
                         stroke="#fff", stroke_width=4, stroke_linecap="round", cls="tt-cross")]

    def _status_lines(self, state) -> tuple[str, str, str]:
        """The tactical variant's two lines over the board, from the engine's facts, and the
        colour of the trapper named ("" when none)."""
        facts = self.game.facts(state)
        named = facts["turn.trapper"]
        if facts["over"]:
            first, second = T._("The game is over."), ""
        elif facts["auction.bid"]:
            passed = [p for p in state.players if facts.get(f"auction.passed.{p}")]
            first = T._("Auction for the {colour} trapper: bid {bid} by {bidder}.",
                        colour=_colour_word(named), bid=facts["auction.bid"], bidder=facts["auction.bidder"])
            second = T._("{player} decides now.", player=facts["to move"])
            if passed:
                second += " " + T._("Passed: {names}.", names=", ".join(passed))
        else:
            first = T._("{player} holds the start stone and decides.", player=facts["to move"])
            second = (T._("Trapper named: {colour}.", colour=_colour_word(named))
                      if named != "none" else "")
        return first, second, named if named in TRAPPER_COLOURS else ""

    def _phone_lines(self, state) -> list[str]:
        """The tactical variant's lines as a phone shows them: wrapped, in type as large as the
        tiles' words."""
        first, second, _ = self._status_lines(state)
        return textwrap.wrap(first, PHONE_LINE) + textwrap.wrap(second, PHONE_LINE)

    def _status(self, state) -> str:
        """The tactical variant's lines over the board (on a phone: wrapped, larger, reaching
        above the board's own box: ``data-fold`` includes them)."""
        first, second, named = self._status_lines(state)
        x = LEFT
        parts = []
        if named in TRAPPER_COLOURS:
            parts.append(svg.circle(LEFT + 22, 34, 20, fill=TRAPPER_COLOURS[named], stroke="#111",
                                    stroke_width=4))
            x += 54
        parts.append(svg.text(x, 30, first, 24, font_weight="bold", fill=LABEL, cls="tt-status"))
        if second:
            parts.append(svg.text(x, 60, second, 22, fill=LABEL, cls="tt-status"))
        lines = self._phone_lines(state)
        y0 = STATUS - 8 - PHONE_LEADING * len(lines)
        phone = [svg.text(8, y0 + 29 + PHONE_LEADING * k, line, SMALL,
                          font_weight="bold" if k < len(textwrap.wrap(first, PHONE_LINE)) else None,
                          fill=LABEL, cls="tt-status tt-fold-only") for k, line in enumerate(lines)]
        return svg.group([svg.group(parts, cls="tt-wide-only")] + phone)

    # ---- beside the board ------------------------------------------------------------------------
    def panel(self, frame: Any, seat: int | None = None) -> str:
        """Every player's cards, money, display and bonus tiles (▶: the player deciding now); the
        piles and the bonus tiles left."""
        state, out = frame.state, []
        deciding = self.game.to_move(state)
        for player, name in enumerate(state.players):
            now = player == deciding
            bonus = [T._("canoe {value}", value=b) for b in state.canoe_bonus[player]]
            bonus += [T._("species {value}", value=b) for b in state.species_bonus[player]]
            dropped = bool(state.dropped and state.dropped[player])
            money = T.n_("{n} coin", "{n} coins", state.money(player))
            out.append(
                f'<div class="tt-player{" tt-turn" if now else ""}" data-player="{html.escape(name)}"'
                f"{DECIDING if now else ''}>"
                f'<div class="tt-name">{"▶ " if now else ""}{html.escape(name)}'
                + (" " + html.escape(T._("(dropped out)")) if dropped else "")
                + f'<span class="tt-money">{html.escape(money)}</span></div>'
                f'<div>{html.escape(T._("cards:"))} {cards_html(state, player)}</div>'
                f"{display_html(state.displays[player])}"
                + (f'<div>{html.escape(T._("bonus tiles:"))} {html.escape(", ".join(bonus))}</div>'
                   if bonus else "")
                + "</div>")
        discard = ", ".join(T._("{count} {colour}", count=n, colour=colour_name(c))
                            for c, n in enumerate(state.discard) if n) or T._("empty")
        out.append('<div class="tt-piles">' + html.escape(T._(
            "Draw pile: {draw} · discard: {discard}",
            draw=T.n_("{n} card", "{n} cards", len(state.draw)), discard=discard)) + "</div>")
        if rules_of(state).bonus_tiles:
            left = {"canoe": " ".join(map(str, state.canoe_bonus_left)) or T._("none"),
                    "species": " ".join(map(str, state.species_bonus_left)) or T._("none")}
            out.append('<div class="tt-piles">' + html.escape(T._(
                "Bonus tiles left: canoe {canoe}; species {species}", **left)) + "</div>")
        return "".join(out)

    def legend(self, frame: Any) -> str:
        state = frame.state
        items = [swatch(SPECIES_COLOURS[s], species_name(i)) for i, s in enumerate(SPECIES)]
        items += [swatch(KIND_COLOURS[HERB], T._("herb"), striped=True),
                  swatch(KIND_COLOURS[MUSHROOM], T._("mushroom"), striped=True),
                  swatch(FACE_DOWN, T._("face down"), ink="#fff")]
        letters = initials()
        trappers = " ".join(
            f'<span class="tt-disc" style="background:{CARD_COLOURS[c]}; color:{INK[c]}">'
            f"{letters[c]}</span>{html.escape(colour_name(i))}" for i, c in enumerate(COLOURS))
        lines = [" ".join(items) + " " + html.escape(T._("(herbs and mushrooms are striped)")),
                 f"{html.escape(T._('Trappers:'))} {trappers}",
                 html.escape(T._("Dot in a corner, in a trapper's colour: that trapper can take "
                                 "the tile now.")),
                 html.escape(T._("Arrow: the last take (dashed ring: where the trapper stood)."))]
        if rules_of(state).water:
            lines.insert(1, '<span class="tt-water-key"></span> '
                            + html.escape(T._("Blue bar: the water side; the tile cannot be taken "
                                              "from that side.")))
        lines.append(html.escape(T._("Yellow frame: what the step talks about. Red frame with ✖: "
                                     "the refused take.")))
        return '<div class="tt-legend">' + "".join(f"<div>{x}</div>" for x in lines) + "</div>"

    # ---- the text alternative ---------------------------------------------------------------------
    def overview(self, state) -> str:
        facts = self.game.facts(state)
        where = ", ".join(T._("{colour} on {square}", colour=colour_name(i),
                              square=facts[f"trapper.{c}"]) for i, c in enumerate(COLOURS))
        up = sum(1 for t, u in zip(state.board, state.face_up) if t is not None and u)
        return " ".join([
            T._("Trapper board, 8 by 8 squares. Trappers: {where}.", where=where),
            T.n_("{n} tile lies face up,", "{n} tiles lie face up,", up)
            + " " + T.n_("{n} tile in all.", "{n} tiles in all.", facts["tiles.left"]),
            T._("{player} decides now.", player=facts["to move"]) if not facts["over"] else "",
        ]).strip()

    phrases = {
        "trapper": Phrase(lambda key, old, new: T._(
            "The {colour} trapper moves from {old} to {new}.", colour=_colour_word(key), old=old,
            new=new)),
        "square": Phrase(lambda key, old, new: T._(
            "{square} is turned face up: {tile}.", square=key, tile=fact_words(new))
            if old == "face down" and new not in ("empty", "face down")
            and not str(new).startswith("trapper") else ""),
        "money": Phrase(lambda key, old, new: T.n_(
            "{player} now has {n} coin.", "{player} now has {n} coins.", new, player=key)),
        "hand": Phrase(lambda key, old, new: T._("{player}'s cards: {cards}.", player=key,
                                                 cards=fact_words(new)) if new != "hidden" else ""),
        "display": Phrase(lambda key, old, new: T._("{player}'s display: {display}.", player=key,
                                                    display=fact_words(new))),
        "sold": Phrase(lambda key, old, new: T._("{player} sold: {sold}.", player=key,
                                                 sold=fact_words(new))),
        "bonus": Phrase(lambda key, old, new: T._("{player}'s bonus tiles: {tiles}.", player=key,
                                                  tiles=fact_words(new))),
        "dropped": Phrase(lambda key, old, new: T._("{player} drops out.", player=key)
                          if new else ""),
        "auction": Phrase(lambda key, old, new: (
            T._("The bid is now {bid}.", bid=new) if key == "bid" and new
            else T._("{player} holds the highest bid.", player=new)
            if key == "bidder" and new != "none"
            else T._("{player} passes in this auction.", player=key.split(".", 1)[-1])
            if key.startswith("passed.") and new else "")),
        "to move": Phrase(lambda key, old, new: T._("{player} decides now.", player=new)
                          if new != "over" else ""),
        "winners": Phrase(lambda key, old, new: T._("Winner: {names}.", names=new)),
    }


def _target_colours(state, wanted) -> set[int]:
    if wanted is not None:
        return {COLOURS.index(n) for n in names_of(wanted) if n in COLOURS}
    if state.moved is not None:
        return {state.moved}
    return set(range(len(COLOURS)))


# ---- beside the board ------------------------------------------------------------------------
def chip(tile: int) -> str:
    """A tile as a small label in its colour (striped like on the board)."""
    return swatch(tile_colour(tile), tile_name(tile), TILES[tile].kind in (HERB, MUSHROOM))


def cards_html(state, player: int) -> str:
    hand = hand_shown(state, player)
    if hand is None:  # an observation: only how many cards
        count = sum(state.hands[player])
        return html.escape(T.n_("{n} card, hidden", "{n} cards, hidden", count))
    return " ".join(
        f'<span class="tt-card" style="background:{CARD_COLOURS[c]}; color:{INK[c]}">'
        f'<span class="tt-card-name">{html.escape(colour_name(i))}</span> {n}</span>'
        for i, (c, n) in enumerate(zip(COLOURS, hand)))


def display_html(display) -> str:
    """A display as HTML: rows (canoe + attached), then singles, then sold canoes.

    >>> from tutor.trapper.state import Display, Row
    >>> page = display_html(Display(rows=(Row(11, (18 + 6 * 3 + 5,)),)))
    >>> "canoe of 3 bears" in page and "bear 4" in page and "2 more to sell" in page
    True
    """
    parts = []
    for row in (r for r in display.rows if not r.is_single):
        note = T.n_("{n} more to sell", "{n} more to sell", row.missing)
        parts.append('<div class="tt-row">' + " + ".join(chip(t) for t in (row.canoe, *row.attached))
                     + f' <span class="tt-note">({html.escape(note)})</span></div>')
    singles = [r.canoe for r in display.rows if r.is_single] + list(display.singles)
    if singles:
        parts.append(f'<div class="tt-singles"><span class="tt-note">{html.escape(T._("singles:"))}'
                     "</span> " + " ".join(chip(t) for t in singles) + "</div>")
    for sold in display.sold:
        paid = T.n_("+ {n} tile → {paid}", "+ {n} tiles → {paid}", len(sold.tiles), paid=sold.paid)
        parts.append(f'<div class="tt-sold"><span class="tt-note">{html.escape(T._("sold:"))}'
                     f"</span> {chip(sold.canoe)} {html.escape(paid)}</div>")
    return "".join(parts) or f'<span class="tt-note">{html.escape(T._("no tiles yet"))}</span>'


#: the attribute that marks the player deciding now
DECIDING = ' data-deciding="true"'


def swatch(colour: str, label: str, striped: bool = False, ink: str = "") -> str:
    """A coloured label (a tile's kind in the legend, a tile in a display)."""
    style = f"--chip:{colour}" + (f"; color:{ink}" if ink else "")
    return (f'<span class="tt-chip{" tt-striped" if striped else ""}" style="{style}">'
            f"{html.escape(label)}</span>")


# ---- free play --------------------------------------------------------------------------------
#: Bids offered as buttons: the next few amounts (any other can be typed or listed).
BIDS_SHOWN = 3


class TrapperPlay(FreePlay):
    """A game of Trapper being played (no widgets): the shell plus what was clicked."""

    def __init__(self, players: int | list = 2, seats=None, variant: str = "standard",
                 seed: int = 0):
        self.selected: int | None = None  # the trapper colour chosen
        self.pay: int | str | None = None  # "card", a pair's colour, or not said yet
        self.dropping = False  # "drop out" pressed: asked to be sure (it ends one's game)
        if isinstance(players, int):
            players = players_option(players)  # a count no game has: the engine refuses it
        super().__init__(GAME, {"players": players, "variant": variant}, seats, seed,
                         observe=True)

    # ---- the choice of a trapper and a payment is forgotten once anything is played ---------
    def forget(self) -> None:
        self.selected = self.pay = None
        self.dropping = False

    def ask_drop(self) -> None:
        """"Drop out" pressed: one's game ends for good, so the page asks first."""
        self.chose()
        self.forget()
        self.dropping = True
        self._changed()

    def answer_drop(self, sure: bool) -> None:
        """Dropped out, or played on."""
        self.dropping = False
        if sure:
            self.play(DropOut())
        else:
            self._changed()

    # ---- reading ----------------------------------------------------------------------------
    def actions(self) -> list:
        """The legal moves that are not takes (end turn, pass, drop out, exchanges, bids),
        bids limited to the next few amounts (of the chosen colour, if one is)."""
        if not self.person_to_move():
            return []
        state, found = self.state, []
        for move in GAME.legal_moves(state):
            if isinstance(move, Take):
                continue
            if isinstance(move, Bid):
                colour = move.colour if move.colour is not None else state.moved
                if move.amount > state.bid + BIDS_SHOWN or (
                        self.selected is not None and colour != self.selected):
                    continue
            found.append(move)
        return found

    # ---- clicks -------------------------------------------------------------------------------
    def click(self, target) -> None:
        """A click on a square: a trapper is chosen, a tile is taken (see the shell)."""
        square = square_index(str(target))
        if self.person_to_move() and square in self.state.trappers:
            self.select(self.state.trappers.index(square))
            return
        super().click(target)

    def select(self, colour: int | None, pay: int | str | None = None) -> None:
        self.chose()
        self.dropping = False
        self.selected, self.pay = colour, pay
        self._changed()

    def click_card(self, colour: int) -> None:
        """A card of the hand: its trapper, paying one card; with another trapper chosen (or
        moved this turn), two cards of this colour pay for that one instead."""
        chosen = self.selected if self.selected is not None else self.state.moved
        if chosen is None or chosen == colour or rules_of(self.state).auctioned:
            self.select(colour, "card")
        else:
            self.select(chosen, colour)

    def moves_for_click(self, state, target) -> list:
        """The legal takes of the square that fit what was clicked; if there is none, the
        take the click meant (refused: its rule explains why)."""
        square = square_index(str(target))
        if square is None:
            return []
        return self.takes_of(square) or [self._tried(square)]

    def targets_of(self, state, move, names) -> list[str]:
        """A take is clicked as its trapper, then its tile: both squares."""
        if not isinstance(move, Take):
            return super().targets_of(state, move, names)
        wanted = {square_name(state.trappers[move.colour]), square_name(move.square)}
        return [name for name in names if name in wanted]

    def takes_of(self, square: int) -> list:
        """The legal takes of ``square`` that fit the chosen trapper and payment."""
        paying = None if self.pay == "card" else self.pay  # "card": one card, no pair
        return [m for m in GAME.legal_moves(self.state)
                if isinstance(m, Take) and m.square == square and self.selected in (None, m.colour)
                and (self.pay is None or m.paying == paying)]

    def _tried(self, square: int):
        """The take a refused click meant: the chosen trapper (else the one moved this turn,
        else one next to the square, else green), paid as clicked, else in the first way the
        engine says the hand can pay (a card of its colour, else a pair; in an auction, the
        bid), else as the bid in the trapper's colour (the engine then says why not)."""
        state = self.state
        colour = self.selected if self.selected is not None else state.moved
        if colour is None:
            near = [c for c, at in enumerate(state.trappers) if square in NEIGHBOURS[at].values()]
            colour = near[0] if near else 0
        rules = rules_of(state)
        if rules.auctioned:
            ways = auction_payments(state.hands[state.actor], colour, state.bid)
            cards = next(iter(ways), tuple(state.bid if c == colour else 0 for c in range(4)))
            return AuctionTake(colour, square, None, (), cards)
        if isinstance(self.pay, int) or self.pay == "card":
            return Take(colour, square, self.pay if isinstance(self.pay, int) else None)
        ways = rules.payments(state, colour)
        return Take(colour, square, ways[0] if ways else None)


#: why a ledger line was paid, by the reason the engine gives it (``Payment.reason``)
REASONS = {
    "sale": N_("a full canoe is sold at once: what it holds, added and doubled"),
    "rank": N_("bonus tile, rank {rank} of its kind over all players (12, 8, 5, 3, 2)"),
    "row": N_("a canoe that is not full: what is attached counts once (the canoe itself nothing)"),
    "bare canoe": N_("a canoe with nothing attached is a single: it costs the animals it shows"),
    "single": N_("a single costs its value"),
}


def paid_for(line) -> str:
    """What a ledger line paid for, in the page's language (the engine writes it in its own
    words: "canoe of 3 elk", "canoe bonus 30", "money at the start").

    >>> from tutor.trapper.state import Payment
    >>> paid_for(Payment(0, 8, "trapper.end.bonus", "canoe bonus 26", "rank", 2))
    'canoe 26'
    """
    if line.reason == "rank":
        kind, _, value = line.what.rpartition(" ")
        return (T._("canoe {value}", value=value) if kind == "canoe bonus"
                else T._("species {value}", value=value))
    if line.rule == "trapper.money":
        return T._("money at the start")
    return fact_words(line.what)


def why(line) -> str:
    """The explanation of one ledger line (a payment): the engine's reason for it, in words.

    >>> from tutor.trapper.state import Payment
    >>> why(Payment(0, 8, "trapper.end.bonus", "canoe bonus 26", "rank", 2))
    'bonus tile, rank 2 of its kind over all players (12, 8, 5, 3, 2)'
    >>> why(Payment(0, -3, "trapper.end.scoring", "canoe of 3 elk", "bare canoe"))
    'a canoe with nothing attached is a single: it costs the animals it shows'
    """
    text = REASONS.get(line.reason)
    return T._(text, rank=line.rank) if text else T._("see the rule")


# ---- on the page ------------------------------------------------------------------------------
class TrapperExtras(Extras):
    """The players and rules in the setup; the hand and the moves that are not takes as
    buttons; the chosen trapper's targets dotted; the ledger at the end."""

    player_counts = (2, 3, 4)

    def fields(self, play: TrapperPlay) -> list[dict]:
        labels = {"standard": T._("standard"),  # the young players' two simplifications, each
                  "no-bonus": T._("young players: no bonus tiles"),  # on its own, then both
                  "no-water": T._("young players: no water rule"),
                  "young": T._("young players: both"), "tactical": T._("tactical (auction)")}
        return [{"name": "variant", "label": T._("Rules"),
                 "options": [[v, labels[v]] for v in labels if v in VARIANTS],
                 "value": play.state.variant}]

    def options(self, play: TrapperPlay, values: dict) -> dict:
        options = {k: v for k, v in super().options(play, values).items()
                   if k not in ("bonus_tiles", "water_rule")}  # the variant names them
        options["variant"] = values.get("variant", play.state.variant)
        return options

    def hints(self, play: TrapperPlay) -> TrapperHints:
        return TrapperHints(targets=COLOURS[play.selected]) if play.selected is not None \
            else TrapperHints()

    def try_hints(self, play: TrapperPlay) -> TrapperHints:
        """A try-it step: no dots on the tiles a trapper may take (that is the question)."""
        return TrapperHints(targets="none")

    def actions(self, play: TrapperPlay) -> list:
        cards = [(f"card-{c}", T._("{colour} card ×{count}", colour=colour_name(c), count=n),
                  lambda c=c: play.click_card(c))
                 for c, n in enumerate(play.state.hands[play.mover()]) if n]
        if play.dropping:  # one's game ends for good: asked first
            return [("drop-sure", T._("Yes, drop out"), lambda: play.answer_drop(True)),
                    ("drop-not", T._("No, play on"), lambda: play.answer_drop(False))]
        return cards + [(f"move-{i}", GAME.move_display(play.state, move),
                         play.ask_drop if isinstance(move, DropOut) else lambda m=move: play.play(m))
                        for i, move in enumerate(play.actions())]

    def turn_text(self, play: TrapperPlay) -> str:
        state = play.state
        parts = []
        if rules_of(state).auctioned and auction_phase(state) != AUCTION_OPEN:
            parts.append(T._("Auction for the {colour} trapper: bid {bid} by {bidder}.",
                             colour=said_colour(state.moved), bid=state.bid,
                             bidder=play.players()[state.bidder]))
        parts.append(T._("{player} to play.", player=play.players()[play.mover()]))
        if play.dropping:
            parts.append(T._("Drop out of the game? Your cards are laid aside and you play no "
                             "more turns; your display still counts at the end."))
        elif play.selected is not None:
            colour = colour_name(play.selected)
            if play.pay == "card":
                parts.append(T._("Trapper chosen: {colour}, paying one {colour} card.", colour=colour))
            elif isinstance(play.pay, int):
                parts.append(T._("Trapper chosen: {colour}, paying two {pair} cards.",
                                 colour=colour, pair=colour_name(play.pay)))
            else:
                parts.append(T._("Trapper chosen: {colour}.", colour=colour))
        elif rules_of(state).auctioned and auction_phase(state) != AUCTION_PAYING:
            # no tile is taken before an auction is won (trapper.variant.tactical); no dots
            # named, so a try-it step says the same
            parts.append(T._("Open an auction with a bid (the buttons), or pass: a tile is taken "
                             "only by an auction's winner.")
                         if auction_phase(state) == AUCTION_OPEN else
                         T._("Raise the bid (the buttons) or pass: a tile is taken only by the "
                             "auction's winner."))
        elif play.judge is not None:  # a try-it step: no dots (see try_hints)
            parts.append(T._("Click a trapper or a card to choose the trapper, then the tile it "
                             "takes."))
        else:
            parts.append(T._("Click a trapper or a card to choose the trapper, then a tile with "
                             "a dot to take it."))
        return " ".join(parts)

    def over_html(self, play: TrapperPlay) -> str:
        return ledger_html(play)


def ledger_html(play: TrapperPlay) -> str:
    """The final scoring as a table: every ledger line with why, each player's total."""
    heads = (T._("Player"), T._("What"), T._("Coins"), T._("Why"))
    head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in heads)
    rows, names = [], play.players()
    for seat, name in enumerate(names):
        who = html.escape(name)
        for line in play.state.ledger:
            if names[line.player] == name:
                rule = html.escape(line.rule)
                rows.append(f'<tr data-player="{who}" data-coins="{line.amount}" '
                            f'data-rule="{rule}"><td>{who}</td><td>{html.escape(paid_for(line))}</td>'
                            f'<td class="tp-coins">{line.amount:+d}</td><td>'
                            f"{html.escape(why(line))} <code>[{rule}]</code></td></tr>")
        rows.append(f'<tr class="tp-total"><td>{html.escape(name)}</td>'
                    f"<td>{html.escape(T._('Total'))}</td>"
                    f'<td class="tp-coins">{play.state.money(seat)}</td><td></td></tr>')
    return (f"<h3>{html.escape(T._('The ledger: every payment, and why'))}</h3>"
            f'<div class="tp-scroll" tabindex="0" role="region" aria-label="{html.escape(T._("The ledger"))}">'
            f'<table class="tp-ledger"><tr>{head}</tr>{"".join(rows)}</table></div>')


KIT = Kit(TrapperPlay, TrapperDrawer, TrapperExtras)
