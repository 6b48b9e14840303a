"""Command line of the tutor: ``python -m tutor [--load MODULE] COMMAND``.

    check [FILE...] [--lang]     validate and replay walkthroughs (default: all shipped), every
                                 file, then a summary; --lang checks the translations too
                                 (every catalog: python -m i18nbuild check)
    goldens [--write] [GAME...]  compare (or write) the golden records in tests/goldens
    soak --games N [--game G]    random games per game and variant, invariants at every ply
    readings [--json]            every rule with a reading: the book's words and our choice
    lessons --json               the course: per walkthrough its steps, try-its, questions
    coverage [--check]           write docs/coverage.md from each game's coverage.toml
    games                        list the registered games

The translation catalogs are built by the tooling beside the engine: ``python -m i18nbuild``.

``--load examples.nim`` makes a game outside ``tutor/`` known (its walkthroughs can then be
checked). Exit status 0 when all is well, 1 when something failed, 2 on a usage error.
"""
from __future__ import annotations

import argparse
import inspect
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from .core import registry, walkthrough
from .core.errors import MalformedInput

ROOT = Path(__file__).resolve().parent.parent


def check(paths: list[str], out: TextIO | None = None, lang: bool = False) -> int:
    """Read and replay each file (view hints, try-it steps and questions included); report
    each one, then a summary. Never stops at a bad file."""
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
    status = 1 if failed else 0
    if lang:  # the catalogs: checked by the tooling beside the engine (i18nbuild/, Babel)
        from i18nbuild.check import check as check_catalogs
        status = max(status, check_catalogs(out))
    return status


def goldens(names: list[str], write: bool, folder: Path | None = None,
            out: TextIO | None = None) -> int:
    """Compare the golden records with fresh ones (print the diffs), or write them."""
    from .core import goldens as gold

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


def soak(count: int, names: list[str], first_seed: int = 0, variant: int | None = None,
         out: TextIO | None = None) -> int:
    """``count`` random games per game and variant; progress, a summary, and for each
    failure the command that plays it again."""
    from .core.soak import soak as run

    out = out or sys.stdout
    failures: list[str] = []
    live = out.isatty()  # a terminal sees each variant's count go up
    played = 0
    started = time.perf_counter()
    for name in names or registry.names():
        game = registry.get(name)
        option_sets = game.example_options()
        chosen = range(len(option_sets)) if variant is None else [variant]
        for number in chosen:
            options = option_sets[number]
            label = f"{name} variant {number} {json.dumps(options, sort_keys=True)}"
            bad, step = 0, max(1, count // 10)
            for k, (seed, problem) in enumerate(run(game, options, range(first_seed,
                                                                           first_seed + count)),
                                                start=1):
                played += 1
                if problem is not None:
                    bad += 1
                    failures.append(f"{label} seed {seed}, {problem}\n"
                                    f"     again: python -m tutor soak --game {name} "
                                    f"--variant {number} --seed {seed} --games 1")
                if live and (k % step == 0 or k == count):
                    print(f"\r{label}: {k}/{count} games, {bad} failed", end="", file=out,
                          flush=True)
            print(("" if live else f"{label}: {count} games, {bad} failed"), file=out, flush=True)
    for failure in failures[:50]:
        print(f"FAIL {failure}", file=out)
    seconds = time.perf_counter() - started
    print(f"{played} games in {seconds:.1f} s, {len(failures)} failed", file=out)
    return 1 if failures else 0


def readings(as_json: bool, out: TextIO | None = None) -> int:
    """Every rule with a reading: its id, the book's words in the book's language, our choice."""
    out = out or sys.stdout
    found = []
    for name, game in {**registry.games(), **registry.extras()}.items():
        for rule in game.rules.values():
            if rule.reading:
                found.append({"game": name, "id": rule.id, "title": rule.title,
                              "source": rule.source, "book": rule.book, "words": rule.words,
                              "reading": rule.reading})
    if as_json:
        print(json.dumps(found, indent=1, ensure_ascii=False), file=out)
        return 0
    for r in found:
        words = (f"[{r['book']}] “{r['words']}”" if r["words"]
                 else "(the book's words not quoted yet)")
        print(f"{r['id']}: {r['title']}\n  book:    {words}\n  where:   {r['source'] or '?'}\n"
              f"  reading: {r['reading']}\n", file=out)
    unquoted = sum(not r["words"] for r in found)
    print(f"{len(found)} readings, {unquoted} without the book's words", file=out)
    return 0


def lessons(out: TextIO | None = None) -> int:
    from .core.course import lessons as summary

    out = out or sys.stdout
    found = summary()
    print(json.dumps(found, indent=1, ensure_ascii=False), file=out)
    return 1 if any("problem" in entry for entry in found) else 0


def coverage(check_only: bool, path: Path | None = None, out: TextIO | None = None) -> int:
    """Write docs/coverage.md (or, with --check, say whether it is current)."""
    from .core.coverage import markdown

    out = out or sys.stdout
    path = path or ROOT / "docs" / "coverage.md"
    try:
        text = markdown(registry.games().values())
    except MalformedInput as exc:
        print(f"FAIL {exc}", file=out)
        return 1
    current = path.read_text(encoding="utf-8") if path.exists() else None
    if check_only:
        failed = _rule_coverage(out)
        if current != text:
            print(f"{path} is not current: python -m tutor coverage", file=out)
            return 1
        print(f"{path} is current", file=out)
        return 1 if failed else 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}", file=out)
    return 0


