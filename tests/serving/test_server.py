"""widgets/serving/server.py without a browser: the cap, the culler's rule for pages that left, the
page past the cap, the configuration files that name these classes."""
from __future__ import annotations

import asyncio
import json
import threading
from datetime import timedelta
from pathlib import Path

import pytest

from widgets.serving.server import (
    ServerFull, TutorKernelManager, default_max_kernels, full_page,
)

ROOT = Path(__file__).resolve().parents[2]


def kernels(folder: Path, **config) -> TutorKernelManager:
    """A kernel manager whose connection files go to ``folder``. Jupyter's own default folder
    is the current directory, the checkout, where another worker's package test lists the
    clone's files and found one of them gone before it could copy it (a CI run)."""
    return TutorKernelManager(connection_dir=str(folder), **config)


def in_folder(manager: TutorKernelManager, kernel: str, folder: Path) -> bool:
    return Path(manager.get_kernel(kernel).connection_file).parent == folder


def run_async(scenario) -> None:
    """``asyncio.run(scenario())`` in a thread of its own (the browser tests' Playwright keeps
    an event loop running in the main thread for the whole session)."""
    failure = []

    def target():
        try:
            asyncio.run(scenario())
        except BaseException as exc:  # noqa: BLE001  (re-raised in the test's thread)
            failure.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


def test_a_kernel_whose_page_left_is_culled_and_a_connected_one_is_not(tmp_path):
    async def scenario():
        manager = kernels(tmp_path, cull_disconnected_timeout=30, cull_idle_timeout=900,
                          max_kernels=1)
        kernel = await manager.start_kernel(kernel_name="python3")
        try:
            assert in_folder(manager, kernel, tmp_path)
            assert manager.is_full(), "one kernel serving a page fills a cap of one"
            manager.notify_connect(kernel)
            assert manager.alone_for(kernel) is None
            manager._alone_since[kernel] = -1e9  # even a very old "alone" mark is forgotten
            manager.notify_connect(kernel)
            await manager.cull_kernel_if_idle(kernel)
            assert kernel in manager, "a kernel with its page connected was culled"
            manager.notify_disconnect(kernel)  # one of two connections goes: not alone
            assert manager.alone_for(kernel) is None
            manager.notify_disconnect(kernel)  # the page left, its shutdown never came
            await manager.cull_kernel_if_idle(kernel)
            assert kernel in manager, "culled before cull_disconnected_timeout"
            manager._alone_since[kernel] -= 60  # a minute later, with nothing done meanwhile
            manager.get_kernel(kernel).last_activity -= timedelta(seconds=60)
            assert manager.alone_for(kernel) > 30
            await manager.cull_kernel_if_idle(kernel)
            assert kernel not in manager, "a kernel alone for a minute was kept"
            assert not manager.is_full()
        finally:
            await manager.shutdown_all()

    run_async(scenario)


def test_start_kernel_refuses_past_the_cap_the_pool_and_the_slack(tmp_path):
    async def scenario():
        manager = kernels(tmp_path, max_kernels=1)
        manager.SLACK = 0
        kernel = await manager.start_kernel(kernel_name="python3")
        try:
            assert in_folder(manager, kernel, tmp_path)
            with pytest.raises(ServerFull):
                await manager.start_kernel(kernel_name="python3")
            assert len(manager) == 1
        finally:
            await manager.shutdown_kernel(kernel, now=True)

    run_async(scenario)


def test_the_kernels_model_counts_restarts_and_its_pages_hear_its_shutdown(tmp_path):
    """A restarted kernel has none of its page's widgets: its model says it was restarted
    (the page and its first paint read ``restarts``); a kernel shut down (a cull, a DELETE)
    tells its pages' connections first, which send them the status ``dead``."""
    class Page:
        told = 0

        def kernel_ended(self):
            self.told += 1

    async def scenario():
        manager = kernels(tmp_path)
        kernel = await manager.start_kernel(kernel_name="python3")
        page, other = Page(), Page()
        try:
            assert in_folder(manager, kernel, tmp_path)
            assert manager.kernel_model(kernel)["restarts"] == 0
            manager.get_kernel(kernel)._restarter._fire_callbacks("restart")  # what a kill brings
            assert manager.kernel_model(kernel)["restarts"] == 1
            manager.watch_page(kernel, page)
            manager.watch_page("another-kernel", other)
            assert page.told == 0
        finally:
            await manager.shutdown_kernel(kernel, now=True)
        assert (page.told, other.told) == (1, 0)

    run_async(scenario)


