"""Whole pages the server sends itself (not a notebook's): Jinja templates in ``templates/``,
escaped by default, filled in the reader's language by the caller.

>>> page = render("full.html.j2", lang="nl", title="Vol <3>", sentence="Probeer het later.")
>>> '<html lang="nl">' in page and "<title>Vol &lt;3&gt;</title>" in page
True
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

TEMPLATES = Path(__file__).resolve().parent / "templates"


@cache
def _environment() -> Any:
    import jinja2  # the server's (Voila's); never a kernel's

    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True)


def render(name: str, **values: Any) -> str:
    """The page ``templates/<name>`` with ``values``."""
    return _environment().get_template(name).render(**values)
