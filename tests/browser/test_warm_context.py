"""The tests' shared browser context (``warm_context``): after :func:`~tests.conftest.forget`
the next test's page is a first visit (no cookie, no stored progress, no other tab), while the
HTTP cache that makes it cheaper stays."""
from __future__ import annotations

import functools
import http.server
import threading

import pytest

from tests.conftest import forget

pytestmark = pytest.mark.browser


class Cacheable(http.server.SimpleHTTPRequestHandler):
    asked: list[str] = []

    def do_GET(self):
        self.asked.append(self.path)
        super().do_GET()

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def site(tmp_path):
    Cacheable.asked = []
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title><script src='s.js'></script>")
    (tmp_path / "s.js").write_text("window.loaded = 1;")
    handler = functools.partial(Cacheable, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_a_forgotten_context_keeps_its_cache_and_nothing_else(warm_context, site):
    page = warm_context.new_page()
    page.goto(f"{site}/index.html")
    page.evaluate("""() => { localStorage.setItem("tutor-progress", "1");
                            sessionStorage.setItem("s", "1"); document.cookie = "_xsrf=1"; }""")
    warm_context.new_page()  # a tab a link opened
    assert warm_context.cookies() and len(warm_context.pages) == 2

    forget(warm_context)

    assert warm_context.pages == [] and warm_context.cookies() == []
    again = warm_context.new_page()
    again.goto(f"{site}/index.html")
    stored = again.evaluate("() => [localStorage.length, sessionStorage.length, document.cookie]")
    assert stored == [0, 0, ""], "the next test's page is not a first visit"
    assert again.evaluate("() => window.loaded") == 1
    assert Cacheable.asked.count("/s.js") == 1, "the script was fetched again: no cache kept"
    forget(warm_context)
