"""The static site's build fails with one clear sentence when Pyodide or a wheel cannot be
had, and leaves no half-written site (the previous site stays as it was).

No network is needed to fail: the registries are pointed at a closed port on this machine
and the download cache is empty.
"""
from __future__ import annotations

import socket
import subprocess
import sys
import zipfile
from pathlib import Path

from sitebuild import build, pins, wheels

ROOT = Path(__file__).resolve().parents[2]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # closed again when the block ends: nothing listens


def run_site(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    dead = f"http://127.0.0.1:{closed_port()}"
    return subprocess.run(
        [sys.executable, "-m", "sitebuild", "--out", str(tmp_path / "site"),
         "--cache", str(tmp_path / "cache"), "--npm-registry", dead,
         "--index-url", f"{dead}/simple", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_unreachable_registries_fail_in_one_sentence_and_leave_the_previous_site(tmp_path):
    old = tmp_path / "site"
    old.mkdir()
    (old / "index.html").write_text("the site built yesterday")
    done = run_site(tmp_path)
    assert done.returncode == 1
    said = done.stderr.strip().splitlines()
    assert len(said) == 1, done.stderr
    sentence = said[0]
    assert sentence.startswith("The static site cannot be built:")
    assert f"Pyodide {pins.PYODIDE} cannot be had from the npm registry" in sentence
    assert "the wheel ipython==" in sentence and "cannot be had from the package index" in sentence
    assert "Traceback" not in done.stderr + done.stdout
    # the previous site as it was, nothing half-made beside it (the build works in a
    # temporary folder there)
    assert (old / "index.html").read_text() == "the site built yesterday"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "site"]
    assert sorted(p.name for p in old.iterdir()) == ["index.html"]
    # and nothing half-downloaded in the cache (a download is moved in when complete)
    assert not [p for p in (tmp_path / "cache").rglob("tmp*")]
    assert not list((tmp_path / "cache").rglob("*.tgz"))


def test_the_lock_lists_each_wheel_with_what_it_needs(tmp_path):
    made = []
    # what ipython requires, as its metadata says: one shipped, one not, one shipped but not
    # required on Pyodide; sqlite3 from pins.DEPENDS (a module of Python: no metadata names it)
    requires = {"ipython": ("traitlets>=5", "decorator", 'pexpect; sys_platform != "emscripten"')}
    for name in ("ipython", "traitlets", "sqlite3", "pexpect"):
        path = wheels.stub_wheel(name, "X = 1\n", tmp_path, requires.get(name, ()))
        made.append(wheels.Wheel(name, path))
    served = tmp_path / "served"
    served.mkdir()
    info = {"arch": "wasm32", "platform": "emscripten_3_1_58", "version": "0.27.6", "python": "3.12.7"}
    lock = wheels.write_lock(made, served, info)
    ipython = lock["packages"]["ipython"]
    # what ipython needs of the shipped wheels, and nothing that is not shipped
    assert ipython["depends"] == ["traitlets", "sqlite3"]
    assert ipython["imports"] == ["ipython"]
    assert (served / ipython["file_name"]).is_file()
    with zipfile.ZipFile(served / ipython["file_name"]) as archive:
        assert "ipython/__init__.py" in archive.namelist()
        assert any(n.endswith(".dist-info/RECORD") for n in archive.namelist())


def shipped_names() -> list[str]:
    """The wheels a build ships, by name (what gather() returns, without downloading)."""
    return [wheels.canonical(n) for n in (*pins.KERNEL, *pins.SAME_AS_BUILD, *pins.STUBS,
                                          *wheels.kernel_extension_wheels(), "rules-tutor")]


def test_every_package_the_installed_kernel_installs_at_start_is_preloaded():
    """The Pyodide kernel installs at start, from the network, any of its packages it does
    not find, spelled its way, in loadPyodideOptions.packages: offline it failed on 'ssl' and
    never answered (the page showed its first paint for ever). Read from the installed
    kernel's own script, so a new kernel's list is checked too."""
    started = wheels.kernel_start_packages()
    assert {"ssl", "sqlite3", "pyodide_kernel", "ipython"} <= set(started)
    config = build.lite_config(shipped_names())
    settings = config["jupyter-config-data"]["litePluginSettings"][build.KERNEL_PLUGIN]
    for checked in started:
        assert checked in settings["loadPyodideOptions"]["packages"], checked
    assert build.unshipped_start_packages(shipped_names()) == []
    assert build.unshipped_start_packages(["ipython"]) == [n for n in started if n != "ipython"]
    assert settings["disablePyPIFallback"] is True
    assert settings["pyodideUrl"].endswith("static/pyodide/pyodide.js")
