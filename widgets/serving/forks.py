"""Page kernels forked from a warm process: a kernel that starts has already imported what every
page's kernel imports.

A new kernel is a new Python that imports ipykernel, IPython, ipywidgets and the tutor before
it can make its page: ~0.4 s of CPU, which a class of thirty opening a lesson at once pays
thirty times on the server's cores. The app server (``widgets/serving/server.py``) starts one
**warm process** (:func:`serve`) that has imported all that once, and gives its kernels a
command (:class:`WarmKernelSpecs`) that asks the warm process for a fork of itself instead
(``forklaunch.py``): the kernel then only makes its page.

* Each kernel gets the request's arguments, environment, folder and standard streams; it is
  the same ipykernel ``python -m ipykernel_launcher`` runs, watching the warm process as its
  parent (it ends when that process is gone).
* Jupyter manages ``forklaunch.py``'s process, which passes its signals on (an interrupt, a
  stop) and ends with the kernel. A launcher killed outright takes its kernel with it.
* Where the warm process cannot be reached, or on a system without ``fork`` (only Linux is
  used), kernels start as ordinary ones: the warm process is an optimisation, never needed.

Nothing here is imported by a kernel; :func:`serve` runs in its own process.
"""
from __future__ import annotations

import atexit
import json
import os
import select
import signal
import socket
import struct
import subprocess
import sys
from pathlib import Path

#: the launcher a forked kernel's spec runs (standard library only, run without site)
LAUNCHER = Path(__file__).with_name("forklaunch.py")
#: what the warm process imports before it forks: what every page's kernel imports
WARM = ("ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.debugger", "IPython.core.debugger",
        "IPython.core.completerlib", "IPython.extensions.storemagic", "sqlite3", "tornado.queues",
        "ipywidgets", "anywidget", "widgets.app", "widgets.pages.course", "widgets.pages.play",
        "widgets.pages.drills.view", "widgets.pages.author.view", "widgets.games.trapper",
        "widgets.games.canyon", "widgets.games.intrappola", "widgets.games.trigger")


def available() -> bool:
    """Whether kernels may be forked here: Linux (``fork`` without the caveats of macOS)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork") and hasattr(socket, "send_fds")


def warm(modules=WARM) -> None:
    """Import what a page's kernel imports. ipykernel reads its parent's pid when imported:
    the kernels' parent is this process, which they watch (they end when it is gone)."""
    import importlib

    os.environ["JPY_PARENT_PID"] = str(os.getpid())
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # as Jupyter starts kernels
    for name in modules:
        importlib.import_module(name)


def serve(listener: socket.socket, modules=WARM) -> None:
    """The warm process: fork a kernel for each launcher that connects to ``listener``, tell it
    the kernel's pid, and later its exit code; kill a kernel whose launcher went away. Ends
    when its own parent (the app server) is gone. A Ctrl-C at the server's terminal reaches
    this process too: the server answers it (and this process ends with the server)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warm(modules)
    parent = os.getppid()
    woken_r, woken_w = os.pipe()
    os.set_blocking(woken_r, False)
    os.set_blocking(woken_w, False)
    signal.set_wakeup_fd(woken_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    links: dict[int, socket.socket] = {}  # kernel pid -> its launcher's link
    while os.getppid() == parent:
        ready, _, _ = select.select([listener, woken_r, *links.values()], [], [], 2.0)
        for one in ready:
            if one is listener:
                _fork(listener, links, woken_r, woken_w)
            elif one == woken_r:  # a signal came (a kernel ended): read what it wrote
                try:
                    while os.read(woken_r, 512):
                        pass
                except BlockingIOError:
                    pass
            else:  # a launcher's link: closed (or broken) when the launcher went
                kernel = next(pid for pid, link in links.items() if link is one)
                try:
                    gone = not one.recv(16)
                except OSError:
                    gone = True
                if gone:
                    one.close()
                    del links[kernel]
                    _kill(kernel)
        _reap(links)


def _reap(links: dict[int, socket.socket]) -> None:
    """Tell each launcher whose kernel ended its exit code."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        link = links.pop(pid, None)
        if link is not None:
            try:
                link.sendall(f"{os.waitstatus_to_exitcode(status)}\n".encode())
            except OSError:
                pass
            link.close()


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _fork(listener: socket.socket, links: dict[int, socket.socket], *pipe: int) -> None:
    try:
        link, _ = listener.accept()
    except OSError as exc:  # the launcher gave up already, or no file left: it starts alone
        print(f"widgets.serving.forks: a kernel request was not taken ({exc})", file=sys.stderr)
        return
    fds: list[int] = []
    try:
        link.settimeout(10)
        launcher = struct.unpack("3i", link.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                                       struct.calcsize("3i")))[0]
        data, fds, _flags, _addr = socket.recv_fds(link, 1 << 20, 3)
        while not data.endswith(b"\n"):
            more = link.recv(1 << 20)
            if not more:
                raise ConnectionError("the launcher closed its link")
            data += more
        asked = json.loads(data)
        if len(fds) != 3:
            raise ValueError("the launcher sent no standard streams")
    except (OSError, ValueError) as exc:
        print(f"widgets.serving.forks: a kernel request was dropped ({exc})", file=sys.stderr)
        link.close()
        for fd in fds:
            os.close(fd)
        return
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the kernel
        code = 1
        try:
            listener.close()
            for other in links.values():
                other.close()
            link.close()
            signal.set_wakeup_fd(-1)
            for fd in pipe:
                os.close(fd)
            for signum in (signal.SIGCHLD, signal.SIGTERM):
                signal.signal(signum, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.default_int_handler)  # as a new Python has it
            os.setsid()
            named(f"kernel {launcher}")
            for number, fd in enumerate(fds):
                os.dup2(fd, number)
                os.close(fd)
            code = _kernel(asked)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        except BaseException:  # the kernel's own failure: its stderr says it
            import traceback

            traceback.print_exc()
        finally:
            try:
                atexit._run_exitfuncs()
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    for fd in fds:
        os.close(fd)
    links[pid] = link
    try:
        link.settimeout(None)
        link.sendall(f"{pid}\n".encode())
    except OSError:  # the launcher went meanwhile: so does its kernel
        del links[pid]
        link.close()
        _kill(pid)


