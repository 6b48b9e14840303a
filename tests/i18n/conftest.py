"""Shared pieces of the translation tests: a clean i18n state and small catalogs in tmp."""
from __future__ import annotations

import io
import logging
import shutil
from pathlib import Path

import pytest

from tutor.core import i18n
from i18nbuild.compile import compile_catalog

CORE_LOCALE = Path(i18n.__file__).parent / "locale"


@pytest.fixture(autouse=True)
def clean_i18n():
    """Every test starts with nothing loaded or logged, in English."""
    i18n.reload()
    i18n.set_language("en")
    yield
    i18n.set_language("en")
    i18n.reload()


@pytest.fixture
def core_copy(tmp_path) -> Path:
    """The core catalogs as a fresh clone has them: .po files only, no .mo."""
    target = tmp_path / "locale"
    shutil.copytree(CORE_LOCALE, target, ignore=shutil.ignore_patterns("*.mo", "*.pot"))
    return target


def write_po(localedir: Path, domain: str, lang: str, entries: list[tuple]) -> Path:
    """A .po made with Babel, and its .mo compiled (as the build and run.py compile it):
    entries are ``(context, msgid, msgstr)``; a plural entry has a tuple msgid ``(singular,
    plural)`` and a tuple msgstr; flags via a 4th item."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po as babel_write_po

    catalog = Catalog(locale=lang, domain=domain, charset="utf-8")
    for entry in entries:
        context, msgid, msgstr, *flags = entry
        catalog.add(msgid, msgstr, context=context, flags=flags[0] if flags else ())
    path = localedir / lang / "LC_MESSAGES" / f"{domain}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    babel_write_po(out, catalog)
    path.write_bytes(out.getvalue())
    compile_catalog(path)
    return path


@pytest.fixture
def warnings(caplog):
    caplog.set_level(logging.WARNING, logger="tutor.i18n")
    return caplog
