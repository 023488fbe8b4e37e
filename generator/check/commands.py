"""``helpdeck check GAME``: run for one game what CI runs for every game.

Stages: lint (the spec reads and merges without errors, strictly: every help sentence is
accounted for), generated (the game's files in generated/ are current), scenarios
(specs/<game>.test.yaml passes and quotes every Setup and Rules sentence of the help),
conformance (seeded random games keep every invariant) and golden (deals, perft counts and
playthrough match the stored records; ``--update-golden`` rewrites them). One summary line per
stage; exit status 1 when any stage fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from generator.check.conformance import MOVES_PER_GAME, conformance_failures
from generator.check.golden import golden_failures, update_golden
from generator.check.scenarios import check_help, load_scenarios, run_file, scenario_path
from generator.diagnostics import Level, SpecError, has_errors
from generator.pipeline import (
    GameSources,
    discover,
    load_spec,
    project_root,
    render_outputs,
    strictly,
)
from runtime.engine import game_ids

Stage = Callable[[], list[str]]


@cache
def _rendered(specs_dir: Path) -> dict[str, bytes] | None:
    """What `helpdeck generate` would write (rendered once per command), None on errors."""
    outputs, diagnostics = render_outputs(specs_dir, project_root())
    return None if has_errors(diagnostics) else outputs


def lint_failures(sources: GameSources) -> list[str]:
    """The spec's error diagnostics, as `helpdeck lint --strict` reports them (a help sentence
    the reader did not account for is an error)."""
    _loaded, diagnostics = load_spec(sources)
    return [d.format() for d in strictly(diagnostics) if d.level is Level.ERROR]


def generated_failures(outputs: dict[str, bytes] | None, game_id: str) -> list[str]:
    """The game's files in generated/ that `helpdeck generate` would change."""
    if outputs is None:
        return ["specs/ do not generate: run `helpdeck generate` to see the errors"]
    mine = {p: data for p, data in outputs.items() if Path(p).name.split(".")[0] == game_id}
    root = project_root()
    return [
        f"{path}: out of date: run `helpdeck generate`"
        for path, data in sorted(mine.items())
        if not (root / path).exists() or (root / path).read_bytes() != data
    ]


def scenario_failures(specs_dir: Path, game_id: str) -> list[str]:
    path = scenario_path(specs_dir, game_id)
    if not path.exists():
        return [f"{path}: no rule scenarios (see docs/spec/scenarios.md)"]
    try:
        scenarios = load_scenarios(path, _display(path))
    except SpecError as error:
        return [d.format() for d in error.diagnostics]
    failures = run_file(scenarios)
    help_file = specs_dir / f"{game_id}.xml"
    if help_file.exists():
        failures += check_help(scenarios, help_file)
    return failures


def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(project_root()).as_posix()
    except ValueError:
        return str(path)


def check_game(
    sources: GameSources, specs_dir: Path, update: bool, moves: int
) -> list[tuple[str, Stage]]:
    game_id = sources.game_id

    def generated() -> list[str]:
        return generated_failures(_rendered(specs_dir), game_id)

    def golden() -> list[str]:
        if update:
            changed = update_golden(game_id)
            print(f"  golden files rewritten: {', '.join(changed) or 'none changed'}")
            return []
        return golden_failures(game_id)

    return [
        ("lint", lambda: lint_failures(sources)),
        ("generated", generated),
        ("scenarios", lambda: scenario_failures(specs_dir, game_id)),
        ("conformance", lambda: conformance_failures(game_id, moves)),
        ("golden", golden),
    ]


def cmd_check(args: argparse.Namespace) -> int:
    specs_dir = Path(args.specs) if args.specs else project_root() / "specs"
    found, _ = discover(specs_dir)
    by_id = {g.game_id: g for g in found}
    targets = args.games or sorted(by_id)
    unknown = [g for g in targets if g not in by_id or g not in game_ids()]
    if unknown:
        known = ", ".join(sorted(by_id))
        print(
            f"helpdeck check: no such game: {', '.join(unknown)} (known: {known})", file=sys.stderr
        )
        return 1
    failed = 0
    for game_id in targets:
        print(game_id)
        for name, stage in check_game(by_id[game_id], specs_dir, args.update_golden, args.moves):
            start = time.perf_counter()
            failures = stage()
            seconds = time.perf_counter() - start
            status = "ok" if not failures else f"FAILED ({len(failures)})"
            print(f"  {name:<12} {status:<12} {seconds:6.1f}s")
            for failure in failures:
                print("    " + failure.replace("\n", "\n    "))
            failed += bool(failures)
    sys.stdout.flush()
    if failed:
        print(f"{failed} stage(s) failed", file=sys.stderr)
        return 1
    return 0


def _move_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = 0
    if not 1 <= count <= 10_000_000:
        raise argparse.ArgumentTypeError(
            f"expected a number of moves from 1 to 10000000, got {text[:20]!r}"
        )
    return count


def register(command: Callable[[str, Callable[[argparse.Namespace], int], str], Any]) -> None:
    check = command(
        "check", cmd_check, "run a game's checks: lint, rule scenarios, conformance, golden"
    )
    check.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    check.add_argument(
        "--update-golden",
        action="store_true",
        help="rewrite the golden files instead of comparing them (then read the diff)",
    )
    check.add_argument(
        "--moves",
        type=_move_count,
        default=MOVES_PER_GAME,
        help=f"random moves to play per game (default {MOVES_PER_GAME})",
    )
    check.add_argument("--specs", help=argparse.SUPPRESS)
