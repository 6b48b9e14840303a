"""A student's page typing wrong join codes, in a real browser, against the class relay alone
(a Tornado server in a thread: the student page needs no kernel). The page keeps its socket
over a wrong code, so the relay slows that page (widgets/serving/classroom/limits.py); it used to open
a new socket per try, each a fresh page to the relay."""
from __future__ import annotations

import asyncio
import json
import threading

import pytest

from tests.browser.harness import free_port
from widgets.serving.classroom.limits import PAGE_FREE

pytestmark = pytest.mark.browser


@pytest.fixture
def relay_server():
    """The relay's routes on a free port of 127.0.0.1; yields (base URL, relay)."""
    from tornado import web
    from tornado.ioloop import IOLoop

    from widgets.serving.classroom.relay import Relay, handlers

    port, ready, state = free_port(), threading.Event(), {}

    def serve():
        asyncio.set_event_loop(asyncio.new_event_loop())
        relay = Relay()
        server = web.Application(handlers("/tutor/class/", relay)).listen(port, "127.0.0.1")
        state.update(loop=IOLoop.current(), relay=relay, server=server)
        ready.set()
        IOLoop.current().start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(10)
    yield f"http://127.0.0.1:{port}/tutor/class/", state["relay"]
    state["loop"].add_callback(lambda: (state["server"].stop(), state["loop"].stop()))
    thread.join(10)


def test_a_page_typing_wrong_codes_is_slowed_on_its_own_socket(browser, relay_server):
    base, relay = relay_server
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        sockets: list[str] = []
        page.on("websocket", lambda socket: sockets.append(socket.url))
        page.goto(base + "join?lang=it")
        texts = json.loads(page.locator("#tutor-follow").text_content())["texts"]
        problems = []
        for attempt in range(PAGE_FREE + 1):
            page.fill("input[name=code]", "ZZZ-ZZZ")
            page.click(".tf-join button")
            page.wait_for_function(
                "n => document.querySelector('#tutor-follow-root').dataset.state === 'refused'"
                " && !document.querySelector('.tf-join button').disabled", arg=attempt)
            problems.append(page.locator(".tf-problem").text_content())
        assert problems == [texts["bad_code"]] * PAGE_FREE + [texts["wait_code"]]
        assert len(sockets) == 1, sockets  # one page, one socket, over every try
        assert not errors
    finally:
        context.close()
