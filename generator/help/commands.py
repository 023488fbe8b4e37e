"""`helpdeck i18n extract|update|import|status`: the translator's side of the help workflow."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from generator.diagnostics import SpecError
from generator.docbook.reader import detect_format
from generator.help.languages import language_problem, po_files
from generator.i18n import extract_pot, update_po
from generator.i18n.gnome import import_gnome
from generator.i18n.po import header, load_po
from generator.i18n.status import as_json, format_text, i18n_status

POT_NAME = "helpdeck-help.pot"


def help_sources(specs_dir: Path, root: Path) -> list[Path]:
    """Every English help page: specs/*.xml, and for a sidecar-only game the page that
    `helpdeck generate` wrote from its spec (generated/help/C/<game>.xml)."""
    pages = []
    for page in sorted(specs_dir.glob("*.xml")):
        written = root / "generated/help/C" / page.name
        if _is_sgml(page) and written.exists():
            pages.append(written)  # an SGML page: generate converted it to DocBook XML
        else:
            pages.append(page)
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


def _is_sgml(page: Path) -> bool:
    try:
        with open(page, "rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    if head.lstrip().startswith(b"<?xml"):
        return False
    return detect_format(head.decode("latin-1"), str(page)) == "sgml"


def cmd_extract(args: argparse.Namespace) -> int:
    root, specs_dir = Path(args.root), Path(args.specs)
    paths = [Path(f) for f in args.files] or help_sources(specs_dir, root)
    out = Path(args.output) if args.output else specs_dir / "po" / POT_NAME
    if not paths:
        print("no help files to extract from", file=sys.stderr)
        return 1
    try:
        extract_pot(paths, out, base=root, gnome=args.gnome)
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
    problems = [p for p in map(language_problem, targets) if p is not None]
    if problems:
        for diagnostic in problems:
            print(diagnostic.format(), file=sys.stderr)
        return 1
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


def cmd_status(args: argparse.Namespace) -> int:
    """Per language and game: translated, fuzzy and missing messages (always exit 0)."""
    specs_dir = Path(args.specs)
    pot = Path(args.pot) if args.pot else specs_dir / "po" / POT_NAME
    targets = [Path(f) for f in args.files] or [_shown(po) or po for po in po_files(specs_dir)]
    problems = [p for p in map(language_problem, targets) if p is not None]
    if problems:
        for diagnostic in problems:
            print(diagnostic.format(), file=sys.stderr)
        return 1
    template = pot if pot.exists() else None
    if template is None:
        print(f"{pot}: no template; counting each PO file's own messages", file=sys.stderr)
    try:
        statuses = i18n_status(targets, template)
    except SpecError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic.format(), file=sys.stderr)
        return 1
    shown = _shown(template)
    if args.json:
        print(json.dumps(as_json(statuses, shown), indent=2, ensure_ascii=False))
    else:
        print(format_text(statuses, shown), end="")
    return 0


def _shown(path: Path | None) -> Path | None:
    """`path` relative to the working directory when it is inside it (for output)."""
    if path is None:
        return None
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return path


def _gnome_pos(args: argparse.Namespace) -> list[tuple[str, Path]] | str:
    """(language, GNOME PO) pairs from the arguments, or an error message."""
    pairs: list[tuple[str, Path]] = []
    for name in args.po:
        po = Path(name)
        lang = args.lang or _po_language(po)
        pairs.append((lang, po))
    if args.from_gnome:
        gnome = Path(args.from_gnome)
        if not gnome.is_dir():
            return f"{gnome}: not a directory (give GNOME's help/ directory, with <lang>/<lang>.po)"
        for po in sorted(gnome.glob("*/*.po")):
            if po.stem == po.parent.name and (not args.lang or po.stem == args.lang):
                pairs.append((po.stem, po))
    if not pairs:
        return "no PO file: give one (with --lang) or --from-gnome DIR"
    return pairs


