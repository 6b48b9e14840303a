"""``python3 run.py site``: the whole course as a static site in ``site/``.

Stages (each printed with what it made and its size):

1. **Pyodide** - the runtime from the npm registry (:func:`fetch.pyodide_archive`).
2. **wheels** - the kernel's packages from the package index, the Pyodide kernel's own,
   and this project's wheel with its catalogs compiled (:func:`wheels.gather`). Everything
   missing is reported together, in one sentence, before anything is built.
3. **byte-compile** - what a visit imports, measured by starting the kernel under Node
   (:func:`wheels.profile`), compiled by Pyodide's Python into sourceless .pyc, in the wheels
   and in the standard library (:func:`wheels.compile_all`, :func:`wheels.compile_stdlib`).
4. **Voici** - ``voici build`` renders every notebook of ``notebooks/`` as a page with our
   ``tutor`` page template (``share/jupyter/voila/templates/tutor``, its ``frontend ==
   "voici"`` parts) and puts the front ends of the installed extensions in the site.
5. **runtime** - Pyodide and the wheels into ``static/pyodide/`` with a lock listing only
   them; the kernel preloads all of them and never asks another server.
6. **pages** - each page's first paint (:mod:`sitebuild.paint`), the start page, the
   service worker (``service-worker.js``: JupyterLite's, extended to keep the site for
   offline visits).

The site is built in a temporary folder beside ``site/`` and moved into place at the end:
a failed build leaves the previous site as it was and no half-written folder.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from widgets.parts import frontend

from . import ahead, fetch, paint, pins, wheels

ROOT = fetch.ROOT
HERE = Path(__file__).resolve().parent
TEMPLATES = ROOT / "share" / "jupyter"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the runtime's files the site serves (the npm package also has docs, types and maps)
RUNTIME = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
           "python_stdlib.zip")
#: federated extensions no page loads (Voila's JupyterLab preview button: not in the pages'
#: configuration, unlike jupyterlab_pygments, which they list and must find)
UNUSED_EXTENSIONS = ("@voila-dashboards",)


class BuildFailed(Exception):
    """The site cannot be built; ``str()`` is one sentence for the person building it."""


def size(path: Path) -> int:
    return path.stat().st_size if path.is_file() else sum(
        p.stat().st_size for p in path.rglob("*") if p.is_file())


def human(n: float) -> str:
    """Bytes for a person.

    >>> human(1536), human(5_300_000)
    ('1.5 KB', '5.1 MB')
    """
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


def gzipped(path: Path) -> int:
    """Bytes of ``path`` (a file or folder) as a server compressing text would send them
    (.wasm and archives are sent gzipped too by most static hosts)."""
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
    return sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)


class Log:
    def __init__(self, quiet: bool = False):
        self.started = time.monotonic()
        self.quiet = quiet

    def __call__(self, text: str) -> None:
        if not self.quiet:
            print(f"[{time.monotonic() - self.started:5.1f} s] {text}", flush=True)


def notebooks(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.ipynb") if not p.name.startswith("."))


#: how the Pyodide kernel spells the packages it checks are preloaded (it installs any it does
#: not find in ``loadPyodideOptions.packages`` by name, from the network)
KERNEL_SPELLING = {"pyodide-kernel": "pyodide_kernel"}


def preloaded(packages: list[str]) -> list[str]:
    """The names of ``packages`` (the wheels shipped) as the kernel looks for them."""
    return [KERNEL_SPELLING.get(p, p) for p in packages]


def unshipped_start_packages(packages: list[str]) -> list[str]:
    """The packages the kernel installs at start that the site does not preload (it would
    ask the network for each and, offline, never answer)."""
    names = set(preloaded(packages))
    return [name for name in wheels.kernel_start_packages() if name not in names]


def lite_config(packages: list[str]) -> dict:
    """``jupyter-lite.json`` of the site: the kernel loads Pyodide and every package from
    the site itself and never falls back to the public package index."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Rules Tutor",
            "litePluginSettings": {KERNEL_PLUGIN: {
                # relative to a page (voici/render/NAME.html)
                "pyodideUrl": "../../static/pyodide/pyodide.js",
                "disablePyPIFallback": True,
                "pipliteUrls": [],
                "loadPyodideOptions": {"packages": preloaded(packages)},
            }},
        },
    }


