"""The message catalogs (src/lama/locale), kept with Babel (the test extra):

    python tools/i18n.py extract     # messages from the code -> lama.pot and every .po; compiles
    python tools/i18n.py compile     # .po -> the .mo files the package ships
    python tools/i18n.py check       # every message translated, same placeholders, .mo current
    python tools/i18n.py add LANG    # a new language: its .po from the template

See docs/i18n.md for adding a language.
"""

from __future__ import annotations

import argparse
import sys

from lama.i18n import catalogs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("extract", "compile", "check", "add"))
    parser.add_argument("lang", nargs="?", help="add: the new language's code (e.g. fr)")
    args = parser.parse_args(argv)
    if args.command == "extract":
        catalogs.update()
    elif args.command == "compile":
        catalogs.compile_all()
    elif args.command == "add":
        if not args.lang:
            parser.error("add needs the language's code, e.g. add fr")
        catalogs.update((args.lang,))
        print(f"wrote {catalogs.po_path(args.lang)}; translate it, add {args.lang!r} to lama.i18n.LANGUAGES, "
              "NAMES and PLURAL_CATEGORIES, then run: python tools/i18n.py check")
        return 0
    if args.command != "check":
        return 0
    found = catalogs.problems()
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)" if found else "the catalogs are complete and compiled")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
