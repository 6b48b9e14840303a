"""Command line: ``python -m tutor check FILE...`` validates walkthrough files.

Each file is read and replayed; the first failing step of each is reported with why.
Exit status 0 when all pass, 1 when any fails, 2 on a usage error.
"""
from __future__ import annotations

import argparse
import sys

from .core.errors import MalformedInput
from .core import walkthrough


def check(paths: list[str], out=None) -> int:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="validate and replay walkthrough files")
    p_check.add_argument("files", nargs="*", help="walkthrough .toml files (default: all shipped)")
    sub.add_parser("games", help="list the registered games")
    sub.add_parser("i18n", help="translation catalogs: extract, update, compile, init LANG, "
                   "status, check (python -m tutor i18n -h)", add_help=False)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["i18n"]:  # its own sub-commands (tutor/core/i18n_build.py)
        from .core.i18n_build import main as i18n_main
        return i18n_main(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "games":
        from .core import registry
        for name, game in registry.games().items():
            print(f"{name}: {game.title}")
        return 0
    return check(args.files)


if __name__ == "__main__":
    sys.exit(main())
