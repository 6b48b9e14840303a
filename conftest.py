"""The whole suite's shape: which tests are slow, how they share the cores, how long the long runs are.

``python3 run.py test`` runs every test on every core (pytest-xdist, ``--dist loadfile``: a
test file's tests stay on one worker, so its served app, Lab or hub starts once; the lesson
pages are two files for two workers). The files start longest first (``tests/conftest.py``,
``LONGEST_FIRST``: the static site's build, Binder's environment, then the browser files),
with xdist's own order (the files with most tests first, which left a two-minute file for
last beside idle workers) turned off: the short files fill the end of the run.

``-m "not slow"`` leaves out what starts a server, a browser, a kernel or a build (the browser,
site and deploy tests, the notebooks run by nbval, the package builds and the soak): the engine
and model tests, about a minute.

``--long`` runs the soak and the property and fuzz tests at their full size (ten times the
examples, 200 games per variant): sized for a nightly run, not for every change.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent

#: What starts a server, a browser, a kernel or a build: marked ``slow``. Folders and files
#: relative to the root; every notebook is slow too (nbval runs it in a fresh kernel).
SLOW = ("tests/browser/", "tests/site/", "tests/deploy/", "tests/serving/test_package.py",
        "tests/serving/test_run_py.py", "tests/serving/test_nbval_kernels.py",
        "tests/serving/test_forks.py",
        "tests/test_soak.py", "notebooks/")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true",
                     help="the soak and the property/fuzz tests at full size (a nightly run)")


def pytest_configure(config: pytest.Config) -> None:
    # read by tests/sizes.py when the test modules are imported (after this, in every worker)
    if config.getoption("--long"):
        os.environ["TUTOR_LONG"] = "1"
    import nbval.kernel

    nbval.kernel.start_new_kernel = nbval_kernel
    config.addinivalue_line("markers", "slow: starts a server, a browser, a kernel or a build "
                                       "(leave them out with -m 'not slow')")


#: the folder of this process's nbval kernels' connection files and sockets
KERNELS: str | None = None


def nbval_kernel(startup_timeout: int = 60, kernel_name: str = "python", **kwargs):
    """nbval's ``start_new_kernel`` (it runs every notebook in a fresh kernel), its kernel on
    Unix sockets as the app's server has them (``widgets.serving.server.kernel_transport``).

    Over TCP a port that Jupyter found free can be taken before the kernel binds it, by another
    worker's kernel or a server of this run, and the kernel dies before it answers (a CI run:
    ``Kernel died before replying to kernel_info`` for one notebook of 46). A socket is a new
    file in a folder of this process's own, removed when it ends."""
    import atexit
    import shutil
    import tempfile
    import uuid

    from jupyter_client.manager import KernelManager
    from nbval.kernel import NbvalKernelspecManager

    from widgets.serving.server import kernel_transport

    from widgets.serving import forks

    global KERNELS
    if KERNELS is None:
        KERNELS = tempfile.mkdtemp(prefix="nbval_")
        atexit.register(shutil.rmtree, KERNELS, True)
        # forked from a warm process, as the app server's kernels are (widgets/serving/forks.py)
        warm = forks.start(KERNELS)
        if warm is not None:
            os.environ["TUTOR_FORKS_AT"] = warm[0]
    folder = KERNELS
    transport = kernel_transport(folder)
    connection = os.path.join(folder, f"kernel-{uuid.uuid4()}.json")
    specs = forks.spec_manager_class(NbvalKernelspecManager)()
    manager = KernelManager(kernel_name=kernel_name, kernel_spec_manager=specs,
                            transport=transport, connection_file=connection)
    if transport == "ipc":
        manager.ip = os.path.splitext(connection)[0] + "-ipc"
    manager.start_kernel(**kwargs)
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=startup_timeout)
    except RuntimeError:
        client.stop_channels()
        manager.shutdown_kernel()
        raise
    return manager, client


def place(item: pytest.Item) -> str:
    try:
        return Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(item.path)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = pytest.mark.slow
    for item in items:
        if place(item).startswith(SLOW) or item.get_closest_marker("browser"):
            item.add_marker(slow)



@pytest.fixture(autouse=True)
def language_kept():
    """Every test, doctests too, leaves the process's language as it found it: a test that sets
    it (a page's language menu, ``set_language``, a lesson page opened at ``?lang=it``) and
    did not set it back left the next tests of its worker in Italian (a fresh-clone run: 35
    engine tests of Canyon and the fuzz tests failed on Italian messages; within
    tests/widgets only, where this fixture stood first, 19 tests)."""
    from tutor.core.i18n import current, set_language

    before = current()
    yield
    if current() != before:
        set_language(before)
