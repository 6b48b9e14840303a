"""The join link a teacher shows: the relay's address with the class code (never the teacher
key), as text and as a QR code (``segno``: SVG, nothing drawn by hand).

A teacher who opened the app as ``localhost`` would show a link no student can open; when the
server listens on the network too, the link names this machine's network address instead,
and when it does not, the teacher's page says how to start it so that it does.

>>> join_link("http://localhost:8866/tutor/class/", "K7MQ4P", lan="192.168.1.20")
('http://192.168.1.20:8866/tutor/class/join/K7MQ4P', False)
>>> join_link("http://127.0.0.1:8866/tutor/class/", "K7MQ4P", lan=None)
('http://127.0.0.1:8866/tutor/class/join/K7MQ4P', True)
>>> join_link("https://hub.school.example/services/rules-tutor-class/", "K7MQ4P")
('https://hub.school.example/services/rules-tutor-class/join/K7MQ4P', False)
>>> qr_svg("http://192.168.1.20:8866/tutor/class/join/K7MQ4P").startswith("<svg")
True
"""
from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit


def is_loopback(host: str) -> bool:
    if host in ("localhost", "localhost.localdomain") or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on its network (the one a route out would use), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # no packet is sent: picks the interface
            found = probe.getsockname()[0]
    except OSError:
        return None
    return None if is_loopback(found) else found


def join_link(relay: str, code: str, lan: str | None = None) -> tuple[str, bool]:
    """The join link of class ``code`` on the relay at ``relay`` (an absolute URL ending in
    "/"), and whether students cannot open it (it names this computer's own loopback and
    ``lan``, the server's network address, is None: the server listens on loopback only)."""
    parts = urlsplit(relay)
    loopback = is_loopback(parts.hostname or "")
    if not loopback or lan is None:
        return f"{relay}join/{code}", loopback
    netloc = lan + (f":{parts.port}" if parts.port else "")
    return f"{parts.scheme}://{netloc}{parts.path}join/{code}", False


def qr_svg(link: str) -> str:
    """The link as a QR code: an SVG that scales to its box (dark on white, a quiet zone)."""
    import segno

    code = segno.make(link, error="m", micro=False)
    return code.svg_inline(scale=1, border=3, dark="#000", light="#fff", omitsize=True,
                           title="QR", svgclass="tutor-qr", lineclass=None)
