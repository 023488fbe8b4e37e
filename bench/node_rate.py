"""How many nodes a game's search spends in 10 s of one core: the largest survey limit that
keeps issue 14's "decided within 10 s".

    python bench/node_rate.py SURVEY.jsonl [...] --max-nodes N [--sample 5] [--seconds 10]

The surveys limit nodes, not time, so that a row gives the same verdicts on any machine.
A deal a survey (made with ``--max-nodes N``) left unknown runs its whole schedule
(search, playouts, restarts) to the limit, so solving a few of them again and timing the
CPU gives the game's rate on this machine (survey records hold wall time, which the load
of the day inflates: Lady Jane's read 15,000 nodes a second under four jobs on two cores,
and is 55,000-90,000 alone).
Prints, per file: the deals timed, their CPU seconds (median, max), the rate, and the
largest limit of `LIMITS` whose deals stay within ``--seconds`` at the slowest deal's rate.
A deal that comes out decided now (the search changed since the survey) is named and not
timed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from runtime.solver.survey import solve_seed

LIMITS = (300_000, 500_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("surveys", nargs="+", type=Path)
    parser.add_argument("--max-nodes", type=int, required=True, help="the surveys' limit")
    parser.add_argument("--sample", type=int, default=5, help="unknown deals timed per file")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    print(f"{'survey':34} {'deals':>5} {'median s':>8} {'max s':>6} {'nodes/s':>8}  limit")
    for path in args.surveys:
        try:
            records = [json.loads(line) for line in path.read_text().splitlines() if line]
        except (OSError, ValueError) as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 1
        seconds: list[float] = []
        rates: list[float] = []
        for record in (r for r in records if r["verdict"] == "unknown"):
            if len(seconds) == args.sample:
                break
            started = time.process_time()
            again = solve_seed(
                record["game"], record["options"], record["seed"], args.max_nodes, None
            )
            spent = time.process_time() - started
            if again["verdict"] != "unknown":  # the search has changed since the survey
                print(f"{path.name}: seed {record['seed']} is {again['verdict']} now, not timed")
                continue
            seconds.append(spent)
            rates.append(again["nodes"] / spent)
        if not seconds:
            print(f"{path.name:34} {0:>5}  (no deal ran to the limit: nothing to time)")
            continue
        slowest = min(rates)
        fits = [n for n in LIMITS if n / slowest <= args.seconds]
        limit = f"{max(fits):,}" if fits else f"under {LIMITS[0]:,}"
        print(
            f"{path.name:34} {len(seconds):>5} {statistics.median(seconds):>8.2f} "
            f"{max(seconds):>6.2f} {statistics.median(rates):>8,.0f}  {limit}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
