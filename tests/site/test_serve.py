"""``python3 run.py site --serve`` (sitebuild/serve.py): a download the browser stops is no error."""
from __future__ import annotations

import socket
import struct
import threading
import time

from sitebuild.serve import server


def test_a_download_the_browser_stops_prints_no_traceback(tmp_path, capfd):
    """A page left mid-download (a lesson's built steps, the runtime) closed the connection:
    the server printed a BrokenPipeError traceback each time (dozens in one test run)."""
    (tmp_path / "big.bin").write_bytes(b"x" * 16_000_000)
    made = server(tmp_path)
    threading.Thread(target=made.serve_forever, daemon=True).start()
    try:
        for _ in range(3):
            client = socket.create_connection(made.server_address)
            client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            client.recv(1024)
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            client.close()  # a reset, as a tab closed
        time.sleep(1.0)
    finally:
        made.shutdown()
        made.server_close()
    assert "Traceback" not in capfd.readouterr().err
