"""The step player: ONE player for every walkthrough of every game.

It shows, for the current frame of a replayed walkthrough: the title, the game's board view
(passed in), "Step k of N", the step's title, the move (or, for a refused move, the refusal
with its reason and rule id, clearly marked), the narration, and the rule panel (id, title,
short explanation and, marked, "Our reading: ..." where the project chose a reading).
Back / Next / Restart buttons, a step list with titles, and the ← → keys move through it.

The :class:`~widgets.controller.StepController` owns the index; the widgets only ask it to
move and repaint when it says the frame changed.

>>> from tutor.core.demo import Nim
>>> from tutor.core.walkthrough import Frame, Replay
>>> from widgets.board import FactsView
>>> nim = Nim()
>>> s0 = nim.initial_state({"heap": 5})
>>> s1 = nim.apply(s0, nim.parse_move(s0, "take 2"))
>>> frames = (Frame(0, s0, "Five counters.", ()),
...           Frame(1, s1, "P1 takes two.", ("nim.take",), move_text="take 2", before=s0))
>>> player = StepPlayer(Replay(None, nim, frames), FactsView(nim), title="Nim")
>>> player.next_button.click()
>>> player.steps.index, player.shown.step
(1, 'Step 1 of 1')
>>> "P1 takes two." in player.shown.narration, "nim.take" in player.shown.rules
(True, True)
>>> player.stage.value == player.shown.html  # the whole step is ONE widget change
True
"""
from __future__ import annotations

import asyncio
import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
from ipyevents import Event

from .board import BoardView
from .controller import StepController
from .texts import text

#: Keys that step, as the browser names them (KeyboardEvent.key).
KEYS = {"ArrowRight": "next", "ArrowLeft": "back", "Home": "restart", "End": "end"}
#: Seconds after a step is shown before the boards next to it are rendered ahead.
AHEAD = 0.15

_CSS = """
<style>
.tutor-app { font-size: 18px; line-height: 1.4; color: #1d1d1d; min-height: 96vh; }
.tutor-app .widget-button { font-size: 18px; height: 40px; }
.tutor-app .widget-dropdown select { font-size: 17px; height: 40px; }
.tutor-controls { gap: 6px; }
.tutor-title h2 { margin: 4px 0 0 0; font-size: 28px; }
.tutor-title .tutor-game { color: #555; font-size: 17px; }
.tutor-message { background: #fff4ce; border-left: 6px solid #d9a400; padding: 6px 12px; }
.tutor-step { font-size: 22px; font-weight: bold; }
.tutor-step .tutor-step-title { font-weight: normal; }
.tutor-hint { color: #555; font-size: 15px; }
.tutor-move { font-size: 20px; }
.tutor-move code { font-size: 20px; background: #eef3ff; padding: 1px 6px; border-radius: 4px; }
.tutor-refusal { background: #fde8e8; border-left: 8px solid #c62828; padding: 8px 12px;
                 font-size: 19px; }
.tutor-refusal b.tutor-refused { color: #b71c1c; font-size: 21px; }
.tutor-narration { font-size: 21px; line-height: 1.45; }
.tutor-narration p { margin: 6px 0; }
.tutor-rules h3 { font-size: 17px; color: #555; margin: 8px 0 4px 0; text-transform: uppercase;
                  letter-spacing: 0.05em; }
.tutor-rule { border: 1px solid #ccd; border-radius: 6px; padding: 6px 10px; margin: 6px 0; font-size: 16px;
              background: #fafbff; }
.tutor-rule code { font-size: 15px; color: #3949ab; }
.tutor-rule .tutor-rule-title { font-weight: bold; }
.tutor-reading { background: #e8f5e9; border-left: 6px solid #2e7d32; padding: 4px 8px;
                 margin-top: 4px; }
.tutor-source { color: #666; font-size: 14px; }
.tutor-facts td { padding: 2px 10px; font-size: 17px; }
.tutor-stage { display: flex; flex-flow: row wrap; align-items: flex-start;
               line-height: var(--jp-widgets-inline-height, 28px); }  /* as in an HTML widget */
.tutor-stage-view { flex: 2.3 1 640px; min-width: 0; }
.tutor-story { flex: 1 1 360px; min-width: 320px; padding: 0 0 0 16px; box-sizing: border-box; }
.tutor-view { display: flex; flex-flow: row wrap; align-items: flex-start; width: 100%; }
.tutor-view-side { box-sizing: border-box; }
</style>
"""


@dataclass(frozen=True)
class Shown:
    """What one step shows, as HTML strings: the view (board and side panel) and the story
    column; :attr:`html` is them laid out as ONE string for one widget change (the page then
    parses and lays out a step once, instead of once per part)."""

    board: str  # the board's SVG
    side: str  # the view's panel beside the board
    view: str  # board and side laid out by the view
    step: str
    move: str
    narration: str
    rules: str

    @property
    def html(self) -> str:
        return (f'<div class="tutor-stage"><div class="tutor-stage-view">{self.view}</div>'
                f'<div class="tutor-story"><div class="tutor-step">{self.step}</div>'
                f'<div class="tutor-move-box">{self.move}</div>'
                f'<div class="tutor-narration">{self.narration}</div>'
                f'<div class="tutor-rules">{self.rules}</div></div></div>')


