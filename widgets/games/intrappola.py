"""The InTrappola table as SVG (the picture grid), the players beside it in HTML.

The board (places of 100 units; 4 × 4 per picture, pictures side by side):

* the picture, a scene of our own drawn as vector shapes (a mountain lake, a sailing boat, a
  town at night, an apple tree), seen only where a card lies on the table, so the picture
  grows as the game goes on; trap cards taken back after a miss show faintly where they were;
* every place's number; an empty place shows its number and its points (1, 2 or 4) on a
  tint per points;
* the trap of the step: its cards outlined in blue (dashed when they went back to the hand),
  the prey outlined in orange with "?", each closed side of the prey a solid green bar; a
  refused trap shows its open sides as dashed red bars (the engine's ``open_sides`` says which);
* the knowledge overlay (a switch under the board, or a step's ``view.overlay``): each empty
  place with the chance, for that player, that its card is in the other hand ("theirs" when
  seen there, "deck" when seen put under it, "yours" for one's own cards);
* ``view.highlight`` places framed in yellow.

Beside it: the hands as the state drawn shows them - both in a walkthrough (it says so); in
free play the person's observation, where the engine hides the other hand but for the cards
seen in it; scores, caught prey, the deck, what the last turn did, the winner (the engine's
``outcome``).

Free play: you against the computer hunter, the table seen through ``game.observation``. A
click on an empty place offers the traps that hunt it. A discard is logged with its card only
where the one person's observation shows it.

>>> play = InTrappolaPlay(seed=3)
>>> play.players()
('Anna', 'Ben')
>>> play.play_text("pass")  # with a full deck and traps to set, passing is refused
False
>>> play.refusal.rule_id
'intrappola.pass'
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Collection

from tutor.intrappola import (COLUMNS, DECK, GAME, HIDDEN, ROWS, THEIRS, UNSEEN, YOURS, Discard,
                              Trap, all_cards, card_name, cards_text, open_sides, place, points,
                              read_card, sides, whereabouts)

from widgets.games import Kit
from widgets.games.freeplay import PERSON, FreePlay, names
from widgets.games.session import Extras
from widgets.parts import svg
from widgets.parts.describe import Phrase
from widgets.parts.drawing import BoardDrawer, Switch, hint, names_of, with_hints
from widgets.parts.texts import T


EMPTY, GRID, PREY, TRAP, CLOSED, OPEN, MARK = ("#f1eee6", "#8c8577", "#e67700", "#1e56d6",
                                               "#2e8b3a", "#c62828", "#ffd400")
POINT_COLOURS = {1: "#e2ddcf", 2: "#cfe3f3", 4: "#f8d9bf"}
U = 100
CAPTION = 46


# ---- the pictures ------------------------------------------------------------------------------
def scene_name(index: int) -> str:
    return (T._("a mountain lake"), T._("a sailing boat"), T._("a town at night"),
            T._("an apple tree"))[index % 4]


def scene(index: int, x0: float) -> str:
    """Scene ``index`` as SVG shapes in a 400 × 400 square whose left edge is at ``x0``."""
    S = 4 * U

    def at(x: float) -> float:
        return x0 + x * S

    def sky(top: str, bottom: str, name: str) -> str:
        return (f'<linearGradient id="{name}" x1="0" y1="0" x2="0" y2="1">'
                f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/>'
                f"</linearGradient>" + svg.rect(x0, 0, S, S, fill=f"url(#{name})"))

    n = index % 4
    g = f"it-sky-{index}-{int(x0)}"
    if n == 0:  # a mountain lake: sun, snowy peaks, green shore, a red house, the lake
        return "".join([
            sky("#468ce1", "#c8e6fa", g), svg.circle(at(0.8), 0.16 * S, 0.09 * S, fill="#ffd63c"),
            svg.polygon([(at(0.0), 0.62 * S), (at(0.3), 0.2 * S), (at(0.62), 0.62 * S)], fill="#6e6e7d"),
            svg.polygon([(at(0.36), 0.62 * S), (at(0.68), 0.28 * S), (at(1.0), 0.62 * S)], fill="#6e6e7d"),
            svg.polygon([(at(0.23), 0.3 * S), (at(0.3), 0.2 * S), (at(0.37), 0.3 * S)], fill="#fafaff"),
            svg.polygon([(at(0.6), 0.37 * S), (at(0.68), 0.28 * S), (at(0.76), 0.37 * S)], fill="#fafaff"),
            svg.rect(x0, 0.52 * S, S, 0.48 * S, fill="#50a046"),
            svg.polygon([(at(0.0), 0.68 * S), (at(1.0), 0.68 * S), (at(1.0), 0.8 * S), (at(0.0), 0.9 * S)],
                        fill="#286ebe"),
            svg.rect(at(0.12), 0.5 * S, 0.16 * S, 0.1 * S, fill="#c83228"),
            svg.polygon([(at(0.1), 0.5 * S), (at(0.2), 0.42 * S), (at(0.3), 0.5 * S)], fill="#78281e"),
            svg.polygon([(at(0.58), 0.75 * S), (at(0.62), 0.62 * S), (at(0.66), 0.75 * S)], fill="#1e6428"),
        ])
    if n == 1:  # a sailing boat on the sea, a gull, a lighthouse
        return "".join([
            sky("#78bef0", "#e6f5ff", g), svg.circle(at(0.15), 0.15 * S, 0.08 * S, fill="#ffec78"),
            svg.rect(x0, 0.6 * S, S, 0.4 * S, fill="#1e6eaa"),
            svg.rect(x0, 0.8 * S, S, 0.2 * S, fill="#0a3c78"),
            svg.polygon([(at(0.3), 0.55 * S), (at(0.78), 0.55 * S), (at(0.68), 0.68 * S), (at(0.4), 0.68 * S)],
                        fill="#963c1e"),
            svg.rect(at(0.52), 0.12 * S, 0.02 * S, 0.44 * S, fill="#503220"),
            svg.polygon([(at(0.55), 0.14 * S), (at(0.78), 0.53 * S), (at(0.55), 0.53 * S)], fill="#fafaf5"),
            svg.polygon([(at(0.51), 0.2 * S), (at(0.51), 0.53 * S), (at(0.33), 0.53 * S)], fill="#e6463c"),
            svg.rect(at(0.865), 0.3 * S, 0.07 * S, 0.32 * S, fill="#f5f5f5"),
            svg.rect(at(0.865), 0.38 * S, 0.07 * S, 0.05 * S, fill="#d22828"),
            svg.rect(at(0.865), 0.5 * S, 0.07 * S, 0.05 * S, fill="#d22828"),
            svg.rect(at(0.855), 0.25 * S, 0.09 * S, 0.05 * S, fill="#ffd23c"),
            svg.path(f"M {svg.num(at(0.7))} {svg.num(0.28 * S)} L {svg.num(at(0.75))} {svg.num(0.31 * S)} "
                     f"L {svg.num(at(0.8))} {svg.num(0.28 * S)}", fill="none", stroke="#282832", stroke_width=4),
        ])
    if n == 2:  # a town at night: moon, stars, roofs, lit windows
        parts = [sky("#0a0f32", "#28326e", g), svg.circle(at(0.75), 0.2 * S, 0.1 * S, fill="#f5f0c8"),
                 svg.circle(at(0.71), 0.17 * S, 0.09 * S, fill="#191e4b")]
        parts += [svg.circle(at(x), y * S, 3, fill="#ffffdc")
                  for x, y in ((0.1, 0.1), (0.3, 0.18), (0.45, 0.08), (0.9, 0.35), (0.2, 0.3), (0.55, 0.25))]
        for i, h in enumerate((0.5, 0.42, 0.58, 0.35, 0.48, 0.62, 0.4, 0.52)):
            parts.append(svg.rect(at(i / 8), h * S, S / 8 - 3, (0.92 - h) * S,
                                  fill=("#1e1e2d", "#2a1e37", "#36202d")[i % 3]))
            parts += [svg.rect(at(i / 8) + 10, (h + 0.06 + k * 0.12) * S, 12, 14, fill="#ffd25a")
                      for k in range(int((0.86 - h) / 0.12))]
        parts.append(svg.rect(x0, 0.92 * S, S, 0.08 * S, fill="#32323c"))
        return "".join(parts)
    parts = [sky("#82c8fa", "#dcf0ff", g), svg.circle(at(0.2), 0.2 * S, 0.1 * S, fill="#ffe150"),
             svg.path(f"M {svg.num(x0)} {svg.num(0.8 * S)} Q {svg.num(at(0.5))} {svg.num(0.52 * S)} "
                      f"{svg.num(at(1.0))} {svg.num(0.8 * S)} L {svg.num(at(1.0))} {svg.num(S)} "
                      f"L {svg.num(x0)} {svg.num(S)} Z", fill="#5aaa46"),
             svg.rect(at(0.44), 0.45 * S, 0.12 * S, 0.35 * S, fill="#6e4628"),
             svg.circle(at(0.5), 0.35 * S, 0.25 * S, fill="#288232"),
             svg.circle(at(0.33), 0.45 * S, 0.15 * S, fill="#288232"),
             svg.circle(at(0.67), 0.45 * S, 0.15 * S, fill="#288232")]
    parts += [svg.circle(at(x), y * S, 0.03 * S, fill="#dc1e28")
              for x, y in ((0.4, 0.3), (0.6, 0.28), (0.5, 0.45), (0.3, 0.48), (0.7, 0.5), (0.55, 0.2))]
    return "".join(parts)


@dataclass(frozen=True)
class Hints:
    highlight: tuple[str, ...] = ()
    overlay: str = ""


class InTrappolaDrawer(BoardDrawer):
    """The picture grid, the trap, the overlay; the players beside it."""

    def fact_value(self, value: Any, key: str | None = None) -> str:
        """A fact's value in the page's language (the engine's words: :data:`_FACT_VALUES`)."""
        head = (key or "").split(".")[0]
        words = _FACT_VALUES.get((head, value)) if isinstance(value, str) else None
        return words() if words is not None else super().fact_value(value, key)

    def hints(self, frame: Any) -> Hints:
        view = getattr(frame, "view", None)
        return Hints(highlight=tuple(names_of(hint(view, "highlight"))),
                     overlay=str(hint(view, "overlay", "")))

    def mark_targets(self, view: Any, targets) -> Any:
        """The places a hint marks are the step's ``highlight``."""
        if not targets:
            return view
        return with_hints(view, highlight=tuple(dict.fromkeys(
            (*names_of(hint(view, "highlight", ())), *targets))))

    def watchers(self, state, seat: int | None) -> tuple[str, ...]:
        """Whose knowledge may be shown: anyone's in a walkthrough, one's own in free play."""
        return state.players if seat is None else state.players[seat:seat + 1]

    def watcher(self, frame: Any, seat: int | None = None) -> str:
        """Whose knowledge the overlay shows: the learner's choice once made, else the step's
        hint, else nobody's."""
        wanted = (self.setting["overlay"] if "overlay" in self.setting
                  else self.hints(frame).overlay)
        return wanted if wanted in self.watchers(frame.state, seat) else ""

    def switches(self, frame: Any, seat: int | None = None) -> tuple[Switch, ...]:
        options = (("", T._("off")),) + tuple((n, n) for n in self.watchers(frame.state, seat))
        return (Switch("overlay", T._("Knowledge:"), options, self.watcher(frame, seat)),)

    # ---- the board -------------------------------------------------------------------------------
    def board(self, frame: Any, seat: int | None = None) -> str:
        state = frame.state
        P = state.pictures
        width = COLUMNS * P * U
        caption = CAPTION if P > 1 else 0
        watcher = self.watcher(frame, seat)
        overlay = whereabouts(state, state.players.index(watcher)) if watcher else {}
        trap, refused = (frame.move, frame.refusal is not None) if isinstance(frame.move, Trap) \
            else (None, False)
        on_table = set(state.table)
        faint = [c for c in (trap.cards if trap else ()) if c not in on_table]
        parts = [svg.rect(0, 0, width, ROWS * U, fill=EMPTY)]
        clips = []
        for cards, name, opacity in ((sorted(on_table), "it-shown", 1.0), (faint, "it-faint", 0.35)):
            if not cards:
                continue
            rects = "".join(svg.rect(place(c)[1] * U, place(c)[0] * U, U, U) for c in cards)
            clips.append(f'<clipPath id="{name}">{rects}</clipPath>')
            parts.append(svg.group([scene(p, p * COLUMNS * U) for p in range(P)],
                                   clip_path=f"url(#{name})", opacity=opacity if opacity < 1 else None))
        for card in all_cards(P):
            parts += self._place(card, P, card in on_table or card in faint, overlay.get(card))
        for p in range(1, P):  # where two pictures meet (not an edge)
            parts.append(svg.line(p * COLUMNS * U, 0, p * COLUMNS * U, ROWS * U, stroke="#555",
                                  stroke_width=4, stroke_dasharray="6 8"))
            parts.append(self._caption(p - 1))
        if P > 1:
            parts.append(self._caption(P - 1))
        parts.append(svg.rect(0, 0, width, ROWS * U, fill="none", stroke=GRID, stroke_width=6))
        if trap is not None:
            parts += self._trap(frame, trap, refused, on_table)
        for card in self._highlighted(frame):
            row, col = place(card)
            parts.append(svg.rect(col * U + 5, row * U + 5, U - 10, U - 10, fill="none",
                                  stroke="#111", stroke_width=13))
            parts.append(svg.rect(col * U + 5, row * U + 5, U - 10, U - 10, fill="none",
                                  stroke=MARK, stroke_width=8, cls="it-mark",
                                  data_mark=card_name(card, P)))
        parts += [svg.rect(place(c)[1] * U, place(c)[0] * U, U, U, fill="transparent",
                           target=card_name(c, P), cls="it-hit") for c in all_cards(P)]
        return svg.document(width, ROWS * U + caption, parts, label=self.describe(frame),
                            defs=clips, cls="tutor-svg it-board", **self._fold(frame, trap))

    def _fold(self, frame: Any, trap) -> dict:
        """Several pictures side by side on a phone (390 px: their words ~10 px) are shown one
        part at a time (``data-fold``: frame.js, a switch under the board for the others): each
        picture with its caption, then each place where two pictures meet (the right half of
        one, the left half of the next: a prey closed from the neighbouring picture, A4 by B1,
        seen whole with both sides of the border). The part shown first holds the step's trap
        (its prey, its cards and the places beyond the prey's sides: what closes it) and
        highlighted places: the meeting place when they lie on both sides of a border within
        its reach, else the picture of the first (the prey first)."""
        P = frame.state.pictures
        if P < 2:
            return {}
        names = [T._("picture {letter}: {scene}", letter="ABCD"[p], scene=scene_name(p))
                 for p in range(P)]
        # on the switch's buttons (one row on a phone; the names above are their accessible
        # names and tooltips): a picture's letter, "A meets B" where two meet
        shorts = ["ABCD"[p] for p in range(P)]
        boxes = [f"{p * COLUMNS * U:g},0,{COLUMNS * U:g},{ROWS * U + CAPTION:g}" for p in range(P)]
        half = COLUMNS // 2
        for p in range(1, P):  # the border p: half a picture on each side, the captions left out
            names.append(T._("where pictures {left} and {right} meet", left="ABCD"[p - 1],
                             right="ABCD"[p]))
            # Translators: a button on a phone showing where two pictures meet: keep it short
            shorts.append(T._("{left} meets {right}", left="ABCD"[p - 1], right="ABCD"[p]))
            boxes.append(f"{(p * COLUMNS - half) * U:g},0,{COLUMNS * U:g},{ROWS * U:g}")
        cards = [*trap.prey, *trap.cards] if trap is not None else []
        cards += self._highlighted(frame)
        # what closes the prey: the place beyond each of its sides (B1 beyond A4's right side)
        around = [c for prey in (trap.prey if trap is not None else ())
                  for _, c in sides(prey, P) if c is not None]
        columns = [place(card)[1] for card in (*cards, *around)]
        at = columns[0] // COLUMNS if cards else 0
        for p in range(1, P):
            inside = all(p * COLUMNS - half <= c < p * COLUMNS + half for c in columns)
            if inside and {c // COLUMNS for c in columns} == {p - 1, p}:
                at = P + p - 1
        return {"data_fold": " ".join(boxes), "data_fold_at": min(at, len(boxes) - 1),
                "data_fold_names": "|".join(names), "data_fold_short": "|".join(shorts),
                "data_fold_label": T._("Board shown")}

    def _highlighted(self, frame: Any) -> list[int]:
        """The cards of the places the step highlights (a hint naming no place is ignored,
        never an error for the learner)."""
        found = []
        for name in self.hints(frame).highlight:
            try:
                found.append(read_card(name, frame.state.pictures))
            except ValueError:
                pass
        return found

    @staticmethod
    def _caption(p: int) -> str:
        """The name under picture ``p``: a longer language's ("immagine A: un lago di montagna")
        narrowed to its picture, never cut at its edges (a phone shows one picture alone)."""
        words = T._("picture {letter}: {scene}", letter="ABCD"[p], scene=scene_name(p))
        room = COLUMNS * U - 16
        fit = ({"text_length": room, "length_adjust": "spacingAndGlyphs"}
               if len(words) * 26 * 0.56 > room else {})
        return svg.text(p * COLUMNS * U + COLUMNS * U / 2, ROWS * U + 34, words, 26,
                        text_anchor="middle", fill="#333", **fit)

    def _place(self, card: int, P: int, on_table: bool, where) -> list[str]:
        row, col = place(card)
        x, y = col * U, row * U
        name = card_name(card, P)
        parts = [svg.rect(x + 2, y + 2, U - 4, U - 4, fill="none", stroke=GRID, stroke_width=2)]
        if on_table:
            parts.append(svg.rect(x + 5, y + 5, 16 + 13 * len(name), 30, rx=6, fill="#ffffffd0"))
            parts.append(svg.text(x + 12, y + 29, name, 24, font_weight="bold", fill="#222"))
            return parts
        if where is None:
            worth = points(card, P)
            parts.insert(0, svg.rect(x, y, U, U, fill=POINT_COLOURS[worth]))
            parts.append(svg.text(x + U / 2, y + 46, name, 34, font_weight="bold", fill="#333",
                                  text_anchor="middle"))
            parts.append(svg.text(x + U / 2, y + 80, T.n_("{n} pt", "{n} pt", worth), 22,
                                  fill="#333", text_anchor="middle"))
            return parts
        parts.insert(0, svg.rect(x, y, U, U, fill=chance_colour(where), cls="it-where",
                                 data_place=name, data_where=where.where, data_chance=where.chance))
        parts.append(svg.text(x + U / 2, y + 44, name, 32, font_weight="bold", fill="#222",
                              text_anchor="middle"))
        said = where_text(where)
        # a longer language's word ("dell'altro") keeps its type size and is narrowed to its
        # place, never cut at the place's edges
        fit = ({"text_length": U - 12, "length_adjust": "spacingAndGlyphs"}
               if len(said) * 24 * 0.62 > U - 12 else {})
        parts.append(svg.text(x + U / 2, y + 80, said, 24, fill="#222", font_weight="bold",
                              text_anchor="middle", **fit))
        return parts

    def _trap(self, frame, trap, refused: bool, on_table: set) -> list[str]:
        state = frame.state
        P = state.pictures
        before = frame.before if frame.before is not None else state
        parts = []
        for card in trap.cards:
            row, col = place(card)
            parts.append(svg.rect(col * U + 4, row * U + 4, U - 8, U - 8, fill="none", stroke=TRAP,
                                  stroke_width=8, rx=4, cls="it-trap",
                                  stroke_dasharray=None if card in on_table else "14 9"))
        still_open = set(open_sides(trap.prey, set(before.table) | set(trap.cards), P))
        for prey in trap.prey:
            row, col = place(prey)
            parts.append(svg.rect(col * U + 6, row * U + 6, U - 12, U - 12, fill="none",
                                  stroke=OPEN if refused else PREY, stroke_width=9, cls="it-prey"))
            parts.append(svg.text(col * U + U - 20, row * U + 32, "?", 28, font_weight="bold",
                                  fill=OPEN if refused else PREY, text_anchor="middle"))
            for side, other in sides(prey, P):
                if other in trap.prey:
                    continue
                (x1, y1), (x2, y2) = side_segment(row, col, side)
                is_open = other is not None and other in still_open
                parts.append(svg.line(x1, y1, x2, y2, stroke=OPEN if is_open else CLOSED,
                                      stroke_width=12, stroke_dasharray="12 8" if is_open else None,
                                      cls="it-open" if is_open else "it-closed"))
        return parts

    # ---- beside the board -----------------------------------------------------------------------
    def hand(self, frame: Any, seat: int | None = None) -> str:
        """The hand of ``seat`` when it is that player's turn and no trap can be laid, as a line
        of its own, each card a click that puts it under the deck (the coach's card marked):
        free play puts it under the status, which says "click a card in the hand" (on a phone
        the players' panel, with the hand in it, was far below the screen, under the step
        bar); "" at any other time."""
        state = frame.state
        if seat is None or self.game.to_move(state) != seat \
                or not any(isinstance(m, Discard) for m in self.game.legal_moves(state)):
            return ""
        marked = set(names_of(hint(getattr(frame, "view", None), "highlight")))  # mark_targets
        cards = hand_html(state.hands[seat], state.pictures, True, marked)
        return (f'<div class="it-my-hand" data-phase="discard" data-player="{html.escape(state.players[seat])}">'
                f'<b>{html.escape(T._("Hand"))}</b> {cards}</div>')

    def panel(self, frame: Any, seat: int | None = None) -> str:
        """Scores, caught prey, the deck and the hands as ``state`` holds them: both hands in a
        walkthrough (the teacher's view, and it says so); in free play ``state`` is the person's
        observation, the other hand hidden by the engine (both shown once it is over)."""
        state, watcher = frame.state, self.watcher(frame, seat)
        facts = self.game.facts(state)
        over = facts["over"]
        if seat is not None:
            note = T._("Your view: your own hand, and of the other hand only the cards you have "
                       "seen in it; the deck order stays hidden.")
        elif self.playing:
            note = T._("Both hands are shown: the game is over.") if over else T._(
                "Both hands are shown: no person is playing.")
        else:
            note = T._("Walkthrough view: both hands are shown. At the table each player sees only "
                       "their own.")
        out = [f'<div class="it-note">{html.escape(note)}</div>']
        # the hunter's hand when no trap can be laid: a click on a card puts it under the deck
        # (the viewer's own hand in free play); the coach's hint marks the card to discard
        discarding = not over and any(isinstance(m, Discard) for m in self.game.legal_moves(state))
        marked = set(names_of(hint(getattr(frame, "view", None), "highlight")))  # mark_targets
        for player, name in enumerate(state.players):
            hunting = not over and facts["turn"] == name
            clicked = discarding and hunting and seat in (None, player)
            hand = hand_html(state.hands[player], state.pictures, clicked, marked)
            hidden = state.hands[player].count(HIDDEN)
            role = f" ({html.escape(T._('hunter'))})" if hunting else ""
            score = T.n_("{n} point", "{n} points", facts[f"score.{name}"])
            out.append(
                f'<div class="it-player{" it-turn" if hunting else ""}" data-player="{html.escape(name)}"'
                f' data-hidden="{hidden}">'
                f'<div class="it-name">{"▶ " if hunting else ""}{html.escape(name)}{role}'
                f'<span class="it-score">{html.escape(score)}</span></div>'
                f'<div>{html.escape(T._("hand:"))} {hand}</div>'
                f'<div>{html.escape(T._("caught:"))} {chips(state.caught[player], state.pictures)}</div></div>')
        deck = T.n_("Deck: {n} card", "Deck: {n} cards", facts["deck"])
        if not facts["deck"]:
            deck += " " + T._("(empty: the deck steps are skipped)")
        out.append(f'<div class="it-deck">{html.escape(deck)}</div>')
        out.append(last_turn_html(state))
        outcome = self.game.outcome(state)
        if outcome is not None:
            winners = [state.players[w] for w in outcome.winners]
            result = (T._("{name} wins.", name=winners[0]) if len(winners) == 1 else T._("A draw."))
            out.append(f'<div class="it-last"><b>{html.escape(T._("Game over:"))}</b> {html.escape(result)}</div>')
        if watcher:
            out.append('<div class="it-note">' + html.escape(T._(
                "Knowledge overlay: what {watcher} can know. A number is the chance that the card "
                "is in the other hand.", watcher=watcher)) + "</div>")
        return "".join(out)

    def legend(self, frame: Any) -> str:
        chip = '<span class="it-card" style="background:{}">{}</span>'
        points_line = " ".join(chip.format(POINT_COLOURS[p], html.escape(T.n_("{n} pt", "{n} pt", p)))
                               for p in (1, 2, 4))
        bars = [(PREY, "", T._("prey (outlined, with ?)")),
                (TRAP, "", T._("trap cards (dashed: taken back into the hand)")),
                (CLOSED, "", T._("closed side (solid bar)")),
                (OPEN, "it-dashed", T._("open side (dashed bar)")),
                (MARK, "", T._("look here"))]
        return ('<div class="it-legend">' + points_line + " " + html.escape(T._("empty places by points"))
                + "<br>" + " ".join(f'<span class="it-bar {cls}" style="--bar:{c}"></span> {html.escape(t)}'
                                    for c, cls, t in bars) + "</div>")

    # ---- the text alternative ------------------------------------------------------------------------
    def describe(self, frame: Any) -> str:
        """The changes a move made, always with what the turn did: the facts say it only when
        it differs from the turn before (a second missed trap in a row went unsaid)."""
        said = super().describe(frame)
        last = frame.state.last
        if frame.refusal is None and frame.move is not None and last is not None:
            sentence = LAST_SAID[last.kind]()
            if sentence not in said:
                said = f"{said} {sentence}"
        return said

    def overview(self, state) -> str:
        facts = self.game.facts(state)
        said = dict(n=facts["table.count"], cards=facts["table"] or "–",
                    deck=T.n_("{n} card", "{n} cards", facts["deck"]))
        if facts["over"]:  # nobody hunts (the turn fact is "over")
            return T._("InTrappola table with {n} cards on it: {cards}. The game is over. "
                       "Deck: {deck}.", **said)
        return T._("InTrappola table with {n} cards on it: {cards}. {player} hunts. Deck: {deck}.",
                   player=facts["turn"], **said)

    phrases = {
        "last": Phrase(lambda key, old, new: LAST_SAID.get(str(new), lambda: "")()
                       if key == "" else ""),
        "hand": Phrase(lambda key, old, new: T._("{player}'s hand: {cards}.", player=key,
                                                 cards=hand_words(new))
                       if not key.endswith(".count") else ""),
        "score": Phrase(lambda key, old, new: T.n_("{player} has {n} point.",
                                                   "{player} has {n} points.", new, player=key)),
        "caught": Phrase(lambda key, old, new: T._("{player} caught: {cards}.", player=key,
                                                   cards=new)),
        "table": Phrase(lambda key, old, new: T._("On the table now: {cards}.", cards=new)
                        if key == "" else ""),
        "turn": Phrase(lambda key, old, new: T._("{player} hunts next.", player=new)
                       if new != "over" else T._("The game is over.")),
        "winner": Phrase(lambda key, old, new: T._("Winner: {name}.", name=new)),
    }


#: What the last turn's kind says, in the text alternative.
LAST_SAID = {"caught": lambda: T._("The trap caught its prey."),
             "missed": lambda: T._("The trap missed."),
             "discard": lambda: T._("The hunter put a card under the deck and drew."),
             "pass": lambda: T._("The hunter passed.")}


def side_segment(row: int, col: int, side: str):
    inset = 16
    x, y = col * U, row * U
    return {"above": ((x + inset, y + inset), (x + U - inset, y + inset)),
            "below": ((x + inset, y + U - inset), (x + U - inset, y + U - inset)),
            "left": ((x + inset, y + inset), (x + inset, y + U - inset)),
            "right": ((x + U - inset, y + inset), (x + U - inset, y + U - inset))}[side]


def chance_colour(where) -> str:
    if where.where == THEIRS:
        return "#ff9e80"
    if where.where in (YOURS, DECK):
        return "#d9d9d9"
    share = float(where.chance)  # unseen: from pale to strong orange
    return f"#ff{int(243 - 120 * share):02x}{int(224 - 170 * share):02x}"


#: the engine's words in InTrappola's facts, per fact: (fact, value) -> words
_FACT_VALUES = {
    ("where", YOURS): lambda: T._("yours"), ("where", THEIRS): lambda: T._("theirs"),
    ("where", DECK): lambda: T._("deck"),
    # Translators: a card the player has not seen (it may be in the other hand or the deck)
    ("where", UNSEEN): lambda: T.p_("card", "not seen"),
    ("place", "deck"): lambda: T._("deck"), ("place", "table"): lambda: T.p_("place", "table"),
    ("place", UNSEEN): lambda: T.p_("card", "not seen"),  # an observation's hidden card
    ("last", "caught"): lambda: T.p_("last turn", "caught"),
    ("last", "missed"): lambda: T.p_("last turn", "the trap missed"),
    ("last", "discard"): lambda: T.p_("last turn", "discarded"),
    ("last", "pass"): lambda: T.p_("last turn", "passed"),
    ("end", "hand"): lambda: T.p_("end", "a hand is empty"),
    ("end", "stuck"): lambda: T.p_("end", "no trap can come any more"),
    ("end", "quiet"): lambda: T.p_("end", "the discards went round twice without a trap"),
    ("turn", "over"): lambda: T.p_("turn", "the game is over"),
    ("winner", "draw"): lambda: T.p_("winner", "a draw"),
}


def where_text(where) -> str:
    return str(where.chance) if where.where == UNSEEN else _FACT_VALUES["where", where.where]()


# ---- beside the board ---------------------------------------------------------------------------
def chips(cards, pictures: int, clicked: bool = False, marked: Collection[str] = ()) -> str:
    """Cards as chips coloured by their points; ``clicked``: each a click target
    (:func:`discard_target`: the hunter's hand when it must discard), framed where ``marked``
    names it (the coach's hint: ``data-mark``, as the board's marks)."""
    if not cards:
        return f'<span class="it-note">{html.escape(T._("none"))}</span>'

    def chip(card: int) -> str:
        target = discard_target(card, pictures)
        more = (f' data-target="{html.escape(target)}"'
                + (f' data-mark="{html.escape(target)}"' if target in marked else "")) if clicked else ""
        return (f'<span class="it-card" style="background:{POINT_COLOURS[points(card, pictures)]}"'
                f"{more}>{card_name(card, pictures)}</span>")
    return " ".join(chip(c) for c in sorted(cards))


#: a card of the hand as a click on it names it, to put it under the deck: ``discard:7``
DISCARD = "discard:"


def discard_target(card: int, pictures: int) -> str:
    return DISCARD + card_name(card, pictures)


def last_turn_html(state) -> str:
    """What the last turn did, in the rulebook's steps."""
    last = state.last
    if last is None:
        return ""
    P = state.pictures
    who, other = state.players[last.hunter], state.players[1 - last.hunter]
    esc = html.escape

    def name(cards) -> str:
        return esc(cards_text(cards, P)) or esc(T._("none"))

    if last.kind == "caught":
        said = T.n_("{who} trapped {prey} with {cards}: caught, +{n} point.",
                    "{who} trapped {prey} with {cards}: caught, +{n} points.", last.points,
                    who=esc(who), prey=f"<b>{name(last.prey)}</b>", cards=name(last.cards))
        said += " " + (T._("{who} drew a card.", who=esc(who)) if last.drawn is not None
                       else T._("The deck is empty."))
    elif last.kind == "missed":
        said = T._("{who} trapped {prey} with {cards}: missed.", who=esc(who),
                   prey=f"<b>{name(last.prey)}</b>", cards=name(last.cards))
        said += " " + T._("Hands shown - {who}: {own}; {other}: {theirs}.", who=esc(who),
                          own=name(last.shown[last.hunter]), other=esc(other),
                          theirs=name(last.shown[1 - last.hunter]))
        said += " " + T._("{who} took the trap cards back.", who=esc(who))
        if last.gained is not None:
            said += " " + T._("{other} gained the top card.", other=esc(other))
        if last.placed is not None:
            said += " " + T._("{card} went face up.", card=name([last.placed]))
    elif last.kind == "discard":
        said = esc(T._("{who} could set no trap: put a card under the deck and drew.", who=who))
    else:
        said = esc(T._("{who} could set no trap and the deck is empty: passed.", who=who))
    return f'<div class="it-last"><b>{esc(T._("Last turn:"))}</b> {said}</div>'


def hand_words(cards: str) -> str:
    """A hand's fact in words, as the panel says it: the cards seen, and how many the
    observation hides (its "?"), never "? ? ?" read aloud."""
    names = cards.split()
    shown, hidden = [n for n in names if n != "?"], names.count("?")
    if not hidden:
        return cards or T._("none")
    said = T.n_("{n} card, hidden", "{n} cards, hidden", hidden)
    return f"{' '.join(shown)} + {said}" if shown else said


def hand_html(hand, pictures: int, clicked: bool = False, marked: Collection[str] = ()) -> str:
    """A hand as the state drawn holds it: its cards, and how many the observation hides;
    ``clicked``, ``marked``: as :func:`chips`."""
    shown = [c for c in hand if c != HIDDEN]
    hidden = len(hand) - len(shown)
    if not hidden:
        return chips(shown, pictures, clicked, marked)
    said = html.escape(T.n_("{n} card, hidden", "{n} cards, hidden", hidden))
    return f"{chips(shown, pictures, clicked, marked)} + {said}" if shown else said


# ---- free play --------------------------------------------------------------------------------
class InTrappolaPlay(FreePlay):
    """A game of InTrappola being played (no widgets)."""

    def __init__(self, pictures: int = 1, seats=None, seed: int = 0):
        super().__init__(GAME, {"pictures": pictures, "players": names(2)}, seats, seed,
                         observe=True)

    def moves_for_click(self, state, target: str) -> list:
        """A click on an empty place: the legal traps with that place as (part of) the prey,
        else those that put a card of the hand there; on a card of the hunter's hand
        (:func:`discard_target`): that card put under the deck."""
        if target.startswith(DISCARD):
            try:
                card = read_card(target[len(DISCARD):], state.pictures)
            except ValueError:
                return []
            return [Discard(card)]  # the engine says when a discard may not be made
        try:
            card = read_card(target, state.pictures)
        except ValueError:
            return []
        traps = [m for m in self.game.legal_moves(state) if isinstance(m, Trap)]
        return ([m for m in traps if card in m.prey]
                or [m for m in traps if card in m.cards])  # where the hunter's card goes

    def targets_of(self, state, move, names) -> list[str]:
        """A trap is clicked on its prey; its cards (the hunter's own) go on their places."""
        if not isinstance(move, Trap):
            return super().targets_of(state, move, names)
        wanted = {card_name(c, state.pictures) for c in (*move.prey, *move.cards)}
        return [name for name in names if name in wanted]

    def describe(self, before, move, after) -> str:
        last, who = after.last, before.players[before.turn]
        words = self.move_words(before, move, after)
        if isinstance(move, Trap):
            result = (T.n_("caught, +{n} point", "caught, +{n} points", last.points)
                      if last.kind == "caught" else T._("missed"))
            words = T._("{move} - {result}", move=words, result=result)
        elif last.kind == "pass" and not self._seen_by_the_person(after):
            words = T._("passed")
        return T._("{player}: {move}", player=who, move=words)

    def move_words(self, before, move, after) -> str:
        """A discard without its card where the one person did not see it (the engine hides
        it): in the log, the board's words and what undo takes back."""
        if isinstance(move, Discard) and not self._seen_by_the_person(after):
            return T._("put a card under the deck and drew")
        return super().move_words(before, move, after)

    def _seen_by_the_person(self, after) -> bool:
        """Whether the one person playing saw every card of the turn that led to ``after``
        (their own turn); never with no person or two at the table."""
        people = [seat for seat, kind in enumerate(self.seats) if kind == PERSON]
        seen = self.game.observation(after, people[0]).last if len(people) == 1 else None
        return seen is not None and seen.hunter == people[0] and HIDDEN not in seen.cards


KIT = Kit(InTrappolaPlay, InTrappolaDrawer, Extras, fresh_seed=True)