def named(name: str) -> None:
    """This process's name (``ps -o comm``, ``/proc/PID/comm``: 15 bytes at most): a forked
    kernel is named after its launcher, the process Jupyter knows."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(15, ctypes.c_char_p(name.encode()[:15]), 0, 0, 0)  # PR_SET_NAME
    except (OSError, AttributeError):
        pass


def kernel_of(launcher: int) -> int | None:
    """The pid of the kernel forked for ``launcher``'s pid, or None (not forked, or ended)."""
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/comm") as comm:
                if comm.read().strip() == f"kernel {launcher}":
                    return int(entry)
        except OSError:
            continue
    return None


def _kernel(asked: dict) -> int:
    """In the forked child: become the kernel the launcher would have started."""
    os.chdir(asked["cwd"])
    os.environ.clear()
    os.environ.update(asked["env"])
    os.environ["JPY_PARENT_PID"] = str(os.getppid())
    sys.path[0] = asked["cwd"]  # as ``python -m ipykernel_launcher`` started there has it
    sys.argv = ["ipykernel_launcher", *asked["args"]]
    from ipykernel.kernelapp import IPKernelApp

    IPKernelApp.launch_instance(argv=asked["args"])
    return 0


def start(folder: str) -> tuple[str, subprocess.Popen] | None:
    """The warm process for a server, listening in ``folder`` (a short path: a Unix socket's is
    at most ~100 bytes); ``(its socket's path, its process)``, or None where kernels are not
    forked. Its socket is bound here, so launchers may connect before it has warmed up."""
    if not available():
        return None
    path = os.path.join(folder, "forks")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(path)
    except OSError:
        listener.close()
        return None
    listener.listen(128)
    process = subprocess.Popen([sys.executable, "-m", "widgets.serving.forks",
                                str(listener.fileno())], pass_fds=[listener.fileno()])
    listener.close()

    def stop() -> None:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
        for gone in (lambda: os.unlink(path), lambda: os.rmdir(folder)):
            try:
                gone()
            except OSError:
                pass
    atexit.register(stop)
    return path, process


def warm_argv(argv: list[str]) -> list[str] | None:
    """A kernel spec's command with the launcher for the plain ipykernel of this interpreter,
    or None (another kernel, or another Python: started as it is).

    >>> warm_argv([sys.executable, "-m", "ipykernel_launcher", "-f", "{c}"]) == [
    ...     sys.executable, "-S", str(LAUNCHER), "-f", "{c}"]
    True
    >>> warm_argv(["python", "-m", "ipykernel_launcher", "-f", "{c}"])[1:2]
    ['-S']
    >>> warm_argv(["/other/python", "-m", "ipykernel_launcher", "-f", "{connection_file}"])
    """
    # Jupyter runs "python" (the native kernel's spec) with its own interpreter
    this = argv[:1] in (["python"], [f"python{sys.version_info[0]}"]) or \
        argv[:1] == [sys.executable] or os.path.realpath(argv[0]) == os.path.realpath(sys.executable)
    if len(argv) >= 3 and argv[1:3] == ["-m", "ipykernel_launcher"] and this:
        return [argv[0], "-S", str(LAUNCHER), *argv[3:]]
    return None


def spec_manager_class(base: type | None = None) -> type:
    """Jupyter's kernel spec manager (``base``, by default Jupyter's own) whose python kernel
    is forked from the warm process named by ``$TUTOR_FORKS_AT``."""
    if base is None:
        from jupyter_client.kernelspec import KernelSpecManager as base

    class WarmKernelSpecs(base):  # type: ignore[misc,valid-type]
        def get_kernel_spec(self, kernel_name):
            spec = super().get_kernel_spec(kernel_name)
            argv = warm_argv(list(spec.argv)) if os.environ.get("TUTOR_FORKS_AT") else None
            if argv is not None:
                spec.argv = argv
            return spec
    return WarmKernelSpecs


if __name__ == "__main__":
    serve(socket.socket(fileno=int(sys.argv[1])))