def paragraphs(words: str) -> str:
    """Plain text as HTML paragraphs (a blank line starts a new one); nothing is markup.

    >>> paragraphs("Bear 4 <blocked>.\\n\\nTake mushroom 5.")
    '<p>Bear 4 &lt;blocked&gt;.</p><p>Take mushroom 5.</p>'
    """
    parts = [p.strip() for p in words.split("\n\n") if p.strip()]
    return "".join(f"<p>{html.escape(' '.join(p.split()))}</p>" for p in parts)


class StepPlayer:
    """Steps through ``replay.frames`` with ``view`` as the board; :attr:`widget` is the app."""

    def __init__(self, replay: Any, view: BoardView, index: int = 0, message: str = "",
                 title: str | None = None):
        self.replay = replay
        self.game = replay.game
        self.view = view
        self.steps = StepController(replay, index)
        self._last_key: tuple = (None, None)
        self._kept: dict[int, tuple[Any, Shown, str]] = {}  # id(frame) -> (frame, shown, html)
        self.shown: Shown | None = None
        walk = replay.walkthrough
        self.title = widgets.HTML(self._title_html(title or walk.title))
        self.title.add_class("tutor-title")
        self.message = widgets.HTML(html.escape(message))
        self.message.add_class("tutor-message")
        self.message.layout.display = None if message else "none"

        controls = self._controls()
        # the frame-dependent parts (board, view's panel, step, move, narration, rules) are
        # ONE HTML widget: a step reaches the page as one message, parsed and laid out once
        self.stage = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.stage.add_class("tutor-stage-box")
        view_controls = list(view.controls)
        if view_controls:
            view.on_redraw(self._redraw)
        self.widget = widgets.VBox(
            [widgets.HTML(_CSS + view.css), self.title, self.message, controls,
             *view_controls, self.stage],
            layout=widgets.Layout(width="100%", padding="4px 8px"),
        )
        self.widget.add_class("tutor-app")
        self.keys = self._watch_keys(self.widget)

        self.steps.observe(self._changed)
        self._render(self.steps.frame)

    # ---- building ------------------------------------------------------------------------------
    def _controls(self) -> widgets.HBox:
        """Restart, Back, Next, the step list, and how the keys and numbering work."""
        self.restart_button = self._button("restart", "tutor-restart", self.steps.restart)
        self.back_button = self._button("back", "tutor-back", self.steps.back)
        self.next_button = self._button("next", "tutor-next", self.steps.next)
        self.step_list = widgets.Dropdown(
            options=[(self._step_name(f), f.index) for f in self.steps.frames],
            value=self.steps.index, description=text("step_list"),
            layout=widgets.Layout(width="auto", min_width="260px", max_width="480px"),
        )
        self.step_list.add_class("tutor-step-list")
        self.step_list.observe(lambda change: self.steps.jump(change["new"]), names="value")
        hint = widgets.HTML(
            f'<span class="tutor-hint">{html.escape(text("keys_hint"))}<br>'
            f'{html.escape(text("numbering"))}</span>',
            layout=widgets.Layout(flex="1 1 300px"),
        )
        controls = widgets.HBox(
            [self.restart_button, self.back_button, self.next_button, self.step_list, hint],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        controls.add_class("tutor-controls")
        return controls

    def _button(self, key: str, css: str, action) -> widgets.Button:
        button = widgets.Button(description=text(key), layout=widgets.Layout(width="130px"))
        button.add_class(css)
        button.on_click(lambda _button: action())
        return button

    def _title_html(self, title: str) -> str:
        game = self.game.title if self.game.title not in title else ""  # no "Trapper" twice
        return (f'<h2>{html.escape(title)}</h2>'
                + (f'<span class="tutor-game">{html.escape(game)}</span>' if game else ""))

    def _step_name(self, frame: Any) -> str:
        if frame.index == 0:
            return f"0 · {text('setup_step')}"
        return f"{frame.index} · {frame.title or frame.move_text or ''}".rstrip(" ·")

    def _watch_keys(self, source: widgets.Widget) -> Event:
        """ipyevents listens for keys while the pointer is over ``source`` (the whole app)."""
        events = Event(source=source, watched_events=["keydown"],
                       ignore_modifier_key_events=True)
        events.on_dom_event(self.key_pressed)
        # ipyevents can attach its key listener twice while the page loads (it attaches
        # asynchronously, and a view of the app shown meanwhile starts a second attach), and
        # then sends every key twice. Once the page shows the app it reports the app's view
        # count; changing an option then makes ipyevents remove ALL its listeners and attach
        # one (``wait`` is unused without throttling, so nothing else changes).
        source.observe(lambda _change: setattr(events, "wait", 1 - events.wait),
                       names="_view_count")
        return events

    # ---- reacting --------------------------------------------------------------------------------
    def key_pressed(self, event: dict) -> None:
        """The ipyevents handler: ← back, → next, Home restart, End the last step."""
        action = KEYS.get(event.get("key", ""))
        if event.get("type", "keydown") != "keydown" or not action:
            return
        # ipyevents can attach its listener twice while the page loads (it re-adds listeners
        # asynchronously); both copies then report the same key press with the same timeStamp.
        stamp = (event.get("timeStamp"), event.get("key"))
        if stamp[0] is not None and stamp == self._last_key:
            return
        self._last_key = stamp
        getattr(self.steps, action)()

    def _changed(self, frame: Any) -> None:
        self.message.layout.display = "none"  # the address's step was read; moving on
        self._render(frame)

    def _redraw(self) -> None:
        """A control of the view changed (views with controls keep no frames): show again."""
        self._kept.clear()
        self._render(self.steps.frame)

    def _render_ahead(self) -> None:
        """While the learner reads, compose the steps next to this one (board included), so
        Next and Back only send a kept string (views that keep frames; needs the kernel's
        event loop, so in tests and scripts steps are composed when shown)."""
        if not self.view.keeps_frames:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        index = self.steps.index
        for delay, near in ((AHEAD, index + 1), (2 * AHEAD, index - 1)):
            if 0 <= near <= self.steps.last:
                loop.call_later(delay, self._prepare, index, near)

    def _prepare(self, shown: int, near: int) -> None:
        if self.steps.index == shown:  # the learner has moved on: that step renders its own
            self._compose(self.steps.frames[near])

    def _compose(self, frame: Any) -> tuple[Shown, str]:
        """What ``frame`` shows, and its one HTML string (kept per frame when the view keeps
        frames: its board and panel then depend on the frame alone)."""
        kept = self._kept.get(id(frame))
        if kept is not None and kept[0] is frame:
            return kept[1], kept[2]
        svg, side = self.view.parts(frame)
        label = html.escape(text("step_of", index=frame.index, last=self.steps.last))
        name = frame.title if frame.index else text("setup_step")
        shown = Shown(
            board=svg, side=side, view=self.view.html(svg, side),
            step=(f'{label}<span class="tutor-step-title"> · {html.escape(name)}</span>'
                  if name else label),
            move=self._move_html(frame), narration=paragraphs(frame.narration),
            rules=self._rules_html(frame.rule_ids),
        )
        composed = shown.html
        if self.view.keeps_frames:
            self._kept[id(frame)] = (frame, shown, composed)
        return shown, composed

    def _render(self, frame: Any) -> None:
        # the step first (one message), then the controls, each only if it changed (a
        # trait set to its own value sends nothing)
        self.view.frame = frame
        self.shown, self.stage.value = self._compose(frame)
        self.step_list.value = frame.index
        self.back_button.disabled = self.steps.at_start
        self.restart_button.disabled = self.steps.at_start
        self.next_button.disabled = self.steps.at_end
        self._render_ahead()

    def _move_html(self, frame: Any) -> str:
        if frame.refusal is not None:
            refusal = frame.refusal
            return (
                f'<div class="tutor-refusal"><b class="tutor-refused">✖ {text("refused")}:</b> '
                f'<code>{html.escape(frame.move_text or refusal.move_text or "")}</code><br>'
                f'{html.escape(refusal.reason)} <code>[{html.escape(refusal.rule_id)}]</code><br>'
                f'<i>{html.escape(text("refused_explain"))}</i></div>'
            )
        if frame.move_text:
            return (f'<div class="tutor-move">{html.escape(text("move"))}: '
                    f'<code>{html.escape(frame.move_text)}</code></div>')
        return ""

    def _rules_html(self, rule_ids) -> str:
        parts = [f"<h3>{html.escape(text('rules_heading'))}</h3>"]
        for rule_id in rule_ids:
            rule = self.game.rules[rule_id]
            part = (f'<div class="tutor-rule"><code>{html.escape(rule.id)}</code> '
                    f'<span class="tutor-rule-title">{html.escape(rule.title)}</span>'
                    f"<div>{html.escape(rule.text)}</div>")
            if rule.reading:
                part += (f'<div class="tutor-reading"><b>{html.escape(text("our_reading"))}</b> '
                         f"{html.escape(rule.reading)}</div>")
            if rule.source:
                part += (f'<div class="tutor-source">{html.escape(text("rulebook"))} '
                         f"{html.escape(rule.source)}</div>")
            parts.append(part + "</div>")
        if not rule_ids:
            parts.append(f'<div class="tutor-source">{html.escape(text("no_rules"))}</div>')
        return "".join(parts)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
