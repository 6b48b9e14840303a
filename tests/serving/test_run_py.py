"""run.py repairs a .venv whose installed project is not this folder (moved, copied, or
another clone's) instead of failing with an import error; and it keeps what an editable
install does not follow by itself current: the compiled catalogs, the page template."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode == 0 and listed.stdout.strip():
        return listed.stdout.split()
    return [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")  # not a git checkout
            if p.is_file() and ".venv" not in p.parts and ".git" not in p.parts]


def load_run_py(folder: Path):
    spec = importlib.util.spec_from_file_location(f"run_{folder.name}", folder / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tutor_location(python: Path, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(python), "-c", "import tutor; print(tutor.__file__)"],
                          cwd=cwd, capture_output=True, text=True)


def copy_checkout(target: Path) -> None:
    """The files a clone has, without the notebooks, tests and docs."""
    for name in (n for n in tracked_files()
                 if n.startswith(("tutor/", "widgets/", "share/", "i18nbuild/"))
                 or n in ("pyproject.toml", "setup.py", "MANIFEST.in", "run.py", "README.md")):
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)


def test_a_moved_checkout_gets_its_install_repaired(tmp_path):
    first, moved = tmp_path / "first", tmp_path / "moved"
    copy_checkout(first)
    subprocess.run([sys.executable, "-m", "venv", str(first / ".venv")], check=True)
    python = first / ".venv" / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "--no-deps", "-e", str(first)], check=True, capture_output=True)
    run = load_run_py(first)
    digest = run.hashlib.sha256((first / "pyproject.toml").read_bytes()).hexdigest()[:16]
    (first / ".venv" / f".installed-app-{digest}").touch()  # its dependencies count as there
    assert run.installed_from() == first

    shutil.move(first, moved)  # the checkout moves: the .venv still points at `first`
    broken = tutor_location(moved / ".venv" / "bin" / "python", tmp_path)
    assert broken.returncode != 0 and "ModuleNotFoundError" in broken.stderr

    run = load_run_py(moved)
    assert run.installed_from() != moved
    run.ensure("app")
    fixed = tutor_location(moved / ".venv" / "bin" / "python", tmp_path)
    assert fixed.returncode == 0, fixed.stderr
    assert Path(fixed.stdout.strip()).resolve().is_relative_to(moved.resolve())
    assert run.installed_from() == moved.resolve()
    # the editable install compiled the catalogs in place (this .venv has no Babel: run.py
    # could not have), and run.py put the template where Voila looks (<prefix>/share/jupyter)
    pos = sorted(moved.glob("*/locale/*/LC_MESSAGES/*.po")) + \
        sorted(moved.glob("tutor/*/locale/*/LC_MESSAGES/*.po"))
    assert len(pos) == 12 and all(po.with_suffix(".mo").is_file() for po in pos)
    installed = moved / ".venv" / run.TEMPLATE / "index.html.j2"
    assert installed.read_bytes() == (moved / run.TEMPLATE / "index.html.j2").read_bytes()


def test_run_py_compiles_a_changed_catalog_and_only_then(tmp_path, capsys):
    copy_checkout(tmp_path)
    for mo in tmp_path.rglob("*.mo"):  # as a clone has them: none (copied from a non-git tree)
        mo.unlink()
    run = load_run_py(tmp_path)
    run.BIN = tmp_path / "bin"  # this interpreter (its venv); `-m tutor` from the copy's folder
    run.BIN.mkdir()
    (run.BIN / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (run.BIN / "python").chmod(0o755)
    run.compile_catalogs()
    said = capsys.readouterr()
    assert "Compiling 12 translation catalog(s)" in said.out and said.err == ""
    po = tmp_path / "tutor" / "core" / "locale" / "nl" / "LC_MESSAGES" / "core.po"
    mo = po.with_suffix(".mo")
    assert mo.is_file() and not run_is_stale(po)
    run.compile_catalogs()  # nothing changed: nothing compiled, no interpreter started
    assert capsys.readouterr().out == ""
    earlier = po.stat().st_mtime - 5  # the .po was edited after the last compile
    os.utime(mo, (earlier, earlier))
    run.compile_catalogs()
    assert "Compiling 1 translation catalog(s)" in capsys.readouterr().out
    assert mo.stat().st_mtime >= po.stat().st_mtime


def run_is_stale(po: Path) -> bool:
    return po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime


def test_run_py_keeps_the_venvs_page_template_the_same_as_the_checkouts(tmp_path):
    source = tmp_path / "share" / "jupyter" / "voila" / "templates" / "tutor"
    source.mkdir(parents=True)
    (source / "index.html.j2").write_text("new page")
    (source / "conf.json").write_text("{}")
    modules = tmp_path / "widgets" / "static"  # the page loads them from the template's static/
    modules.mkdir(parents=True)
    (modules / "app.js").write_text("export default {};")
    (modules / "page.css").write_text("p {}")
    (modules / "notes.txt").write_text("not served")
    shutil.copy2(ROOT / "run.py", tmp_path / "run.py")
    run = load_run_py(tmp_path)
    copy = tmp_path / ".venv" / run.TEMPLATE
    (copy / "static").mkdir(parents=True)
    (copy / "index.html.j2").write_text("old page")  # what pip installed before the change
    (copy / "gone.html.j2").write_text("a file the checkout no longer has")
    (copy / "static" / "gone.js").write_text("a module the checkout no longer has")
    run.copy_template()
    assert sorted(p.name for p in copy.iterdir()) == ["conf.json", "index.html.j2", "static"]
    assert sorted(p.name for p in (copy / "static").iterdir()) == ["app.js", "page.css"]
    assert (copy / "static" / "app.js").read_text() == "export default {};"
    assert (copy / "index.html.j2").read_text() == "new page"
    assert (source / "index.html.j2").read_text() == "new page"  # the source is never touched


def test_run_py_byte_compiles_the_project_where_python_would_not(tmp_path, monkeypatch):
    """With ``PYTHONDONTWRITEBYTECODE`` set (this machine's image, many CI images) Python never
    caches what it compiles: every kernel compiled tutor/ and widgets/ again. run.py does it
    once, and again only for a module that changed."""
    for package, module in (("tutor", "engine"), ("widgets", "view")):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
        (tmp_path / package / f"{module}.py").write_text("ANSWER = 42\n")
    run = load_run_py(ROOT)
    monkeypatch.setattr(run, "ROOT", tmp_path)
    monkeypatch.setattr(run, "BIN", Path(sys.executable).parent)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    subprocess.run([sys.executable, "-c", "import tutor.engine, widgets.parts.view"], cwd=tmp_path,
                   check=True)
    assert not list(tmp_path.rglob("*.pyc")), "this interpreter caches after all: no case"
    run.compile_code()
    cached = sorted(p.name for p in tmp_path.rglob("*.pyc"))
    assert len(cached) == 4 and any(name.startswith("engine.") for name in cached), cached
    engine = next(tmp_path.rglob("engine.*.pyc"))
    before = engine.read_bytes()
    source = tmp_path / "tutor" / "engine.py"
    source.write_text("ANSWER = 43  # changed\n")
    later = source.stat().st_mtime + 5  # edited later (compileall compares whole seconds; an
    os.utime(source, (later, later))    # import compares the size too, so never runs stale code)
    run.compile_code()
    assert engine.read_bytes() != before, "a changed module is compiled again"


def test_the_app_prints_the_address_it_serves_whichever_way_the_port_is_given(tmp_path, monkeypatch,
                                                                               capsys):
    """``python3 run.py app --port 8899`` served 8899 and printed the default 8866."""
    import run
    ran = []
    monkeypatch.setattr(run, "ensure", lambda what: None)
    monkeypatch.setattr(run.subprocess, "call", lambda command, **kw: ran.append(command) or 0)
    for args in (["--port", "8899"], ["--port=8899"], ["--Voila.port=8899"]):
        run.app(args)
        assert "http://localhost:8899/" in capsys.readouterr().out, args
        assert not any(a.startswith("--port=") and a != "--port=8899" for a in ran[-1]), ran[-1]
    run.app([])
    assert f"http://localhost:{run.PORT}/" in capsys.readouterr().out
    assert f"--port={run.PORT}" in ran[-1]