def run_voici(contents: Path, lite_dir: Path, out: Path, packages: list[str], log) -> None:
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=1))
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(
        [str(TEMPLATES), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))])}
    command = [sys.executable, "-m", "sitebuild.voici", "build", "--contents", str(contents),
               "--output-dir", str(out), "--template", "tutor", "--no-sourcemaps",
               # its index of wheels is for installing at run time, from a path that pages
               # under voici/render/ cannot reach; the kernel preloads everything instead
               "--disable-addons", "jupyterlite-pyodide-kernel-piplite"]
    done = subprocess.run(command, cwd=lite_dir, env=env, capture_output=True, text=True)
    if done.returncode != 0 or not (out / "voici" / "render").is_dir():
        raise BuildFailed("Voici could not render the notebooks "
                          f"({fetch._last_line(done.stderr + done.stdout)})")


def unpack_runtime(archive: Path, target: Path) -> dict:
    """Pyodide's runtime files from its npm package into ``target``; its lock's ``info``."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        members = {m.name.split("/", 1)[-1]: m for m in tar.getmembers() if m.isfile()}
        for name in (*RUNTIME, "pyodide-lock.json"):
            if name not in members:
                raise BuildFailed(f"the npm package {archive.name} has no {name}: not a "
                                  "Pyodide release this build knows")
            with tar.extractfile(members[name]) as src, open(target / name, "wb") as dst:
                shutil.copyfileobj(src, dst)
    info = json.loads((target / "pyodide-lock.json").read_text())["info"]
    return info


def write_pages(out: Path, folder: Path, log) -> int:
    """First paints into the rendered pages (where the template left its mark)."""
    painted = 0
    for notebook in notebooks(folder):
        page = out / "voici" / "render" / f"{notebook.stem}.html"
        if not page.is_file():
            continue
        text = page.read_text(encoding="utf-8")
        mark = "<!-- tutor:first-paint -->"
        if mark not in text:
            raise BuildFailed(f"the page {page.name} was not made with the tutor template "
                              "(no first-paint mark): is share/jupyter on JUPYTER_PATH?")
        shown = paint.block(paint.first_paints(notebook))
        painted += bool(shown)
        page.write_text(text.replace(mark, shown, 1), encoding="utf-8")
    return painted


START = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Rules Tutor</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>window.location.replace("{target}" + window.location.search + window.location.hash);</script>
<meta http-equiv="refresh" content="0; url={target}">
</head><body><p><a href="{target}">Rules Tutor</a></p></body></html>
"""


def service_worker(out: Path) -> None:
    """The site's service worker (``sitebuild/service-worker.js``: JupyterLite's, extended
    to keep the site for offline visits) in place of JupyterLite's, which it loads."""
    lite = out / "service-worker.js"
    if not lite.is_file():
        raise BuildFailed("Voici wrote no service-worker.js: not a JupyterLite this build knows")
    lite.rename(out / "jupyterlite-service-worker.js")
    digest = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        digest.update(path.relative_to(out).as_posix().encode() + b"\0" + path.read_bytes())
    render = out / "voici" / "render"
    # the pages and the lessons' steps built ahead (sitebuild/ahead.py)
    pages = sorted(p.relative_to(out).as_posix() for p in (*render.glob("*.html"),
                                                           *render.glob("*.json.gz")))
    # the app's own modules and styles, kept as the worker installs (a page built ahead loads
    # the app's module only once Python runs it)
    app = sorted(p.relative_to(out).as_posix() for p in (out / "static" / "tutor").glob("*.*"))
    build_id = time.strftime("%Y%m%d%H%M%S", time.gmtime()) + "-" + digest.hexdigest()[:12]
    text = (HERE / "service-worker.js").read_text(encoding="utf-8")
    text = (text.replace("__BUILD__", build_id).replace("__PAGES__", json.dumps(pages))
            .replace("__APP__", json.dumps(app)))
    lite.write_text(text, encoding="utf-8")


