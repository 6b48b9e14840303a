"""The course: every shipped walkthrough in the order the index shows them (by game, then in
the rulebook's teaching order, each file's ``order``), with what each one asks of a learner.

``python -m tutor lessons --json`` prints :func:`lessons`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from . import i18n, registry
from . import walkthrough as wt
from .errors import MalformedInput


def order() -> list[str]:
    """The walkthrough ids in course order (a file that cannot be read goes last).

    Each file is read again only when it changed (its size or time): :func:`next_lesson` of
    every lesson read the whole library once per lesson (12 s for the course)."""
    found = []
    for wid, path in wt.library().items():
        found.append(((registry.get(wid.split("/")[0]).title, _rank(path), wid), wid))
    return [wid for _, wid in sorted(found)]


#: a file's ``order`` by its path, with the size and time it was read at
_ranks: dict[Path, tuple[tuple[int, int], int]] = {}


def _rank(path: Path) -> int:
    """The ``order`` of the walkthrough at ``path`` (10 000 when it cannot be read)."""
    try:
        stat = path.stat()
        stamp = (stat.st_size, stat.st_mtime_ns)
    except OSError:
        return 10_000
    known = _ranks.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        rank = wt.load(path).order
    except MalformedInput:
        rank = 10_000
    _ranks[path] = (stamp, rank)
    return rank


def next_lesson(wid: str) -> str | None:
    """The walkthrough after ``wid`` in the course of its game (None: the last one)."""
    game = wid.split("/")[0]
    same = [w for w in order() if w.split("/")[0] == game]
    index = same.index(wid) if wid in same else -1
    return same[index + 1] if 0 <= index < len(same) - 1 else None


def lessons() -> list[dict[str, Any]]:
    """Per walkthrough, the course summary an author reads (valid or not): its game, id and
    name (the file's name in its game), course position, title, order, steps, try-it steps,
    questions and languages."""
    found, library = [], wt.library()
    for position, wid in enumerate(order(), start=1):
        game, name = wid.split("/", 1)
        entry: dict[str, Any] = {"game": game, "id": wid, "name": name,
                                 "course_position": position}
        try:
            walk = wt.load(library[wid])
        except MalformedInput as exc:
            entry.update(title=None, problem=str(exc), languages=[i18n.SOURCE])
        else:
            entry.update(
                title=walk.title, order=walk.order, steps=len(walk.steps),
                try_it=sum(s.try_it is not None for s in walk.steps),
                questions=sum(s.ask is not None for s in walk.steps),
                languages=i18n.walkthrough_languages(walk))
        found.append(entry)
    return found
