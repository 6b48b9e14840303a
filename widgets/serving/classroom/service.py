"""The class relay as a JupyterHub service: one process for every user of a hub, behind the
hub's login, so that a teacher and students on their own single-user servers share a class.

JupyterHub starts it (``deploy/jupyterhub_config.py``: ``python -m widgets.serving.classroom.service``)
with its service environment (``JUPYTERHUB_SERVICE_PREFIX``, ``JUPYTERHUB_SERVICE_URL``, the
OAuth client); the proxy sends ``/services/rules-tutor-class/`` to it. Every page and socket of
:mod:`.relay` is behind :class:`HubLogin`: a student's join link goes through the hub's login
first (its own OAuth redirects), a teacher's page asks ``hello`` before it connects, and a
client is the hub user (join attempts are limited per user, not per address: behind the
proxy every address is the proxy's). A student stepping away opens the lesson on their own
server (``/user/<name>/``), which starts a kernel for them only.
"""
from __future__ import annotations

import logging
import os
import secrets
from urllib.parse import quote, urlsplit

from tornado import web
from tornado.ioloop import IOLoop

from widgets.serving.classroom.relay import Relay, handlers

NAME = "rules-tutor-class"


def hub_login() -> type:
    """The mixin that puts the hub's login in front of the relay's handlers."""
    from jupyterhub.services.auth import HubOAuthenticated

    class HubLogin(HubOAuthenticated):
        def client_key(self) -> str | None:
            user = self.current_user
            return f"user:{user['name']}" if user else None

        def lessons_url(self) -> str:
            user = self.current_user or {}
            hub = os.environ.get("JUPYTERHUB_BASE_URL", "/")
            return f"{hub}user/{quote(user.get('name', ''), safe='')}/"

        def refuse(self) -> None:
            self.redirect(self.get_login_url())

    return HubLogin


def make_app() -> web.Application:
    from jupyterhub.services.auth import HubOAuthCallbackHandler

    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{NAME}/")
    relay = Relay()
    return web.Application(
        [*handlers(prefix, relay, hub_login()),
         (f"{prefix}oauth_callback", HubOAuthCallbackHandler)],
        cookie_secret=os.environ.get("TUTOR_CLASS_COOKIE_SECRET", "").encode() or secrets.token_bytes(32),
        base_url=prefix)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(asctime)s %(name)s] %(message)s")
    url = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    make_app().listen(url.port or 80, url.hostname or "127.0.0.1", xheaders=True)
    logging.getLogger("tutor.classroom").info("class relay at %s", url.geturl())
    IOLoop.current().start()


if __name__ == "__main__":
    main()
