"""A page whose kernel is gone says so: :class:`KeepAlive`, the model the course app keeps for
its page (``widgets/static/keepalive.js`` is its page side, run by the app's script, and says
how the page notices).

While the page is visible it sends its kernel a heartbeat, so the server's culler never ends
the kernel of a page a class is looking at; a hidden tab sends none, so the server may free its
kernel after a while (``widgets/serving/server.py`` says the policy). When the kernel is gone
(culled, died, the server restarted) or the server cannot be reached, the page says so in one
sentence with a link that reloads it at the step it shows (``?step=N``; this model's ``step``
is the kernel's last word) and, in free play, one that reloads from the last saved position
(the save text the app told it, kept in the browser's sessionStorage for this page; the new
page hands it back to the app's ``restore``).

The app (:class:`widgets.app.CourseApp`) makes one and has it follow the view it shows
(:meth:`KeepAlive.follow`). The texts are in the current language; in JupyterLab the heartbeat
runs but the widget stays silent: Lab shows its kernel's state.

>>> alive = KeepAlive()
>>> alive.follow(step=3)
>>> alive.step, alive.saved, sorted(alive.texts)
(3, '', ['gone', 'reload', 'reload_saved', 'reload_step', 'unreachable'])
>>> alive._message(alive, {"kind": "ping", "n": 7}, [])
{'kind': 'pong', 'n': 7}
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets
import traitlets

from widgets.parts.messages import KEEPALIVE, Ping, Restore, Unread
from widgets.parts.words import words


class KeepAlive(ipywidgets.Widget):
    """The keep-alive's model (its page side: ``widgets/static/keepalive.js`` and
    ``keepalive.css``, in the app's script and styles)."""

    step = traitlets.Int(None, allow_none=True).tag(sync=True)
    saved = traitlets.Unicode("").tag(sync=True)
    interval = traitlets.Float(30.0).tag(sync=True)  # seconds between heartbeats
    texts = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._links: list[traitlets.dlink] = []
        self.on_msg(self._message)
        self.follow()

    def follow(self, step: Any = None, saved: Any = None,
               restore: Callable[[str], Any] | None = None) -> None:
        """Follow another view (the app switched); what the view left is forgotten.

        ``step``: the step shown now, an int or ``(has_traits, "trait")`` to follow; ``saved``:
        the last save text, a string or ``(has_traits, "trait")``; ``restore``: called with a
        save text when the reader reloads from the last saved position."""
        for link in self._links:
            link.unlink()
        self._links = []
        with self.hold_sync():
            self.step, self.saved = None, ""
            self._restore = restore
            self._follow("step", step)
            self._follow("saved", saved)
            self.texts = words("session")

    def _follow(self, name: str, source: Any) -> None:
        """Set ``self.<name>`` from ``source``: a value, or ``(object, trait)`` followed."""
        if isinstance(source, tuple) and len(source) == 2 and isinstance(source[1], str):
            self._links.append(traitlets.dlink(source, (self, name)))
        elif source is not None:
            setattr(self, name, source)

    def _message(self, _widget, content: dict, _buffers) -> dict | None:
        """A heartbeat is answered at once; a saved game handed back goes to ``restore``."""
        try:
            message = KEEPALIVE.read(content)
        except Unread:
            return None
        match message:
            case Ping(n=n):
                reply = {"kind": "pong", "n": n}
                self.send(reply)
                return reply
            case Restore(saved=saved) if saved and self._restore is not None:
                self._restore(saved)
        return None
