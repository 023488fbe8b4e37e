"""Helpdeck against GNOME Aisleriot's compiled rules, over thousands of random positions.

    python bench/differential.py [--positions 2000] [--steps 150] [--games saratoga,...]

Needs guile and Aisleriot's .go files (``sudo bash .ci/aisleriot.sh``). For every game and
option set it prints the positions compared, the comparisons made (moves listed by either
side, double-clicks, won / over / dealable), how many agree, the disagreements that
docs/differences.md explains (by reason), and the unexplained ones: Helpdeck bugs, shown
with a position to replay.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runtime.engine import new_game
from tests.differential.compare import Finding
from tests.differential.games import GAMES
from tests.differential.guile import Aisleriot, unavailable_reason
from tests.differential.known import REASONS
from tests.differential.sampling import Tally, run

Job = tuple[str, dict[str, bool], int, int]


def run_job(job: Job) -> tuple[Job, Tally, float]:
    """Deals from seed 0 up until ``positions`` positions are compared."""
    game, options, positions, steps = job
    start = time.perf_counter()
    with Aisleriot() as ar:
        tally = run(ar, GAMES[game], options, itertools.count(), steps, limit=positions)
    return job, tally, time.perf_counter() - start


def _label(game: str, options: dict[str, bool]) -> str:
    on = ",".join(f"{k}={int(v)}" for k, v in options.items())
    return f"{game}[{on}]" if on else game


def _signature(finding: Finding) -> str:
    """Groups bugs of one kind: the game, the kind and the move's shape (pile kinds, one card
    or several), not its cards."""
    shape = finding.subject.split(" ")[0]
    action = finding.action
    if action is not None and len(action) > 1:
        game = GAMES[finding.game]
        layout = new_game(finding.game).layout

        def kind(slot: int) -> str:
            pile = game.pile_of(slot)
            return "?" if pile is None else layout.kinds[pile].value

        shape = f"{action[0]} {kind(action[1])}"
        if action[0] == "drag":
            shape += f" x{'1' if action[2] == 1 else 'n'} > {kind(action[3])}"
    return f"{finding.game} {finding.kind}: {shape}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="per game and option set")
    parser.add_argument("--steps", type=int, default=150, help="random moves per deal")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--show", type=int, default=3, help="example bugs shown per kind")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    reason = unavailable_reason()
    if reason:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    jobs = [
        (game, options, args.positions, args.steps)
        for game in args.games.split(",")
        for options in GAMES[game].options
    ]
    columns = ("positions", "compared", "agree", "explained", "intended", "bugs")
    header = f"{'game':<44} " + " ".join(f"{c:>9}" for c in columns)
    print(header)
    print("-" * len(header))
    reasons: Counter[str] = Counter()
    bugs: dict[str, list[Finding]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for (game, options, _, _), tally, seconds in pool.map(run_job, jobs):
            intended = sum(tally.intended.values())
            print(
                f"{_label(game, options):<44} {tally.positions:>9} {tally.compared:>9} "
                f"{tally.agreement:>9.1%} {1 - len(tally.bugs) / max(tally.compared, 1):>9.2%} "
                f"{intended:>9} {len(tally.bugs):>9}  ({seconds:.0f} s)"
            )
            for why, count in sorted(tally.intended.items()):
                print(f"    intended {why:<22} {count:>7}")
            reasons.update(tally.intended)
            for finding in tally.bugs:
                bugs.setdefault(_signature(finding), []).append(finding)
    print("\nintended differences (docs/differences.md):")
    for why, count in reasons.most_common():
        print(f"  {why:<22} {count:>7}  {REASONS[why]}")
    print(f"\nunexplained disagreements: {sum(len(v) for v in bugs.values())}")
    for signature, found in sorted(bugs.items(), key=lambda item: -len(item[1])):
        print(f"\n[{len(found)}] {signature}")
        for finding in found[: args.show]:
            print("  " + finding.describe().replace("\n", "\n  "))
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
