"""Command line of the tutor: ``python -m tutor COMMAND``.

    check [FILE...]             validate and replay walkthrough files (default: all shipped)
    goldens [--write] [GAME...] compare (or write) the golden records in tests/goldens
    games                       list the registered games

Exit status 0 when all is well, 1 when something failed, 2 on a usage error.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from .core import walkthrough
from .core.errors import MalformedInput


def check(paths: list[str], out: TextIO | None = None) -> int:
    """Read and replay each file; report each one, then a summary. Never stops early."""
    out = out or sys.stdout
    failed = 0
    targets = paths or [str(p) for p in walkthrough.library().values()]
    for path in targets:
        try:
            replayed = walkthrough.replay(walkthrough.load(path))
        except MalformedInput as exc:
            failed += 1
            print(f"FAIL {exc}", file=out)
        else:
            print(f"ok   {path}: {len(replayed.frames) - 1} steps", file=out)
    print(f"{len(targets) - failed} passed, {failed} failed", file=out)
    return 1 if failed else 0


def goldens(names: list[str], write: bool, folder: Path | None = None,
            out: TextIO | None = None) -> int:
    """Compare the golden records with fresh ones (print the diffs), or write them."""
    from .core import goldens as gold
    from .core import registry

    out = out or sys.stdout
    folder = folder or gold.FOLDER
    chosen = names or registry.names()
    fresh = list(gold.goldens(chosen))
    made = {g.path for g in fresh}
    stale = sorted(gold.stored(folder, chosen) - made)
    changed = [g for g in fresh if gold.diff(g, folder)]
    if write:
        for golden in changed:
            path = folder / golden.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(golden.text, encoding="utf-8")
        for name in stale:
            (folder / name).unlink()
        print(f"{len(changed)} written, {len(stale)} removed, "
              f"{len(fresh) - len(changed)} unchanged", file=out)
        return 0
    for golden in changed:
        print(gold.diff(golden, folder), file=out)
    for name in stale:
        print(f"{name}: kept, but no longer made", file=out)
    print(f"{len(fresh) - len(changed)} same, {len(changed)} differ, {len(stale)} stale", file=out)
    if changed or stale:
        print(f"regenerate: python -m tutor goldens --write {' '.join(names)}".rstrip(), file=out)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor",
                                     description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="validate and replay walkthrough files")
    p_check.add_argument("files", nargs="*", help="walkthrough .toml files (default: all shipped)")
    p_gold = sub.add_parser("goldens", help="compare or write the golden records")
    p_gold.add_argument("--write", action="store_true", help="store the records made now")
    p_gold.add_argument("games", nargs="*", help="games (default: all)")
    sub.add_parser("games", help="list the registered games")
    args = parser.parse_args(argv)
    if args.command == "games":
        from .core import registry
        for name, game in registry.games().items():
            print(f"{name}: {game.title}")
        return 0
    if args.command == "goldens":
        return goldens(args.games, args.write)
    return check(args.files)


if __name__ == "__main__":
    sys.exit(main())
