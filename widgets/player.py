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
>>> player.steps.index, player.step_label.value
(1, 'Step 1 of 1')
>>> "P1 takes two." in player.narration.value, "nim.take" in player.rules.value
(True, True)
"""
from __future__ import annotations

import asyncio
import html
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
</style>
"""


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
        walk = replay.walkthrough
        self.title = widgets.HTML(self._title_html(title or walk.title))
        self.title.add_class("tutor-title")
        self.message = widgets.HTML(html.escape(message))
        self.message.add_class("tutor-message")
        self.message.layout.display = None if message else "none"

        controls = self._controls()
        side = self._side()
        board = widgets.Box([view.widget], layout=widgets.Layout(flex="2.3 1 640px"))
        main = widgets.HBox([board, side], layout=widgets.Layout(flex_flow="row wrap",
                                                                 align_items="flex-start"))
        self.widget = widgets.VBox(
            [widgets.HTML(_CSS), self.title, self.message, controls, main],
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

    def _side(self) -> widgets.VBox:
        """Step k of N, the move or refusal, the narration, the rule panel."""
        self.step_label = widgets.HTML()
        self.step_label.add_class("tutor-step")
        self.move = widgets.HTML()
        self.move.add_class("tutor-move-box")
        self.narration = widgets.HTML()
        self.narration.add_class("tutor-narration")
        self.rules = widgets.HTML()
        self.rules.add_class("tutor-rules")
        return widgets.VBox(
            [self.step_label, self.move, self.narration, self.rules],
            layout=widgets.Layout(flex="1 1 360px", min_width="320px", padding="0 0 0 16px"),
        )

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

    def _render_ahead(self) -> None:
        """While the learner reads, render the boards of the steps next to this one, so
        Next and Back only send a kept SVG (views that keep frames; needs the kernel's
        event loop, so in tests and scripts boards are rendered when shown)."""
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
            self.view.prepare(self.steps.frames[near])

    def _render(self, frame: Any) -> None:
        # each change is its own message, shown by the page in the order sent (a few ms
        # apart): what the learner looks at (the board) and reads (the narration, the step,
        # the move) go first, the players beside the board and the rules after them
        self.view.show_board(frame)
        self.narration.value = paragraphs(frame.narration)
        last = self.steps.last
        label = html.escape(text("step_of", index=frame.index, last=last))
        name = frame.title if frame.index else text("setup_step")
        self.step_label.value = (f'{label}<span class="tutor-step-title"> · '
                                 f'{html.escape(name)}</span>' if name else label)
        self.move.value = self._move_html(frame)
        self.view.update_side(frame)
        self.rules.value = self._rules_html(frame.rule_ids)
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