def _po_language(po: Path) -> str:
    """The `Language:` header of a PO file, else its name (sv.po -> sv)."""
    try:
        found = header(load_po(po), "Language")
    except SpecError:
        found = None
    return found.strip() if found and found.strip() else po.stem


def cmd_import(args: argparse.Namespace) -> int:
    """GNOME's translations of a dropped-in Aisleriot page -> specs/po/<lang>.po."""
    root, specs_dir = Path(args.root), Path(args.specs)
    page = specs_dir / f"{args.game}.xml"
    if not page.is_file():
        print(f"{page}: no help page for {args.game!r}", file=sys.stderr)
        return 1
    pairs = _gnome_pos(args)
    if isinstance(pairs, str):
        print(pairs, file=sys.stderr)
        return 1
    name = os.path.relpath(page, root)
    failed = False
    for lang, po in pairs:
        target = specs_dir / "po" / f"{lang}.po"
        problem = language_problem(target)
        if problem is not None:
            print(f"{po}: {lang!r} is not a language code; give --lang", file=sys.stderr)
            failed = True
            continue
        try:
            report = import_gnome(page, po, target, lang, name=name, replace=args.replace)
        except SpecError as error:
            for diagnostic in error.diagnostics:
                print(diagnostic.format(), file=sys.stderr)
            failed = True
            continue
        for diagnostic in report.diagnostics:
            print(diagnostic.format(), file=sys.stderr)
        print(f"{target}: {args.game} from {po}: {report.summary()}")
    return 1 if failed else 0


def add_arguments(i18n: argparse.ArgumentParser, root: Path) -> None:
    """The `extract`, `update`, `import` and `status` subcommands of the `i18n` command."""
    sub = i18n.add_subparsers(dest="i18n_command", metavar="SUBCOMMAND", required=True)
    extract = sub.add_parser("extract", help="help messages -> POT (default specs/po/)")
    extract.add_argument("files", nargs="*", help="DocBook files (default: every game's help)")
    extract.add_argument("-o", "--output", metavar="POT", help=f"default specs/po/{POT_NAME}")
    extract.set_defaults(i18n_handler=cmd_extract)
    update = sub.add_parser("update", help="merge the POT into PO files; changes become fuzzy")
    update.add_argument("files", nargs="*", help="PO files (default: specs/po/*.po)")
    update.add_argument("--pot", help=f"template (default specs/po/{POT_NAME})")
    update.set_defaults(i18n_handler=cmd_update)
    extract.add_argument(
        "--gnome",
        action="store_true",
        help="segment messages as GNOME's help builds do (to compare with GNOME's PO files)",
    )
    imp = sub.add_parser(
        "import", help="GNOME's translations of a dropped-in Aisleriot page -> specs/po/"
    )
    imp.add_argument("game", help="the game whose specs/<game>.xml is the Aisleriot page")
    imp.add_argument("po", nargs="*", help="GNOME PO files (aisleriot help/<lang>/<lang>.po)")
    imp.add_argument("--lang", help="language of the PO file (default: its Language header)")
    imp.add_argument(
        "--from-gnome", metavar="DIR", help="GNOME's help/ directory: every <lang>/<lang>.po"
    )
    imp.add_argument(
        "--replace", action="store_true", help="GNOME's translation wins over an existing one"
    )
    imp.set_defaults(i18n_handler=cmd_import)
    status = sub.add_parser(
        "status", help="translated, fuzzy and missing messages per language and game"
    )
    status.add_argument("files", nargs="*", help="PO files (default: specs/po/*.po)")
    status.add_argument("--pot", help=f"template (default specs/po/{POT_NAME})")
    status.add_argument("--json", action="store_true", help="machine-readable output")
    status.set_defaults(i18n_handler=cmd_status)
    for parser in (extract, update, imp, status):
        parser.add_argument("--specs", default=str(root / "specs"), help=argparse.SUPPRESS)
        parser.add_argument("--root", default=str(root), help=argparse.SUPPRESS)


def cmd_i18n(args: argparse.Namespace) -> int:
    code: int = args.i18n_handler(args)
    return code
