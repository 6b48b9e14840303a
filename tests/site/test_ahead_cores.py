"""The lessons' build ahead on every core (``sitebuild.ahead.write_lessons``): the files the
workers write are the bytes one process makes, each under its own name, none missing."""
from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

from sitebuild import ahead
from tutor.core.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]


def test_the_lessons_built_on_every_core_are_the_bytes_one_process_makes(tmp_path, monkeypatch):
    folder, out = tmp_path / "notebooks", tmp_path / "site"
    folder.mkdir()
    (out / "voici" / "render").mkdir(parents=True)
    for name in ("trapper-setup.ipynb", "intrappola-begin-setup.ipynb", "trapper-play.ipynb"):
        shutil.copy(ROOT / "notebooks" / name, folder / name)
    monkeypatch.setattr(ahead.os, "cpu_count", lambda: 4)  # workers even on a one-core machine
    said = []
    written = ahead.write_lessons(out, folder, log=said.append)
    # free play is not a lesson: two lessons, each language one file
    assert sorted(written) == sorted(ahead.file_name(stem, lang) for lang in LANGUAGES
                                     for stem in ("trapper-setup", "intrappola-begin-setup"))
    for stem, wid in (("trapper-setup", "trapper/setup"), ("intrappola-begin-setup", "intrappola/begin-setup")):
        for lang in LANGUAGES:
            name, body = ahead._built((stem, wid, lang))
            assert (out / "voici" / "render" / name).read_bytes() == body, name
            assert written[name] == len(body)


def test_the_last_depth_is_clicked_only_for_the_first_states(monkeypatch):
    """Clicks at the last depth are built for the first :data:`ahead.LAST_DEPTH_STATES`
    states only (the file keeps the first boards' edges: Trigger's pairs of chosen tiles were
    each clicked on for nothing, ~30 s a lesson): a budget above what the file keeps gives the
    same lesson file; none keeps only the states before the last depth's."""
    def states_with_edges(data: dict) -> list[int]:
        return [sum(1 for s in found["clicks"]["states"] if set(s) & {"c", "h", "a"})
                for found in data["judged"].values() if found and found.get("clicks")]

    kept = ahead.packed(ahead.lesson_data("trapper/green-turn", "en"))
    monkeypatch.setattr(ahead, "LAST_DEPTH_STATES", 10**9)
    assert ahead.packed(ahead.lesson_data("trapper/green-turn", "en")) == kept
    monkeypatch.setattr(ahead, "LAST_DEPTH_STATES", 0)
    cut = ahead.lesson_data("trapper/green-turn", "en")
    fewer = states_with_edges(cut)
    before = states_with_edges(json.loads(gzip.decompress(kept)))
    assert len(fewer) == len(before) and all(0 < n <= m for n, m in zip(fewer, before))
    assert sum(fewer) < sum(before)
