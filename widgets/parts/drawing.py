"""Board drawers: one per game (in its module of ``widgets/games``, found by
:func:`widgets.games.drawer_for`), each drawing a frame as an SVG string and HTML beside it. A
drawer only reads states, the engine's facts, observations and legal moves; it never decides
a rule. What a drawer implements (all return strings):

* :meth:`BoardDrawer.board` ``(frame, seat=None)`` - the board as ONE ``<svg>``: a
  ``viewBox`` (no pixel size), labels as ``<text>``, ``data-target`` on every clickable place
  (the name a move text uses: ``"c5"``), the text alternative (:meth:`describe`) as its
  ``<title>``/``aria-label``;
* :meth:`BoardDrawer.panel` - HTML beside the board (hands, money, scores); ``seat`` is whose
  eyes free play shows it through;
* :meth:`BoardDrawer.legend` - what each mark means (colour is never the only cue: each mark
  also has a shape, a pattern or a letter);
* :meth:`BoardDrawer.switches` - view switches the learner may set (InTrappola's knowledge
  overlay); :attr:`BoardDrawer.setting` holds the choice.

A walkthrough step steers a drawer with hints (``frame.view``): each drawer reads them in ONE
place, :meth:`BoardDrawer.hints`, through :func:`hint`, which takes attribute access (the
typed hints of ``tutor/<game>/hints.py``) or a mapping (today's TOML tables) alike.

>>> hint({"mark": ["c5"]}, "mark", ()), hint(None, "mark", ())
(['c5'], ())
"""
from __future__ import annotations

import dataclasses
import html
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from widgets.parts import svg
from widgets.parts.describe import Phrase, describe
from widgets.parts.html import fact_text
from widgets.parts.texts import T


def hint(view: Any, name: str, default: Any = None) -> Any:
    """A walkthrough hint by name: an attribute of a typed hints object, or a key of a mapping;
    ``default`` when absent (or None)."""
    if view is None:
        return default
    found = view.get(name) if isinstance(view, Mapping) else getattr(view, name, None)
    return default if found is None else found


def with_hints(view: Any, **more: Any) -> Any:
    """``view`` (None, a mapping or a typed hints object) with the hints ``more`` set too: a
    typed object of the same class where it has those fields, else a mapping.

    >>> with_hints(None, mark=("c5",)), with_hints({"targets": "none"}, mark=("c5",))
    ({'mark': ('c5',)}, {'targets': 'none', 'mark': ('c5',)})
    """
    if view is None:
        return dict(more)
    if isinstance(view, Mapping):
        return {**view, **more}
    if dataclasses.is_dataclass(view):
        try:
            return dataclasses.replace(view, **more)
        except (TypeError, ValueError):
            return {**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)}, **more}
    return dict(more)


def names_of(value: Any) -> list[str]:
    """A hint that names one thing or several, as a list of texts.

    >>> names_of("c5"), names_of(["c5", 6]), names_of(None)
    (['c5'], ['c5', '6'], [])
    """
    if value is None:
        return []
    return [str(value)] if isinstance(value, (str, int)) else [str(v) for v in value]


@dataclass(frozen=True)
class Switch:
    """A choice the learner makes on the view: ``name`` (sent back), a label, the options as
    (value, label) pairs, the value shown now."""

    name: str
    label: str
    options: tuple[tuple[str, str], ...]
    value: str


class BoardDrawer:
    """Base of the board drawers (see the module's docs for what a game implements)."""

    #: phrases for the facts that change (``widgets.parts.describe``), by kind of fact
    phrases: Mapping[str, Phrase] = {}
    #: True in free play (a panel then never speaks of "this walkthrough")
    playing: bool = False

    def __init__(self, game: Any):
        self.game = game
        #: the learner's choices on :meth:`switches`, by switch name
        self.setting: dict[str, str] = {}

    # ---- what a game implements --------------------------------------------------------------
    def board(self, frame: Any, seat: int | None = None) -> str:
        raise NotImplementedError

    def panel(self, frame: Any, seat: int | None = None) -> str:
        return ""

    def hand(self, frame: Any, seat: int | None = None) -> str:
        """The hand ``seat`` plays from now, as a line of its own under free play's status
        (where the move is a card of it: Canyon), else ""."""
        return ""

    def legend(self, frame: Any) -> str:
        return ""

    def overview(self, state: Any) -> str:
        """A sentence or two about a position (the text alternative of a setup)."""
        return ""

    def switches(self, frame: Any, seat: int | None = None) -> tuple[Switch, ...]:
        return ()

    def hints(self, frame: Any) -> Any:
        """The frame's hints as the drawer uses them (override: read each hint here once)."""
        return getattr(frame, "view", None)

    def mark_targets(self, view: Any, targets: Sequence[str]) -> Any:
        """``view`` with the board's places named by ``targets`` (their ``data-target``) marked
        as a step's ``mark`` marks them (the coach's hint in free play): each mark drawn then
        carries ``data-mark``, the ``data-target`` of the place it frames. A game whose marks
        are another hint, or named otherwise, overrides this."""
        if not targets:
            return view
        return with_hints(view, mark=tuple(dict.fromkeys((*names_of(hint(view, "mark", ())),
                                                          *targets))))

    def fact_value(self, value: Any, key: str | None = None) -> str:
        """A fact's value as the page shows it (the author's proposals, a question's answer):
        a truth value as yes or no in the page's language; a game whose facts are written in
        the engine's own words (colours, tiles, phases, places) puts them in the page's
        language too, reading the fact's ``key`` where the word depends on it (an Italian
        "none" is "nessuno" for a person, "nessuna" for a card).

        >>> BoardDrawer(None).fact_value(True), BoardDrawer(None).fact_value(12)
        ('yes', '12')
        """
        return fact_text(value)

    def choice_value(self, choice: str, key: str | None = None) -> str:
        """A question's choice as its file writes it (the engine's words: ``yes``/``no`` for a
        truth value, as :func:`tutor.core.walkthrough.answer_text` says the answer) in the
        page's language, the same way as the answer: a lesson written by playing it has no
        catalog to translate its choices.

        >>> BoardDrawer(None).choice_value("no"), BoardDrawer(None).choice_value("7")
        ('no', '7')
        """
        return self.fact_value({"yes": True, "no": False}.get(choice, choice), key)

    # ---- shared ----------------------------------------------------------------------------------
    def describe(self, frame: Any) -> str:
        return describe(self.game, frame, self.phrases, overview=self.overview(frame.state))


class EveryFact(dict):
    """Phrases for a game without its own: every fact that changes, said plainly."""

    def get(self, kind, default=None):
        return Phrase(lambda key, old, new: T._("{fact} is now {value}.",
                                                fact=f"{kind}.{key}" if key else kind, value=new))


class FactsDrawer(BoardDrawer):
    """The drawer of a game that has none yet: its facts as a table, in an SVG-less panel."""

    phrases = EveryFact()

    def board(self, frame: Any, seat: int | None = None) -> str:
        facts = list(self.game.facts(frame.state).items())[:12]
        lines = [svg.text(10, 30 + 28 * i, f"{k}: {v}", 20) for i, (k, v) in enumerate(facts)]
        return svg.document(600, 40 + 28 * len(facts), lines, label=self.describe(frame))

    def panel(self, frame: Any, seat: int | None = None) -> str:
        rows = "".join(f"<tr><td>{html.escape(str(k))}</td><td>{html.escape(str(v))}</td></tr>"
                       for k, v in self.game.facts(frame.state).items())
        return f'<table class="tutor-facts">{rows}</table>'