def finish(out: Path, log) -> None:
    """The start page (the course), the service worker, and what the pages never use."""
    (out / "index.html").write_text(START.format(target="voici/render/index.html"))
    (out / "voici" / "index.html").write_text(START.format(target="render/index.html"))
    for name in UNUSED_EXTENSIONS:
        shutil.rmtree(out / "extensions" / name, ignore_errors=True)
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with _ as they are
    service_worker(out)


def current_catalogs(*folders: Path) -> list[Path]:
    """Compile the checkout's catalogs whose ``.mo`` is missing or older than the ``.po``, and
    forget what this process loaded: the first paints and the steps built ahead are made in
    every language from them (a fresh clone has none: every page would be in English). The
    catalogs compiled (of ``folders``; by default the engine's and the views'), none when all
    were current.

    >>> import tempfile
    >>> po = Path(tempfile.mkdtemp()) / "demo" / "locale" / "nl" / "LC_MESSAGES" / "demo.po"
    >>> po.parent.mkdir(parents=True)
    >>> _ = po.write_text('msgid ""\\nmsgstr ""\\n"Content-Type: text/plain; charset=UTF-8\\\\n"\\n\\nmsgid "Next"\\nmsgstr "Volgende"\\n')
    >>> [p.name for p in current_catalogs(po.parents[4])], po.with_suffix(".mo").is_file()
    (['demo.po'], True)
    >>> current_catalogs(po.parents[4])
    []
    """
    from i18nbuild.compile import catalogs, compile_catalog, is_stale
    from tutor.core.i18n import reload

    stale = [po for po in catalogs(*(folders or (ROOT / "tutor", ROOT / "widgets")))
             if is_stale(po)]
    for po in stale:
        compile_catalog(po)
    if stale:
        reload()
    return stale


