"""The kernel's packages in the site: gathered, byte-compiled, and listed in a lock.

Pyodide loads the packages named in ``loadPyodideOptions.packages`` from its lock file
(``pyodide-lock.json`` beside ``pyodide.js``), all at once, before the kernel starts. The
build writes that lock for the wheels the site ships and nothing else, so the kernel never
asks the network for a package (``disablePyPIFallback`` besides).

Each wheel is byte-compiled with Pyodide's own Python at build time (``pyodide.mjs``, run
with Node): the browser would otherwise compile IPython and the app on every visit.

Libraries (the extra ``site``, build time only): ``wheel`` writes the wheels made or repacked
here (their RECORD), ``packaging`` their metadata, and ``pyodide-lock`` (0.1: the lock format
of Pyodide 0.27) the lock, reading each wheel's name, version, modules and requirements
(markers evaluated for Pyodide's platform and Python).
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from packaging.metadata import Metadata
from packaging.utils import canonicalize_name as canonical  # a name as the lock keys it (PEP 503)
from packaging.utils import parse_wheel_filename
from pyodide_lock import InfoSpec, PackageSpec, PyodideLockSpec
from pyodide_lock.utils import add_wheels_to_spec, update_package_sha256
from wheel.wheelfile import WheelFile

from . import fetch, pins

HERE = Path(__file__).resolve().parent
#: bump when the way wheels are compiled changes (the compiled cache is keyed by it)
COMPILE_VERSION = "6"
#: the date of every file in the wheels made here (``wheel`` dates them by SOURCE_DATE_EPOCH):
#: the same files make the same bytes, and the caches are keyed by those
EPOCH = "1580601600"  # 2020-02-02


def prefixes(runtime: Path) -> tuple[str, str]:
    """Where the wheels' modules and the standard library are in the browser (tracebacks
    name them), for the runtime in ``runtime``.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "pyodide-lock.json").write_text('{"info": {"python": "3.12.7"}}')
    >>> prefixes(folder)
    ('/lib/python3.12/site-packages/', '/lib/python312.zip/')
    """
    major, minor = json.loads((runtime / "pyodide-lock.json").read_text())["info"]["python"].split(".")[:2]
    return f"/lib/python{major}.{minor}/site-packages/", f"/lib/python{major}{minor}.zip/"

#: what no kernel of the site reads, left out of the compiled wheels: a wheel's data files
#: (front ends and page templates for a Jupyter server: the site has its own copy), packages'
#: own tests, catalogs' sources (the kernel reads the compiled .mo)
_UNUSED = re.compile(r"^[^/]+\.data/|(^|/)tests/|^anywidget/(lab|nb)extension/|\.pot?$")


def shipped(name: str, imported: set[str] = frozenset()) -> bool:
    """Whether a file of a wheel goes into the site (``imported``: what a visit imports; of
    :data:`pins.ONLY_IMPORTED` only that goes).

    >>> shipped("pygments/lexers/python.pyc", {"pygments/lexers/python.py"}), shipped("pygments/lexers/c_cpp.py")
    (True, False)
    >>> shipped("IPython/core/magic.pyc", {"IPython/core/magic.py"}), shipped("IPython/lib/demo.py")
    (True, False)
    >>> [shipped(n) for n in ("anywidget-0.11.0.data/data/share/x.js", "IPython/core/tests/t.pyc",
    ...  "traitlets/utils/bunch.pyc", "widgets/locale/nl/LC_MESSAGES/widgets.po",
    ...  "widgets/locale/nl/LC_MESSAGES/widgets.mo", "anywidget/labextension/static/a.js")]
    [False, False, True, False, True, False]
    """
    if _UNUSED.search(name):
        return False
    if name.startswith(pins.ONLY_IMPORTED) and name.endswith((".py", ".pyc")):
        return name.removesuffix("c") in imported
    return True


@dataclass
class Wheel:
    name: str  # canonical: the lock's key
    path: Path
    #: the wheel before byte-compiling, whose sources name its modules (None: ``path``)
    source: Path | None = None


def kernel_extension() -> Path | None:
    """The installed ``jupyterlite-pyodide-kernel`` extension's folder (``static/``)."""
    for prefix in (sys.prefix, sys.base_prefix):
        folder = (Path(prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
                  / "pyodide-kernel-extension" / "static")
        if folder.is_dir():
            return folder
    return None


#: the list of packages the kernel's worker installs at start unless preloaded (its
#: ``initKernel``: ``["ssl","sqlite3","ipykernel",...]``, minified)
_INIT_KERNEL = re.compile(r"initKernel\([^)]*\)\{.{0,120}?=(\[(?:\"[\w.-]+\",?)+\])")


def kernel_start_packages() -> list[str]:
    """What the installed Pyodide kernel installs when it starts, unless it finds each name,
    spelled as here, in ``loadPyodideOptions.packages`` (read from its worker's script).
    Offline, one missing name and the kernel never answers."""
    folder = kernel_extension()
    if folder is not None:
        for script in sorted(folder.glob("*.js")):
            found = _INIT_KERNEL.search(script.read_text(encoding="utf-8", errors="replace"))
            if found:
                return json.loads(found.group(1))
    raise fetch.Unavailable("the Pyodide kernel's worker script is not installed here (no "
                            "jupyterlite-pyodide-kernel extension): install the site's tools "
                            "with python3 run.py site")


def kernel_extension_wheels() -> dict[str, Path]:
    """The Pyodide kernel's own wheels (piplite, pyodide_kernel and the ipykernel and
    widgetsnbextension shims) shipped inside the installed ``jupyterlite-pyodide-kernel``."""
    found = {}
    for prefix in {sys.prefix, sys.base_prefix}:
        folder = (Path(prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
                  / "pyodide-kernel-extension" / "static" / "pypi")
        for path in folder.glob("*.whl"):
            name = canonical(path.name.split("-")[0])
            if name == "widgetsnbextension" and not path.name.split("-")[1].startswith("4."):
                continue  # the ipywidgets 7 shim
            found[name] = path
    missing = {"piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension"} - set(found)
    if missing:
        raise fetch.Unavailable(
            "the Pyodide kernel's own wheels are not installed here (no "
            f"{', '.join(sorted(missing))} in jupyterlite-pyodide-kernel's extension): "
            "install the site's tools with python3 run.py site")
    return found


#: the WHEEL file of the wheels made here
WHEEL = "Wheel-Version: 1.0\nGenerator: rules-tutor\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def made_wheel(folder: Path, name: str, files: dict[str, bytes | str], summary: str,
               requires: tuple[str, ...] = ()) -> Path:
    """A wheel made here: the distribution ``name`` 1.0 with ``files`` and ``requires``.

    Its METADATA is written out here: packaging's writer (``Metadata.as_rfc822``) spells the
    fields in lower case, and pkginfo, which pyodide-lock reads wheels with, then finds none."""
    dist = canonical(name).replace("-", "_")
    metadata = Metadata.from_raw({"metadata_version": "2.1", "name": name, "version": "1.0",
                                  "summary": summary, "requires_dist": list(requires)})
    text = (f"Metadata-Version: 2.1\nName: {metadata.name}\nVersion: {metadata.version}\n"
            f"Summary: {metadata.summary}\n"
            + "".join(f"Requires-Dist: {r}\n" for r in metadata.requires_dist or ()))
    path = folder / f"{dist}-1.0-py3-none-any.whl"
    write_wheel(path, {**files, f"{dist}-1.0.dist-info/METADATA": text,
                       f"{dist}-1.0.dist-info/WHEEL": WHEEL})
    return path


def stub_wheel(name: str, source: str | None, folder: Path, requires: tuple[str, ...] = ()) -> Path:
    """A small wheel standing in for ``name`` (see :data:`pins.STUBS`), of that name so that the
    lock lists it as the kernel asks for it: the module ``name`` with ``source``, or nothing
    at all (``None``)."""
    files = {} if source is None else {f"{name}/__init__.py": source}
    return made_wheel(folder, name, files, f"stand-in for {name} in the Rules Tutor static site",
                      requires)


def notebooks_wheel(notebooks: list[Path], folder: Path) -> Path:
    """The course's notebooks as a wheel installing ``notebooks/`` beside ``widgets/`` in the
    kernel's site-packages, where :func:`widgets.pages.course.notebooks_folder` looks: the course
    in the browser finds its pages by looking, as on a server (the index, the next lesson,
    a page switched to in place), without asking JupyterLite's drive for the folder."""
    return made_wheel(folder, "rules-tutor-notebooks",
                      {f"notebooks/{nb.name}": nb.read_bytes() for nb in notebooks},
                      "the course's notebooks, for the Rules Tutor static site's kernel")


def write_wheel(path: Path, files: dict[str, bytes | str]) -> None:
    """The wheel ``path`` with ``files`` and their RECORD (``wheel``'s WheelFile writes it),
    the same bytes each build; written beside and moved in when complete."""
    saved = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
            with WheelFile(Path(tmp) / path.name, "w") as out:
                for name in sorted(files):
                    if not name.endswith(".dist-info/RECORD"):
                        out.writestr(name, files[name])
            (Path(tmp) / path.name).replace(path)
    finally:
        if saved is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = saved


def gather(cache: Path, python: str, index_url: str | None = None, log=print,
           notebooks: list[Path] = ()) -> tuple[list[Wheel], list[str]]:
    """Every wheel the kernel needs (fetched into the cache where missing), and the
    sentences of what could not be had (empty when all were)."""
    wheels: list[Wheel] = []
    problems: list[str] = []
    wanted = dict(pins.KERNEL)
    for name in pins.SAME_AS_BUILD:
        try:
            wanted[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            problems.append(f"{name} is not installed where the site is built (its front end "
                            "goes into the site): install the site's tools with python3 run.py site")
    for name, version in wanted.items():
        try:
            wheels.append(Wheel(canonical(name), fetch.wheel(name, version, python, cache, index_url)))
        except fetch.Unavailable as exc:
            problems.append(str(exc))
    try:
        for name, path in kernel_extension_wheels().items():
            wheels.append(Wheel(name, path))
    except fetch.Unavailable as exc:
        problems.append(str(exc))
    stubs = cache / "stubs"
    stubs.mkdir(parents=True, exist_ok=True)
    for name, source in pins.STUBS.items():
        wheels.append(Wheel(canonical(name), stub_wheel(name, source, stubs)))
    if notebooks:
        wheels.append(Wheel("rules-tutor-notebooks", notebooks_wheel(list(notebooks), stubs)))
    if not problems:
        try:
            wheels.append(Wheel("rules-tutor", fetch.project_wheel(cache)))
        except fetch.Unavailable as exc:
            problems.append(str(exc))
    return wheels, problems


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise fetch.Unavailable("the kernel cannot be prepared: the build runs Pyodide with Node, "
                                "and node is not installed (apt-get install nodejs)")
    return node


def _run_node(*args: str) -> str:
    ran = subprocess.run([_node(), str(HERE / "pyodide.mjs"), *args], capture_output=True,
                         text=True)
    if ran.returncode != 0:
        raise fetch.Unavailable(f"Pyodide under Node failed ({fetch._last_line(ran.stderr + ran.stdout)})")
    return ran.stdout.strip().splitlines()[-1] if ran.stdout.strip() else ""


def profile(wheels: list[Wheel], runtime: Path, cache: Path, log=print) -> dict:
    """What a visit imports (:mod:`sitebuild.kernel_profile`, run in Pyodide under Node with
    ``wheels`` as they come): ``{"stdlib": [...], "site": [...], "seconds": {...}}``; cached by
    the wheels, the runtime and the profile itself."""
    digest = hashlib.sha256()
    for path in sorted([w.path for w in wheels]) + [runtime / "python_stdlib.zip",
                                                   HERE / "kernel_profile.py"]:
        digest.update(path.name.encode() + _digest(path).encode())
    kept = cache / "profile" / f"{digest.hexdigest()[:16]}.json"
    if kept.is_file():
        return json.loads(kept.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for path in runtime.iterdir():
            if path.is_file():
                shutil.copyfile(path, folder / path.name)
        info = json.loads((runtime / "pyodide-lock.json").read_text())["info"]
        write_lock(wheels, folder, info)
        try:
            found = json.loads(_run_node("profile", str(folder), str(HERE / "kernel_profile.py")))
        except (fetch.Unavailable, ValueError) as exc:
            raise fetch.Unavailable(f"the kernel could not be started under Node to see what it "
                                    f"imports: {exc}") from None
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text(json.dumps(found))
    log(f"  a visit imports {len(found['stdlib'])} modules of the standard library and "
        f"{len(found['site'])} of the wheels (kernel started under Node in "
        f"{sum(found['seconds'].values()):.1f} s)")
    return found


def _compile_trees(runtime: Path, trees: list[tuple[Path, str, list[str]]]) -> None:
    """Compile, in Pyodide under Node, each tree's listed files (paths relative to the tree)
    into sourceless .pyc in their place; ``prefix``: where the tree is in the browser.

    The code has no column ranges (a traceback names the file and the line, with no carets
    under it) and no docstrings (``__doc__`` None, as ``python -OO`` makes it;
    asserts kept) but in :data:`pins.DOCSTRINGS_READ`: together 40% of a .pyc's bytes."""
    spec = [{"dir": str(tree), "prefix": prefix, "compile": files,
             "keep_docs": sorted(pins.DOCSTRINGS_READ)} for tree, prefix, files in trees]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(spec, handle)
    try:
        _run_node("compile", str(runtime), handle.name)
    except fetch.Unavailable as exc:
        raise fetch.Unavailable(f"the kernel's modules cannot be byte-compiled: {exc}") from None
    finally:
        os.unlink(handle.name)


def _key(*parts: str | bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def compile_all(wheels: list[Wheel], pyodide_dir: Path, cache: Path, imported: list[str],
                log=print) -> list[Wheel]:
    """Each wheel with the modules a visit imports (``imported``, paths in site-packages:
    :func:`profile`) as sourceless ``.pyc`` compiled by Pyodide under Node, the rest as source
    (compiled in the browser if ever imported), and without what no kernel reads
    (:func:`shipped`); cached by the wheel, what it imports, the way of compiling (the docstrings
    kept, what only as imported) and the Pyodide version."""
    version = json.loads((pyodide_dir / "pyodide-lock.json").read_text())["info"]["version"]
    folder = cache / "compiled" / f"pyodide-{version}-{COMPILE_VERSION}"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = set(imported)
    done, todo = [], []
    for wheel in wheels:
        with zipfile.ZipFile(wheel.path) as archive:
            mine = sorted(n for n in archive.namelist() if n in wanted)
        key = _key(_digest(wheel.path), *sorted(pins.DOCSTRINGS_READ), *pins.ONLY_IMPORTED, *mine)
        target = folder / key / wheel.path.name
        (done if target.is_file() else todo).append((wheel, target, mine))
    if todo:
        with tempfile.TemporaryDirectory() as tmp:
            trees = []
            for number, (wheel, _target, mine) in enumerate(todo):
                with zipfile.ZipFile(wheel.path) as archive:
                    archive.extractall(Path(tmp) / str(number))
                trees.append((Path(tmp) / str(number), prefixes(pyodide_dir)[0], mine))
            _compile_trees(pyodide_dir, trees)
            for (tree, _prefix, mine), (wheel, target, _mine) in zip(trees, todo):
                files = {}
                for path in sorted(tree.rglob("*")):
                    name = path.relative_to(tree).as_posix()
                    if path.is_file() and shipped(name, wanted):
                        files[name] = path.read_bytes()
                target.parent.mkdir(parents=True, exist_ok=True)
                write_wheel(target, files)
        log(f"  byte-compiled what a visit imports of {len(todo)} wheels with Pyodide's Python")
    return [Wheel(wheel.name, target, wheel.path) for wheel, target, _mine in done + todo]


def compile_stdlib(runtime: Path, cache: Path, imported: list[str], log=print) -> Path:
    """Pyodide's standard library (``python_stdlib.zip``, sources only as the npm package has
    it) with the modules a visit imports as sourceless ``.pyc``, the rest as source (Python
    compiled some 200 modules of it on every visit), but what :data:`pins.STDLIB_LEFT_OUT`
    names and a visit does not import. Cached; returns the zip."""
    zipped = runtime / "python_stdlib.zip"
    target = (cache / "compiled" / f"stdlib-{COMPILE_VERSION}"
              / _key(_digest(zipped), pins.STDLIB_LEFT_OUT, *sorted(pins.DOCSTRINGS_READ), *imported)
              / zipped.name)
    if target.is_file():
        return target
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "stdlib"
        with zipfile.ZipFile(zipped) as archive:
            order = [info.filename for info in archive.infolist()]
            archive.extractall(tree)
        _compile_trees(runtime, [(tree, prefixes(runtime)[1], [n for n in imported if (tree / n).is_file()])])
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        left_out = re.compile(pins.STDLIB_LEFT_OUT)
        wanted = set(imported)
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for name in order:
                if name.endswith("/") or (left_out.search(name) and name not in wanted):
                    continue
                for found in (name, name + "c"):
                    if (tree / found).is_file():
                        info = zipfile.ZipInfo(found, date_time=(2020, 2, 2, 0, 0, 0))
                        info.compress_type = zipfile.ZIP_DEFLATED
                        out.writestr(info, (tree / found).read_bytes())
        partial.replace(target)
    log(f"  byte-compiled {len(imported)} modules of the standard library with Pyodide's Python")
    return target


def _has_modules(path: Path) -> bool:
    """Whether a wheel installs anything Python imports (not the notebooks, not an empty
    stand-in)."""
    with zipfile.ZipFile(path) as archive:
        return any(n.endswith((".py", ".pyc"))
                   and not n.split("/")[0].endswith((".dist-info", ".data"))
                   for n in archive.namelist())


def write_lock(wheels: list[Wheel], pyodide_dir: Path, info: dict) -> dict:
    """``pyodide-lock.json`` for ``wheels`` (copied beside it) and nothing else, for the Pyodide
    whose lock's ``info`` this is. ``pyodide-lock`` reads each wheel's name, version, modules
    (from its sources) and what it requires on Pyodide; a wheel with no module is listed as
    it is. Each needs, of the wheels shipped, what it requires and what :data:`pins.DEPENDS`
    adds (what no metadata says)."""
    lock = PyodideLockSpec(info=InfoSpec(**info), packages={})
    for wheel in wheels:
        if not _has_modules(wheel.path):
            lock.packages[wheel.name] = PackageSpec(
                name=wheel.name, version=str(parse_wheel_filename(wheel.path.name)[1]),
                file_name=wheel.path.name, install_dir="site")
    with tempfile.TemporaryDirectory() as tmp:  # the wheels as they came, side by side
        sources = []
        for wheel in wheels:
            if wheel.name not in lock.packages:
                sources.append(Path(tmp) / wheel.path.name)
                shutil.copyfile(wheel.source or wheel.path, sources[-1])
        lock = add_wheels_to_spec(lock, sources, base_path=Path(tmp),
                                  ignore_missing_dependencies=True)
    names = {w.name for w in wheels}
    for wheel in wheels:
        package = lock.packages[wheel.name]
        shutil.copyfile(wheel.path, pyodide_dir / wheel.path.name)
        update_package_sha256(package, pyodide_dir / wheel.path.name)
        needs = [canonical(d) for d in package.depends + pins.DEPENDS.get(wheel.name, [])]
        package.depends = [d for d in dict.fromkeys(needs) if d in names and d != wheel.name]
    lock.to_json(pyodide_dir / "pyodide-lock.json", indent=1)
    return lock.model_dump()
