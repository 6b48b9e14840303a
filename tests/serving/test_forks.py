"""Page kernels forked from the server's warm process (widgets/serving/forks.py): each is the
kernel its request asked for (arguments, environment, folder), an interrupt reaches it, it ends
with its launcher, and without the warm process a kernel starts as an ordinary one."""
from __future__ import annotations

import json
import os
import signal
import sys
import time
from contextlib import contextmanager

import pytest
from jupyter_client.manager import KernelManager

from widgets.serving import forks

pytestmark = pytest.mark.skipif(not forks.available(), reason="kernels are forked on Linux only")


@pytest.fixture
def warm(tmp_path, monkeypatch):
    """A warm process of this test's own, named in the environment as the server names it."""
    path, process = forks.start(str(tmp_path))
    monkeypatch.setenv("TUTOR_FORKS_AT", path)
    yield process
    process.terminate()
    process.wait(10)


@contextmanager
def kernel(tmp_path, name="k"):
    """A started kernel of the python spec with the warm spec manager, on Unix sockets in
    ``tmp_path``: (manager, client); shut down after, or its leftovers cleaned up."""
    manager = KernelManager(kernel_name="python3", kernel_spec_manager=forks.spec_manager_class()(),
                            transport="ipc", connection_file=str(tmp_path / f"{name}.json"))
    manager.ip = str(tmp_path / f"{name}-ipc")
    manager.start_kernel(cwd=str(tmp_path), env={**os.environ, "TUTOR_ASKED": "yes"})
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        yield manager, client
    finally:
        client.stop_channels()
        if manager.is_alive():
            manager.shutdown_kernel()
        else:
            manager.cleanup_resources()


def printed(client, code: str) -> str:
    out: list[str] = []
    reply = client.execute_interactive(
        code, timeout=60, output_hook=lambda m: out.append(m["content"].get("text", ""))
        if m["msg_type"] == "stream" else None)
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(out).strip()


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not). A process reaped between opening its stat file
    and reading it makes the read fail with ESRCH (ProcessLookupError): gone, too."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def test_a_process_reaped_while_its_stat_is_read_is_gone(monkeypatch):
    """Seen in a suite run: the kernel was reaped between ``open`` and ``read``."""
    class Reaped:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def read(self):
            raise ProcessLookupError(3, "No such process")

    monkeypatch.setattr("builtins.open", lambda *a, **k: Reaped())
    assert alive(os.getpid()) is False


def gone(pid: int, within: float = 10) -> bool:
    end = time.monotonic() + within
    while alive(pid) and time.monotonic() < end:
        time.sleep(0.05)
    return not alive(pid)


def test_a_forked_kernel_is_the_kernel_its_request_asked_for(tmp_path, warm):
    with kernel(tmp_path) as (manager, client):
        assert manager.provisioner.process.args[1:3] == ["-S", str(forks.LAUNCHER)]
        seen = json.loads(printed(client, "import os, sys, json; print(json.dumps([os.getppid(), "
                                          "os.getcwd(), os.environ.get('TUTOR_ASKED'), "
                                          "'widgets.games.trigger' in sys.modules, os.getpid()]))"))
        # forked from the warm process (its parent), with what it already imported, in the
        # request's folder and environment, named after its launcher
        assert seen[:4] == [warm.pid, str(tmp_path), "yes", True]
        assert forks.kernel_of(manager.provisioner.process.pid) == seen[4]
        made = printed(client, "from widgets.app import walkthrough_app\n"
                               "print(type(walkthrough_app('trigger/doubles')).__name__)")
        assert made == "CourseApp"


def test_an_interrupt_reaches_the_kernel_and_a_shutdown_ends_it(tmp_path, warm):
    with kernel(tmp_path) as (manager, client):
        pid = int(printed(client, "import os; print(os.getpid())"))
        client.execute("import time\ntry:\n    time.sleep(30)\nexcept KeyboardInterrupt:\n"
                       "    print('interrupted')")
        time.sleep(0.5)
        manager.interrupt_kernel()
        said = ""
        while "interrupted" not in said:
            message = client.get_iopub_msg(timeout=10)
            said += message["content"].get("text", "") if message["msg_type"] == "stream" else ""
    assert gone(pid)


def test_a_killed_launcher_takes_its_kernel_with_it(tmp_path, warm):
    with kernel(tmp_path) as (manager, client):
        pid = int(printed(client, "import os; print(os.getpid())"))
        os.kill(manager.provisioner.process.pid, signal.SIGKILL)
        assert gone(pid)
        assert warm.poll() is None  # the warm process serves the next kernel


def test_a_kernel_that_ends_ends_its_launcher_with_its_code(tmp_path, warm):
    with kernel(tmp_path) as (manager, client):
        client.execute("import os; os._exit(3)")
        launcher = manager.provisioner.process
        end = time.monotonic() + 10
        while launcher.poll() is None and time.monotonic() < end:
            time.sleep(0.05)
        assert launcher.returncode == 3


def test_without_the_warm_process_the_kernel_starts_as_an_ordinary_one(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_FORKS_AT", str(tmp_path / "nobody-listens"))
    with kernel(tmp_path) as (manager, client):
        parent, started = json.loads(printed(
            client, "import os, sys, json; print(json.dumps([os.getppid(), sys.argv[0]]))"))
        assert parent == os.getpid()  # the launcher became the kernel (exec): Jupyter's child
        assert started.endswith("ipykernel_launcher.py")


def test_only_this_python_s_plain_ipykernel_is_forked(monkeypatch):
    monkeypatch.delenv("TUTOR_FORKS_AT", raising=False)
    specs = forks.spec_manager_class()()
    assert specs.get_kernel_spec("python3").argv[1:3] == ["-m", "ipykernel_launcher"]
    monkeypatch.setenv("TUTOR_FORKS_AT", "/somewhere/forks")
    assert specs.get_kernel_spec("python3").argv[1:3] == ["-S", str(forks.LAUNCHER)]
    assert forks.warm_argv([sys.executable, "-m", "other_kernel", "-f", "{c}"]) is None


def test_a_request_that_breaks_off_leaves_the_warm_process_serving(tmp_path, warm):
    import socket

    for send in (b"", b'{"args": []', b'{"args": []}\n'):  # nothing, half, no streams
        link = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        link.connect(os.environ["TUTOR_FORKS_AT"])
        link.sendall(send)
        link.close()
    with kernel(tmp_path) as (_manager, client):
        assert printed(client, "print(6 * 7)") == "42"
    assert warm.poll() is None


def test_a_ctrl_c_at_the_server_s_terminal_leaves_the_warm_process_to_the_server(tmp_path, monkeypatch):
    """A Ctrl-C at the terminal reaches the whole foreground group, the warm process too: it
    printed a KeyboardInterrupt's traceback under the server's "Stopping..." and died before the
    server could end it. Its kernels still take an interrupt (the test above)."""
    import subprocess

    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as a terminal's shell
    try:
        path, process = forks.start(str(tmp_path))
    finally:
        signal.signal(signal.SIGINT, before)
    monkeypatch.setenv("TUTOR_FORKS_AT", path)
    try:
        with kernel(tmp_path) as (_manager, client):  # warmed up and serving
            process.send_signal(signal.SIGINT)
            with pytest.raises(subprocess.TimeoutExpired):
                process.wait(1)
            assert printed(client, "print(6 * 7)") == "42"
        with kernel(tmp_path, "after") as (_manager, client):
            assert printed(client, "print(6 * 7)") == "42"
    finally:
        process.terminate()
        process.wait(10)
