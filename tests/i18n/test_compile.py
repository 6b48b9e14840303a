"""Compiled catalogs: made by the build, run.py and `i18nbuild compile`, read with the standard
library's gettext, never stale without saying so, never committed, no Babel in a kernel."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from i18nbuild import catalogs as build
from i18nbuild.__main__ import main as i18nbuild_main
from tutor.core import i18n
from tutor.core.i18n import points, translator, using
from i18nbuild.compile import catalogs, compile_catalog, is_stale

ROOT = Path(i18n.__file__).resolve().parents[2]


def test_every_catalog_of_this_checkout_is_compiled_and_current():
    """What the pages read: a .po newer than its .mo would show English. run.py compiles
    them before the tests; a CI that skipped it fails here, saying how."""
    found = catalogs(ROOT / "tutor", ROOT / "widgets")
    domains = build.domains()
    assert sorted(found) == sorted(d.po(lang) for d in domains.values() for lang in d.languages())
    assert len(found) == 2 * len(domains) == 12
    stale = [str(po.relative_to(ROOT)) for po in found if is_stale(po)]
    assert not stale, f"not compiled, or older than the .po: {stale}; {i18n.HOW}"


def test_a_po_without_its_mo_is_english_and_the_log_says_how_to_compile(core_copy, warnings):
    assert not list(core_copy.rglob("*.mo"))  # a fresh clone that nobody compiled
    T = translator("core", core_copy)
    with using("nl"):
        assert T.n_("{n} point", "{n} points", 2) == "2 points"
        assert T._("saved game") == "saved game"
    logged = [r.getMessage() for r in warnings.records]
    assert len(logged) == 1, logged  # once for the catalog, not once per text
    assert "run.py" in logged[0] and "python -m i18nbuild compile" in logged[0]
    compile_catalog(core_copy / "nl" / "LC_MESSAGES" / "core.po")
    i18n.reload()  # a new kernel
    with using("nl"):
        assert T.n_("{n} point", "{n} points", 2) == "2 punten"


def test_a_mo_older_than_its_po_is_read_and_said_to_be_maybe_stale(core_copy, warnings):
    """A .mo older than its .po was refused: every text in English, though the file times may
    say nothing of the catalog's age (a git checkout, a wheel, a copy that did not keep them).
    It is read, and the log says once that it may be stale."""
    po = core_copy / "nl" / "LC_MESSAGES" / "core.po"
    compile_catalog(po)
    T = translator("core", core_copy)
    with using("nl"):
        assert T._("saved game") == "opgeslagen spel"
    po.write_text(po.read_text(encoding="utf-8").replace('"opgeslagen spel"',
                                                         '"bewaard spel"'), encoding="utf-8")
    earlier = po.stat().st_mtime - 5  # the .mo was compiled before this edit
    os.utime(po.with_suffix(".mo"), (earlier, earlier))
    i18n.reload()
    with using("nl"):  # the last compiled translation, not English
        assert T._("saved game") == "opgeslagen spel"
        assert T.n_("{n} point", "{n} points", 2) == "2 punten"
    stale = [r.getMessage() for r in warnings.records if "older than" in r.getMessage()]
    assert len(stale) == 1 and "core.po" in stale[0] and "i18nbuild compile" in stale[0], stale
    compile_catalog(po)
    i18n.reload()
    with using("nl"):
        assert T._("saved game") == "bewaard spel"


def test_compile_writes_what_changed_and_force_writes_everything(core_copy, monkeypatch):
    monkeypatch.setattr(build, "domains",
                        lambda: {"core": build.Domain("core", core_copy)})
    out = io.StringIO()
    assert build.compile_all(out=out) == 0
    assert sorted(p.parent.parent.name for p in core_copy.rglob("core.mo")) == ["it", "nl"]
    assert "2 compiled, 0 up to date" in out.getvalue()
    out = io.StringIO()
    build.compile_all(out=out)
    assert "0 compiled, 2 up to date" in out.getvalue()
    assert i18nbuild_main(["compile", "--force"]) == 0
    with using("it"):
        assert translator("core", core_copy)._("saved game") == "partita salvata"


def test_a_po_that_does_not_parse_stops_the_compile(tmp_path):
    from babel.messages.pofile import PoFileError

    po = tmp_path / "nl" / "LC_MESSAGES" / "demo.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "A"\nmsgstr "B"\n#-#-#-#-# a merge conflict\n', encoding="utf-8")
    with pytest.raises(PoFileError):
        compile_catalog(po)
    assert not po.with_suffix(".mo").exists() and not list(po.parent.glob(".*part"))


def test_compiled_catalogs_are_never_committed():
    tracked = subprocess.run(["git", "ls-files", "*.mo", "**/*.mo", "*.pot", "**/*.pot"],
                             cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0:  # not a git checkout (an sdist): the ignore file still says it
        lines = (ROOT / ".gitignore").read_text().split()
        assert "*.mo" in lines and "*.pot" in lines
        return
    assert tracked.stdout.strip() == ""
    ignored = subprocess.run(["git", "check-ignore", "-q",
                              "tutor/core/locale/nl/LC_MESSAGES/core.mo"], cwd=ROOT)
    assert ignored.returncode == 0
    assert sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("tutor/core/locale/*/*/*.po")
                  ) == ["tutor/core/locale/it/LC_MESSAGES/core.po",
                        "tutor/core/locale/nl/LC_MESSAGES/core.po"]


_KERNEL = r"""
import json, sys
sys.modules["babel"] = None  # a kernel with no Babel installed: importing it fails
def rss():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS")) / 1024
start = rss()
import tutor.core.i18n as i18n
imported = rss()
with i18n.using("nl"):
    text = i18n.points(2)
from tutor.trapper import GAME
with i18n.using("it"):
    rule = GAME.rules["trapper.canoe.full"].title
print(json.dumps({"text": text, "rule": rule, "fallbacks": i18n.fallbacks(),
                  "start": start, "imported": imported, "used": rss()}))
"""


def test_a_kernel_translates_with_the_standard_library_alone():
    run = subprocess.run([sys.executable, "-c", _KERNEL], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    assert found["text"] == "2 punten"
    assert found["rule"] == "Una canoa completa viene venduta subito"
    assert found["fallbacks"] == []
    print(f"RSS: start {found['start']:.1f} MB, import {found['imported'] - found['start']:+.1f}"
          f" MB, first Dutch text {found['used'] - found['imported']:+.1f} MB")


@pytest.mark.parametrize("lang, expected", [("nl", "1 punt"), ("it", "1 punto")])
def test_the_shipped_package_catalogs_work(lang, expected):
    with using(lang):
        assert points(1) == expected
