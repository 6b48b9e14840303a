#!/usr/bin/env python3
"""Set up and run Rules Tutor. Needs only Python 3.11+ on the machine.

    python3 run.py app     # install into .venv, then serve the notebooks with Voila
    python3 run.py test    # install test needs into .venv, then run every test

The virtual environment lives in ``.venv`` beside this file; it is made on first use and
updated whenever ``pyproject.toml`` changes. Extra arguments after ``test`` go to pytest.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PORT = int(os.environ.get("TUTOR_PORT", "8866"))


def ensure(extra: str) -> None:
    """Make .venv and install the project with ``extra`` unless already done for this pyproject."""
    if sys.version_info < (3, 11):
        sys.exit(f"Rules Tutor needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not (BIN / "python").exists():
        print("Creating .venv ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{extra}-{digest}"
    if stamp.exists():
        return
    print(f"Installing rules-tutor[{extra}] into .venv ...", flush=True)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[{extra}]"], check=True)
    stamp.touch()


def app(args: list[str]) -> int:
    ensure("app")
    # Voila reads voila.json from the folder it starts in: start it at the repo root.
    command = [str(BIN / "voila"), "notebooks", "--no-browser", f"--port={PORT}",
               "--Voila.ip=127.0.0.1", *args]
    print(f"Rules Tutor: http://localhost:{PORT}/voila/render/index.ipynb  (Ctrl-C stops it)",
          flush=True)
    return subprocess.call(command, cwd=ROOT)


def test(args: list[str]) -> int:
    ensure("test")
    return subprocess.call([str(BIN / "python"), "-m", "pytest", *args], cwd=ROOT)


def main() -> int:
    commands = {"app": app, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
