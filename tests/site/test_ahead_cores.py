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


def test_only_the_first_states_of_a_board_are_clicked_on(monkeypatch):
    """Clicks are built from the first states of a try-it board (:data:`ahead.CLICKED_STATES`),
    clicked on again with a larger bound where the file would keep more boards (the file keeps
    the first boards' edges: Trigger's tiles and pairs of chosen tiles were each clicked on for
    nothing, 4-30 s a lesson): the same lesson file as without a bound, from a bound below
    what it keeps (Trapper's green turn keeps 37 at a step); a last bound of one keeps the
    start's clicks alone."""
    def states_with_edges(data: dict) -> list[int]:
        return [sum(1 for s in found["clicks"]["states"] if set(s) & {"c", "h", "a"})
                for found in data["judged"].values() if found and found.get("clicks")]

    monkeypatch.setattr(ahead, "CLICKED_STATES", (4, 8, None))
    kept = ahead.packed(ahead.lesson_data("trapper/green-turn", "en"))
    monkeypatch.setattr(ahead, "CLICKED_STATES", (None,))
    assert ahead.packed(ahead.lesson_data("trapper/green-turn", "en")) == kept
    monkeypatch.setattr(ahead, "CLICKED_STATES", (1,))
    cut = ahead.lesson_data("trapper/green-turn", "en")
    fewer = states_with_edges(cut)
    before = states_with_edges(json.loads(gzip.decompress(kept)))
    assert len(fewer) == len(before) and all(n == 1 < m for n, m in zip(fewer, before))
    assert sum(fewer) < sum(before)
