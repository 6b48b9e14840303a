"""Downloads of the static site, each kept in a cache outside the clone so that the next
build is fast and needs no network.

* the Pyodide runtime from the npm registry (``npm pack pyodide@<v>``),
* the kernel's wheels from the package index (``pip download``, pure-Python wheels for
  Pyodide's Python),
* the project's own wheel, made from this folder (``pip wheel``) with its catalogs compiled.

Each function returns paths in the cache or raises :class:`Unavailable` with one sentence
saying what could not be had and from where; nothing half-downloaded is left in the cache
(a download goes to a temporary folder and is moved in when complete).

The cache is ``$RULES_TUTOR_CACHE/site``, else ``$XDG_CACHE_HOME/rules-tutor/site``, else
``~/.cache/rules-tutor/site``.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class Unavailable(Exception):
    """Something the site needs could not be had; ``str()`` is one plain sentence."""


def default_cache() -> Path:
    if os.environ.get("RULES_TUTOR_CACHE"):
        return Path(os.environ["RULES_TUTOR_CACHE"]) / "site"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "rules-tutor" / "site"


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines()
             if line.strip() and not line.lstrip().startswith("WARNING")]
    errors = [line for line in lines if "error" in line.lower()]
    return (errors or lines or ["no output"])[-1][:300]


def pyodide_archive(version: str, cache: Path, registry: str | None = None) -> Path:
    """The npm package of Pyodide ``version`` (a .tgz in the cache), fetched if missing."""
    folder = cache / "npm"
    found = folder / f"pyodide-{version}.tgz"
    if found.is_file():
        return found
    npm = shutil.which("npm")
    if npm is None:
        raise Unavailable(f"Pyodide {version} cannot be had: the build fetches it with npm, "
                          "and npm is not installed (apt-get install npm)")
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        command = [npm, "pack", f"pyodide@{version}", "--pack-destination", tmp,
                   "--silent", "--no-fund", "--no-audit"]
        if registry:
            command += ["--registry", registry]
        done = subprocess.run(command, capture_output=True, text=True, cwd=tmp,
                              env={**os.environ, "npm_config_fetch_retries": "0",
                                   "npm_config_fetch_timeout": "30000"})
        made = Path(tmp) / found.name
        if done.returncode != 0 or not made.is_file():
            raise Unavailable(f"Pyodide {version} cannot be had from the npm registry"
                              f"{f' at {registry}' if registry else ''} ({_last_line(done.stderr + done.stdout)})")
        made.replace(found)
    return found


def wheel(name: str, version: str, python: str, cache: Path, index_url: str | None = None) -> Path:
    """The pure-Python wheel ``name==version`` for Python ``python`` (``"3.12"``), from the
    package index into the cache unless already there."""
    folder = cache / "wheels"
    normal = name.lower().replace("-", "_")
    for found in folder.glob(f"*-{version}-*.whl"):
        if found.name.lower().split("-")[0] == normal:
            return found
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                   "--python-version", python, "--platform", "any", "--implementation", "py",
                   "--abi", "none", "--disable-pip-version-check", "--retries", "0",
                   "--timeout", "20", "-d", tmp, f"{name}=={version}"]
        if index_url:
            command[4:4] = ["--index-url", index_url]
        done = subprocess.run(command, capture_output=True, text=True)
        made = list(Path(tmp).glob("*.whl"))
        if done.returncode != 0 or len(made) != 1:
            where = f" at {index_url}" if index_url else ""
            raise Unavailable(f"the wheel {name}=={version} cannot be had from the package "
                              f"index{where} ({_last_line(done.stderr + done.stdout)})")
        made[0].replace(folder / made[0].name)
        return folder / made[0].name


#: what of this folder goes into the project's wheel (setup.py compiles the catalogs into it
#: with ``i18nbuild/compile.py``, loaded by its path); the packages of the wheel the site
#: ships are the kernel's (:data:`KERNEL_PACKAGES`), never the build tools
PROJECT = ("tutor", "widgets", "share", "pyproject.toml", "setup.py", "MANIFEST.in",
           "i18nbuild/compile.py")
KERNEL_PACKAGES = 'include = ["tutor*", "widgets*"]'



def source_digest(root: Path = ROOT) -> str:
    """A digest of what goes into the project's wheel (code, data, catalogs, build files)."""
    digest = hashlib.sha256()
    for top in PROJECT:
        base = root / top
        if not base.exists():
            continue
        paths = [base] if base.is_file() else sorted(
            p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts
            and p.suffix not in (".mo", ".pyc"))
        for path in paths:
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def project_wheel(cache: Path, root: Path = ROOT) -> Path:
    """This project's wheel, as ``pip wheel`` makes it (its build compiles the catalogs: the
    kernel reads the ``.mo`` files and never needs Babel), made from a copy of the folder so
    that the clone is left as it is. Cached by a digest of the sources."""
    folder = cache / "project"
    digest = source_digest(root)
    for found in folder.glob(f"rules_tutor-*+site.{digest}-*.whl"):
        return found
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "src"
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo", "*.egg-info")
        for top in PROJECT:
            if (root / top).is_dir():
                shutil.copytree(root / top, copy / top, ignore=ignore)
            elif (root / top).is_file():
                (copy / top).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(root / top, copy / top)
        text = (root / "pyproject.toml").read_text(encoding="utf-8")
        for line in text.splitlines():  # a local version: the digest, so a cached wheel is known
            if line.startswith("version = "):
                version = line.split('"')[1]
                text = text.replace(line, f'version = "{version}+site.{digest}"', 1)
            elif line.startswith("include = ["):  # the packages found: the kernel's
                text = text.replace(line, KERNEL_PACKAGES, 1)
        (copy / "pyproject.toml").write_text(text, encoding="utf-8")
        (copy / "README.md").write_text("Rules Tutor\n", encoding="utf-8")
        out = Path(tmp) / "out"
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                               "--no-build-isolation", "--disable-pip-version-check", "-q",
                               "-w", str(out), str(copy)], capture_output=True, text=True)
        made = list(out.glob("*.whl")) if out.is_dir() else []
        if done.returncode != 0 or len(made) != 1:
            raise Unavailable("the project's own wheel cannot be made with pip wheel "
                              f"({_last_line(done.stderr + done.stdout)})")
        target = folder / made[0].name
        for old in folder.glob("rules_tutor-*.whl"):  # another digest's: older sources
            if old != target:
                old.unlink(missing_ok=True)
        # in place at once: a build beside this one (the same sources) never sees it missing
        staged = folder / f".{made[0].name}.{os.getpid()}"
        shutil.move(str(made[0]), staged)
        os.replace(staged, target)
        return target