def build(target: Path, folder: Path, cache: Path, *, pyodide: str = pins.PYODIDE,
          npm_registry: str | None = None, index_url: str | None = None,
          quiet: bool = False) -> Path:
    """Build the site into ``target`` (replaced only when the build succeeded)."""
    log = Log(quiet)
    compiled_now = current_catalogs()
    if compiled_now:
        log(f"Catalogs: {len(compiled_now)} compiled (the pages are made in every language)")
    pages = notebooks(folder)
    if not pages:
        raise BuildFailed(f"there are no notebooks in {folder} to make pages of")
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
    lessons = None
    try:
        log(f"Pyodide {pyodide}: the runtime, from the npm registry (cache: {cache})")
        problems = []
        archive = None
        try:
            archive = fetch.pyodide_archive(pyodide, cache, npm_registry)
            log(f"  {archive.name}: {human(size(archive))}")
        except fetch.Unavailable as exc:
            problems.append(str(exc))
        log("Wheels: the kernel's packages, from the package index")
        python = ".".join(pins.PYODIDE_PYTHON.get(pyodide, "3.12").split(".")[:2])
        found, missing = wheels.gather(cache, python, index_url, log=log, notebooks=pages)
        problems += missing
        if problems:
            raise BuildFailed("The static site cannot be built: " + "; ".join(problems)
                              + f". Nothing was written to {target}.")
        log(f"  {len(found)} wheels, {human(sum(size(w.path) for w in found))}")
        try:
            unshipped = unshipped_start_packages([w.name for w in found])
        except fetch.Unavailable as exc:
            raise BuildFailed(f"The static site cannot be built: {exc}.") from None
        if unshipped:
            raise BuildFailed(
                "The static site cannot be built: the Pyodide kernel installs "
                f"{', '.join(unshipped)} when it starts and the site ships no wheel of that "
                "name (add it, or a stand-in, to sitebuild/pins.py); offline the kernel "
                f"would never answer. Nothing was written to {target}.")
        # the lessons built ahead, the longest stage, made from here on beside the others (once
        # what the build needs from elsewhere is here: a build that cannot be made makes none)
        lessons = ahead.Lessons(folder)
        runtime = staging / "runtime"
        info = unpack_runtime(archive, runtime)
        log("Byte-compiling what a visit imports with Pyodide's Python (cached)")
        try:
            imported = wheels.profile(found, runtime, cache, log=log)
            compiled = wheels.compile_all(found, runtime, cache, imported["site"], log=log)
            stdlib = wheels.compile_stdlib(runtime, cache, imported["stdlib"], log=log)
        except fetch.Unavailable as exc:
            raise BuildFailed(f"The static site cannot be built: {exc}.") from None
        log(f"  wheels {human(sum(size(w.path) for w in compiled))}, "
            f"standard library {human(size(stdlib))}")
        log(f"Voici: {len(pages)} notebooks as pages, with the tutor template")
        contents = staging / "contents"
        contents.mkdir()
        for page in pages:
            shutil.copyfile(page, contents / page.name)
        lite_dir = staging / "lite"
        lite_dir.mkdir()
        out = staging / "out"
        run_voici(contents, lite_dir, out, sorted(w.name for w in compiled), log)
        log(f"  {human(size(out / 'voici'))} of pages and scripts")
        log("Modules: the page's scripts and styles into static/tutor/, where its pages load them")
        modules = out / "static" / "tutor"
        modules.mkdir(parents=True)
        for path in frontend.served():
            shutil.copyfile(path, modules / path.name)
        log(f"  {len(list(modules.iterdir()))} files, {human(size(modules))}")
        log("Runtime: Pyodide and the wheels into static/pyodide/")
        served = out / "static" / "pyodide"
        served.mkdir(parents=True, exist_ok=True)
        for name in RUNTIME:
            shutil.copyfile(stdlib if name == "python_stdlib.zip" else runtime / name, served / name)
        wheels.write_lock(compiled, served, info)
        log(f"  {human(size(served))} ({human(gzipped(served))} gzipped)")
        log("Pages: first paints in every language, start page, service worker")
        painted = write_pages(out, folder, log)
        log(f"  {painted} of {len(pages)} pages painted before Python starts")
        log("Lessons built ahead: every step and verdict, each language one file")
        built = ahead.build_ahead(out, folder, log, lessons)
        log(f"  {len(built)} files, {human(sum(built.values()))} (gzip)")
        finish(out, log)
        # into place: the old site goes only once the new one is complete
        old = None
        if target.exists():
            old = target.with_name(f".{target.name}.old-{os.getpid()}")
            target.rename(old)
        out.rename(target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        total = size(target)
        files = sum(1 for p in target.rglob("*") if p.is_file())
        log(f"Done: {target} - {files} files, {human(total)}")
        return target
    finally:
        if lessons is not None:
            lessons.close()
        shutil.rmtree(staging, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 run.py site", description=(
        "Build the course as a static site (Voici + Pyodide) into site/, or serve it."))
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="where (default: site/)")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks")
    parser.add_argument("--cache", type=Path, default=None,
                        help="downloads kept here (default: ~/.cache/rules-tutor/site)")
    parser.add_argument("--pyodide", default=pins.PYODIDE, help="Pyodide version (npm)")
    parser.add_argument("--npm-registry", default=None, help="npm registry URL (npm's default)")
    parser.add_argument("--index-url", default=None, help="package index URL (pip's default)")
    parser.add_argument("--serve", action="store_true",
                        help="serve the built site on localhost (builds it first if missing)")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    cache = args.cache or fetch.default_cache()
    if not (args.serve and (args.out / "index.html").is_file()):
        try:
            build(args.out, args.notebooks, cache, pyodide=args.pyodide,
                  npm_registry=args.npm_registry, index_url=args.index_url)
        except BuildFailed as exc:
            print(exc, file=sys.stderr)
            return 1
    if args.serve:
        from .serve import serve

        serve(args.out, args.port)
    return 0
