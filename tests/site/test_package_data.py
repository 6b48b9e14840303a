"""The project's wheel carries every data file the engine and the widgets read: the static
site's kernel (and any install that is not an editable one) has nothing else. Canyon's boards
(tutor/canyon/maps/*.txt) were left out, and every Canyon page of the static site said "no
built-in map 'default'"."""
from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: files that are not data: code, and the catalogs' sources and compiled forms (setup.py
#: compiles each .po into the wheel's .mo)
NOT_DATA = (".py", ".pyc", ".po", ".pot", ".mo")


def packaged(path: Path, patterns: dict[str, list[str]]) -> bool:
    """Whether setuptools' package-data ``patterns`` put ``path`` (a file under a package)
    into the wheel, as setuptools reads them: relative to the package's own folder."""
    package = path.parent
    while not (package / "__init__.py").is_file():
        package = package.parent
    name = ".".join(package.relative_to(ROOT).parts)
    inside = path.relative_to(package).as_posix()
    wanted = patterns.get("*", []) + patterns.get(name, [])
    return any(fnmatch.fnmatch(inside, pattern) for pattern in wanted)


def test_every_data_file_of_the_engine_and_widgets_is_in_the_wheel():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]
    left_out = [path.relative_to(ROOT).as_posix()
                for top in ("tutor", "widgets")
                for path in sorted((ROOT / top).rglob("*"))
                if path.is_file() and not path.name.endswith(NOT_DATA)
                and "__pycache__" not in path.parts and "site" not in path.relative_to(ROOT).parts[1:2]
                and not packaged(path, patterns)]
    assert left_out == []
