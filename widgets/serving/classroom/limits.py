"""How often a client may try a join code, or start a class, and who the client is.

Wrong join codes are limited twice, so that one student's typos never keep the others out
(a school's network, a reverse proxy or a hosted server puts a whole class behind one
address):

* per page (its socket: the student page keeps it over a wrong code): the first
  :data:`PAGE_FREE` wrong codes are answered at once, then each next try of that page only
  after a wait that doubles (1, 2, 4 … s, at most :data:`PAGE_MOST_WAIT`): a page guessing
  fast is slowed, the other pages of its address are not;
* per client (an address; a hub user on JupyterHub), a much higher limit
  (:data:`widgets.serving.classroom.model.JOIN_ATTEMPTS` in its window): past it every join of the
  client is refused, a right code too, until the window has passed: many pages guessing from
  one address are stopped.

The address is the connection's, or the one a reverse proxy in front of the server gives
(``X-Forwarded-For``, ``X-Real-IP``) only when the server is told to trust it
(``run.py app --trust-proxy``): without a proxy anyone could write those headers.

>>> now = [1000.0]
>>> page = PageGuesses(lambda: now[0])
>>> [page.wrong() or page.wait() for _ in range(PAGE_FREE + 2)]
[0.0, 0.0, 1.0, 2.0, 4.0]
>>> now[0] += 3; page.wait()
1.0
"""
from __future__ import annotations

import ipaddress
import math
from collections import deque
from typing import Callable

#: wrong codes a page may try in a row without waiting; then each waits twice the last
PAGE_FREE = 3
#: the longest a page waits between two tries (seconds; the page says "wait a minute")
PAGE_MOST_WAIT = 60.0


class Limiter:
    """At most ``attempts`` counted events per client in a sliding ``window`` of seconds."""

    def __init__(self, attempts: int, window: float, clock: Callable[[], float]):
        self.attempts, self.window, self.clock = attempts, window, clock
        self._seen: dict[str, deque] = {}

    def _recent(self, client: str) -> deque:
        seen = self._seen.setdefault(client, deque())
        while seen and seen[0] <= self.clock() - self.window:
            seen.popleft()
        return seen

    def blocked(self, client: str) -> bool:
        return len(self._recent(client)) >= self.attempts

    def count(self, client: str) -> None:
        self._recent(client).append(self.clock())

    def forget_old(self) -> None:
        for client in [c for c, seen in self._seen.items() if not self._recent(c)]:
            del self._seen[client]


class PageGuesses:
    """One page's wrong codes: :data:`PAGE_FREE` at once, then a doubling wait."""

    def __init__(self, clock: Callable[[], float]):
        self.clock = clock
        self.count = 0
        self.last = -math.inf

    def wait(self) -> float:
        """Seconds before this page may try a code again (0: now)."""
        if self.count < PAGE_FREE:
            return 0.0
        delay = min(PAGE_MOST_WAIT, 2.0 ** (self.count - PAGE_FREE))
        return max(0.0, self.last + delay - self.clock())

    def wrong(self) -> None:
        """The page tried a code no class has."""
        self.count += 1
        self.last = self.clock()


def _address(text: str) -> str | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":")[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def client_address(request, trust_proxy: bool = False) -> str:
    """The address a request (a Tornado ``HTTPServerRequest``) comes from. With
    ``trust_proxy``: the one the proxy in front of the server gives, the last address of
    ``X-Forwarded-For`` (the one the proxy added: those before it came from the client, who
    may write anything), else ``X-Real-IP``; without, the connection's own.

    >>> from types import SimpleNamespace as R
    >>> seen = R(remote_ip="10.0.0.1", headers={"X-Forwarded-For": "6.6.6.6, 203.0.113.9"})
    >>> client_address(seen), client_address(seen, trust_proxy=True)
    ('10.0.0.1', '203.0.113.9')
    >>> client_address(R(remote_ip="10.0.0.1", headers={"X-Real-IP": "2001:db8::1"}), True)
    '2001:db8::1'
    """
    own = request.remote_ip or "?"
    if not trust_proxy:
        return own
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded.strip():
        return _address(forwarded.split(",")[-1]) or own
    return _address(request.headers.get("X-Real-IP", "")) or own
