"""Seahaven: our solver and fc-solve side by side on the same deals.

    python bench/solve_seahaven.py [--deals 1000] [--start 0] [--max-nodes N]

Reports median, mean and p99 solve time and % winnable for both, verdict agreement, and
the time ratio. fc-solve runs as a subprocess per deal with explicit Seahaven flags (see
`runtime/solver/fcsolve.py`), so its times include process start-up; ours are in-process.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from runtime.engine import new_game
from runtime.solver import Verdict, fcsolve, solve


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def describe(name: str, times: list[float], wins: int, decided: int) -> str:
    return (
        f"{name:<8} median {statistics.median(times) * 1e3:8.1f} ms  "
        f"mean {statistics.mean(times) * 1e3:8.1f} ms  p99 {percentile(times, 0.99) * 1e3:9.1f} ms"
        f"  winnable {wins}/{decided} decided ({wins / max(decided, 1):.1%})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--fc-timeout", type=float, default=60.0)
    args = parser.parse_args()
    if not fcsolve.available():
        print("fc-solve not found (apt install freecell-solver-bin)", file=sys.stderr)
        return 1
    ours: list[float] = []
    theirs: list[float] = []
    our_wins = their_wins = unknown = their_unknown = agree = compared = 0
    disagreements: list[int] = []
    started = time.perf_counter()
    for seed in range(args.start, args.start + args.deals):
        state = new_game("seahaven", None, seed)
        result = solve(state, max_nodes=args.max_nodes)
        reference = fcsolve.run(state, timeout=args.fc_timeout)
        ours.append(result.seconds)
        theirs.append(reference.seconds)
        our_wins += result.verdict is Verdict.WINNABLE
        their_wins += reference.solved is True
        unknown += result.verdict is Verdict.UNKNOWN
        their_unknown += reference.solved is None
        if result.verdict is not Verdict.UNKNOWN and reference.solved is not None:
            compared += 1
            if reference.solved == (result.verdict is Verdict.WINNABLE):
                agree += 1
            else:
                disagreements.append(seed)
        done = seed - args.start + 1
        print(f"\r{done}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = args.deals
    print(f"Seahaven, seeds {args.start}..{args.start + n - 1}, max {args.max_nodes} nodes")
    print(describe("ours", ours, our_wins, n - unknown) + f"  unknown {unknown}")
    print(
        describe("fc-solve", theirs, their_wins, n - their_unknown) + f"  gave up {their_unknown}"
    )
    print(f"verdicts agree on {agree}/{compared} deals both decided; disagree: {disagreements}")
    ratio = statistics.median(ours) / statistics.median(theirs)
    mean_ratio = statistics.mean(ours) / statistics.mean(theirs)
    print(f"time ratio ours/fc-solve: median {ratio:.2f}, mean {mean_ratio:.2f}")
    print(f"wall time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
