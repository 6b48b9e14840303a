"""The app server: Voila with what a class and a hosted demo need.

``python3 run.py app`` starts :func:`main` (``python -m widgets.serving.server notebooks``) at the
repository root, so that Voila reads ``voila.json`` there. It is Voila's own application with
four additions, each a class below that Voila lets be configured or subclassed:

* :class:`TutorPageHandler` serves the app pages: it sets the ``_xsrf`` cookie before a page is
  rendered, from the pool's kernel or not (Voila's ``prelaunch_hook`` could only do that
  without preheated kernels), so the shutdown request a page sends when it is left is
  accepted and its kernel freed at once; past the kernel cap it answers ``503`` with
  ``Retry-After`` and one sentence in the reader's language, before any kernel is started;
  an address that names no notebook gets ``404`` with one sentence in the reader's language
  and the way to the course page (:func:`missing_page`), not Voila's English dead end.
* :class:`TutorKernelManager` keeps the cap (``max_kernels``, kernels serving pages; the
  preheated pool comes on top of it) and culls for readers:

  - a page that is open and visible sends a heartbeat (``widgets/serving/keepalive.py``) and is
    never culled, however long a projector shows one step;
  - a page that was closed lets its kernel go at once (the shutdown request, thanks to the
    cookie); if that request never arrived (a phone killed the browser), a kernel with no
    page connected and no activity for ``cull_disconnected_timeout`` seconds is culled at
    the next pass: within a minute with the settings in ``voila.json``;
  - a page hidden in a background tab stops its heartbeat; its kernel is culled after
    ``cull_idle_timeout`` (15 minutes in ``voila.json``), and the page then says so and
    offers to reload at the same step.
* :class:`NoDelayConnection`: the kernel websocket with Nagle's algorithm off, which tells
  its page when the kernel is shut down.
* :class:`TutorVoila`: Voila with these, kernels on Unix sockets (:func:`kernel_transport`)
  and forked from a warm process that has imported what they import (``forks.py``: a page's
  kernel costs ~0.2 s of CPU instead of ~0.65 s), compressed answers, the live class's relay
  (``tutor/class/``) and its own options.

The page template (``share/jupyter/voila/templates/tutor``, named in ``voila.json``) is
installed with the package where Voila looks for templates, so a plain ``voila notebooks/``
and JupyterLab's Voila preview show the same pages as this server (an editable install:
:func:`find_template`).

This module is imported by the server process, never by kernels: it imports neither
ipywidgets nor matplotlib.

>>> NoDelayConnection.__mro__[1].__name__
'ZMQChannelsWebsocketConnection'
"""
from __future__ import annotations

import sys

#: jsonschema (imported with Jupyter Server, through jupyter_events) imports rfc3987-syntax when
#: it is installed, for its "iri" format; that package builds an Earley parser when imported:
#: 1.2 s of CPU in every start of this server, two thirds of importing it (upstream:
#: python-jsonschema/jsonschema#1392, #1521). No schema the server checks uses that format (a
#: format without its checker is not checked): jsonschema is kept from importing it here.
sys.modules.setdefault("rfc3987_syntax", None)

import os  # noqa: E402  (after the line above, on purpose)
import re
import time
import weakref
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from urllib.parse import unquote

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Int

from tutor.core.i18n import using

from widgets.serving.params import page_language
from widgets.serving.jinja import render
from widgets.parts.texts import T

#: What a kernel serving one page costs, for the default cap (a walkthrough kernel is
#: ~100 MB with matplotlib, ~60 MB without; free play a little more).
KERNEL_BUDGET_MB = 150
#: Share of the machine's memory the default cap lets kernels take.
MEMORY_SHARE = 0.5


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """The standard ZMQ channels connection, with TCP_NODELAY set when the socket opens, that
    tells its page when the kernel is shut down.

    Neither tornado nor jupyter_server turns Nagle's algorithm off on the kernel websocket,
    so when a kernel answers with several small messages within the browser's delayed-ACK
    time, each one after the first waits ~40 ms for that ACK.

    A kernel shut down by the server (culled, a ``DELETE api/kernels/<id>``) leaves its page's
    websocket open and silent: jupyter_server tells a page only of restarts. The kernel
    manager (:class:`TutorKernelManager`) has each page's connection send the kernel status
    ``dead`` first, as it does when a restart fails, so the page says at once that its
    session ended (``widgets/static/keepalive.js``).
    """

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        watch = getattr(self.multi_kernel_manager, "watch_page", None)
        if watch is not None:
            watch(self.kernel_id, self)
        return super().connect()

    def kernel_ended(self) -> None:
        """The kernel is being shut down: the page hears ``dead`` (not when it is gone)."""
        try:
            self._send_status_message("dead")
        except Exception:  # the page went first (its socket is closed): nothing to tell
            pass


