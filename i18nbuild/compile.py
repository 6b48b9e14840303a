"""Compiling the translation catalogs: each ``locale/<lang>/LC_MESSAGES/<domain>.po`` into the
``.mo`` that :mod:`tutor.core.i18n` reads with the standard library's :mod:`gettext`.

Three callers, one rule ("a ``.mo`` is stale when it is missing or older than its ``.po``"):

* the package build (``setup.py``): ``pip wheel .`` and ``pip install .`` compile every
  catalog into the wheel, and an editable install (``pip install -e .``) compiles the stale
  ones in place; Babel is a build requirement, never a run-time one;
* ``run.py`` for the editable install it makes, each time it starts (nothing to do, and no
  Babel imported, when nothing changed);
* ``python -m i18nbuild compile`` (``--force``: every catalog).

This module imports nothing of the tutor or of this package, so the build and run.py can load
it by its path. Babel is imported only to compile. (The tutor applies the same rule when it
reads a catalog: a stale one is not read, its texts show in English.)
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable


def catalogs(*folders: Path) -> list[Path]:
    """Every catalog (``.po``) below ``folders``: ``**/locale/<lang>/LC_MESSAGES/*.po``.

    >>> core = Path(__file__).resolve().parent.parent / "tutor" / "core"
    >>> [p.relative_to(core).as_posix() for p in catalogs(core)]
    ['locale/it/LC_MESSAGES/core.po', 'locale/nl/LC_MESSAGES/core.po']
    """
    return sorted(po for folder in folders for po in Path(folder).rglob("*.po")
                  if po.parent.name == "LC_MESSAGES" and po.parent.parent.parent.name == "locale")


def is_stale(po: Path, mo: Path | None = None) -> bool:
    """Whether the compiled catalog of ``po`` (``mo``, by default beside it) is missing or
    older than ``po``."""
    mo = po.with_suffix(".mo") if mo is None else mo
    try:
        return mo.stat().st_mtime < po.stat().st_mtime
    except FileNotFoundError:
        return True


def compile_catalog(po: Path, mo: Path | None = None) -> Path:
    """Write the ``.mo`` of ``po`` (by default beside it) and return its path. Fuzzy and empty
    translations are left out: they show the English text. A ``.po`` that does not parse
    raises (``babel.messages.pofile.PoFileError``): a build stops on it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    mo = po.with_suffix(".mo") if mo is None else mo
    with open(po, "rb") as fp:
        catalog = read_po(fp, abort_invalid=True)
    mo.parent.mkdir(parents=True, exist_ok=True)
    # written aside, then renamed: a kernel reading the catalog meanwhile gets the old one or
    # the new one, never half of one
    part = mo.with_name(f".{mo.name}.{os.getpid()}.part")
    try:
        with open(part, "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        os.replace(part, mo)
    finally:
        part.unlink(missing_ok=True)
    return mo


def compile_catalogs(pos: Iterable[Path], force: bool = False) -> list[Path]:
    """Compile each of ``pos`` whose ``.mo`` is stale (every one with ``force``); the
    ``.mo`` written."""
    return [compile_catalog(po) for po in pos if force or is_stale(po)]
