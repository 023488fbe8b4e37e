"""Helpdeck against GNOME Aisleriot's compiled rules, over thousands of random positions.

    python bench/differential.py [--positions 2000] [--steps 150] [--games saratoga,...]

Needs guile and Aisleriot's .go files (``sudo bash .ci/aisleriot.sh``). Every catalog game
that Aisleriot has, every option set, in parallel: ``helpdeck diff GAME`` per game
(the same package code, `generator.aisleriot`), with a summary table at the end. Exits 1 when
any disagreement is unexplained, 2 when Aisleriot cannot be run.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.aisleriot.commands import compare_game, option_label, print_report
from generator.aisleriot.guile import Aisleriot, find_go_dir, unavailable_reason
from generator.aisleriot.sampling import Tally
from generator.aisleriot.slots import match_slots
from generator.aisleriot.target import load_target
from runtime.engine.catalog import game_ids

Job = tuple[str, dict[str, bool], int, int, int]


def run_job(job: Job) -> tuple[Job, Tally, str, float]:
    """One game and option set: its tally and its `helpdeck diff` report."""
    game, options, positions, steps, show = job
    start = time.perf_counter()
    with Aisleriot() as ar:
        target = match_slots(ar, load_target(game))
        results = compare_game(ar, target, [options], positions, 0, steps)
    report = io.StringIO()
    print_report(target, results, show, report)
    return job, results[0][1], report.getvalue(), time.perf_counter() - start


def _games() -> list[str]:
    """The catalog's games that Aisleriot has."""
    go_dir = find_go_dir()
    assert go_dir is not None
    return [g for g in game_ids() if (go_dir / f"{load_target(g).scheme}.go").is_file()]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="per game and option set")
    parser.add_argument("--steps", type=int, default=150, help="random moves per deal")
    parser.add_argument("--games", default=None, help="comma-separated game ids (default: all)")
    parser.add_argument("--show", type=int, default=3, help="example disagreements per kind")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    reason = unavailable_reason()
    if reason:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    games = args.games.split(",") if args.games else _games()
    jobs: list[Job] = [
        (game, options, args.positions, args.steps, args.show)
        for game in games
        for options in load_target(game).option_sets()
    ]
    rows = []
    unexplained = 0
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for (game, options, *_), tally, report, seconds in pool.map(run_job, jobs):
            print(report)
            label = option_label(options, load_target(game))
            rows.append(
                f"| {game}{f' [{label}]' if label else ''} | {tally.positions:,} | "
                f"{tally.compared:,} | {tally.agreement:.1%} | {sum(tally.intended.values()):,} "
                f"| {len(tally.bugs)} | {seconds:.0f} s |"
            )
            unexplained += len(tally.bugs)
    print("| game [options] | positions | compared | agree | intended | unexplained | time |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print("\n".join(rows))
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