def _rule_coverage(out: TextIO) -> int:
    """List every rule of each game whose coverage.toml checks its rules ([untaught]): the
    walkthroughs that show it, or why none does; the number of rules with neither."""
    from .core import coverage as cov

    failed = 0
    for name, game in registry.games().items():
        found = cov.load(game)
        if found is None or found.untaught is None:
            continue
        for entry in cov.rule_listing(game, found):
            if entry.walkthroughs:
                print(f"ok   {entry.rule}: {', '.join(entry.walkthroughs)}", file=out)
            elif entry.reason:
                print(f"ok   {entry.rule}: no walkthrough - {entry.reason}", file=out)
            else:
                failed += 1
                print(f"FAIL {entry.rule}: no walkthrough shows it and {name}'s coverage.toml "
                      f"gives no reason ([untaught])", file=out)
    return failed


def quotes(seeds: Path | None) -> int:
    """Every rule's quoted words (``words``) found word for word in its rulebook."""
    from .core import coverage as cov
    from .core.i18n_glossary import Glossary
    from .core.quotes import books_of, default_seeds, glossary_problems, problems

    folder = seeds or default_seeds(Path(__file__).resolve().parent.parent)
    failed = 0
    for name, game in registry.games().items():
        covered = cov.load(game)
        books = books_of({"book": covered.book, "language": covered.language}) if covered else {}
        found = problems(game.rules.items(), books, folder)
        words = Path(inspect.getfile(type(game))).with_name("glossary.toml")
        if words.is_file():
            found += glossary_problems(Glossary.from_file(words), books, folder)
        quoted = sum(1 for _, rule in game.rules.items() if getattr(rule, "words", None))
        print(f"{'ok  ' if not found else 'FAIL'} {name}: {quoted} rules quote "
              f"{', '.join(sorted(books.values())) or 'no rulebook'}")
        for problem in found:
            print(f"     {problem}")
        failed += bool(found)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--load", action="append", default=[], metavar="MODULE",
                        help="a module whose GAME joins the known games (examples.nim)")
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="validate and replay walkthrough files")
    p_check.add_argument("files", nargs="*", help="walkthrough .toml files (default: all shipped)")
    p_check.add_argument("--lang", action="store_true", help="check the translations too")
    p_gold = sub.add_parser("goldens", help="compare or write the golden records")
    p_gold.add_argument("--write", action="store_true", help="store the records made now")
    p_gold.add_argument("games", nargs="*", help="games (default: all)")
    p_soak = sub.add_parser("soak", help="random games with invariants at every ply")
    p_soak.add_argument("--games", type=int, required=True, help="games per variant")
    p_soak.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    p_soak.add_argument("--variant", type=int, help="only this option set (its index)")
    p_soak.add_argument("--seed", type=int, default=0, help="the first seed")
    p_read = sub.add_parser("readings", help="every rule with a reading")
    p_read.add_argument("--json", action="store_true")
    p_less = sub.add_parser("lessons", help="the course summary, per walkthrough")
    p_less.add_argument("--json", action="store_true", required=True)
    p_cov = sub.add_parser("coverage", help="write docs/coverage.md")
    p_cov.add_argument("--check", action="store_true", help="only say whether it is current")
    p_quo = sub.add_parser("quotes", help="the rules' quoted words against the rulebooks")
    p_quo.add_argument("--seeds", type=Path, help="the rulebooks' folder (default: "
                       "$TUTOR_SEEDS, else ../shared/seeds beside this clone)")
    sub.add_parser("games", help="list the registered games")
    args = parser.parse_args(argv)
    try:
        for module in args.load:
            registry.load(module)
    except MalformedInput as exc:
        print(f"--load: {exc}", file=sys.stderr)
        return 2
    try:
        return _run(args)
    except MalformedInput as exc:  # an unknown game named on the command line, ...
        print(f"{args.command}: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "games":
        for name, game in {**registry.games(), **registry.extras()}.items():
            print(f"{name}: {game.title}")
        return 0
    if args.command == "goldens":
        return goldens(args.games, args.write)
    if args.command == "soak":
        return soak(args.games, args.game, args.seed, args.variant)
    if args.command == "readings":
        return readings(args.json)
    if args.command == "lessons":
        return lessons()
    if args.command == "coverage":
        return coverage(args.check)
    if args.command == "quotes":
        return quotes(args.seeds)
    return check(args.files, lang=args.lang)


if __name__ == "__main__":
    sys.exit(main())
