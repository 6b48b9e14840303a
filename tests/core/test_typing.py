"""The contract is typed: mypy in strict mode passes on the typed packages.

The packages are listed in ``pyproject.toml`` (``[tool.mypy] files``): ``tutor/core`` and
``examples`` today; each game joins when its package is converted to the one shape.
"""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict_passes_on_the_typed_packages():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["strict"] is True and "tutor/core" in config["files"]
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
