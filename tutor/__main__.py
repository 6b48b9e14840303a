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
from typing import Any, Callable, TextIO

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


def goldens(names: list[str], write: bool, folder: Path | None = None) -> int:
    """Compare the golden records with fresh ones (print the diffs), or write them."""
    from .core import goldens as gold

    folder = folder or gold.FOLDER
    chosen = names or registry.names()
    fresh = list(gold.goldens(chosen))
    stale = sorted(gold.stored(folder, chosen) - {g.path for g in fresh})
    changed = [g for g in fresh if gold.diff(g, folder)]
    if write:
        for golden in changed:
            path = folder / golden.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(golden.text, encoding="utf-8")
        for name in stale:
            (folder / name).unlink()
        print(f"{len(changed)} written, {len(stale)} removed, "
              f"{len(fresh) - len(changed)} unchanged")
        return 0
    for golden in changed:
        print(gold.diff(golden, folder))
    for name in stale:
        print(f"{name}: kept, but no longer made")
    print(f"{len(fresh) - len(changed)} same, {len(changed)} differ, {len(stale)} stale")
    if changed or stale:
        print(f"regenerate: python -m tutor goldens --write {' '.join(names)}".rstrip())
        return 1
    return 0


def soak(count: int, names: list[str], first_seed: int = 0, variant: int | None = None) -> int:
    """``count`` random games per game and variant; progress, a summary, and for each
    failure the command that plays it again."""
    from .core.soak import soak as run

    failures: list[str] = []
    live = sys.stdout.isatty()  # a terminal sees each variant's count go up
    played = 0
    started = time.perf_counter()
    for name in names or registry.names():
        game = registry.get(name)
        option_sets = game.example_options()
        for number in range(len(option_sets)) if variant is None else [variant]:
            options = option_sets[number]
            label = f"{name} variant {number} {json.dumps(options, sort_keys=True)}"
            bad, step = 0, max(1, count // 10)
            seeds = range(first_seed, first_seed + count)
            for k, (seed, problem) in enumerate(run(game, options, seeds), start=1):
                played += 1
                if problem is not None:
                    bad += 1
                    failures.append(f"{label} seed {seed}, {problem}\n"
                                    f"     again: python -m tutor soak --game {name} "
                                    f"--variant {number} --seed {seed} --games 1")
                if live and (k % step == 0 or k == count):
                    print(f"\r{label}: {k}/{count} games, {bad} failed", end="", flush=True)
            print(("" if live else f"{label}: {count} games, {bad} failed"), flush=True)
    for failure in failures[:50]:
        print(f"FAIL {failure}")
    seconds = time.perf_counter() - started
    print(f"{played} games in {seconds:.1f} s, {len(failures)} failed")
    return 1 if failures else 0


def readings(as_json: bool) -> int:
    """Every rule with a reading: its id, the book's words in the book's language, our choice."""
    found = [{"game": name, "id": rule.id, "title": rule.title, "source": rule.source,
              "book": rule.book, "words": rule.words, "reading": rule.reading}
             for name, game in {**registry.games(), **registry.extras()}.items()
             for rule in game.rules.values() if rule.reading]
    if as_json:
        print(json.dumps(found, indent=1, ensure_ascii=False))
        return 0
    for r in found:
        words = (f"[{r['book']}] “{r['words']}”" if r["words"]
                 else "(the book's words not quoted yet)")
        print(f"{r['id']}: {r['title']}\n  book:    {words}\n  where:   {r['source'] or '?'}\n"
              f"  reading: {r['reading']}\n")
    unquoted = sum(not r["words"] for r in found)
    print(f"{len(found)} readings, {unquoted} without the book's words")
    return 0


def lessons() -> int:
    from .core.course import lessons as summary

    found = summary()
    print(json.dumps(found, indent=1, ensure_ascii=False))
    return 1 if any("problem" in entry for entry in found) else 0


def coverage(check_only: bool) -> int:
    """Write docs/coverage.md (or, with --check, say whether it is current)."""
    from .core.coverage import markdown

    path = ROOT / "docs" / "coverage.md"
    try:
        text = markdown(registry.games().values())
    except MalformedInput as exc:
        print(f"FAIL {exc}")
        return 1
    if check_only:
        failed = _rule_coverage()
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            print(f"{path} is not current: python -m tutor coverage")
            return 1
        print(f"{path} is current")
        return 1 if failed else 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


def _rule_coverage() -> int:
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
                print(f"ok   {entry.rule}: {', '.join(entry.walkthroughs)}")
            elif entry.reason:
                print(f"ok   {entry.rule}: no walkthrough - {entry.reason}")
            else:
                failed += 1
                print(f"FAIL {entry.rule}: no walkthrough shows it and {name}'s coverage.toml "
                      f"gives no reason ([untaught])")
    return failed


def quotes(seeds: Path | None) -> int:
    """Every rule's quoted words (``words``) found word for word in its rulebook."""
    from .core import coverage as cov
    from .core.i18n_glossary import Glossary
    from .core.quotes import books_of, default_seeds, glossary_problems, place_problems, problems

    folder = seeds or default_seeds(ROOT)
    failed = 0
    for name, game in registry.games().items():
        covered = cov.load(game)
        books = books_of({"book": covered.book, "language": covered.language}) if covered else {}
        found = problems(game.rules.items(), books, folder)
        found += place_problems(covered.sections if covered else (), books, folder)
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


def games() -> int:
    for name, game in {**registry.games(), **registry.extras()}.items():
        print(f"{name}: {game.title}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--load", action="append", default=[], metavar="MODULE",
                        help="a module whose GAME joins the known games (examples.nim)")
    sub = parser.add_subparsers(dest="command", required=True)

    def command(name: str, run: Callable[[Any], int], help: str) -> argparse.ArgumentParser:
        found = sub.add_parser(name, help=help)
        found.set_defaults(run=run)
        return found
    p_check = command("check", lambda a: check(a.files, lang=a.lang),
                      "validate and replay walkthrough files")
    p_check.add_argument("files", nargs="*", help="walkthrough .toml files (default: all shipped)")
    p_check.add_argument("--lang", action="store_true", help="check the translations too")
    p_gold = command("goldens", lambda a: goldens(a.games, a.write),
                     "compare or write the golden records")
    p_gold.add_argument("--write", action="store_true", help="store the records made now")
    p_gold.add_argument("games", nargs="*", help="games (default: all)")
    p_soak = command("soak", lambda a: soak(a.games, a.game, a.seed, a.variant),
                     "random games with invariants at every ply")
    p_soak.add_argument("--games", type=int, required=True, help="games per variant")
    p_soak.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    p_soak.add_argument("--variant", type=int, help="only this option set (its index)")
    p_soak.add_argument("--seed", type=int, default=0, help="the first seed")
    command("readings", lambda a: readings(a.json), "every rule with a reading").add_argument(
        "--json", action="store_true")
    command("lessons", lambda a: lessons(), "the course summary, per walkthrough").add_argument(
        "--json", action="store_true", required=True)
    p_cov = command("coverage", lambda a: coverage(a.check), "write docs/coverage.md")
    p_cov.add_argument("--check", action="store_true", help="only say whether it is current")
    p_quo = command("quotes", lambda a: quotes(a.seeds),
                    "the rules' quoted words against the rulebooks")
    p_quo.add_argument("--seeds", type=Path, help="the rulebooks' folder (default: "
                       "$TUTOR_SEEDS, else ../shared/seeds beside this clone)")
    command("games", lambda a: games(), "list the registered games")
    args = parser.parse_args(argv)
    try:
        for module in args.load:
            registry.load(module)
    except MalformedInput as exc:
        print(f"--load: {exc}", file=sys.stderr)
        return 2
    try:
        status: int = args.run(args)
        return status
    except MalformedInput as exc:  # an unknown game named on the command line, ...
        print(f"{args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
