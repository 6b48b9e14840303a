"""A catalog that could not be read is looked for again: compiled (or mended) after a kernel
first asked for it, its texts are translated without a new kernel; a .mo older than its .po
is read, whatever the file times say (see also test_compile.py)."""
from __future__ import annotations

import os
import time

import pytest

from tutor.core import i18n
from tutor.core.i18n import per_language, translator, using
from i18nbuild.compile import compile_catalog


@pytest.fixture
def clock(monkeypatch):
    """The clock the catalogs' retry reads, moved by hand (a while later: :data:`LATER`)."""
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    return now


#: how long after a text the next one looks for the catalog again
LATER = getattr(i18n, "RETRY", 2.0)


def test_a_catalog_compiled_after_it_was_asked_for_is_read_a_moment_later(core_copy, clock,
                                                                          warnings):
    T = translator("core", core_copy)
    made = []

    @per_language
    def table():
        made.append(i18n.current())
        return T._("saved game")

    with using("nl"):
        assert T._("saved game") == "saved game" and table() == "saved game"
    compile_catalog(core_copy / "nl" / "LC_MESSAGES" / "core.po")
    with using("nl"):
        assert T._("saved game") == "saved game"  # not looked at again on every text
    clock[0] += LATER
    with using("nl"):  # no reload, no new kernel
        assert T._("saved game") == "opgeslagen spel"
        assert table() == "opgeslagen spel"  # made again: the English one went
    assert made == ["nl", "nl"]
    said = [r.getMessage() for r in warnings.records]
    assert len(said) == 1 and "not compiled" in said[0], said  # said once, while it was missing


def test_a_damaged_catalog_is_read_once_compiled_again(core_copy, clock, warnings):
    po = core_copy / "it" / "LC_MESSAGES" / "core.po"
    mo = po.with_suffix(".mo")
    mo.write_bytes(b"not a catalog")
    T = translator("core", core_copy)
    with using("it"):
        assert T._("saved game") == "saved game"
    assert any("cannot read" in r.getMessage() for r in warnings.records)
    clock[0] += LATER
    with using("it"):  # the same damaged file: still English (and not read again)
        assert T._("saved game") == "saved game"
    compile_catalog(po)
    later = mo.stat().st_mtime + 5  # a new .mo: its time changed
    os.utime(mo, (later, later))
    clock[0] += LATER
    with using("it"):
        assert T._("saved game") == "partita salvata"


def test_a_mo_with_a_time_older_than_its_po_is_read(core_copy, warnings):
    """An install that kept no file times (the .po touched after the .mo was written): the
    catalog is fine and is read; the log says it may be stale."""
    po = core_copy / "nl" / "LC_MESSAGES" / "core.po"
    compile_catalog(po)
    mo = po.with_suffix(".mo")
    os.utime(mo, (1_000_000, 1_000_000))  # 1970
    with using("nl"):
        assert translator("core", core_copy).n_("{n} point", "{n} points", 3) == "3 punten"
    assert any("may miss" in r.getMessage() for r in warnings.records)
