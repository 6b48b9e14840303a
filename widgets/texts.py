"""The apps' own texts (buttons, headings, messages), kept as data in texts.toml.

>>> text("step_of", index=2, last=5)
'Step 2 of 5'
>>> text("trapper.coins", money=26)  # a view's texts live in a table named after its game
'26 coins'
"""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path


@cache
def _texts() -> dict[str, str]:
    return tomllib.loads((Path(__file__).parent / "texts.toml").read_text(encoding="utf-8"))


def text(key: str, **params: object) -> str:
    """The text called ``key`` (``table.key`` inside a table), ``{placeholders}`` filled."""
    found = _texts()
    for part in key.split("."):
        found = found[part]
    return found.format(**params)
