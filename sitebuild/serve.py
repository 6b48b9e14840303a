"""``python3 run.py site --serve``: the built site on localhost, for a look.

A plain static server (the standard library's), with the types a browser insists on for
the runtime (``application/wasm`` for .wasm, JavaScript for .mjs) and answers compressed
with gzip when the browser accepts it, as most static hosts do. ``prefix`` serves the site
under a sub-path (``/rules-tutor/``), as GitHub Pages serves a project's site.
"""
from __future__ import annotations

import functools
import gzip
import http.server
import threading
from pathlib import Path

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/octet-stream",
         ".webmanifest": "application/manifest+json", ".ipynb": "application/json",
         ".svg": "image/svg+xml"}
#: compressed when asked: text and the runtime (not the wheels and archives, already zipped)
COMPRESS = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".ipynb", ".txt", ".map"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    prefix = "/"
    #: when a list: (path, bytes sent) of every answer is appended (the benchmark counts them)
    sent: list | None = None
    _gzipped: dict = {}
    _lock = threading.Lock()

    def log_message(self, format, *args):  # quiet: a look, not a log
        pass

    def copyfile(self, source, outputfile):
        if self.sent is None:
            return super().copyfile(source, outputfile)
        start = source.tell()
        super().copyfile(source, outputfile)
        self.sent.append((self.path.split("?", 1)[0], source.tell() - start))

    def translate_path(self, path):
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if self.prefix != "/" and clean.startswith(self.prefix):
            path = "/" + path[len(self.prefix):]
        elif self.prefix != "/":
            path = "/.no-such-file"
        return super().translate_path(path)

    def send_head(self):
        path = Path(self.translate_path(self.path))
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.is_file() and path.suffix in COMPRESS):
            return super().send_head()
        key = (str(path), path.stat().st_mtime_ns)
        with self._lock:
            body = self._gzipped.get(key)
            if body is None:
                body = gzip.compress(path.read_bytes(), 6)
                self._gzipped[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        import io

        return io.BytesIO(body)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser that stops a download (a page left, a fetch aborted) is not an error: no
        traceback for it (a test run printed dozens); anything else as the standard library
        says it."""
        import sys

        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def server(folder: Path, port: int = 0, prefix: str = "/",
           sent: list | None = None) -> http.server.ThreadingHTTPServer:
    """A server of ``folder`` on 127.0.0.1:``port`` (0: a free port), not yet serving;
    ``sent``: a list that gets ``(path, bytes sent)`` of every answer."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("SiteHandler", (Handler,), {"prefix": prefix, "_gzipped": {}, "sent": sent})
    return Server(("127.0.0.1", port), functools.partial(handler, directory=str(folder)))


def serve(folder: Path, port: int = 8000) -> None:
    httpd = server(folder, port)
    print(f"Rules Tutor's static site: http://localhost:{httpd.server_address[1]}/  "
          "(Ctrl-C stops it)", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
