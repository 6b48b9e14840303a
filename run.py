#!/usr/bin/env python3
"""Set up and run Rules Tutor. Needs only Python 3.11+ on the machine.

    python3 run.py app     # install into .venv, then serve the notebooks with Voila
    python3 run.py test    # install test needs into .venv, then run every test
    python3 run.py site    # build the course as a static site in site/ (--serve: look at it)

The virtual environment lives in ``.venv`` beside this file; it is made on first use and
updated whenever ``pyproject.toml`` changes. If the project installed in it is not this folder
(the folder was moved or copied, or the .venv came from another clone), it is installed again.
Each time, what the editable install does not follow by itself is brought up to date: the
translation catalogs whose ``.po`` changed are compiled again, the Voila page template is
copied into ``.venv/share/jupyter`` (where Voila looks for it) when it is not there or changed
(a plain install puts it there, an editable one does not: pypa/setuptools#3399), and the
project's modules are byte-compiled where they changed (a page's kernel then does not compile
them, even where ``PYTHONDONTWRITEBYTECODE`` keeps Python from caching what it compiles).
Extra arguments after ``test`` go to pytest; after ``app``, to the server, for example

    python3 run.py app --pool=2 --max-kernels=40   # preheated kernels per notebook; kernel cap
    python3 run.py app --port=9000                 # or TUTOR_PORT=9000
    python3 run.py app --lessons my-lessons        # "Write a lesson" also saves there; the course lists them
    python3 run.py test -m "not slow"              # only the fast tests (no browser, server, build)
    python3 run.py test --long                     # the soak and fuzz tests at full size
    python3 run.py test -n 0 tests/core            # one folder, in this process
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PORT = int(os.environ.get("TUTOR_PORT", "8866"))
#: The Voila page template: in this folder, and in .venv where Voila looks for templates.
TEMPLATE = Path("share", "jupyter", "voila", "templates", "tutor")
#: The page's modules and stylesheets, which the page loads from the template's static folder.
MODULES = Path("widgets", "static")


def ensure(extra: str) -> None:
    """Make .venv and install the project with ``extra`` (unless already done for this
    pyproject), then bring the compiled catalogs and the page template up to date."""
    install(extra)
    compile_catalogs()
    copy_template()
    compile_code()


def install(extra: str) -> None:
    """Make .venv and install the project with ``extra`` unless already done for this pyproject."""
    if sys.version_info < (3, 11):
        sys.exit(f"Rules Tutor needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not (BIN / "python").exists():
        print("Creating .venv ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{extra}-{digest}"
    if stamp.exists():
        if installed_from() != ROOT:  # moved, copied, or another clone's .venv: link it here
            print(f"The project in .venv is not this folder ({ROOT}); installing it again ...",
                  flush=True)
            pip = [str(BIN / "python"), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
            subprocess.run([*pip, "--no-deps", "-e", str(ROOT)], check=True)
        return
    print(f"Installing rules-tutor[{extra}] into .venv ...", flush=True)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[{extra}]"], check=True)
    stamp.touch()


def installed_from() -> Path | None:
    """The folder the .venv's ``tutor`` package is installed from (None if it is not there).

    Asked from outside this folder, so that the answer is the installation's, not the
    current directory's."""
    probe = ("import importlib.util as u; s = u.find_spec('tutor'); "
             "print(s.origin if s and s.origin else '')")
    try:
        found = subprocess.run([str(BIN / "python"), "-c", probe], capture_output=True,
                               text=True, cwd=VENV, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return Path(found).resolve().parent.parent if found else None


def compile_code() -> None:
    """Byte-compile the project's own modules where it is stale (cheap when nothing is).
    An editable install leaves them to Python, which writes its cache on first import unless
    ``PYTHONDONTWRITEBYTECODE`` is set (as in many containers and CI images): then every
    process compiled them again from source, each page's kernel ~0.3 s of CPU more."""
    subprocess.run([str(BIN / "python"), "-m", "compileall", "-q", "-j", "0",
                    str(ROOT / "tutor"), str(ROOT / "widgets")], cwd=ROOT,
                   stdout=subprocess.DEVNULL, check=False)


def compile_catalogs() -> None:
    """Compile the translation catalogs whose ``.mo`` is missing or older than the ``.po``
    (``i18nbuild/compile.py`` says which, without Babel: nothing to do is cheap)."""
    spec = importlib.util.spec_from_file_location("_i18n_compile",
                                                  ROOT / "i18nbuild" / "compile.py")
    compiler = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compiler)
    stale = [po for po in compiler.catalogs(ROOT / "tutor", ROOT / "widgets")
             if compiler.is_stale(po)]
    if not stale:
        return
    print(f"Compiling {len(stale)} translation catalog(s) ...", flush=True)
    done = subprocess.run([str(BIN / "python"), "-m", "i18nbuild", "compile"], cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(f"Could not compile the translation catalogs; their pages show English:\n"
              f"{done.stdout}{done.stderr}", file=sys.stderr, flush=True)


def copy_template() -> None:
    """Make .venv's copy of the page template the same as this folder's, with the page's
    modules and stylesheets in its static folder (an editable install leaves data files out:
    pypa/setuptools#3399). A copy, not a link: pip removes what it installed there through a
    link into this folder, should a setuptools put it there."""
    source, target = ROOT / TEMPLATE, VENV / TEMPLATE
    files = {path.relative_to(source): path for path in source.rglob("*") if path.is_file()}
    files |= {Path("static", path.name): path for path in (ROOT / MODULES).glob("*")
              if path.suffix in (".js", ".css")}
    wanted = set(files)
    if target.is_symlink():
        target.unlink()
    for path in sorted(target.rglob("*"), reverse=True) if target.is_dir() else ():
        if path.is_file() and path.relative_to(target) not in wanted:
            path.unlink()
    for name in wanted:
        copy = target / name
        if not copy.is_file() or copy.read_bytes() != files[name].read_bytes():
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(files[name], copy)


def lessons_option(args: list[str]) -> tuple[list[str], dict[str, str]]:
    """``--lessons DIR`` (or ``--lessons=DIR``) taken out of the server's arguments: the folder
    the "Write a lesson" page also saves into, listed on the course page (``TUTOR_LESSONS``).

    >>> lessons_option(["--port=1", "--lessons", "."])[0]
    ['--port=1']
    """
    rest, extra = [], {}
    items = iter(args)
    for arg in items:
        if arg == "--lessons" or arg.startswith("--lessons="):
            folder = Path(arg.split("=", 1)[1] if "=" in arg else next(items, "."))
            folder.mkdir(parents=True, exist_ok=True)
            extra["TUTOR_LESSONS"] = str(folder.resolve())
        else:
            rest.append(arg)
    return rest, extra


def given_port(args: list[str]) -> str | None:
    """The port the arguments give Voila (``--port=N``, ``--port N``, ``--Voila.port...``), else
    None: the address printed is the one served (``--port 8899`` printed 8866).

    >>> given_port(["--port", "8899"]), given_port(["--Voila.port=9000"]), given_port(["--pool=2"])
    ('8899', '9000', None)
    """
    for i, arg in enumerate(args):
        for name in ("--port", "--Voila.port"):
            if arg.startswith(name + "="):
                return arg.split("=", 1)[1]
            if arg == name and i + 1 < len(args):
                return args[i + 1]
    return None

def app(args: list[str]) -> int:
    ensure("app")
    args, extra = lessons_option(args)
    # Voila (with the tutor's page handler and kernel manager: widgets/serving/server.py) reads
    # voila.json from the folder it starts in: start it at the repo root.
    defaults = [f"--port={PORT}", "--Voila.ip=127.0.0.1"]  # unless the arguments say otherwise
    given = {arg.split("=")[0].replace("--Voila.", "--") for arg in args}
    command = [str(BIN / "python"), "-m", "widgets.serving.server", "notebooks", "--no-browser",
               *(d for d in defaults if d.split("=")[0].replace("--Voila.", "--") not in given),
               *args]
    port = given_port(args) or PORT
    print(f"Rules Tutor: http://localhost:{port}/voila/render/index.ipynb  (Ctrl-C stops it)",
          flush=True)
    return subprocess.call(command, cwd=ROOT, env={**os.environ, **extra})


def test(args: list[str]) -> int:
    ensure("test")
    # the tests' own modules too: each worker collects every test file, and pytest caches
    # the rewritten modules only where Python may write its caches (~10 s of CPU a run)
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return subprocess.call([str(BIN / "python"), "-m", "pytest", *parallel(args), *args],
                           cwd=ROOT, env=environment)


def parallel(args: list[str]) -> list[str]:
    """On every core (pytest-xdist), a test file's tests on one worker (its served app starts
    once: conftest.py), unless the arguments choose (``-n 0``: in this process, for a debugger). Two workers
    per core: a browser test spends much of its time waiting for a kernel or a page, and
    another worker's test uses that time (measured on 2 cores: 9.9 min with 2 workers, 8.1
    with 3, 7.4 with 4). The files start in the order tests/conftest.py gives them, the
    longest first.

    >>> parallel([])[0::2] == ['-n', '--dist'] and int(parallel([])[1]) >= 4
    True
    >>> parallel(["-n", "0", "tests/core"]), parallel(["--numprocesses=3"]), parallel(["-p", "no:xdist"])
    ([], [], [])
    """
    chosen = any(a in ("-n", "--numprocesses", "--pdb", "no:xdist") or a.startswith(("-n", "--numprocesses="))
                 for a in args)
    workers = min(8, 2 * (os.cpu_count() or 2))
    return [] if chosen else ["-n", str(workers), "--dist", "loadfile"]


def site(args: list[str]) -> int:
    ensure("site")
    return subprocess.call([str(BIN / "python"), "-m", "sitebuild", *args], cwd=ROOT)


def main() -> int:
    commands = {"app": app, "test": test, "site": site}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
