"""Solver figures for the games other than Seahaven (see bench/solve_seahaven.py).

    python bench/solve_all.py [--deals 100] [--start 0] [--max-nodes N] [--games a,b]
                              [--depth-first]

``--depth-first`` forces the generic depth-first search everywhere (the free-cell family
otherwise gets its own best-first search), for before/after comparisons at one node budget.
Times are wall time of the search (the machine is shared); CPU time is printed as well.

Per game (default options): % winnable / unwinnable / unknown, with the Wilson 95 %
interval over decided deals, and median, mean and p99 solve time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from runtime.engine import new_game
from runtime.engine.catalog import game_ids
from runtime.solver import Summary, solve


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--games", default=",".join(g for g in game_ids() if g != "seahaven"))
    parser.add_argument("--depth-first", action="store_true")
    args = parser.parse_args()
    for game in args.games.split(","):
        records = []
        times: list[float] = []
        cpu = time.process_time()
        for seed in range(args.start, args.start + args.deals):
            result = solve(
                new_game(game, None, seed),
                max_nodes=args.max_nodes,
                best_first=not args.depth_first,
                cut_detours=False,  # the search alone, as a survey times it
            )
            records.append({"verdict": result.verdict.value, "seconds": result.seconds})
            times.append(result.seconds)
            print(f"\r{game} {len(records)}/{args.deals}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        summary = Summary.of(records)
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        low, high = summary.interval
        decided = summary.winnable + summary.unwinnable
        print(
            f"{game:<10} {args.deals} deals: winnable {summary.winnable} "
            f"({summary.winnable / max(decided, 1):.1%} of decided, CI {low:.1%}-{high:.1%}), "
            f"unwinnable {summary.unwinnable}, unknown {summary.unknown} "
            f"({summary.unknown / args.deals:.1%}); time median "
            f"{statistics.median(times) * 1e3:.0f} ms, mean {statistics.mean(times) * 1e3:.0f} ms,"
            f" p99 {p99 * 1e3:.0f} ms; CPU total {time.process_time() - cpu:.1f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
