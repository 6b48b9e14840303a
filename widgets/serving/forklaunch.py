"""A page kernel's process as Jupyter sees it: asks the server's warm process for a kernel
(``widgets/serving/forks.py``) and stands for it until it ends.

Run as ``python -S forklaunch.py -f CONNECTION_FILE`` (the kernel spec's command the app server
gives its kernels): the standard library only, no site, so it starts in a few milliseconds.
It sends its arguments, environment, folder and standard streams to the warm process at
``$TUTOR_FORKS_AT``, which forks a kernel with them; then it passes every signal Jupyter sends
it (an interrupt, a stop) on to that kernel and ends with the kernel's exit code. If it is
killed, the warm process kills the kernel. Where the warm process cannot be reached, it
becomes an ordinary kernel (``python -m ipykernel_launcher``).
"""
import json
import os
import signal
import socket
import sys

#: what Jupyter may send a kernel's process, passed on to the kernel
PASSED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1,
          signal.SIGUSR2)


def ordinary(args: list) -> None:
    """This process becomes an ordinary kernel."""
    os.execv(sys.executable, [sys.executable, "-m", "ipykernel_launcher", *args])


def main(args: list) -> int:
    where = os.environ.get("TUTOR_FORKS_AT", "")
    link = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        link.connect(where)
        asked = json.dumps({"args": args, "env": dict(os.environ), "cwd": os.getcwd()}) + "\n"
        socket.send_fds(link, [asked.encode()], [0, 1, 2])
        answer = b""
        while not answer.endswith(b"\n"):
            got = link.recv(64)
            if not got:
                raise ConnectionError("the warm process closed the link")
            answer += got
        kernel = int(answer)
    except (OSError, ValueError):
        link.close()
        ordinary(args)
        return 1  # not reached: execv replaces this process

    def passed(signum, _frame):
        try:
            os.kill(kernel, signum)
        except ProcessLookupError:
            pass
    for signum in PASSED:
        signal.signal(signum, passed)
    told = b""
    while True:  # the kernel's exit code, when it ends
        try:
            got = link.recv(64)
        except InterruptedError:
            continue
        if not got:
            break
        told += got
    try:
        return int(told)
    except ValueError:
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
