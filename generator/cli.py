"""Authoring commands of ``helpdeck``: lint, spec, generate, report."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic, Level, SpecError, has_errors
from generator.help.commands import add_arguments as add_i18n_arguments
from generator.help.commands import cmd_i18n
from generator.help.source import help_problems
from generator.pipeline import (
    GameSources,
    discover,
    load_spec,
    project_root,
    render_outputs,
    stale_files,
    write_outputs,
)


def _print_diagnostics(diagnostics: list[Diagnostic]) -> None:
    for diagnostic in diagnostics:
        print(diagnostic.format(), file=sys.stderr)
    errors = sum(1 for d in diagnostics if d.level is Level.ERROR)
    warnings = sum(1 for d in diagnostics if d.level is Level.WARNING)
    if errors or warnings:
        print(f"{errors} error(s), {warnings} warning(s)", file=sys.stderr)


def _specs_dir(args: argparse.Namespace) -> Path:
    return Path(args.specs) if args.specs else project_root() / "specs"


def cmd_generate(args: argparse.Namespace) -> int:
    root = Path(args.root) if args.root else project_root()
    outputs, diagnostics = render_outputs(_specs_dir(args), root, strict=args.strict)
    _print_diagnostics(diagnostics)
    if has_errors(diagnostics):
        print("nothing generated: fix the errors above", file=sys.stderr)
        return 1
    if args.check:
        stale = stale_files(outputs, root)
        for path in stale:
            print(f"stale: {path}", file=sys.stderr)
        if stale:
            print("generated/ is out of date: run `helpdeck generate`", file=sys.stderr)
            return 1
        print(f"generated/ is up to date ({len(outputs)} files)")
        return 0
    try:
        changed = write_outputs(outputs, root)
    except OSError as error:
        where = error.filename or root
        print(f"{where}: error: cannot write: {error.strerror}", file=sys.stderr)
        print("nothing generated: generated/ is as it was", file=sys.stderr)
        return 1
    print(f"{len(outputs)} files, {len(changed)} changed")
    return 0


_HELP_SUFFIXES = (".xml", ".sgml", ".sgm", ".docbook")
_SIDECAR_SUFFIXES = (".yaml", ".yml")


def _check_help_page(path: Path, target: str) -> None:
    """A readable file without a title is some other XML, not a help page. (A file the reader
    cannot read is left to the caller, which reports where it fails.)"""
    from generator.docbook import read_help

    try:
        document = read_help(path, target)
    except SpecError:
        return
    if not document.title:
        raise SpecError(
            Diagnostic(
                target,
                None,
                "not a DocBook help page: it has no title",
                hint="a help page is a sect1 (or chapter) with a <title> and its sections",
            )
        )


def _sources_for(target: str, specs_dir: Path) -> GameSources:
    """A game id, or a path to a help file (DocBook XML or SGML) or sidecar.

    A help file keeps its own name (a legacy ``.sgml`` page is read as it is); its sidecar is
    the ``.yaml`` beside it, if any. A path that does not exist, or names neither a help file
    nor a sidecar, is an error.
    """
    path = Path(target)
    suffix = path.suffix.lower()
    if suffix in _HELP_SUFFIXES + _SIDECAR_SUFFIXES or path.exists():
        if not path.is_file():
            problem = "is a directory" if path.is_dir() else "no such file"
            raise SpecError(Diagnostic(target, None, f"{problem}: not a help file or sidecar"))
        if suffix in _SIDECAR_SUFFIXES:
            help_file = path.with_suffix(".xml")
            return GameSources(path.stem, help_file if help_file.exists() else None, path)
        if suffix in _HELP_SUFFIXES:
            _check_help_page(path, target)
            return GameSources(path.stem, path, path.with_suffix(".yaml"))
        raise SpecError(
            Diagnostic(
                target,
                None,
                "not a help file or sidecar",
                hint="give a DocBook help file (.xml, .sgml), a sidecar (.yaml) or a game id",
            )
        )
    games, _ = discover(specs_dir)
    for game in games:
        if game.game_id == target:
            return game
    known = ", ".join(g.game_id for g in games)
    raise SpecError(Diagnostic(target, None, f"no such game (known: {known})"))


def _lint_one(
    target: str, specs_dir: Path, as_json: bool, strict: bool = False
) -> list[Diagnostic]:
    try:
        sources = _sources_for(target, specs_dir)
    except SpecError as error:
        return error.diagnostics
    # The help path (generated help, translations) refuses what the prose reader tolerates:
    # errors for a game's page, warnings for a lone page (a book, a page being studied).
    problems = help_problems(sources.help_file, game=sources.sidecar.exists())
    rest = _lint_sources(sources, as_json, strict)
    seen = {(d.line, d.column) for d in rest if d.level is Level.ERROR}  # e.g. malformed XML
    return [d for d in problems if (d.line, d.column) not in seen] + rest


def _lint_sources(sources: GameSources, as_json: bool, strict: bool = False) -> list[Diagnostic]:
    from generator.lint import lint

    return lint(sources, as_json, strict)


def _print_spec(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(data, indent=2))
        return
    provenance = data.pop("provenance")
    options = data.pop("options")

    def walk(node: dict[str, Any], prefix: str = "") -> None:
        for key, value in node.items():
            path = f"{prefix}{key}"
            if isinstance(value, dict):
                walk(value, path + ".")
                continue
            source = provenance.get(path)
            where = "default"
            if source:
                where = f"{source['source']} {source['file']}:{source['line']}"
                if source.get("phrase"):
                    where += f" {source['phrase']!r}"
                if source.get("override"):
                    where += f" (override: {source['override']})"
            print(f"{path:<40} {json.dumps(value):<24} {where}")

    walk(data)
    for option in options:
        print(
            f"option {option['id']} ({option['label']!r}, default {option['default']}): "
            f"on {option['on']} off {option['off']}"
        )


def cmd_lint(args: argparse.Namespace) -> int:
    failed = False
    for target in args.files:
        diagnostics = _lint_one(target, _specs_dir(args), args.json, args.strict)
        _print_diagnostics(diagnostics)
        failed = failed or has_errors(diagnostics)
    return 1 if failed else 0


def cmd_spec(args: argparse.Namespace) -> int:
    try:
        sources = _sources_for(args.game, _specs_dir(args))
    except SpecError as error:
        _print_diagnostics(error.diagnostics)
        return 1
    loaded, diagnostics = load_spec(sources)
    if loaded is None:
        _print_diagnostics(diagnostics)
        return 1
    _print_spec(loaded.spec.model_dump(mode="json"), args.json)
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from generator.prose.report import main_report

    corpus = Path(args.corpus)
    paths = sorted(corpus.glob("*.xml")) if corpus.is_dir() else [corpus]
    if not paths:
        print(f"no help files in {corpus}", file=sys.stderr)
        return 1
    print(main_report(paths), end="")
    return 0


def register(command: Callable[[str, Callable[[argparse.Namespace], int], str], Any]) -> None:
    generate = command("generate", cmd_generate, "render generated/ from specs/")
    generate.add_argument("--check", action="store_true", help="fail if generated/ is stale")
    generate.add_argument(
        "--strict",
        action="store_true",
        help="an unread or partly read help sentence, or a rejected translation, is an error",
    )
    generate.add_argument("--specs", help=argparse.SUPPRESS)
    generate.add_argument("--root", help=argparse.SUPPRESS)
    lint = command("lint", cmd_lint, "check help files and sidecars; print the spec")
    lint.add_argument("files", nargs="+", help="help files, sidecars or game ids")
    lint.add_argument(
        "--json", action="store_true", help='print {"facts": [...], "sentences": [...]}'
    )
    lint.add_argument(
        "--strict", action="store_true", help="an unread or partly read sentence is an error"
    )
    lint.add_argument("--specs", help=argparse.SUPPRESS)
    spec = command("spec", cmd_spec, "print a game's variant spec with provenance")
    spec.add_argument("game")
    spec.add_argument("--json", action="store_true")
    spec.add_argument("--specs", help=argparse.SUPPRESS)
    i18n = command("i18n", cmd_i18n, "extract help messages to a POT; update PO files")
    add_i18n_arguments(i18n, project_root())
    report = command("report", cmd_report, "prose coverage over a corpus of help files")
    report.add_argument(
        "corpus",
        nargs="?",
        default=str(project_root().parent / "shared" / "corpus" / "aisleriot" / "help" / "C"),
    )
