"""``helpdeck diff GAME``: a game against GNOME Aisleriot's compiled rules.

Exit status: 0 when every disagreement is an intended difference, 1 when any is unexplained
(or the game cannot be compared), 2 when guile or Aisleriot's rules are missing.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from generator.aisleriot.behaviours import REASONS
from generator.aisleriot.compare import Finding
from generator.aisleriot.guile import Aisleriot, AisleriotError, find_go_dir, unavailable_reason
from generator.aisleriot.sampling import Tally, run
from generator.aisleriot.slots import match_slots
from generator.aisleriot.target import Target, TargetError, load_target
from runtime.cli import parse_option
from runtime.engine import State
from runtime.engine.catalog import game_ids

EXIT_MISSING = 2


def option_label(options: dict[str, bool], target: Target) -> str:
    """The options that differ from the defaults (an exclusive group by its chosen one)."""
    defaults = target.game.default_options()
    grouped = {option.id for option in target.game.options if option.group}
    changed = [name for name, on in options.items() if on and not defaults.get(name)]
    changed += [
        f"{name} off"
        for name, on in options.items()
        if not on and defaults.get(name) and name not in grouped
    ]
    return ", ".join(changed)


def signature(finding: Finding, target: Target) -> str:
    """Groups disagreements of one kind: what disagreed and the move's shape (pile kinds,
    one card or several), not its cards."""
    shape = finding.subject.split(" ")[0]
    action = finding.action
    if action is not None and len(action) > 1:
        layout = State.new(target.game).layout

        def kind(slot: int) -> str:
            pile = target.pile_of(slot)
            return "?" if pile is None else layout.kinds[pile].value

        shape = f"{action[0]} {kind(action[1])}"
        if action[0] == "drag":
            shape += f" x{'1' if action[2] == 1 else 'n'} > {kind(action[3])}"
    return f"{finding.kind}: {shape}"


def compare_game(
    ar: Aisleriot,
    target: Target,
    option_sets: list[dict[str, bool]],
    positions: int,
    seed: int = 0,
    steps: int = 30,
) -> list[tuple[dict[str, bool], Tally]]:
    """Per option set, ``positions`` positions from random games from ``seed`` on."""
    names = State.new(target.game).layout.names
    results = []
    for options in option_sets:
        # An option that changes the piles (Eliminator's foundation count) needs its own map.
        game = target
        if State.new(target.game, options).layout.names != names:
            game = match_slots(ar, target, options)
        tally = run(ar, game, options, itertools.count(seed), steps, limit=positions)
        results.append((options, tally))
    return results


def print_report(
    target: Target,
    results: list[tuple[dict[str, bool], Tally]],
    show: int,
    out: TextIO | None = None,
) -> int:
    """The figures, the intended differences by reason, and each kind of unexplained
    disagreement with up to ``show`` examples; the number of unexplained ones."""
    out = out or sys.stdout
    reasons: Counter[str] = Counter()
    bugs: dict[str, list[Finding]] = {}
    for options, tally in results:
        label = option_label(options, target)
        intended = sum(tally.intended.values())
        print(
            f"{target.id}{f' [{label}]' if label else ''}: {tally.positions} positions, "
            f"{tally.compared} comparisons, {tally.counts['agree']} agree "
            f"({tally.agreement:.1%}), {intended} intended differences, "
            f"{len(tally.bugs)} unexplained",
            file=out,
        )
        reasons.update(tally.intended)
        for finding in tally.bugs:
            bugs.setdefault(signature(finding, target), []).append(finding)
    if reasons:
        print("\nintended differences (docs/differences.md):", file=out)
        for why, count in reasons.most_common():
            print(f"  {why:<26} {count:>7}  {REASONS[why]}", file=out)
    unexplained = sum(len(found) for found in bugs.values())
    print(f"\nunexplained disagreements: {unexplained}", file=out)
    if unexplained and target.id not in game_ids():
        print(
            f"({target.id} is not in the catalog: the replay lines run once its help file and "
            "sidecar are in specs/ and `helpdeck generate` has run)",
            file=out,
        )
    for kind, found in sorted(bugs.items(), key=lambda item: -len(item[1])):
        print(f"\n[{len(found)}] {kind}", file=out)
        for finding in found[:show]:
            print(
                f"  {finding.subject}\n    replay: {finding.replay}\n"
                f"    helpdeck: {finding.helpdeck}\n    aisleriot: {finding.aisleriot}",
                file=out,
            )
    return unexplained


def cmd_diff(args: argparse.Namespace) -> int:
    missing = unavailable_reason()
    if missing:
        print(f"helpdeck diff: cannot compare: {missing}", file=sys.stderr)
        return EXIT_MISSING
    try:
        target = load_target(args.game, Path(args.specs) if args.specs else None)
    except TargetError as error:
        print(f"helpdeck diff: {error}", file=sys.stderr)
        return 1
    go_dir = find_go_dir()
    assert go_dir is not None
    if not (go_dir / f"{target.scheme}.go").is_file():
        print(
            f"helpdeck diff: Aisleriot has no {target.scheme}.go in {go_dir}; name the game's "
            "file in the sidecar (aisleriot: {scheme: NAME}, docs/spec/aisleriot.md)",
            file=sys.stderr,
        )
        return EXIT_MISSING
    option_sets = target.option_sets()
    if args.option:
        try:
            option_sets = [State.new(target.game, dict(args.option)).options]
        except ValueError as error:
            print(f"helpdeck diff: {error}", file=sys.stderr)
            return 1
    try:
        with Aisleriot() as ar:
            target = match_slots(ar, target)
            layout = State.new(target.game).layout
            names = [
                f"{name}={slot}"
                for name, slot in zip(layout.names, target.slots, strict=True)
                if slot is not None
            ]
            print(f"Aisleriot's {target.scheme}.go, slots: {' '.join(names)}")
            results = compare_game(ar, target, option_sets, args.positions, args.seed, args.steps)
    except (TargetError, AisleriotError, ValueError) as error:
        print(f"helpdeck diff: {error}", file=sys.stderr)
        return 1
    return 1 if print_report(target, results, args.show) else 0


def _count(least: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if value < least:
            raise argparse.ArgumentTypeError(f"expected a whole number >= {least}, got {text!r}")
        return value

    return parse


def register(command: Callable[[str, Callable[[argparse.Namespace], int], str], Any]) -> None:
    diff = command(
        "diff", cmd_diff, "compare a game with GNOME Aisleriot's compiled rules (needs guile)"
    )
    diff.add_argument("game", help="game id")
    diff.add_argument(
        "--positions", type=_count(1), default=200, help="per option set (default 200)"
    )
    diff.add_argument("--show", type=_count(0), default=3, help="examples per kind of disagreement")
    diff.add_argument("--seed", type=_count(0), default=0, help="first deal of the sample")
    diff.add_argument("--steps", type=_count(1), default=60, help="random moves per deal")
    diff.add_argument(
        "--option",
        action="append",
        type=parse_option,
        default=[],
        metavar="NAME=on|off",
        help="compare this option set only (default: every option set)",
    )
    diff.add_argument("--specs", help="a specs directory holding the game (default: specs/)")
