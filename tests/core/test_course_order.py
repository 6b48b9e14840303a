"""The course's order is read from each walkthrough's ``order`` and read again when a file
changes (an author editing a lesson sees it moved), without reading every file again for each
lesson asked about (``next_lesson`` of every lesson read the library 46 times: 12 s)."""
from __future__ import annotations

import os

from tutor.core import course
from tutor.core import walkthrough as wt


def test_a_changed_file_s_order_is_read_again_and_an_unchanged_one_is_not(tmp_path, monkeypatch):
    library = wt.library()
    ids = [w for w in course.order() if w.startswith("trapper/")][:2]
    files = {}
    for wid in ids:
        files[wid] = tmp_path / "trapper" / "walkthroughs" / f"{wid.split('/')[1]}.toml"
        files[wid].parent.mkdir(parents=True, exist_ok=True)
        files[wid].write_text(library[wid].read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(wt, "library", lambda: files)
    first, second = ids
    assert course.order() == [first, second] and course.next_lesson(first) == second

    reads = []
    load = wt.load
    monkeypatch.setattr(wt, "load", lambda path, *a: reads.append(path) or load(path, *a))
    assert [course.next_lesson(w) for w in ids] == [second, None] and reads == []

    text = files[first].read_text(encoding="utf-8")
    head, rest = text.split("\norder = ", 1)
    files[first].write_text(head + "\norder = 999" + rest[rest.index("\n"):], encoding="utf-8")
    stat = files[first].stat()
    os.utime(files[first], ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert course.order() == [second, first] and reads == [files[first]]
    files[second].write_text("title = [broken", encoding="utf-8")
    assert course.order() == [first, second]  # a file that cannot be read goes last
