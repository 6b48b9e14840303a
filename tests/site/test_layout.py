"""The static-site builder is its own package, ``sitebuild``, apart from what the kernel
imports: a plain install has it (with the files it runs besides Python), the wheel the site
ships as the kernel's has none of it, and neither the engine nor the views import it."""
from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from sitebuild import fetch

ROOT = Path(__file__).resolve().parents[2]


#: what a plain install is made of (the sdist's contents)
PLAIN = ("tutor", "widgets", "sitebuild", "i18nbuild", "share", "pyproject.toml", "setup.py",
         "MANIFEST.in", "babel.cfg", "README.md")


def wheel_of(tops: tuple[str, ...], folder: Path) -> list[str]:
    """The names in the wheel ``pip wheel`` makes of a copy of ``tops`` of this clone."""
    copy = folder / "src"
    for top in tops:
        if (ROOT / top).is_dir():
            shutil.copytree(ROOT / top, copy / top,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo"))
        elif (ROOT / top).is_file():
            shutil.copyfile(ROOT / top, copy / top)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--disable-pip-version-check", "-q", "-w", str(folder / "out"), str(copy)],
                   check=True, capture_output=True)
    [made] = (folder / "out").glob("*.whl")
    return zipfile.ZipFile(made).namelist()


def test_a_plain_install_has_the_builder_and_the_sites_kernel_wheel_has_none_of_it(tmp_path):
    plain = wheel_of(PLAIN, tmp_path / "plain")
    # the builder with what it runs besides Python (Pyodide under Node, the service worker)
    for name in ("sitebuild/__main__.py", "sitebuild/build.py", "sitebuild/pyodide.mjs",
                 "sitebuild/service-worker.js"):
        assert name in plain, name
    kernel = zipfile.ZipFile(fetch.project_wheel(tmp_path / "cache")).namelist()
    packages = {n.split("/")[0] for n in kernel if ".dist-info/" not in n and ".data/" not in n}
    assert packages == {"tutor", "widgets"}
    assert "widgets/app.py" in kernel and not [n for n in kernel if "sitebuild" in n]


def test_the_engine_and_the_views_never_import_the_builder():
    found = []
    for path in sorted([*(ROOT / "tutor").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names
                      if n.split(".")[0] == "sitebuild"]
    assert found == []
    assert not (ROOT / "widgets" / "site").exists()