def default_max_kernels(memory_bytes: int | None = None) -> int:
    """How many page kernels fit in half of this machine's memory (at least 4).

    >>> default_max_kernels(24 * 1024**3)
    81
    >>> default_max_kernels(1024**3)
    4
    """
    if memory_bytes is None:
        try:
            memory_bytes = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):  # not a POSIX system
            memory_bytes = 8 * 1024**3
    return max(4, int(memory_bytes * MEMORY_SHARE / (KERNEL_BUDGET_MB * 1024**2)))


class TutorKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with a cap and a culler that suits readers.

    Voila's preheating (``VoilaConfiguration.preheat_kernel``) wraps this class, so pooled
    kernels pass through :meth:`start_kernel` too; they are not counted against
    ``max_kernels`` while they wait in the pool, and they are never culled there.
    """

    max_kernels = Int(0, config=True, help="Most kernels serving pages at once; past it a "
                      "page gets '503 the server is full'. 0: no cap.")
    cull_disconnected_timeout = Int(
        45, config=True,
        help="Seconds a kernel may stay with no page connected and no activity before the "
             "culler ends it (its page was closed without the shutdown request arriving). "
             "0: only cull_idle_timeout applies.")
    #: extra kernels :meth:`start_kernel` allows beyond the cap and the pool (a refill
    #: racing a page that was just let in)
    SLACK = 2

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._alone_since: dict[str, float] = {}  # kernel id -> when its last page left
        # kernel id -> the page connections to tell when it is shut down (NoDelayConnection)
        self._pages: dict[str, weakref.WeakSet] = {}

    # ---- the cap ---------------------------------------------------------------------
    def pooled_ids(self) -> set[str]:
        """Kernels waiting in Voila's preheated pool (ready, not yet given to a page)."""
        return {task.result()["kernel_id"] for pool in getattr(self, "_pools", {}).values()
                for task in pool
                if task.done() and not task.cancelled() and task.exception() is None}

    def pool_capacity(self) -> int:
        return sum(len(pool) for pool in getattr(self, "_pools", {}).values())

    def page_kernels(self) -> int:
        """Kernels serving pages (or starting for one): all but the idle pooled ones."""
        return len(set(self.list_kernel_ids()) - self.pooled_ids())

    def is_full(self) -> bool:
        return bool(self.max_kernels) and self.page_kernels() >= self.max_kernels

    async def start_kernel(self, *args, **kwargs):
        if self.max_kernels and \
                len(self) >= self.max_kernels + self.pool_capacity() + self.SLACK:
            raise ServerFull()
        kernel_id = await super().start_kernel(*args, **kwargs)
        self._alone_since[kernel_id] = time.monotonic()
        self.add_restart_callback(kernel_id, lambda: self._restarted(kernel_id), "restart")
        return kernel_id

    # ---- a kernel's end, told to its pages ------------------------------------------------
    def watch_page(self, kernel_id: str, connection) -> None:
        """``connection`` (a page's kernel websocket) hears ``kernel_ended()`` when the
        kernel is shut down."""
        self._pages.setdefault(kernel_id, weakref.WeakSet()).add(connection)

    # ---- restarts --------------------------------------------------------------------
    def _restarted(self, kernel_id: str) -> None:
        """Counted on the kernel's own manager: it goes with the kernel."""
        if kernel_id in self:
            kernel = self.get_kernel(kernel_id)
            kernel.tutor_restarts = getattr(kernel, "tutor_restarts", 0) + 1

    def kernel_model(self, kernel_id):
        """The kernel's model (``GET api/kernels/<id>``) with ``restarts``: how often the
        server restarted it (its process died). A restarted kernel has none of its page's
        widgets: the page then says its session ended (``keepalive.js``, ``firstwait.js``)."""
        model = super().kernel_model(kernel_id)
        model["restarts"] = getattr(self.get_kernel(kernel_id), "tutor_restarts", 0)
        return model

    # ---- culling ---------------------------------------------------------------------
    def notify_connect(self, kernel_id):
        super().notify_connect(kernel_id)
        self._alone_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id):
        super().notify_disconnect(kernel_id)
        if kernel_id in self and self._kernel_connections.get(kernel_id, 0) <= 0:
            self._alone_since[kernel_id] = time.monotonic()

    def alone_for(self, kernel_id: str) -> float | None:
        """Seconds since the kernel last had a page connected and last did anything;
        None while a page is connected."""
        since = self._alone_since.get(kernel_id)
        if since is None or kernel_id not in self:
            return None
        alone = time.monotonic() - since
        activity = getattr(self.get_kernel(kernel_id), "last_activity", None)
        if activity is not None:
            alone = min(alone, (datetime.now(timezone.utc) - activity).total_seconds())
        return alone

    async def cull_kernel_if_idle(self, kernel_id):
        if kernel_id not in self:  # shut down since the culler listed it (its page closed)
            return
        alone = self.alone_for(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if (kernel is not None and self.cull_disconnected_timeout and alone is not None
                and alone > self.cull_disconnected_timeout
                and getattr(kernel, "execution_state", None) != "busy"):
            self.log.info("Culling kernel %s: no page connected for %d s", kernel_id, alone)
            await self.shutdown_kernel(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id, now=False, restart=False):
        """Shut the kernel down; its pages hear it first (:meth:`watch_page`)."""
        self._alone_since.pop(kernel_id, None)
        if not restart:
            for connection in list(self._pages.pop(kernel_id, ())):
                connection.kernel_ended()
        return await super().shutdown_kernel(kernel_id, now=now, restart=restart)

    # ---- a page's channels kept for it, let go with its kernel ------------------------------
    def remove_kernel(self, kernel_id):
        """The kernel leaves the map (shut down, or died): the page channels buffered for it
        are closed too.

        Jupyter Server stops buffering when a shutdown starts, but a page's websocket that
        closes while the kernel is still shutting down (a tab closed: its shutdown request and
        its websocket's close arrive together) has its four ZeroMQ channels buffered for the
        kernel again; the kernel then left the map with them open, four sockets (and four
        ``eventfd``) for ever. A long-running server reached ZeroMQ's 1,023 sockets that way,
        and every new page failed with "Too many open files"."""
        kernel = super().remove_kernel(kernel_id)
        self.close_buffer(kernel_id)
        return kernel

    def close_buffer(self, kernel_id: str) -> None:
        """Close the channels buffered for ``kernel_id`` (a kernel no longer in the map)."""
        buffered = self._kernel_buffers.pop(kernel_id, None)
        for stream in (buffered or {}).get("channels", {}).values():
            if stream is not None and not stream.closed():
                stream.on_recv(None)
                stream.close()


class ServerFull(web.HTTPError):
    """503: every kernel the server may run is serving a page."""

    def __init__(self):
        super().__init__(503, "the kernel cap is reached")


#: the longest path of a Unix socket (Linux: 108 bytes with its final NUL; macOS: 104)
SOCKET_PATH_MAX = 103


def kernel_transport(connection_root: str, system: str = os.name) -> str:
    """How this server talks to its kernels: ``ipc`` (Unix sockets beside the connection files,
    which Voila keeps in a new ``voila_*`` folder of ``connection_root``) where the system has
    them and their paths are short enough, else ``tcp``.

    Over TCP, Jupyter picks each kernel's five ports free and the kernel binds them a moment
    later: a port taken in between (another kernel, another server on the machine) kills the
    kernel before it answers, and the page asking for it waits. A Unix socket is a new file,
    never taken; it also keeps kernels off the machine's TCP ports, where any local user could
    reach them.

    >>> kernel_transport("/tmp", "posix"), kernel_transport("/tmp/" + "x" * 40, "posix")
    ('ipc', 'tcp')
    >>> kernel_transport("/tmp", "nt")
    'tcp'
    """
    if system != "posix":
        return "tcp"
    longest = f"{connection_root}/voila_xxxxxxxx/kernel-{'0' * 36}-ipc-99"
    return "ipc" if len(longest.encode()) <= SOCKET_PATH_MAX else "tcp"


def first_pages(folder: Path) -> str:
    """The notebooks a reader opens first, as a pattern for ``--preheat``: the index and each
    game's first walkthrough in the rulebook's teaching order.

    >>> notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    >>> first_pages(notebooks).replace(chr(92), "").split("|")[:3]
    ['index.ipynb', 'canyon-setup.ipynb', 'intrappola-begin-setup.ipynb']
    """
    from tutor.core.errors import MalformedInput
    from tutor.core.walkthrough import library, load

    first: dict[str, tuple[int, str]] = {}
    for wid, path in library().items():
        notebook = f"{wid.replace('/', '-')}.ipynb"
        if not (folder / notebook).is_file():
            continue
        try:
            order = load(path).order
        except MalformedInput:
            continue
        game = wid.split("/")[0]
        first[game] = min(first.get(game, (order, notebook)), (order, notebook))
    pages = ["index.ipynb"] + [notebook for _, (_, notebook) in sorted(first.items())]
    return "|".join(re.escape(page) for page in pages)


def full_page(lang: str) -> str:
    """The page a visitor gets past the cap: one sentence, retried by itself in a minute."""
    with using(lang):
        title = T._("The server is full")
        sentence = T._("The server is full: every place is taken by another reader. "
                       "Try again in a minute; this page will try by itself.")
    return render("full.html.j2", lang=lang, title=title, sentence=sentence)


def loading_words() -> dict[str, str]:
    """What the spinner of a page not drawn yet says, per language (the page template shows
    the one of its ``<html lang>`` instead of Voila's English "Executing 1 of 1").

    >>> loading_words()["en"]
    'The page is loading…'
    """
    from tutor.core.i18n import LANGUAGES

    words = {}
    for code in LANGUAGES:
        with using(code):
            words[code] = T._("The page is loading…")
    return words


def missing_page(name: str, lang: str, home: str) -> str:
    """The page of an address that names no notebook (a mistyped or old link): one sentence in
    the reader's language and the way to the course page (``home``), instead of Voila's
    "404: Not Found" in English with no way on.

    >>> page = missing_page("nosuch.ipynb", "nl", "/voila/render/index.ipynb?lang=nl")
    >>> '<html lang="nl">' in page and 'href="/voila/render/index.ipynb?lang=nl"' in page
    True
    """
    with using(lang):
        title = T._("This page does not exist")
        sentence = T._("There is no lesson “{name}” here: the link may be mistyped, or the "
                       "lesson may have been renamed. All the lessons are on the course page.",
                       name=name)
        home_label = T._("All lessons")
    return render("missing.html.j2", lang=lang, title=title, sentence=sentence, home=home,
                  home_label=home_label)


def course_home(base_url: str, query: str, accept: str) -> str:
    """The course page's address from a page the server writes itself, with ``?lang=`` when
    the address named the language (as the apps' links keep it).

    >>> course_home("/", "lang=it&step=3", ""), course_home("/x/", "", "nl")
    ('/voila/render/index.ipynb?lang=it', '/x/voila/render/index.ipynb')
    """
    from widgets.serving.params import parse_request

    asked = parse_request(query, accept)
    home = f"{base_url.rstrip('/')}/voila/render/index.ipynb"
    return f"{home}?lang={asked.lang}" if asked.lang_asked else home


def module_route(server_url: str) -> tuple:
    """The page's modules where the page loads them (the template's static folder:
    widgets/parts/frontend.py), answered from this package's ``widgets/static`` before Voila's
    handler looks for an installed copy: the version the kernels run, and there beside an
    editable install too. Only those files: the rest of the folder (Voila's own styles and
    scripts) is Voila's.

    >>> pattern = module_route("/")[0]
    >>> bool(re.fullmatch(pattern, "/voila/templates/tutor/static/lesson.js"))
    True
    >>> bool(re.fullmatch(pattern, "/voila/templates/tutor/static/index.css"))
    False
    """
    from jupyter_server.utils import url_path_join

    from widgets.parts.frontend import SERVED_AT, STATIC
    from widgets.serving.classroom.relay import Static

    names = sorted(p.name for p in STATIC.iterdir() if p.suffix in (".js", ".css"))
    files = "(" + "|".join(re.escape(name) for name in names) + ")"
    return (url_path_join(server_url, SERVED_AT + files), Static, {"path": str(STATIC)})


#: the checkout's Jupyter data folder (its page template), beside the package
CHECKOUT_SHARE = Path(__file__).resolve().parents[2] / "share" / "jupyter"


def find_template(name: str, warn=print) -> Path | None:
    """The folder of the page template ``name`` where Voila will look for it, or None.

    Voila looks in the Jupyter data folders (``jupyter --paths``). An editable install
    (``pip install -e .``) leaves the template out (pypa/setuptools#3399): when it is beside
    this package (a checkout), the checkout's data folder is added to ``JUPYTER_PATH``, which
    Voila reads at every look; else ``warn`` is told in one sentence, since every page would
    only wait (Voila's heartbeat, and ``TemplateNotFound`` in the log)."""
    from jupyter_core.paths import jupyter_path

    def found() -> Path | None:
        return next((Path(p) for p in jupyter_path("voila", "templates", name)
                     if (Path(p) / "index.html.j2").is_file()), None)

    if (where := found()) is None and (CHECKOUT_SHARE / "voila" / "templates" / name).is_dir():
        os.environ["JUPYTER_PATH"] = os.pathsep.join(
            filter(None, [str(CHECKOUT_SHARE), os.environ.get("JUPYTER_PATH")]))
        where = found()
    if where is None:
        warn(f"Voila cannot find the page template {name!r} in the Jupyter data folders "
             f"({os.pathsep.join(jupyter_path('voila', 'templates'))}), so every page would "
             f"wait for ever: install the package with `pip install .` (an editable install "
             f"leaves the template out) or start the app with `python3 run.py app`.")
    return where


def __getattr__(name):  # TutorPageHandler and TutorVoila import Voila only when asked for
    if name in ("TutorPageHandler", "TutorVoila"):
        return _voila_classes()[name]
    raise AttributeError(name)


@cache
def _voila_classes() -> dict[str, type]:
    from traitlets import Bool, Unicode
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class TutorPageHandler(TornadoVoilaHandler):
        """Voila's page handler, which also sets the XSRF cookie and keeps the cap."""

        async def prepare(self, *args, **kwargs):
            await super().prepare(*args, **kwargs)
            if self._finished:
                return
            # Reading the token sets the ``_xsrf`` cookie on this response (tornado does so
            # the first time a handler reads it). The page's shutdown request reads it back.
            self.xsrf_token  # noqa: B018
            manager = self.kernel_manager
            if getattr(manager, "is_full", None) and manager.is_full():
                self.log.warning("Refusing %s: %d kernels serve pages (cap %d)",
                                 self.request.path, manager.page_kernels(), manager.max_kernels)
                raise ServerFull()

        def write_error(self, status_code, **kwargs):
            exc = kwargs.get("exc_info", (None, None))[1]
            query = self.request.query
            accept = self.request.headers.get("Accept-Language", "")
            if status_code == 404:  # no such notebook: say so, with the way to the course
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                name = unquote(self.request.path.rsplit("/", 1)[-1])[:80]
                self.finish(missing_page(name, page_language(query, accept),
                                         course_home(self.base_url, query, accept)))
                return None
            if status_code != 503 or not isinstance(exc, ServerFull):
                return super().write_error(status_code, **kwargs)
            self.set_header("Retry-After", "60")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(full_page(page_language(query, accept)))

    class TutorVoila(Voila):
        """Voila with :class:`TutorPageHandler` serving the app pages, and its knobs
        (options, or the environment variables named)."""

        pool = Int(int(os.environ.get("TUTOR_POOL", "1")), config=True,
                   help="Preheated kernels kept ready per preheated notebook ($TUTOR_POOL; "
                        "0: none).")
        preheat = Unicode(os.environ.get("TUTOR_PREHEAT", ""), config=True,
                          help="Regular expression of the notebooks to preheat, matched "
                               "against their path in the served folder ($TUTOR_PREHEAT; "
                               "'.*': every notebook; default: the index and each game's "
                               "first walkthrough).")
        forks = Bool(os.environ.get("TUTOR_FORKS", "1") != "0", config=True,
                     help="Page kernels forked from a process that has imported what they "
                          "import (Linux; $TUTOR_FORKS=0: every kernel a new Python).")
        max_kernels = Int(int(os.environ.get("TUTOR_MAX_KERNELS", "0")), config=True,
                          help="Most kernels serving pages at once ($TUTOR_MAX_KERNELS; "
                               "0: what half of the memory holds).")
        trust_proxy = Bool(os.environ.get("TUTOR_TRUST_PROXY", "") not in ("", "0"), config=True,
                           help="Behind a reverse proxy: a client's address is the one the proxy "
                                "gives (X-Forwarded-For, X-Real-IP), for the class's limits on "
                                "wrong join codes ($TUTOR_TRUST_PROXY). Only with a proxy in "
                                "front: anyone may write those headers.")
        aliases = {**Voila.aliases, "pool": "TutorVoila.pool", "preheat": "TutorVoila.preheat",
                   "max-kernels": "TutorVoila.max_kernels"}
        flags = {**Voila.flags, "trust-proxy": ({"TutorVoila": {"trust_proxy": True}},
                                                trust_proxy.help)}

        def setup_template_dirs(self):
            # the page template (voila.json: "tutor"): installed, else the checkout's (above)
            if self.voila_configuration.template:
                find_template(self.voila_configuration.template, self.log.warning)
            super().setup_template_dirs()

        def initialize(self, argv=None):
            super().initialize(argv)
            # where a preheated kernel asks for its page's request (widgets/serving/params.py): the
            # address this server listens on (Voila's default assumes 127.0.0.1)
            os.environ.setdefault("VOILA_APP_IP", "127.0.0.1" if self.ip in ("", "0.0.0.0", "::")
                                  else self.ip)
            # the spinner's words in each language, for the page template (its body_header):
            # a filter of the exporter that renders the pages
            words = loading_words()
            self.config.VoilaExporter.filters = {
                **self.config.VoilaExporter.get("filters", {}),
                "tutor_loading": lambda _=None: words}
            self.voila_configuration.preheat_kernel = self.pool > 0
            self.voila_configuration.default_pool_size = max(self.pool, 0)
            preheat = self.preheat or first_pages(Path(self.root_dir))
            # Voila skips the notebooks its deny list matches (their full paths when it
            # starts): deny all but those whose path ends as asked
            self.config.VoilaKernelManager.preheat_denylist = [rf"(?!.*/(?:{preheat})$)"]
            self.config.TutorKernelManager.max_kernels = self.max_kernels or default_max_kernels()
            if "transport" not in self.config.KernelManager \
                    and kernel_transport(self.connection_dir_root) == "ipc":
                self.config.KernelManager.transport = "ipc"
            if self.forks and "kernel_spec_manager_class" not in self.config.VoilaConfiguration:
                self.warm_kernels()

        def warm_kernels(self) -> None:
            """Page kernels forked from a warm process (widgets/serving/forks.py)."""
            import tempfile

            from widgets.serving import forks

            started = forks.start(tempfile.mkdtemp(prefix="tutor-forks-"))
            if started is not None:
                os.environ["TUTOR_FORKS_AT"] = started[0]  # every kernel's environment has it
                self.voila_configuration.kernel_spec_manager_class = forks.spec_manager_class()

        def init_handlers(self):
            # Compressed answers (tornado's compress_response, which Voila's tornado_settings
            # come too late to turn on): a page's scripts are ~5.4 MB, ~1.3 MB gzipped, which a
            # class of 30 on one school Wi-Fi feels.
            if web.GZipContentEncoding not in self.app.transforms:
                self.app.transforms.append(web.GZipContentEncoding)
            return [*self.class_relay(), module_route(self.server_url),
                    *[(pattern, TutorPageHandler if target is TornadoVoilaHandler else target,
                       *rest) for pattern, target, *rest in super().init_handlers()]]

        def class_relay(self) -> list:
            """The live class's relay (``tutor/class/``: widgets/serving/classroom/relay.py)."""
            from jupyter_server.utils import url_path_join

            from widgets.serving.classroom.links import lan_address
            from widgets.serving.classroom.relay import Relay, handlers

            on_network = self.ip in ("", "0.0.0.0", "::", "*")
            relay = Relay(lan=lambda: lan_address() if on_network else None,
                          trust_proxy=self.trust_proxy)
            return handlers(url_path_join(self.server_url, "tutor/class/"), relay)

    return {"TutorPageHandler": TutorPageHandler, "TutorVoila": TutorVoila}


def main(argv=None) -> None:
    """``python -m widgets.serving.server [--pool=N] [--preheat=REGEX] [--max-kernels=N] [voila
    options] notebooks``."""
    _voila_classes()["TutorVoila"].launch_instance(argv)


if __name__ == "__main__":
    main()
