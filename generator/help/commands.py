"""`helpdeck i18n extract|update`: the translator's side of the help workflow."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.diagnostics import SpecError
from generator.help.languages import po_files
from generator.i18n import extract_pot, update_po

POT_NAME = "helpdeck-help.pot"


def help_sources(specs_dir: Path, root: Path) -> list[Path]:
    """Every English help page: specs/*.xml, and for a sidecar-only game the page that
    `helpdeck generate` wrote from its spec (generated/help/C/<game>.xml)."""
    pages = sorted(specs_dir.glob("*.xml"))
    for sidecar in sorted(specs_dir.glob("*.yaml")):
        if sidecar.name.endswith(".test.yaml"):
            continue  # rule scenarios, not a sidecar
        written = root / "generated/help/C" / f"{sidecar.stem}.xml"
        if not sidecar.with_suffix(".xml").exists():
            if written.exists():
                pages.append(written)
            else:
                print(f"{sidecar}: no help yet: run `helpdeck generate` first", file=sys.stderr)
    return pages


def cmd_extract(args: argparse.Namespace) -> int:
    root, specs_dir = Path(args.root), Path(args.specs)
    paths = [Path(f) for f in args.files] or help_sources(specs_dir, root)
    out = Path(args.output) if args.output else specs_dir / "po" / POT_NAME
    if not paths:
        print("no help files to extract from", file=sys.stderr)
        return 1
    try:
        extract_pot(paths, out, base=root)
    except SpecError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic.format(), file=sys.stderr)
        return 1
    print(f"{out}: messages from {len(paths)} help file(s)")
    return 0


def cmd_update(args: argparse.Namespace) -> int:
    specs_dir = Path(args.specs)
    pot = Path(args.pot) if args.pot else specs_dir / "po" / POT_NAME
    targets = [Path(f) for f in args.files] or po_files(specs_dir)
    if not pot.exists():
        print(f"{pot}: no template: run `helpdeck i18n extract` first", file=sys.stderr)
        return 1
    try:
        for po in targets:
            update_po(pot, po)
            print(f"{po}: updated")
    except SpecError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic.format(), file=sys.stderr)
        return 1
    return 0


def add_arguments(i18n: argparse.ArgumentParser, root: Path) -> None:
    """The `extract` and `update` subcommands of the `i18n` command."""
    sub = i18n.add_subparsers(dest="i18n_command", metavar="SUBCOMMAND", required=True)
    extract = sub.add_parser("extract", help="help messages -> POT (default specs/po/)")
    extract.add_argument("files", nargs="*", help="DocBook files (default: every game's help)")
    extract.add_argument("-o", "--output", metavar="POT", help=f"default specs/po/{POT_NAME}")
    extract.set_defaults(i18n_handler=cmd_extract)
    update = sub.add_parser("update", help="merge the POT into PO files; changes become fuzzy")
    update.add_argument("files", nargs="*", help="PO files (default: specs/po/*.po)")
    update.add_argument("--pot", help=f"template (default specs/po/{POT_NAME})")
    update.set_defaults(i18n_handler=cmd_update)
    for parser in (extract, update):
        parser.add_argument("--specs", default=str(root / "specs"), help=argparse.SUPPRESS)
        parser.add_argument("--root", default=str(root), help=argparse.SUPPRESS)


def cmd_i18n(args: argparse.Namespace) -> int:
    code: int = args.i18n_handler(args)
    return code
