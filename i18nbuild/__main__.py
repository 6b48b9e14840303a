"""``python -m i18nbuild extract|update|compile|init|status|check``: the translation catalogs
(docs/translating.md)."""
from __future__ import annotations

import argparse
import sys

from . import catalogs
from .check import check, status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m i18nbuild",
                                     description="Translation catalogs (see docs/translating.md).")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("extract", "write each domain's .pot template from the sources"),
                            ("update", "merge the sources into every .po (changed = fuzzy)"),
                            ("compile", "write the .mo beside each changed .po"),
                            ("status", "a table of translated / missing / stale per domain"),
                            ("check", "list every missing, stale or broken string")):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--domain", action="append", help="only this domain (repeatable)")
        if name in ("update", "status", "check"):
            p.add_argument("--lang", action="append", help="only this language (repeatable)")
        if name == "compile":
            p.add_argument("--force", action="store_true",
                           help="every catalog, also those whose .mo is up to date")
    p = sub.add_parser("init", help="start the catalogs of a new language")
    p.add_argument("lang")
    p.add_argument("--domain", action="append", help="only this domain (repeatable)")
    args = parser.parse_args(argv)
    if args.command == "extract":
        for domain in catalogs._pick(args.domain):
            template = catalogs.write_template(domain)
            print(f"{catalogs._where(domain.pot)}: {sum(1 for m in template if m.id)} texts")
        return 0
    if args.command == "update":
        return catalogs.update(args.domain, args.lang)
    if args.command == "compile":
        return catalogs.compile_all(args.domain, force=args.force)
    if args.command == "init":
        return catalogs.init(args.lang, args.domain)
    if args.command == "status":
        return status(languages=args.lang, names=args.domain)
    return check(languages=args.lang, names=args.domain)


if __name__ == "__main__":
    sys.exit(main())
