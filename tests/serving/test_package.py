"""What ``pip wheel .`` and ``pip install .`` make of a fresh clone: a package that carries its
compiled catalogs (and not their ``.po`` sources) and runs without Babel (the static site's
Pyodide wheel is this wheel), with the Voila page template installed where Voila looks for
templates (``<prefix>/share/jupyter/voila/templates/tutor``)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = Path("share", "jupyter", "voila", "templates", "tutor")


def clone_files() -> list[str]:
    """The files a clone of this checkout has (tracked, and new ones not ignored)."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0 or not listed.stdout.strip():
        pytest.fail("the package test builds from this checkout's files: needs git", False)
    return [name for name in listed.stdout.splitlines() if (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    """The wheel ``pip wheel`` builds from a copy of the clone's files (no .mo among them),
    with setuptools and Babel in pip's isolated build environment, as a user's pip does."""
    source, out = tmp_path_factory.mktemp("clone"), tmp_path_factory.mktemp("wheel")
    for name in clone_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        try:
            shutil.copy2(ROOT / name, source / name)
        except FileNotFoundError:  # a new file another test's run removed after the listing
            continue
    assert not list(source.rglob("*.mo"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                            "--disable-pip-version-check", "-w", str(out), str(source)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout + built.stderr
    (found,) = out.glob("rules_tutor-*.whl")
    with zipfile.ZipFile(found) as opened:
        yield opened


def test_the_wheel_carries_every_compiled_catalog_and_no_po(wheel):
    names = wheel.namelist()
    pos = [p.relative_to(ROOT).as_posix() for p in
           sorted(ROOT.glob("tutor/*/locale/*/LC_MESSAGES/*.po"))
           + sorted(ROOT.glob("widgets/locale/*/LC_MESSAGES/*.po"))]
    assert len(pos) == 12
    assert sorted(n for n in names if n.endswith(".mo")) == sorted(
        p.removesuffix(".po") + ".mo" for p in pos)
    assert not [n for n in names if n.endswith(".po")]


def test_the_wheel_installs_the_page_template_where_voila_looks(wheel):
    shipped = {n.split("/data/", 1)[1]: n for n in wheel.namelist() if ".data/data/" in n}
    wanted = {p.relative_to(ROOT).as_posix(): p for p in (ROOT / TEMPLATE).rglob("*")
              if p.is_file()}
    # the page's modules and styles go into the template's static folder, where the page
    # loads them by URL (widgets/parts/frontend.py)
    wanted |= {f"{TEMPLATE}/static/{p.name}": p for p in (ROOT / "widgets" / "static").glob("*")
               if p.suffix in (".js", ".css")}
    assert shipped.keys() == wanted.keys()
    for name, path in wanted.items():
        assert wheel.read(shipped[name]) == path.read_bytes()


_KERNEL = r"""
import json, sys
sys.modules["babel"] = None  # as on Pyodide: no Babel
from tutor.core import i18n
from tutor.trapper import GAME
assert i18n.__file__.startswith(sys.argv[1]), i18n.__file__
texts = {}
for lang in ("nl", "it"):
    with i18n.using(lang):
        texts[lang] = [i18n.points(2), GAME.rules["trapper.take"].title]
print(json.dumps({"texts": texts, "fallbacks": i18n.fallbacks()}))
"""


def test_the_unpacked_wheel_speaks_dutch_and_italian_without_babel(wheel, tmp_path):
    site = tmp_path / "site-packages"
    wheel.extractall(site)
    ran = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, "
                          f"{str(site)!r}); exec({_KERNEL!r})", str(site)],
                         cwd=tmp_path, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    found = json.loads(ran.stdout)
    assert found == {"texts": {"nl": ["2 punten", "Een buitkaartje nemen"],
                               "it": ["2 punti", "Prendere una tessera Bottino"]},
                     "fallbacks": []}
