"""After merging two branches that both added messages, the catalogs conflict (each side
inserted its entries in sorted order; the .mo files are binary). Resolve them by taking one
side's catalogs, then:

    git checkout --theirs src/lama/locale          # or --ours: one side's .po, .pot and .mo
    python tools/merge_catalogs.py OTHER-BRANCH     # the other side's translations
    python tools/i18n.py check

This brings every .po up to date with the merged code (tools/i18n.py extract), fills each
message left without a translation with OTHER-BRANCH's translation of it, and compiles.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys

from babel.messages.pofile import read_po

from lama.i18n import LANGUAGES, catalogs


def translated(message) -> bool:
    return any(message.string) if isinstance(message.string, (list, tuple)) else bool(message.string)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("branch", help="the branch (or commit) whose translations fill the gaps")
    args = parser.parse_args(argv)
    catalogs.update()  # every message of the merged code; the translations there kept
    for lang in LANGUAGES:
        if lang == "en":
            continue
        path = catalogs.po_path(lang)
        where = path.relative_to(catalogs.PACKAGE.parents[1]).as_posix()
        shown = subprocess.run(["git", "show", f"{args.branch}:{where}"], capture_output=True)
        if shown.returncode != 0:
            print(f"{args.branch} has no {where}: {shown.stderr.decode().strip()}", file=sys.stderr)
            return 2
        theirs = read_po(io.BytesIO(shown.stdout), locale=lang)
        catalog = catalogs.read(path, lang)
        filled = 0
        for message in catalog:
            other = theirs.get(message.id) if message.id else None
            if message.id and not translated(message) and other is not None and translated(other):
                message.string = other.string
                filled += 1
        catalogs.write(catalog, path)
        print(f"{lang}: {filled} translation(s) from {args.branch}")
    catalogs.compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
