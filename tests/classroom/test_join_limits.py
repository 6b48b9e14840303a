"""Wrong join codes over real websockets: limited per page first, per address far higher, the
address a proxy gives taken only when the server trusts it (widgets/serving/classroom/limits.py)."""
from __future__ import annotations

import logging

import pytest
from tornado import web
from tornado.httpclient import HTTPRequest
from tornado.testing import AsyncHTTPTestCase, gen_test
from tornado.websocket import websocket_connect

from tests.classroom import test_relay as base
from tests.classroom.clock import Clock
from widgets.serving.classroom.limits import PAGE_FREE, PAGE_MOST_WAIT, PageGuesses
from widgets.serving.classroom.model import JOIN_ATTEMPTS, JOIN_WINDOW, Classes
from widgets.serving.classroom.relay import Relay, handlers

WRONG = "ZZZZZZ"


@pytest.fixture(autouse=True)
def quiet_log():
    """Every wrong code is a log line: not the test's output."""
    logger = logging.getLogger("tutor.classroom")
    logger.disabled = True
    yield
    logger.disabled = False


class JoinLimits(AsyncHTTPTestCase):
    def get_app(self):
        self.clock = Clock()
        self.relay = Relay(Classes(clock=self.clock))
        return web.Application(handlers("/tutor/class/", self.relay))

    async def page(self, address: str | None = None) -> base.Page:
        """A student's page (its socket); ``address``: the one a proxy in front would give."""
        headers = {"X-Forwarded-For": f"198.51.100.7, {address}"} if address else {}
        url = f"ws://127.0.0.1:{self.get_http_port()}/tutor/class/student"
        return base.Page(await websocket_connect(HTTPRequest(url, headers=headers)))

    async def start(self) -> str:
        """A class started by a teacher's page (kept open); its code."""
        self.teacher = base.Page(await websocket_connect(
            f"ws://127.0.0.1:{self.get_http_port()}/tutor/class/teacher"))
        await self.teacher.say({"type": "start", "lesson": base.LESSON, "page": "p.ipynb",
                                "title": "The green turn", "lang": "en", "last": 7})
        return (await self.teacher.next("class"))["code"]

    @staticmethod
    async def join(page: base.Page, code: str) -> str:
        """What the relay answers a join: "joined", or why it refused ("code", "wait")."""
        await page.say({"type": "join", "code": code, "lang": "en"})
        answer = await page.next()
        while answer["type"] not in ("joined", "refused"):
            answer = await page.next()
        return answer["type"] if answer["type"] == "joined" else answer["why"]

    @gen_test(timeout=30)
    async def test_a_page_guessing_fast_is_slowed_and_its_classmates_are_not(self):
        code = await self.start()
        guesser = await self.page()
        assert [await self.join(guesser, WRONG) for _ in range(PAGE_FREE)] == ["code"] * PAGE_FREE
        # at once again: that page waits, whatever the code (the right one too) ...
        assert await self.join(guesser, WRONG) == "wait"
        assert await self.join(guesser, code) == "wait"
        # ... not another page of the same address
        assert await self.join(await self.page(), code) == "joined"
        # a second later it may try once; then it waits twice as long
        self.clock.now += 1
        assert await self.join(guesser, WRONG) == "code"
        self.clock.now += 1.5
        assert await self.join(guesser, code) == "wait"
        self.clock.now += 0.5
        assert await self.join(guesser, code) == "joined"

    @gen_test(timeout=60)
    async def test_a_whole_address_guessing_from_many_pages_is_stopped_past_its_limit(self):
        self.relay.trust_proxy = True
        code = await self.start()
        wrong = 0
        while wrong < JOIN_ATTEMPTS:  # fresh pages, each within its own free tries
            page = await self.page("203.0.113.5")
            for _ in range(min(PAGE_FREE, JOIN_ATTEMPTS - wrong)):
                assert await self.join(page, WRONG) == "code"
                wrong += 1
        # past the address's limit a fresh page of that address is refused, the right code too
        assert await self.join(await self.page("203.0.113.5"), code) == "wait"
        # another address is not
        assert await self.join(await self.page("203.0.113.6"), code) == "joined"
        self.clock.now += JOIN_WINDOW + 1
        assert await self.join(await self.page("203.0.113.5"), code) == "joined"

    @gen_test(timeout=60)
    async def test_the_proxy_s_address_is_taken_only_when_the_server_trusts_it(self):
        code = await self.start()
        for n in range(-(-JOIN_ATTEMPTS // PAGE_FREE)):  # each page says it is another address
            page = await self.page(f"203.0.113.{n + 1}")
            for _ in range(PAGE_FREE):
                await self.join(page, WRONG)
        # not trusted: every page was this machine's address, which has guessed too much
        assert await self.join(await self.page("192.0.2.44"), code) == "wait"
        self.relay.trust_proxy = True  # --trust-proxy: the proxy's word is taken
        assert await self.join(await self.page("192.0.2.44"), code) == "joined"
        assert await self.join(await self.page(), code) == "wait"  # 127.0.0.1 itself still


def test_a_page_s_wait_doubles_up_to_a_minute():
    clock = Clock()
    page = PageGuesses(clock)
    waits = []
    for _ in range(PAGE_FREE + 10):
        clock.now += page.wait()
        page.wrong()
        waits.append(page.wait())
    assert waits[:PAGE_FREE - 1] == [0.0] * (PAGE_FREE - 1)
    assert waits[PAGE_FREE - 1:PAGE_FREE + 3] == [1.0, 2.0, 4.0, 8.0]
    assert max(waits) == waits[-1] == PAGE_MOST_WAIT
