"""The wheels the site's build makes and the lock it writes, through the libraries that do it
(``wheel``, ``pyodide-lock``): nothing downloaded, nothing run in Pyodide."""
from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pkginfo
from pyodide_lock import PyodideLockSpec
from wheel.wheelfile import WheelFile

from sitebuild import wheels

ROOT = Path(__file__).resolve().parents[2]
#: Pyodide 0.27.6's own lock's info (its npm package's pyodide-lock.json)
INFO = {"abi_version": "2024_0", "arch": "wasm32", "platform": "emscripten_3_1_58",
        "python": "3.12.7", "version": "0.27.6"}


def test_a_wheel_made_here_is_the_same_bytes_each_time_and_its_record_holds(tmp_path):
    made = []
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        made.append(wheels.stub_wheel("sqlite3", "X = 1\n", tmp_path / folder, ("traitlets>=5",)))
    assert made[0].name == "sqlite3-1.0-py3-none-any.whl"  # the lock keys it as the kernel asks
    assert made[0].read_bytes() == made[1].read_bytes()  # the caches are keyed by the bytes
    with WheelFile(made[0]) as archive:  # reading checks each file against its RECORD line
        assert archive.read("sqlite3/__init__.py") == b"X = 1\n"
        assert sorted(archive.namelist()) == ["sqlite3-1.0.dist-info/METADATA",
                                              "sqlite3-1.0.dist-info/RECORD",
                                              "sqlite3-1.0.dist-info/WHEEL", "sqlite3/__init__.py"]
    metadata = pkginfo.Wheel(str(made[0]))  # as pyodide-lock reads it
    assert (metadata.name, metadata.version, list(metadata.requires_dist)) == ("sqlite3", "1.0", ["traitlets>=5"])


def test_the_lock_lists_wheels_without_modules_and_what_needs_them(tmp_path):
    made = [wheels.Wheel("jedi", wheels.stub_wheel("jedi", None, tmp_path)),
            wheels.Wheel("ipython", wheels.stub_wheel("ipython", "X = 1\n", tmp_path, ("jedi>=0.16",))),
            wheels.Wheel("rules-tutor-notebooks",
                         wheels.notebooks_wheel(sorted((ROOT / "notebooks").glob("*.ipynb"))[:2], tmp_path))]
    served = tmp_path / "served"
    served.mkdir()
    wheels.write_lock(made, served, INFO)
    # the file as Pyodide 0.27 reads it: its info (the version is checked), every wheel there
    written = json.loads((served / "pyodide-lock.json").read_text())
    assert written["info"] == INFO
    lock = PyodideLockSpec.from_json(served / "pyodide-lock.json")
    assert sorted(lock.packages) == ["ipython", "jedi", "rules-tutor-notebooks"]
    assert lock.packages["jedi"].imports == [] and lock.packages["rules-tutor-notebooks"].imports == []
    assert lock.packages["ipython"].depends == ["jedi"]
    for package in lock.packages.values():
        assert (served / package.file_name).is_file()
        assert package.sha256 == wheels._digest(served / package.file_name)
    with zipfile.ZipFile(served / lock.packages["rules-tutor-notebooks"].file_name) as archive:
        assert any(n.startswith("notebooks/") and n.endswith(".ipynb") for n in archive.namelist())