def test_a_page_s_channels_buffered_while_its_kernel_shuts_down_are_closed_with_it(tmp_path):
    """A tab closed sends its shutdown request and closes its kernel websocket at once. When the
    websocket's close came while the kernel was still shutting down, Jupyter Server buffered
    the page's four ZeroMQ channels for the kernel (after the shutdown had stopped buffering),
    and the kernel left the map with them open: four sockets and four ``eventfd`` per such
    tab, until a long-running server reached ZeroMQ's 1,023 sockets and every new page failed
    with "Too many open files" (a soak: 10 of 85 closed pages). They go with the kernel."""
    async def scenario():
        manager = kernels(tmp_path)
        kernel = await manager.start_kernel(kernel_name="python3")
        started = manager.get_kernel(kernel)
        # the page's channels, as its websocket connection opens them
        channels = {name: getattr(started, f"connect_{name}")()
                    for name in ("iopub", "shell", "control", "stdin")}
        ending = asyncio.ensure_future(manager.shutdown_kernel(kernel))
        try:
            while kernel not in manager._pending_kernels:  # the shutdown began (buffering stopped)
                await asyncio.sleep(0.01)
            assert kernel in manager, "the kernel was gone before the page's websocket closed"
            manager.start_buffering(kernel, "the-closed-page", channels)  # the websocket's close
        finally:
            await ending
        assert kernel not in manager
        assert [name for name, stream in channels.items() if not stream.closed()] == []
        assert kernel not in manager._kernel_buffers

    run_async(scenario)


def test_the_culler_passes_over_a_kernel_shut_down_since_it_listed_it(tmp_path):
    """The culler lists the kernels, then looks at each: one whose page's shutdown request
    ended it meanwhile is passed over (it logged a KeyError's traceback as an ERROR)."""
    async def scenario():
        manager = kernels(tmp_path, cull_disconnected_timeout=30)
        await manager.cull_kernel_if_idle("a-kernel-shut-down-meanwhile")

    run_async(scenario)


def test_the_full_page_says_so_in_one_sentence_and_retries_by_itself():
    page = full_page("en")
    assert "The server is full" in page and "Try again in a minute" in page
    assert '<meta http-equiv="refresh" content="60">' in page
    assert 'lang="en"' in page and "http" not in page.replace("http-equiv", "")  # nothing fetched


def test_the_default_cap_fits_half_the_memory():
    assert default_max_kernels(16 * 1024**3) == int(8 * 1024 / 150)
    assert default_max_kernels(10) == 4


def test_voila_json_names_the_tutor_classes_and_keeps_xsrf_on():
    config = json.loads((ROOT / "voila.json").read_text())
    voila = config["VoilaConfiguration"]
    assert voila["multi_kernel_manager_class"] == "widgets.serving.server.TutorKernelManager"
    assert voila["template"] == "tutor"
    assert (ROOT / "share/jupyter/voila/templates/tutor/index.html.j2").is_file()
    assert config["VoilaExecutor"]["iopub_timeout"] >= 60
    assert "Accept-Language" in voila["http_header_envs"]
    assert "disable_check_xsrf" not in json.dumps(config)
    assert 0 < config["TutorKernelManager"]["cull_disconnected_timeout"] \
        + config["MappingKernelManager"]["cull_interval"] <= 60, "a closed page must go within a minute"


def test_the_page_template_fetches_nothing_from_other_servers():
    template = (ROOT / "share/jupyter/voila/templates/tutor/index.html.j2").read_text()
    assert "cdn." not in template and "https://" not in template


def test_voila_finds_this_checkouts_page_template_where_it_looks():
    """The template voila.json names is in the Jupyter data folders (the package installs it
    in <prefix>/share/jupyter; run.py copies it for its editable install), the same as
    the checkout's: plain `voila`, JupyterLab's preview and `run.py app` show one page."""
    from jupyter_core.paths import jupyter_path

    from widgets.parts.frontend import served

    source = ROOT / "share/jupyter/voila/templates/tutor"
    found = next((Path(p) for p in jupyter_path("voila", "templates", "tutor")
                  if (Path(p) / "index.html.j2").is_file()), None)
    assert found is not None, "Voila finds no 'tutor' template: `python3 run.py test` installs it"
    assert found.resolve() != source.resolve()  # found as installed, not through JUPYTER_PATH
    for path in source.rglob("*"):
        if path.is_file():
            copy = found / path.relative_to(source)
            assert copy.is_file() and copy.read_bytes() == path.read_bytes(), \
                f"{copy} is not the checkout's {path.name}: `python3 run.py test` copies it"
    for path in served():  # the page's modules, where plain Voila and JupyterLab serve them
        copy = found / "static" / path.name
        assert copy.is_file() and copy.read_bytes() == path.read_bytes(), \
            f"{copy} is not the checkout's {path.name}: `python3 run.py test` copies it"


