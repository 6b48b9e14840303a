"""A lesson's step as every screen shows it: the one value the lesson makes
(:class:`widgets.pages.lesson.steps.StepComposer`) and every screen paints (``static/step.js``,
the first paint); a student asked about it gets :func:`asking_form`. Only dataclasses here: the
class relay imports it without the engine.

>>> step = StepView(2, "Step 2 of 9", "Bear 1", "<svg/>", "Move: take e3.", "", "", "take e3",
...                 "<p>Anna takes bear 1.</p>", "Anna takes bear 1.", "<div>r</div>")
>>> sorted(asking_form(step.data()))
['index', 'label', 'rules', 'switches', 'task', 'title']
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import Enum


#: steps sent ahead of the one shown, and behind it (the lesson page's, the class's)
AHEAD, BEHIND = 2, 1


class Phase(str, Enum):
    """Where a step that asks is: the learner makes the move (``TRY``), answers its question
    (``ASK``), or the step is shown as the walkthrough shows it (``DONE``)."""

    TRY = "try"
    ASK = "ask"
    DONE = "done"


@dataclass(frozen=True)
class StepView:
    """One step as the page shows it (HTML and SVG strings; ``alt`` and ``said`` plain text)."""

    index: int
    label: str  # "Step 2 of 9"
    title: str  # the step's title ("Setup" for step 0)
    board: str  # the board's SVG (its text alternative inside)
    alt: str  # the text alternative: what the step changed
    panel: str  # HTML beside the board
    legend: str
    move: str  # the move, or the refusal box
    narration: str  # HTML paragraphs
    said: str  # the narration as plain text (the live region announces it)
    rules: str
    switches: tuple = ()
    #: a step that asks (a try-it step, a question): what the page shows before the move,
    #: see :func:`widgets.pages.lesson.steps.task_data`; None for a step that only shows
    task: dict | None = None

    def data(self) -> dict:
        """JSON-ready, as the page receives it."""
        found = asdict(self)
        found["switches"] = [asdict(s) for s in self.switches]
        return found


#: the parts of a step a learner may not see while asked about it in a class (the move, what
#: it changed, the narration: they tell the answer); the asking view is ``task``
HIDDEN_WHILE_ASKING = ("board", "alt", "panel", "legend", "move", "narration", "said")


def asking_form(data: dict) -> dict:
    """A step's data (:meth:`StepView.data`) as a student gets it while the class is asked
    about it.

    >>> asking_form({"index": 2, "board": "<svg/>", "move": "take 3", "rules": "r",
    ...              "task": {"phases": ["ask"], "example": "take 3", "ask": {}}})
    {'index': 2, 'rules': 'r', 'task': {'phases': ['ask'], 'ask': {}}}
    """
    shown = {k: v for k, v in data.items() if k not in HIDDEN_WHILE_ASKING}
    if isinstance(shown.get("task"), dict):
        shown["task"] = {k: v for k, v in shown["task"].items() if k != "example"}
    return shown
