"""Compiled catalogs: made on first use from a fresh clone, never stale, never committed, and
no Babel on a kernel's hot path."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.core import i18n
from tutor.core.i18n import points, translator, using

ROOT = Path(i18n.__file__).resolve().parents[2]


def test_a_fresh_clone_compiles_on_first_use_beside_the_po(core_copy):
    assert not list(core_copy.rglob("*.mo"))
    T = translator("core", core_copy)
    with using("nl"):
        assert T.n_("{n} point", "{n} points", 2) == "2 punten"
    mo = core_copy / "nl" / "LC_MESSAGES" / "core.mo"
    assert mo.is_file()
    digest = i18n.po_digest(mo.with_suffix(".po").read_bytes())
    assert i18n._read_mo(mo, digest) is not None  # it carries the digest of its .po


def test_an_edited_po_is_compiled_again_and_the_old_mo_is_not_read(core_copy):
    T = translator("core", core_copy)
    with using("nl"):
        assert T._("saved game") == "opgeslagen spel"
    po = core_copy / "nl" / "LC_MESSAGES" / "core.po"
    po.write_text(po.read_text(encoding="utf-8").replace('"opgeslagen spel"',
                                                         '"bewaard spel"'), encoding="utf-8")
    i18n.reload()  # a new kernel
    with using("nl"):
        assert T._("saved game") == "bewaard spel"


def test_a_read_only_package_folder_compiles_into_the_cache(core_copy, tmp_path, monkeypatch):
    if os.geteuid() == 0:  # root writes anywhere: make the place beside the .po unusable
        monkeypatch.setattr(i18n, "_write_atomic", _refuse_beside(i18n._write_atomic))
    else:
        for folder in core_copy.rglob("LC_MESSAGES"):
            folder.chmod(0o555)
    cache = tmp_path / "cache"
    monkeypatch.setenv("TUTOR_LOCALE_CACHE", str(cache))
    T = translator("core", core_copy)
    with using("it"):
        assert T._("saved game") == "partita salvata"
    assert not list(core_copy.rglob("*.mo"))
    cached = list(cache.glob("core-it-*.mo"))
    assert len(cached) == 1
    i18n.reload()
    monkeypatch.setattr(i18n, "compile_po", _fail)  # the next kernel reads the cache
    with using("it"):
        assert T._("saved game") == "partita salvata"


def _refuse_beside(write):
    def guarded(path, data):
        return False if path.suffix == ".mo" and path.parent.name == "LC_MESSAGES" else write(
            path, data)
    return guarded


def _fail(*args, **kwargs):
    raise AssertionError("compiled again although a compiled catalog was there")


def test_without_babel_a_missing_mo_means_english_never_an_error(core_copy, monkeypatch,
                                                                 warnings):
    def no_babel(*args, **kwargs):
        raise ModuleNotFoundError("No module named 'babel'")

    monkeypatch.setattr(i18n, "compile_po", no_babel)
    with using("nl"):
        assert translator("core", core_copy)._("saved game") == "saved game"
    assert any("cannot compile" in r.getMessage() for r in warnings.records)


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
def rss():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS")) / 1024
start = rss()
import tutor.core.i18n as i18n
imported = rss()
babel_on_import = "babel" in sys.modules
with i18n.using("nl"):
    text = i18n.points(2)
print(json.dumps({"babel_on_import": babel_on_import, "babel_after_use": "babel" in sys.modules,
                  "text": text, "start": start, "imported": imported, "used": rss()}))
"""


def test_importing_and_using_i18n_in_a_kernel_does_not_load_babel(tmp_path):
    env = {**os.environ, "TUTOR_LOCALE_CACHE": str(tmp_path)}
    subprocess.run([sys.executable, "-m", "tutor", "i18n", "compile", "--domain", "core"],
                   cwd=ROOT, env=env, check=True, capture_output=True)
    run = subprocess.run([sys.executable, "-c", _KERNEL], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True)
    found = json.loads(run.stdout)
    assert found["text"] == "2 punten"
    assert found["babel_on_import"] is False
    assert found["babel_after_use"] is False
    print(f"RSS: start {found['start']:.1f} MB, import {found['imported'] - found['start']:+.1f}"
          f" MB, first Dutch text {found['used'] - found['imported']:+.1f} MB")


def test_compile_command_writes_every_mo_beside_its_po(tmp_path, monkeypatch):
    from tutor.core import i18n_build

    target = tmp_path / "tutor-core-locale"
    shutil.copytree(i18n_build.TUTOR / "core" / "locale", target,
                    ignore=shutil.ignore_patterns("*.mo", "*.pot"))
    monkeypatch.setattr(i18n_build, "domains",
                        lambda: {"core": i18n_build.Domain("core", target)})
    assert i18n_build.main(["compile"]) == 0
    assert sorted(p.parent.parent.name for p in target.rglob("core.mo")) == ["it", "nl"]
    with using("it"):
        assert translator("core", target)._("saved game") == "partita salvata"


@pytest.mark.parametrize("lang, expected", [("nl", "1 punt"), ("it", "1 punto")])
def test_the_shipped_package_catalogs_work(lang, expected):
    with using(lang):
        assert points(1) == expected