def test_the_server_starts_without_building_an_iri_parser_it_never_uses():
    """Importing the server once cost 1.7 s of CPU, 1.2 s of it rfc3987-syntax building its
    Earley parser (pulled in by jsonschema, for a format no schema of the server uses); every
    ``run.py app`` and every test's server paid it. Jupyter Server's own schemas still load."""
    import subprocess
    import sys

    probe = ("import sys, widgets.serving.server, jsonschema, jupyter_events.logger;"
             "from jupyter_server.serverapp import ServerApp;"
             "print(sys.modules.get('rfc3987_syntax', 'absent'), 'lark' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                           text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr[-2000:]
    assert shown.stdout.split() == ["None", "False"], shown.stdout


@pytest.fixture
def editable_install(tmp_path, monkeypatch):
    """Jupyter's data folders as after ``pip install -e .`` outside run.py: Voila's own templates
    are there, the tutor's page template is not (pypa/setuptools#3399)."""
    import site

    import jupyter_core.paths
    from jupyter_core.paths import jupyter_path

    env = tmp_path / "env" / "share" / "jupyter"
    for app in ("voila", "nbconvert"):
        (env / app / "templates").mkdir(parents=True)
        for folder in jupyter_path(app, "templates"):
            for template in Path(folder).glob("*") if Path(folder).is_dir() else ():
                copy = env / app / "templates" / template.name
                if template.name != "tutor" and not copy.exists():
                    copy.symlink_to(template)
    monkeypatch.delenv("JUPYTER_PATH", raising=False)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "user"))
    monkeypatch.setattr(jupyter_core.paths, "ENV_JUPYTER_PATH", [str(env)])
    monkeypatch.setattr(jupyter_core.paths, "SYSTEM_JUPYTER_PATH", [str(tmp_path / "system")])
    monkeypatch.setattr(site, "ENABLE_USER_SITE", False)
    assert not any((Path(p) / "index.html.j2").exists()
                   for p in jupyter_path("voila", "templates", "tutor"))
    return env


def test_the_server_finds_the_page_template_beside_an_editable_install(editable_install, monkeypatch):
    """``python -m widgets.serving.server notebooks`` after ``pip install -e .``: Voila rendered every
    page with a template it could not find (TemplateNotFound in the log, Voila's heartbeat for
    ever on the page). The server now finds the checkout's."""
    import jinja2

    from widgets.serving.server import CHECKOUT_SHARE, TutorVoila

    monkeypatch.chdir(ROOT)  # voila.json: the "tutor" template
    monkeypatch.setenv("VOILA_APP_IP", "127.0.0.1")
    app = TutorVoila()
    app.initialize([str(ROOT / "notebooks"), "--no-browser"])
    assert app.voila_configuration.template == "tutor"
    page = jinja2.Environment(loader=jinja2.FileSystemLoader(app.template_paths)) \
        .get_template("index.html.j2")
    assert Path(page.filename).resolve() == \
        (CHECKOUT_SHARE / "voila/templates/tutor/index.html.j2").resolve()


def test_the_server_says_at_start_when_it_cannot_find_the_page_template(
        editable_install, monkeypatch, tmp_path):
    import widgets.serving.server

    monkeypatch.setattr(widgets.serving.server, "CHECKOUT_SHARE", tmp_path / "no-checkout")
    said: list[str] = []
    assert widgets.serving.server.find_template("tutor", said.append) is None
    assert len(said) == 1 and "'tutor'" in said[0] and "pip install ." in said[0], said
    assert said[0].rstrip(".").count(". ") == 0  # one sentence
    # beside a checkout it is found, and nothing is said
    monkeypatch.setattr(widgets.serving.server, "CHECKOUT_SHARE", ROOT / "share" / "jupyter")
    assert widgets.serving.server.find_template("tutor", said.append) == \
        ROOT / "share/jupyter/voila/templates/tutor"
    assert len(said) == 1
