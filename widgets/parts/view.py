"""A view of the course app: the lesson, free play, the drills, the course page.

A view is a widget *model* (traits and custom messages) with no view of its own: the app's
script (``widgets/static/app.js``) draws it with the module its ``kind`` names. The course app
shows one view at a time and closes the one it leaves: :meth:`View.close` first lets the view
:meth:`~View.release` what it holds (a free-play game's computer moves on a timer, a lesson
played on from a step), so nothing of a view left stays in the kernel. The page's messages are read on arrival by
the view's family (:attr:`View.MESSAGES`) and acted on by :meth:`View.act`.

>>> view = View(kind="drills", texts={"home": "All lessons"})
>>> view.kind, view.closed, "All lessons" in view.frame
('drills', False, True)
>>> view.close(); view.closed
True
"""
from __future__ import annotations

import logging
from typing import Any

import ipywidgets
import traitlets

from widgets.parts.frame import frame_html, step_html
from widgets.parts.messages import Family, Unread


class View(ipywidgets.Widget):
    """A view's model (see the module's docs)."""

    #: the module that draws it: "lesson", "play", "drills" or "course"
    kind = traitlets.Unicode("").tag(sync=True)
    #: the course page's address (the way home)
    home = traitlets.Unicode("index.ipynb").tag(sync=True)
    #: the page's words (:func:`widgets.parts.words.words`), in the page's language
    texts = traitlets.Dict().tag(sync=True)
    #: the page's frame in HTML (:mod:`widgets.parts.frame`), made anew with its words
    frame = traitlets.Unicode("").tag(sync=True)
    #: whether the page draws a frame; whether its story column holds a step's parts
    FRAMED, STEPS = True, False
    #: the messages the page sends (:mod:`widgets.parts.messages`); None: it sends none
    MESSAGES: Family | None = None

    def __init__(self, **traits: Any):
        super().__init__(**traits)
        if self.MESSAGES is not None:
            self.on_msg(lambda _widget, content, _buffers: self.handle(content))

    def handle(self, content: Any) -> None:
        """A message of the page, read by :attr:`MESSAGES` and acted on; one not read is
        dropped with a log line."""
        try:
            message = self.MESSAGES.read(content)
        except Unread as why:
            logging.getLogger(type(self).__module__).warning(
                "%s page: dropped a message: %s", self.kind, why)
            self.dropped(content)
            return
        self.act(message)

    def act(self, message: Any) -> None:
        """Do what a message read says."""

    def dropped(self, content: Any) -> None:
        """A message was dropped (the lesson page still answers one the page waits for)."""

    @traitlets.observe("texts", "languages")
    def _frame_anew(self, _change) -> None:
        if self.FRAMED:
            self.frame = frame_html(self.texts, story=step_html(self.texts) if self.STEPS else "",
                                    languages=getattr(self, "languages", None))

    @property
    def closed(self) -> bool:
        return self.comm is None

    def release(self) -> None:
        """Let go of what the view holds (called once, when the view is closed)."""

    def close(self) -> None:
        if not self.closed:
            self.release()
        super().close()
